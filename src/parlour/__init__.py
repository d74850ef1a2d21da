"""parlour: exact analysis of recreational games.

Solvers (zero-sum LP with exact certificates, column generation, absorbing Markov chains, exact
dynamic programming) and the five games built on them: Game of the Goose, the cow trade of
Koehandel, the higher-lower guessing game, Memory and Win or Lose.

From Python, one front door per game, named and shaped like the command line (docs/python.md):

    import parlour
    parlour.goose.solve(players=3, tol=1e-12)       # certified win chances
    parlour.guess.value(1000)                       # V(N) exact, from the table of certified values
    parlour.memory.solve(pairs=20)                  # optimal play with perfect memory, exact
    parlour.cowtrade.solve(money=(8, 5), initiative=1)
    parlour.winorlose.chance("3h,5", "0,1,2,6,7")
    parlour.solvers.zerosum.solve([[1, -1], [-1, 1]])
    parlour.solve("examples/kuhn_poker.py")         # your own game from a file (docs/your-game.md)

Each returns a `parlour.results.Result`: exact values as Fractions with their status (exact, certified,
estimate), `to_json()`, and a table of itself in a notebook. The submodules load on first use, so
`import parlour` stays cheap.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

# The public submodules, loaded on first attribute access (PEP 562): each pulls in numpy, numba or HiGHS.
_SUBMODULES = ("cowtrade", "errors", "goose", "guess", "memory", "results", "solvers", "winorlose")

__all__ = ["__version__", "solve", *_SUBMODULES]

if TYPE_CHECKING:
    from parlour import cowtrade, errors, goose, guess, memory, results, solvers, winorlose  # noqa: F401
    from parlour.toolkit import solve

# The one place the version is written (pyproject.toml reads it from here): every --json answer names it, and
# asking importlib.metadata instead cost 0.05 s of a command's start.
__version__ = "0.1.0"


def __getattr__(name: str) -> ModuleType | Callable[..., Any]:
    if name == "solve":  # your own game (docs/your-game.md): a function, from the light toolkit module
        from parlour.toolkit import solve

        return solve
    if name in _SUBMODULES:
        return importlib.import_module(f"parlour.{name}")
    raise AttributeError(f"module 'parlour' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), "solve", *_SUBMODULES})
