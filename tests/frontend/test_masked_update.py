"""Masked in-place updates ``x[m] = f(x[m], y[m], scalars)``, lowered as one masked loop, against
NumPy: dtypes, empty and single-element shapes, layouts, masks and operands sharing memory with
the array written (exactly, shifted, transposed), forms that must keep the general lowering, and
reuse of one mask's count by several compactions."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .arrays_support import LAYOUTS_1D, LAYOUTS_2D, arr, in_layout, run_both
    from .test_mask_runs import runs
except ImportError:
    from arrays_support import LAYOUTS_1D, LAYOUTS_2D, arr, in_layout, run_both
    from test_mask_runs import runs


@kiln.jit
def update(z, c, m):
    z[m] = z[m] * z[m] + c[m]


@kiln.jit
def update_scalars(z, c, m, s):
    z[m] = np.sqrt(abs(z[m])) * s - c[m] / 2 + 1


@kiln.jit
def scale(z, m):
    z[m] = z[m] * 1.5


@kiln.jit
def flip(z, c, m):
    z[m] = ~z[m] | c[m]


@kiln.jit
def self_mask(z):
    z[z > 1.0] = z[z > 1.0] * 0.25 - 1.0


@kiln.jit
def iterate(c, n):
    z = np.zeros_like(c)
    for _ in range(n):
        m = np.less(abs(z), 2.0)
        z[m] = z[m] ** 2 + c[m]
    return z


@kiln.jit
def plus_array(z, m, w):
    z[m] = z[m] + w


@kiln.jit
def reversed_values(z, m):
    z[m] = z[m][::-1]


@kiln.jit
def below_max(z, m):
    z[m] = z[m] - np.max(z[m])


@kiln.jit
def plus_total(z, c, m):
    z[m] = z[m] + c[m].sum()


@kiln.jit
def row_mask(z, m):
    z[m] = z[m] * 2.0


def _ir(jf: object, *args: object) -> str:
    """The IR as lowered, before the optimizer."""
    return kiln.inspect(jf, *args).split("==== ir ====", 1)[1].split("\n==== ", 1)[0]


def mask(shape: tuple[int, ...], seed: int = 1) -> np.ndarray:
    return np.random.default_rng(seed).random(shape) < 0.6


SHAPES = ((0,), (1,), (129,), (3, 300), (0, 4), (1, 1))


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("dtype", ("float64", "float32", "int64", "int32", "bool", "complex128"))
def test_update_dtypes_and_shapes(shape: tuple[int, ...], dtype: str) -> None:
    m = mask(shape)
    run_both(update, lambda: (arr(shape, dtype), arr(shape, dtype, seed=2), m.copy()))
    run_both(update, lambda: (arr(shape, dtype), arr(shape, dtype, seed=2), runs(shape)))


@pytest.mark.parametrize("dtype", ("float64", "float32", "complex128", "int64"))
def test_scalars_ufuncs_and_casts(dtype: str) -> None:
    m = mask((5, 40))
    run_both(update_scalars, lambda: (arr((5, 40), dtype), arr((5, 40), "float64", seed=3), m.copy(), 0.5))
    run_both(scale, lambda: (arr((5, 40), dtype), m.copy()))  # int64: truncated on the way back


@pytest.mark.parametrize("layout", LAYOUTS_2D)
def test_2d_layouts(layout: str) -> None:
    shape = (6, 150)
    run_both(
        update, lambda: (arr(shape, "complex128", layout), arr(shape, "complex128", "C", 1), mask(shape))
    )
    run_both(
        update,
        lambda: (arr(shape, "float64"), arr(shape, "float64", layout, 1), in_layout(mask(shape), layout)),
    )


@pytest.mark.parametrize("layout", LAYOUTS_1D)
def test_1d_layouts(layout: str) -> None:
    run_both(update, lambda: (arr((300,), "int32", layout), arr((300,), "int32", layout, 1), runs((300,))))


def test_operand_is_the_array_written() -> None:
    def same() -> tuple[np.ndarray, ...]:
        z = arr((200,), "float64")
        return z, z, mask((200,))

    run_both(update, same)


def test_operands_overlapping_the_array_written() -> None:
    def shifted(lo: int, hi: int) -> tuple[np.ndarray, ...]:
        b = arr((201,), "float64")
        return b[lo : lo + 200], b[hi : hi + 200], runs((200,), seed=5)

    run_both(update, lambda: shifted(1, 0))  # reads lag the writes
    run_both(update, lambda: shifted(0, 1))  # reads lead the writes

    def transposed() -> tuple[np.ndarray, ...]:
        a = arr((30, 30), "complex128")
        return a, a.T, mask((30, 30))

    run_both(update, transposed)


def test_masks_sharing_memory_with_the_array_written() -> None:
    def same() -> tuple[np.ndarray, ...]:
        z = mask((300,), seed=4)
        return z, mask((300,), seed=5), z

    def shifted(k: int) -> tuple[np.ndarray, ...]:
        b = runs((301,), seed=6)
        return b[k : k + 300], mask((300,), seed=5), b[1 - k : 301 - k]

    run_both(flip, same)
    run_both(flip, lambda: shifted(0))
    run_both(flip, lambda: shifted(1))
    z = np.where(runs((3, 400), seed=7), 2.0, 0.5)
    run_both(self_mask, lambda: (z.copy(),))
    run_both(self_mask, lambda: (z.copy().T,))


def test_local_update_is_one_masked_loop() -> None:
    c = np.linspace(-2.0, 1.0, 50)[None, :] + 1j * np.linspace(-1.0, 1.0, 40)[:, None]
    run_both(iterate, lambda: (c.copy(), 12))
    text = _ir(iterate, c, 12)
    assert "_masked" not in text, text  # no compacted copies
    assert text.count("alloc #") == 2, text  # z and the mask


def test_forms_that_keep_the_general_lowering() -> None:
    m = mask((120,))
    k = int(m.sum())
    run_both(plus_array, lambda: (arr((120,)), m.copy(), arr((k,), seed=1)))
    run_both(plus_array, lambda: (arr((120,)), m.copy(), arr((1,), seed=1)))
    run_both(plus_array, lambda: (arr((120,)), m.copy(), arr((k + 1,), seed=1)))  # ValueError
    run_both(reversed_values, lambda: (arr((120,)), m.copy()))
    run_both(below_max, lambda: (arr((120,), "int64"), m.copy()))
    run_both(plus_total, lambda: (arr((120,)), arr((120,), seed=1), m.copy()))
    run_both(row_mask, lambda: (arr((5, 7)), mask((5,))))


def test_mismatched_shapes_raise() -> None:
    run_both(update, lambda: (arr((10,)), arr((11,)), mask((10,))))
    run_both(update, lambda: (arr((10,)), arr((10,)), mask((9,))))
    run_both(update, lambda: (arr((4, 5)), arr((4, 5)), mask((5, 4))))


@kiln.jit
def compact(a, b, m):
    a = a[m]
    b = b[m]
    return a, b


@kiln.jit
def compact_changing(a, b, m):
    a = a[m]
    m[0] = not m[0]
    b = b[m]
    return a, b


@kiln.jit
def compact_through_view(a, b, m):
    v = m[1:]
    a = a[m]
    v[0] = not v[0]
    b = b[m]
    return a, b


@kiln.jit
def compact_in_loop(z, c, n):
    for _ in range(n):
        z = z * z + c
        m = abs(z) < 2.0
        z = z[m]
        c = c[m]
    return z, c


def _counts(jf: object, *args: object) -> int:
    return _ir(jf, *args).count("_count = 0")


def test_mask_count_reused_while_unchanged() -> None:
    a, b, m = arr((50,)), arr((50,), "int32", seed=1), mask((50,))
    run_both(compact, lambda: (a.copy(), b.copy(), m.copy()))
    assert _counts(compact, a, b, m) == 1
    run_both(compact_changing, lambda: (a.copy(), b.copy(), m.copy()))
    assert _counts(compact_changing, a, b, m) == 2
    run_both(compact_through_view, lambda: (a.copy(), b.copy(), m.copy()))
    assert _counts(compact_through_view, a, b, m) == 2
    c = np.linspace(-2.0, 1.0, 300) + 0.25j
    run_both(compact_in_loop, lambda: (np.zeros_like(c), c.copy(), 6))
    assert _counts(compact_in_loop, np.zeros_like(c), c, 6) == 1
