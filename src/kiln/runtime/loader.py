"""Load a compiled extension module from an explicit file path."""

from __future__ import annotations

import importlib.util
from importlib.machinery import ExtensionFileLoader
from pathlib import Path
from types import ModuleType


def load_extension(path: Path, module_name: str) -> ModuleType:
    """Load the extension at ``path``, whose init function is ``PyInit_<module_name>``.

    This does not go through sys.path: the module is found by path only. kiln does not add it
    to sys.modules itself; CPython records single-phase-init modules there under
    ``module_name``, which is harmless because kiln's names embed a content hash.
    Raises ImportError when the file cannot be loaded or its init function fails.
    """
    loader = ExtensionFileLoader(module_name, str(path))
    spec = importlib.util.spec_from_file_location(module_name, str(path), loader=loader)
    if spec is None:
        raise ImportError(f"cannot make an import spec for {path}", name=module_name, path=str(path))
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module
