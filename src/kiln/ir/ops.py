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


Keyword = tuple[str, bool | str | int | None]


@dataclass(frozen=True)
class NumpyCall:
    """A NumPy function the compiled code calls on whole arrays, for results NumPy's own code
    must compute (the same values bit for bit: a decomposition, a transform, a random stream).
    The call is ``module.function(inputs[:positional]..., **keywords, name=input ...)``: the
    inputs after the positional ones are 0-d arrays passed by the names ``named``, as NumPy
    scalars; ``size``: ``size=`` the first output's shape. Its results (a tuple of ``outputs``
    when more than one) are copied into the outputs, which have the shapes and dtypes of NumPy's."""

    function: str  # "numpy.linalg.svd"
    keywords: tuple[Keyword, ...] = ()
    outputs: int = 1
    positional: int = 1
    named: tuple[str, ...] = ()
    size: bool = False
    effect: bool = False  # changes state outside its arrays (a random stream): calls keep their order
    # a result whose length only the call knows (lstsq's residuals): copied into the start of
    # its output, whose length is the most it can be, and its length into one more output (0-d
    # int64) after the others
    partial: int | None = None

    @property
    def output_arrays(self) -> int:
        return self.outputs + (self.partial is not None)

    @property
    def inputs(self) -> int:
        return self.positional + len(self.named)


def _linalg(function: str, outputs: int, **keywords: bool | str) -> NumpyCall:
    return NumpyCall(f"numpy.linalg.{function}", tuple(keywords.items()), outputs)


# numpy.linalg decompositions, on stacked matrices of the computation dtype (float64 or
# complex128; float32 or complex64 for pinv and matrix_rank, which compute in it). The outputs
# follow NumPy's result: (u, s, vh), (w, v), (q, r) ...
DECOMPOSITIONS: dict[str, NumpyCall] = {
    "svd_full": _linalg("svd", 3, full_matrices=True),
    "svd_reduced": _linalg("svd", 3, full_matrices=False),
    "svdvals": _linalg("svd", 1, compute_uv=False),
    "eigh_L": _linalg("eigh", 2, UPLO="L"),
    "eigh_U": _linalg("eigh", 2, UPLO="U"),
    "eigvalsh_L": _linalg("eigvalsh", 1, UPLO="L"),
    "eigvalsh_U": _linalg("eigvalsh", 1, UPLO="U"),
    "qr_reduced": _linalg("qr", 2, mode="reduced"),
    "qr_complete": _linalg("qr", 2, mode="complete"),
    "qr_r": _linalg("qr", 1, mode="r"),
    "pinv": _linalg("pinv", 1),
    "matrix_rank": _linalg("matrix_rank", 1),
    # real results for a real matrix, else an error (kiln.runtime.numpy_calls)
    "eig": NumpyCall("kiln.runtime.numpy_calls.eig", (), 2),
    "eigvals": NumpyCall("kiln.runtime.numpy_calls.eigvals", (), 1),
}
FFT_NORMS = ("backward", "ortho", "forward")
# numpy.fft transforms along the last axis (the frontend moves the axis there), with ``n`` as a
# 0-d int64 input: "fft_ortho" is numpy.fft.fft(a, n=n, axis=-1, norm="ortho"); and over every
# axis ("fftn_backward" ...). float32 and complex64 compute in single precision, as NumPy 2 does.
TRANSFORMS: dict[str, NumpyCall] = {
    **{
        f"{f}_{norm}": NumpyCall(f"numpy.fft.{f}", (("axis", -1), ("norm", norm)), named=("n",))
        for f in ("fft", "ifft", "rfft", "irfft")
        for norm in FFT_NORMS
    },
    **{
        f"{f}_{norm}": NumpyCall(f"numpy.fft.{f}", (("norm", norm),))
        for f in ("fftn", "ifftn", "rfftn", "irfftn")
        for norm in FFT_NORMS
    },
    "fftshift": NumpyCall("numpy.fft.fftshift"),
    "ifftshift": NumpyCall("numpy.fft.ifftshift"),
}
# NumPy's global random stream (numpy.random's legacy functions): the draws are NumPy's, in
# the order the code makes them. "<function>" takes size= the output's shape, "<function>:1"
# draws one number (a 0-d output); the distribution's parameters are numbers (0-d inputs).
_DRAW_PARAMETERS = {
    "random_sample": (),
    "standard_normal": (),
    "uniform": ("low", "high"),
    "normal": ("loc", "scale"),
    "exponential": ("scale",),
    "poisson": ("lam",),
    "binomial": ("n", "p"),
    "randint": ("low", "high"),
}
DRAWS: dict[str, NumpyCall] = {
    **{
        f"{f}{suffix}": NumpyCall(f"numpy.random.{f}", (), 1, 0, named, suffix == "", True)
        for f, named in _DRAW_PARAMETERS.items()
        for suffix in ("", ":1")
    },
    **{  # randint(high): from 0 up to the one bound
        f"randint_below{suffix}": NumpyCall("numpy.random.randint", (), 1, 0, ("low",), suffix == "", True)
        for suffix in ("", ":1")
    },
    "seed": NumpyCall("numpy.random.seed", outputs=0, effect=True),
}
# numpy.random.Generator objects (passed in, or made by np.random.default_rng): a generator is
# a handle (a 0-d int64 input named "rng") to an object kiln.runtime.generators keeps for the
# call, and each draw calls the object's own method, so the numbers are NumPy's. "rng_<method>"
# takes size= the output's shape, "rng_<method>:1" draws one number; "+<variant>" names the
# constant keywords and the inputs an entry passes.
_GENERATORS = "kiln.runtime.generators"


def _generator_draw(method: str, named: tuple[str, ...], sized: bool, **keywords: bool | str) -> NumpyCall:
    keys: tuple[Keyword, ...] = tuple(keywords.items())
    return NumpyCall(f"{_GENERATORS}.draw", (("method", method), *keys), 1, 0, ("rng", *named), sized, True)


_GENERATOR_PARAMETERS = {
    "normal": ("loc", "scale"),
    "uniform": ("low", "high"),
    "exponential": ("scale",),
    "poisson": ("lam",),
    "binomial": ("n", "p"),
}


def _sized(name: str, method: str, named: tuple[str, ...], **keywords: bool | str) -> dict[str, NumpyCall]:
    return {
        name: _generator_draw(method, named, True, **keywords),
        f"{name}:1": _generator_draw(method, named, False, **keywords),
    }


def choice_call(given: str, replace: bool, shuffle: bool) -> str:
    return f"rng_choice+{given}+{'replace' if replace else 'once'}+{'shuffle' if shuffle else 'kept'}"


def _choices() -> dict[str, NumpyCall]:
    """choice(a, size, replace, p, shuffle): ``a`` an array (positional) or a number ("n",
    the named input "a"), with or without ``p`` (an array after ``a``)."""
    calls: dict[str, NumpyCall] = {}
    for replace in (False, True):
        for shuffle in (False, True):
            for given, positional in (("a", 1), ("a_p", 2), ("n", 0), ("n_p", 1)):
                named = ("rng", "a") if given.startswith("n") else ("rng",)
                keys: tuple[Keyword, ...] = (("replace", replace), ("shuffle", shuffle))
                name = choice_call(given, replace, shuffle)
                for sized in (True, False):
                    call = NumpyCall(f"{_GENERATORS}.choice", keys, 1, positional, named, sized, True)
                    calls[name if sized else f"{name}:1"] = call
    return calls


def _generator_calls() -> dict[str, NumpyCall]:
    calls: dict[str, NumpyCall] = {
        "rng_create": NumpyCall(f"{_GENERATORS}.create", (), 1, 0, ("seed",), effect=True),
        "rng_create_entropy": NumpyCall(f"{_GENERATORS}.create", (), 1, 0, effect=True),
    }
    for method, named in _GENERATOR_PARAMETERS.items():
        calls |= _sized(f"rng_{method}", method, named)
    for method in ("random", "standard_normal"):
        for dtype in ("float64", "float32"):
            calls |= _sized(f"rng_{method}+{dtype}", method, (), dtype=dtype)
    for bounds in (("low",), ("low", "high")):
        for endpoint in (False, True):
            name = f"rng_integers+{'_'.join(bounds)}{'+endpoint' if endpoint else ''}"
            calls |= _sized(name, "integers", bounds, endpoint=endpoint)
    calls |= _choices()
    calls["rng_permutation"] = NumpyCall(f"{_GENERATORS}.permutation", (), 1, 1, ("rng",), effect=True)
    calls["rng_permutation+n"] = NumpyCall(f"{_GENERATORS}.permutation", (), 1, 0, ("rng", "x"), effect=True)
    calls["rng_shuffle"] = NumpyCall(f"{_GENERATORS}.shuffle", (), 1, 1, ("rng",), effect=True)
    return calls


GENERATOR_CALLS = _generator_calls()
# numpy.linalg.lstsq(a, b, rcond): (x, residuals, rank, s), the residuals as many as NumPy gives
LEAST_SQUARES = {
    "lstsq": NumpyCall("numpy.linalg.lstsq", (("rcond", None),), 4, 2, partial=1),
    "lstsq_rcond": NumpyCall("numpy.linalg.lstsq", (), 4, 2, ("rcond",), partial=1),
}
# numpy.roots(p) of float64 or complex128 coefficients: as many roots as the call finds
POLYNOMIAL_ROOTS = {
    "roots": NumpyCall("kiln.runtime.numpy_calls.roots", (), 1, partial=0),
    # polyfit's RankWarning, where NumPy gives it (a warning the filters may make an error)
    "rank_warning": NumpyCall("kiln.runtime.numpy_calls.rank_warning", (), 0, 0, effect=True),
}
NUMPY_CALLS: dict[str, NumpyCall] = {
    **DECOMPOSITIONS,
    **TRANSFORMS,
    **DRAWS,
    **GENERATOR_CALLS,
    **LEAST_SQUARES,
    **POLYNOMIAL_ROOTS,
}
