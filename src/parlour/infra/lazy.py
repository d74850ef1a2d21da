"""Modules loaded on first use. A command module names the analyses it calls at its top, as usual, but
importing them there would load numba, scipy and HiGHS before `--help` prints a line: `module(name)` gives
a module object whose code runs when one of its attributes is first read (the standard library's
`importlib.util.LazyLoader`). Modules that define what a command's signature names (its option types)
are imported normally: Typer reads those when it builds the command.

Write, so that mypy still checks every call:

    if TYPE_CHECKING:
        from parlour.analyses import goose as analysis
    else:
        analysis = lazy.module("parlour.analyses.goose")
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
from collections.abc import Callable, Iterable, Mapping
from types import ModuleType
from typing import Any

# The specs of the modules made lazy here: a lazy package's submodule is found through its spec, since
# reading the package's own __path__ would run the package.
_SPECS: dict[str, importlib.machinery.ModuleSpec] = {}


def _find(name: str) -> importlib.machinery.ModuleSpec | None:
    parent, _, _ = name.rpartition(".")
    if not parent:
        return importlib.util.find_spec(name)
    if parent not in sys.modules:
        module(parent)
    search = _SPECS[parent].submodule_search_locations if parent in _SPECS else sys.modules[parent].__path__
    return importlib.machinery.PathFinder.find_spec(name, search)


def module(name: str) -> ModuleType:
    """The module `name`, its code run on first attribute access (at once if it is already loaded)."""
    found = sys.modules.get(name)
    if found is not None:
        return found
    spec = _find(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"no module named {name!r}", name=name)
    _SPECS[name] = spec
    spec.loader = importlib.util.LazyLoader(spec.loader)
    lazy = importlib.util.module_from_spec(spec)
    sys.modules[name] = lazy
    spec.loader.exec_module(lazy)
    parent, _, child = name.rpartition(".")
    if parent:  # as an import would: `parlour.analyses.goose` reachable from `parlour.analyses`
        setattr(sys.modules[parent], child, lazy)
    return lazy


def names(package: str, where: Mapping[str, str], public: Iterable[str]) -> tuple[Callable[[str], Any],
                                                                             Callable[[], list[str]]]:
    """A package's `__getattr__` and `__dir__` (PEP 562) for names loaded on first use: `where` maps a name to
    the module that defines it (a submodule of `package`, or a whole dotted path from `parlour.` on). A name is
    kept in the package once read, so the hook runs once per name, and a submodule imported later cannot
    shadow a function of the same name."""
    listed = set(public)

    def getattr_(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        source = where[name]
        value = getattr(importlib.import_module(source if source.startswith("parlour.") else f"{package}.{source}"),
                        name)
        setattr(sys.modules[package], name, value)
        return value

    def dir_() -> list[str]:
        return sorted({*vars(sys.modules[package]), *listed})

    return getattr_, dir_
