"""The one table of the operations the loop IR knows: every unary and binary operator and every
math function a ``Call`` may name, with its arity, the rule for its result type and a rough
cost. The verifier refuses names that are not here; the per-layer tables keyed by these names
(C and CUDA spellings in codegen, NumPy semantics in the interpreter, derivative rules in
autodiff) are checked against it by ``tests/ir/test_op_table.py``, so an operation added here
and forgotten in one of them fails a test instead of a user's compile."""

from __future__ import annotations

from dataclasses import dataclass

# Result rules: "operand" (the operands' common dtype), "bool", "real" (a complex operand's
# real dtype, otherwise the operand's), "float" (true division of integers), "int64", "complex"
# (the complex dtype whose parts are the float operands').
RESULT_RULES = frozenset({"operand", "bool", "real", "float", "int64", "complex"})


@dataclass(frozen=True)
class Op:
    name: str
    arity: int
    result: str = "operand"
    cost: float = 1.0  # rough cycles per evaluation (store-or-recompute decisions)


def _table(arity: int, names: str, **kw: object) -> dict[str, Op]:
    return {n: Op(n, arity, **kw) for n in names.split()}  # type: ignore[arg-type]


UNARY: dict[str, Op] = {**_table(1, "neg invert pos"), **_table(1, "not", result="bool")}

# min/max are NumPy's minimum/maximum (NaN propagates), fmin/fmax C's (NaN ignored); and/or
# short-circuit on bools.
BINARY: dict[str, Op] = {
    **_table(2, "add sub mul min max fmin fmax bitand bitor bitxor lshift rshift"),
    **_table(2, "eq ne lt le gt ge and or", result="bool"),
    "truediv": Op("truediv", 2, "float", 4.0),
    **_table(2, "floordiv mod", cost=8.0),
    "pow": Op("pow", 2, cost=20.0),
}

# Transcendental calls cost a few cycles per element in vectorized loops (the prelude declares
# SIMD math), more where they do not vectorize: 8 is the estimate the decisions were tuned with.
CALLS: dict[str, Op] = {
    **_table(
        1,
        "sqrt exp exp2 expm1 log log2 log10 log1p cbrt sin cos tan arcsin arccos arctan sinh "
        "cosh tanh arcsinh arccosh arctanh erf erfc gamma lgamma rint trunc sign square "
        "reciprocal conj",
        cost=8.0,
    ),
    "sqrt": Op("sqrt", 1, cost=4.0),
    **_table(1, "floor ceil", cost=1.0),
    "abs": Op("abs", 1, "real", 1.0),
    **_table(1, "real imag", result="real", cost=8.0),
    **_table(2, "arctan2 hypot copysign fmod nextafter", cost=8.0),
    # Python's round(x, n) of a float: x correctly rounded to n decimal places, half to even
    # on x's exact value (n a float64 holding an integer)
    "py_round": Op("py_round", 2, cost=200.0),
    **_table(1, "isnan isinf isfinite", result="bool", cost=8.0),
    **_table(0, "worker_id worker_count", result="int64", cost=8.0),
    # complex(re, im): the number with exactly these parts (no arithmetic: -0.0 and inf kept)
    "complex": Op("complex", 2, "complex", 1.0),
}

PREDICATES = frozenset(n for n, op in CALLS.items() if op.result == "bool")


def op_cost(kind: str, name: str) -> float:
    """The cost of a ``kind`` ("unary", "binary" or "call") operation named ``name``."""
    table = {"unary": UNARY, "binary": BINARY, "call": CALLS}[kind]
    return table[name].cost


# Library calls that hand whole arrays to NumPy's own routine (along the last axis of their
# operands, one output, one input): the result is NumPy's by construction, ties and signed
# zeros included. Name -> (NumPy function, its ``kind`` argument or None for the default).
NUMPY_ROUTINES: dict[str, tuple[str, str | None]] = {
    "sort": ("sort", None),
    "sort_stable": ("sort", "stable"),
    "sort_heapsort": ("sort", "heapsort"),
    "argsort": ("argsort", None),
    "argsort_stable": ("argsort", "stable"),
    "argsort_heapsort": ("argsort", "heapsort"),
    # keys stacked as the rows of one array, the last row the primary key: int64 positions
    "lexsort": ("lexsort", None),
    # a second input, the 1-d int64 array ``kth``: numpy.partition(a, kth, axis=-1)
    "partition": ("partition", None),
    "argpartition": ("argpartition", None),
    # numpy.linalg.det(a) of stacked float64 or complex128 matrices: one value per matrix
    "det": ("linalg.det", None),
    # numpy.linalg.matrix_power(a, n), n a 0-d int64 array: the same shape
    "matrix_power": ("linalg.matrix_power", None),
    # numpy.linalg.slogdet(a): two outputs, the signs and the logs of the absolute values
    "slogdet": ("linalg.slogdet", None),
    # numpy.convolve / numpy.correlate(a, v, mode=...): the second input is v
    **{f"{f}_{mode}": (f, mode) for f in ("convolve", "correlate") for mode in ("full", "same", "valid")},
}
ROUTINES_WITH_KTH = frozenset({"partition", "argpartition"})
# their second element is NumPy's ``mode`` argument (not ``kind``), and they take no ``axis``
ROUTINES_WITH_MODE = frozenset(
    f"{f}_{m}" for f in ("convolve", "correlate") for m in ("full", "same", "valid")
)
ROUTINES_WITHOUT_AXIS = frozenset({"det", "matrix_power", "slogdet", *ROUTINES_WITH_MODE})
