"""Game of the Goose from Python: each player's exact or certified chance of winning.

    >>> import parlour
    >>> sol = parlour.goose.solve(players=2, exact=True)
    >>> sol.win_exact                            # exact Fractions, proven by an exact residual
    >>> parlour.goose.solve(players=3, tol=1e-12).win_bounds   # certified intervals

`solve` is `parlour goose solve` of the command line with its options as keyword arguments: both call
`parlour.analyses.goose.policy`, which decides once the default tolerance (1e-12 while the chain fits in
memory, 5e-9 from 5 players on), the size check (refusals name `force=True` here, `--force` there), the
engine, the threads and the checkpoint (5+ players: kept in the cache folder, saved every 10 minutes, a
rerun resumes). The arguments are checked here first, by type (docs/python.md: integers of any kind where
a count is meant, no float for a count, bools only for switches), so that a wrong one is refused with
its Python name before anything is built.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

# The result and the rules are named here (and resolve for typing.get_type_hints) from light modules; the
# engines (numba, scipy, the state space) load on the first solve, so `import parlour.goose` costs what
# the other front doors cost.
from parlour.analyses.goose.result import GooseSolution
from parlour.errors import InvalidType, shown
from parlour.games.goose.rules import RuleSet
from parlour.infra import checks, spelling

__all__ = ["GooseSolution", "RuleSet", "solve"]


def __dir__() -> list[str]:
    return list(__all__)  # what completes after `parlour.goose.`: the public names, not the imports


def _path(value: object, name: str) -> str | Path | None:
    if value is not None and not isinstance(value, str | Path):
        raise InvalidType(f"{spelling.parameter(name)} must be a file name (str or Path), got {shown(value)}")
    return value


@checks.renamed_keywords(on_sweep="progress")
def solve(
    players: int = 2,
    *,
    exact: bool = False,
    variant: str | None = None,
    rules: RuleSet | str | Path | None = None,
    squares: Sequence[int] | None = None,
    to_move: int | None = None,
    inn_pending: Sequence[int] | None = None,
    tol: float | None = None,
    checkpoint: str | Path | None = None,
    out_of_core: bool = False,
    force: bool = False,
    progress: Callable[[int, float], None] | None = None,
) -> GooseSolution:
    """The probability that each player wins (and of a draw) from the start or from any position.

    Parameters
    ----------
    players : int, default 2
        The number of players, at least 2 (any integer type: ``numpy.int64(3)`` too; a float is refused).
    exact : bool, default False
        Exact Fractions (2 players): ``win_exact`` / ``draw_exact``, proven by an exact residual (status
        EXACT). Otherwise certified intervals ``win_bounds`` of half-width at most `tol` (status CERTIFIED):
        monotone Gauss-Seidel from below with proven sub-solutions.
    variant : str, optional
        A named rule set: ``"study"`` (the default), ``"maze37"``, ``"no-inn-skip"``.
    rules : RuleSet, str or Path, optional
        A `RuleSet`, or a TOML rule file (docs/your-game.md); not with `variant`.
    squares : sequence of int, optional
        The position: one square per player (the start when omitted).
    to_move : int, optional
        The player to move at `squares`, 1-based (default 1).
    inn_pending : sequence of int, optional
        The players (1-based) on the inn whose skip is still to come.
    tol : float, optional
        The widest half-width of a certified interval, from 1e-13 (for less, use `exact`) to 1. Default
        1e-12 (5e-9 from 5 players on).
    checkpoint : str or Path, optional
        A file that keeps the iteration (a rerun resumes); 5+ players keep one in the cache folder by default.
    out_of_core : bool, default False
        Keep the bounds on disk instead of in memory.
    force : bool, default False
        Solve even beyond this machine's memory or a day's work (refused otherwise, with the estimate).
    progress : callable, optional
        Called as ``progress(sweep, width)`` after each sweep of the certified iteration (``on_sweep=``, its
        old name, works for one release, with a DeprecationWarning).

    Returns
    -------
    GooseSolution
        ``win`` and ``win_bounds`` per player, ``draw`` and ``draw_bounds``, ``win_exact`` /
        ``draw_exact`` (Fractions) when exact, the ``position`` solved from, ``status``.

    Raises
    ------
    TypeError
        (`parlour.errors.InvalidType`) An argument of the wrong type, named.
    ValueError
        (`parlour.errors.InvalidInput`) An argument out of range, or a solve refused by the size guard.
    """
    from parlour.analyses.goose import policy

    players = checks.integer(players, "players", 2)
    exact, out_of_core, force = (checks.flag(v, n) for v, n in
                                 ((exact, "exact"), (out_of_core, "out_of_core"), (force, "force")))
    if variant is not None:
        checks.text(variant, "variant")
    if not isinstance(rules, RuleSet):
        _path(rules, "rules")
    _path(checkpoint, "checkpoint")
    squares_ = None if squares is None else checks.integers(squares, "squares", 0)
    inn_ = None if inn_pending is None else checks.integers(inn_pending, "inn_pending")
    mover = checks.optional_integer(to_move, "to_move")
    tol_ = None if tol is None else checks.real(tol, "tol", 0, 1, open_low=True, open_high=True)
    checks.callback(progress)
    plan = policy.plan(players, exact=exact, variant=variant, rules=rules, squares=squares_, to_move=mover,
                       inn_pending=inn_, tol=tol_, checkpoint=checkpoint, out_of_core=out_of_core, force=force)
    return policy.run(plan, progress)
