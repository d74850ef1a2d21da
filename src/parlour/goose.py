"""Game of the Goose from Python: each player's exact or certified chance of winning.

    >>> import parlour
    >>> sol = parlour.goose.solve(players=2, exact=True)
    >>> sol.win_exact                            # exact Fractions, proven by an exact residual
    >>> parlour.goose.solve(players=3, tol=1e-12).win_bounds   # certified intervals

`solve` is `parlour goose solve` of the command line with its options as keyword arguments: the same
default tolerance (1e-12 while the chain fits in memory, 5e-9 from 5 players on), the same size check
(refusals name `force=True` here, `--force` there) and the same checkpoint (5+ players: kept in the
cache folder, saved every 10 minutes, a rerun resumes). It calls `parlour.analyses.goose.solve`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parlour.errors import InvalidInput
from parlour.infra import spelling
from parlour.infra.resources import affordable

if TYPE_CHECKING:
    from parlour.analyses.goose import GooseSolution
    from parlour.games.goose.rules import RuleSet, State

__all__ = ["solve"]

TOL_FLOOR = 1e-13  # the certified gap of 2 players stalls at 1.65e-13 in double precision


def rule_set(variant: str | None = None, rules: RuleSet | str | Path | None = None) -> RuleSet:
    """The rules: a named `variant` (study, maze37, no-inn-skip), a `RuleSet`, or a TOML file (`rules`);
    the study's by default."""
    from parlour.games.goose.rules import STUDY, RuleSet, load_toml
    from parlour.games.goose.rules import variant as named

    if variant is not None and rules is not None:
        raise InvalidInput(f"give either {spelling.parameter('variant')} or {spelling.parameter('rules')}, not both")
    if isinstance(rules, RuleSet):
        return rules
    if rules is not None:
        return load_toml(rules)
    return named(variant) if variant is not None else STUDY


def start_state(rules: RuleSet, players: int, squares: Sequence[int] | None, to_move: int | None = None,
                inn_pending: Sequence[int] = ()) -> State | None:
    """The position: every player's square, the player to move (1-based) and the players (1-based) on the
    inn whose skip is still to come; None (the start) without `squares`."""
    from parlour.games.goose.rules import state_from_squares

    if squares is None:
        if to_move is not None or inn_pending:
            raise InvalidInput(f"{spelling.parameter('to_move')} and {spelling.parameter('inn_pending')} need "
                               f"{spelling.parameter('squares')}")
        return None
    squares = list(squares)
    if len(squares) != players:
        raise InvalidInput(f"{spelling.parameter('squares')} lists {len(squares)} squares but "
                           f"{spelling.parameter('players')} is {players}")
    mover = 1 if to_move is None else to_move
    if not 1 <= mover <= players:
        raise InvalidInput(f"{spelling.parameter('to_move')} must be between 1 and {players}, got {mover}")
    pending = [p - 1 for p in inn_pending]
    if any(not 0 <= p < players for p in pending):
        raise InvalidInput(f"{spelling.parameter('inn_pending')} lists players between 1 and {players}")
    return state_from_squares(rules, squares, mover - 1, pending)


def default_tol(rules: RuleSet, players: int) -> float:
    """1e-12 while the chain is stored in memory (up to 4 players), 5e-9 (width 1e-8) beyond: hours of work."""
    from parlour.analyses.goose import fits_chain

    return 1e-12 if fits_chain(rules, players) else 5e-9


def solve(
    players: int = 2,
    *,
    exact: bool = False,
    variant: str | None = None,
    rules: RuleSet | str | Path | None = None,
    squares: Sequence[int] | None = None,
    to_move: int | None = None,
    inn_pending: Sequence[int] = (),
    tol: float | None = None,
    checkpoint: str | Path | None = None,
    out_of_core: bool = False,
    force: bool = False,
    on_sweep: Callable[[int, float], None] | None = None,
) -> GooseSolution:
    """The probability that each player wins (and of a draw) from the start or from any position.

    `exact=True` (2 players): exact Fractions in `win_exact` / `draw_exact`, proven by an exact residual
    (status EXACT). Otherwise certified intervals `win_bounds` of half-width at most `tol` around the
    floats `win` (status CERTIFIED): monotone Gauss-Seidel from below with proven sub-solutions.
    `tol` defaults to 1e-12 (5e-9 from 5 players on). The position: `squares` (one per player), `to_move`
    (1-based) and `inn_pending` (players on the inn whose skip is to come). Rules: `variant` or `rules`
    (see `rule_set`). `checkpoint` keeps the iteration on disk (a rerun resumes; 5+ players keep one in
    the cache folder by default); `out_of_core` keeps the bounds there instead of in memory. Refused
    beyond this machine's memory or a day's work unless `force=True`. Returns a `GooseSolution`.
    """
    from parlour.analyses import goose as analysis

    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise InvalidInput(f"the game needs at least 2 players, got {players!r}")
    ruleset = rule_set(variant, rules)
    need, seconds = analysis.solve_estimate(ruleset, players)
    affordable(f"solving {players} players", 0 if out_of_core else need, seconds, force)
    chain = analysis.fits_chain(ruleset, players)
    if tol is None:
        tol = default_tol(ruleset, players)
    if not TOL_FLOOR <= tol < 1:
        raise InvalidInput(f"{spelling.parameter('tol')} must lie between {TOL_FLOOR:g} (below, double precision "
                           f"cannot certify the bounds: use {spelling.parameter('exact', True)}) and 1, got {tol:g}")
    start = start_state(ruleset, players, squares, to_move, inn_pending)
    path = Path(checkpoint) if checkpoint is not None else None
    if path is None and not exact and not chain:
        path = analysis.default_checkpoint(ruleset, players)  # hours of work: safe from a kill by default
    options: dict[str, Any] = {}
    if path is not None:
        options["checkpoint"] = analysis.Checkpoint(path, every_seconds=30.0 if chain else 600.0)
    return analysis.solve(ruleset, players, exact=exact, start=start, tol=tol, on_sweep=on_sweep,
                          out_of_core=out_of_core, **options)
