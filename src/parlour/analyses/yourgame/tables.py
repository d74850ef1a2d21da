"""Two-player games given by their payoff tables, solved: a constant-sum game as a zero-sum matrix game (its value
and both optimal strategies, exact, a `GameSolution`), any other by its Nash equilibria (`GameEquilibria`), exact:
every extreme one up to 10x10, one by Lemke-Howson beyond (`solvers.bimatrix`). The tables come from a Gambit
.nfg file (`solve_nfg`) or from `toolkit.matrix` (a module's `PAYOFFS1` and `PAYOFFS2`, `parlour.solve(A, B)`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from parlour.analyses.yourgame.solution import GameSolution
from parlour.errors import InvalidInput
from parlour.results import Result, Status, exact, jsonable

if TYPE_CHECKING:
    from parlour.solvers.bimatrix import BimatrixSolution, Equilibrium, Table

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


def solve_tables(a: Table, b: Table, *, name: str, names: Names | None = None, extra: Mapping[str, Any] | None = None,
                 progress: Progress, said: tuple[str, str] = ("A", "B"),
                 started: float | None = None) -> GameSolution | GameEquilibria:
    """Both players' tables (exact, as `solvers.bimatrix.payoff_table` gives them) solved: a constant-sum game
    as a zero-sum matrix game, any other by its equilibria. `said`: the tables' names in a refusal."""
    from parlour.solvers import bimatrix

    started = time.perf_counter() if started is None else started
    constant = bimatrix.constant_sum(a, b, said)
    names = names or (tuple(str(k) for k in range(1, len(a) + 1)), tuple(str(k) for k in range(1, len(a[0]) + 1)))
    if constant is None:
        solution = bimatrix.solve_game(a, b, progress)
        return GameEquilibria(name=name, solution=solution, strategy_names=names, extra=extra or {},
                              method=solution.method, status=solution.status, message=solution.message,
                              seconds=time.perf_counter() - started, counters=dict(solution.counters))
    solved = bimatrix.zero_sum(a, progress)
    cert = solved.certificate
    more = {**(extra or {}), **(exact("constant_sum", constant) if constant else {})}
    return GameSolution(
        kind="matrix", name=name, value_low=cert.value, value_high=cert.value,
        proof="exact: player 1's strategy guarantees the value against every strategy of player 2, and hers holds "
              "him to it against every one of his (checked in fractions)",
        states=1, strategies=bimatrix.zero_sum_strategies(cert, names),
        extra={"engine": "matrix LP (HiGHS) + exact certificate", "shape": [len(a), len(a[0])], **more},
        method=solved.method, status=Status.EXACT, message="value and both strategies exact",
        seconds=time.perf_counter() - started, counters=dict(solved.counters))



__all__ = ["GameEquilibria", "solve_nfg", "solve_tables"]
