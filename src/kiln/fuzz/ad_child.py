"""One child of a derivative fuzz campaign: ``python -m kiln.fuzz.ad_child KEEP_DIR SEED...``.

Each program's gradient (reverse mode, every argument at once) is compared with central finite
differences of the Python function itself, and its forward-mode tangent along a random
direction with the gradient's dot product with it. A finite difference that straddles a kink
(a branch, ``max``, ``abs``, a ``break``) is told apart from a wrong derivative by a second,
smaller step: a derivative is wrong only when both steps disagree with it."""

from __future__ import annotations

import json
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Any

import numpy as np

import kiln
from kiln.fuzz.ad_generate import generate_ad
from kiln.fuzz.child import _load

ARGNUMS = (0, 1, 2)


def finite_differences(fn: Any, args: list[Any], eps: float) -> list[Any]:
    """Central differences of ``fn`` with respect to each argument."""
    out: list[Any] = []
    for k, a in enumerate(args):

        def at(value: Any, k: int = k) -> float:
            b = [x.copy() if isinstance(x, np.ndarray) else x for x in args]
            b[k] = value
            return float(fn(*b))

        if not isinstance(a, np.ndarray):
            out.append((at(a + eps) - at(a - eps)) / (2 * eps))
            continue
        g = np.zeros(a.shape)
        for idx in np.ndindex(a.shape):
            up, down = a.copy(), a.copy()
            up[idx] += eps
            down[idx] -= eps
            g[idx] = (at(up) - at(down)) / (2 * eps)
        out.append(g)
    return out


def _far(got: list[Any], want: list[Any], scale: float, rtol: float) -> str | None:
    for k, (g, w) in enumerate(zip(got, want)):
        diff = float(np.max(np.abs(np.asarray(g) - np.asarray(w)), initial=0.0))
        if not diff <= rtol * scale:  # NaN counts as far
            return f"argument {k}: gradient differs from finite differences by {diff:.3g}"
    return None


def judge(seed: int, folder: Path) -> dict[str, Any]:
    program = generate_ad(seed)
    fn = _load(program, folder)
    args = program.arguments()
    record: dict[str, Any] = {"seed": seed, "status": "ok"}
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        want = float(fn(*[a.copy() if isinstance(a, np.ndarray) else a for a in args]))
        if not np.isfinite(want) or abs(want) > 1e8:
            return {**record, "status": "refused", "detail": "the program's value is not moderate"}
        try:
            value, grads = kiln.value_and_grad(fn, argnums=ARGNUMS)(*args)
            rng = np.random.default_rng(seed)
            tangents = tuple(rng.standard_normal(np.shape(a)) for a in args)  # type: ignore[call-overload]
            _, tangent, _ = kiln.jvp(fn)(*args, tangents=tangents)
        except kiln.UnsupportedError as exc:
            return {**record, "status": "refused", "detail": str(exc).splitlines()[0]}
        except kiln.KilnError as exc:
            return {**record, "status": "crash", "detail": f"kiln failed: {exc!r}"[:2000]}
        scale = max(1.0, abs(want))
        if not abs(value - want) <= 1e-9 * scale:
            return {**record, "status": "wrong", "detail": f"value {value!r} for {want!r}"}
        why = _far(grads, finite_differences(fn, args, 1e-6), scale, 1e-5)
        if why is not None and _far(grads, finite_differences(fn, args, 1e-8), scale, 1e-4) is None:
            why = None  # the larger step straddled a kink
        if why is not None:
            return {**record, "status": "wrong", "detail": why}
        dot = sum(float(np.sum(g * t)) for g, t in zip(grads, tangents))
        if not abs(tangent - dot) <= 1e-8 * max(scale, abs(dot)):
            return {**record, "status": "wrong", "detail": f"forward mode {tangent!r}, reverse mode {dot!r}"}
    return record


def main(argv: list[str]) -> None:
    keep, seeds = argv[0], [int(s) for s in argv[1:]]
    folder = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="kiln-adfuzz-"))
    folder.mkdir(parents=True, exist_ok=True)
    for seed in seeds:
        print(json.dumps({"start": seed}), flush=True)
        print(json.dumps(judge(seed, folder)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
