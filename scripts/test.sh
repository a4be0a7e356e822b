#!/usr/bin/env bash
# Run kiln's test-suite (fast tests only), the linter and the type checker inside the project's
# virtualenv.
# Extra arguments go to pytest, e.g.  bash scripts/test.sh -k loops -x
#   KILN_TEST_WORKERS=N   number of pytest-xdist workers (default 2: the CI machine has 2 cores;
#                         0 or 1 runs in-process, which is easier to debug)
#   Slow tests (@pytest.mark.slow) are deselected here; run them with
#   .venv/bin/python -m pytest -m slow
# Exits non-zero if pytest fails, collects no test at all (exit 5), or ruff or mypy find problems.
set -uo pipefail   # not -e: we want to run ruff even when pytest fails, and report both
cd "$(dirname "${BASH_SOURCE[0]}")/.."

. scripts/setup_env.sh || { echo "test.sh: environment setup failed" >&2; exit 1; }

workers="${KILN_TEST_WORKERS:-2}"
# Two test processes share the machine's cores: an OpenMP worker that busy-waits after each
# parallel call (kiln's default, kiln/runtime/loader.py) would hold the core the other needs.
export GOMP_SPINCOUNT="${GOMP_SPINCOUNT:-3000}"
xdist_args=()
# Fall back to a plain in-process run if pytest-xdist is not importable.
if [ "$workers" != "0" ] && [ "$workers" != "1" ]; then
    if python -c 'import xdist' >/dev/null 2>&1; then
        xdist_args=(-n "$workers")
    else
        echo "test.sh: pytest-xdist not installed; running tests in one process" >&2
    fi
fi

python -m pytest -q -m "not slow" ${xdist_args[@]+"${xdist_args[@]}"} "$@"
pytest_rc=$?
if [ "$pytest_rc" -eq 5 ]; then
    # pytest's "no tests collected": a suite that runs nothing must not look green.
    echo "test.sh: pytest collected no tests (exit 5); treating that as a failure" >&2
fi

python -m ruff check src tests
ruff_rc=$?

# Type checking (configuration in pyproject.toml: the modules not yet clean are listed there).
python -m mypy
mypy_rc=$?

if [ "$pytest_rc" -ne 0 ]; then
    exit "$pytest_rc"
fi
if [ "$ruff_rc" -ne 0 ]; then
    exit "$ruff_rc"
fi
exit "$mypy_rc"
