"""Slice assignment and in-place operators with NumPy's aliasing semantics; read-only arguments."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .arrays_support import LAYOUTS_1D, LAYOUTS_2D, arr, run_both
except ImportError:
    from arrays_support import LAYOUTS_1D, LAYOUTS_2D, arr, run_both


# ------------------------------------------------------------------ shifts through aliasing
@kiln.jit
def shift_right(a):
    a[1:] = a[:-1]


@kiln.jit
def shift_left(a):
    a[:-1] = a[1:]


@kiln.jit
def shift_add(a):
    a[1:] += a[:-1]


@kiln.jit
def shift_sub_2d(a):
    a[1:, :] -= a[:-1, :]
    a[:, 1:] *= a[:, :-1]


@kiln.jit
def reverse_into_self(a):
    a[::-1] = a


@kiln.jit
def reverse_from_self(a):
    a[:] = a[::-1]


@kiln.jit
def even_from_odd(a):
    b = a[::2]
    b[:] = a[1::2]


@kiln.jit
def interleaved(a):
    a[::2] = a[1::2] + a[::2]


@kiln.jit
def transpose_into_self(a):
    a[:] = a.T + 1


@kiln.jit
def transpose_add_into_self(a):
    a += a.T


@pytest.mark.parametrize("jf", [shift_right, shift_left, shift_add], ids=lambda f: f.__name__)
@pytest.mark.parametrize("dtype", ("float64", "int32", "bool", "complex128"))
@pytest.mark.parametrize("layout", LAYOUTS_1D)
@pytest.mark.parametrize("n", (0, 1, 2, 9))
def test_shift_1d(jf: kiln.JitFunction, dtype: str, layout: str, n: int) -> None:
    run_both(jf, lambda: (arr((n,), dtype, layout),))


@pytest.mark.parametrize("layout", LAYOUTS_2D)
@pytest.mark.parametrize("shape", ((0, 2), (1, 1), (4, 5)))
def test_shift_2d(layout: str, shape: tuple[int, int]) -> None:
    run_both(shift_sub_2d, lambda: (arr(shape, "int64", layout),))


@pytest.mark.parametrize("jf", [reverse_into_self, reverse_from_self], ids=lambda f: f.__name__)
def test_reverse_through_aliasing(jf: kiln.JitFunction) -> None:
    for layout in LAYOUTS_1D:
        for n in (0, 1, 2, 7):
            run_both(jf, lambda layout=layout, n=n: (arr((n,), "float64", layout),))


@pytest.mark.parametrize("jf", [even_from_odd, interleaved], ids=lambda f: f.__name__)
@pytest.mark.parametrize("layout", LAYOUTS_1D)
@pytest.mark.parametrize("n", (0, 1, 8, 9))
def test_strided_overlaps(jf: kiln.JitFunction, layout: str, n: int) -> None:
    run_both(jf, lambda: (arr((n,), "int32", layout),))


@pytest.mark.parametrize("jf", [transpose_into_self, transpose_add_into_self], ids=lambda f: f.__name__)
@pytest.mark.parametrize("layout", LAYOUTS_2D)
def test_transpose_into_self(jf: kiln.JitFunction, layout: str) -> None:
    run_both(jf, lambda: (arr((5, 5), "float64", layout),))


# ------------------------------------------------------------------ aliased arguments
@kiln.jit
def copy_into(dst, src):
    dst[:] = src


@kiln.jit
def add_into(dst, src):
    dst += src


@kiln.jit
def axpy_into(dst, x, y):
    dst[:] = 2 * x + y


@kiln.jit
def elementwise_loop(dst, src):
    for i in range(dst.shape[0]):
        dst[i] = src[i] + 1


def _shifted(n: int, k: int, layout: str = "C") -> tuple[np.ndarray, np.ndarray]:
    base = arr((n + abs(k),), "float64", layout)
    return (base[k:], base[:-k]) if k > 0 else (base[:k], base[-k:])


@pytest.mark.parametrize("jf", [copy_into, add_into], ids=lambda f: f.__name__)
@pytest.mark.parametrize("k", (1, 2, -1, -3))
@pytest.mark.parametrize("layout", LAYOUTS_1D)
def test_overlapping_argument_views(jf: kiln.JitFunction, k: int, layout: str) -> None:
    run_both(jf, lambda: _shifted(6, k, layout))


@pytest.mark.parametrize("jf", [copy_into, add_into], ids=lambda f: f.__name__)
def test_same_array_twice(jf: kiln.JitFunction) -> None:
    def make() -> tuple[np.ndarray, np.ndarray]:
        x = arr((3, 4), "int64")
        return x, x

    run_both(jf, make)


def test_x_and_x_tail() -> None:
    def make() -> tuple[np.ndarray, np.ndarray]:
        x = arr((7,), "float64")
        return x[:-1], x[1:]

    run_both(copy_into, make)
    run_both(add_into, make)

    def make_reversed() -> tuple[np.ndarray, np.ndarray]:
        x = arr((7,), "float64")
        return x[1:], x[-2::-1]

    run_both(copy_into, make_reversed)


def test_destination_aliases_one_of_two_inputs() -> None:
    def make() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        x = arr((8,), "float64")
        return x[1:], x[:-1], arr((7,), "float64", seed=3)

    run_both(axpy_into, make)

    def make_transposed() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        x = arr((4, 4), "float64")
        return x, x.T, x

    run_both(axpy_into, make_transposed)


def test_explicit_loop_sees_its_own_writes() -> None:
    """A Python loop is sequential: writes of iteration i are visible to iteration i+1."""

    def make() -> tuple[np.ndarray, np.ndarray]:
        x = arr((8,), "float64")
        return x[1:], x[:-1]

    run_both(elementwise_loop, make)


# ------------------------------------------------------------------ fills, rows, broadcasting
@kiln.jit
def fills(a, v):
    a[:] = v
    a[0] = 7
    a[1:3] = -1.0


@kiln.jit
def fill_2d(a, row, v):
    a[1, :] = row
    a[:, 0] = v
    a[2] = row * 2
    a[-1, 1:] = a[0, :-1]
    a[...] += 1


@kiln.jit
def broadcast_into(a, col, row):
    a[:] = col
    a += row
    a[:, :2] = col


@pytest.mark.parametrize("dtype", ("float64", "float32", "int32", "uint8", "bool", "complex128"))
@pytest.mark.parametrize("layout", LAYOUTS_1D)
def test_fill_scalars(dtype: str, layout: str) -> None:
    for v in (3, 2.5, True):
        run_both(fills, lambda v=v: (arr((5,), dtype, layout), v))


@pytest.mark.parametrize("layout", LAYOUTS_2D)
@pytest.mark.parametrize("dtype", ("float64", "int64"))
def test_fill_rows(layout: str, dtype: str) -> None:
    run_both(fill_2d, lambda: (arr((4, 3), dtype, layout), arr((3,), dtype, "strided", 1), 5))
    run_both(fill_2d, lambda: (arr((4, 3), dtype, layout), arr((1,), dtype, "C", 1), 5))


@pytest.mark.parametrize("layout", LAYOUTS_2D)
def test_broadcast_into_destination(layout: str) -> None:
    run_both(broadcast_into, lambda: (arr((4, 3), "float64", layout), arr((4, 1), seed=1), arr((3,), seed=2)))


@pytest.mark.parametrize("col, row", [((3, 1), (3,)), ((4, 2), (3,)), ((4, 1), (2,)), ((1, 4, 1), (3,))])
def test_broadcast_into_incompatible_raises(col: tuple[int, ...], row: tuple[int, ...]) -> None:
    run_both(broadcast_into, lambda: (arr((4, 3), "float64"), arr(col, seed=1), arr(row, seed=2)))


@kiln.jit
def set_leading_ones(a, x):
    a[:] = x
    a[0] = x[0, 0]


@pytest.mark.parametrize("shape", ((1, 4, 1), (1, 1, 3), (1, 1, 4, 3), (2, 4, 1), (1, 4, 2)))
def test_setitem_drops_leading_unit_axes(shape: tuple[int, ...]) -> None:
    run_both(set_leading_ones, lambda: (arr((4, 3), "float64"), arr(shape, "float64", seed=1)))


# ------------------------------------------------------------------ Python numbers into integer arrays
@kiln.jit
def set_number(a, v):
    a[1:] = v


@kiln.jit
def set_constants_uint8(a):
    a[:2] = 255
    a[2:] = 2.9


@kiln.jit
def set_negative_constant_uint8(a):
    a[:] = -1


@kiln.jit
def set_big_constant_int8(a):
    a[:] = 128.0


@pytest.mark.parametrize("dtype", ("uint8", "int8", "int16", "uint32", "int64", "uint64", "float32", "bool"))
@pytest.mark.parametrize(
    "v", (0, 127, 128, -128, -129, 255, 256, -1, 2**40, -(2**63), 2.7, -2.7, -0.5, 255.9, 300.0, 1e30, True)
)
def test_python_number_into_integer_array(dtype: str, v: object) -> None:
    """NumPy's setitem converts Python numbers through int() and raises OverflowError when out of range."""
    run_both(set_number, lambda: (arr((3,), dtype), v))


@pytest.mark.parametrize("v", (float("nan"), float("inf"), -float("inf")))
@pytest.mark.parametrize("dtype", ("int32", "uint8", "float64"))
def test_nan_and_inf_into_integer_array(v: float, dtype: str) -> None:
    run_both(set_number, lambda: (arr((3,), dtype), v))


def test_numpy_scalars_into_integer_arrays() -> None:
    run_both(set_number, lambda: (arr((3,), "int32"), np.int64(300)))
    run_both(set_number, lambda: (arr((3,), "int64"), np.float32(-2.5)))
    run_both(set_number, lambda: (arr((3,), "float32"), np.int16(-7)))


@kiln.jit
def set_element(a, v):
    a[0] = v


@kiln.jit
def set_element_2d(a, i, v):
    a[i, -1] = v + 1


@pytest.mark.parametrize("v", (-1, 256, float("nan"), float("inf"), 2.7, -0.5, 255, 1e30, True))
@pytest.mark.parametrize("dtype", ("uint8", "int8", "int64"))
def test_python_number_into_one_element(v: object, dtype: str) -> None:
    """NumPy's setitem converts a Python number through int(): it must fit (or raise)."""
    run_both(set_element, lambda: (arr((3,), dtype), v))


def test_numbers_into_one_element_unchecked_where_numpy_does_not_check() -> None:
    run_both(set_element, lambda: (arr((3,), "uint8"), np.int64(300)))  # a NumPy scalar: C cast
    run_both(set_element, lambda: (arr((3,), "float32"), -1))
    run_both(set_element, lambda: (arr((3,), "bool"), 2))
    run_both(set_element, lambda: (arr((3,), "int16"), 1j))  # TypeError
    for i, v in ((0, 254), (1, 255), (-1, -2)):  # an expression of Python ints is a Python int
        run_both(set_element_2d, lambda i=i, v=v: (arr((2, 3), "uint8", "F"), i, v))


def test_constants_into_integer_arrays() -> None:
    run_both(set_constants_uint8, lambda: (arr((4,), "uint8"),))
    run_both(set_negative_constant_uint8, lambda: (arr((4,), "uint8"),))
    run_both(set_negative_constant_uint8, lambda: (arr((0,), "uint8"),))
    run_both(set_big_constant_int8, lambda: (arr((2,), "int8"),))


@kiln.jit
def add_int_in_place(a):
    a += 200


@kiln.jit
def add_number_in_place(a, v):
    a[1:] += v


def test_in_place_with_out_of_range_python_int_raises() -> None:
    """NEP 50: ``int8_array += 200`` raises OverflowError (200 does not fit int8)."""
    run_both(add_int_in_place, lambda: (arr((3,), "int8"),))
    run_both(add_int_in_place, lambda: (arr((3,), "int16"),))
    for v in (100, 200, -129, 2.5):
        run_both(add_number_in_place, lambda v=v: (arr((3,), "int8"), v))


@kiln.jit
def add_array_in_place_2d(a, x):
    a += x


@kiln.jit
def add_array_into_view(a, x):
    a[:, 1:] += x


@pytest.mark.parametrize(
    "shape, view",
    [((1, 2, 3), False), ((1, 1, 3), False),
     ((2, 3), False), ((3,), False), ((1, 3), False), ((3, 3), False),
     ((1, 2, 2), True), ((2, 2), True), ((1, 1), True)],
)  # fmt: skip
def test_in_place_result_must_fit_the_array(shape: tuple[int, ...], view: bool) -> None:
    """``a += x``: the result is written into ``a``, which is not broadcast; unlike ``a[:] = x``
    a result with more axes raises NumPy's ValueError (non-broadcastable output operand)."""
    f = add_array_into_view if view else add_array_in_place_2d
    run_both(f, lambda: (arr((2, 3), "float64"), arr(shape, "float64", seed=1)))


def test_in_place_result_with_more_axes_is_refused() -> None:
    # Raised when the statement runs, like NumPy (a branch never taken must stay valid).
    with pytest.raises(ValueError, match="non-broadcastable output operand"):
        add_array_in_place_2d(arr((2, 3), "float64"), arr((1, 2, 3), "float64"))
    with pytest.raises(ValueError, match="broadcast"):  # (2, 2) and (1, 2, 3) do not broadcast at all
        add_array_into_view(arr((2, 3), "float64"), arr((1, 2, 3), "float64"))
    with np.testing.assert_raises(ValueError):
        a = arr((2, 3), "float64")
        a[:, 1:] += arr((1, 2, 3), "float64")


# ------------------------------------------------------------------ casting in place
@kiln.jit
def add_float_in_place(a):
    a += 1.5


@kiln.jit
def add_array_in_place(a, b):
    a += b


@kiln.jit
def mul_in_place(a, b):
    a *= b


def test_int_plus_float_in_place_raises_type_error() -> None:
    """NumPy: ``int_array += 1.5`` fails with same_kind casting (a TypeError, UFuncTypeError)."""
    with pytest.raises(TypeError):
        add_float_in_place(arr((4,), "int64"))
    with pytest.raises(TypeError):
        add_array_in_place(arr((4,), "int32"), arr((4,), "float64"))


@pytest.mark.parametrize(
    "da, db",
    [
        ("float32", "float64"),  # same kind: allowed, rounds to float32
        ("int8", "int64"),  # same kind: wraps
        ("float64", "int32"),
        ("complex128", "float64"),
        ("int32", "bool"),
        ("uint8", "uint16"),
        ("int64", "float64"),  # not same kind: TypeError
        ("bool", "int8"),
        ("float64", "complex128"),
    ],
)
def test_in_place_casting(da: str, db: str) -> None:
    run_both(add_array_in_place, lambda: (arr((2, 3), da), arr((3,), db, seed=1)))
    run_both(mul_in_place, lambda: (arr((2, 3), da), arr((2, 3), db, seed=1)))


# ------------------------------------------------------------------ read-only arguments
def _readonly(a: np.ndarray) -> np.ndarray:
    a.setflags(write=False)
    return a


@kiln.jit
def reads_only(a):
    return a * 2 + a[0]


@kiln.jit
def writes_whole(a):
    a[:] = 0


@kiln.jit
def writes_element_if(a, flag):
    if flag:
        a[0] = 1.0
    return a.sum()


@kiln.jit
def writes_through_view(a):
    b = a[1:]
    b += 1


@pytest.mark.parametrize("layout", LAYOUTS_1D)
def test_read_only_argument_can_be_read(layout: str) -> None:
    run_both(reads_only, lambda: (_readonly(arr((5,), "float64", layout)),))


@pytest.mark.parametrize("jf", [writes_whole, writes_through_view], ids=lambda f: f.__name__)
def test_writing_a_read_only_argument_raises(jf: kiln.JitFunction) -> None:
    a = _readonly(arr((5,), "float64"))
    with pytest.raises(ValueError):
        jf.py_func(a)
    with pytest.raises(ValueError):
        jf(a)
    np.testing.assert_array_equal(a, arr((5,), "float64"))


def test_read_only_check_happens_on_entry() -> None:
    """kiln checks that an argument it may write is writeable before running (a deliberate
    difference: NumPy raises only when the write happens)."""
    with pytest.raises(ValueError):
        writes_element_if(_readonly(arr((3,), "float64")), True)
    got = writes_element_if(arr((3,), "float64"), False)
    assert got == arr((3,), "float64").sum()


def test_read_only_view_of_writable_base() -> None:
    base = arr((6,), "float64")
    view = base[::2]
    view.setflags(write=False)
    with pytest.raises(ValueError):
        writes_whole(view)
    np.testing.assert_array_equal(base, arr((6,), "float64"))
