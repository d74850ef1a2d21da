"""Draws: states whose value is exactly what endless play pays, proven by keeping each player off the ends
better for him than a draw.

Value iteration cannot pin such a state down when neither player can force an end: its stationary
strategies may leave play going round for ever, and its bounds stay wide (a set of 6 at 3-3 with 1
against 1: [-1, 0], value 0 by hand). The proof here is a sure-safety argument, with no arithmetic:

  Let D be a set of states. Player 1's strategy x keeps player 2 in check on D when, at every state of D,
  every move in the support of x, against every reply of player 2 (and every branch of chance), leads to
  an end paying player 1 at least `endless`, to a state of D, or to a state whose proven lower bound is
  at least `endless`. Then from every state of D, x (switching, once play leaves D, to the strategy that
  proves the bound where it arrives) guarantees player 1 at least `endless` against every strategy of
  player 2: play stays in D for ever (worth `endless`), or leaves it for something worth at least that.

Mirrored for player 2 with the upper bounds. Where a strategy of each player keeps the other in check on
D, every state of D is worth `endless` exactly. `draws` searches D (the largest such set among the
states whose proven interval holds `endless`) with pure strategies; `proves_draws` is the check, and a
caller reports a value exact only when the check passes. Only supports matter, so the check is exact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from parlour.solvers.stochastic.model import End, Lottery, Stage, State, next_states

Fine = Callable[[Any], bool]  # whether a cell's target is fine for the player keeping the other in check


def _fine(player: int, inside: set[int] | frozenset[int], lower: Sequence[Fraction], upper: Sequence[Fraction],
          index: dict[State, int], endless: Fraction) -> Fine:
    """What `player` may let play reach: an end at least as good as a draw for him, a state of `inside`,
    or a state whose proven bound already guarantees him a draw (every branch of a lottery so)."""
    sign = 1 if player == 1 else -1
    bound = lower if player == 1 else upper

    def fine(target: Any) -> bool:
        if isinstance(target, End):
            return sign * (target.payoff - endless) >= 0
        if isinstance(target, Lottery):
            return all(fine(branch) for _, branch in target.branches)
        k = index[target]
        return k in inside or sign * (bound[k] - endless) >= 0

    return fine


def _signals(stage: Stage) -> tuple[int, ...]:
    return stage.signals if stage.signals is not None else (0,) * len(stage.rows)


def _pure_safe(stage: Stage, player: int, fine: Fine) -> tuple[Any, ...] | None:
    """A pure strategy of `player` at the stage under which every reply leads somewhere fine (as a
    probability vector in the stage's form: over rows when he leads, one over columns per signal when he
    responds), or None where there is none."""
    targets = [[fine(stage.targets[t]) for t in row] for row in stage.outcome]
    one = Fraction(1)
    if player == stage.leader:
        row = next((i for i, cells in enumerate(targets) if all(cells)), None)
        if row is None:
            return None
        return tuple(one if i == row else Fraction(0) for i in range(len(stage.rows)))
    signals = _signals(stage)
    answers = []
    for signal in range(max(signals) + 1):
        rows = [i for i in range(len(stage.rows)) if signals[i] == signal]
        col = next((j for j in range(len(stage.cols)) if all(targets[i][j] for i in rows)), None)
        if col is None:
            return None
        answers.append(tuple(one if j == col else Fraction(0) for j in range(len(stage.cols))))
    return tuple(answers)


def _keeps(stage: Stage, player: int, strategy: tuple[Any, ...], fine: Fine) -> bool:
    """Whether every move in the support of `strategy` (an exact probability vector, or one per signal),
    against every move of the other player, leads somewhere fine."""
    def mixed(mix: tuple[Any, ...], size: int) -> bool:
        return (len(mix) == size and all(isinstance(p, Fraction | int) and p >= 0 for p in mix)
                and sum(mix, Fraction(0)) == 1)

    if player == stage.leader:
        if not mixed(strategy, len(stage.rows)):
            return False
        return all(fine(stage.targets[t]) for i, row in enumerate(stage.outcome) if strategy[i] > 0 for t in row)
    signals = _signals(stage)
    if len(strategy) != max(signals) + 1 or not all(mixed(mix, len(stage.cols)) for mix in strategy):
        return False
    return all(fine(stage.targets[stage.outcome[i][j]]) for i in range(len(stage.rows))
               for j in range(len(stage.cols)) if strategy[signals[i]][j] > 0)


def draws(stages: Sequence[Stage], index: dict[State, int], lower: Sequence[Fraction], upper: Sequence[Fraction],
          endless: Fraction = Fraction(0)) -> tuple[frozenset[int], dict[int, Any], dict[int, Any]]:
    """The largest set D of states, among those not exact whose proven interval holds `endless`, on which
    pure strategies of both players keep the other in check (module doc), and those strategies by state.
    A search: `proves_draws` checks what it found."""
    inside = {k for k in range(len(stages)) if lower[k] != upper[k] and lower[k] <= endless <= upper[k]}
    before: dict[int, set[int]] = {k: set() for k in inside}
    for k in inside:
        for t in next_states(stages[k], index):
            if t in before:
                before[t].add(k)
    fine1 = _fine(1, inside, lower, upper, index, endless)  # both read `inside` as it shrinks
    fine2 = _fine(2, inside, lower, upper, index, endless)
    waiting = set(inside)
    while waiting:
        k = waiting.pop()
        if k in inside and (_pure_safe(stages[k], 1, fine1) is None or _pure_safe(stages[k], 2, fine2) is None):
            inside.discard(k)  # its predecessors may have counted on it
            waiting.update(p for p in before[k] if p in inside)
    keep1 = {k: _pure_safe(stages[k], 1, fine1) for k in inside}
    keep2 = {k: _pure_safe(stages[k], 2, fine2) for k in inside}
    return frozenset(inside), keep1, keep2


def proves_draws(stages: Sequence[Stage], index: dict[State, int], lower: Sequence[Fraction],
                 upper: Sequence[Fraction], inside: frozenset[int], strategies1: dict[int, Any],
                 strategies2: dict[int, Any], endless: Fraction = Fraction(0)) -> bool:
    """Whether `strategies1` and `strategies2` (one per state of `inside`) each keep the other player in
    check on `inside`, so that every state of it is worth `endless` exactly (module doc). The bounds of
    the states outside `inside` must be proven ones: the proof leans on them."""
    fine1 = _fine(1, inside, lower, upper, index, endless)
    fine2 = _fine(2, inside, lower, upper, index, endless)
    for k in inside:
        if k not in strategies1 or k not in strategies2:
            return False
        if not (_keeps(stages[k], 1, strategies1[k], fine1) and _keeps(stages[k], 2, strategies2[k], fine2)):
            return False
    return True


__all__ = ["draws", "proves_draws"]
