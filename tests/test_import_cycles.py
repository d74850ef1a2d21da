"""No import circles among parlour's modules: a circle makes the import order matter (a name imported from a
half-initialised module fails, or works only because another import came first) and says two modules are
one idea split in two. The graph is read with `ast`: the imports at the top level of every module (those
inside functions are lazy on purpose, and those under `if TYPE_CHECKING:` never run)."""

from __future__ import annotations

import ast
from pathlib import Path

import parlour

ROOT = Path(parlour.__file__).parent

# Circles in rooms being rebuilt elsewhere, each allowed until its owner's branch lands (then delete the line):
ALLOWED: set[frozenset[str]] = set()


def module_names() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name, from its __init__)."""
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = ("parlour", *path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _is_type_checking(node: ast.stmt) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def top_level_imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The parlour modules `name` imports when it is imported: module-level statements (and those in
    module-level try/if blocks, except `if TYPE_CHECKING:`); `from a import b` names the module a.b
    when there is one, else a."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name in modules)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the package, one level up per extra dot
                    anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    base = f"{anchor}.{base}" if base else anchor
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    if sub in modules:
                        found.add(sub)
                    elif base in modules:
                        found.add(base)
            elif isinstance(node, ast.If) and not _is_type_checking(node):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    found.discard(name)
    return found


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's, recursive: the graph is small)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[frozenset[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(frozenset(comp))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def import_graph() -> dict[str, set[str]]:
    modules = module_names()
    return {name: top_level_imports(name, path, modules) for name, path in modules.items()}


def test_parlour_has_no_import_circle() -> None:
    found = [c for c in circles(import_graph()) if c not in ALLOWED]
    assert not found, "import circles: " + "; ".join(" <-> ".join(sorted(c)) for c in found)


def test_the_finder_sees_a_circle_and_ignores_lazy_and_type_checking_imports(tmp_path: Path) -> None:
    # the same reading on a made-up package: a <-> b at the top level is found; c's imports are not at the top
    # level (inside a function, under TYPE_CHECKING), so c -> a is no edge and a <-> c no circle
    files = {"a": "from pkg import b\nimport pkg.c\n", "b": "from pkg.a import x\n",
             "c": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import a\n"
                  "def f():\n    from pkg import a\n"}
    modules = {f"pkg.{k}": tmp_path / f"{k}.py" for k in files}
    for k, text in files.items():
        (tmp_path / f"{k}.py").write_text(text)
    graph = {name: top_level_imports(name, path, modules) for name, path in modules.items()}
    assert graph == {"pkg.a": {"pkg.b", "pkg.c"}, "pkg.b": {"pkg.a"}, "pkg.c": set()}
    assert circles(graph) == [frozenset({"pkg.a", "pkg.b"})]
