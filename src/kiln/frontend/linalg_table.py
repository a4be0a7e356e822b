"""NumPy's linear-algebra functions kiln lowers (kept apart from the main table)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.frontend.context import Context
from kiln.frontend.values import Value

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def linalg_functions() -> dict[object, Handler]:
    from kiln.frontend import lapack, norm, outer, triangles

    return {
        np.outer: outer.np_outer,
        np.linalg.solve: lapack.np_solve,
        np.linalg.inv: lapack.np_inv,
        np.linalg.det: lapack.np_det,
        np.linalg.slogdet: lapack.np_slogdet,
        np.linalg.matrix_power: lapack.np_matrix_power,
        np.linalg.cholesky: lapack.np_cholesky,
        np.linalg.norm: norm.np_norm,
        np.triu: triangles.np_triu,
        np.eye: triangles.np_eye,
        np.identity: triangles.np_identity,
        np.tril: triangles.np_tril,
    }
