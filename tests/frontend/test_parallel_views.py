"""Views bound inside a parallel loop (``row = a[i, :]``): each iteration binds its own, so the
loop stays parallel (``prange`` and the optimizer's ``parallelize``); a view that is written
through, used after the loop, bound under an ``if``, or read where the loop writes its base keeps
the loop sequential. Results against Python on dtypes, layouts and sizes, on one and two
threads."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


def row_sums(a, out):
    for i in kiln.prange(a.shape[0]):
        row = a[i, :]
        out[i] = row.sum()


def row_norms(a, out):
    for i in range(a.shape[0]):
        row = a[i, 1:]
        tail = row[1:]
        out[i] = np.sqrt((row * row).sum()) + tail.max()


def written_through(a, out):
    for i in kiln.prange(a.shape[0]):
        row = out[i, :]
        row[:] = a[i, :] * 2.0


def used_after(a, out):
    row = a[0, :]
    for i in kiln.prange(a.shape[0]):
        row = a[i, :]
        out[i] = row.sum()
    return row.sum()


def bound_under_if(a, out):
    for i in kiln.prange(a.shape[0]):
        if i % 2 == 0:
            row = a[i, :]
            out[i] = row.sum()


def previous_row(a):
    for i in kiln.prange(1, a.shape[0]):
        prev = a[i - 1, :]
        a[i, 0] = prev[0] + prev[-1]


def _loops(fn, *args) -> str:
    return kiln.report(fn, *args)


def _outer_is_parallel(report: str) -> bool:
    return report.splitlines()[2].strip().startswith("parallel")


def _arrays(shape, dtype, layout):
    base = (np.arange(4 * int(np.prod(shape))) % 11 - 3).astype(dtype).reshape(2 * shape[0], 2 * shape[1])
    if layout == "strided":
        return base[::2, ::2]
    return np.array(base[: shape[0], : shape[1]], order=layout)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("shape", [(0, 3), (1, 1), (5, 7), (600, 500)])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_row_views_in_prange_match_python(threads, shape, dtype, layout) -> None:
    a = _arrays(shape, dtype, layout)
    expected, got = np.zeros(shape[0], dtype), np.zeros(shape[0], dtype)
    row_sums(a, expected)
    f = kiln.jit(parallel=True)(row_sums)
    previous = kiln.get_num_threads()
    kiln.set_num_threads(threads)
    try:
        f(a, got)
    finally:
        kiln.set_num_threads(previous)
    np.testing.assert_allclose(got, expected, rtol=1e-5)
    assert _outer_is_parallel(_loops(f, a, got))


@pytest.mark.parametrize("shape", [(1, 3), (6, 9), (700, 400)])
def test_views_of_views_parallelized_by_the_optimizer(shape) -> None:
    a = np.random.default_rng(shape[0]).random(shape)
    expected, got = np.zeros(shape[0]), np.zeros(shape[0])
    row_norms(a, expected)
    f = kiln.jit(parallel=True)(row_norms)
    f(a, got)
    np.testing.assert_allclose(got, expected, rtol=1e-12)
    assert _outer_is_parallel(_loops(f, a, got))


def test_a_view_written_through_keeps_the_loop_sequential() -> None:
    a, out = np.arange(12.0).reshape(3, 4), np.zeros((3, 4))
    f = kiln.jit(parallel=True)(written_through)
    f(a, out)
    np.testing.assert_array_equal(out, a * 2.0)
    assert not _outer_is_parallel(_loops(f, a, out))


def test_a_view_used_after_the_loop_keeps_it_sequential() -> None:
    a, out = np.arange(12.0).reshape(3, 4), np.zeros(3)
    f = kiln.jit(parallel=True)(used_after)
    assert f(a, out) == used_after(a, np.zeros(3))
    assert not _outer_is_parallel(_loops(f, a, out))


def test_a_view_bound_under_an_if_keeps_the_loop_sequential() -> None:
    a, out, expected = np.arange(20.0).reshape(5, 4), np.zeros(5), np.zeros(5)
    f = kiln.jit(parallel=True)(bound_under_if)
    f(a, out)
    bound_under_if(a, expected)
    np.testing.assert_array_equal(out, expected)
    assert not _outer_is_parallel(_loops(f, a, out))


def test_a_view_of_what_the_loop_writes_keeps_it_sequential() -> None:
    a = np.arange(20.0).reshape(5, 4)
    expected = a.copy()
    previous_row(expected)  # row i reads what iteration i - 1 wrote
    f = kiln.jit(parallel=True)(previous_row)
    f(a)
    np.testing.assert_array_equal(a, expected)
    assert not _outer_is_parallel(_loops(f, a))


def test_the_work_estimate_reads_a_views_extent_through_its_definition() -> None:
    """The OpenMP threshold is tested before the loop, where the view is not bound yet: its
    extent must come from the view's definition (``a.shape[1]``), not the unset variable."""
    a, out = np.ones((600, 500)), np.zeros(600)
    f = kiln.jit(parallel=True)(row_sums)
    c = kiln.inspect(f, a, out).split("==== c ====")[1]
    (test,) = [line for line in c.splitlines() if "kiln_team_of_many() &&" in line]
    assert "a_u_row_s0" not in test and "a_p_a_s1" in test
