"""Re-binding a name to a value of another type. On straight-line code each binding whose
type does not fit the variable gets a variable of its own, and so does every re-binding of an
array at a function's top level; under loops and branches, where the bindings meet, a clash is
a located TypingError. Differential against plain Python."""

from __future__ import annotations

import numpy as np
import pytest
from numpy_support import arr, check

import kiln


def views_rebound(a):
    x = a[1:]
    x = x[::2]
    x[0] = 7.0  # writes into a through both views
    y = x
    x = x * 2.0
    x += 1.0
    return x, y, a


def relu_chain(a):
    x = np.maximum(a, 0.0)
    x = x[:, ::-1] + x
    x = np.maximum(x - 1.0, 0.0)
    return x


@kiln.jit
def flatten_features(a, n):
    x = a * 2
    x = x.reshape(n, -1)
    x = x @ np.ones((x.shape[1], 2), dtype=x.dtype)
    return x


@kiln.jit
def keep_the_old_value(a):
    x = a + 1
    old = x
    x = x.sum(axis=0)
    return old, x


@kiln.jit
def scalar_then_array(a):
    x = 3
    y = x // 2
    x = a * y
    x = x.shape[0] + 0.5
    return x, y


@kiln.jit
def int_then_float(n):
    x = n
    q = x // 4
    x = x / 4
    return q, x


@kiln.jit
def augmented_changes_type(n):
    x = n
    x += 0.5
    y = 7
    y /= 2
    return x, y


@kiln.jit
def tuple_then_other_tuple(a):
    t = (1, 2)
    s = t[0] + t[1]
    t = (a.sum(), a, 2.5)
    return s, t[0], t[1] * t[2]


@kiln.jit
def parameter_rebound(a):
    a = a.reshape(-1)
    a = a[::2].astype(np.float32)
    return a


@kiln.jit
def loop_after_rebinding(a):
    x = 0
    x = a.copy()
    for _i in range(3):
        x = x * 2
    return x


@kiln.jit
def layouts(a):
    x = a
    s = x[0, 0]
    x = x.T
    t = x[0, 0]
    x = x[::2]
    return s, t, x.copy()


def helper_rebinds(v):
    w = v * 2
    w = w.sum()
    return w


@kiln.jit
def helper_in_a_loop(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += helper_rebinds(a[i])
    return s


@kiln.jit
def loop_targets_of_other_types(a, b):
    s = np.float64(0.0)
    for x in a:
        s += x
    t = 0
    for x in range(3):
        t += x
    for x in b:
        t += x
    return s, t


@kiln.jit
def read_after_a_retyping_loop(n):
    x = 1.5
    for x in range(n):  # noqa: B007 - the loop target is what is read after the loop
        pass
    return x


@kiln.jit
def clash_in_a_loop(a):
    x = 0
    for _i in range(2):
        x = a
    return x


@kiln.jit
def clash_in_a_branch(a, c):
    x = a
    if c:
        x = a.reshape(-1)
    return x


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "complex128"])
@pytest.mark.parametrize("shape", [(2, 3, 4, 5), (1, 1, 1, 1), (3, 0, 2, 2)])
def test_four_d_then_two_d(dtype: str, shape: tuple[int, ...]) -> None:
    check(flatten_features, arr(shape, dtype), shape[0])


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_the_old_value_lives_on(layout: str) -> None:
    check(keep_the_old_value, arr((3, 4), "int32", layout))
    check(layouts, arr((4, 3), "float64", layout))


def test_scalars_change_type() -> None:
    check(scalar_then_array, arr((5,), "int16"))
    check(int_then_float, 9)
    check(augmented_changes_type, 3)
    check(tuple_then_other_tuple, arr((3,), "float32"))


@pytest.mark.parametrize("shape", [(2, 3), (5,), (0, 4)])
def test_parameter_rebound(shape: tuple[int, ...]) -> None:
    check(parameter_rebound, arr(shape, "int64"))


def test_loops_use_the_binding_before_them() -> None:
    check(loop_after_rebinding, arr((2, 2), "float32"))
    check(helper_in_a_loop, arr((3, 4), "float64"))


def test_clashes_under_control_flow_are_located() -> None:
    with pytest.raises(kiln.TypingError, match="variable 'x' holds") as info:
        clash_in_a_loop(np.ones(2))
    assert "x = a" in str(info.value)
    with pytest.raises(kiln.TypingError, match="variable 'x' holds"):
        clash_in_a_branch(np.ones((2, 2)), True)


def test_loop_targets_of_other_types() -> None:
    check(loop_targets_of_other_types, arr((3,), "float32"), arr((4,), "int32"))
    check(loop_targets_of_other_types, arr((0,), "float64"), arr((2,), "uint8"))


def test_reading_a_loop_target_that_may_keep_its_old_type_is_unsupported() -> None:
    with pytest.raises(kiln.UnsupportedError, match="after a loop that may not run"):
        read_after_a_retyping_loop(3)


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
@pytest.mark.parametrize("shape", [(1, 3), (5, 4), (0, 2)])
def test_array_rebindings_match_python(layout: str, shape: tuple[int, ...]) -> None:
    check(kiln.jit(relu_chain), arr(shape, "float64", layout))
    if shape[0] > 1:
        check(kiln.jit(views_rebound), arr(shape, "float64", layout))


def test_each_top_level_array_binding_has_its_own_variable() -> None:
    from tests.transforms.support import lower

    from kiln.ir import nodes as ir
    from kiln.ir.visit import iter_stmts

    fn = lower(relu_chain, np.ones((3, 2)))
    kinds = ir.View | ir.Alloc
    bound = [s.target for s in iter_stmts(fn.body) if isinstance(s, kinds) and s.target.startswith("u_x")]
    assert len(bound) == 3 and len(set(bound)) == 3, bound
