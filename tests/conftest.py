"""Shared pytest configuration for kiln's test-suite.

kiln keeps compiled extension modules in a disk cache (``KILN_CACHE_DIR``). The tests must
neither reuse artefacts from a developer's cache nor leave any behind, so this module points
the cache at a fresh temporary directory *at import time*: pytest imports conftest.py before
any test module, hence before anything imports kiln and reads the variable. Under
pytest-xdist every worker process imports this file itself and so gets its own directory.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import numpy as np
import pytest

# Every pass's output is verified in the tests (users get the verifier after each stage).
os.environ.setdefault("KILN_VERIFY", "passes")
# One build per module: a quick tier would build most test kernels twice (they run a few calls
# each). tests/api/test_tiers.py turns tiering on where it tests it.
os.environ.setdefault("KILN_TIERED", "off")
_KILN_TEST_CACHE_DIR = tempfile.mkdtemp(prefix="kiln-test-cache-")
os.environ["KILN_CACHE_DIR"] = _KILN_TEST_CACHE_DIR
# Backstop for the fixture finalizer below (e.g. when collection fails and no test runs).
atexit.register(shutil.rmtree, _KILN_TEST_CACHE_DIR, ignore_errors=True)


@pytest.fixture(scope="session", autouse=True)
def kiln_cache_dir():
    """The session's private kiln cache directory; removed when the session ends."""
    # Re-assert it in case a test or plugin changed the variable before the session started.
    os.environ["KILN_CACHE_DIR"] = _KILN_TEST_CACHE_DIR
    yield _KILN_TEST_CACHE_DIR
    shutil.rmtree(_KILN_TEST_CACHE_DIR, ignore_errors=True)


@pytest.fixture
def rng() -> np.random.Generator:
    """A deterministic NumPy random generator (fresh per test)."""
    return np.random.default_rng(1234)
