"""Lists of numbers built in compiled code, differential against CPython: ``[]`` and
``append`` (growing past the first buffer), comprehensions with conditions and nested loops,
``[x] * n``, indexing and assignment with Python's ``IndexError``, ``pop``, ``extend``,
``clear``, ``len``, iteration, ``sum``/``min``/``max``, ``np.array``, lists shared between
names and passed to helpers, lists re-made in loops and branches; element types settled from
what is appended; and the forms refused with a located error."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

import kiln
from kiln.errors import UnsupportedError


def _run(fn: Any, args: tuple[Any, ...], **options: Any) -> Any:
    try:
        return fn(*copy.deepcopy(args))
    except Exception as e:  # noqa: BLE001 -- the exception is what is compared
        return (type(e).__name__, str(e))


def same_as_python(fn: Any, *args: Any, **options: Any) -> None:
    """Equal values, the same dtypes for arrays, the same exception type and message."""
    want = _run(fn, args)
    got = _run(kiln.jit(**options)(fn), args)

    def shape(v: Any) -> Any:
        if isinstance(v, tuple):
            return tuple(shape(x) for x in v)
        if isinstance(v, list):  # a list's items are Python's own numbers, as in Python
            return "list", v, [type(x).__name__ for x in v]
        if isinstance(v, np.ndarray):
            return ("array", v.dtype.str, v.tolist())
        return v

    assert shape(got) == shape(want)


def squares(n):
    out = []
    for i in range(n):
        out.append(i * i)
    return np.array(out), len(out)


def positives_doubled(a):
    res = []
    for x in a:
        if x > 0:
            res.append(x * 2)
    return np.array(res), len(res)


def comprehension(n):
    halves = [i * 0.5 for i in range(n) if i % 2 == 0]
    pairs = [i * j for i in range(n) for j in range(i)]
    return sum(halves), len(halves), max(halves, default=-1.0), sum(pairs), len(pairs)


def indexing(n, i):
    values = []
    for k in range(n):
        values.append(float(k))
    values[i] = 42.0
    return values[i] + values[-1] + values[n // 2], values[-n]


def pops(n, i):
    values = [1, 2, 3]
    for k in range(n):
        values.append(k)
    last = values.pop()
    at = values.pop(i)
    return last, at, len(values), np.array(values)


def shared(n):
    a = []
    b = a
    for i in range(n):
        b.append(i)
    b.clear()
    a.append(9)
    return len(a), b[0]


def promoted(n):
    values = []
    values.append(1)
    for i in range(n):
        values.append(i / 2)
    return np.array(values)


def iterated(n):
    values = [i for i in range(n)]
    s = 0
    for x in values:
        s += x
    return s, sum(values), min(values, default=0)


def remade_each_iteration(n):
    total = 0.0
    for j in range(3):
        row = []
        for i in range(n + j):
            row.append(i * 1.5)
        total += sum(row)
    return total


def extended(n):
    values = [1.0]
    values.extend([2.0, 3.0])
    values.extend([i * 1.0 for i in range(n)])
    values.extend(values)
    return np.array(values)


def repeated(n):
    zeros = [0.0] * n
    for i in range(n):
        zeros[i] = i * 2.0
    pattern = 2 * [1, 2]
    pattern[0] = 5
    return np.array(zeros), np.array(pattern), len(zeros)


def _append_to(values, x):
    values.append(x)
    return len(values)


def through_helper(n):
    values = []
    for i in range(n):
        _append_to(values, i * 1.0)
    return np.array(values)


def branches(n):
    if n > 2:
        values = [1.0]
    else:
        values = []
    values.append(3.0)
    return np.array(values)


def chosen(a, threshold):
    picked = [k for k in range(a.shape[0]) if a[k] > threshold]
    total = 0.0
    for k in range(len(picked)):
        total += a[picked[k]] * k
    return total, np.array(picked, dtype=np.int32)


def numpy_of_list(n):
    values = [i * 0.5 for i in range(n)]
    return np.mean(values), np.max(values), np.asarray(values, dtype=np.float32), np.cumsum(values)


def returned(n):
    squares = [i * i for i in range(n)]
    halves = []
    for i in range(n):
        halves.append(i / 2)
    if n > 3:
        return squares, (halves, n)
    return [], ([0.5], n)


def returned_alone(n):
    return [i % 2 == 0 for i in range(n)]


def copied_between(n):
    ints = []
    copies = []
    for i in range(n):
        ints.append(i)
        copies.append(ints[i] * 2)
    return copies


CASES = [
    (copied_between, (4,)),
    (returned, (5,)),
    (returned, (2,)),
    (returned_alone, (3,)),
    (numpy_of_list, (5,)),
    (squares, (1,)),
    (squares, (9,)),
    (squares, (100,)),
    (positives_doubled, (np.array([1.0, -2.0, 3.0, 0.0]),)),
    (positives_doubled, (np.array([1, 5, -2], dtype=np.int32),)),
    (comprehension, (0,)),
    (comprehension, (7,)),
    (indexing, (5, 1)),
    (indexing, (5, -2)),
    (indexing, (5, 5)),
    (indexing, (5, -6)),
    (pops, (4, 0)),
    (pops, (4, -2)),
    (pops, (0, 5)),
    (shared, (4,)),
    (promoted, (3,)),
    (iterated, (6,)),
    (iterated, (0,)),
    (remade_each_iteration, (20,)),
    (extended, (3,)),
    (repeated, (4,)),
    (repeated, (0,)),
    (repeated, (-3,)),
    (through_helper, (5,)),
    (branches, (5,)),
    (branches, (1,)),
    (chosen, (np.random.default_rng(0).random(300), 0.5)),
]


@pytest.mark.parametrize("parallel", [False, True])
@pytest.mark.parametrize("fn, args", CASES, ids=[f"{f.__name__}{a[-1:]}" for f, a in CASES])
def test_against_python(fn, args, parallel):
    same_as_python(fn, *args, parallel=parallel)


def empty_pop():
    values = []
    return values.pop()


def test_pop_from_an_empty_list_raises_pythons_error():
    same_as_python(empty_pop)


def holds_arrays(a):
    rows = []
    rows.append(a)
    return len(rows)


def returned_display(a):
    return [a, a]


def sliced(n):
    values = [i for i in range(n)]
    return sum(values[1:])


def printed(n):
    values = [n]
    values.append(2)
    print(values)


def test_printed_as_python_prints_it(capsys):  # more in test_print.py
    printed(3)
    want = capsys.readouterr().out
    kiln.jit(printed)(3)
    assert capsys.readouterr().out == want == "[3, 2]\n"


@pytest.mark.parametrize(
    "fn, words",
    [
        (holds_arrays, "lists built in compiled code hold numbers"),
        (returned_display, "returning a list display or a list argument"),
        (sliced, "slicing a list"),
    ],
)
def test_refused_with_a_located_error(fn, words):
    with pytest.raises(UnsupportedError, match="test_lists_built.py:[0-9]+") as info:
        kiln.jit(fn)(np.ones(2) if fn in (holds_arrays, returned_display) else 3)
    assert words in str(info.value)


def test_list_results_print_parse_and_interpret():
    """``lists:`` in the IR's text form round-trips; the interpreter hands back lists too."""
    from kiln.api import arg_type
    from kiln.frontend.python import lower_function
    from kiln.ir.interpreter import run_function
    from kiln.ir.parser import parse_function
    from kiln.ir.printer import print_function
    from kiln.options import Options

    fn = lower_function(returned, (arg_type(5, 0),), Options())
    assert fn.list_results == (0, 1)
    text = print_function(fn)
    parsed = parse_function(text)
    assert "lists: 0, 1" in text and parsed.list_results == (0, 1) and print_function(parsed) == text
    assert run_function(fn, [5]) == returned(5)


def sorting(a, reverse):
    values = [x for x in a]
    values.sort(reverse=reverse)
    ordered = sorted(a)
    backwards = sorted(values, reverse=True)
    copied = list(values)
    copied.reverse()
    return values, ordered, backwards, copied, 2.0 in values, 7.5 not in values


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize(
    "a",
    [np.array([3.0, -1.0, 2.0, 0.0, -0.0, 2.0]), np.array([5, 1, 4], dtype=np.int64), np.zeros(0)],
    ids=["float", "int", "empty"],
)
def test_sort_sorted_reverse_copy_and_in(a, reverse):
    want = sorting(a.copy(), reverse)
    got = kiln.jit(sorting)(a.copy(), reverse)
    for g, w in zip(got, want):
        assert g == w
        if isinstance(w, list):  # signed zeros keep Python's stable order
            assert [np.signbit(x) for x in g] == [np.signbit(x) for x in w]


def searched(n, x, i):
    values = [k % 4 for k in range(n)]
    values.insert(i, x)
    values.insert(-1, 7)
    found = values.index(x)
    many = values.count(1)
    values.remove(x)
    return values, found, many, values.count(x)


@pytest.mark.parametrize("n, x, i", [(6, 3, 0), (6, 9, 2), (6, 1, -2), (6, 2, 100), (6, 5, -100), (0, 4, 0)])
def test_insert_index_count_remove(n, x, i):
    assert kiln.jit(searched)(n, x, i) == searched(n, x, i)


def missing_index(n):
    values = [k for k in range(n)]
    return values.index(n + 5)


def missing_remove(n):
    values = [1.5]
    values.remove(2.5)
    return len(values)


@pytest.mark.parametrize("fn", [missing_index, missing_remove])
def test_missing_items_raise_pythons_value_error(fn):
    with pytest.raises(ValueError) as want:
        fn(3)
    with pytest.raises(ValueError) as got:
        kiln.jit(fn)(3)
    assert str(got.value) == str(want.value)
