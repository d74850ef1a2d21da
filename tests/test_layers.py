"""Every room keeps to its floor (docs/architecture.md, *Layers*): each import of each module of parlour, read
with `ast`, goes down a layer or stays in its room, never up, and never from one game's rooms into another's.

What counts as an import: `import a.b`, `from a import b` (the module a.b when there is one, else a), relative
imports, at the top level and inside functions, classes and `if TYPE_CHECKING:` blocks alike (a lazy import is
still a tie, only a later one), and a string that names a parlour module (`importlib.import_module("parlour.x")`,
`lazy.module("parlour.x")`, a list of modules for a worker to preload: a name in a string ties as an import does).

The rules are data, here and only here: `ROOMS` says which room each module is in, `MAY_IMPORT` which rooms a
room may import, `STUDIES` the games whose rooms must not import each other. docs/architecture.md's table says
the same in words and points here."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

import parlour

ROOT = Path(parlour.__file__).parent

# The five studies: a module in one study's rooms (its front door, `analyses/<g>`, `games/<g>`, `commands/<g>`,
# `web/<g>*`) imports nothing of another study's rooms. Shared rooms (`analyses/estimates`, `web/app`, the
# toolkit, a future `analyses/race`) belong to no study.
STUDIES = ("cowtrade", "goose", "guess", "memory", "winorlose")

# Every module's room, by dotted prefix (the first that matches): a module no prefix matches fails the test, so
# a new room must be placed here (and in the docs' table) before it can land.
ROOMS: tuple[tuple[str, str], ...] = (
    ("parlour.cli", "interfaces"),
    ("parlour.__main__", "interfaces"),
    ("parlour.commands", "interfaces"),
    ("parlour.web", "interfaces"),
    *((f"parlour.{study}", "front doors") for study in STUDIES),
    ("parlour.toolkit", "front doors"),  # the user's-game front door (`parlour solve FILE`, `parlour.solve`)
    ("parlour.registry", "records"),
    ("parlour.claims", "records"),
    ("parlour.report", "records"),
    ("parlour.figures", "records"),
    ("parlour.analyses", "analyses"),
    ("parlour.games", "games"),
    ("parlour.solvers", "solvers"),
    ("parlour.infra", "infra"),
    ("parlour.results", "floor"),
    ("parlour.errors", "floor"),
)
# the package's own __init__ (`parlour`): the version, and the front doors loaded on first use
PACKAGE = "parlour"

_BELOW_DOORS = frozenset({"analyses", "records", "games", "solvers", "infra", "floor"})

# Which rooms each room may import (its own included where listed). `package` is importable from anywhere: Python
# runs it before any submodule, and it loads nothing itself (`from parlour import __version__`).
MAY_IMPORT: dict[str, frozenset[str]] = {
    "interfaces": frozenset({"interfaces", "package", "front doors"}) | _BELOW_DOORS,
    "package": frozenset({"package", "front doors"}) | _BELOW_DOORS,
    # a front door imports its own modules only, never another front door (see `_door`)
    "front doors": frozenset({"package", "front doors"}) | _BELOW_DOORS,
    # analyses name their claims (`@claim`) and figures; they never call up to a front door or an interface
    "analyses": frozenset({"package", "analyses", "records", "games", "solvers", "infra", "floor"}),
    # the registry names the games' modules in f-strings only; claims and the report read it
    "records": frozenset({"package", "records", "infra", "floor"}),
    # games hold rules as data: no solver, no iteration to a fixpoint
    "games": frozenset({"package", "games", "infra", "floor"}),
    # solvers are game-independent: never a game, an analysis or a front door
    "solvers": frozenset({"package", "solvers", "infra", "floor"}),
    "infra": frozenset({"package", "infra", "floor"}),
    "floor": frozenset({"package", "floor"}),
}

# A solver's model vocabulary: data types (and the helper that fills them) in which a game's rules may describe
# themselves, so a game can be handed to the engine without an analysis translating it. Nothing here solves: the
# cow trade's rules give their trades as stochastic-game stages (`End`, `Stage`, `tabulate`).
VOCABULARY = frozenset({"parlour.solvers.stochastic.model"})


@dataclass(frozen=True)
class Edge:
    """One import: where it is written, what it names, and how (`import`, `from` or `string`)."""

    source: str
    path: Path
    line: int
    target: str
    kind: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.source} imports {self.target} ({self.kind})"


def module_names(root: Path = ROOT, package: str = "parlour") -> dict[str, Path]:
    """Every module under `root` by its dotted name (a package by its own name, from its __init__)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = (package, *path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, kinds) and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}


def _named(base: str, names: list[ast.alias], modules: dict[str, Path]) -> Iterator[str]:
    """`from base import x, y`: the module base.x when there is one, else base."""
    for alias in names:
        sub = f"{base}.{alias.name}"
        yield sub if sub in modules else base


def _targets(node: ast.AST, here: str, modules: dict[str, Path], docs: set[int]) -> tuple[list[str], str]:
    """The modules one node of the syntax tree imports, and how (`here`: the package a relative import starts
    from)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names], "import"
    if isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:  # relative: from this package, one level up per extra dot
            anchor = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
            base = f"{anchor}.{base}" if base else anchor
        return list(_named(base, node.names, modules)), "from"
    if isinstance(node, ast.Constant) and node.value in modules and id(node) not in docs:
        return [str(node.value)], "string"  # exactly a module's name: a sentence that mentions one is no tie
    return [], ""


def imports(name: str, path: Path, modules: dict[str, Path]) -> Iterator[Edge]:
    """Every import of `name` (its file at `path`) of a module in `modules`, wherever it is written."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        targets, kind = _targets(node, here, modules, docs)
        for target in dict.fromkeys(targets):  # `from a import x, y` of two names of a: one edge
            while target not in modules and "." in target:  # `import a.b.c` where c is a name: the module a.b
                target = target.rpartition(".")[0]
            if target in modules and target != name:
                yield Edge(name, path, getattr(node, "lineno", 0), target, kind)


def room(module: str, rooms: tuple[tuple[str, str], ...] = ROOMS) -> str | None:
    if module == PACKAGE:
        return "package"
    for prefix, where in rooms:
        if module == prefix or module.startswith(f"{prefix}."):
            return where
    return None


def study(module: str) -> str | None:
    """The study whose rooms hold `module` (None for the shared rooms)."""
    parts = module.split(".")
    if len(parts) >= 2 and parts[1] in STUDIES:
        return parts[1]
    if len(parts) >= 3 and parts[1] in ("analyses", "games", "commands", "web"):
        for game in STUDIES:  # `web/cowtrade_endgame.py` is the cow trade's too
            if parts[2] == game or parts[2].startswith(f"{game}_"):
                return game
    return None


def _door(module: str) -> str:
    """The front door a module of the front doors' room belongs to: `parlour.goose`, `parlour.toolkit`."""
    return ".".join(module.split(".")[:2])


def verdict(edge: Edge) -> str | None:
    """Why `edge` breaks the layer contract, or None when it keeps it."""
    low, high = room(edge.target), room(edge.source)
    if low is None or high is None:
        return f"no room for {edge.source if high is None else edge.target} in ROOMS"
    if low not in MAY_IMPORT[high] and not (high == "games" and edge.target in VOCABULARY):
        return f"{high} may not import {low}"
    if high == low == "front doors" and _door(edge.source) != _door(edge.target):
        return "a front door imports another front door"
    mine, theirs = study(edge.source), study(edge.target)
    if mine and theirs and mine != theirs:
        return f"across games: {mine} imports {theirs}"
    return None


def violations(root: Path = ROOT, package: str = "parlour") -> list[tuple[Edge, str]]:
    modules = module_names(root, package)
    out = []
    for name, path in modules.items():
        for edge in imports(name, path, modules):
            why = verdict(edge)
            if why is not None:
                out.append((edge, why))
    return out


def test_every_module_has_a_room() -> None:
    lost = [name for name in module_names() if room(name) is None]
    assert not lost, f"modules in no room of ROOMS (place them there and in docs/architecture.md): {lost}"


def test_no_import_goes_up_a_layer_or_across_games() -> None:
    found = violations()
    for edge, why in found:
        print(f"{edge}: {why}")
    assert not found, "imports that break the layer contract:\n" + "\n".join(f"{e}: {w}" for e, w in found)


# ---- the checker checks itself on planted trees ------------------------------------------------------------


def _plant(tmp_path: Path, files: dict[str, str]) -> list[tuple[Edge, str]]:
    root = tmp_path / "parlour"
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for folder in [root, *(p for p in root.rglob("*") if p.is_dir())]:
        (folder / "__init__.py").touch()
    return violations(root)


def test_the_checker_catches_an_upward_import_wherever_it_is_written(tmp_path: Path) -> None:
    # a solver reaching up to a game, an analysis and a front door: at the top level, inside a function, under
    # TYPE_CHECKING, relative, and named in a string; one import down (solver -> infra) and one within the room
    # are fine
    found = _plant(tmp_path, {
        "solvers/lp.py": "from parlour.infra import checks\nfrom parlour.solvers import exactlp\n"
                         "from parlour.games.goose import rules\n",
        "solvers/exactlp.py": "def f():\n    import parlour.analyses.goose.model\n",
        "solvers/zerosum.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..goose import solve\n",
        "infra/jobs.py": "PRELOAD = ['parlour.infra.checks', 'parlour.cli']\n",
        "infra/checks.py": "", "games/goose/rules.py": "", "analyses/goose/model.py": "", "goose.py": "",
        "cli.py": "import importlib\nimportlib.import_module('parlour.goose')\n",
    })
    seen = {(e.source, e.target, e.line, e.kind, why) for e, why in found}
    assert seen == {
        ("parlour.solvers.lp", "parlour.games.goose.rules", 3, "from", "solvers may not import games"),
        ("parlour.solvers.exactlp", "parlour.analyses.goose.model", 2, "import", "solvers may not import analyses"),
        ("parlour.solvers.zerosum", "parlour.goose", 3, "from", "solvers may not import front doors"),
        ("parlour.infra.jobs", "parlour.cli", 1, "string", "infra may not import interfaces"),
    }
    assert all(str(e).startswith(f"{e.path}:{e.line}: ") for e, _ in found)  # file:line, as printed


def test_the_checker_catches_an_import_across_games_and_front_doors(tmp_path: Path) -> None:
    found = _plant(tmp_path, {
        "games/goose/rules.py": "from parlour.games.memory import rules\nfrom parlour.games.goose import tables\n",
        "games/goose/tables.py": "", "games/memory/rules.py": "",
        "analyses/cowtrade/policy.py": "def f():\n    from parlour.analyses.goose import model\n",
        "analyses/goose/model.py": "from parlour.games.goose import rules\n",
        "web/cowtrade_endgame.py": "from parlour.analyses.goose import model\n",
        "toolkit/race.py": "import parlour.goose\nfrom parlour.games.goose import rules\n",
        "goose.py": "from parlour.toolkit import race\n",
    })
    seen = {(e.source, e.target, why) for e, why in found}
    assert seen == {
        ("parlour.games.goose.rules", "parlour.games.memory.rules", "across games: goose imports memory"),
        ("parlour.analyses.cowtrade.policy", "parlour.analyses.goose.model", "across games: cowtrade imports goose"),
        ("parlour.web.cowtrade_endgame", "parlour.analyses.goose.model", "across games: cowtrade imports goose"),
        ("parlour.toolkit.race", "parlour.goose", "a front door imports another front door"),
        ("parlour.goose", "parlour.toolkit.race", "a front door imports another front door"),
    }


def test_the_checker_names_a_module_in_no_room(tmp_path: Path) -> None:
    found = _plant(tmp_path, {"attic/old.py": "", "solvers/lp.py": "from parlour.attic import old\n"})
    assert [(e.target, why) for e, why in found] == [("parlour.attic.old", "no room for parlour.attic.old in ROOMS")]


# ---- __all__: every package and every module the docs name says what it exports, and has it --------------------


def _has_all(path: Path) -> bool:
    """Whether a module's source assigns `__all__` at its top level."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign | ast.AugAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            return True
    return False


def test_every_package_has_an_all() -> None:
    missing = [name for name, path in module_names().items() if path.name == "__init__.py" and not _has_all(path)]
    assert not missing, f"packages without __all__: {missing}"


def _with_all() -> list[str]:
    return sorted(name for name, path in module_names().items() if _has_all(path))


def _public(module: ModuleType, name: str) -> bool:
    """`name` is in `module` (a package's submodule counts: `from package import *` imports it)."""
    if hasattr(module, name):
        return True
    return hasattr(module, "__path__") and importlib.util.find_spec(f"{module.__name__}.{name}") is not None


@pytest.mark.parametrize("name", _with_all())
def test_each_name_in_all_exists(name: str) -> None:
    module = importlib.import_module(name)
    listed = list(module.__all__)
    assert len(listed) == len(set(listed)), f"{name}.__all__ names a name twice"
    absent = [n for n in listed if not _public(module, n)]
    assert not absent, f"{name}.__all__ names what it does not have: {absent}"
    assert not [n for n in listed if n.startswith("_") and n != "__version__"], f"{name}.__all__ names a private name"


def test_what_other_modules_import_from_a_module_is_in_its_all() -> None:
    # a name that a module outside its package imports is public by use: its module's `__all__` must say so (a
    # package's own modules may share more among themselves; a submodule is no name to list)
    modules = module_names()
    listed = {name: set(importlib.import_module(name).__all__) for name in _with_all()}
    missing = set()
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in listed):
                continue
            owner = node.module if modules[node.module].name == "__init__.py" else node.module.rpartition(".")[0]
            if name == owner or name.startswith(f"{owner}."):
                continue
            missing.update((node.module, alias.name) for alias in node.names
                           if alias.name not in listed[node.module] and not alias.name.startswith("_")
                           and f"{node.module}.{alias.name}" not in modules)
    assert not missing, f"imported from elsewhere but not in the module's __all__: {sorted(missing)}"


def _named_in_docs(modules: dict[str, Path]) -> set[str]:
    """The modules docs/*.md and README.md name: `parlour.a.b` (or a name in it), or a backticked path
    (`solvers/markov/kernels.py`, `infra.cache`)."""
    top = ROOT.parent.parent
    text = "\n".join(p.read_text(encoding="utf-8") for p in [*sorted((top / "docs").glob("*.md")), top / "README.md"])
    found = set()
    for dotted in re.findall(r"parlour(?:\.\w+)+", text):
        parts = dotted.split(".")
        found.update(next(([".".join(parts[:k])] for k in range(len(parts), 1, -1)
                           if ".".join(parts[:k]) in modules), []))
    for path in re.findall(r"`([\w/.]+)`", text):
        name = "parlour." + path.strip("/").removeprefix("src/").removeprefix("parlour/").removesuffix(".py")
        if name.replace("/", ".") in modules:
            found.add(name.replace("/", "."))
    return found


def test_every_module_the_docs_name_has_an_all() -> None:
    modules = module_names()
    named = _named_in_docs(modules)
    assert "parlour.solvers.markov.kernels" in named and "parlour.infra.jobs" in named  # the reading works
    # `python -m parlour` is a script: importing it runs the command line, and it has no names to export
    missing = sorted(name for name in named - {"parlour.__main__"} if not _has_all(modules[name]))
    assert not missing, f"modules the docs name without __all__: {missing}"


def test_solvers_names_every_solver_module() -> None:
    import parlour.solvers as solvers

    on_disk = {p.stem if p.suffix == ".py" else p.name for p in Path(solvers.__file__).parent.iterdir()
               if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").exists()}
    assert set(solvers.__all__) == on_disk
