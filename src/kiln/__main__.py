"""``python -m kiln``: the command line (see kiln.cli)."""

from kiln.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
