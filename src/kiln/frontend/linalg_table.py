"""NumPy's linear-algebra functions kiln lowers (kept apart from the main table)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.frontend.context import Context
from kiln.frontend.values import Value

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def linalg_functions() -> dict[object, Handler]:
    from kiln.frontend import lapack, norm, np_decompositions, outer, triangles

    d = np_decompositions

    return {
        np.outer: outer.np_outer,
        np.linalg.solve: lapack.np_solve,
        np.linalg.inv: lapack.np_inv,
        np.linalg.det: lapack.np_det,
        np.linalg.slogdet: lapack.np_slogdet,
        np.linalg.matrix_power: lapack.np_matrix_power,
        np.linalg.cholesky: lapack.np_cholesky,
        np.linalg.svd: d.np_svd,
        np.linalg.svdvals: d.np_svdvals,
        np.linalg.eigh: d.np_eigh,
        np.linalg.eigvalsh: d.np_eigvalsh,
        np.linalg.qr: d.np_qr,
        np.linalg.pinv: d.np_pinv,
        np.linalg.matrix_rank: d.np_matrix_rank,
        np.linalg.lstsq: d.np_lstsq,
        np.linalg.eig: d.np_eig,
        np.linalg.eigvals: d.np_eigvals,
        np.roots: d.np_roots,
        np.linalg.norm: norm.np_norm,
        np.triu: triangles.np_triu,
        np.eye: triangles.np_eye,
        np.identity: triangles.np_identity,
        np.tril: triangles.np_tril,
    }
