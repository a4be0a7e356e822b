"""The ``kiln bench gpu`` cases: inputs, how each kernel is driven (through a *launcher*,
so one driver runs on kiln's CPU path, the reference executor or a GPU), its hand port,
and a NumPy reference."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from kiln.bench import gpu_kernels as K
from kiln.bench import gpu_ports as P

Launcher = Callable[..., None]  # launcher(kernel, grid, block, *args)
Env = dict[str, Any]


@dataclass(frozen=True)
class GpuCase:
    name: str
    make: Callable[[int, np.random.Generator], Env]  # size -> inputs
    run: Callable[[Launcher, Env], tuple[np.ndarray, ...]]  # drives the kernels
    port: Callable[[Env], tuple[np.ndarray, ...]]  # the hand-ported loops
    reference: Callable[[Env], tuple[np.ndarray, ...]]  # NumPy
    small: int  # size for tests and the reference executor
    large: int  # size for timing
    rtol: float = 1e-9


def _blocks(n: int, tpb: int) -> int:
    return max(1, (n + tpb - 1) // tpb)


# ---------------------------------------------------------------- vector add
def _vadd_make(n: int, rng: np.random.Generator) -> Env:
    return {"a": rng.random(n), "b": rng.random(n), "c": np.zeros(n)}


def _vadd_run(launch: Launcher, e: Env) -> tuple[np.ndarray, ...]:
    launch(K.vector_add, _blocks(len(e["a"]), K.TPB1), K.TPB1, e["a"], e["b"], e["c"])
    return (e["c"],)


# -------------------------------------------------------------------- matmul
def _mm_make(n: int, rng: np.random.Generator) -> Env:
    f32 = np.float32
    return {
        "A": rng.random((n, n)).astype(f32),
        "B": rng.random((n, n)).astype(f32),
        "C": np.zeros((n, n), f32),
    }


def _mm_run(launch: Launcher, e: Env) -> tuple[np.ndarray, ...]:
    g = _blocks(e["A"].shape[0], K.TPB)
    launch(K.matmul_tiled, (g, g), (K.TPB, K.TPB), e["A"], e["B"], e["C"])
    return (e["C"],)


# ----------------------------------------------------------------- reduction
def _sum_make(n: int, rng: np.random.Generator) -> Env:
    return {"a": rng.random(n), "partial": np.zeros(_blocks(n, K.TPB1))}


def _sum_run(launch: Launcher, e: Env) -> tuple[np.ndarray, ...]:
    launch(K.block_sum, len(e["partial"]), K.TPB1, e["a"], e["partial"])
    return (e["partial"],)


def _sum_ref(e: Env) -> tuple[np.ndarray, ...]:
    a = np.zeros(len(e["partial"]) * K.TPB1)
    a[: len(e["a"])] = e["a"]
    return (a.reshape(-1, K.TPB1).sum(axis=1),)


# ----------------------------------------------------------------- histogram
def _hist_make(n: int, rng: np.random.Generator) -> Env:
    return {"x": rng.integers(0, 64, n).astype(np.int64), "hist": np.zeros(64, np.int64)}


def _hist_run(launch: Launcher, e: Env) -> tuple[np.ndarray, ...]:
    launch(K.histogram, 32, K.TPB1, e["x"], e["hist"])
    return (e["hist"],)


# ------------------------------------------------------------------- laplace
def _lap_make(n: int, rng: np.random.Generator) -> Env:
    u = rng.random((n, n))
    return {"u": u, "out": u.copy()}


def _lap_run(launch: Launcher, e: Env) -> tuple[np.ndarray, ...]:
    g = _blocks(e["u"].shape[0], K.TPB)
    launch(K.laplace_step, (g, g), (K.TPB, K.TPB), e["u"], e["out"])
    return (e["out"],)


def _lap_ref(e: Env) -> tuple[np.ndarray, ...]:
    u, out = e["u"], e["u"].copy()
    out[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
    return (out,)


# ------------------------------------------------------------- black-scholes
def _bs_make(n: int, rng: np.random.Generator) -> Env:
    return {
        "call": np.zeros(n), "put": np.zeros(n), "S": rng.uniform(5, 30, n), "X": rng.uniform(1, 100, n),
        "T": rng.uniform(0.25, 10, n), "r": 0.02, "v": 0.3,
    }  # fmt: skip


def _bs_args(e: Env) -> tuple[Any, ...]:
    return (e["call"], e["put"], e["S"], e["X"], e["T"], e["r"], e["v"])


def _bs_run(launch: Launcher, e: Env) -> tuple[np.ndarray, ...]:
    launch(K.black_scholes, _blocks(len(e["S"]), K.TPB1), K.TPB1, *_bs_args(e))
    return (e["call"], e["put"])


def _bs_ref(e: Env) -> tuple[np.ndarray, ...]:
    def cnd(d: np.ndarray) -> np.ndarray:
        k = 1.0 / (1.0 + 0.2316419 * np.abs(d))
        poly = k * (
            0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429)))
        )
        ret = 0.3989422804014327 * np.exp(-0.5 * d * d) * poly
        return np.where(d > 0, 1.0 - ret, ret)

    S, X, T, r, v = e["S"], e["X"], e["T"], e["r"], e["v"]
    d1 = (np.log(S / X) + (r + 0.5 * v * v) * T) / (v * np.sqrt(T))
    d2 = d1 - v * np.sqrt(T)
    ert = np.exp(-r * T)
    return (S * cnd(d1) - X * ert * cnd(d2), X * ert * (1.0 - cnd(d2)) - S * (1.0 - cnd(d1)))


# ------------------------------------------------------------------- hotspot
_HOT = (0.1, 0.1, 0.01, 0.5, 80.0)  # rx, ry, rz, step, ambient


def _hot_make(n: int, rng: np.random.Generator) -> Env:
    return {"temp": rng.uniform(300, 340, (n, n)), "power": rng.random((n, n)), "out": np.zeros((n, n))}


def _hot_run(launch: Launcher, e: Env) -> tuple[np.ndarray, ...]:
    g = _blocks(e["temp"].shape[0], K.TPB)
    launch(K.hotspot_step, (g, g), (K.TPB, K.TPB), e["temp"], e["power"], e["out"], *_HOT)
    return (e["out"],)


def _hot_ref(e: Env) -> tuple[np.ndarray, ...]:
    t = e["temp"]
    p = np.pad(t, 1, mode="edge")
    rx, ry, rz, step, amb = _HOT
    ns = p[:-2, 1:-1] + p[2:, 1:-1] - 2.0 * t
    ew = p[1:-1, :-2] + p[1:-1, 2:] - 2.0 * t
    return (t + step * (e["power"] + ns * ry + ew * rx + (amb - t) * rz),)


# ---------------------------------------------------------------- pathfinder
def _pf_make(n: int, rng: np.random.Generator) -> Env:
    return {
        "wall": rng.integers(0, 10, (max(n // 8, 2), n)).astype(np.int32),
        "result": np.zeros(n, np.int32),
    }


def _pf_run(launch: Launcher, e: Env) -> tuple[np.ndarray, ...]:
    wall = e["wall"]
    prev, cur = wall[0].copy(), np.zeros_like(wall[0])
    for start in range(1, wall.shape[0], K.PYRAMID):
        rows = min(K.PYRAMID, wall.shape[0] - start)
        width = K.TPB1 - 2 * rows
        launch(K.pathfinder_rows, _blocks(wall.shape[1], width), K.TPB1, wall, start, rows, prev, cur)
        prev, cur = cur, prev
    return (prev,)


def _pf_ref(e: Env) -> tuple[np.ndarray, ...]:
    wall = e["wall"]
    prev = wall[0].copy()
    for row in range(1, wall.shape[0]):
        p = np.pad(prev, 1, mode="edge")
        prev = wall[row] + np.minimum(np.minimum(p[:-2], p[1:-1]), p[2:])
    return (prev,)


# ---------------------------------------------------------- needleman-wunsch
_PENALTY = 10


def _nw_make(n: int, rng: np.random.Generator) -> Env:
    score = np.zeros((n, n), np.int32)
    score[0, :] = -_PENALTY * np.arange(n)
    score[:, 0] = -_PENALTY * np.arange(n)
    return {"score": score, "ref": rng.integers(-5, 6, (n, n)).astype(np.int32)}


def _nw_run(launch: Launcher, e: Env) -> tuple[np.ndarray, ...]:
    n = e["score"].shape[0]
    tiles = (n - 2) // K.TPB + 1
    for d in range(2 * tiles - 1):
        blocks = min(d, tiles - 1) - max(0, d - (tiles - 1)) + 1
        launch(K.nw_tiles, blocks, K.TPB, e["score"], e["ref"], d, _PENALTY)
    return (e["score"],)


def _nw_ref(e: Env) -> tuple[np.ndarray, ...]:
    s, ref = e["score"].copy(), e["ref"]
    for i in range(1, s.shape[0]):
        for j in range(1, s.shape[0]):
            s[i, j] = max(s[i - 1, j - 1] + ref[i, j], s[i - 1, j] - _PENALTY, s[i, j - 1] - _PENALTY)
    return (s,)


# ---------------------------------------------------------------------- srad
_Q0, _LAM = 0.05, 0.5


def _srad_make(n: int, rng: np.random.Generator) -> Env:
    z = np.zeros((n, n))
    return {
        "J": rng.uniform(0.5, 1.5, (n, n)),
        "c": z,
        "dN": z.copy(),
        "dS": z.copy(),
        "dW": z.copy(),
        "dE": z.copy(),
    }


def _srad_arrays(e: Env) -> tuple[np.ndarray, ...]:
    return (e["J"], e["c"], e["dN"], e["dS"], e["dW"], e["dE"])


def _srad_run(launch: Launcher, e: Env) -> tuple[np.ndarray, ...]:
    g = _blocks(e["J"].shape[0], K.TPB)
    launch(K.srad_coefficients, (g, g), (K.TPB, K.TPB), *_srad_arrays(e), _Q0)
    launch(K.srad_update, (g, g), (K.TPB, K.TPB), *_srad_arrays(e), _LAM)
    return (e["J"],)


def _srad_ref(e: Env) -> tuple[np.ndarray, ...]:
    J = e["J"]
    p = np.pad(J, 1, mode="edge")
    dN, dS, dW, dE = p[:-2, 1:-1] - J, p[2:, 1:-1] - J, p[1:-1, :-2] - J, p[1:-1, 2:] - J
    g2 = (dN**2 + dS**2 + dW**2 + dE**2) / (J * J)
    lap = (dN + dS + dW + dE) / J
    num = 0.5 * g2 - (1.0 / 16.0) * lap * lap
    den = 1.0 + 0.25 * lap
    qsqr = num / (den * den)
    den = (qsqr - _Q0) / (_Q0 * (1.0 + _Q0))
    c = np.clip(1.0 / (1.0 + den), 0.0, 1.0)
    cp = np.pad(c, 1, mode="edge")
    D = c * dN + cp[2:, 1:-1] * dS + c * dW + cp[1:-1, 2:] * dE
    return (J + 0.25 * _LAM * D,)


# ------------------------------------------------------------------ backprop
def _bp_make(n: int, rng: np.random.Generator) -> Env:
    f32 = np.float32
    return {"inputs": rng.random(n).astype(f32), "weights": (rng.random((n, 64)) - 0.5).astype(f32),
            "hidden": np.zeros(64, f32)}  # fmt: skip


def _bp_run(launch: Launcher, e: Env) -> tuple[np.ndarray, ...]:
    blocks = _blocks(len(e["inputs"]), K.TPB1)
    partial = np.zeros((blocks, e["weights"].shape[1]), np.float32)
    launch(K.backprop_partial, blocks, K.TPB1, e["inputs"], e["weights"], partial)
    launch(K.backprop_finish, _blocks(len(e["hidden"]), K.TPB1), K.TPB1, partial, e["hidden"])
    return (e["hidden"],)


def _bp_ref(e: Env) -> tuple[np.ndarray, ...]:
    acc = e["inputs"].astype(np.float64) @ e["weights"].astype(np.float64)
    return ((1.0 / (1.0 + np.exp(-acc))).astype(np.float32),)


# ----------------------------------------------------------------------- lud
def _lud_make(n: int, rng: np.random.Generator) -> Env:
    return {"a": rng.random((n, n)) + n * np.eye(n)}


def _lud_run(launch: Launcher, e: Env) -> tuple[np.ndarray, ...]:
    a = e["a"]
    n = a.shape[0]
    for k in range(n - 1):
        launch(K.lud_column, _blocks(n - k - 1, K.TPB1), K.TPB1, a, k)
        g = _blocks(n - k - 1, K.TPB)
        launch(K.lud_trailing, (g, g), (K.TPB, K.TPB), a, k)
    return (a,)


def _lud_ref(e: Env) -> tuple[np.ndarray, ...]:
    a = e["a"].copy()
    n = a.shape[0]
    for k in range(n - 1):
        a[k + 1 :, k] /= a[k, k]
        a[k + 1 :, k + 1 :] -= np.outer(a[k + 1 :, k], a[k, k + 1 :])
    return (a,)


def _port(
    fn: Callable[..., Any], names: tuple[str, ...], outs: tuple[str, ...], *extra: Any
) -> Callable[[Env], tuple[np.ndarray, ...]]:
    def run(e: Env) -> tuple[np.ndarray, ...]:
        fn(*(e[n] for n in names), *extra)
        return tuple(e[o] for o in outs)

    return run


CASES: tuple[GpuCase, ...] = (
    GpuCase("vector_add", _vadd_make, _vadd_run, _port(P.vector_add, ("a", "b", "c"), ("c",)),
            lambda e: (e["a"] + e["b"],), 1000, 4_000_000),
    GpuCase("matmul_shared", _mm_make, _mm_run, _port(P.matmul, ("A", "B", "C"), ("C",)),
            lambda e: (e["A"].astype(np.float64) @ e["B"].astype(np.float64),), 40, 384, rtol=1e-4),
    GpuCase("reduction_shared", _sum_make, _sum_run, _port(P.block_sum, ("a", "partial"), ("partial",), K.TPB1),  # noqa: E501
            _sum_ref, 1000, 4_000_000),
    GpuCase("histogram_atomic", _hist_make, _hist_run, _port(P.histogram, ("x", "hist"), ("hist",)),
            lambda e: (np.bincount(e["x"], minlength=64),), 5000, 4_000_000),
    GpuCase("laplace", _lap_make, _lap_run, _port(P.laplace_step, ("u", "out"), ("out",)), _lap_ref, 40, 2000),  # noqa: E501
    GpuCase("black_scholes", _bs_make, _bs_run, _port(P.black_scholes, ("call", "put", "S", "X", "T", "r", "v"),  # noqa: E501
            ("call", "put")), _bs_ref, 1000, 1_000_000),
    GpuCase("hotspot", _hot_make, _hot_run, _port(P.hotspot_step, ("temp", "power", "out"), ("out",), *_HOT),
            _hot_ref, 40, 2000),
    GpuCase("pathfinder", _pf_make, _pf_run, _port(P.pathfinder, ("wall", "result"), ("result",)), _pf_ref,
            300, 20_000),
    GpuCase("needleman_wunsch", _nw_make, _nw_run, _port(P.needleman_wunsch, ("score", "ref"), ("score",),
            _PENALTY), _nw_ref, 40, 1025),
    GpuCase("srad", _srad_make, _srad_run, _port(P.srad_step, ("J", "c", "dN", "dS", "dW", "dE"), ("J",), _Q0,
            _LAM), _srad_ref, 40, 2000),
    GpuCase("backprop_layer", _bp_make, _bp_run, _port(P.backprop_layer, ("inputs", "weights", "hidden"),
            ("hidden",)), _bp_ref, 300, 200_000, rtol=1e-3),  # float32 sums of 2e5 terms, in two orders
    GpuCase("lud", _lud_make, _lud_run, _port(P.lud, ("a",), ("a",)), _lud_ref, 40, 512, rtol=1e-8),
)  # fmt: skip

CASES_BY_NAME = {c.name: c for c in CASES}


def cpu_launch(kernel: Any, grid: Any, block: Any, *args: Any) -> None:
    kernel.cpu[grid, block](*args)


def gpu_launch(kernel: Any, grid: Any, block: Any, *args: Any) -> None:
    kernel.gpu[grid, block](*args)


class ResidentGpu:
    """A launcher that keeps a case's arrays in GPU memory across its launches, as a numba.cuda
    user does with ``to_device``: each NumPy array goes to the device the first time a launch
    passes it and stays there; ``to_host`` copies results back. (``gpu_launch`` copies every
    array in and out at each launch.)"""

    def __init__(self) -> None:
        self._device: dict[int, tuple[np.ndarray, Any]] = {}  # id(host) -> (host, its device twin)

    def __call__(self, kernel: Any, grid: Any, block: Any, *args: Any) -> None:
        kernel.gpu[grid, block](*(self._twin(a) if isinstance(a, np.ndarray) else a for a in args))

    def _twin(self, host: np.ndarray) -> Any:
        from kiln.kernel.device_array import to_gpu

        if id(host) not in self._device:  # the host array is held, so its id stays its own
            self._device[id(host)] = (host, to_gpu(host))
        return self._device[id(host)][1]

    def to_host(self, outputs: tuple[np.ndarray, ...]) -> tuple[np.ndarray, ...]:
        """The case's outputs with their device contents (arrays no launch used as they are)."""
        return tuple(self._device[id(o)][1].copy_to_host() if id(o) in self._device else o for o in outputs)


def resident_run(case: GpuCase, env: Env) -> tuple[np.ndarray, ...]:
    """One run of ``case`` with its arrays on the device from their first launch on, and its
    outputs copied back at the end."""
    launcher = ResidentGpu()
    return launcher.to_host(case.run(launcher, env))


def cuda_modules(case: GpuCase, size: int) -> list[Any]:
    """The CUDA C of every launch the case makes (each kernel runs on the CPU meanwhile)."""
    found: list[Any] = []

    def record(kernel: Any, grid: Any, block: Any, *args: Any) -> None:
        found.append(kernel.cuda_module(block, *args))
        kernel.cpu[grid, block](*args)

    case.run(record, case.make(size, np.random.default_rng(0)))
    return list({m.source: m for m in found}.values())


def reference_launch(kernel: Any, grid: Any, block: Any, *args: Any) -> None:
    kernel.simulate(grid, block, *args)
