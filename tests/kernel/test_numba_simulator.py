"""kiln's CPU path against Numba's CUDA simulator on the same kernel source (where Numba is
installed): both agree with each other."""

import pytest

pytest.importorskip("numba")


def test_numba_simulator_agrees():
    from kiln.bench.gpu_numba import simulator_rows

    rows = simulator_rows(("vector_add", "reduction_shared"))
    assert rows is not None
    assert [r["name"] for r in rows] == ["vector_add", "reduction_shared"]
    assert all(r["valid"] for r in rows)
