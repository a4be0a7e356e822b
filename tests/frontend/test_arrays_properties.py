"""Property-based checks of slicing and of assignment between overlapping views of one buffer."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import kiln

try:
    from .arrays_support import run_both
except ImportError:
    from arrays_support import run_both

steps = st.sampled_from([1, 2, 3, -1, -2, -3])


@st.composite
def views_1d(draw: st.DrawFn, n: int) -> slice:
    """A slice of a length-``n`` buffer."""
    return slice(draw(st.integers(-n, n)), draw(st.integers(-n - 1, n)), draw(steps))


# Bounds are run-time values; steps must be compile-time constants.
@kiln.jit
def slice_step1(a, lo, hi):
    return a[lo:hi], a[lo:hi, 1:]


@kiln.jit
def slice_step2(a, lo, hi):
    return a[lo:hi:2], a[hi:lo:-2]


@kiln.jit
def slice_step3(a, lo, hi):
    return a[lo:hi:3], a[hi:lo:-3], a[lo::-1], a[:hi:-1]


@kiln.jit
def copy_into(dst, src):
    dst[:] = src


@kiln.jit
def add_into(dst, src):
    dst += src * 2


@kiln.jit
def combine_into(dst, x, y):
    dst[:] = x - y


@settings(max_examples=60, deadline=None)
@given(n=st.integers(0, 9), lo=st.integers(-12, 12), hi=st.integers(-12, 12))
def test_runtime_slice_bounds(n: int, lo: int, hi: int) -> None:
    a = np.arange(n * 3, dtype=np.int64).reshape(n, 3)
    for jf in (slice_step1, slice_step2, slice_step3):
        got, args = run_both(jf, lambda jf=jf: (a.copy(), lo, hi))
        for v in got:
            assert v.size == 0 or np.shares_memory(v, args[0])


def _aliased(n: int, dst: slice, srcs: list[slice], dtype: str) -> tuple[np.ndarray, ...]:
    base = (np.arange(n) * 3 + 1).astype(dtype)
    return (base[dst], *(base[s] for s in srcs))


def _copy_as_if_buffered(n: int, dst: slice, src: slice) -> None:
    """``dst[:] = src`` reads all of ``src`` first. NumPy's plain copy skips its buffer for 1-d
    views whose strides have one sign and walks memory in order instead, which rereads written
    elements when the strides differ (base[6:0:-2] = base[4:1:-1] with n=7); kiln keeps the
    documented as-if-copied semantics that NumPy's ufuncs follow, so that is the reference."""
    got, want = _aliased(n, dst, [src], "float64"), _aliased(n, dst, [src], "float64")
    copy_into(*got)
    want[0][:] = want[1].copy()
    np.testing.assert_array_equal(got[0].base, want[0].base)


def test_a_copy_numpy_does_not_buffer() -> None:
    _copy_as_if_buffered(7, slice(-1, 0, -2), slice(-3, 1, -1))
    base = (np.arange(7) * 3 + 1).astype("float64")
    copy_into(base[-1:0:-2], base[-3:1:-1])
    assert base.tolist() == [1, 4, 7, 10, 10, 16, 13]


@settings(max_examples=150, deadline=None)
@given(n=st.integers(1, 12), data=st.data())
def test_assignment_between_overlapping_views(n: int, data: st.DataObject) -> None:
    """``dst[:] = f(src...)`` where every operand is a slice of one buffer: NumPy reads first."""
    dst = data.draw(views_1d(n))
    m = len(range(n)[dst])
    same_length = views_1d(n).filter(lambda s: len(range(n)[s]) in (m, 1))
    src, other = data.draw(same_length), data.draw(same_length)
    _copy_as_if_buffered(n, dst, src)
    run_both(add_into, lambda: _aliased(n, dst, [src], "int64"))
    run_both(combine_into, lambda: _aliased(n, dst, [src, other], "float64"))


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_2d_assignment_between_overlapping_views(data: st.DataObject) -> None:
    shape = (5, 4)
    rows, cols = data.draw(views_1d(5)), data.draw(views_1d(4))
    target = (len(range(5)[rows]), len(range(4)[cols]))
    src_rows = data.draw(views_1d(5).filter(lambda s: len(range(5)[s]) in (target[0], 1)))
    src_cols = data.draw(views_1d(4).filter(lambda s: len(range(4)[s]) in (target[1], 1)))
    transpose = data.draw(st.booleans()) and target[0] == target[1]

    def make() -> tuple[np.ndarray, np.ndarray]:
        base = np.arange(20, dtype=np.float64).reshape(shape)
        src = base[src_rows, src_cols]
        return base[rows, cols], (src.T if transpose else src)

    run_both(copy_into, make)
    run_both(add_into, make)
