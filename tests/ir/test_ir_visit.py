"""kiln.ir.visit: generic iteration and rebuilding of IR nodes."""

from __future__ import annotations

import pytest
from ir_samples import block_exit, checked_get, loop_nest, neg_views, while_break

from kiln.ir.nodes import Assign, Binary, Break, Const, Continue, Dim, Expr, For, If, Load, Store, Var
from kiln.ir.types import BOOL, INT64, PY_INT
from kiln.ir.visit import (
    bodies,
    body_fields,
    child_exprs,
    iter_exprs,
    iter_stmts,
    map_exprs,
    map_shared_exprs,
    map_stmts,
    max_sid,
    replace_body,
)


def test_iter_stmts_is_pre_order() -> None:
    assert [s.sid for s in iter_stmts(block_exit().body)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert [s.sid for s in iter_stmts(while_break().body)] == [1, 2, 3, 4, 5, 6, 7]


def test_body_fields() -> None:
    assert body_fields(If) == ("then", "orelse")
    assert body_fields(For) == ("body",)
    assert body_fields(Store) == ()


def test_child_exprs_of_statements_and_expressions() -> None:
    store = loop_nest().body[0].body[0].body[0]
    assert isinstance(store, Store)
    assert child_exprs(store) == (*store.indices, store.value)
    loop = loop_nest().body[0]
    assert child_exprs(loop) == (Const(0, PY_INT), Dim("A", 0), Const(1, PY_INT))
    assert child_exprs(store.value) == (store.value.lhs, store.value.rhs)
    assert child_exprs(Var("i", INT64)) == ()


def test_iter_exprs_deep_and_shallow() -> None:
    loop = loop_nest().body[0]
    shallow = list(iter_exprs(loop, deep=False))
    assert shallow == [Const(0, PY_INT), Dim("A", 0), Const(1, PY_INT)]
    deep = list(iter_exprs(loop))
    assert deep[:3] == shallow
    loads = [e for e in deep if isinstance(e, Load)]
    assert loads == [Load("A", (Var("i", INT64), Var("j", INT64)), loads[0].type)]
    # every sub-expression appears: the Var i shows up in the Store index, the Load and the add
    assert sum(1 for e in deep if e == Var("i", INT64)) == 3


def test_map_exprs_renames_variables_bottom_up() -> None:
    fn = loop_nest()
    seen: list[str] = []

    def rename(e):
        seen.append(type(e).__name__)
        return Var("k", e.type) if isinstance(e, Var) and e.name == "i" else e

    loop = map_exprs(fn.body[0], rename)
    names = {e.name for s in iter_stmts([loop]) for e in iter_exprs(s, deep=False) if isinstance(e, Var)}
    assert names == {"k", "j", "alpha"}
    assert seen.index("Var") < seen.index("Load")  # children before parents
    # untouched nodes are reused, not copied
    assert map_exprs(fn.body[0], lambda e: e) is fn.body[0]
    shallow = map_exprs(fn.body[0], rename, deep=False)
    assert shallow.body is fn.body[0].body


def test_map_stmts_replaces_splices_and_deletes() -> None:
    fn = while_break()

    def rewrite(s):
        if isinstance(s, Break):
            return Continue(sid=50)
        if isinstance(s, Assign) and s.sid == 6:
            return (s, Assign("n", Var("n", INT64), sid=51))
        if isinstance(s, Assign) and s.sid == 2:
            return ()
        return None

    body = map_stmts(fn.body, rewrite)
    assert [s.sid for s in iter_stmts(body)] == [1, 3, 4, 50, 6, 51, 7]
    assert map_stmts(fn.body, lambda s: None) == fn.body


def test_replace_body_and_bodies() -> None:
    if_stmt = while_break().body[2].body[0]
    new = replace_body(if_stmt, (), (Break(sid=9),))
    assert bodies(new) == ((), (Break(sid=9),))
    assert new.cond == if_stmt.cond and new.sid == if_stmt.sid
    with pytest.raises(TypeError, match="2 bodies"):
        replace_body(if_stmt, ())
    assert replace_body(if_stmt, *bodies(if_stmt)) is if_stmt


def test_max_sid() -> None:
    assert max_sid(block_exit()) == 10
    assert max_sid(neg_views().body[:3]) == 3
    assert max_sid(()) == 0
    assert max_sid(checked_get()) == 4


def test_map_exprs_on_expression() -> None:
    e = Binary("add", Var("i", INT64), Const(1, INT64), INT64)
    out = map_exprs(e, lambda x: Const(2, INT64) if isinstance(x, Const) else x)
    assert out == Binary("add", Var("i", INT64), Const(2, INT64), INT64)


def _doubling_chain(depth: int) -> Binary:
    """``x + x`` nested ``depth`` times with both operands one object: ``depth + 1`` distinct
    nodes that unfold to a tree of ``2 ** (depth + 1) - 1``."""
    e: Binary | Var = Var("x", INT64)
    for _ in range(depth):
        e = Binary("add", e, e, INT64)
    assert isinstance(e, Binary)
    return e


def test_map_shared_exprs_maps_each_shared_node_once() -> None:
    seen: list[object] = []

    def rename(x):  # pure, but counts its calls
        seen.append(x)
        return Var("y", INT64) if isinstance(x, Var) else x

    out = map_shared_exprs(_doubling_chain(60), rename, {})
    assert len(seen) == 61  # map_exprs would call it 2 ** 61 - 1 times
    assert isinstance(out, Binary) and out.lhs is out.rhs  # the result shares as the input did
    small = _doubling_chain(4)
    assert map_shared_exprs(small, rename, {}) == map_exprs(small, rename)


def test_simplify_compares_long_chains_of_definitions() -> None:
    # each scalar doubles the previous one: the test that the last equals itself plus zero
    # unfolds to 2 ** 40 nodes, and simplify used to walk all of them
    from kiln.transforms.passes.simplify import fold_test

    known: dict[str, Expr] = {"a0": Var("n", INT64)}
    for k in range(1, 41):
        known[f"a{k}"] = Binary("add", known[f"a{k - 1}"], known[f"a{k - 1}"], INT64)
    last = Var("a40", INT64)
    test = Binary("eq", last, Binary("add", last, Const(0, INT64), INT64), BOOL)
    assert fold_test(test, known) is None  # not the same expression (no arithmetic folding)
    assert fold_test(Binary("eq", last, last, BOOL), known) == Const(True, BOOL)
