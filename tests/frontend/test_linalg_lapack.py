"""np.linalg.solve / inv / cholesky (LAPACK calls) and norm, np.triu / np.tril: NumPy's values
(bit for bit for the LAPACK routines NumPy itself calls), dtypes (computed in float64 or
complex128, cast back), stacked and broadcast operands, layouts, empty extents, and NumPy's
errors (LinAlgError for singular, non-square, non-positive-definite matrices)."""

from __future__ import annotations

import numpy as np
import pytest

import kiln
from kiln.api import arg_type
from kiln.driver import compile_function
from kiln.errors import UnsupportedError
from kiln.ir.interpreter import run_function

try:
    from ..transforms.support import threads
except ImportError:
    from transforms.support import threads

try:
    from .numpy_support import arr, check
except ImportError:
    from numpy_support import arr, check


@kiln.jit
def solve(a, b):
    return np.linalg.solve(a, b)


@kiln.jit
def inv(a):
    return np.linalg.inv(a)


@kiln.jit
def cholesky(a):
    return np.linalg.cholesky(a)


@kiln.jit
def cholesky_upper(a):
    return np.linalg.cholesky(a, upper=True)


def well_conditioned(
    n: int, dtype: str = "float64", batch: tuple[int, ...] = (), seed: int = 0
) -> np.ndarray:
    """Random matrices plus a dominant diagonal (safely invertible)."""
    a = arr((*batch, n, n), "complex128" if dtype.startswith("complex") else "float64", seed=seed)
    a = a + 4 * n * np.eye(n) if n else a
    return a.astype(dtype)


def positive_definite(n: int, dtype: str = "float64", batch: tuple[int, ...] = ()) -> np.ndarray:
    m = well_conditioned(n, "complex128" if dtype.startswith("complex") else "float64", batch, seed=3)
    s = m @ np.swapaxes(m.conj(), -1, -2) + n * np.eye(n)
    return s.astype(dtype)


def in_layout(a: np.ndarray, layout: str) -> np.ndarray:
    if layout == "F":
        return np.asfortranarray(a)
    if layout == "T":  # a transposed view holding ``a``'s values
        return np.ascontiguousarray(np.swapaxes(a, -1, -2)).swapaxes(-1, -2)
    big = np.zeros(a.shape[:-1] + (2 * a.shape[-1],), a.dtype)  # every other column
    big[..., ::2] = a
    return big[..., ::2]


@kiln.jit
def all_four(a, b, s):
    return np.linalg.solve(a, b), np.linalg.inv(a), np.linalg.cholesky(s), np.linalg.cholesky(s, upper=True)


def _rounded(a: np.ndarray, dtype: str) -> np.ndarray:
    return a.round().astype(dtype) if np.dtype(dtype).kind in "iu" else a.astype(dtype)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "complex128", "complex64"])
@pytest.mark.parametrize("b_ndim", [1, 2])
def test_dtypes(dtype: str, b_ndim: int) -> None:
    real = "complex128" if dtype.startswith("complex") else "float64"
    a, s = _rounded(well_conditioned(4, real), dtype), _rounded(positive_definite(4, real), dtype)
    b = arr((4,) if b_ndim == 1 else (4, 3), dtype)
    check(all_four, a, b, s, rtol=1e-4 if dtype in ("float32", "complex64") else None)


def test_solve_is_numpys_lapack_bit_for_bit() -> None:
    a, b = well_conditioned(7), arr((7, 2))
    assert np.array_equal(solve(a, b), np.linalg.solve(a, b))
    assert np.array_equal(inv(a), np.linalg.inv(a))
    s = positive_definite(6, "complex128")
    assert np.array_equal(cholesky(s), np.linalg.cholesky(s))


@pytest.mark.parametrize("layout", ["F", "T", "strided"])
def test_layouts(layout: str) -> None:
    a, b = in_layout(well_conditioned(5), layout), in_layout(arr((5, 3)), layout)
    check(all_four, a, b, in_layout(positive_definite(5), layout))


@pytest.mark.parametrize(
    ("a_shape", "b_shape"),
    [
        ((2, 3, 3), (3,)),
        ((2, 3, 3), (3, 2)),
        ((3, 3), (2, 3, 2)),
        ((2, 1, 3, 3), (4, 3, 1)),
        ((0, 3, 3), (3, 2)),
    ],
)
def test_solve_stacked(a_shape: tuple[int, ...], b_shape: tuple[int, ...]) -> None:
    a = well_conditioned(a_shape[-1], batch=a_shape[:-2])
    check(solve, a, arr(b_shape))


@pytest.mark.parametrize("n", [0, 1])
def test_small_and_empty(n: int) -> None:
    check(all_four, well_conditioned(n), arr((n, 2)), positive_definite(n))
    check(all_four, well_conditioned(n), arr((n, 0)), positive_definite(n))
    check(solve, well_conditioned(n), arr((n,)))


def test_stacked_inv_and_cholesky() -> None:
    check(all_four, well_conditioned(3, batch=(2, 2)), arr((2, 1, 3, 1)), positive_definite(3, batch=(3,)))
    check(cholesky_upper, positive_definite(3, "complex128", batch=(2,)))


def test_errors() -> None:
    err = np.linalg.LinAlgError
    check(inv, np.ones((3, 3)), raises=err)  # singular
    check(solve, np.zeros((2, 2)), np.ones(2), raises=err)
    check(solve, np.stack([np.eye(2), np.zeros((2, 2))]), np.ones((2, 2, 1)), raises=err)  # one singular
    check(cholesky, -positive_definite(3), raises=err)  # not positive definite
    check(inv, np.ones((2, 3)), raises=err)  # not square
    check(cholesky, np.ones((3, 2)), raises=err)
    check(solve, np.ones((2, 3)), np.ones(2), raises=err)
    check(solve, np.eye(3), np.ones(4), raises=ValueError)  # mismatched core dimension
    check(solve, np.eye(3), np.ones((4, 2)), raises=ValueError)
    check(solve, np.ones((2, 3, 3)), np.ones((3, 3, 1)), raises=ValueError)  # batch broadcast
    check(inv, np.ones(3), raises=err)  # 1-d: known when compiling
    check(solve, np.eye(2), np.float64(1.0), raises=ValueError)


def test_solve_in_a_loop_with_complex_shifts() -> None:
    @kiln.jit
    def resolvent_sum(ham, identity, shifts, y):
        total = np.zeros(y.shape, dtype=np.complex128)
        for k in range(shifts.shape[0]):
            t = shifts[k] * identity - ham
            total += np.linalg.solve(t, y) + np.linalg.inv(t) @ y
        return total

    shifts = np.array([3 + 1j, -2 + 0.5j, 4j])
    check(resolvent_sum, arr((4, 4), "complex128"), np.eye(4), shifts, arr((4, 2), "complex128"))


def test_cholesky_plus_upper_triangle_in_place() -> None:
    @kiln.jit
    def factor(a):
        a[:] = np.linalg.cholesky(a) + np.triu(a, k=1)

    check(factor, positive_definite(6))
    check(factor, np.asfortranarray(positive_definite(5)))


@kiln.jit
def triangles(m, k):
    return np.triu(m, k), np.tril(m, k), np.triu(m), np.tril(m, -1)


@pytest.mark.parametrize(
    ("shape", "dtype"), [((3, 4), "int64"), ((4,), "float32"), ((2, 3, 3), "bool"), ((0, 2), "complex128")]
)
@pytest.mark.parametrize("k", [-1, 0, 2])
def test_triu_tril(shape: tuple[int, ...], dtype: str, k: int) -> None:
    check(triangles, arr(shape, dtype), k)
    check(triangles, arr(shape, dtype, layout="F" if len(shape) > 1 else "C"), k)


def test_no_lapack_library_goes_through_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    import kiln.codegen.c_lapack as c_lapack

    monkeypatch.setattr(c_lapack, "find_lapack", lambda: None)

    def all_three(a, b):
        return np.linalg.solve(a, b), np.linalg.inv(a), np.linalg.cholesky(a @ a.T, upper=True)

    jf = kiln.jit(all_three)
    a, b = well_conditioned(4), arr((4, 2))
    check(jf, a, b)
    source = kiln.inspect(jf, a, b)
    assert "kiln_la_numpy" in str(source) and "gesv" not in str(source)
    check(jf, np.zeros((2, 2)), np.ones(2), raises=np.linalg.LinAlgError)


def test_interpreter_agrees() -> None:
    def f(a, b):
        return np.linalg.solve(a, b) + np.linalg.inv(a).sum(), np.linalg.cholesky(a @ a.T)

    a, b = well_conditioned(3), arr((3, 2))
    types = tuple(arg_type(x, i) for i, x in enumerate((a, b)))
    lowered = compile_function(f, types, kiln.jit(f).options, build=False).lowered
    got = run_function(lowered, [a.copy(), b.copy()])
    want = f(a, b)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-12)


def eyes(n, m, k):
    return np.eye(n), np.eye(n, m), np.eye(n, m, k), np.eye(n, dtype=np.int32), np.identity(n, dtype=bool)


@pytest.mark.parametrize(("n", "m", "k"), [(0, 0, 0), (1, 3, 0), (4, 4, 1), (3, 5, -2), (4, 2, 7)])
def test_eye_and_identity(n: int, m: int, k: int) -> None:
    expected = eyes(n, m, k)
    got = kiln.jit(eyes)(n, m, k)
    for e, g in zip(expected, got):
        assert g.dtype == e.dtype and g.shape == e.shape
        np.testing.assert_array_equal(g, e)


def _blas_threads() -> int:
    import ctypes

    from kiln.runtime.lapack import library, thread_count_symbols

    names = thread_count_symbols()
    if names is None:
        pytest.skip("NumPy's BLAS has no OpenBLAS thread count")
    getter = getattr(library(), names[0])
    getter.restype = ctypes.c_int
    return int(getter())


@pytest.mark.parametrize("dtype", [np.float64, np.complex128])
def test_large_solve_factors_on_one_thread_and_restores_the_count(dtype):
    # From 100 x 100 OpenBLAS factors on its own pool; kiln factors on one thread and solves on
    # all of them. OpenBLAS's threaded solve may round differently from its one-thread solve
    # (seen on an AMD EPYC at 130 x 130 with 9 right-hand sides), so against NumPy on one thread
    # the result is NumPy's to rounding; with kiln on one thread too, it is NumPy's bit for bit.
    rng = np.random.default_rng(5)
    a = rng.random((130, 130)).astype(dtype)
    if dtype == np.complex128:
        a += 1j * rng.random((130, 130))
    b = rng.random((130, 9)).astype(dtype)
    default = kiln.get_num_threads()
    kiln.set_num_threads(2)
    try:
        before = _blas_threads()
        got_solve, got_inv = solve(a, b), inv(a)
        assert _blas_threads() == before  # restored after the factorization
        kiln.set_num_threads(1)
        np.testing.assert_allclose(got_solve, np.linalg.solve(a, b), rtol=1e-11)
        np.testing.assert_allclose(got_inv, np.linalg.inv(a), rtol=1e-11)
        np.testing.assert_array_equal(solve(a, b), np.linalg.solve(a, b))
        np.testing.assert_array_equal(inv(a), np.linalg.inv(a))
    finally:
        kiln.set_num_threads(default)


all_four_parallel = kiln.jit(all_four.py_func, parallel=True)


@pytest.mark.parametrize("n", [33, 70])
@pytest.mark.parametrize("layout", ["C", "F", "T", "strided"])
def test_tiled_copies_keep_numpy_bits(n: int, layout: str) -> None:
    # matrices stored by rows are transposed into LAPACK's order in 32 x 32 tiles: sizes that
    # end in a partial tile, every layout, real and complex, bit for bit against NumPy with the
    # BLAS on one thread (OpenBLAS's threaded solve may round differently from its one-thread
    # solve, NumPy's own included), to rounding on every thread
    for dtype in ("float64", "complex128"):
        a = well_conditioned(n, dtype)
        s = positive_definite(n, dtype)
        a, s = (a, s) if layout == "C" else (in_layout(a, layout), in_layout(s, layout))
        b = arr((n, 5), dtype, seed=2)
        with threads(1):
            got, want = all_four(a, b, s), all_four.py_func(a, b, s)
        for g, w in zip(got, want, strict=True):
            assert np.array_equal(g, w)
        for g, w in zip(all_four(a, b, s), all_four.py_func(a, b, s), strict=True):
            np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-15)


def test_tiled_copies_shared_by_a_team() -> None:
    # 600 x 600: past KILN_LA_TEAM, so in a parallel build the team shares the copies; the
    # LAPACK calls then see the same buffers as in a sequential build at the same thread count
    # (at this size their last bits depend on the BLAS threads, NumPy's as well as kiln's)
    a, s, b = well_conditioned(600), positive_definite(600), arr((600, 3), seed=2)
    want = all_four.py_func(a, b, s)
    default = kiln.get_num_threads()
    for count in (1, 2):
        kiln.set_num_threads(count)
        try:
            got, same = all_four_parallel(a, b, s), all_four(a, b, s)
        finally:
            kiln.set_num_threads(default)
        for g, o, w in zip(got, same, want, strict=True):
            assert np.array_equal(g, o)
            np.testing.assert_allclose(g, w, rtol=1e-10, atol=1e-14)


def _matrices(shape, dtype, seed):
    """Random values of ``dtype`` (complex ones with an imaginary part too), scaled by 3."""
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape) * 3
    if np.issubdtype(dtype, np.complexfloating):
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def determinants(a):
    return np.linalg.det(a), np.linalg.det(a[..., ::-1, :]), np.linalg.det(a * 2)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.complex128, np.complex64])
@pytest.mark.parametrize("shape", [(3, 3), (2, 4, 4), (1, 1), (0, 2, 2), (2, 0, 0)])
def test_det_is_numpys(dtype, shape):
    """NumPy's own routine on the float64/complex128 copy: bit for bit, types included."""
    a = _matrices(shape, dtype, seed=10)
    got, want = kiln.jit(determinants)(a), determinants(a)
    for g, w in zip(got, want):
        assert type(g) is type(w) and np.asarray(g).dtype == np.asarray(w).dtype
        assert np.array_equal(g, w)
    f = np.asfortranarray(a)
    assert np.array_equal(kiln.jit(determinants)(f)[0], determinants(f)[0])


def test_det_of_singular_and_non_square_matrices():
    assert kiln.jit(lambda a: np.linalg.det(a))(np.ones((3, 3))) == np.linalg.det(np.ones((3, 3)))
    with pytest.raises(np.linalg.LinAlgError, match="must be square"):
        kiln.jit(lambda a: np.linalg.det(a))(np.ones((2, 3)))
    with pytest.raises(np.linalg.LinAlgError, match="at least two-dimensional"):
        kiln.jit(lambda a: np.linalg.det(a))(np.ones(3))


def test_interpreter_computes_det_as_numpy():
    a = np.random.default_rng(11).standard_normal((2, 3, 3)).astype(np.float32)
    types = (arg_type(a, 0),)
    lowered = compile_function(determinants, types, kiln.jit(determinants).options, build=False).lowered
    for g, w in zip(run_function(lowered, [a.copy()]), determinants(a)):
        assert np.array_equal(g, w)


def powers(a, n):
    return np.linalg.matrix_power(a, n), np.linalg.matrix_power(a, 3), np.linalg.matrix_power(a, 0)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 12, -1, -3])
def test_matrix_power_is_numpys(dtype, n):
    rng = np.random.default_rng(12)
    a = (np.eye(3) * 1.5 + rng.standard_normal((2, 3, 3)) * 0.3).astype(dtype)
    for x in (a, a[0], np.asfortranarray(a[1])):
        for g, w in zip(kiln.jit(powers)(x, n), powers(x, n)):
            assert g.dtype == w.dtype and np.array_equal(g, w)


def test_matrix_power_of_integers():
    a = np.array([[1, 2], [3, 4]], dtype=np.int32)
    for f in (lambda x: np.linalg.matrix_power(x, 4), lambda x: np.linalg.matrix_power(x, -2)):
        g, w = kiln.jit(f)(a), f(a)
        assert g.dtype == w.dtype and np.array_equal(g, w)
    with pytest.raises(UnsupportedError, match="known only at run time"):
        kiln.jit(lambda x, k: np.linalg.matrix_power(x, k))(a, 2)
    with pytest.raises(np.linalg.LinAlgError):
        kiln.jit(lambda x: np.linalg.matrix_power(x, 2))(np.ones((2, 3)))


def test_interpreter_computes_matrix_power_as_numpy():
    a = np.random.default_rng(13).standard_normal((3, 3))
    types = (arg_type(a, 0), arg_type(5, 1))
    lowered = compile_function(powers, types, kiln.jit(powers).options, build=False).lowered
    for g, w in zip(run_function(lowered, [a.copy(), 5]), powers(a, 5)):
        assert np.array_equal(g, w)


def log_determinants(a):
    sign, logdet = np.linalg.slogdet(a)
    return sign, logdet, np.linalg.slogdet(a * -1)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int16, np.complex128, np.complex64])
@pytest.mark.parametrize("shape", [(3, 3), (2, 4, 4), (0, 2, 2)])
def test_slogdet_is_numpys(dtype, shape):
    a = _matrices(shape, dtype, seed=14)
    got, want = kiln.jit(log_determinants)(a), log_determinants(a)
    for g, w in zip((*got[:2], *got[2]), (*want[:2], *want[2])):
        assert type(g) is type(w) and np.asarray(g).dtype == np.asarray(w).dtype
        assert np.array_equal(g, w)
    singular = kiln.jit(log_determinants)(np.ones((3, 3)))
    assert singular[0] == 0.0 and singular[1] == -np.inf


def test_interpreter_computes_slogdet_as_numpy():
    a = np.random.default_rng(15).standard_normal((2, 3, 3))
    lowered = compile_function(
        log_determinants, (arg_type(a, 0),), kiln.jit(log_determinants).options, build=False
    ).lowered
    got, want = run_function(lowered, [a.copy()]), log_determinants(a)
    for g, w in zip((*got[:2], *got[2]), (*want[:2], *want[2])):
        assert np.array_equal(g, w)
