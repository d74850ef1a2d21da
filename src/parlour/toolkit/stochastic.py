"""A two-player zero-sum game with chance written as a Python module, checked and solved.

The module defines START, `moves(state)` -> (player 1's moves, player 2's moves) (one side empty where
only the other moves) and `play(state, move1, move2)` -> the next state, an `End(payoff)` or a
`Chance({outcome: probability})` (the side that does not move gets None). Optional: PAYOFF_RANGE
(default (-1, 1)), ENDLESS (what play that never ends pays player 1, default 0), STATES (every state the
game has: a move elsewhere is an error), `seen(state, move1)` (what player 2 sees of player 1's move
before he answers in a state where both move; default nothing: the moves are simultaneous).

Here the module's names are read (`spec`); the engines check what its functions answer and explore it
(`solvers.stochastic.rules.Rules`, given this toolkit's terms and checks): where only one side moves in every
state (a turn-based game), the compiled fast path (`solve_turns`: a max or a min per state, not an LP);
otherwise the stage LPs with exact certificates (`solvers.stochastic.solve`), slower, for small games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from parlour.errors import InvalidInput, shown
from parlour.solvers.stochastic.rules import Rules, RulesGame, explore_turns
from parlour.toolkit.reading import call, fraction, payoff_range, probabilities
from parlour.toolkit.result import SHOWN_STRATEGY_ENTRIES, GameSolution
from parlour.toolkit.terms import Chance, End


def spec(namespace: Mapping[str, Any]) -> Rules:
    """The module's functions and constants, checked, as the engines read a game (`Rules`, with this toolkit's
    vocabulary and checks)."""
    low, high = payoff_range(namespace)
    endless = fraction(namespace.get("ENDLESS", 0), "ENDLESS")
    if not low <= endless <= high:
        raise InvalidInput(f"ENDLESS = {endless} lies outside PAYOFF_RANGE ({low}, {high})")
    states = namespace.get("STATES")
    known = None
    if states is not None:
        try:
            known = frozenset(states)
        except TypeError:
            raise InvalidInput("STATES must be a collection of hashable states") from None
    start = namespace["START"]
    Rules.hashable(start, "START")
    if known is not None and start not in known:
        raise InvalidInput(f"START {shown(start)} is not in STATES")
    return Rules(start, namespace["moves"], namespace["play"], low, high, endless, known, namespace.get("seen"),
                 chance=Chance, end=End, call=call, fraction=fraction, probabilities=probabilities)


def solve(namespace: Mapping[str, Any], name: str, *, tol: float,
          progress: Callable[[str], None] | None) -> GameSolution:
    sp = spec(namespace)
    arrays = explore_turns(sp, progress)
    if arrays is None:
        return _solve_lp(sp, name, tol, progress)
    from parlour.solvers.stochastic.turns import solve_turns

    return _turn_solution(arrays, solve_turns(arrays, tol=tol, endless=sp.endless, progress=progress), name,
                          sp.endless)


def _turn_solution(arrays: Any, sol: Any, name: str, endless: Fraction = Fraction(0)) -> GameSolution:
    """The compiled engine's answer (`solvers.stochastic.TurnSolution`) as a GameSolution."""
    return _solution(sol, name, len(arrays.states), sol.value_low, sol.value_high, entries=1,
                     read="the optimal move at a state", extra={"engine": sol.engine}, endless=endless)


def _solve_lp(sp: Rules, name: str, tol: float, progress: Callable[[str], None] | None) -> GameSolution:
    from parlour.solvers import stochastic as st
    from parlour.solvers.stochastic.arrays import MAX_LP_STATES

    sol = st.solve(RulesGame(sp), [sp.start], endless=sp.endless, tol=tol, limit=MAX_LP_STATES, progress=progress)
    root = sol.at(sp.start)
    return _solution(sol, name, len(sol.states), root.lower, root.upper, entries=2, read="a state's strategies",
                     extra={"engine": "stage LPs (simultaneous moves)", "components": len(sol.components)},
                     endless=sp.endless)


def _solution(sol: Any, name: str, n: int, low: Fraction, high: Fraction, *, entries: int, read: str,
              extra: Mapping[str, Any], endless: Fraction) -> GameSolution:
    """An engine's answer (`solvers.stochastic.TurnSolution` or `StochasticSolution`: `proof`, `per_state()` and
    `policy(state)` alike) as a GameSolution: the per-state strategies written out while they take (`entries`
    a state) at most SHOWN_STRATEGY_ENTRIES, else a note on how to `read` them."""
    strategies = ({"per_state": sol.per_state()} if n * entries <= SHOWN_STRATEGY_ENTRIES else
                  {"note": f"{n:,} states: read {read} with result.policy(state)"})
    message = sol.message
    if sol.endless_count:  # said, not only priced: such a game is most often a mistake in its rules
        named = ", ".join(shown(s, 40) for s in sol.endless_states)
        message += (f"; play never ends from {sol.endless_count:,} state{'s' * (sol.endless_count > 1)} ({named}"
                    f"{', ...' * (sol.endless_count > len(sol.endless_states))}), whatever is played: worth ENDLESS "
                    f"= {endless} there")
        extra = {**extra, "endless": True}
    return GameSolution(
        kind="stochastic", name=name, value_low=low, value_high=high, proof=sol.proof, states=n,
        strategies=strategies, lookup=sol.policy, extra=extra, method=sol.method, status=sol.status,
        message=message, seconds=sol.seconds, counters=sol.counters)



__all__ = ["solve", "spec"]
