"""Boolean-mask indexing against NumPy: reading (data-dependent extents), assignment of scalars
and arrays, augmented assignment, masks with slices and integers, shrinking arrays in loops."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .arrays_support import LAYOUTS_1D, LAYOUTS_2D, arr, in_layout, run_both
except ImportError:
    from arrays_support import LAYOUTS_1D, LAYOUTS_2D, arr, in_layout, run_both

DTYPES = ("float64", "float32", "int64", "int32", "bool", "complex128")


def mask_of(shape: tuple[int, ...], kind: str, seed: int = 1) -> np.ndarray:
    """A boolean mask: random, all false or all true."""
    if kind == "none":
        return np.zeros(shape, dtype=bool)
    if kind == "all":
        return np.ones(shape, dtype=bool)
    return np.random.default_rng(seed).integers(0, 2, size=shape).astype(bool)


# ------------------------------------------------------------------ reading
@kiln.jit
def read(a, m):
    return a[m]


@kiln.jit
def read_twice(a, m):
    b = a[m]
    return b, a[m]


DTYPE_LAYOUTS = [(d, "C") for d in DTYPES] + [("float64", x) for x in LAYOUTS_1D[1:]]


@pytest.mark.parametrize("dtype, layout", DTYPE_LAYOUTS)
@pytest.mark.parametrize("kind", ("random", "none", "all"))
def test_read_1d(dtype: str, layout: str, kind: str) -> None:
    for n in (0, 1, 7):
        run_both(read, lambda n=n: (arr((n,), dtype, layout), mask_of((n,), kind)))
    run_both(read, lambda: (arr((6,), dtype), in_layout(mask_of((6,), kind), layout)))


@pytest.mark.parametrize("layout", LAYOUTS_2D)
@pytest.mark.parametrize("shape", ((0, 3), (1, 1), (4, 5)))
@pytest.mark.parametrize("kind", ("random", "none", "all"))
def test_read_2d(layout: str, shape: tuple[int, int], kind: str) -> None:
    run_both(read, lambda: (arr(shape, "float64", layout), mask_of(shape, kind)))
    run_both(read_twice, lambda: (arr(shape, "int32", layout), in_layout(mask_of(shape, kind), layout)))


@pytest.mark.parametrize("layout", LAYOUTS_2D)
@pytest.mark.parametrize("kind", ("random", "none", "all"))
def test_rows_of_2d(layout: str, kind: str) -> None:
    """A 1-d mask on the first axis of a 2-d array selects whole rows."""
    run_both(read, lambda: (arr((5, 3), "float64", layout), mask_of((5,), kind)))


@pytest.mark.parametrize("n", (127, 128, 129, 300, 1000))
@pytest.mark.parametrize("density", (0.0, 0.01, 0.5, 1.0))
def test_masks_longer_than_a_block(n: int, density: float) -> None:
    """Masks are counted and walked in blocks of their last axis: sparse, dense, ragged ends."""
    m = np.random.default_rng(n).uniform(size=(n,)) < density
    run_both(read, lambda: (arr((n,)), m.copy()))
    run_both(set_array, lambda: (arr((n,)), m.copy(), arr((int(m.sum()),), seed=2)))
    m2 = np.random.default_rng(n).uniform(size=(3, n)) < density
    run_both(read, lambda: (arr((3, n), layout="F"), m2.copy()))
    run_both(read, lambda: (arr((n, 2)), m.copy()))


@kiln.jit
def positive(a):
    return a[a > 0]


@kiln.jit
def between(a, lo, hi):
    return a[np.logical_and(lo <= a, a < hi)]


@pytest.mark.parametrize("dtype", ("float64", "int32", "float32"))
@pytest.mark.parametrize("shape", ((0,), (1,), (9,), (3, 4)))
def test_lazy_masks(dtype: str, shape: tuple[int, ...]) -> None:
    run_both(positive, lambda: (arr(shape, dtype),))
    run_both(between, lambda: (arr(shape, dtype), 1, 3))


# ----------------------------------------------------------- masks with slices
@kiln.jit
def with_slices(a, m1, m2):
    return a[m1, 1:], a[:, m2], a[1, m2], a[::-1, m2][m1], a[m1][:, ::2]


@kiln.jit
def three_d(a, m0, m1, m2):
    # adjacent advanced items keep their place; separated ones go first (NumPy's rule)
    return a[:, m1, 0], a[m0, :, 0], a[:, m1, :], a[..., m2], a[0, :, m2], a[m0, None]


@pytest.mark.parametrize("layout", LAYOUTS_2D)
@pytest.mark.parametrize("kind", ("random", "none", "all"))
def test_mask_with_slices(layout: str, kind: str) -> None:
    run_both(with_slices, lambda: (arr((4, 5), "int64", layout), mask_of((4,), kind), mask_of((5,), kind)))


@pytest.mark.parametrize("kind", ("random", "all"))
def test_mask_placement_3d(kind: str) -> None:
    run_both(
        three_d,
        lambda: (arr((2, 3, 4)), mask_of((2,), kind), mask_of((3,), kind, 2), mask_of((4,), kind, 3)),
    )


# ---------------------------------------------------------- results flow on
@kiln.jit
def stats(a, lo):
    v = a[a > lo]
    return v.sum(), v.shape[0], len(v), (v * 2.0 + 1.0).sum(), np.mean(v)


@kiln.jit
def binned_means(data, radius, nbins):
    top = radius.max()
    out = np.zeros(nbins)
    for i in range(nbins):
        lo = top * i / nbins
        hi = top * (i + 1) / nbins
        out[i] = data[np.logical_and(lo <= radius, radius < hi)].mean()
    return out


def test_results_flow_into_reductions() -> None:
    for n in (0, 1, 20):
        run_both(stats, lambda n=n: (arr((n,)), 2.0))
    run_both(binned_means, lambda: (arr((50,), seed=1), arr((50,), seed=2), 6))


@kiln.jit
def shrink(c, steps):
    z = np.zeros(c.shape, np.complex128)
    idx = np.arange(c.shape[0])
    escaped = np.zeros(c.shape, np.int64)
    for i in range(steps):
        if not len(z):
            break
        z = z * z + c
        out = np.abs(z) > 2.0
        escaped[idx[out]] = i + 1
        keep = np.logical_not(out)
        z = z[keep]
        idx = idx[keep]
        c = c[keep]
    return escaped, z, idx


def test_shrinking_arrays_in_a_loop() -> None:
    grid = (np.linspace(-2, 1, 30)[:, None] + 1j * np.linspace(-1.5, 1.5, 20)).ravel()
    run_both(shrink, lambda: (grid.copy(), 25))
    run_both(shrink, lambda: (grid[:0].copy(), 5))


@pytest.mark.parametrize("threads", (1, 2))
def test_shrinking_arrays_on_the_team(threads: int) -> None:
    """Mandelbrot's escape loop with compaction by blocks on the OpenMP team."""
    pshrink = kiln.jit(shrink.py_func, parallel=True)
    grid = (np.linspace(-2, 1, 600)[:, None] + 1j * np.linspace(-1.5, 1.5, 500)).ravel()
    before = kiln.get_num_threads()
    kiln.set_num_threads(threads)
    try:
        run_both(pshrink, lambda: (grid.copy(), 12))
    finally:
        kiln.set_num_threads(before)


# ------------------------------------------------------------------ assignment
@kiln.jit
def set_scalar(a, m):
    a[m] = 3


@kiln.jit
def set_array(a, m, v):
    a[m] = v


@kiln.jit
def set_from_self(a):
    a[a > 2] = a[a > 2] * 10


@kiln.jit
def clip_big(z):
    z[np.abs(z) > 2] = 0


@kiln.jit
def add_where(a, m, v):
    a[m] += v


@kiln.jit
def mul_where_self(a):
    a[a > 1] *= a[a > 1]


@pytest.mark.parametrize("dtype, layout", DTYPE_LAYOUTS)
@pytest.mark.parametrize("kind", ("random", "none", "all"))
def test_set_scalar(dtype: str, layout: str, kind: str) -> None:
    for n in (0, 1, 8):
        run_both(set_scalar, lambda n=n: (arr((n,), dtype, layout), mask_of((n,), kind)))


@pytest.mark.parametrize("layout", LAYOUTS_2D)
@pytest.mark.parametrize("kind", ("random", "none", "all"))
def test_set_2d(layout: str, kind: str) -> None:
    m = mask_of((4, 5), kind)
    count = int(m.sum())
    run_both(set_scalar, lambda: (arr((4, 5), "int32", layout), m.copy()))
    run_both(set_array, lambda: (arr((4, 5), "float64", layout), m.copy(), arr((count,), seed=3)))
    run_both(set_array, lambda: (arr((4, 5), "float64", layout), m.copy(), arr((1,), seed=3)))
    rows = mask_of((4,), kind)
    run_both(set_array, lambda: (arr((4, 5), "int64", layout), rows.copy(), arr((5,), "int64", seed=4)))


@pytest.mark.parametrize("dtype", ("float64", "int64", "complex128"))
def test_set_aliasing(dtype: str) -> None:
    for n in (0, 1, 9):
        run_both(set_from_self, lambda n=n: (arr((n,), dtype),))
        run_both(mul_where_self, lambda n=n: (arr((n, 2), dtype),))
    run_both(clip_big, lambda: (arr((6, 5), "complex128", "F"),))


@kiln.jit
def reversed_mask_set(a):
    a[a[::-1] > 2] = 0


@kiln.jit
def mask_from_view_set(a):
    a[1:][a[:-1] > 2] = -1


def test_mask_reading_the_destination_elsewhere() -> None:
    """The mask reads elements the assignment overwrites before it gets to them."""
    for n in (1, 2, 9):
        run_both(reversed_mask_set, lambda n=n: (arr((n,)),))
        run_both(mask_from_view_set, lambda n=n: (arr((n,)),))


@pytest.mark.parametrize("dtype", ("float64", "int32", "complex64"))
@pytest.mark.parametrize("kind", ("random", "none", "all"))
def test_augmented(dtype: str, kind: str) -> None:
    run_both(add_where, lambda: (arr((7,), dtype), mask_of((7,), kind), 2))
    m = mask_of((3, 4), kind)
    run_both(add_where, lambda: (arr((3, 4), dtype, "F"), m.copy(), arr((int(m.sum()),), dtype)))


@kiln.jit
def nested_mask_set(a, m1, m2):
    a[m1, 1:][:, m2] = 7
    a[m1, 0] = -1


def test_mask_and_slices_assignment() -> None:
    run_both(
        nested_mask_set, lambda: (arr((4, 5), "int64"), mask_of((4,), "random"), mask_of((4,), "random", 5))
    )


# ---------------------------------------------------------------- several masks
@kiln.jit
def two_masks(a, m0, m1):
    return a[m0, m1]


@kiln.jit
def mask_and_ints(a, m0, idx):
    return a[m0, idx]


def test_masks_combined_with_other_arrays() -> None:
    """Several masks, or a mask with an integer array, index by the mask's nonzero positions."""
    m0, m1 = np.array([True, False, True]), np.array([False, True, False, True])
    run_both(two_masks, lambda: (arr((3, 4)), m0.copy(), m1.copy()))
    run_both(mask_and_ints, lambda: (arr((3, 4)), m0.copy(), np.array([0, -1])))
    run_both(two_masks, lambda: (arr((3, 4)), m0.copy(), np.array([True, True, False, False])))  # 2 vs 2
    run_both(two_masks, lambda: (arr((3, 4)), m0.copy(), np.array([True, True, True, False])))  # 2 vs 3


# ------------------------------------------------------------------ errors
@pytest.mark.parametrize("shape", ((3,), (5,), (4, 2)))
def test_mask_shape_mismatch(shape: tuple[int, ...]) -> None:
    run_both(read, lambda: (arr((4, 2)), mask_of(shape, "random")))
    run_both(set_scalar, lambda: (arr((4, 2)), mask_of(shape, "random")))


def test_value_count_mismatch() -> None:
    m = np.array([True, False, True, True])
    run_both(set_array, lambda: (arr((4,)), m.copy(), arr((2,))))
    run_both(set_array, lambda: (arr((4,)), m.copy(), arr((4,))))
    run_both(set_array, lambda: (arr((4,)), m.copy(), arr((1, 3))))
    run_both(set_array, lambda: (arr((4,)), m.copy(), arr((2, 3))))


def test_python_int_out_of_range() -> None:
    run_both(set_scalar, lambda: (arr((3,), "int8"), mask_of((3,), "all")))

    @kiln.jit
    def set_big(a, m):
        a[m] = 1000

    run_both(set_big, lambda: (arr((3,), "int8"), mask_of((3,), "all")))
    run_both(set_big, lambda: (arr((3,), "int8"), mask_of((3,), "none")))


def test_float_index_array_is_an_index_error() -> None:
    run_both(read, lambda: (arr((3,)), arr((3,))))


def test_zero_d_mask_is_unsupported() -> None:
    @kiln.jit
    def zero_d(a, m):
        return a[m]

    with pytest.raises(kiln.UnsupportedError) as info:
        zero_d(arr((3,)), np.array(True))
    assert "test_masks.py:" in str(info.value)


@kiln.jit
def band(a, lo, hi):
    return np.logical_and(lo <= a, a < hi) | np.logical_or(a < lo, a > hi)


def test_logical_and_of_comparisons_is_branch_free() -> None:
    """Masks built from comparisons evaluate both sides without a branch (C's ``&``, not
    ``&&``), so the loop vectorizes; the values still match NumPy."""
    run_both(band, lambda: (arr((9,)), 1.0, 3.0))
    c_code = kiln.inspect(band, arr((9,)), 1.0, 3.0)
    stores = [line for line in c_code.splitlines() if "a_u_ret__0_d[" in line and "=" in line]
    assert stores and not any("&&" in line or "||" in line for line in stores)


@kiln.jit
def costly_mask(z):
    w = z[np.sqrt(np.abs(z)) > 1.2]
    z[np.abs(z) > 2] = 0
    return w


def test_costly_masks_are_computed_once() -> None:
    """A mask is read more than once (counted, then walked): one with math calls in it is
    stored first rather than recomputed at every read."""
    run_both(costly_mask, lambda: (arr((300,), "complex128"),))
    c_code = kiln.inspect(costly_mask, arr((3,), "complex128")).split("==== c ====")[-1]
    body = c_code.split("/* kiln: ")[-1]  # the function, after the prelude's helpers
    assert body.count("csqrt(") + body.count("sqrt(") == 1
    assert body.count("cabs(") == 2
