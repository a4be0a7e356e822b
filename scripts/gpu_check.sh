#!/usr/bin/env bash
# On a machine with a CUDA GPU and nvcc: run every `kiln bench gpu` kernel on the GPU against
# NumPy, then the kernel and `@kiln.jit(target="cuda")` tests (GPU-marked ones included: they
# run where a GPU is present); with NPBENCH_DIR set, NPBench on the GPU too (preset
# NPBENCH_PRESET, default M): validated count, speedups over NumPy and NPBench's CuPy versions.
# Needs no network: it uses .venv when that works here (scripts/setup_env.sh when it needs
# setting up and can be), else the machine's python3 with src/ on PYTHONPATH (KILN_PY=...
# picks the interpreter).
# Prints a short summary; exits non-zero if anything failed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [ -n "${KILN_PY:-}" ]; then
    PY="$KILN_PY"
elif [ -x .venv/bin/python ] && .venv/bin/python -c 'import numpy, pytest' >/dev/null 2>&1; then
    PY=.venv/bin/python
elif [ ! -e .venv ] && . scripts/setup_env.sh >/dev/null 2>&1; then
    PY=python
else
    PY=python3
fi
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
KILN_CACHE_DIR="$(mktemp -d)"
export KILN_CACHE_DIR
trap 'rm -rf "$KILN_CACHE_DIR"' EXIT
echo "gpu_check: $($PY --version 2>&1), nvcc: $(command -v nvcc || echo none)"
nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1

timeout 150 "$PY" -m kiln.bench.gpu_check
bench_rc=$?

workers=()
if "$PY" -c 'import xdist' >/dev/null 2>&1; then workers=(-n 4); fi
timeout 240 "$PY" -m pytest -q -p no:cacheprovider ${workers[@]+"${workers[@]}"} tests/kernel tests/gpu_jit -rs 2>&1 | tail -15
tests_rc=$?

npbench_rc=0
if [ -n "${NPBENCH_DIR:-}" ]; then
    timeout 1800 "$PY" -m kiln.bench.npbench_gpu --repeat 3 "$NPBENCH_DIR" "${NPBENCH_PRESET:-M}"
    npbench_rc=$?
fi

echo "gpu_check summary: kernels on GPU rc=$bench_rc, tests rc=$tests_rc, npbench rc=$npbench_rc"
[ "$bench_rc" -eq 0 ] && [ "$tests_rc" -eq 0 ] && [ "$npbench_rc" -eq 0 ]
