"""Products that update an array in place (``C[:] = alpha * A @ B + beta * C``, ``C += A @ B``,
``y += alpha * A @ x``) as one BLAS call on C's memory, and the fused ``alpha * A @ B + beta * C``
when C broadcasts against the product: values against NumPy for every broadcast combination,
dtypes, layouts, extents of 0 and 1, C sharing memory with A or B, and the emitted IR."""

from __future__ import annotations

import re

import numpy as np
import pytest

import kiln
from kiln.runtime.blas import find_blas

try:
    from .numpy_support import arr, check, run_both
except ImportError:
    from numpy_support import arr, check, run_both


@kiln.jit
def fused(alpha, beta, a, b, c):
    return alpha * a @ b + beta * c


@kiln.jit
def into_slice(alpha, beta, a, b, c):
    c[:] = alpha * a @ b + beta * c


@kiln.jit
def into_ellipsis(alpha, beta, a, b, c):
    c[...] = beta * c + alpha * a @ b


@kiln.jit
def add_product(a, b, c):
    c += a @ b


@kiln.jit
def add_scaled(alpha, a, b, c):
    c += alpha * a @ b


@kiln.jit
def add_into_slice(alpha, a, b, c):
    c[:] += alpha * a @ b


@kiln.jit
def rebind_sum(a, x, y):
    y = y + a @ x
    return y


@kiln.jit
def vector_updates(a, x, y, z):
    for _ in range(2):
        y += a @ x
        z += y @ a
    return y, z


def tol(dtype: str) -> float | None:
    return 1e-5 if dtype in ("float32", "complex64") else None


def _raises(product: tuple[int, ...], c: tuple[int, ...], into: bool) -> type | None:
    """ValueError where NumPy cannot broadcast (into C itself, for the in-place forms)."""
    try:
        shape = np.broadcast_shapes(product, c)
    except ValueError:
        return ValueError
    return ValueError if into and shape != c else None


PRODUCTS = [(m, n) for m in (0, 1, 3) for n in (0, 1, 4)]
ADDENDS = [(m, n) for m in (0, 1, 3) for n in (0, 1, 4)] + [(n,) for n in (0, 1, 4)] + [()]


@pytest.mark.parametrize("pm, pn", PRODUCTS)
def test_fused_gemm_broadcasts_c_like_numpy(pm, pn):
    a, b = arr((pm, 5)), arr((5, pn), seed=1)
    for cs in ADDENDS:
        c = arr(cs, seed=2)
        check(fused, 1.5, -0.5, a, b, c, raises=_raises((pm, pn), cs, into=False))
        if len(cs) == 2:
            check(into_slice, 1.5, -0.5, a, b, c, raises=_raises((pm, pn), cs, into=True))
            check(add_product, a, b, c, raises=_raises((pm, pn), cs, into=True))


@pytest.mark.parametrize("m", [0, 1, 4])
def test_fused_gemv_broadcasts_c_like_numpy(m):
    a, x = arr((m, 6)), arr((6,), seed=1)
    for cs in [(0,), (1,), (4,), ()]:
        c = arr(cs, seed=2)
        check(fused, 2.0, 3.0, a, x, c, raises=_raises((m,), cs, into=False))
        check(fused, 2.0, 3.0, arr((6,), seed=3), arr((6, m)), c, raises=_raises((m,), cs, into=False))
        if cs:
            check(add_scaled, 2.0, a, x, c, raises=_raises((m,), cs, into=True))


LAYOUTS = ["C", "F", "T", "strided", "reversed"]


@pytest.mark.slow
@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
@pytest.mark.parametrize("lc", LAYOUTS)
@pytest.mark.parametrize("m, k, n", [(40, 20, 50), (1, 20, 25), (30, 0, 25), (0, 4, 3), (30, 20, 1)])
def test_inplace_gemm_values(dtype, lc, m, k, n):
    a, b, c = arr((m, k), dtype, "F"), arr((k, n), dtype, "strided", seed=1), arr((m, n), dtype, lc, seed=2)
    r = tol(dtype)
    check(into_slice, 1.5, -0.5, a, b, c, rtol=r)
    check(into_ellipsis, 0.5, 2.0, a, b, c, rtol=r)
    check(add_product, a, b, c, rtol=r)
    check(add_scaled, 1.5, a, b, c, rtol=r)
    check(add_into_slice, -2.0, a, b, c, rtol=r)


SLOW = pytest.mark.slow
DTYPES = ["float64", pytest.param("float32", marks=SLOW), pytest.param("complex128", marks=SLOW)]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("ly", ["C", *(pytest.param(x, marks=SLOW) for x in ("strided", "reversed"))])
def test_inplace_gemv_values(dtype, ly):  # one compiled signature per layout and dtype
    r = tol(dtype)
    for m, k in [(40, 30), (1, 30), (40, 1), (0, 3), (3, 0)]:
        a = arr((m, k), dtype, "T")
        x, y, z = arr((k,), dtype, seed=1), arr((m,), dtype, ly, seed=2), arr((k,), dtype, ly, seed=3)
        check(add_scaled, 2.0, a, x, y, rtol=r)
        check(add_product, y, a, z, rtol=r)
        check(vector_updates, a, x, y, z, rtol=r)
        check(rebind_sum, a, x, y, rtol=r)


def _aliased(kind: str) -> list[np.ndarray]:
    """(a, b, c) with c sharing memory with an operand, fresh for each call."""
    base = arr((12, 12), seed=5)
    if kind == "c is a":
        return [base, arr((12, 12), seed=6), base]
    if kind == "c is b":
        return [arr((12, 12), seed=6), base, base]
    if kind == "c overlaps a":
        return [base[:8, :6], arr((6, 5), seed=6), base[2:10, 4:9]]
    if kind == "c is a's transpose":
        return [base, arr((12, 12), seed=6), base.T]
    return [arr((8, 12), seed=6), base[:, :9], base[1:9, 3:12]]  # c overlaps b


ALIASES = ["c is a", "c is b", "c overlaps a", "c is a's transpose", "c overlaps b"]


@pytest.mark.parametrize("kind", ALIASES)
def test_inplace_with_c_sharing_an_operand(kind):
    run_both(into_slice, lambda: [1.5, 0.5, *_aliased(kind)])
    run_both(into_ellipsis, lambda: [1.5, 0.5, *_aliased(kind)])
    run_both(add_product, lambda: _aliased(kind))
    run_both(add_scaled, lambda: [-1.5, *_aliased(kind)])


def _vector_sharing_matrix() -> list[np.ndarray]:
    base = arr((20, 20), seed=7)
    return [base, arr((20,), seed=8), base[:, 3]]  # y is a column of a


def test_inplace_gemv_with_y_inside_the_matrix():
    run_both(add_scaled, lambda: [2.0, *_vector_sharing_matrix()])
    run_both(add_product, lambda: _vector_sharing_matrix())


def test_integer_and_mixed_dtypes_take_numpys_order():
    a, b = arr((6, 5), "int64"), arr((5, 4), "int64", seed=1)
    check(add_product, a, b, arr((6, 4), "int64", seed=2))
    check(add_product, a, b, arr((6, 4), "float64", seed=2))
    check(into_slice, 2, 3, a, b, arr((6, 4), "int64", seed=2))
    check(add_product, arr((6, 5), "float32"), arr((5, 4), "float32"), arr((6, 4), "float64"), rtol=1e-5)
    check(add_product, arr((6, 5)), arr((5, 4)), arr((6, 4), "int64"), raises=TypeError)


def _opt(text: str) -> str:
    return text.split("==== opt ====\n", 1)[1].split("\n==== ", 1)[0]


def _c(text: str) -> str:
    return text.split("==== c ====\n", 1)[1]


GEMM_ON_C = r"libcall #\d+ \((\w+)\) = gemm\(p_a, p_b, \1, "


def _direct_branch(opt: str) -> list[str]:
    """The statements the run-time test leads to when BLAS may update C in place."""
    lines = opt.splitlines()
    start = next(k for k, x in enumerate(lines) if x.lstrip().startswith("if #") and "overlaps(" in x)
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = lines.index(" " * indent + "else:", start)
    return [x.strip() for x in lines[start + 1 : end]]


@pytest.mark.parametrize("fn", [into_slice, into_ellipsis])
def test_inplace_assignment_is_one_gemm_on_c(fn):
    text = kiln.inspect(fn, 1.5, 0.5, arr((50, 40)), arr((40, 30), seed=1), arr((50, 30), seed=2))
    opt = _opt(text)
    assert re.search(GEMM_ON_C.replace("(\\w+)", "(p_c)"), opt)
    assert "overlaps(p_c, p_a)" in opt and "overlaps(p_c, p_b)" in opt
    direct = _direct_branch(opt)  # the scales as 0-d arrays and the call: no temporary, no copy
    assert [x.split(" ")[0] for x in direct] == ["alloc", "store", "alloc", "store", "libcall"]
    assert all("0d" in x for x in direct if x.startswith("alloc"))
    if find_blas() is not None:
        assert "kiln_gemm_d(" in _c(text)


def test_inplace_add_is_gemv_with_beta_one():
    text = kiln.inspect(add_scaled, 2.0, arr((50, 40)), arr((40,), seed=1), arr((50,), seed=2))
    opt = _opt(text)
    assert re.search(GEMM_ON_C, opt)
    direct = _direct_branch(opt)
    assert any(re.match(r"store #\d+ \w+_beta\[\] = 1\.0", x) for x in direct)
    assert [x.split(" ")[0] for x in direct] == ["alloc", "store", "alloc", "store", "libcall"]
    if find_blas() is not None:
        assert "kiln_gemv_d(" in _c(text)


def test_fresh_operands_need_no_overlap_test():
    @kiln.jit
    def local(a, b):
        c = np.ones((a.shape[0], b.shape[1]))
        c += a @ b
        return c

    opt = _opt(kiln.inspect(local, arr((20, 10)), arr((10, 5), seed=1)))
    assert "gemm(p_a, p_b, " in opt and "overlaps" not in opt
    check(local, arr((20, 10)), arr((10, 5), seed=1))


@kiln.jit
def iterate(alpha, beta, a, b, steps, rows, cols):
    c = np.ones((rows, cols), dtype=a.dtype)
    for _ in range(steps):
        c = alpha * a @ b + beta * c
    return c


@kiln.jit
def rebind_vector(a, x):
    y = np.ones(a.shape[0], dtype=a.dtype)
    y = y + a @ x
    return y * 2


@kiln.jit
def rebind_kept_alias(a, b):
    c = np.ones((a.shape[0], b.shape[1]))
    d = c
    c = 2.0 * a @ b + c
    return c, d


@kiln.jit
def rebind_kept_view(a, b):
    c = np.ones((a.shape[0], b.shape[1]))
    d = c[1:]
    c = a @ b + 0.5 * c
    return c, d


@kiln.jit
def rebind_parameter(a, b, c):
    c = a @ b + c
    return c


def _add_into(a, b, c):
    c = a @ b + c
    return c


@kiln.jit
def rebind_in_helper(a, b):
    c = np.ones((a.shape[0], b.shape[1]))
    d = _add_into(a, b, c)
    return c, d


@pytest.mark.parametrize("dtype", DTYPES)
def test_rebinding_a_sole_owner_updates_it_in_place(dtype):
    r = tol(dtype)
    for m, k, n in [(20, 15, 10), (1, 15, 10), (20, 0, 1), (0, 3, 4)]:
        a, b = arr((m, k), dtype, "F"), arr((k, n), dtype, seed=1)
        check(iterate, 1.5, 0.5, a, b, 3, m, n, rtol=r)
        check(iterate, 1.5, 0.5, a, b, 2, m, 1, rtol=r)  # C grows to the product's shape
        check(iterate, 1.5, 0.5, a, b, 2, 1, 1, rtol=r)
        check(iterate, 1.5, 0.5, a, b, 0, 1, n, rtol=r)
        if m > 1:
            check(iterate, 1.5, 0.5, a, b, 1, m + 1, n, raises=ValueError)
        check(rebind_vector, a, arr((k,), dtype, seed=2), rtol=r)


def test_rebinding_where_the_old_array_stays_visible_makes_a_new_one():
    a, b = arr((12, 7)), arr((7, 9), seed=1)
    for fn in (rebind_kept_alias, rebind_kept_view, rebind_in_helper):
        check(fn, a, b)
        assert not _gemm_on(_opt(kiln.inspect(fn, a, b)), "u_c", "p_a, p_b")
    check(rebind_parameter, a, b, arr((12, 9), seed=2))
    assert not _gemm_on(_opt(kiln.inspect(rebind_parameter, a, b, arr((12, 9), seed=2))), "u_c", "p_a, p_b")


def _gemm_on(opt: str, name: str, operands: str) -> bool:
    """Whether ``opt`` has a gemm on ``name`` or on a view of all of ``name`` from its start."""
    views = re.findall(rf"view #\d+ (\w+) = view\({name}, offset=0: int64", opt)
    return any(re.search(rf"libcall #\d+ \(({t})\) = gemm\({operands}, \1, ", opt) for t in [name, *views])


def test_rebinding_is_one_gemm_on_the_old_array():
    """In a loop, the re-bound name's old array takes the new value (one gemm with beta on it);
    in straight-line code the new value gets a new array, as in NumPy (still one gemm)."""
    a, b = arr((30, 20)), arr((20, 10), seed=1)
    assert _gemm_on(_opt(kiln.inspect(iterate, 1.5, 0.5, a, b, 3, 30, 10)), "u_c", "p_a, p_b")
    opt = _opt(kiln.inspect(rebind_vector, a, arr((20,), seed=2)))
    assert re.search(r"libcall #\d+ \((\w+)\) = gemm\(p_a, p_x, \1, ", opt)
