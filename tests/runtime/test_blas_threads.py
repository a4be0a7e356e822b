"""NumPy's OpenBLAS runs its parallel work on kiln's OpenMP team once a parallel module is loaded."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import kiln
from kiln.runtime import blas_threads


def _product(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a @ b


def _needs_callback() -> None:
    if blas_threads._setter_address() is None:
        pytest.skip("NumPy's BLAS here takes no threads callback")


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_products_are_unchanged_on_the_shared_team(threads: int) -> None:
    _needs_callback()
    f = kiln.jit(_product, parallel=True)
    rng = np.random.default_rng(1)
    a, b = rng.random((300, 257)), rng.random((257, 301))
    before = kiln.get_num_threads()
    try:
        kiln.set_num_threads(threads)
        got = f(a, b)
        assert blas_threads.installed()
        np.testing.assert_allclose(got, a @ b, rtol=1e-13)
        np.testing.assert_allclose(a @ b, np.asarray(a, order="F") @ b, rtol=1e-13)  # NumPy's own, too
    finally:
        kiln.set_num_threads(before)


_CHILD = """
import os, sys, numpy as np, kiln
from kiln.runtime import blas_threads

def product(a, b):
    return a @ b

f = kiln.jit(product, parallel=True)
a, b = np.ones((400, 400)), np.ones((400, 400))
f(a, b)
assert blas_threads.installed()
pid = os.fork()
if pid == 0:
    ok = (a @ b)[0, 0] == 400.0 and f(a, b)[0, 0] == 400.0 and not blas_threads.installed()
    os._exit(0 if ok else 3)
_, status = os.waitpid(pid, 0)
sys.exit(os.waitstatus_to_exitcode(status))
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_a_forked_child_gets_openblas_threads_back_and_does_not_hang(tmp_path: Path) -> None:
    _needs_callback()
    script = tmp_path / "child.py"  # kiln compiles from source: a file, not -c
    script.write_text(textwrap.dedent(_CHILD))
    done = subprocess.run([sys.executable, str(script)], timeout=120, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_opting_out_keeps_openblas_threads(tmp_path: Path) -> None:
    code = (
        "import numpy as np, kiln\nfrom kiln.runtime import blas_threads\n"
        "def product(a, b):\n    return a @ b\n"
        "kiln.jit(product, parallel=True)(np.ones((50, 50)), np.ones((50, 50)))\n"
        "assert not blas_threads.installed()\n"
    )
    script = tmp_path / "own.py"
    script.write_text(code)
    env = dict(os.environ, KILN_BLAS_OWN_THREADS="1")
    done = subprocess.run([sys.executable, str(script)], timeout=120, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("nested", [False, True])
@pytest.mark.parametrize("jobs", [1, 2, 4])
def test_all_jobs_run_at_once(jobs: int, nested: bool) -> None:
    # OpenBLAS's jobs wait on each other: the callback must run every one concurrently, on the
    # OpenMP team or, inside a parallel region (nested), on threads of their own
    from kiln.options import Options
    from kiln.runtime.cache import build_module

    helper = build_module(blas_threads.C_SOURCE, Options(parallel=True))
    assert helper.selftest(jobs, nested) == jobs


def test_python_threads_share_it() -> None:
    # each calling thread gets its own OpenMP team for OpenBLAS's jobs; results stay exact
    import threading

    _needs_callback()
    f = kiln.jit(_product, parallel=True)
    rng = np.random.default_rng(2)
    a, b = rng.random((400, 300)), rng.random((300, 350))
    want = a @ b
    f(a, b)
    wrong: list[int] = []

    def work() -> None:
        for _ in range(5):
            if not (np.allclose(a @ b, want, rtol=1e-13) and np.allclose(f(a, b), want, rtol=1e-13)):
                wrong.append(1)

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads) and not wrong
