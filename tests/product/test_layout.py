"""The tests' own layout (tests/README.md): a module's tests are found from its path.

* a test of ``mipair/a/b.py`` lives in a folder mirroring a mipair path (``tests/a/``, or
  ``tests/a/b/`` when b has many): every folder under tests/ names a package or a module of
  mipair, except ``product/`` (the whole product from the outside) and ``support/`` (what
  tests share); no test file sits at the root of tests/;
* every folder is a package, so two folders may hold test files of the same name;
* what tests share lives in ``tests/support/`` and nowhere else: no helper module beside the
  tests, no test importing another test module, no test file under support/;
* no test finds the clone by counting its own parents (``Path(__file__).parents[n]``): the
  count breaks when a file moves, and a test reading ../shared would then skip, not fail.
  ``tests.support.paths`` names the places.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.paths import ROOT

OUTSIDE = ("product", "support")  # folders that mirror no mipair path, by design
ROOT_FILES = {"__init__.py", "conftest.py", "README.md"}


def folders(tests: Path) -> list[Path]:
    """The folders of test files: every folder under ``tests`` but support/'s and caches."""
    return [
        path
        for path in sorted(tests.rglob("*"))
        if path.is_dir()
        and path.name != "__pycache__"
        and not path.name.startswith(".")
        and path.relative_to(tests).parts[0] != "support"
    ]


def mirrors_nothing(tests: Path, package: Path) -> list[str]:
    """Folders under ``tests`` naming neither a package nor a module of ``package``."""
    wrong = []
    for folder in folders(tests):
        relative = folder.relative_to(tests)
        if relative.parts[0] in OUTSIDE:
            continue
        target = package.joinpath(*relative.parts)
        if not (target / "__init__.py").exists() and not target.with_suffix(".py").exists():
            wrong.append(f"tests/{relative.as_posix()}/ mirrors no mipair/ path")
    return wrong


def misplaced_files(tests: Path) -> list[str]:
    """Files at the root of ``tests``, helpers beside tests, tests among the helpers, and
    folders that are not packages."""
    wrong = [
        f"tests/{path.name} sits at the root of tests/"
        for path in sorted(tests.iterdir())
        if path.is_file() and path.name not in ROOT_FILES and not path.name.startswith(".")
    ]
    for folder in folders(tests):
        relative = folder.relative_to(tests).as_posix()
        if not (folder / "__init__.py").exists():
            wrong.append(f"tests/{relative}/ has no __init__.py")
        for path in sorted(folder.glob("*.py")):
            if not path.name.startswith("test_") and path.name not in (
                "__init__.py",
                "conftest.py",
            ):
                wrong.append(f"tests/{relative}/{path.name} is a helper outside tests/support/")
    wrong += [
        f"{path.relative_to(tests.parent).as_posix()} is a test inside tests/support/"
        for path in sorted((tests / "support").rglob("test_*.py"))
    ]
    return wrong


def reaches(tests: Path) -> list[str]:
    """Test files importing another test module or naming their own ``__file__``."""
    wrong = []
    for path in sorted(tests.rglob("test_*.py")):
        if path.relative_to(tests).parts[0] == "support":
            continue
        where = path.relative_to(tests.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                names = []
            for name in names:
                if name.split(".")[-1].startswith("test_"):
                    wrong.append(f"{where}:{node.lineno}: imports the test module {name}")
            if isinstance(node, ast.Name) and node.id == "__file__":
                wrong.append(f"{where}:{node.lineno}: names __file__ (use tests.support.paths)")
    return wrong


def test_every_folder_mirrors_a_mipair_path() -> None:
    assert mirrors_nothing(ROOT / "tests", ROOT / "mipair") == []


def test_tests_are_in_folders_and_helpers_in_support() -> None:
    assert misplaced_files(ROOT / "tests") == []


def test_no_test_imports_a_test_or_counts_its_parents() -> None:
    assert reaches(ROOT / "tests") == []


def test_the_rules_see_each_kind_of_misplaced_file(tmp_path: Path) -> None:
    """A tree with one of each wrong: each rule names it (so the tests above can fail)."""
    package, tests = tmp_path / "mipair", tmp_path / "tests"
    for folder in (package / "store", package / "systems", package / "systems" / "fide"):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "__init__.py").write_text("")
    (package / "memory.py").write_text("")
    for folder in ("store", "memory", "systems", "systems/fide", "stores", "product", "support"):
        (tests / folder).mkdir(parents=True, exist_ok=True)
        (tests / folder / "__init__.py").write_text("")
    (tests / "nopackage").mkdir()
    (tests / "test_flat.py").write_text("")
    (tests / "store" / "shared_helper.py").write_text("")
    (tests / "support" / "test_inside.py").write_text("")
    (tests / "store" / "test_reach.py").write_text(
        "from pathlib import Path\n"
        "from tests.store.test_other import thing\n"
        "ROOT = Path(__file__).resolve().parents[2]\n"
    )
    assert mirrors_nothing(tests, package) == [
        "tests/nopackage/ mirrors no mipair/ path",
        "tests/stores/ mirrors no mipair/ path",
    ]
    assert misplaced_files(tests) == [
        "tests/test_flat.py sits at the root of tests/",
        "tests/nopackage/ has no __init__.py",
        "tests/store/shared_helper.py is a helper outside tests/support/",
        "tests/support/test_inside.py is a test inside tests/support/",
    ]
    assert reaches(tests) == [
        "tests/store/test_reach.py:2: imports the test module tests.store.test_other",
        "tests/store/test_reach.py:3: names __file__ (use tests.support.paths)",
    ]
