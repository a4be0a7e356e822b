"""Messages that say what went wrong: an allocation kiln makes itself names its size, and
variadic or keyword-only parameters are named and located, not reported as an argument of type
tuple."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


@kiln.jit
def _temporary_sum(n):
    t = np.zeros((n, n))
    t[0, 0] = 1.0
    return t.sum() + n


def test_failed_temporary_allocation_names_its_bytes():
    with pytest.raises(MemoryError, match=r"Unable to allocate 800000000000000 bytes"):
        _temporary_sum(10**7)


def test_allocation_whose_size_overflows_raises_numpy_error():
    with pytest.raises(ValueError, match="array is too big"):
        _temporary_sum(2**40)


def _variadic(a, *rest):
    return a


def _keywords(a, **options):
    return a


def _keyword_only(a, *, b=1.0):
    return a + b


@pytest.mark.parametrize(
    "fn, what",
    [
        (_variadic, r"\*rest parameters"),
        (_keywords, r"\*\*options parameters"),
        (_keyword_only, "keyword-only"),
    ],
)
def test_unsupported_parameters_are_named_and_located(fn, what):
    with pytest.raises(kiln.UnsupportedError, match=what) as info:
        kiln.jit(fn)(1.0)
    assert "test_error_messages.py" in str(info.value)
