"""``numpy.random.Generator`` in compiled code (passed in, or made by ``np.random.default_rng``):
every draw is the one NumPy makes for the same seed, bit for bit, with NumPy's shapes, dtypes and
Python number types; a generator passed in is left in NumPy's state; draws keep their order in
loops and ``prange`` loops; what is not supported is refused with a located error."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import kiln
from kiln.errors import UnsupportedError
from kiln.ir.interpreter import run_function
from kiln.ir.parser import parse_function
from kiln.ir.printer import print_function
from kiln.runtime.generators import call_scope


def _same(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want, strict=True):
            _same(g, w)
        return
    assert type(got) is type(want), (type(got), type(want))
    np.testing.assert_array_equal(got, want, strict=True)


def distributions(rng, n):
    return (
        rng.random(n),
        rng.random((2, n), dtype=np.float32),
        rng.standard_normal(size=n),
        rng.standard_normal((n, 2), np.float32),
        rng.normal(1.5, 2.0, (2, n)),
        rng.uniform(-1.0, 3, n),
        rng.exponential(2.0, size=n),
        rng.poisson(4.0, n),
        rng.binomial(10, 0.3, size=(n,)),
        rng.integers(-3, 10, n),
        rng.integers(7, size=n),
        rng.integers(1, 6, size=(n, 3), endpoint=True),
    )


def one_each(rng):
    return (
        rng.random(),
        rng.random(dtype=np.float32),
        rng.standard_normal(),
        rng.normal(),
        rng.normal(3.0, 0.5),
        rng.uniform(2, 4),
        rng.exponential(),
        rng.poisson(2.5),
        rng.binomial(5, 0.5),
        rng.integers(10),
        rng.integers(-5, 5, endpoint=True),
    )


@pytest.mark.parametrize("seed", [0, 7, 2**40 + 3])
@pytest.mark.parametrize("n", [0, 1, 5])
def test_draws_are_numpys(seed, n):
    f = kiln.jit(distributions)
    rng, ref = np.random.default_rng(seed), np.random.default_rng(seed)
    _same(f(rng, n), distributions(ref, n))
    assert rng.random() == ref.random()  # the caller's generator is left as NumPy leaves it


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_single_draws_have_numpys_python_types(seed):
    _same(kiln.jit(one_each)(np.random.default_rng(seed)), one_each(np.random.default_rng(seed)))


def million(seed):
    rng = np.random.default_rng(seed)
    n = 1_000_000
    return (
        rng.random(n),
        rng.standard_normal(n),
        rng.normal(0.5, 2.0, n),
        rng.uniform(1.0, 2.0, n),
        rng.exponential(3.0, n),
        rng.poisson(5.0, n),
        rng.binomial(20, 0.25, n),
        rng.integers(0, 1000, n),
        rng.choice(100, n),
        rng.permutation(n),
    )


def test_a_million_draws_of_each_distribution_for_three_seeds():
    f = kiln.jit(million)
    for seed in (0, 12345, 2**31 - 1):
        _same(f(seed), million(seed))


def choices(rng, a, p):
    return (
        rng.choice(a, 4),
        rng.choice(a, (2, 2), replace=False),
        rng.choice(a, 3, p=p),
        rng.choice(a, 3, replace=False, p=p, shuffle=False),
        rng.choice(a),
        rng.choice(5, 3),
        rng.choice(6, 4, replace=False),
        rng.choice(4, p=p[:4] / p[:4].sum()),
        rng.choice(a[::2], 2, shuffle=False, replace=False),
    )


@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.float32, np.complex128, np.bool_])
def test_choice(dtype):
    a = np.arange(6).astype(dtype)
    p = np.array([0.1, 0.2, 0.3, 0.1, 0.2, 0.1])
    _same(kiln.jit(choices)(np.random.default_rng(5), a, p), choices(np.random.default_rng(5), a, p))


def permute(rng, x):
    return rng.permutation(x), rng.permutation(7), rng.permutation(0), rng.permutation(x.T)


def shuffle_rows(rng, x):
    rng.shuffle(x)
    rng.shuffle(x[1:, 0])


def _layouts(shape, dtype):
    base = np.arange(int(np.prod(shape)) * 4).astype(dtype)
    c = base[: int(np.prod(shape))].reshape(shape)
    return {
        "C": c.copy(),
        "F": np.asfortranarray(c),
        "strided": base.reshape(shape[0] * 2, shape[1] * 2)[::2, 1::2],
    }


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
@pytest.mark.parametrize("dtype", [np.float64, np.int16, np.complex64])
@pytest.mark.parametrize("shape", [(5, 3), (1, 1), (3, 2)])
def test_permutation_and_shuffle_in_place(layout, dtype, shape):
    x = _layouts(shape, dtype)[layout]
    y = x.copy(order="A")
    _same(kiln.jit(permute)(np.random.default_rng(9), x), permute(np.random.default_rng(9), y))
    kiln.jit(shuffle_rows)(np.random.default_rng(4), x)
    shuffle_rows(np.random.default_rng(4), y)
    np.testing.assert_array_equal(x, y, strict=True)


def made_inside(seed, n):
    rng = np.random.default_rng(seed)
    other = np.random.default_rng(seed + 1)
    return rng.random(n), other.random(n), rng.integers(0, 5, n)


def entropy(n):
    rng = np.random.default_rng()
    return rng.random(n)


def test_generators_made_inside():
    _same(kiln.jit(made_inside)(3, 4), made_inside(3, 4))
    x = kiln.jit(entropy)(1000)
    assert x.shape == (1000,) and x.min() >= 0.0 and x.max() < 1.0 and len(np.unique(x)) == 1000
    assert not np.array_equal(kiln.jit(entropy)(1000), x)  # seeded afresh on every call


def in_a_loop(rng, x):
    total = 0.0
    for i in range(x.shape[0]):
        x[i] = rng.random()
        total += rng.normal(x[i], 1.0)
    return total


def in_prange(rng, x):
    for i in kiln.prange(x.shape[0]):
        x[i] = rng.uniform(0.0, i + 1.0)
    return x


def _draw_one(rng):
    return rng.standard_normal()


def through_helpers(params, n):
    rng = params["rng"]
    return np.random.default_rng(rng).random(n), _draw_one(rng), params["scale"] * rng.random()


def test_loops_helpers_and_containers():
    x, y = np.zeros(5), np.zeros(5)
    assert kiln.jit(in_a_loop)(np.random.default_rng(1), x) == in_a_loop(np.random.default_rng(1), y)
    np.testing.assert_array_equal(x, y)
    got = kiln.jit(parallel=True)(in_prange)(np.random.default_rng(2), np.zeros(6))
    np.testing.assert_array_equal(got, in_prange(np.random.default_rng(2), np.zeros(6)))
    params = {"rng": np.random.default_rng(8), "scale": 2.0}
    want = through_helpers({"rng": np.random.default_rng(8), "scale": 2.0}, 3)
    _same(kiln.jit(through_helpers)(params, 3), want)


def two_streams(a, b, n):
    return a.random(n) - b.random(n)


def test_two_generators_and_one_passed_twice():
    f = kiln.jit(two_streams)
    _same(
        f(np.random.default_rng(1), np.random.default_rng(2), 3),
        two_streams(np.random.default_rng(1), np.random.default_rng(2), 3),
    )
    g, h = np.random.default_rng(4), np.random.default_rng(4)
    _same(f(g, g, 3), two_streams(h, h, 3))


def test_threads_draw_from_their_own_generators():
    f = kiln.jit(distributions)
    f(np.random.default_rng(0), 2)  # compiled once, before the threads start
    results: dict[int, object] = {}

    def run(seed):
        for _ in range(20):
            results[seed] = f(np.random.default_rng(seed), 50)

    threads = [threading.Thread(target=run, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for seed in range(4):
        _same(results[seed], distributions(np.random.default_rng(seed), 50))


def test_gradient_through_draws():
    def loss(x, rng):
        return np.sum(np.sin(x * rng.random(3)))

    def made(x):
        rng = np.random.default_rng(0)
        return np.sum(x * rng.normal(size=3))

    r = np.random.default_rng(0).random(3)
    np.testing.assert_allclose(kiln.grad(loss)(np.ones(3), np.random.default_rng(0)), np.cos(r) * r)
    np.testing.assert_array_equal(kiln.grad(made)(np.ones(3)), np.random.default_rng(0).normal(size=3))
    with pytest.raises(TypeError, match="cannot differentiate"):
        kiln.grad(loss, argnums=(0, 1))(np.ones(3), np.random.default_rng(0))


def test_ir_text_round_trip_and_interpreter():
    f = kiln.jit(made_inside)
    f(3, 4)
    (compiled,) = f._compiled.values()
    for fn in (compiled.lowered, compiled.optimized):
        text = print_function(fn)
        assert "rng_create" in text
        assert print_function(parse_function(text)) == text
        with call_scope():
            _same(tuple(run_function(fn, [3, 4])), made_inside(3, 4))


def _refused(f, *args, match):
    with pytest.raises(UnsupportedError, match=match) as info:
        kiln.jit(f)(*args)
    assert info.value.loc is not None


def test_refused_with_a_location():
    rng = np.random.default_rng(0)
    _refused(lambda g, x: g.normal(x, 1.0), rng, np.ones(2), match="'loc' must be a real number")
    _refused(lambda g: g.gamma(2.0), rng, match="Generator.gamma")
    _refused(lambda g: g.integers(0, 5, 3, dtype=np.int32), rng, match="other than int64")
    _refused(lambda g, x: g.choice(x, 2), rng, np.ones((2, 2)), match="more than one dimension")
    _refused(lambda g, x: g.shuffle(x, axis=1), rng, np.ones((2, 2)), match="axis")
    _refused(lambda g: g, rng, match="compile-time value")
    with pytest.raises(TypeError, match="random Generators"):
        kiln.jit(target="cuda")(lambda g: g.random())(rng)
