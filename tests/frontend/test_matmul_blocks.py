"""Products by generated loops (small, or thin: ``k <= 4``) fill the result a block of
``KILN_GEMM_COLS`` columns at a time, and in parallel code deal the blocks to the threads of a
team. Against NumPy on one and two threads, with column counts around the block size, real,
complex, integer and bool dtypes, every layout, and a product inside a parallel loop."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .arrays_support import LAYOUTS_2D, arr, run_both
except ImportError:
    from arrays_support import LAYOUTS_2D, arr, run_both


def product(a, b):
    return a @ b


parallel_product = kiln.jit(product, parallel=True)
serial_product = kiln.jit(product)


@pytest.fixture(params=(1, 2), ids=("1thread", "2threads"))
def threads(request: pytest.FixtureRequest):
    default = kiln.get_num_threads()
    kiln.set_num_threads(request.param)
    yield request.param
    kiln.set_num_threads(default)


# (m, k, n): around the block of 256 columns, an empty contraction, and products large
# enough for a team (m * n * (2k + 1) above KILN_PAR_MIN) next to ones that stay alone
SIZES = (
    (3, 2, 255),
    (3, 2, 256),
    (2, 3, 257),
    (4, 0, 300),
    (1, 1, 1),
    (0, 3, 40),
    (5, 4, 20000),
    (8, 3, 30000),
)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("dtype", ("float64", "float32", "complex128", "int64", "bool"))
def test_blocked_products_match_numpy(threads: int, size: tuple[int, int, int], dtype: str) -> None:
    m, k, n = size
    for f in (parallel_product, serial_product):
        run_both(f, lambda: (arr((m, k), dtype), arr((k, n), dtype, seed=1)))


@pytest.mark.parametrize("layout", LAYOUTS_2D)
def test_blocked_product_layouts(threads: int, layout: str) -> None:
    run_both(
        parallel_product, lambda: (arr((4, 3), "float64", layout), arr((3, 30000), "float64", layout, 1))
    )
    run_both(
        parallel_product, lambda: (arr((2, 2), "complex128", layout), arr((2, 700), "complex128", layout, 1))
    )


def test_small_square_product_in_blocks(threads: int) -> None:
    # not thin, but under KILN_SMALL_GEMM: the same loops
    run_both(parallel_product, lambda: (arr((30, 30), "float64"), arr((30, 30), "float64", seed=1)))


def products_in_a_parallel_loop(a, b, out):
    for i in kiln.prange(a.shape[0]):
        out[i] = a[i] @ b
    return out


def test_product_inside_a_parallel_loop_stays_on_its_thread(threads: int) -> None:
    # the loop's threads each run whole products: no team inside a team
    f = kiln.jit(products_in_a_parallel_loop, parallel=True)
    run_both(
        f, lambda: (arr((6, 4, 3), "float64"), arr((3, 20000), "float64", seed=1), np.zeros((6, 4, 20000)))
    )


def test_parallel_build_deals_blocks_to_a_team() -> None:
    a, b = np.ones((2, 2)), np.ones((2, 20000))
    parallel = kiln.inspect(parallel_product, a, b).split("==== c ====", 1)[1]
    serial = kiln.inspect(serial_product, a, b).split("==== c ====", 1)[1]
    assert "KILN_GEMM_COLS" in parallel and "KILN_GEMM_COLS" in serial
    assert "!kiln_in_team() && kiln_team_of_many()" in parallel
    assert "!kiln_in_team()" not in serial
