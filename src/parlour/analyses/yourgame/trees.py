"""A game tree in sequence form (a module walked by `toolkit.tree.build`, a Gambit .efg file, an OpenSpiel game)
solved by the engine that fits it and shaped as a `GameSolution`: the sequence-form LP (`solvers.sequence`) up to
`cfr.LP_SEQUENCES` / `cfr.LP_PAIRS`, CFR+ (`solvers.cfr`) beyond. Also the trees read from elsewhere (a Gambit
file, an OpenSpiel game), solved or written back as .efg files."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from parlour.analyses.yourgame.solution import GameSolution
from parlour.solvers.sequence import SequenceForm

Progress = Callable[[str], None] | None


def solve_form(game: SequenceForm, name: str, *, tol: float | None = None, progress: Progress,
               started: float | None = None, extra: Mapping[str, Any] | None = None) -> GameSolution:
    """`game` solved and shaped as a `GameSolution`; `extra` adds to its JSON (a file's title and players' names).

    `tol` (a half-width, as everywhere in parlour) reaches CFR+ only: the LP's answer is exact or 1e-15 wide.
    CFR+ aims at the width 2 * tol when `tol` is given; without it (None, the CLI's default), at its own
    `cfr.TOL` (+-1e-4), and its message says so: the 1e-10 of the exact engines is beyond its reach."""
    from parlour.solvers import cfr, sequence

    started = time.perf_counter() if started is None else started
    big = cfr.beyond_lp(game)  # too large for the LP: CFR+, its interval proven by best replies
    if progress is not None:
        progress(f"{game.nodes:,} nodes; " + ("CFR+ (too large for the LP)" if big else "solving the sequence-form LP"))
    solved: sequence.SequenceSolution | cfr.CFRSolution = sequence.solve(game) if not big else \
        cfr.solve(game, tol=cfr.TOL if tol is None else 2 * tol, progress=progress)
    message = solved.message
    if big:
        message += (f" (tol {tol:g}: CFR+ aims at the width 2 * tol)" if tol is not None else
                    f" (CFR+'s own aim, the width {cfr.TOL:g}: give tol for another)")
    return GameSolution(
        kind="tree", name=name, value_low=solved.value_low, value_high=solved.value_high, proof=solved.proof,
        states=game.nodes, strategies=solved.strategies_json(game),
        extra={"engine": solved.engine, "infosets": [len(game.of(1)), len(game.of(2))], **(extra or {})},
        method=solved.method, status=solved.status, message=message, seconds=time.perf_counter() - started,
        counters={"nodes": game.nodes, "sequences1": game.count(1), "sequences2": game.count(2),
                  "cfr_iterations" if big else "simplex_iterations": solved.iterations})


def solve_efg(path: Path, *, tol: float | None, progress: Progress, started: float) -> GameSolution:
    """A Gambit .efg file: read into the sequence form in one pass, solved as a game tree module is."""
    from parlour.solvers import efg

    game = efg.read(path)
    return solve_form(game.form, path.stem, tol=tol, progress=progress, started=started, extra=game.described())


def solve_openspiel(spec: str, *, tol: float | None, progress: Progress, started: float) -> GameSolution:
    """An OpenSpiel game by name (`solvers.openspiel`), walked into the sequence form and solved as a tree."""
    from parlour.results import exact
    from parlour.solvers import efg, openspiel

    game = openspiel.load(spec)
    extra: dict[str, Any] = {"format": "OpenSpiel", "game": str(game), "players": list(openspiel.PLAYERS)}
    constant = openspiel.exact(game.utility_sum())  # 0 for a zero-sum game
    if constant:  # player 2's payoff is this minus player 1's
        extra.update(exact("constant_sum", constant))
    form = efg.form(openspiel.nodes(game, spec, progress=progress), spec)
    return solve_form(form, spec.removeprefix(openspiel.PREFIX), tol=tol, progress=progress, started=started,
                      extra=extra)


def write_read(source: str | Path, target: Path) -> None:
    """An OpenSpiel game by name or a Gambit .efg file written (back) as a Gambit .efg file at `target`, every
    node checked as it is written."""
    from parlour.infra.files import read_text
    from parlour.solvers import efg, openspiel

    if str(source).startswith(openspiel.PREFIX):
        efg.write(target, openspiel.nodes(openspiel.load(str(source)), str(source)), title=str(source),
                  players=openspiel.PLAYERS)
        return
    header, stream = efg.nodes(read_text(source, "the game file"), str(source))
    efg.write(target, stream, title=header.title, players=header.players, comment=header.comment)


__all__ = ["solve_efg", "solve_form", "solve_openspiel", "write_read"]
