"""Random programs in the language kiln compiles: element-wise arithmetic with broadcasting and
mixed dtypes, ufuncs, reductions with axes, slices with steps, in-place updates through
overlapping views, loops with accumulators, branches. Each program is the source text of one
function ``f`` and a recipe for its arguments; the same seed gives the same program."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np

DTYPES = ("float64", "float32", "int64", "int32", "bool")
LAYOUTS = ("C", "F", "strided", "reversed")


@dataclass(frozen=True)
class ArraySpec:
    """An argument array: dtype, shape, how it is laid out in memory, and its values' seed."""

    dtype: str
    shape: tuple[int, ...]
    layout: str
    seed: int

    def make(self) -> np.ndarray:
        rng = np.random.default_rng(self.seed)
        values = rng.uniform(-3.0, 3.0, self.shape)
        if self.dtype == "bool":
            base = values > 0
        elif self.dtype.startswith("int"):
            base = np.round(values * 3).astype(self.dtype)
        else:
            base = values.astype(self.dtype)
        return _laid_out(base, self.layout)


def _laid_out(a: np.ndarray, layout: str) -> np.ndarray:
    if layout == "F":
        return np.asfortranarray(a)
    if layout == "reversed":
        return np.ascontiguousarray(a[(slice(None, None, -1),) * a.ndim])[(slice(None, None, -1),) * a.ndim]
    if layout == "strided":
        big = np.zeros(tuple(2 * n + 1 for n in a.shape), a.dtype)
        view = big[(slice(1, None, 2),) * a.ndim]
        view[...] = a
        return view
    return np.ascontiguousarray(a)


@dataclass
class Program:
    seed: int
    source: str
    arrays: tuple[ArraySpec, ...]
    scalars: tuple[float | int, ...]
    constructs: set[str] = field(default_factory=set)

    def arguments(self) -> list[object]:
        return [a.make() for a in self.arrays] + list(self.scalars)


class _Builder:
    """Statements over names whose kinds (array of a rank, scalar) it tracks."""

    def __init__(self, rng: random.Random, ndim: int) -> None:
        self.rng = rng
        self.ndim = ndim
        self.lines: list[str] = []
        self.arrays: list[str] = []  # full-shape arrays (arguments and temporaries)
        self.scalars: list[str] = []
        self.constructs: set[str] = set()
        self.nargs = 0
        self.fresh = 0

    def name(self, stem: str) -> str:
        self.fresh += 1
        return f"{stem}{self.fresh}"

    def emit(self, line: str, construct: str, indent: int = 1) -> None:
        self.lines.append("    " * indent + line)
        self.constructs.add(construct)

    def operand(self) -> str:
        r = self.rng.random()
        if r < 0.6 or not self.scalars:
            a = self.rng.choice(self.arrays)
            return self._maybe_broadcast(a)
        if r < 0.8:
            return self.rng.choice(self.scalars)
        return self.rng.choice(["2", "0.5", "3", "1.5", "np.float32(1.25)", "np.int32(2)"])

    def _maybe_broadcast(self, a: str) -> str:
        if self.ndim == 2 and self.rng.random() < 0.25:
            self.constructs.add("broadcast")
            return self.rng.choice([f"{a}[0]", f"{a}[:, :1]", f"{a}[-1:, :]"])
        return a

    def expr(self, depth: int = 0) -> str:
        r = self.rng.random()
        if depth >= 2 or r < 0.3:
            return self.operand()
        if r < 0.55:
            self.constructs.add("arithmetic")
            return f"({self.expr(depth + 1)} {self.rng.choice('+-*')} {self.expr(depth + 1)})"
        if r < 0.7:
            self.constructs.add("ufunc")
            f = self.rng.choice(["np.minimum", "np.maximum"])
            return f"{f}({self.expr(depth + 1)}, {self.expr(depth + 1)})"
        if r < 0.8:
            self.constructs.add("ufunc")
            return self.rng.choice(_UNARY).format(self.expr(depth + 1))
        if r < 0.9:
            self.constructs.add("where")
            return f"np.where({self.operand()} > 0, {self.expr(depth + 1)}, {self.expr(depth + 1)})"
        self.constructs.add("true_divide")
        return f"({self.expr(depth + 1)} / (np.abs({self.operand()}) + 1))"

    def full(self) -> str:
        """An array of the arguments' shape."""
        return self.rng.choice(self.arrays)


_UNARY = ("np.abs({})", "np.sqrt(np.abs({}))", "np.sin({})", "np.cos({})", "np.floor({})")


def _temporary(b: _Builder, out: list[str]) -> None:
    t = b.name("t")
    b.emit(f"{t} = {b.full()} {b.rng.choice('+-*')} {b.expr()}", "temporary")
    b.arrays.append(t)
    out.append(t)


def _reduction(b: _Builder, out: list[str]) -> None:
    a, kind = b.full(), b.rng.choice(["sum", "max", "min", "mean", "prod", "any", "all"])
    axis = b.rng.choice([None, *range(b.ndim), -1])
    keep = b.rng.random() < 0.3 and axis is not None
    args = "" if axis is None else f"axis={axis}" + (", keepdims=True" if keep else "")
    r = b.name("r")
    if kind == "prod":
        b.emit(f"{r} = np.prod(np.minimum(np.abs({a}), 1.5){', ' + args if args else ''})", "reduce_axis")
    else:
        b.emit(f"{r} = {a}.{kind}({args})", "reduce_axis" if axis is not None else "reduce_all")
    if axis is None and kind not in ("any", "all"):
        b.scalars.append(r)
    out.append(r)


def _inplace_overlap(b: _Builder, out: list[str]) -> None:
    a = b.rng.choice(b.arrays[: b.nargs])
    lead = ":, " if b.ndim == 2 and b.rng.random() < 0.5 else ""
    forms = [
        f"{a}[{lead}1:] += {a}[{lead}:-1]",
        f"{a}[{lead}:-1] -= {a}[{lead}1:]",
        f"{a}[{lead}::-1] = {a}[{lead}:] * 2",
        f"{a}[{lead}1:] = {a}[{lead}:-1]",
        f"{a}[{lead}::2] = {a}[{lead}1::2]",
        f"{a} *= 2",
    ]
    b.emit(b.rng.choice(forms), "inplace_overlap")


def _strided_read(b: _Builder, out: list[str]) -> None:
    a, v = b.full(), b.name("v")
    step = b.rng.choice(["::2", "::-1", "1::3", "::-2", "1:-1"])
    index = step if b.ndim == 1 or b.rng.random() < 0.5 else f":, {step}"
    b.emit(f"{v} = {a}[{index}] * 2 + 1", "strided_slice")
    out.append(v)


def _loop(b: _Builder, out: list[str]) -> None:
    a, acc = b.full(), b.name("acc")
    b.emit(f"{acc} = 0.0", "loop")
    b.emit(f"for i in range({a}.shape[0]):", "loop")
    # float(): the accumulator keeps one type whether or not the loop runs (kiln types it once)
    item = f"float({a}[i])" if b.ndim == 1 else f"float({a}[i].sum())"
    b.emit(f"{acc} = {acc} * 0.5 + {item}", "loop", indent=2)
    b.scalars.append(acc)
    out.append(acc)


def _branch(b: _Builder, out: list[str]) -> None:
    if not b.scalars:
        return
    s, c = b.rng.choice(b.scalars), b.name("c")
    b.emit(f"{c} = 1.0", "branch")
    b.emit(f"if {s} > 0:", "branch")
    b.emit(f"{c} = {c} + {s}", "branch", indent=2)
    b.emit("else:", "branch")
    b.emit(f"{c} = {c} - 2.0 * {s}", "branch", indent=2)
    b.scalars.append(c)
    out.append(c)


def _integer_division(b: _Builder, out: list[str]) -> None:
    x, y, q = b.full(), b.full(), b.name("q")
    op = b.rng.choice(["//", "%"])
    b.emit(f"{q} = {x} {op} (np.abs({y}) + 1)", "floordiv_mod")
    out.append(q)


_STATEMENTS = (
    (_temporary, 4), (_reduction, 3), (_inplace_overlap, 2), (_strided_read, 2), (_loop, 1),
    (_branch, 1), (_integer_division, 1),
)  # fmt: skip


def generate(seed: int) -> Program:
    """The program of this seed: 1-3 array arguments of one shape (extents 0 to 5), a Python
    float and a Python int, then 3-8 statements; it returns everything it computed."""
    rng = random.Random(seed)
    ndim = rng.choice([1, 1, 2])
    shape = tuple(rng.choice([0, 1, 2, 3, 5]) for _ in range(ndim))
    nargs = rng.randint(1, 3)
    arrays = tuple(
        ArraySpec(rng.choice(DTYPES), shape, rng.choice(LAYOUTS), rng.randrange(2**31)) for _ in range(nargs)
    )
    b = _Builder(rng, ndim)
    b.arrays = [f"a{k}" for k in range(nargs)]
    b.nargs = nargs
    b.scalars = ["x", "k"]
    out: list[str] = []
    funcs, weights = zip(*_STATEMENTS)
    for _ in range(rng.randint(3, 8)):
        rng.choices(funcs, weights)[0](b, out)
    params = ", ".join([*b.arrays[:nargs], "x", "k"])
    body = "\n".join(b.lines) + f"\n    return ({', '.join(out)}{',' if len(out) == 1 else ''})"
    source = f"def f({params}):\n{body}\n"
    scalars = (round(rng.uniform(-2, 2), 3), rng.randint(-3, 3))
    return Program(seed, source, arrays, scalars, b.constructs)
