"""min/max reductions vectorize (``omp simd``): they round nothing, and floating-point lanes
combine with the prelude's NaN-propagating ``kiln_max_*``/``kiln_min_*``, so a NaN anywhere in
a row still comes out, as in NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from tests.transforms.support import loops, lower

import kiln
from kiln.options import Options
from kiln.transforms import recipes
from kiln.transforms.pass_manager import run_passes


def row_max(x, out):
    for i in range(x.shape[0]):
        out[i] = np.max(x[i, :])


def row_min(x, out):
    for i in range(x.shape[0]):
        out[i] = np.min(x[i, :])


def running_max(a):
    m = a[0]
    for i in range(1, a.shape[0]):
        m = np.maximum(m, a[i])
    return m


def running_min(a):
    m = a[0]
    for i in range(1, a.shape[0]):
        m = np.minimum(m, a[i])
    return m


def complex_max(a):
    m = a[0]
    for i in range(1, a.shape[0]):
        m = np.maximum(m, a[i])
    return m


def _simd_pragmas(f, *args) -> list[str]:  # noqa: ANN001
    source = kiln.inspect(kiln.jit(f), *args).split("==== c ====")[1]
    return [line.strip() for line in source.splitlines() if "omp simd" in line and "declare" not in line]


@pytest.mark.parametrize(("f", "op"), [(running_max, "max"), (running_min, "min")])
def test_a_user_loop_reducing_with_maximum_is_simd(f, op: str) -> None:  # noqa: ANN001
    fn = lower(f, np.ones(5))
    result = run_passes(fn, Options(), ("simd",), verify=True)
    (loop,) = loops(result.fn)
    assert loop.simd and [o for _, o in loop.reductions] == [op]
    again = recipes.replay(lower(f, np.ones(5)), recipes.loads(recipes.dumps(result.steps)))
    assert [lp.simd for lp in loops(again)] == [True]
    (pragma,) = _simd_pragmas(f, np.ones(5))
    assert f"reduction(kiln_{op}_f64:" in pragma
    (pragma,) = _simd_pragmas(f, np.ones(5, np.float32))
    assert f"reduction(kiln_{op}_f32:" in pragma
    (pragma,) = _simd_pragmas(f, np.ones(5, np.int64))
    assert f"reduction({op}:" in pragma


def test_complex_maximum_stays_sequential() -> None:
    fn = lower(complex_max, np.ones(5, np.complex128))
    result = run_passes(fn, Options(), ("simd",), verify=True)
    assert not any(lp.simd for lp in loops(result.fn))
    notes = [n for ns in result.notes.values() for n in ns]
    assert any("complex numbers are unordered" in n for n in notes), notes
    a = np.array([1 + 2j, 3 - 1j, 3 + 0j, -4j, 2 + 9j])
    assert kiln.jit(complex_max)(a) == complex_max(a)


def test_row_reductions_carry_the_nan_propagating_clause() -> None:
    x, out = np.ones((3, 40)), np.zeros(3)
    assert _simd_pragmas(row_max, x, out) == ["#pragma omp simd reduction(kiln_max_f64:v_k2_max)"]
    # only where the compiler declares the prelude's reductions (gcc, or any compiler's -fopenmp)
    lines = [line.strip() for line in kiln.inspect(kiln.jit(row_max), x, out).splitlines()]
    at = lines.index("#pragma omp simd reduction(kiln_max_f64:v_k2_max)")
    assert lines[at - 1] == "#if KILN_SIMD_UDR" and lines[at + 1] == "#endif"
    x32, out32 = np.ones((3, 40), np.float32), np.zeros(3, np.float32)
    assert any("reduction(kiln_min_f32:" in p for p in _simd_pragmas(row_min, x32, out32))


def _rows(dtype, width: int) -> np.ndarray:  # noqa: ANN001
    """Rows of random values, then rows with specials where vector lanes and tails fall."""
    rng = np.random.default_rng(width)
    base = rng.integers(-50, 50, size=(12, width)).astype(dtype)
    if np.issubdtype(dtype, np.floating) and width:
        for row, col in enumerate((0, width // 2, width - 1, min(7, width - 1), min(8, width - 1))):
            base[row, col] = np.nan
        base[5, :] = np.nan
        base[6, 0] = np.inf
        base[7, width - 1] = -np.inf
        base[8, :] = -np.inf
        base[9, :] = -0.0
    return base


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int32])
@pytest.mark.parametrize("width", [1, 3, 8, 17, 64, 257])
@pytest.mark.parametrize("f", [row_max, row_min])
def test_row_reductions_match_numpy(f, dtype, width: int) -> None:  # noqa: ANN001
    x = _rows(dtype, width)
    want = np.zeros(x.shape[0], dtype)
    f(x, want)
    for parallel in (False, True):
        g = kiln.jit(f, parallel=parallel)
        for view in (x, np.asfortranarray(x), _rows(dtype, 2 * width)[:, ::2]):
            got = np.zeros(view.shape[0], dtype)
            g(view, got)
            expect = np.zeros(view.shape[0], dtype)
            f(view, expect)
            np.testing.assert_array_equal(got, expect)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32])
@pytest.mark.parametrize("n", [1, 2, 9, 33, 1000])
def test_running_reductions_match_numpy(dtype, n: int) -> None:  # noqa: ANN001
    rng = np.random.default_rng(n)
    floating = np.dtype(dtype).kind == "f"
    a = (rng.standard_normal(n) if floating else rng.integers(-9, 9, n)).astype(dtype)
    for f in (running_max, running_min):
        g = kiln.jit(f)
        assert g(a) == f(a)
        assert g(a[::-1]) == f(a[::-1])
        if floating:
            for at in {0, n // 2, n - 1}:
                b = a.copy()
                b[at] = np.nan
                assert np.isnan(g(b)) and np.isnan(f(b))


def test_row_reduction_of_an_empty_row_raises_as_numpy_does() -> None:
    x, out = np.ones((2, 0)), np.zeros(2)
    with pytest.raises(ValueError, match="zero-size array"):
        row_max(x, out)
    with pytest.raises(ValueError, match="zero-size array"):
        kiln.jit(row_max)(x, out)
