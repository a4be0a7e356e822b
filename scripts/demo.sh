#!/usr/bin/env bash
# Run kiln's demo (`python -m kiln demo`) inside the project's virtualenv.
# Any arguments are passed through to the demo.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# Sourcing (rather than running) setup_env.sh leaves .venv activated in this shell.
. scripts/setup_env.sh
exec python -m kiln demo "$@"
