"""The house rules of the package, read from the code with the standard library's ``ast``.

* no import circle between mipair's modules (function-level and type-checking
  imports count too: a circle is a circle);
* no private name (``_Name``) imported from another module;
* no module over 600 lines, no class over 300 lines;
* every registered pairing system implements the common interface.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "mipair"
MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 300


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, ast.Module]:
    return {
        module_name(p): ast.parse(p.read_text(encoding="utf-8"), str(p))
        for p in sorted(PACKAGE.rglob("*.py"))
    }


def imported(name: str, tree: ast.Module, known: set[str]) -> list[tuple[str, list[str]]]:
    """(module, names) for every import of a mipair module anywhere in ``tree``."""
    package = (
        name
        if name in known and (PACKAGE / "/".join(name.split(".")[1:]) / "__init__.py").exists()
        else name.rpartition(".")[0]
    )
    out: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names if a.name.split(".")[0] == "mipair"]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            if base.split(".")[0] != "mipair":
                continue
            names = [a.name for a in node.names]
            # ``from mipair.x import y`` where y is a module counts as importing mipair.x.y
            subs = [f"{base}.{n}" for n in names if f"{base}.{n}" in known]
            out += [(s, []) for s in subs]
            rest = [n for n in names if f"{base}.{n}" not in known]
            if rest:
                out.append((base, rest))
    return out


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for name, tree in mods.items():
        for target, _ in imported(name, tree, known):
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle() -> None:
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_private_name_crosses_a_module() -> None:
    mods = modules()
    known = set(mods)
    found = [
        f"{name} takes {n} from {target}"
        for name, tree in mods.items()
        for target, names in imported(name, tree, known)
        for n in names
        if n.startswith("_") and not n.startswith("__")
    ]
    assert found == []


def test_no_module_or_class_too_long() -> None:
    long = []
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > MAX_MODULE_LINES:
            long.append(f"{path.name}: {text.count(chr(10))} lines")
        for node in ast.walk(ast.parse(text)):
            if (
                isinstance(node, ast.ClassDef)
                and node.end_lineno is not None
                and node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES
            ):
                long.append(f"{path.name}: class {node.name}")
    assert long == []


@pytest.mark.parametrize("name", ["dutch", "papp"])
def test_registered_systems_implement_the_interface(name: str) -> None:
    from mipair.systems.base import PairingSystem
    from mipair.systems.registry import SYSTEMS, get_system

    assert name in SYSTEMS
    system = get_system(name)
    assert isinstance(system, PairingSystem) and system.name == name
