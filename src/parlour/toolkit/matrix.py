"""Two-player games given by their payoff tables: a Gambit .nfg file, a module defining `PAYOFFS1` and
`PAYOFFS2`, or `parlour.solve(A, B)`. A constant-sum game is a zero-sum matrix game: its value and both
optimal strategies, exact (`solvers.zerosum`). Any other game is listed by its Nash equilibria, exact
(`solvers.bimatrix`): every extreme one up to 10x10, one by Lemke-Howson beyond.

The module loads no numerics (the result class is named by `parlour.solve`'s hints); the solvers load on use.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from parlour.errors import CertificateError, InvalidInput, InvalidType, shown
from parlour.results import Result, Status, exact, jsonable
from parlour.toolkit.result import GameSolution

if TYPE_CHECKING:
    from parlour.solvers.bimatrix import BimatrixSolution, Equilibrium, Table

# Lemke-Howson's pivots cost m (m + n) each and their number grows with the game: a 100x100 game takes
# seconds, a 200x200 one about a minute. Larger games are refused before any work.
MAX_PROFILES = 200 * 200
# The largest listing `solvers.bimatrix.equilibria` takes (its MAX_SYSTEMS: a 10x10 game), said here
# without loading FLINT for the check.
LISTED_SYSTEMS = math.comb(20, 10) - 1

Progress = Callable[[str], None] | None
Names = tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True, kw_only=True)
class GameEquilibria(Result):
    """The Nash equilibria of a two-player game that is not constant-sum (a bimatrix game), under the game's
    own names: `equilibria` (each with both mixed strategies and both payoffs, exact and checked),
    `complete` (every extreme equilibrium, or the one Lemke-Howson found), `infinite` (degenerate: segments
    of equilibria join extreme ones; None where not known). `solution` is the solver's own result."""

    TABLE: ClassVar[str | None] = "equilibria"

    kind: str = "bimatrix"
    name: str
    solution: BimatrixSolution
    strategy_names: Names
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def equilibria(self) -> tuple[Equilibrium, ...]:
        return self.solution.equilibria

    @property
    def complete(self) -> bool:
        return self.solution.complete

    @property
    def infinite(self) -> bool | None:
        return self.solution.infinite

    def payload(self) -> dict[str, Any]:
        body: dict[str, Any] = {"kind": self.kind, "name": self.name, **jsonable(dict(self.extra))}
        body.update(self.solution.payload(*self.strategy_names))
        return body


def is_matrix_module(namespace: Mapping[str, Any]) -> bool:
    """Whether a game module gives its game as two payoff tables."""
    return "PAYOFFS1" in namespace or "PAYOFFS2" in namespace


def solve_nfg(path: Path, *, players: int | None, progress: Progress) -> GameSolution | GameEquilibria:
    """A Gambit .nfg file of any two-player game, both payoff layouts (the file is read before `players`, a
    race game's option, is refused: a bad file hears about itself first)."""
    from parlour.solvers import nfg

    started = time.perf_counter()
    if progress is not None:
        progress(f"reading {path.name}")
    game = nfg.read_game(path)
    if players is not None:
        raise InvalidInput("the number of players is a race game's option; an .nfg game has two players")
    extra = {"format": "Gambit .nfg", "title": game.title, "players": list(game.players)}
    return solve_tables(*game.payoffs, name=path.stem, names=game.strategies, extra=extra, progress=progress,
                        started=started)


def solve_module(namespace: Mapping[str, Any], name: str, *, progress: Progress) -> GameSolution | GameEquilibria:
    """A module defining `PAYOFFS1` and `PAYOFFS2` (the row and the column player's tables), and optionally
    `STRATEGIES1`, `STRATEGIES2` (their strategies' names) and `PLAYERS` (the players' names)."""
    from parlour.solvers.bimatrix import payoff_table

    for key in ("PAYOFFS1", "PAYOFFS2"):
        if key not in namespace:
            raise InvalidInput(f"the game module {name} defines {'PAYOFFS2' if key == 'PAYOFFS1' else 'PAYOFFS1'} "
                               f"but not {key}: a two-player game in payoff tables gives both (docs/your-game.md)")
    a, b = payoff_table(namespace["PAYOFFS1"], "PAYOFFS1"), payoff_table(namespace["PAYOFFS2"], "PAYOFFS2")
    names = (_names(namespace.get("STRATEGIES1"), len(a), "STRATEGIES1"),
             _names(namespace.get("STRATEGIES2"), len(a[0]), "STRATEGIES2"))
    extra: dict[str, Any] = {}
    if "PLAYERS" in namespace:
        extra["players"] = list(_names(namespace["PLAYERS"], 2, "PLAYERS"))
    return solve_tables(a, b, name=name, names=names, extra=extra, progress=progress, said=("PAYOFFS1", "PAYOFFS2"))


def solve_pair(a: object, b: object, *, progress: Progress) -> GameSolution | GameEquilibria:
    """`parlour.solve(A, B)`: the row player's table as `game`, the column player's as `payoffs2`."""
    from parlour.solvers.bimatrix import payoff_table

    if isinstance(a, str | Path | Mapping) or not hasattr(a, "__len__"):
        raise InvalidType(f"with payoffs2 (the column player's payoffs), game must be the row player's payoff "
                          f"table (a list of rows or a 2-D array), got {shown(a)}")
    return solve_tables(payoff_table(a, "game"), payoff_table(b, "payoffs2"), name="game", progress=progress,
                        said=("game", "payoffs2"))


def solve_tables(a: Table, b: Table, *, name: str, names: Names | None = None, extra: Mapping[str, Any] | None = None,
                 progress: Progress, said: tuple[str, str] = ("A", "B"),
                 started: float | None = None) -> GameSolution | GameEquilibria:
    """Both players' tables (exact, as `solvers.bimatrix.payoff_table` gives them) solved: a constant-sum game
    as a zero-sum matrix game, any other by its equilibria. `said`: the tables' names in a refusal."""
    started = time.perf_counter() if started is None else started
    m, n = len(a), len(a[0])
    if (len(b), len(b[0])) != (m, n):
        raise InvalidInput(f"{said[0]} is {m}x{n} but {said[1]} is {len(b)}x{len(b[0])}: both players' payoff "
                           "tables must have the same shape (a row per strategy of the row player)")
    names = names or (tuple(str(k) for k in range(1, m + 1)), tuple(str(k) for k in range(1, n + 1)))
    constant = a[0][0] + b[0][0]
    if all(x + y == constant for ra, rb in zip(a, b, strict=True) for x, y in zip(ra, rb, strict=True)):
        return _zero_sum(a, constant, name=name, names=names, extra=extra or {}, progress=progress, started=started)
    return _equilibria(a, b, name=name, names=names, extra=extra or {}, progress=progress, started=started)


def _zero_sum(a: Table, constant: Fraction, *, name: str, names: Names, extra: Mapping[str, Any], progress: Progress,
              started: float) -> GameSolution:
    """A constant-sum game: player 1's table is a zero-sum game (player 2 gets the constant minus his payoff),
    solved by one LP whose optimal basis is re-solved and checked in fractions."""
    import numpy as np

    from parlour.solvers import zerosum

    if progress is not None:
        progress(f"constant-sum {len(a)}x{len(a[0])} game: solving its LP")
    solved = zerosum.solve(np.array(a, dtype=object), exact=True)  # exact=True: a proof, or a refusal
    cert = solved.certificate
    if cert is None:  # exact=True certifies or raises: a solution without its proof is a bug, said as one
        raise CertificateError("the zero-sum solver returned no certificate for rational payoffs")
    more = dict(extra)
    if constant:
        more.update(exact("constant_sum", constant))
    return GameSolution(
        kind="matrix", name=name, value_low=cert.value, value_high=cert.value,
        proof="exact: player 1's strategy guarantees the value against every strategy of player 2, and hers holds "
              "him to it against every one of his (checked in fractions)",
        states=1, strategies={"player1": _mixture("row", cert.row_strategy, names[0]),
                              "player2": _mixture("column", cert.col_strategy, names[1])},
        extra={"engine": "matrix LP (HiGHS) + exact certificate", "shape": [len(a), len(a[0])], **more},
        method=solved.method, status=Status.EXACT, message="value and both strategies exact",
        seconds=time.perf_counter() - started, counters=dict(solved.counters))


def _equilibria(a: Table, b: Table, *, name: str, names: Names, extra: Mapping[str, Any], progress: Progress,
                started: float) -> GameEquilibria:
    """A game that is not constant-sum: every extreme equilibrium where the listing fits, else one."""
    from parlour.solvers import bimatrix

    m, n = len(a), len(a[0])
    if math.comb(m + n, m) - 1 <= LISTED_SYSTEMS:
        if progress is not None:
            progress(f"{m}x{n} game: listing every extreme equilibrium")
        solution = bimatrix.equilibria(a, b)
        message = solution.message
    else:
        if m * n > MAX_PROFILES:
            raise InvalidInput(f"the {m}x{n} game has {m * n:,} profiles: parlour finds an equilibrium of a game "
                               f"that is not constant-sum for at most {MAX_PROFILES:,} (200x200)")
        if progress is not None:
            progress(f"{m}x{n} game: one equilibrium by Lemke-Howson")
        solution = bimatrix.one_equilibrium(a, b)
        message = (f"one equilibrium, by Lemke-Howson: listing every extreme equilibrium takes games of at most "
                   f"10x10 (C(m+n, m) - 1 <= {LISTED_SYSTEMS:,} candidate vertices), and this one is {m}x{n}")
    return GameEquilibria(
        name=name, solution=solution, strategy_names=names, extra=extra,
        method=solution.method, status=solution.status, message=message,
        seconds=time.perf_counter() - started, counters=dict(solution.counters))


def _mixture(key: str, probabilities: Sequence[Fraction], labels: Sequence[str]) -> list[dict[str, Any]]:
    """A mixed strategy as `zerosum solve` shows it: `{key: name, "probability": p, "probability_exact": ..}`."""
    return [{key: label, **exact("probability", p)} for label, p in zip(labels, probabilities, strict=True)]


def _names(names: object, count: int, said: str) -> tuple[str, ...]:
    """`count` names (strings) given by a module, or their numbers 1, 2, ... where it gives none."""
    if names is None:
        return tuple(str(k) for k in range(1, count + 1))
    if isinstance(names, str | bytes) or not isinstance(names, Sequence) or not all(isinstance(x, str) for x in names):
        raise InvalidType(f"{said} must be a list of names (strings), got {shown(names)}")
    if len(names) != count:
        raise InvalidInput(f"{said} must give {count} names, one for each, got {len(names)}")
    return tuple(names)


__all__ = ["LISTED_SYSTEMS", "MAX_PROFILES", "GameEquilibria", "is_matrix_module", "solve_module", "solve_nfg",
           "solve_pair", "solve_tables"]
