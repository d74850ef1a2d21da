"""Game of the Goose from Python: each player's exact or certified chance of winning.

    >>> import parlour
    >>> sol = parlour.goose.solve(players=2, exact=True)
    >>> sol.win_exact                            # exact Fractions, proven by an exact residual
    >>> parlour.goose.solve(players=3, tol=1e-12).win_bounds   # certified intervals

`solve` is `parlour goose solve` of the command line with its options as keyword arguments: both call
`parlour.analyses.goose.policy`, which decides once the default tolerance (1e-12 while the chain fits in
memory, 5e-9 from 5 players on), the size check (refusals name `force=True` here, `--force` there), the
engine, the threads and the checkpoint (5+ players: kept in the cache folder, saved every 10 minutes, a
rerun resumes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from parlour.analyses.goose import GooseSolution
    from parlour.games.goose.rules import RuleSet

__all__ = ["solve"]


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
    on_sweep: Callable[[int, float], None] | None = None,
) -> GooseSolution:
    """The probability that each player wins (and of a draw) from the start or from any position.

    `exact=True` (2 players): exact Fractions in `win_exact` / `draw_exact`, proven by an exact residual
    (status EXACT). Otherwise certified intervals `win_bounds` of half-width at most `tol` around the
    floats `win` (status CERTIFIED): monotone Gauss-Seidel from below with proven sub-solutions.
    `tol` defaults to 1e-12 (5e-9 from 5 players on). The position: `squares` (one per player), `to_move`
    (1-based) and `inn_pending` (players on the inn whose skip is to come). Rules: `variant` or `rules`
    (see `parlour.analyses.goose.policy.rule_set`). `checkpoint` keeps the iteration on disk (a rerun
    resumes; 5+ players keep one in the cache folder by default); `out_of_core` keeps the bounds there
    instead of in memory. Refused
    beyond this machine's memory or a day's work unless `force=True`. Returns a `GooseSolution`.
    """
    from parlour.analyses.goose import policy

    plan = policy.plan(players, exact=exact, variant=variant, rules=rules, squares=squares, to_move=to_move,
                       inn_pending=inn_pending, tol=tol, checkpoint=checkpoint, out_of_core=out_of_core,
                       force=force)
    return policy.run(plan, on_sweep)
