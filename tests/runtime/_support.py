"""Helpers for the runtime tests: a tiny hand-written extension, instrumented compilers, children."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kiln.errors import ToolchainError
from kiln.runtime.toolchain import resolve_cc

SRC_DIR = Path(__file__).resolve().parents[2] / "src"

# A module in the shape kiln generates: init function KILN_INIT_FUNC, calls import_array(), and
# uses the NumPy C API (so a wrong numpy include path or API table shows up at once).
_PAYLOAD = r"""
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <numpy/arrayobject.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* tag: @TAG@ */

static PyObject *answer(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self; (void)args; (void)nargs;
    return PyLong_FromLong(@VALUE@);
}

static PyObject *zeros(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self; (void)args; (void)nargs;
    npy_intp n = 3;
    return PyArray_ZEROS(1, &n, NPY_FLOAT64, 0);
}

static PyObject *threads(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self; (void)args; (void)nargs;
    long count = 0;
#ifdef _OPENMP
    #pragma omp parallel reduction(+:count)
    count += 1;
#endif
    return PyLong_FromLong(count);
}

static PyMethodDef methods[] = {
    {"f", (PyCFunction)(void (*)(void))answer, METH_FASTCALL, "a constant"},
    {"zeros", (PyCFunction)(void (*)(void))zeros, METH_FASTCALL, "np.zeros(3)"},
    {"threads", (PyCFunction)(void (*)(void))threads, METH_FASTCALL, "OpenMP team size, 0 without"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef moddef = {PyModuleDef_HEAD_INIT, "kiln_payload", NULL, -1, methods};

PyMODINIT_FUNC KILN_INIT_FUNC(void) {
    import_array();
    return PyModule_Create(&moddef);
}
"""

# Run in a fresh interpreter: build (or load) the payload, report value and timings as JSON.
_CHILD = r"""
import json, os, sys, time
go = sys.argv[4]
while go and not os.path.exists(go):
    time.sleep(0.001)
t0 = time.perf_counter()
import kiln.runtime.cache as cache
from kiln.options import Options
from pathlib import Path
t1 = time.perf_counter()
source = Path(sys.argv[3]).read_text()
module = cache.build_module(source, Options(cache_dir=Path(sys.argv[1]), cc=sys.argv[2]))
t2 = time.perf_counter()
print(json.dumps({"value": module.f(), "import_s": t1 - t0, "build_s": t2 - t1, "file": module.__file__}))
"""


def payload(value: int = 42, tag: str = "") -> str:
    """The payload's C source; distinct tags give distinct cache keys."""
    return _PAYLOAD.replace("@VALUE@", str(value)).replace("@TAG@", tag)


def real_cc() -> str:
    try:
        return resolve_cc(None)
    except ToolchainError:
        pytest.skip("no C compiler on this machine")


def write_script(path: Path, body: str) -> Path:
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(0o755)
    return path


class LoggedCC:
    """A wrapper compiler that appends each command line to a log, then runs the real one."""

    def __init__(self, folder: Path) -> None:
        self.log = folder / "cc.log"
        self.path = write_script(
            folder / "cc-logged", f'echo "$*" >> "{self.log}"\nexec "{real_cc()}" "$@"\n'
        )

    def calls(self) -> list[str]:
        return self.log.read_text().splitlines() if self.log.exists() else []

    def compiles(self) -> int:
        """Extension builds only (probes do not pass -shared)."""
        return sum("-shared" in line for line in self.calls())


def start_child(cache_dir: Path, cc: str, source: str, go_file: Path | None = None) -> subprocess.Popen[str]:
    """Start a fresh interpreter that builds ``source``; it waits for ``go_file`` if given."""
    source_file = cache_dir.parent / f"payload-{hashlib.sha256(source.encode()).hexdigest()[:16]}.c"
    source_file.write_text(source)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(SRC_DIR), os.environ.get("PYTHONPATH")])),
    }
    argv = [sys.executable, "-c", _CHILD, str(cache_dir), cc, str(source_file), str(go_file or "")]
    return subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish_child(proc: subprocess.Popen[str]) -> dict[str, object]:
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])
