"""Random differentiable programs: what ``kiln.grad`` and ``kiln.jvp`` must get right.

Each program ``f(x, Y, s)`` (a vector, a matrix whose rows are as long as the vector, a
number) is a few statements drawn from the shapes scientists write: element-wise arithmetic
with smooth ufuncs, reductions (with an axis too), matrix-vector products, loops with
accumulators, recurrences that re-bind an array every iteration, in-place slice updates,
element loops that fill an array, data-dependent branches, ``while`` loops, ``break``,
triangular nests, a temporary per iteration, complex arithmetic, an FFT, a sort and the
eigenvalues of a symmetric matrix; it returns a number. The same seed gives the
same program (``Program`` of ``generate.py``)."""

from __future__ import annotations

import random

from kiln.fuzz.generate import ArraySpec, Program

_UNARY = (
    "np.sin({})", "np.cos({})", "np.tanh({})", "np.exp(0.3 * {})", "np.sqrt({0} * {0} + 1.0)",
    "np.log({0} * {0} + 1.0)", "np.abs({})",
)  # fmt: skip


class _Builder:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.vectors = ["x", "Y[0]"]  # as long as x
        self.numbers = ["s"]
        self.lines: list[str] = []
        self.constructs: set[str] = set()
        self.count = 0

    def fresh(self, stem: str) -> str:
        self.count += 1
        return f"{stem}{self.count}"

    def vector(self, depth: int = 2) -> str:
        r = self.rng
        pick = r.random()
        if depth == 0 or pick < 0.3:
            return r.choice(self.vectors)
        if pick < 0.5:
            op = r.choice(("+", "-", "*"))
            return f"({self.vector(depth - 1)} {op} {self.vector(depth - 1)})"
        if pick < 0.6:
            return f"({self.number(depth - 1)} * {self.vector(depth - 1)})"
        if pick < 0.8:
            return r.choice(_UNARY).format(self.vector(depth - 1))
        if pick < 0.85:
            return f"({self.vector(depth - 1)} / ({self.vector(depth - 1)} ** 2 + 1.0))"
        if pick < 0.9:
            self.constructs.add("reduce_axis")
            return f"np.sum(Y * {self.vector(depth - 1)}, axis=0)"
        self.constructs.add("matvec")
        return f"(Y.T @ np.tanh(Y @ {self.vector(depth - 1)}))"

    def number(self, depth: int = 1) -> str:
        r = self.rng
        pick = r.random()
        if depth == 0 or pick < 0.35:
            return r.choice(self.numbers)
        if pick < 0.55:
            return f"np.sum({self.vector(depth - 1)})"
        if pick < 0.65:
            return f"np.mean({self.vector(depth - 1)})"
        if pick < 0.8:
            return f"np.dot({self.vector(depth - 1)}, {self.vector(depth - 1)})"
        if pick < 0.85:
            return f"np.max({self.vector(depth - 1)})"
        return f"np.sin({self.number(depth - 1)})"

    def emit(self, *lines: str) -> None:
        self.lines += lines

    def statement(self) -> None:
        kind = self.rng.choice(_STATEMENTS)
        self.constructs.add(kind.__name__.lstrip("_"))
        kind(self)


def _vector(g: _Builder) -> None:
    v = g.fresh("v")
    g.emit(f"{v} = {g.vector()}")
    g.vectors.append(v)


def _number(g: _Builder) -> None:
    c = g.fresh("c")
    g.emit(f"{c} = {g.number(2)}")
    g.numbers.append(c)


def _accumulate(g: _Builder) -> None:
    c, a, b = g.fresh("c"), g.rng.choice(g.vectors), g.rng.choice(g.vectors)
    g.emit(f"{c} = 0.0", "for i in range(x.shape[0]):", f"    {c} += np.sin({a}[i]) * {b}[i]")
    g.numbers.append(c)


def _recurrence(g: _Builder) -> None:
    h, steps = g.fresh("h"), g.rng.randint(1, 3)
    g.emit(f"{h} = {g.vector(1)}", f"for t in range({steps}):")
    g.emit(f"    {h} = np.tanh({h} * {g.number(0)} + Y[t % Y.shape[0]] + {g.rng.choice(g.vectors)})")
    g.vectors.append(h)


def _slice_update(g: _Builder) -> None:
    u = g.fresh("u")
    g.emit(f"{u} = {g.rng.choice(g.vectors)}.copy()", f"{u}[1:] = {u}[1:] + 0.5 * {u}[:-1]")
    g.vectors.append(u)


def _element_loop(g: _Builder) -> None:
    u, a = g.fresh("u"), g.rng.choice(g.vectors)
    g.emit(
        f"{u} = np.zeros(x.shape[0])", "for i in range(x.shape[0]):", f"    {u}[i] = {a}[i] * np.cos({a}[i])"
    )
    g.vectors.append(u)


def _branch(g: _Builder) -> None:
    b = g.fresh("b")
    g.emit(f"if {g.number(1)} > 0.1:", f"    {b} = {g.vector(1)}", "else:", f"    {b} = {g.vector(1)}")
    g.vectors.append(b)


def _while(g: _Builder) -> None:
    w, j, steps = g.fresh("w"), g.fresh("j"), g.rng.randint(1, 3)
    g.emit(f"{w} = {g.vector(1)}", f"{j} = 0", f"while {j} < {steps}:")
    g.emit(f"    {w} = 0.5 * {w} + np.sin({w})", f"    {j} += 1")
    g.vectors.append(w)


def _break(g: _Builder) -> None:
    c, a, b = g.fresh("c"), g.rng.choice(g.vectors), g.rng.choice(g.vectors)
    g.emit(f"{c} = 0.0", "for i in range(x.shape[0]):", f"    if {a}[i] > 0.8:", "        break")
    g.emit(f"    {c} += {a}[i] * {b}[i]")
    g.numbers.append(c)


def _triangular(g: _Builder) -> None:
    c, a, b = g.fresh("c"), g.rng.choice(g.vectors), g.rng.choice(g.vectors)
    g.emit(f"{c} = 0.0", "for i in range(x.shape[0]):", "    for j in range(i):")
    g.emit(f"        {c} += {a}[i] * np.cos({b}[j])")
    g.numbers.append(c)


def _temporary(g: _Builder) -> None:
    c, d = g.fresh("c"), g.fresh("d")
    g.emit(f"{c} = 0.0", "for r in range(Y.shape[0]):", f"    {d} = Y[r] - {g.rng.choice(g.vectors)}")
    g.emit(f"    {c} += np.sum({d} * {d})")
    g.numbers.append(c)


def _complex(g: _Builder) -> None:
    z, c = g.fresh("z"), g.fresh("c")
    g.emit(f"{z} = {g.vector(1)} + 1j * {g.vector(1)}")
    g.emit(f"{c} = np.sum(np.abs({z} * {z}) + ({z} * np.conj({z} + 0.5)).real)")
    g.numbers.append(c)


def _spectrum(g: _Builder) -> None:
    c = g.fresh("c")
    g.emit(f"{c} = np.sum(np.abs(np.fft.rfft({g.vector(1)})) ** 2 * 0.1)")
    g.numbers.append(c)


def _sorted(g: _Builder) -> None:
    c = g.fresh("c")
    g.emit(f"{c} = np.sum(np.sort({g.vector(1)}) * {g.rng.choice(g.vectors)})")
    g.numbers.append(c)


def _eigenvalues(g: _Builder) -> None:
    m, c, a = g.fresh("m"), g.fresh("c"), g.rng.choice(g.vectors)
    g.emit(f"{m} = np.outer({a}, {a}) + Y.T @ Y + np.eye(x.shape[0])")
    g.emit(f"{c} = np.sum(np.linalg.eigvalsh({m}) ** 2) * 0.01")
    g.numbers.append(c)


_STATEMENTS = (
    _vector, _vector, _number, _accumulate, _recurrence, _slice_update, _element_loop, _branch,
    _while, _break, _triangular, _temporary, _complex, _spectrum, _sorted, _eigenvalues,
)  # fmt: skip
CONSTRUCTS = frozenset(k.__name__.lstrip("_") for k in _STATEMENTS)


def generate_ad(seed: int) -> Program:
    """The differentiable program of ``seed``."""
    rng = random.Random(seed)
    g = _Builder(rng)
    for _ in range(rng.randint(2, 6)):
        g.statement()
    terms = [f"np.sum({v} * {v})" for v in g.vectors[-2:]] + g.numbers[-2:]
    g.emit(f"return {' + '.join(terms)}")
    source = "def f(x, Y, s):\n" + "\n".join("    " + line for line in g.lines) + "\n"
    n, m = rng.choice((1, 2, 4, 5)), rng.choice((1, 3))
    arrays = (ArraySpec("float64", (n,), "C", seed * 2 + 1), ArraySpec("float64", (m, n), "C", seed * 2 + 2))
    return Program(seed, source, arrays, (round(rng.uniform(-1.0, 1.0), 3),), g.constructs)
