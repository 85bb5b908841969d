"""The house rules of the package, read from the code with the standard library's ``ast``.

* no import circle between mipair's modules (function-level and type-checking
  imports count too: a circle is a circle);
* no private name (``_Name``) imported from another module;
* no module over 600 lines, no class over 300 lines;
* every registered pairing system implements the common interface and states
  its own state type;
* a system's own modules (``mipair/systems/NAME/``, and in the FIDE family
  ``mipair/systems/fide/NAME/``) are imported only by that system and by the
  applications; ``mipair/model.py`` and ``mipair/formats/`` import no system;
* the solver's private collaborators (``mipair/solver/_detail/``) are imported
  by the solver alone: the rest asks its face (``mipair/solver/lexmatch.py``);
* a new Swiss system is its criteria data, its procedure module and one registry
  line (the toy system of ``tests/support/toy_swiss``), and an edition whose procedure
  lacks a member fails when it is loaded.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from mipair.pairing import RoundPairing
from mipair.systems.fide.procedure import SwissProcedure
from tests.support.paths import ROOT

PACKAGE = ROOT / "mipair"
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


def registered() -> list[str]:
    from mipair.systems.registry import system_names

    return list(system_names())


@pytest.mark.parametrize("name", registered())
def test_registered_systems_implement_the_interface(name: str) -> None:
    from typing import Any, TypeVar, get_args

    from mipair.systems.base import PairingSystem
    from mipair.systems.registry import get_system

    system = get_system(name)
    assert isinstance(system, PairingSystem) and system.name == name
    assert system.file_suffixes, f"{name} names no file ending for check DIR"
    stated = [
        arg
        for cls in type(system).__mro__
        for base in getattr(cls, "__orig_bases__", ())
        if isinstance(origin := getattr(base, "__origin__", None), type)
        and issubclass(origin, PairingSystem)
        for arg in get_args(base)
        if not isinstance(arg, TypeVar)  # a shared base (TrfSystem) passes its own on
    ]
    assert stated and all(arg is not Any for arg in stated), f"{name} states no state type"


APPLICATIONS = ("mipair.cli", "mipair.service")
"""The application layer's packages (every folder outside the layers is one too)."""
LAYERED = ("mipair.solver", "mipair.formats", "mipair.explain", "mipair.systems", "mipair.check")
LAYERED += ("mipair.results",)


def home_of(module: str) -> str | None:
    """The system package a module belongs to: ``mipair.systems.X`` (a family such as
    ``fide`` counts as one home for its shared modules, and each member ``fide.Y`` as
    its own), or None for modules outside every system."""
    parts = module.split(".")
    if len(parts) < 3 or parts[1] != "systems" or not (PACKAGE / "systems" / parts[2]).is_dir():
        return None
    home = ".".join(parts[:3])
    if len(parts) >= 5 and (PACKAGE / "systems" / parts[2] / parts[3]).is_dir():
        home = ".".join(parts[:4])  # a member of a family: mipair.systems.fide.dutch
    return home


def is_application(module: str) -> bool:
    if module.startswith(APPLICATIONS):
        return True
    top = ".".join(module.split(".")[:2])
    return (PACKAGE / top.split(".")[1]).is_dir() and not top.startswith(LAYERED)


def test_a_systems_own_modules_stay_in_the_system() -> None:
    wrong = []
    for name, targets in graph().items():
        for target in targets:
            home = home_of(target)
            if home is None or is_application(name):
                continue
            if not (name == home or name.startswith(home + ".")):
                wrong.append(f"{name} imports {target}")
    assert wrong == []


def test_model_and_formats_import_no_system() -> None:
    edges = graph()
    wrong = [
        f"{name} imports {target}"
        for name, targets in edges.items()
        if name == "mipair.model" or name.startswith("mipair.formats")
        for target in targets
        if target.startswith("mipair.systems")
    ]
    assert wrong == []


def test_the_solvers_collaborators_stay_behind_its_face() -> None:
    wrong = [
        f"{name} imports {target}"
        for name, targets in graph().items()
        if not name.startswith("mipair.solver")
        for target in targets
        if target.startswith("mipair.solver._detail")
    ]
    assert wrong == []


def test_the_home_rule_sees_a_reach_into_a_system() -> None:
    assert home_of("mipair.systems.fide.dutch.engine") == "mipair.systems.fide.dutch"
    assert home_of("mipair.systems.fide.state") == "mipair.systems.fide"
    assert home_of("mipair.systems.mcmahon.weights") == "mipair.systems.mcmahon"
    assert home_of("mipair.systems.base") is None
    assert is_application("mipair.cli.check") and not is_application("mipair.check.replay")


TOY = ROOT / "tests" / "support" / "toy_swiss"


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch):
    """The toy system's one registry line."""
    from mipair.systems import registry
    from mipair.systems.registered import Registered

    line = Registered("toy", "tests.support.toy_swiss.procedure:ToySystem", trf_codes=("FIDE_TOY",))
    monkeypatch.setattr(registry, "SYSTEMS", (*registry.SYSTEMS, line))
    return registry.get_system("toy")


def test_a_new_swiss_system_is_data_a_procedure_and_a_registry_line(toy_registered) -> None:
    """The toy system pairs, is checked and compared through the interface, and its
    procedure module imports only the FIDE family's shared modules."""
    from mipair.check.replay import check_tournament

    toy = toy_registered
    tree = ast.parse((TOY / "procedure.py").read_text(encoding="utf-8"))
    reached = {t for t, _ in imported("tests.support.toy_swiss.procedure", tree, set(modules()))}
    assert not [t for t in reached if home_of(t) not in (None, "mipair.systems.fide")]
    assert toy.editions() == ("2026",)
    source = ROOT / "scenarios" / "dutch" / "small.trfx"
    state = toy.read(str(source))
    pairing = toy.pair(state)
    assert {p for b in pairing.boards for p in (b.white, b.black)} | (
        {pairing.bye} if pairing.bye else set()
    ) == set(state.to_pair)
    assert not toy.violations(state, pairing)
    report = check_tournament(toy, str(source))
    assert report.rounds and all(r.verdict in ("same", "colours", "pairs") for r in report.rounds)
    first = toy.evaluate(state, pairing)[0]
    assert first.id == "T4" and first.value == sum(
        abs(state.players[b.white].pairing_score - state.players[b.black].pairing_score)
        for b in pairing.boards
    )


def test_an_edition_lacking_a_member_fails_when_loaded(tmp_path: Path) -> None:
    from mipair.systems.fide.edition import EditionError, read_edition

    model = (TOY / "toy-2026.toml").read_text(encoding="utf-8")
    broken = tmp_path / "toy-2027.toml"
    broken.write_text(
        model.replace(
            "tests.support.toy_swiss.procedure:ToyProcedure",
            "tests.product.test_architecture:Incomplete",
        )
    )
    with pytest.raises(EditionError, match="lacks evaluator"):
        read_edition("toy", broken)


class Incomplete(SwissProcedure[object]):
    """A procedure that forgot its evaluator (see the test above)."""

    criterion_tables = ("tests.support.toy_swiss.procedure:CRITERIA",)

    def pair(self, snapshot: object) -> RoundPairing:
        raise NotImplementedError
