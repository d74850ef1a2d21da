"""Certified bounds of a cyclic component, proven from both players' stationary strategies: a bound is
searched in floats (policy iteration on the opponent's decision problem), then checked exactly
(T_x(L) >= L at every state, L <= endless where the opponent can stay for ever)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from parlour.solvers.stochastic.chain import chain_values
from parlour.solvers.stochastic.ends import end_components, opponent_options
from parlour.solvers.stochastic.pessimistic import from_one_side
from parlour.solvers.stochastic.prove import prove_bound
from parlour.solvers.stochastic.rounding import rational_strategy
from parlour.solvers.stochastic.stage import (
    best_reply,
    guaranteed_float,
    improving_replies,
    reply_cells,
    solve_stage,
)
from parlour.solvers.stochastic.work import Work, payoff_range

NUDGE = 1e-6  # small enough to keep the stage solves optimal at the fixed point, large enough to be seen


def _search_bound(work: Work, comp: list[int], player: int, strategies: dict[int, Any], endless: Fraction,
                  eta: float, start: np.ndarray, max_rounds: int = 60, max_sweeps: int = 2_000) -> np.ndarray:
    """What `player`'s stationary strategies guarantee him, found in floats by policy iteration on the
    opponent's Markov decision problem (his pure stationary replies; play he keeps going for ever is
    worth `endless`), then moved by eta toward safety. Nothing here is proven yet: `prove_bound` does."""
    sign = 1 if player == 1 else -1
    values = start.copy()
    index = work.index
    reply = {s: best_reply(work.stages[s], index, values, player, strategies[s]) for s in comp}
    for _ in range(max_rounds):
        cells = {s: reply_cells(work.stages[s], player, strategies[s], reply[s]) for s in comp}
        got = chain_values(work, comp, cells, float(endless), values)
        if got is None:
            break
        values[comp] = got
        # where the opponent could keep play going for ever against these strategies and that pays
        # him more than the value found, he does: endless play caps the value there
        opts = {s: opponent_options(work.stages[s], index, player, strategies[s]) for s in comp}
        for s in end_components(comp, opts):
            values[s] = min(values[s], float(endless)) if player == 1 else max(values[s], float(endless))
        gains = improving_replies(work.stages, index, comp, values, player, strategies, reply)
        if not gains:
            break
        # Switching several states at once can close a loop that never ends, which is worth `endless`
        # and may be worse for the opponent than what he had (policy iteration's pitfall when endless
        # play is possible): take the switches only if no state gets worse for him, else the single
        # largest, else stop.
        if not _switch(work, comp, player, strategies, reply, values, endless, gains, sign):
            break
    values[comp] -= sign * eta
    # What policy iteration leaves may still fail T_x(L) >= L by float hairs, or where it had to stop
    # early: sweeps that only ever lower (raise) a state to its one-step guarantee settle that.
    for _ in range(max_sweeps):
        moved = False
        for s in comp:
            one_step = guaranteed_float(work.stages[s], index, values, player, strategies[s])
            if sign * (one_step - values[s]) < 0:
                values[s] = one_step - sign * eta
                moved = True
        if not moved:
            break
    return values


def _switch(work: Work, comp: list[int], player: int, strategies: dict[int, Any], reply: dict[int, Any],
            values: np.ndarray, endless: Fraction, gains: dict[int, tuple[float, Any]], sign: int) -> bool:
    largest = max(gains, key=lambda s: gains[s][0])
    for chosen in (list(gains), [largest]):
        trial = {**reply, **{s: gains[s][1] for s in chosen}}
        cells = {s: reply_cells(work.stages[s], player, strategies[s], trial[s]) for s in comp}
        got = chain_values(work, comp, cells, float(endless), values)
        if got is not None and np.all(sign * (got - values[comp]) <= 1e-13):
            reply.update(trial)
            return True
    return False



def certified_bounds(work: Work, comp: list[int], endless: Fraction, tol: float, max_sweeps: int,
                     improvements: int = 30) -> None:
    """Lower and upper bounds proven from stationary strategies (module doc).

    The strategies start as the stage solutions at the value iteration's fixed point. Where such a
    strategy lets the opponent keep play going for ever although the value says he is losing (the
    stage LP is indifferent between winning now and moving to a state of the same value), its
    guarantee falls short; strategy iteration then re-solves each stage at the strategy's own
    guaranteed values, which makes the endless moves look as bad as they are, and repeats."""
    eta = tol / 50
    start = {1: work.float_values - eta, 2: work.float_values + eta}
    for k in range(len(work.states)):
        if k not in comp and work.lower[k] is not None:
            start[1][k] = float(work.lower[k])  # type: ignore[arg-type]
            start[2][k] = float(work.upper[k])  # type: ignore[arg-type]
    continuation = {1: work.float_values.copy(), 2: work.float_values.copy()}
    for k in range(len(work.states)):
        if k not in comp and work.lower[k] is not None:
            continuation[1][k], continuation[2][k] = start[1][k], start[2][k]
    best: dict[int, tuple[dict[int, Fraction], dict[int, Any]]] = {}
    last: dict[int, dict[int, Any]] = {}
    gave_up: set[int] = set()
    for rounds in range(improvements):
        done = True
        for player in (1, 2):
            if player in gave_up:
                continue
            if player in best and max(abs(float(best[player][0][s]) - work.float_values[s]) for s in comp) <= tol / 4:
                continue
            strategies = {}
            sign = 1 if player == 1 else -1
            for s in comp:
                value, s1, s2 = solve_stage(work.stages[s], work.index, continuation[player], exact_=False)
                previous = last.get(player, {}).get(s)
                # Hoffman–Karp: keep a strategy that is still optimal at the new continuation values,
                # switch only where another one does strictly better (switching everywhere to
                # whatever vertex the LP returns makes the strategies go round in circles)
                if previous is not None and sign * (value - guaranteed_float(
                        work.stages[s], work.index, continuation[player], player, previous)) <= tol / 100:
                    strategies[s] = previous
                else:
                    strategies[s] = rational_strategy((s1, s2)[player - 1])
            last[player] = strategies
            floats = _search_bound(work, comp, player, strategies, endless, eta, start[player])
            proven = None
            for widen in (0.0, 1e-12, 1e-9, 1e-6):  # a wider margin where the float search was loose
                shifted = floats.copy()
                shifted[comp] -= (1 if player == 1 else -1) * widen
                proven = prove_bound(work, comp, player, strategies, endless, eta, shifted)
                if proven is not None:
                    break
            work.counters["strategy_rounds"] = rounds + 1
            if proven is None:  # the same strategies would fail the same way next round
                gave_up.add(player)
                continue
            if player not in best or sum(sign * (proven[s] - best[player][0][s]) for s in comp) > 0:
                best[player] = (proven, strategies)
            if max(abs(float(proven[s]) - work.float_values[s]) for s in comp) > tol / 4:
                done = False
                # the next stage solves see the fixed point, nudged toward what the strategies
                # really guarantee: among the moves optimal at the fixed point, they prefer those
                # that do not let the opponent drag play on (a lexicographic tie-break by perturbation)
                continuation[player] = floats.copy()
                for s in comp:
                    continuation[player][s] = work.float_values[s] + NUDGE * (float(proven[s]) - work.float_values[s])
        if done or (len(best) == 2 and max(best[2][0][s] - best[1][0][s] for s in comp) <= Fraction(tol) / 2):
            break
    for player in (1, 2):
        if player not in best:
            best[player] = from_one_side(work, comp, player, endless, eta) or (
                dict.fromkeys(comp, payoff_range(work, comp, endless)[player - 1]), last[player])
    for s in comp:
        work.lower[s] = best[1][0][s]
        work.upper[s] = best[2][0][s]
        work.strategies[s] = (best[1][1][s], best[2][1][s])
        work.how[s] = "certified bounds from both stationary strategies (exact checks)"
