"""``try/except/else/finally`` in compiled code, differential against CPython: which handler
runs, what the body had done before it raised, the ``else`` and ``finally`` paths, exceptions
raised again after ``finally`` (type and message), nested statements, handlers that raise,
exceptions from inlined helpers and loops; and the constructs refused with a located error."""

from __future__ import annotations

import contextlib
import copy
import io
from typing import Any

import numpy as np
import pytest

import kiln
from kiln.api import arg_type
from kiln.errors import UnsupportedError
from kiln.frontend.python import lower_function
from kiln.ir import nodes as ir
from kiln.ir.interpreter import run_function
from kiln.ir.verifier import verify_function
from kiln.ir.visit import iter_stmts
from kiln.options import Options


def _outcome(fn: Any, args: tuple[Any, ...]) -> tuple[Any, ...]:
    args = copy.deepcopy(args)
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            result = fn(*args)
        kind, value = "returned", result
    except Exception as e:  # noqa: BLE001 -- the exception is what is compared
        kind, value = type(e).__name__, str(e)
    return kind, value, args, out.getvalue()


def same_as_python(fn: Any, *args: Any, **options: Any) -> None:
    """``fn`` compiled and as Python: the same result value (or exception type and message),
    the same array arguments afterwards and the same printed text."""
    want = _outcome(fn, args)
    got = _outcome(kiln.jit(**options)(fn), args)
    assert got[0] == want[0], (got, want)
    if want[0] == "returned":
        np.testing.assert_array_equal(np.asarray(got[1]), np.asarray(want[1]), strict=False)
    else:
        assert got[1] == want[1]
    for g, w in zip(got[2], want[2]):
        np.testing.assert_array_equal(g, w)
    assert got[3] == want[3]


def element_or_default(a, i):
    try:
        x = a[i]
    except IndexError:
        x = -1.0
    return x


@pytest.mark.parametrize("i", [2, 10, -7, -1, 5, -5])
def test_index_error_is_caught_under_boundscheck(i):
    same_as_python(element_or_default, np.arange(5.0), i, boundscheck=True)


def quotient(x, y):
    try:
        q = x // y
    except ZeroDivisionError:
        q = 0
    else:
        q += 100
    return q


@pytest.mark.parametrize("x, y", [(7, 2), (7, 0), (-7, 3), (0, 0)])
def test_else_runs_only_without_an_exception(x, y):
    same_as_python(quotient, x, y)


def per_element(a, k):
    s = 0.0
    for i in range(a.shape[0]):
        try:
            if a[i] < 0:
                raise ValueError("negative")
            s += int(a[i]) // k
        except (ValueError, ZeroDivisionError):
            s -= 1
    return s


@pytest.mark.parametrize("k", [1, 3, 0])
@pytest.mark.parametrize("parallel", [False, True])
def test_handler_in_a_loop_and_a_tuple_of_classes(k, parallel):
    same_as_python(per_element, np.array([1.0, -2.0, 5.0, 7.0]), k, parallel=parallel)


def partial_effects(a, n):
    try:
        for i in range(a.shape[0]):
            for j in range(a.shape[1]):
                a[i, j] = i * 10.0 + j
                if i * a.shape[1] + j == n:
                    raise RuntimeError("stop")
    except RuntimeError:
        a[0, 0] = -5.0
    return a.sum()


@pytest.mark.parametrize("n", [0, 5, 11, 100])
@pytest.mark.parametrize("parallel", [False, True])
def test_what_the_body_did_before_it_raised_stays(n, parallel):
    same_as_python(partial_effects, np.zeros((3, 4)), n, parallel=parallel)


def finally_always(a, k):
    out = 0
    try:
        out = 10 // k
        print("divided")
    finally:
        a[0] = 42.0
        print("finally")
    return out


def handler_raises(a, k):
    try:
        v = 10 // k
    except ZeroDivisionError:
        raise ValueError("converted")  # noqa: B904 -- the plain form is what is compared
    finally:
        a[1] = 7.0
    return v


def else_raises(a, k):
    try:
        v = 10 // k
    except ZeroDivisionError:
        v = -1
    else:
        if v > 3:
            raise IndexError("too big")
    finally:
        a[2] = 1.0
    return v


def reraise_with_values(a, i):
    try:
        x = a[i]
    finally:
        a[0] = 3.0
    return x


@pytest.mark.parametrize("k", [2, 0, 5])
@pytest.mark.parametrize("fn", [finally_always, handler_raises, else_raises])
def test_finally_runs_on_every_path_and_raises_again(fn, k):
    same_as_python(fn, np.zeros(3), k)


@pytest.mark.parametrize("i", [1, 9, -4])
def test_uncaught_check_keeps_its_message(i):
    same_as_python(reraise_with_values, np.zeros(3), i, boundscheck=True)


def nested(a, k):
    try:
        try:
            v = 10 // k
        except ValueError:
            v = -2
        if k == 1:
            raise ValueError("one")
    except ZeroDivisionError:
        v = -3
    except ValueError:
        v = -4
    return v


def _helper(k):
    if k == 0:
        raise ValueError("zero")
    return 10 // k


def through_helper(a, k):
    try:
        v = _helper(k)
    except ArithmeticError:
        v = -2
    except Exception:
        v = -1
    return v


def loop_control(a, k):
    total = 0
    for j in range(4):
        try:
            if j == k:
                continue
            if j == 3 and k == 2:
                break
            total += 100 // (j - 1)
        except ArithmeticError:
            total += 1
    return total


def assertion(x):
    try:
        assert x > 0, "positive"
        r = 1.0
    except AssertionError:
        r = 2.0
    return r


@pytest.mark.parametrize("k", [0, 1, 2, 5])
@pytest.mark.parametrize("fn", [nested, through_helper, loop_control])
def test_nesting_helpers_and_loop_control(fn, k):
    same_as_python(fn, np.zeros(2), k)


@pytest.mark.parametrize("x", [1, -1])
def test_assert_is_caught(x):
    same_as_python(assertion, x)


def test_caught_checks_leave_the_body_and_others_stay_checks():
    """The helper's ValueError and the division's ZeroDivisionError become exits from the
    body's block; the IR verifies and the interpreter takes the same handlers."""
    types_ = (arg_type(np.zeros(2), 0), arg_type(3, 1))
    fn = lower_function(through_helper, types_, Options())
    verify_function(fn)
    stmts = list(iter_stmts(fn.body))
    assert any(isinstance(s, ir.Block) for s in stmts) and any(isinstance(s, ir.Exit) for s in stmts)
    assert not [s for s in stmts if isinstance(s, ir.Check) and s.exc in ("ValueError", "ZeroDivisionError")]
    for k in (0, 2, 5):
        got = run_function(fn, [np.zeros(2), k])
        assert got == through_helper(np.zeros(2), k)


def bare(a):
    try:
        x = a[0]
    except:  # noqa: E722 -- what is refused
        x = 0.0
    return x


def named_of_several_messages(a):
    try:
        if a[0, 0] > 0:
            raise ValueError("positive")
        x = a[0, 1]
        if x == 0:
            raise ValueError("zero")
    except ValueError as e:
        print(e)
        x = 0.0
    return x


def bare_raise_outside(a):
    raise


def named_unused(a, i):
    try:
        x = a[i] // a[0]
    except ZeroDivisionError as e:  # noqa: F841 -- bound and not read
        x = -1.0
    return x


def named_printed(a, i):
    try:
        x = a[i]
    except IndexError as err:
        print("skipped:", err)
        print(f"[{err}] {err!s}")
        x = 0.0
    return x


def named_message_of_a_raise(n):
    total = 0
    for k in range(n):
        try:
            if k % 3 == 2:
                raise ValueError("every third")
            total += k
        except ValueError as e:
            print(k, e)
    return total


def raised_again(a, i):
    try:
        x = a[i] // a[0]
    except ZeroDivisionError as e:
        print("cleaning up")
        raise e
    return x


def raise_in_handler_under_finally(a, i):
    try:
        x = a[i]
    except IndexError:
        raise IndexError("again")  # noqa: B904 -- the chaining is not what is tested
    finally:
        print("finally")
    return x


def bare_raise_again(a, i):
    try:
        x = a[i]
    except IndexError:
        print("cleaning up")
        raise
    finally:
        print("finally")
    return x


@pytest.mark.parametrize("i", [0, 1, 2, 7, -9])
@pytest.mark.parametrize(
    "fn",
    [named_unused, named_printed, raised_again, bare_raise_again, raise_in_handler_under_finally],
    ids=lambda f: f.__name__,
)
def test_named_and_raised_again(fn, i):
    same_as_python(fn, np.array([0, 5, 3]), i, boundscheck=True)
    same_as_python(fn, np.array([2.0, 5.0, 3.0]), i, boundscheck=True)


@pytest.mark.parametrize("n", [0, 3, 10])
def test_named_message_in_a_loop(n):
    same_as_python(named_message_of_a_raise, n)


def test_name_unbound_after_the_handler():
    def after(a):
        try:
            x = a[0] // 0
        except ZeroDivisionError:
            x = 0
        return e, x  # noqa: F821 -- Python unbinds it

    with pytest.raises(Exception):  # noqa: B017 -- Python raises NameError; kiln refuses when compiling
        kiln.jit(after)(np.array([1]))


def break_through_finally(a):
    for _ in range(3):
        try:
            a[0] += 1
        finally:
            break  # noqa: B012 -- what is refused
    return a


def linalg_error(a):
    try:
        return np.linalg.inv(a)
    except np.linalg.LinAlgError:
        return a


def unchecked_index(a):
    try:
        x = a[5]
    except LookupError:
        x = 0.0
    return x


def base_exception(a):
    try:
        x = a[0]
    except BaseException:
        x = 0.0
    return x


class _OwnError(Exception):
    pass


def own_exception(a):
    try:
        x = a[0]
    except _OwnError:
        x = 0.0
    return x


@pytest.mark.parametrize(
    "fn, words",
    [
        (bare, "bare 'except:'"),
        (named_of_several_messages, "statements with different messages"),
        (bare_raise_outside, "a bare 'raise' outside"),
        (break_through_finally, "'break' inside try ... finally"),
        (linalg_error, "LinAlgError of np.linalg.inv"),
        (unchecked_index, "boundscheck=True"),
        (base_exception, "'except BaseException'"),
        (own_exception, "built-in exceptions"),
    ],
)
def test_refused_with_a_located_error(fn, words):
    with pytest.raises(UnsupportedError, match="test_try_except.py:[0-9]+") as info:
        kiln.jit(fn)(np.eye(2))
    assert words in str(info.value)
