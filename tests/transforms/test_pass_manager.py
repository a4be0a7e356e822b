"""The pass manager: registry, pipelines with parameters, analysis cache, dumps, verification."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from tests.transforms.support import lower

from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.verifier import IRVerifyError
from kiln.options import Options
from kiln.transforms import pass_manager as pm


def kernel(x, out):
    for i in range(x.shape[0]):
        out[i] = x[i] * np.sum(x)


@pytest.fixture
def scratch_passes():
    saved_passes, saved_analyses = dict(pm.PASSES), dict(pm.ANALYSES)
    yield
    pm.PASSES.clear()
    pm.PASSES.update(saved_passes)
    pm.ANALYSES.clear()
    pm.ANALYSES.update(saved_analyses)


def test_default_pipeline_is_the_cpu_one() -> None:
    pm.run_passes(lower(kernel, np.ones(2), np.ones(2)), Options(), "none")
    assert pm.PIPELINES["default"] == pm.PIPELINES["cpu"]
    assert {"licm", "parallelize"} <= set(pm.PASSES)


def test_unknown_parameter_is_an_error() -> None:
    fn = lower(kernel, np.ones(2), np.ones(2))
    with pytest.raises(ValueError, match="has no parameter bogus"):
        pm.run_passes(fn, Options(), (("licm", {"bogus": 1}),))


def test_analysis_cache_keeps_what_passes_preserve(scratch_passes) -> None:
    runs = []

    @pm.register_analysis("count_stmts")
    def count(fn: ir.Function) -> int:
        runs.append(fn.name)
        return len(fn.body)

    @pm.register("ask", preserves=frozenset({"count_stmts"}), defaults={"times": 2})
    def ask(fn: ir.Function, ctx: pm.PassContext) -> ir.Function:
        for _ in range(ctx.params["times"]):
            ctx.analyses.get("count_stmts")
        return dataclasses.replace(fn, name=fn.name + "_")  # a change that keeps the analysis valid

    @pm.register("rename")
    def rename(fn: ir.Function, ctx: pm.PassContext) -> ir.Function:
        ctx.analyses.get("count_stmts")
        return dataclasses.replace(fn, name=fn.name + "r")

    fn = lower(kernel, np.ones(2), np.ones(2))
    pm.run_passes(fn, Options(), ("ask", ("ask", {"times": 3}), "rename", "ask"))
    # computed once for "ask" twice and "rename"; "rename" preserves nothing, so "ask" recomputes
    assert len(runs) == 2


def test_verifier_runs_after_each_pass(scratch_passes) -> None:
    @pm.register("break_it")
    def break_it(fn: ir.Function, ctx: pm.PassContext) -> ir.Function:
        return dataclasses.replace(
            fn, body=(ir.Assign("undeclared", ir.Const(1, ScalarType("int64")), sid=1),)
        )

    with pytest.raises(IRVerifyError, match="undeclared"):
        pm.run_passes(lower(kernel, np.ones(2), np.ones(2)), Options(), ("break_it",))


def test_dump_after_a_pass(capsys: pytest.CaptureFixture[str]) -> None:
    fn = lower(kernel, np.ones(2), np.ones(2))
    pm.run_passes(fn, Options(dump=frozenset({"after:licm"})), ("licm", "parallelize"))
    err = capsys.readouterr().err
    assert "==== kiln after licm ====" in err and "after parallelize" not in err
