"""Binding stacks (``save_binding`` / ``restore_binding``): text, verifier, interpreter and C.

A loop allocates a new array per iteration and keeps each earlier binding; popping them back
must give every earlier array with its own extents, storage intact."""

from __future__ import annotations

import dataclasses

import pytest

from kiln.codegen.c import render_function
from kiln.ir.interpreter import run_function
from kiln.ir.nodes import RestoreBinding, SaveBinding
from kiln.ir.parser import parse_function
from kiln.ir.printer import print_function
from kiln.ir.verifier import IRVerifyError, verify_function
from kiln.options import Options
from kiln.runtime.cache import build_module

# a[i] = i + 1 for n iterations, each a new array of i + 1 elements; then pop them back and sum
# the last element of each popped array weighted by its extent: sum((i + 1) * (i + 1))
TEXT = """\
func stacks(n: py_int64) -> (float64)
  locals: a: array[float64, 1d, C], i: int64, k: int64, j: int64, s: float64, last: int64
  for #4 i in range(0: int64, n, 1: int64):
    save_binding #1 a to kept
    alloc #2 a: array[float64, 1d, C], shape=[add(i, 1: int64): int64]
    for #6 j in range(0: int64, dim(a, 0), 1: int64):
      store #3 a[j] = cast(add(i, 1: int64): int64): float64
  assign #5 s = 0.0: float64
  for #9 k in range(0: int64, n, 1: int64):
    assign #12 last = sub(dim(a, 0), 1: int64): int64
    assign #7 s = add(s, mul(load(a, [last]): float64, cast(dim(a, 0)): float64): float64): float64
    restore_binding #8 a from kept
  return #10 (s)
"""


def _expected(n: int) -> float:
    return float(sum((i + 1) * (i + 1) for i in range(n)))


def test_text_round_trips_and_verifies() -> None:
    fn = parse_function(TEXT)
    verify_function(fn)
    assert print_function(fn) == TEXT
    kinds = [type(s) for s in _walk(fn.body)]
    assert SaveBinding in kinds and RestoreBinding in kinds


def _walk(body):
    from kiln.ir.visit import iter_stmts

    return list(iter_stmts(body))


@pytest.mark.parametrize("n", [0, 1, 5, 40])
def test_interpreter_gives_back_every_binding(n: int) -> None:
    assert run_function(parse_function(TEXT), [n]) == _expected(n)


def test_c_gives_back_every_binding(tmp_path) -> None:
    # 40 pushes: the stack grows past its first 16 entries
    source = render_function(parse_function(TEXT))
    module = build_module(source, Options(cache_dir=tmp_path))
    for n in (0, 1, 5, 40):
        assert module.entry(n) == _expected(n)


def test_a_stack_holds_one_array_type() -> None:
    popped_elsewhere = TEXT.replace("  return #10 (s)", "  restore_binding #11 b from kept\n  return #10 (s)")
    fn = parse_function(popped_elsewhere)
    fortran = parse_function(TEXT).locals[0][1].with_layout("F")
    fn = dataclasses.replace(fn, locals=(*fn.locals, ("b", fortran)))
    with pytest.raises(IRVerifyError, match="holds"):
        verify_function(fn)


def test_a_stack_is_no_variable() -> None:
    with pytest.raises(IRVerifyError, match="also a variable"):
        verify_function(parse_function(TEXT.replace("to kept", "to s")))


def test_unpopped_bindings_are_released(tmp_path) -> None:
    # a function that leaves bindings on its stack frees them on return: no memory grows
    import tracemalloc

    text = TEXT.replace("    restore_binding #8 a from kept\n", "")
    module = build_module(render_function(parse_function(text)), Options(cache_dir=tmp_path))
    assert module.entry(3) == 3.0 * 3 * 3  # only the last array, read three times
    tracemalloc.start()
    try:
        for _ in range(20):
            module.entry(50)
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(500):
            module.entry(50)
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 100_000  # 500 calls leaking 49 arrays each would hold about 5 MB
