"""The layer rule: kiln's packages import only packages of lower layers (docs/architecture.md),
so the package graph has no cycle, and no module imports another package's private names."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "kiln"

# Lowest first. A package may import its own modules and those of any lower layer; two packages
# of one layer do not import each other.
LAYERS: tuple[frozenset[str], ...] = tuple(
    frozenset(names.split())
    for names in (
        "errors options stage_times",
        "ir runtime",
        "analysis",
        "frontend transforms",
        "kernel autodiff",
        "codegen gpu_call gpu_report",
        "driver loop_report",
        "gpu_jit gpu_emulation",
        "api derivative_args",
        "derivatives kernel_launch",
        "cuda",
        "bench fuzz",
        "cli",
        "__main__ __init__",
    )
)
LEVEL = {name: level for level, names in enumerate(LAYERS) for name in names}


def _package_of(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return parts[0]


def _kiln_imports(path: Path) -> Iterator[tuple[str, list[str], int]]:
    """(imported module, imported names, line) for every ``kiln.*`` import, nested ones too."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kiln."):
            yield node.module, [a.name for a in node.names], node.lineno
        elif isinstance(node, ast.ImportFrom) and node.module == "kiln" and node.level == 0:
            for a in node.names:
                yield f"kiln.{a.name}", [], node.lineno
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("kiln."):
                    yield a.name, [], node.lineno


def _edges() -> Iterator[tuple[Path, int, str, str, list[str]]]:
    for path in sorted(SRC.rglob("*.py")):
        source = _package_of(path)
        for module, names, line in _kiln_imports(path):
            target = module.split(".")[1]
            if target != source:
                yield path, line, source, target, names


def test_every_package_has_a_layer() -> None:
    packages = {_package_of(p) for p in SRC.rglob("*.py")}
    assert packages <= set(LEVEL), f"give these a layer in LAYERS: {sorted(packages - set(LEVEL))}"


def test_imports_point_down() -> None:
    upward = [
        f"{path.relative_to(SRC.parent)}:{line}: {source} (layer {LEVEL[source]}) imports {target} "
        f"(layer {LEVEL[target]})"
        for path, line, source, target, _ in _edges()
        if LEVEL[target] >= LEVEL[source]
    ]
    assert not upward, "\n".join(upward)


def test_no_private_names_across_packages() -> None:
    private = [
        f"{path.relative_to(SRC.parent)}:{line}: imports {', '.join(n for n in names if n.startswith('_'))} "
        f"from {target}"
        for path, line, _, target, names in _edges()
        if any(n.startswith("_") for n in names)
    ]
    assert not private, "\n".join(private)


def test_package_graph_is_acyclic() -> None:
    graph: dict[str, set[str]] = {}
    for _, _, source, target, _ in _edges():
        graph.setdefault(source, set()).add(target)
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path, node, nxt]
            if nxt not in state and (cycle := visit(nxt, [*path, node])):
                return cycle
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start, [])
            assert cycle is None, " -> ".join(cycle)
