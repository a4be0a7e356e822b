#!/usr/bin/env bash
# Run kiln's test-suite (fast tests only), the linter and the type checker inside the project's
# virtualenv.
# Extra arguments go to pytest, e.g.  bash scripts/test.sh -k loops -x
#   KILN_TEST_WORKERS=N   number of pytest-xdist workers (default 2: the CI machine has 2 cores;
#                         0 or 1 runs in-process, which is easier to debug)
#   KILN_TEST_SANITIZE=0  skip the step that reruns part of the suite under the sanitizers
#                         (=1 runs it even when extra pytest arguments are given; by default
#                         it runs only without them, and only after a green main run)
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

# A representative part of the suite again with the generated code built under AddressSanitizer
# and UndefinedBehaviorSanitizer (docs/reliability.md): any report fails the run. `kiln
# sanitize-env` names ASan's runtime, which must be preloaded into Python. KILN_SCRATCH_BYTES=0
# turns kiln's pools of large blocks off, so each temporary and result is its own malloc block
# that ASan can bound. Left out: tests about the toolchain, the cache and child processes
# (tests/runtime, test_cache_processes): they wrap or fake the compiler and time children.
sanitize_files=(
    tests/frontend/test_control_flow.py tests/frontend/test_arrays_views.py tests/frontend/test_masks.py
    tests/frontend/test_range_extremes.py tests/api/test_parallel.py tests/kernel/test_kernels.py
    tests/autodiff/test_reverse.py tests/ir/test_binding_stacks.py
    tests/autodiff/test_rebound_arrays.py::test_both_modes_against_finite_differences
    tests/autodiff/test_spectral_derivatives.py::test_singular_values
)
sanitize_rc=0
want_sanitize="${KILN_TEST_SANITIZE:-}"
if [ -z "$want_sanitize" ]; then
    want_sanitize=$([ "$#" -eq 0 ] && echo 1 || echo 0)
fi
if [ "$want_sanitize" != "0" ] && [ "$pytest_rc" -eq 0 ]; then
    if sanitize_env="$(python -m kiln sanitize-env)"; then
        started=$SECONDS
        (
            eval "$sanitize_env"
            export KILN_SCRATCH_BYTES=0
            python -m pytest -q -p no:cacheprovider -m "not slow" ${xdist_args[@]+"${xdist_args[@]}"} \
                "${sanitize_files[@]}"
        )
        sanitize_rc=$?
        echo "test.sh: sanitizer step exit $sanitize_rc after $((SECONDS - started)) s" >&2
    else
        echo "test.sh: no AddressSanitizer runtime; the sanitizer step did not run" >&2
        sanitize_rc=1
    fi
fi

python -m ruff check src tests
ruff_rc=$?

# Type checking (configuration in pyproject.toml: the modules not yet clean are listed there).
python -m mypy
mypy_rc=$?

if [ "$pytest_rc" -ne 0 ]; then
    exit "$pytest_rc"
fi
if [ "$sanitize_rc" -ne 0 ]; then
    exit "$sanitize_rc"
fi
if [ "$ruff_rc" -ne 0 ]; then
    exit "$ruff_rc"
fi
exit "$mypy_rc"
