"""Three players and one open set: each player's security level, solved exactly or to proven bounds.

`solve_security` builds, for each player, the zero-sum game of `games.cowtrade.threeplayer` (that
player against the other two acting as one coalition), solves it with `solvers.stochastic` and reports
the level: the probability of ending with the set that the player can guarantee whatever the other
two do. Three levels from one start are three different games; they are not an equilibrium (three
players are not zero-sum, and nothing here computes one). Their sum is at most 1: playing the three
guaranteeing strategies against each other gives each player at least his level. What the sum leaves
is the part of the set that no player can guarantee himself: who gets it depends on how the other two
play.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from parlour.analyses.cowtrade.result import CONCEPT, Level, SecuritySolution
from parlour.analyses.estimates import Estimate, count_words
from parlour.errors import InvalidInput
from parlour.games.cowtrade.endgame import (
    ACCEPT,
    Hand,
    StageRule,
    TieRule,
    describe,
    hand_from_cards,
    hand_text,
)
from parlour.games.cowtrade.threeplayer import (
    NO_MOVE,
    PLAYERS,
    Security,
    ThreeRules,
    ThreeState,
    estimate_states,
)
from parlour.infra.spelling import parameter
from parlour.results import Status
from parlour.solvers import stochastic
from parlour.solvers.zerosum import mixture

# the estimated states of one player's game above which the solve is refused without force (measured on
# the shared 2-core machine: 6-19 ms of CPU a state, the cycles being the cost; money 5 each, estimate
# 11,016, 1,976 states, took 112 s of CPU for the three levels: the limit allows minutes, not hours)
MAX_STATES = 20_000

def _label(move: Any, choosing: bool) -> str:
    """A move as a player says it: whom he challenges at a choosing stage, else his offer."""
    if choosing:
        return f"challenge player {move}"
    if move in (ACCEPT, NO_MOVE):
        return str(move)
    return describe(move)


def _first_move(game: Security, solution: stochastic.StochasticSolution, start: ThreeState
                ) -> list[dict[str, Any]] | None:
    """The player's guaranteeing mixture at the start, where he is the one who moves first there."""
    stage = solution.stages[solution.index[start]]
    if stage.leader != 1:
        return None
    mix = solution.at(start).strategy1
    kept = [(_label(m, start.target == 0), p) for m, p in zip(stage.rows, mix, strict=True) if p > 0]
    return mixture("move", [p for _, p in kept], [m for m, _ in kept])


def guard(rules: ThreeRules, hands: Sequence[Hand], force: bool) -> None:
    """Refuse (without force) a game whose players' games have above MAX_STATES states each."""
    states = estimate_states(rules, hands)
    if states > MAX_STATES and not force:
        raise InvalidInput(f"each player's game has up to {states:,} states (the limit is {MAX_STATES:,}): "
                           f"pass {parameter('force', True)} to solve it anyway")


# The time model, fitted on the 2-core machine's CPU seconds (bench/bench_estimates.py: money 3 each with
# simultaneous offers 9.6 s, money 2 each with the rules' stages 19.8 s; bench/results/cowtrade_threeplayer.json
# shows the growth from money 1 to 4 each): one player's game takes LEVEL_SECONDS x (estimated states / 1000) ^
# LEVEL_EXPONENT, the stage rule changing the factor (the rules' offer-then-answer stages are larger LPs and
# their cycles sweep longer). Cycles whose sweeps creep (money 5 each) take several times the model.
LEVEL_SECONDS = {StageRule.RULES: 2.3, StageRule.SIMULTANEOUS: 0.5}
LEVEL_EXPONENT = 1.3


def solve_estimate(rules: ThreeRules, hands: Sequence[Hand], players: int) -> Estimate:
    """How long `solve_security` takes for `players` levels on this machine (the model above)."""
    states = estimate_states(rules, hands)
    seconds = players * LEVEL_SECONDS[rules.stage] * (states / 1000) ** LEVEL_EXPONENT
    return Estimate(seconds, f"{players} player{'s' if players > 1 else ''}' games of up to "
                             f"{count_words(states)} states each")


def solve_security(rules: ThreeRules, animals: Sequence[int], hands: Sequence[Hand], turn: int,
                   players: Sequence[int] = PLAYERS, tol: float = 1e-12, force: bool = False,
                   progress: Callable[[str], None] | None = None,
                   counter: stochastic.Counter | None = None) -> SecuritySolution:
    """Each asked player's security level from the start (animals, hands, the player on turn);
    `progress` hears the solver's lines, `counter` its counts, one player's game after another."""
    began = time.perf_counter()
    asked = tuple(players)
    if not asked or any(p not in PLAYERS for p in asked) or len(set(asked)) != len(asked):
        raise InvalidInput(f"ask for the levels of players among 1, 2, 3, each once, not {list(asked)!r}")
    start = Security(rules, 1).start(animals, hands, turn)  # checks the start once for every player
    guard(rules, start.hands, force)
    levels = []
    counters: dict[str, int | float] = {}
    for p in asked:
        game = Security(rules, p)
        if progress is not None:
            progress(f"player {p}'s security level")
        solution = stochastic.solve(game, [start], tol=tol, progress=progress,
                                    counter=stochastic.labelled(counter, f"player {p}'s level"))
        root = solution.at(start)
        # every payoff is 0 or 1 and endless play is 0, so [0, 1] holds the level: clip the proven bounds
        lower, upper = max(root.lower, Fraction(0)), min(root.upper, Fraction(1))
        status = (Status.EXACT if lower == upper else
                  Status.CERTIFIED if upper - lower <= Fraction(tol) else Status.STOPPED)
        levels.append(Level(p, lower, upper, status, len(solution.states),
                            sum(len(c) for c in solution.components if solution.cyclic(c)), root.how,
                            _first_move(game, solution, start)))
        for key, value in solution.counters.items():
            counters[key] = counters.get(key, 0) + value
    statuses = {lv.status for lv in levels}
    status = (Status.STOPPED if Status.STOPPED in statuses else
              Status.CERTIFIED if Status.CERTIFIED in statuses else Status.EXACT)
    message = {Status.EXACT: "every level exact, each with its checked certificate",
               Status.CERTIFIED: "proven intervals within tol",
               Status.STOPPED: f"some level's proven interval is wider than tol {tol:g}"}[status]
    return SecuritySolution(
        rules=rules, start=start, levels=tuple(levels), status=status,
        method="security levels: each player against the coalition of the other two, a zero-sum stochastic "
        "game (backward induction and Shapley value iteration, sequence-form stage LPs with exact certificates)",
        message=f"{message}; {CONCEPT}", seconds=time.perf_counter() - began, counters=counters)


def make_hands(money: Sequence[int | None], cards: Sequence[Sequence[int] | None]) -> tuple[Hand, Hand, Hand]:
    """The three hands from a command's options (or the front door's pairs): all money totals or all money
    cards; a refusal names `money[0]` from Python, `--money1` on the command line."""
    every_total = parameter("money=(m1, m2, m3)", flag="money1, --money2 and --money3")
    every_hand = parameter("cards=(c1, c2, c3)", flag="cards1, --cards2 and --cards3")
    if any(c is not None for c in cards):
        if any(m is not None for m in money):
            raise InvalidInput(f"give money as totals or as cards, not both: {every_total}, or {every_hand}")
        if any(c is None for c in cards):
            raise InvalidInput(f"give the money cards of all three players: {every_hand}")
        h = [hand_from_cards(c) for c in cards if c is not None]
        return h[0], h[1], h[2]
    if any(m is None for m in money):
        raise InvalidInput(f"give all three players' money: {every_total} (or {every_hand})")
    for k, m in enumerate(money, 1):
        assert m is not None
        if m < 0:
            raise InvalidInput(f"{parameter(f'money[{k - 1}]', flag=f'money{k}')} must not be negative, got {m}")
    return money[0], money[1], money[2]  # type: ignore[return-value]


def _level_text(lv: Level) -> str:
    if lv.level_low == lv.level_high:
        text = str(lv.level_low)
        return (text if len(text) <= 24 else f"{float(lv.level_low):.12f} (exact, {len(text)} characters)") + \
            f" = {float(lv.level_low):.6f}"
    low, high = lv.level_low, lv.level_high
    return f"{float((low + high) / 2):.12f} ± {float((high - low) / 2):.1e} (proven bounds)"


def describe_solution(result: SecuritySolution) -> str:
    """The answer as the command line prints it."""
    s = result.start
    lines = [
        f"Three players, one open set of {result.rules.set_size}: animals " + ", ".join(
            f"player {p} {a}" for p, a in zip(PLAYERS, s.animals, strict=True))
        + f"; player {s.turn} challenges first, turns go 1 -> 2 -> 3",
        "  money: " + ", ".join(f"player {p} {hand_text(h)}" for p, h in zip(PLAYERS, s.hands, strict=True)),
        f"  rules: stage {result.rules.stage.value}, ties {result.rules.ties.value}",
        "Security levels: the probability of ending with the set that a player can guarantee whatever the other",
        "two do (they act as one coalition against him). This is NOT an equilibrium: each level is a",
        "different zero-sum game, and the levels need not be reached together.",
    ]
    for lv in result.levels:
        lines.append(f"- player {lv.player}: {_level_text(lv)}  [{lv.status.value}; {lv.states:,} states"
                     + (f", {lv.cycling_states:,} can cycle" if lv.cycling_states else ", no cycles") + "]")
        if lv.first_move:
            moves = ", ".join(f"{m['move']} ({m.get('probability_exact', round(m['probability'], 6))})"
                              for m in lv.first_move)
            lines.append(f"    his guaranteeing first move: {moves}")
    low, high = result.sum_low, result.sum_high
    if len(result.levels) == 3:
        def between(a: float, b: float) -> str:
            return f"{a:.6f}" if f"{a:.6f}" == f"{b:.6f}" else f"{a:.6f} to {b:.6f}"

        lines.append(f"sum of the three levels: {between(float(low), float(high))}; no player can guarantee "
                     f"himself the remaining {between(1 - float(high), 1 - float(low))}")
    lines.append(f"  {result.message}")
    return "\n".join(lines)


__all__ = ["CONCEPT", "MAX_STATES", "Level", "SecuritySolution", "StageRule", "ThreeRules", "TieRule",
           "describe_solution", "make_hands", "solve_security"]
