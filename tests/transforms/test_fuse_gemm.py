"""The ``fuse_gemm`` pass: a product the frontend lowers plainly (a ``matmul`` into a temporary and
a nest that scales and adds it) becomes one ``gemm`` with alpha and beta on the destination,
under a run-time test that keeps the plain code for broadcasting shapes and overlapping arrays.
Golden IR before and after, what it refuses, and values against NumPy through the whole
compiler (views, transposes, fixed indices, aliasing, extents of 0 and 1, dtypes)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from tests.transforms.support import GOLDEN as GOLDEN_DIR
from tests.transforms.support import golden, lower, optimize, text

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts


def update(alpha, beta, c, a, b):
    c[:] = alpha * a @ b + beta * c


def into_rows(alpha, c, a, b):
    c[1:, ::2] += alpha * a @ b


def into_transpose(c, a, b):
    c.T[...] += a @ b


def into_slab(s, k, a, b):
    s[k, 1] += a @ b


def with_bias(x, w, bias):
    return x @ w + bias


def squares_itself(c):
    c[:] = c @ c + c


def integer_product(c, a, b):
    c[:] = a @ b + c


def _gemms(fn: ir.Function) -> list[ir.LibCall]:
    return [s for s in iter_stmts(fn.body) if isinstance(s, ir.LibCall) and s.func == "gemm"]


def _rand(shape, dtype=np.float64, seed=0, order="C"):
    r = np.random.default_rng(seed).standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        r = r + 1j * np.random.default_rng(seed + 7).standard_normal(shape)
    return np.array(r.astype(dtype), order=order)


def test_update_golden() -> None:
    a, b, c = _rand((4, 3)), _rand((3, 5), seed=1), _rand((4, 5), seed=2)
    before = optimize(lower(update, 1.5, 0.5, c, a, b), "scale_after_product").fn  # alpha after @
    golden("fuse_gemm_update_before.ir", text(before))
    after = optimize(before, "fuse_gemm").fn
    golden("fuse_gemm_update_after.ir", text(after))
    (call,) = _gemms(after)
    assert call.outputs == ("p_c",) and call.inputs[:3] == ("p_a", "p_b", "p_c")


def test_statements_moved_before_the_product_keep_its_meaning() -> None:
    """The statements between the product and its nest run before the product in the rewritten
    code: one that re-assigns a scalar the product's extents read stops the fusion."""
    from kiln.ir.parser import parse_function

    golden_text = (GOLDEN_DIR / "fuse_gemm_update_before.ir").read_text()
    text_ = golden_text.replace("k10_i: int64", "k10_i: int64, k90_n: int64", 1)
    text_ = text_.replace(
        "  alloc #6 k4_mm: array[float64, 2d, C], shape=[dim(p_a, 0), dim(p_b, 1)]\n",
        "  assign #90 k90_n = dim(p_a, 0)\n"
        "  alloc #6 k4_mm: array[float64, 2d, C], shape=[k90_n, dim(p_b, 1)]\n",
    )
    moved = text_.replace(
        "  libcall #7 (k4_mm) = matmul(p_a, p_b)\n",
        "  libcall #7 (k4_mm) = matmul(p_a, p_b)\n  assign #91 k90_n = 0: int64\n",
    )
    assert text_ != golden_text and moved != text_
    assert optimize(parse_function(text_), "fuse_gemm").fn.body != parse_function(text_).body
    refused = parse_function(moved)
    assert optimize(refused, "fuse_gemm").fn is refused


def test_bias_copies_then_one_gemm() -> None:
    x, w, bias = _rand((4, 3)), _rand((3, 5), seed=1), _rand((5,), seed=2)
    after = optimize(lower(with_bias, x, w, bias), "fuse_gemm").fn
    golden("fuse_gemm_bias_after.ir", text(after))
    (call,) = _gemms(after)
    assert call.inputs[:2] == ("p_x", "p_w")
    assert "overlaps" not in text(after)  # a fresh result needs no overlap test


def test_views_of_the_destination() -> None:
    a, b = _rand((3, 4)), _rand((4, 2), seed=1)
    after = optimize(lower(into_rows, 2.0, _rand((4, 4), seed=2), a, b), "fuse_gemm").fn
    views = [s for s in iter_stmts(after.body) if isinstance(s, ir.View)]
    (call,) = _gemms(after)
    assert [v.target for v in views] == [call.outputs[0]]
    assert re.search(r"view #\d+ k_gemm_out = view\(p_c, offset=stride\(p_c, 0\)", text(after))


@pytest.mark.parametrize("fn", [squares_itself, integer_product])
def test_refused(fn) -> None:
    """The destination is an operand (certain overlap), or integers BLAS does not multiply."""
    dtype = np.int64 if fn is integer_product else np.float64
    args = (_rand((3, 3), dtype, s) for s in range(3 if fn is integer_product else 1))
    lowered = lower(fn, *args)
    assert optimize(lowered, "fuse_gemm").fn is lowered


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex128])
@pytest.mark.parametrize(
    ("m", "k", "n"),
    # the last three are large enough for the gemm path (SMALL_GEMM, SMALL_GEMV), the others not
    [(5, 4, 3), (1, 4, 3), (5, 0, 3), (0, 2, 2), (5, 4, 1), (40, 30, 30), (1, 40, 40), (50, 40, 1)],
)
def test_values(dtype, m, k, n) -> None:
    tol = 1e-4 if dtype == np.float32 else 1e-12
    a, b = _rand((m, k), dtype, 1, "F"), _rand((k, n), dtype, 2)
    c = _rand((m + 1, 2 * n), dtype, 3)
    for fn, args in [
        (update, (1.5, 0.5, c[:m, :n], a, b)),
        (into_rows, (2.0, c, _rand((m, k), dtype, 4), b)),
        (into_transpose, (_rand((n, m), dtype, 7), a, b)),
        (with_bias, (a, b, _rand((n,), dtype, 6))),
    ]:
        expect = [np.array(x, copy=True) if isinstance(x, np.ndarray) else x for x in args]
        got = [np.array(x, copy=True) if isinstance(x, np.ndarray) else x for x in args]
        want = fn(*expect)
        have = kiln.jit(fn)(*got)
        if want is not None:
            np.testing.assert_allclose(have, want, rtol=tol, atol=tol)
        for g, e in zip(got, expect):
            if isinstance(e, np.ndarray):
                np.testing.assert_allclose(g, e, rtol=tol, atol=tol)


def test_size_limits_are_the_c_prelude_s() -> None:
    """The pass fuses only products the C code would give to BLAS: its limits are codegen's."""
    from kiln.codegen.prelude import _HEADER
    from kiln.ir.types import SMALL_GEMM, SMALL_GEMV, THIN_GEMM

    for name, value in (("SMALL_GEMM", SMALL_GEMM), ("THIN_GEMM", THIN_GEMM), ("SMALL_GEMV", SMALL_GEMV)):
        assert f"#define KILN_{name} {value}\n" in _HEADER


def test_small_products_keep_the_loops() -> None:
    a, b, c = _rand((3, 2)), _rand((2, 3), seed=1), _rand((3, 3), seed=2)
    want, got = c.copy(), c.copy()
    update(1.5, 0.5, want, a, b)
    kiln.jit(update)(1.5, 0.5, got, a, b)
    np.testing.assert_allclose(got, want, rtol=1e-12)
    after = text(optimize(lower(update, 1.5, 0.5, c, a, b), "scale_after_product", "fuse_gemm").fn)
    assert "gt(mul(mul(dim(p_a, 0), dim(p_a, 1)): int64, dim(p_b, 1)): int64, 32768: int64)" in after


def test_fixed_index_slab_and_aliasing() -> None:
    s = _rand((3, 2, 4, 5))
    a, b = _rand((4, 6), seed=1), _rand((6, 5), seed=2)
    for k in (0, 2):
        want, got = s.copy(), s.copy()
        into_slab(want, k, a, b)
        kiln.jit(into_slab)(got, k, a, b)
        np.testing.assert_allclose(got, want, rtol=1e-12)
    # the destination shares memory with an operand: the plain code runs (NumPy's result)
    c = _rand((4, 4), seed=3)
    want, got = c.copy(), c.copy()
    update(1.5, 0.5, want, want[:, :4], want.T)
    kiln.jit(update)(1.5, 0.5, got, got[:, :4], got.T)
    np.testing.assert_allclose(got, want, rtol=1e-12)


def test_broadcasting_product_takes_the_plain_path() -> None:
    c = _rand((4, 5))
    a, b = _rand((1, 3), seed=1), _rand((3, 5), seed=2)  # the product's one row broadcasts
    want, got = c.copy(), c.copy()
    update(1.5, 0.5, want, a, b)
    kiln.jit(update)(1.5, 0.5, got, a, b)
    np.testing.assert_allclose(got, want, rtol=1e-12)
