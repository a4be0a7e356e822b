"""kiln.set_num_threads sets OpenMP's team size and the BLAS kiln calls, together."""

from __future__ import annotations

import ctypes
from collections.abc import Iterator

import numpy as np
import pytest

import kiln
from kiln.runtime import threads
from kiln.runtime.lapack import find_lapack, library


def _openblas_threads() -> int | None:
    lib = library()
    names = (
        "scipy_openblas_get_num_threads64_",
        "scipy_openblas_get_num_threads",
        "openblas_get_num_threads",
    )
    for name in names:
        getter = getattr(lib, name, None) if lib is not None else None
        if getter is not None:
            getter.restype = ctypes.c_int
            return int(getter())
    return None


@pytest.fixture
def restore_threads() -> Iterator[None]:
    before = kiln.get_num_threads()
    yield
    kiln.set_num_threads(before)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_sets_openmp_and_blas(n: int, restore_threads: None) -> None:
    kiln.set_num_threads(n)

    assert kiln.get_num_threads() == n
    if threads.blas_threads_settable():
        assert _openblas_threads() == n


def test_numpys_bundled_openblas_is_reached() -> None:
    if find_lapack() is None:
        pytest.skip("NumPy is built against a system BLAS here")
    assert threads.blas_threads_settable()


@pytest.mark.parametrize("bad", [0, -2])
def test_counts_below_one_are_refused(bad: int) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        kiln.set_num_threads(bad)


@pytest.mark.parametrize("bad", [1.5, True, "2", None])
def test_non_integers_are_refused(bad: object) -> None:
    with pytest.raises(TypeError, match="must be an int"):
        kiln.set_num_threads(bad)  # type: ignore[arg-type]


def _row_sums_and_product(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    out = np.empty(a.shape[0])
    for i in kiln.prange(a.shape[0]):
        out[i] = np.sum(a[i] * a[i])
    return out, a @ b


def test_results_do_not_depend_on_the_count(restore_threads: None) -> None:
    f = kiln.jit(_row_sums_and_product, parallel=True)
    rng = np.random.default_rng(0)
    a, b = rng.random((300, 200)), rng.random((200, 150))
    expected = _row_sums_and_product(a, b)
    for n in (1, 2, 1):
        kiln.set_num_threads(n)
        got = f(a, b)
        np.testing.assert_allclose(got[0], expected[0], rtol=1e-13)  # sums in kiln's order
        np.testing.assert_allclose(got[1], expected[1], rtol=1e-12)
