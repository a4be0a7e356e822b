"""The ``ad`` suite: forward time, gradient time and their ratio for loop-form kernels, the gradient
checked against central finite differences, the gain of differentiating after optimization, and
JAX's gradient time on the same function when JAX is installed."""

from __future__ import annotations

import importlib.util
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from kiln.bench import ad_kernels as k
from kiln.bench.registry import Suite, register_suite
from kiln.bench.results import BASELINE, KILN, Measurement, Result, RunConfig

Make = Callable[[np.random.Generator, bool], tuple[tuple[Any, ...], tuple[int, ...]]]


def _time(fn: Callable[..., Any], args: tuple[Any, ...], repeat: int) -> list[float]:
    """Seconds per call of ``fn`` on fresh copies of ``args``, made outside the timed region
    (copying inputs is not part of either computation, and its heap churn skews the larger one)."""
    fn(*_fresh(args))
    out = []
    for _ in range(repeat):
        fresh = _fresh(args)
        t0 = time.perf_counter()
        fn(*fresh)
        out.append(time.perf_counter() - t0)
    return out


def _directional_fd(
    f: Callable[..., float], args: tuple[Any, ...], i: int, v: Any, eps: float = 1e-6
) -> float:
    def at(sign: float) -> float:
        a = [x.copy() if isinstance(x, np.ndarray) else x for x in args]
        a[i] = a[i] + sign * eps * v
        return float(f(*a))

    return (at(1.0) - at(-1.0)) / (2 * eps)


@dataclass(frozen=True)
class ADCase:
    name: str
    fn: Callable[..., float]
    make: Make
    section: str = "ad"

    def run(self, cfg: RunConfig) -> list[Result]:
        import kiln

        rng = np.random.default_rng(cfg.seed)
        args, argnums = self.make(rng, cfg.quick)
        result = Result(self.name, self.section, _size(args), "kiln forward")
        try:
            forward = kiln.jit(self.fn)
            grad = kiln.grad(self.fn, argnums=argnums)
            t0 = time.perf_counter()
            grads = grad(*_fresh(args))
            result.first_call_s[KILN] = time.perf_counter() - t0
            forward(*_fresh(args))
            kiln.wait_for_optimized()
            result.measurements[BASELINE] = Measurement(_time(forward, args, cfg.repeat), "s")
            result.measurements[KILN] = Measurement(_time(grad, args, cfg.repeat), "s")
            # best of the runs: other processes on the machine only ever add time, and they add
            # more to the longer gradient run than to the forward one (medians drift apart)
            t_grad = min(result.measurements[KILN].samples)
            result.notes["grad_over_forward"] = t_grad / min(result.measurements[BASELINE].samples)
            result.notes["fd_max_rel_error"] = self._check(args, argnums, grads, rng)
            result.notes["tape_bytes"] = grad.last_tape_bytes
            simple = kiln.grad(self.fn, argnums=argnums, recompute="simple")
            simple(*_fresh(args))
            result.notes["tape_bytes_simple"] = simple.last_tape_bytes
            before = kiln.grad(self.fn, argnums=argnums, optimize_first=False)
            before(*_fresh(args))
            t_before = min(_time(before, args, max(1, cfg.repeat // 2)))
            result.notes["grad_before_opt_s"] = t_before
            result.notes["after_opt_gain"] = t_before / t_grad
            result.notes["jax_grad_s"] = _jax_time(self.fn, args, argnums, cfg.repeat)
            if result.notes["fd_max_rel_error"] > 1e-6:
                result.fail(
                    f"gradient differs from finite differences: {result.notes['fd_max_rel_error']:.2e}"
                )
        except Exception as exc:  # a benchmark row reports the failure instead of ending the run
            result.fail(f"{type(exc).__name__}: {exc}")
        return [result]

    def _check(
        self,
        args: tuple[Any, ...],
        argnums: tuple[int, ...],
        grads: tuple[Any, ...],
        rng: np.random.Generator,
    ) -> float:
        worst = 0.0
        for i, g in zip(argnums, grads):
            v = rng.standard_normal(np.shape(args[i]))
            want = _directional_fd(self.fn, args, i, v)
            got = float(np.sum(np.asarray(g) * v))
            # relative to |g| |v|: a random direction's derivative may cancel to almost nothing
            scale = max(abs(want), float(np.linalg.norm(np.asarray(g)) * np.linalg.norm(v)), 1e-300)
            worst = max(worst, abs(got - want) / scale)
        return worst


def _fresh(args: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args)  # JAX arrays: as they are


def _size(args: tuple[Any, ...]) -> str:
    return " ".join("x".join(map(str, np.shape(a))) or "scalar" for a in args)


def _jax_time(
    fn: Callable[..., float], args: tuple[Any, ...], argnums: tuple[int, ...], repeat: int
) -> float | None:
    """JAX's gradient time on the jax.numpy version of the same loss (None without JAX)."""
    if importlib.util.find_spec("jax") is None or fn.__name__ not in _JAX_VERSIONS:
        return None
    import jax

    jax.config.update("jax_enable_x64", True)
    g = jax.jit(jax.grad(_JAX_VERSIONS[fn.__name__](), argnums=argnums))
    jargs = tuple(jax.numpy.asarray(a) if isinstance(a, np.ndarray) else a for a in args)
    return min(_time(lambda *a: jax.block_until_ready(g(*a)), jargs, repeat))


def _jax_norm() -> Callable[..., Any]:
    import jax.numpy as jnp

    return lambda x, w: jnp.sum(x / jnp.sqrt(jnp.sum(x * x)) * w)


def _jax_lse() -> Callable[..., Any]:
    import jax.numpy as jnp

    return lambda x: jnp.max(x) + jnp.log(jnp.sum(jnp.exp(x - jnp.max(x))))


def _jax_lsq() -> Callable[..., Any]:
    import jax.numpy as jnp

    return lambda A, x, b: 0.5 * jnp.sum((A @ x - b) ** 2)


def _jax_kmeans() -> Callable[..., Any]:
    import jax.numpy as jnp

    return lambda X, c: jnp.sum(jnp.min(jnp.sum((X[:, None, :] - c[None, :, :]) ** 2, axis=2), axis=1))


_JAX_VERSIONS: dict[str, Callable[[], Callable[..., Any]]] = {
    "norm_example": _jax_norm,
    "logsumexp": _jax_lse,
    "least_squares": _jax_lsq,
    "kmeans_objective": _jax_kmeans,
}


def _gmm(r: np.random.Generator, quick: bool) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    n, kk, d = (20, 3, 2) if quick else (1000, 8, 4)
    return (
        r.standard_normal((n, d)),
        r.standard_normal((kk, d)),
        r.uniform(-0.3, 0.3, (kk, d)),
        r.uniform(-1, 0, kk),
    ), (1, 2, 3)


def _lse(r: np.random.Generator, quick: bool) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    return (r.standard_normal(50 if quick else 100_000),), (0,)


def _lstm(r: np.random.Generator, quick: bool) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    steps, hidden, inputs = (5, 4, 3) if quick else (100, 32, 16)
    H, C = np.zeros((steps + 1, hidden)), np.zeros((steps + 1, hidden))
    W = r.standard_normal((4, hidden, inputs)) * 0.3
    U = r.standard_normal((4, hidden, hidden)) * 0.3
    return (W, U, r.standard_normal((4, hidden)) * 0.1, r.standard_normal((steps, inputs)), H, C), (0, 1, 2)


def _kmeans(r: np.random.Generator, quick: bool) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    n = 30 if quick else 5000
    return (r.standard_normal((n, 3)), r.standard_normal((8, 3))), (1,)


def _euler(r: np.random.Generator, quick: bool) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    steps, n = (20, 5) if quick else (1600, 64)
    return (r.uniform(0, 1, n), 0.7, np.zeros((steps + 1, n))), (0, 1)


def _lsq(r: np.random.Generator, quick: bool) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    m, n = (10, 4) if quick else (2000, 100)
    return (r.standard_normal((m, n)), r.standard_normal(n), r.standard_normal(m)), (0, 1)


def _rnn(r: np.random.Generator, quick: bool) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    steps, hidden, inputs = (5, 4, 3) if quick else (200, 64, 32)
    W = r.standard_normal((hidden, hidden)) * 0.3 / np.sqrt(hidden)
    U = r.standard_normal((hidden, inputs)) * 0.3
    return (W, U, r.standard_normal((steps, inputs))), (0, 1)


def _integrator(r: np.random.Generator, quick: bool) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    return (r.uniform(0, 1, 8 if quick else 2000), 0.7), (0, 1)


def _pairs(r: np.random.Generator, quick: bool) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    return (r.standard_normal((6 if quick else 200, 3)), 0.3), (0,)


def _norm(n: int) -> Make:
    return lambda r, quick: (
        (r.uniform(0.1, 1, 20 if quick else n), r.standard_normal(20 if quick else n)),
        (0,),
    )


CASES = [
    ADCase("gmm_loglik", k.gmm_loglik, _gmm),
    ADCase("logsumexp", k.logsumexp, _lse),
    ADCase("lstm_steps", k.lstm_steps, _lstm),
    ADCase("kmeans_objective", k.kmeans_objective, _kmeans),
    ADCase("euler_ode", k.euler_ode, _euler),
    ADCase("least_squares", k.least_squares, _lsq),
    ADCase("norm_example", k.norm_example, _norm(8000)),
    ADCase("norm_example_2n", k.norm_example, _norm(16000)),
    ADCase("rnn_rebound", k.rnn_rebound, _rnn),
    ADCase("integrator_rebound", k.integrator_rebound, _integrator),
    ADCase("pair_energy", k.pair_energy, _pairs),
]


def geomean_ratio(results: list[Result]) -> float | None:
    ratios = [r.notes["grad_over_forward"] for r in results if "grad_over_forward" in r.notes]
    return math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else None


SUITE = register_suite(
    Suite(
        "ad",
        "gradients of loop-form kernels: forward vs gradient time, checked by finite differences",
        lambda: list(CASES),
    )  # fmt: skip
)
