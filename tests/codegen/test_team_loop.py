"""One OpenMP region around a time loop of parallel sweeps (``codegen/c_team_loop``).

Values against NumPy on one and two threads at sizes whose sweeps start the team (so the loop
moves into its region after a few steps): stencils, boundary copies and small sweeps run by the
team, allocations by the calling thread, a scalar carried across steps, a reduction read by the
next sweep, nested time loops, a time loop that calls helpers (inlined as blocks), and errors
raised inside the region (the arrays left as NumPy leaves them), while loops, names bound twice
a step, and the threads meeting only where a statement needs it (sweeps of distinct arrays,
parameters that may share memory, gramschmidt's steps). The C holds the region where it fits,
with every sweep an ``omp for`` however small, and not where the loop's counter is read after
the loop or a helper may return early."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from ..transforms.support import threads
except ImportError:
    from transforms.support import threads

N = 70_000  # a sweep of this many elements counts towards starting the team (KILN_PAR_SWEEP)
STEPS = 12


def jacobi(steps, a, b):
    for _t in range(1, steps):
        b[1:-1] = 0.33333 * (a[:-2] + a[1:-1] + a[2:])
        a[1:-1] = 0.33333 * (b[:-2] + b[1:-1] + b[2:])


def with_boundaries(steps, p):
    for _q in range(steps):
        pn = p.copy()
        p[1:-1, 1:-1] = 0.25 * (pn[1:-1, 2:] + pn[1:-1, :-2] + pn[2:, 1:-1] + pn[:-2, 1:-1])
        p[:, -1] = p[:, -2]
        p[0, :] = p[1, :]
        p[:, 0] = p[:, 1]
        p[-1, :] = 0


def carried(steps, a):
    total = 0.0
    for _t in range(steps):
        s = np.sum(a)
        a[:] = a * 0.5 + s * 1e-9
        total += s
    return total


def nested(steps, inner, a, b):
    for _t in range(steps):
        for _q in range(inner):
            b[1:-1] = 0.5 * (a[:-2] + a[2:])
            a[1:-1] = b[1:-1] + 0.25
        a[0] = a[1]


def shrinking(steps, a, b):
    for t in range(steps):
        b[1:-1] = a[t : t + b.shape[0] - 2] * 0.5
        a[1:-1] = b[1:-1] + 1.0


def relax(p, rhs):
    pn = p.copy()
    p[1:-1, 1:-1] = 0.25 * (pn[1:-1, 2:] + pn[1:-1, :-2] + pn[2:, 1:-1] + pn[:-2, 1:-1]) - rhs[1:-1, 1:-1]
    p[:, -1] = p[:, -2]
    p[0, :] = 0.0


def with_helpers(steps, inner, p, rhs):
    for _t in range(steps):
        rhs[1:-1, 1:-1] = 1e-3 * (p[2:, 1:-1] - p[:-2, 1:-1])
        for _q in range(inner):
            relax(p, rhs)


def relax_or_stop(p, rhs):
    if p[0, 0] > 1e9:
        return
    p[1:-1, 1:-1] = 0.5 * (p[1:-1, 2:] + p[1:-1, :-2]) - rhs[1:-1, 1:-1]


def with_early_return(steps, p, rhs):
    for _t in range(steps):
        relax_or_stop(p, rhs)


def counter_after(steps, a, b):
    for t in range(steps):  # noqa: B007 (returned)
        b[1:-1] = 0.5 * (a[:-2] + a[2:])
        a[1:-1] = b[1:-1]
    return t


def flags(steps, a, f):
    for _t in range(steps):
        f[:] = a > 0.5
        a[:] = a * 0.9


def _c(f, *args) -> str:
    return kiln.inspect(kiln.jit(f, parallel=True), *args).split("==== c ====\n", 1)[1]


def _both(f, make, count: int):
    want_args, got_args = make(), make()
    want = f(*want_args)
    with threads(count):
        got = kiln.jit(f, parallel=True)(*got_args)
    if want is not None:
        np.testing.assert_allclose(got, want, rtol=1e-12)
    for g, w in zip(got_args, want_args, strict=True):
        if isinstance(w, np.ndarray):
            np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-300)


def grid(rows: int, cols: int) -> np.ndarray:
    return np.add.outer(np.arange(float(rows)), np.arange(float(cols))) % 7.0


def _vectors(n: int = N):
    return lambda: [np.linspace(0.0, 1.0, n) ** 2, np.zeros(n)]


@pytest.mark.parametrize("count", [1, 2])
def test_stencil_time_loop(count):
    a, b = _vectors()()
    assert "#pragma omp parallel firstprivate(" in _c(jacobi, STEPS, a, b)
    _both(jacobi, lambda: [STEPS, *_vectors()()], count)
    _both(jacobi, lambda: [STEPS, *_vectors(9)()], count)  # too small to start the team
    _both(jacobi, lambda: [1, *_vectors()()], count)  # no step at all


def test_each_thread_points_at_the_copys_block_itself():
    # the copy's block is taken once before the loop: each step only points the array at it,
    # which every thread does into its own copy of the pointer, with no block on the calling
    # thread and no meeting but the six sweeps' own
    c = _c(with_boundaries, 6, grid(300, 400))
    private, region = c.split("#pragma omp parallel firstprivate(", 1)[1].split(")\n", 1)
    assert "#pragma omp master" not in region and "kiln_scratch_array" not in region
    assert region.count("kiln_barrier_wait(") == 6
    copy = next(name for name in private.split(", ") if name.endswith("_arr_d"))
    assert f"{copy} = (double*)PyArray_DATA(" in region


def rebinding(steps, p):
    pn = p.copy()
    for _q in range(steps):
        w = 0.25
        pn = p.copy()
        p[1:-1, 1:-1] = w * (pn[1:-1, 2:] + pn[1:-1, :-2] + pn[2:, 1:-1] + pn[:-2, 1:-1])
        w = 0.5
        pn = p.copy()
        p[1:-1, 1:-1] = w * (pn[1:-1, 2:] + pn[:-2, 1:-1])
        p[:, -1] = p[:, -2]


@pytest.mark.parametrize("count", [1, 2])
def test_names_bound_twice_a_step_on_every_thread(count):
    # w is assigned twice a step, each time by a statement every thread runs itself: each
    # thread's copy holds what the step left there (pn, two fresh copies, is bound on the
    # calling thread)
    private = _c(rebinding, 6, grid(300, 400)).split("#pragma omp parallel firstprivate(", 1)[1]
    assert "v_u_w" in private.split(")", 1)[0].split(", ")
    _both(rebinding, lambda: [6, grid(300, 400)], count)
    _both(rebinding, lambda: [1, grid(300, 400)], count)
    _both(rebinding, lambda: [40, grid(3, 3)], count)  # too small to start the team


def test_every_sweep_in_the_region_is_an_omp_for():
    c = _c(with_boundaries, 6, grid(300, 400))
    region = c.split("#pragma omp parallel firstprivate(", 1)[1]
    # the copy, the stencil and the four boundary sweeps (300 or 400 elements each)
    assert region.count("#pragma omp for") == 6
    assert "KILN_PAR_NEAR" not in region
    # the team meets at its own barrier (prelude's kiln_barrier_wait), not at libgomp's
    assert region.count(" nowait") == 6 and "#pragma omp barrier" not in region
    assert region.count("kiln_barrier_wait(") >= 6


def test_a_reduction_keeps_the_barrier_that_completes_it():
    c = _c(carried, STEPS, np.linspace(0.0, 1.0, N))
    region = c.split("#pragma omp parallel firstprivate(", 1)[1]
    reductions = [line for line in region.splitlines() if "#pragma omp for" in line and "reduction(" in line]
    assert reductions and not any("nowait" in line for line in reductions)


@pytest.mark.parametrize("steps", [1, 2, 40])
def test_more_threads_than_cores_meet_at_every_step(steps):
    # three threads on a two-core machine: a waiting thread must yield to the one off its core
    _both(with_boundaries, lambda: [steps, grid(300, 400)], 3)
    _both(jacobi, lambda: [steps * 10, *_vectors()()], 3)


@pytest.mark.parametrize("count", [1, 2])
@pytest.mark.parametrize("shape", [(300, 400), (3, 3), (2, 70_000), (70_000, 2)])
def test_small_sweeps_on_the_team(count, shape):
    _both(with_boundaries, lambda: [6, grid(*shape)], count)


@pytest.mark.parametrize("count", [1, 2])
def test_a_time_loop_calling_helpers_runs_in_one_region(count):
    make = lambda: [5, 3, grid(300, 400), np.zeros((300, 400))]  # noqa: E731
    assert "#pragma omp parallel firstprivate(" in _c(with_helpers, *make())
    _both(with_helpers, make, count)


@pytest.mark.parametrize("count", [1, 2])
def test_a_helper_that_may_return_early_keeps_a_region_per_sweep(count):
    make = lambda: [5, grid(300, 400), np.ones((300, 400))]  # noqa: E731
    assert "#pragma omp parallel firstprivate(" not in _c(with_early_return, *make())
    _both(with_early_return, make, count)


@pytest.mark.parametrize("count", [1, 2])
def test_scalar_carried_and_reduction_read_by_the_next_sweep(count):
    _both(carried, lambda: [STEPS, np.linspace(0.0, 1.0, N)], count)


@pytest.mark.parametrize("count", [1, 2])
def test_nested_time_loops(count):
    _both(nested, lambda: [4, 5, *_vectors()()], count)


@pytest.mark.parametrize("count", [1, 2])
def test_error_inside_the_region_leaves_numpys_arrays(count):
    # a[t : t + n - 2] comes up short at t = 11: NumPy raises after ten full steps
    make = lambda: [STEPS + 4, np.linspace(0.0, 1.0, N + 8), np.zeros(N)]  # noqa: E731
    want_args, got_args = make(), make()
    with pytest.raises(ValueError) as want:
        shrinking(*want_args)
    with threads(count), pytest.raises(ValueError) as got:
        kiln.jit(shrinking, parallel=True)(*got_args)
    assert "broadcast" in str(got.value) and "broadcast" in str(want.value)
    for g, w in zip(got_args[1:], want_args[1:], strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-12)


def test_a_counter_read_after_the_loop_is_set_by_the_calling_thread():
    c = _c(counter_after, STEPS, *_vectors()())
    assert "#pragma omp parallel firstprivate(" in c and "#pragma omp master" in c
    for count in (1, 2):
        _both(counter_after, lambda: [STEPS, *_vectors()()], count)


def test_sequential_builds_have_no_region():
    a, b = _vectors()()
    c = kiln.inspect(kiln.jit(jacobi), STEPS, a, b).split("==== c ====\n", 1)[1]
    assert "#pragma omp parallel firstprivate(" not in c and "#pragma omp for" not in c


def test_byte_stores_keep_a_region_per_sweep():
    # a byte store may alias the shared pointers of a region: gcc would reload them per element
    make = lambda: [STEPS, np.linspace(0.0, 1.0, N), np.zeros(N, dtype=bool)]  # noqa: E731
    assert "#pragma omp parallel firstprivate(" not in _c(flags, *make())
    for count in (1, 2):
        _both(flags, make, count)


def settle(u, tol):
    # NPBench channel_flow's shape: steps until a relative change made of sums falls below tol
    change = 1.0
    steps = 0
    while change > tol:
        un = u.copy()
        u[1:-1, 1:-1] = 0.25 * (un[1:-1, 2:] + un[1:-1, :-2] + un[2:, 1:-1] + un[:-2, 1:-1]) + 0.01
        u[0, :] = 0.0
        change = (np.sum(u) - np.sum(un)) / np.sum(u)
        steps += 1
    return steps


def until_element(a, b, limit):
    while a[1] < limit:
        b[1:-1] = 0.5 * (a[:-2] + a[2:]) + 1.0
        a[1:-1] = b[1:-1]
    return a[1]


def settle_with_helper(u, tol):
    change = 1.0
    while change > tol:
        un = smoothed(u)
        change = np.sum(np.abs(u - un))
        u[:, :] = un


def smoothed(u):
    out = u.copy()
    out[1:-1, 1:-1] = 0.5 * u[1:-1, 1:-1] + 0.125 * (u[1:-1, 2:] + u[1:-1, :-2] + u[2:, 1:-1] + u[:-2, 1:-1])
    return out


def _region_loop(c: str) -> str:
    """The first line of the loop a region runs (a region opens after its barrier's declaration)."""
    if "kiln_barrier k_bar" not in c:
        return ""
    lines = c.split("kiln_barrier k_bar", 1)[1].splitlines()
    assert lines[1].strip().startswith("#pragma omp parallel") and lines[2].strip() == "{"
    return lines[3].strip()


@pytest.mark.parametrize("count", [1, 2])
def test_a_while_loop_of_sweeps_runs_in_one_region(count):
    # every thread evaluates the condition; the sums that make it complete at OpenMP's barrier
    c = _c(settle, grid(300, 400) / 7.0, 1e-4)
    assert _region_loop(c).startswith("while (")
    _both(settle, lambda: [grid(300, 400) / 7.0, 1e-4], count)
    _both(settle, lambda: [grid(300, 400) / 7.0, 10.0], count)  # one step only
    _both(settle, lambda: [grid(4, 5) / 7.0, 1e-4], count)  # too small to start the team


@pytest.mark.parametrize("count", [1, 2, 3])
def test_a_while_condition_on_an_element_the_sweeps_write(count):
    assert _region_loop(_c(until_element, *_vectors()(), 40.0)).startswith("while (")
    _both(until_element, lambda: [*_vectors()(), 40.0], count)
    _both(until_element, lambda: [*_vectors()(), -1.0], count)  # no step at all


@pytest.mark.parametrize("count", [1, 2])
def test_a_helper_returning_at_its_end_stays_in_the_region(count):
    # the helper's closing return leaves its inlined block where the block ends: no exit
    c = _c(settle_with_helper, grid(300, 400), 1e-3)
    assert _region_loop(c).startswith("while (") and "goto kiln_exit_" not in c
    _both(settle_with_helper, lambda: [grid(300, 400), 1e-3], count)


def halves(steps, a):
    t = np.zeros_like(a)
    u = np.zeros_like(a)
    for _s in range(steps):
        t[1:-1] = a[:-2] * 0.5
        u[: a.shape[0] // 2] = a[::2] * 0.25  # not fused with t's sweep: other extents
        a[1:-1] = t[1:-1] + u[1:-1] + 0.125


def halves_into(steps, a, x, y):
    for _s in range(steps):
        x[1:-1] = a[:-2] * 0.5
        y[1:-1] = a[2:] * 0.25
        a[1:-1] = x[1:-1] + y[1:-1] + 0.125


def orthogonalize(A):
    Q = np.zeros_like(A)
    R = np.zeros((A.shape[1], A.shape[1]), dtype=A.dtype)
    for k in range(A.shape[1]):
        nrm = np.dot(A[:, k], A[:, k])
        R[k, k] = np.sqrt(nrm)
        Q[:, k] = A[:, k] / R[k, k]
        for j in range(k + 1, A.shape[1]):
            R[k, j] = np.dot(Q[:, k], A[:, j])
            A[:, j] -= Q[:, k] * R[k, j]
    return Q, R


def _meetings(c: str) -> int:
    """The meetings in a region's loop body (the first region's)."""
    return (
        c.split("kiln_barrier k_bar", 1)[1]
        .split("kiln_team = KILN_PAR_MIN;", 1)[0]
        .count("kiln_barrier_wait(")
    )


@pytest.mark.parametrize("count", [1, 2, 3])
def test_sweeps_of_distinct_arrays_do_not_meet_between(count):
    # t and u are fresh arrays: their sweeps read a and write apart, so the threads meet only
    # before a's sweep (which reads them) and at the step's end (the next t reads a)
    assert _meetings(_c(halves, STEPS, np.linspace(0.0, 1.0, N))) == 2
    _both(halves, lambda: [STEPS, np.linspace(0.0, 1.0, N)], count)
    _both(halves, lambda: [1, np.linspace(0.0, 1.0, N)], count)


@pytest.mark.parametrize("count", [1, 2, 3])
def test_parameters_that_may_share_memory_meet_between(count):
    # x and y are the caller's: they may be one buffer (here they overlap), so y's sweep waits
    # for x's
    _both(halves_into, lambda: [STEPS, np.linspace(0.0, 1.0, N), np.zeros(N), np.zeros(N)], count)

    def shared():
        buffer = np.zeros(N + 1)
        return [STEPS, np.linspace(0.0, 1.0, N), buffer[1:], buffer[:-1]]

    _both(halves_into, shared, count)


@pytest.mark.parametrize("count", [1, 2, 3])
@pytest.mark.parametrize("shape", [(220, 180), (9, 7), (1, 1)])
def test_the_calling_threads_statements_meet_only_their_readers(count, shape):
    # NPBench gramschmidt: R's zeroed row, the norm's initial value and R[k, k] are the calling
    # thread's; the threads meet before the norm (whose start it set), after the norm (OpenMP's
    # barrier), before reading R[k, k], before the columns that read Q, and at the step's end
    def make():
        rng = np.random.default_rng(len(shape) + shape[0])
        return [rng.random(shape) + np.eye(*shape)]

    c = _c(orthogonalize, *make())
    if shape == (220, 180):
        assert _meetings(c) == 4 and "reduction(+:" in c
    want_args, got_args = make(), make()
    want = orthogonalize(*want_args)
    with threads(count):
        got = kiln.jit(orthogonalize, parallel=True)(*got_args)
    for g, w in zip((*got, *got_args), (*want, *want_args), strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12)
