"""NumPy's FFTs called from compiled code: the values are NumPy's bit for bit, with its shapes
(``n``, ``rfft``'s half spectrum, ``irfft``'s default length), dtypes (single precision stays
single), axes, norms and layouts; NumPy's errors when the call runs."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import kiln
from kiln.api import arg_type
from kiln.errors import UnsupportedError
from kiln.frontend.python import lower_function
from kiln.ir.interpreter import run_function
from kiln.options import Options

fft = np.fft


def one_axis(a):
    return fft.fft(a), fft.ifft(a), fft.rfft(a.real), fft.irfft(a)


def lengths(a, n):
    return fft.fft(a, n), fft.rfft(a.real, n=n), fft.irfft(a, n), fft.ifft(a, n=n, norm="ortho")


def along_first(a):
    return fft.fft(a, axis=0), fft.rfft(a.real, axis=0, norm="forward"), fft.irfft(a, 4, 0, "ortho")


def every_axis(a):
    return (
        fft.fftn(a),
        fft.ifftn(a, norm="ortho"),
        fft.rfftn(a.real),
        fft.irfftn(a),
        fft.fftshift(a),
        fft.ifftshift(a),
    )


def two_d(a):
    return fft.fft2(a), fft.ifft2(a), fft.rfft2(a.real), fft.irfft2(a, norm="forward")


def power_spectrum(a):
    spectrum = np.abs(fft.rfft(a)) ** 2
    return spectrum / spectrum.sum(), fft.fftshift(fft.fftfreq(a.shape[0]))


def _same(got: Any, want: Any) -> None:
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
        return
    np.testing.assert_array_equal(got, want, strict=True)


def _arrays(dtype: Any, shape: tuple[int, ...]) -> list[np.ndarray]:
    rng = np.random.default_rng(5)
    x = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    x = x.astype(dtype)
    out = [x, x[::-1]]
    if x.ndim == 2:
        out += [np.asfortranarray(x), x.T]
    return out


DTYPES = [np.float64, np.float32, np.complex128, np.complex64]


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("shape", [(8,), (7,), (2,), (3, 6)])
def test_one_axis(dtype, shape):
    for a in _arrays(dtype, shape):
        _same(kiln.jit(one_axis)(a), one_axis(a))


@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
@pytest.mark.parametrize("n", [1, 5, 8, 13])
def test_lengths(dtype, n):
    for a in _arrays(dtype, (8,)):
        _same(kiln.jit(lengths)(a, n), lengths(a, n))


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_axes_and_all_axes(dtype):
    for a in _arrays(dtype, (4, 6)):
        _same(kiln.jit(along_first)(a), along_first(a))
        _same(kiln.jit(every_axis)(a), every_axis(a))
        _same(kiln.jit(two_d)(a), two_d(a))
    for a in _arrays(dtype, (2, 3, 4)):
        _same(kiln.jit(every_axis)(a), every_axis(a))


def test_in_a_computation():
    a = np.sin(np.linspace(0, 20, 64))
    got, want = kiln.jit(power_spectrum)(a), power_spectrum(a)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-12)
    np.testing.assert_array_equal(got[1], want[1])


def test_numpys_errors_at_run_time():
    with pytest.raises(ValueError, match="Invalid number of FFT data points") as want:
        lengths(np.ones(3, dtype=complex), 0)
    with pytest.raises(ValueError) as got:
        kiln.jit(lengths)(np.ones(3, dtype=complex), 0)
    assert str(got.value) == str(want.value)


def test_refused():
    def with_s(a):
        return fft.fftn(a, s=(2, 2))

    def bad_norm(a):
        return fft.fft(a, norm="unitary")

    for f, words in ((with_s, "with s, out or axes"), (bad_norm, "norm=...")):
        with pytest.raises(UnsupportedError, match="test_np_fft_transforms.py") as info:
            kiln.jit(f)(np.ones((2, 2)))
        assert words in str(info.value)


def test_interpreter_agrees():
    a = np.arange(6.0) + 0.5j
    lowered = lower_function(one_axis, (arg_type(a, 0),), Options())
    _same(run_function(lowered, [a]), one_axis(a))
