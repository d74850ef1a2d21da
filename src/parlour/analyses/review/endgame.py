"""The cow trade's end game grader: every offer and every answer of a set's end game, yours and the computer's,
against the best move, exactly, in expected payoff (+1: you complete the set, -1: the computer does).

A record of the end game as its page plays it (you are player 1; docs/json.md, "Game records"):

    settings: {"set_size": 4 | 5, "rules": "rules" | "simultaneous", "next": "alternate" | "loser",
               "animals1": your animals, "cards1": [your money cards], "cards2": [the computer's],
               "challenger": 1 | 2 (who challenges first)}
    moves:    per trade, the challenger's offer, then the other's answer:
              {"by": "you" | "computer", "offer": [money cards]}
              {"by": "computer" | "you", "response": "accept" | [money cards, a counter-offer]}

Each trade is a stage game of the end game's stochastic game, solved exactly (`policy.run_endgame`, as the page):
every pair of moves leads to a state whose value is known, or to the end. The values are player 1's (yours);
the computer's decisions are graded in its own terms (the negated values).

- **An offer** (the challenger's move) is worth its expected payoff against the other's optimal answer to what
  he sees of it (the card count under the rules, nothing when both offer at once); the best value is the
  state's value. An offer in the support of the challenger's optimal mixture earns exactly the value: loss 0.
- **An answer** is worth its expected payoff against the challenger's optimal mixture restricted to the offers
  that look like the one seen; the best value is the best answer's. An answer in the responder's optimal
  mixture for what he saw is a best reply: loss 0. Where the challenger's optimal mixture never shows what was
  seen, the answer is not graded (there is nothing to condition on).
- The computer draws its moves from its optimal mixtures, so it is never flagged (a record with a move it never
  makes is refused).

**Luck** (yours): the computer's draws. When you challenge, its answer moves your expected payoff from your
offer's value to the value of what the two moves lead to; when it challenges, the card count you see moves it
from the state's value to your best answer's, and the offer it turns out to be from your answer's value to
what the trade leads to. Values, less your losses, plus the swings, telescope from the start to the end.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from parlour.analyses.cowtrade import policy
from parlour.analyses.review.core import Decision, GameRecord, Luck, Review, Status, decision
from parlour.analyses.review.scales import scale
from parlour.errors import FormatError, InvalidInput, shown
from parlour.games.cowtrade import CARD_VALUES
from parlour.games.cowtrade.endgame import (
    ACCEPT,
    Endgame,
    EndgameRules,
    Hand,
    StageRule,
    TradeState,
    card_count,
    describe,
    hand_from_cards,
)
from parlour.solvers.stochastic import End, StochasticSolution

UNIT, THRESHOLDS = scale("cowtrade_endgame")
STANDARD = [0, 0, 10, 10, 10, 10, 50]  # the page's starting money for a hand the settings leave out
MAX_STATES = 6_000  # the page's limits: a quartet solves in a fraction of a second up to here
MAX_QUINTET_STATES = 200
PLAYERS = {1: "you", 2: "computer"}


def _cards(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(c, int) and not isinstance(c, bool) for c in value):
        raise FormatError(f"{what} must be a list of money cards ({', '.join(map(str, CARD_VALUES))}), "
                          f"got {shown(value)}")
    return list(value)


def plan_of(settings: Mapping[str, Any]) -> policy.EndgamePlan:
    """The end game the settings name, within the page's limits."""
    size = settings.get("set_size", 4)
    stage = settings.get("rules", StageRule.RULES.value)
    if size not in (4, 5) or isinstance(size, bool):
        raise FormatError(f"the record's set_size must be 4 or 5, got {shown(size)}")
    if stage not in [s.value for s in StageRule]:
        raise FormatError(f"the record's rules must be one of {', '.join(s.value for s in StageRule)}, "
                          f"got {shown(stage)}")
    try:
        rules = policy.endgame_rules(size, next_challenger=settings.get("next", "alternate"),
                                     study=stage != StageRule.RULES.value)
        hands = [hand_from_cards(_cards(settings.get(f"cards{k}", STANDARD), f"the record's cards{k}"))
                 for k in (1, 2)]
        plan = policy.start_plan(rules, settings.get("animals1", 1), hands[0], hands[1],
                                 settings.get("challenger", 1))
    except InvalidInput as exc:
        raise FormatError(f"the record's settings: {exc}") from exc
    limit = MAX_QUINTET_STATES if size > 4 else MAX_STATES
    if plan.states > limit:
        raise FormatError(f"this end game has up to {plan.states:,} states; the review solves up to {limit:,} "
                          f"for a set of {size}, as the page does")
    return plan


@lru_cache(maxsize=8)
def _solved(rules: EndgameRules, start: TradeState) -> StochasticSolution:
    plan = policy.start_plan(rules, start.animals1, start.hand1, start.hand2, start.challenger)
    done = policy.run_endgame(plan)
    assert done.solution is not None  # run_endgame keeps every state's solution
    return done.solution


SHARED = 8  # solutions a page handed over (`share`), the most recently shared kept
_shared: dict[tuple[EndgameRules, TradeState], StochasticSolution] = {}
_sharing = threading.Lock()


def share(plan: policy.EndgamePlan, solution: StochasticSolution) -> None:
    """A solution the page already holds for `plan` (the same `policy.run_endgame` of the same plan), kept for
    the reviews of its games: a page's review then grades at once instead of solving the end game again."""
    key = (plan.rules, plan.start)
    with _sharing:
        _shared.pop(key, None)
        _shared[key] = solution
        while len(_shared) > SHARED:
            _shared.pop(next(iter(_shared)))


def solved(plan: policy.EndgamePlan) -> StochasticSolution:
    """Every state's exact value and optimal strategies, as the page solves them (kept for the next review)."""
    with _sharing:
        found = _shared.get((plan.rules, plan.start))
    return found if found is not None else _solved(plan.rules, plan.start)


def worth(solution: StochasticSolution, target: Any) -> Fraction:
    """Player 1's exact value of what a pair of moves leads to: the end's payoff, or the next state's value."""
    if isinstance(target, End):
        return Fraction(target.payoff)
    s = solution.at(target)
    if s.lower != s.upper:
        raise InvalidInput("this end game's values are proven intervals, not exact (a quintet that can cycle): "
                           "the review grades only exactly solved end games")
    return s.lower


@dataclass(frozen=True)
class Moves:
    """One state's stage game as a record's moves are checked against it: the moves, what the responder sees,
    and both optimal strategies (floats where the solution is certified, not exact: a quintet's)."""

    state: TradeState
    rows: tuple[Any, ...]
    cols: tuple[Any, ...]
    signal: tuple[int, ...]  # per row: what the responder sees of it
    lead: tuple[Fraction, ...]  # the challenger's optimal mixture over rows
    answer: tuple[tuple[Fraction, ...], ...]  # the responder's optimal mixture over cols, per signal


@dataclass(frozen=True)
class Position(Moves):
    """`Moves` with the exact values the grades need: the state's (player 1's) and every pair of moves'."""

    value: Fraction
    payoff: tuple[tuple[Fraction, ...], ...]  # payoff[i][j]: player 1's value of row i against col j


def moves_at(solution: StochasticSolution, state: TradeState) -> Moves:
    k = solution.index[state]
    stage, sol = solution.stages[k], solution.solutions[k]
    lead, answer = (sol.strategy1, sol.strategy2) if stage.leader == 1 else (sol.strategy2, sol.strategy1)
    signal = stage.signals if stage.signals is not None else (0,) * len(stage.rows)
    return Moves(state, stage.rows, stage.cols, signal, tuple(Fraction(p) for p in lead),
                 tuple(tuple(Fraction(p) for p in mix) for mix in answer))


def position(solution: StochasticSolution, state: TradeState) -> Position:
    m = moves_at(solution, state)
    stage = solution.stages[solution.index[state]]
    payoff = tuple(tuple(worth(solution, stage.targets[t]) for t in row) for row in stage.outcome)
    return Position(m.state, m.rows, m.cols, m.signal, m.lead, m.answer, worth(solution, state), payoff)


def offer_value(p: Position, i: int) -> Fraction:
    """Player 1's value of row i against the responder's optimal answer to what he sees of it."""
    mix = p.answer[p.signal[i]]
    return sum((q * p.payoff[i][j] for j, q in enumerate(mix)), Fraction(0))


def answer_values(p: Position, seen: int) -> list[Fraction] | None:
    """Player 1's value of each column against the challenger's optimal mixture over the rows that look like
    `seen`; None where that mixture never shows it."""
    rows = [i for i, s in enumerate(p.signal) if s == seen and p.lead[i] > 0]
    mass = sum((p.lead[i] for i in rows), Fraction(0))
    if not rows:
        return None
    return [sum((p.lead[i] * p.payoff[i][j] for i in rows), Fraction(0)) / mass for j in range(len(p.cols))]


def move_of(move: Mapping[str, Any], k: int, p: Moves, leads: bool, hand: Hand) -> int:
    """The index of move k among the stage's rows (an offer) or columns (an answer), checked."""
    field = "offer" if leads else "response"
    value = move.get(field)
    if not leads and value == ACCEPT:
        if ACCEPT not in p.cols:
            raise FormatError(f"move {k}: both offer at once in these rules, so there is no accepting")
        return p.cols.index(ACCEPT)
    cards = _cards(value, f"move {k}'s {field}")
    try:
        offer = hand_from_cards(cards)
    except InvalidInput as exc:
        raise FormatError(f"move {k}: {exc}") from exc
    choices = p.rows if leads else p.cols
    if offer not in choices:
        raise FormatError(f"move {k}'s {field} {shown(cards)} uses money cards its player does not hold "
                          f"({describe(hand)})")
    return choices.index(offer)


def _as(player: int, value: Fraction) -> Fraction:
    return value if player == 1 else -value


def best_of(mix: Sequence[Fraction], played: int, values: Sequence[Fraction]) -> int:
    """The move to name as best: the one played when it is worth the best value, else the likeliest one of the
    optimal mixture `mix` (each worth the best value)."""
    return played if values[played] == max(values) else max(range(len(mix)), key=lambda i: (mix[i], -i))


def offer_decision(p: Position, k: int, row: int) -> Decision:
    """The challenger's offer at move k, graded in the challenger's terms."""
    c = p.state.challenger
    values = [_as(c, offer_value(p, i)) for i in range(len(p.rows))]
    best = best_of(p.lead, row, values)
    return decision(k, PLAYERS[c], describe(p.rows[row]), describe(p.rows[best]), values[row], _as(c, p.value),
                    THRESHOLDS)


def said(move: Any) -> str:
    return ACCEPT if move == ACCEPT else describe(move)


def trade(p: Position, k: int, row: int, col: int) -> tuple[list[Decision], list[Luck]]:
    """The trade's two decisions (the offer at move k, the answer at k + 1) and your luck in it."""
    c = p.state.challenger
    decisions = [offer_decision(p, k, row)]
    values = answer_values(p, p.signal[row])
    played = said(p.cols[col])
    if values is not None:
        mine = [_as(3 - c, v) for v in values]
        best = best_of(p.answer[p.signal[row]], col, mine)
        decisions.append(decision(k + 1, PLAYERS[3 - c], played, said(p.cols[best]), mine[col], max(mine),
                                  THRESHOLDS))
    after = p.payoff[row][col]
    if c == 1:
        return decisions, [Luck(k + 1, "you", f"the computer answers {played}", offer_value(p, row), after)]
    assert values is not None  # the computer's offer is in its mixture (checked), so what you saw is shown
    luck = [Luck(k + 1, "you", f"the computer's offer: {describe(p.rows[row])}", values[col], after)]
    if len(set(p.signal)) > 1:
        luck.insert(0, Luck(k, "you", f"the computer offers {card_count(p.rows[row])} cards", p.value, max(values)))
    return decisions, luck


def review(record: GameRecord) -> Review:
    """Every offer and answer of the record graded, and the luck of the computer's draws."""
    plan = plan_of(record.settings)
    solution = solved(plan)
    engine = Endgame(plan.rules)
    decisions: list[Decision] = []
    luck: list[Luck] = []
    state: TradeState | End = plan.start
    moves = list(record.moves)
    for index in range(0, len(moves), 2):
        k = index + 1
        if isinstance(state, End):
            raise FormatError(f"move {k} comes after the end game ended")
        p = position(solution, state)
        row, col = play_trade(p, moves[index:index + 2], k)
        if col is None:
            decisions.append(offer_decision(p, k, row))
            break
        d, e = trade(p, k, row, col)
        decisions += d
        luck += e
        state = engine.outcome(state, p.rows[row], p.cols[col])
    start = worth(solution, plan.start)
    winner = (1 if state.payoff > 0 else 2) if isinstance(state, End) else None
    notes = {"value_exact": str(start), "value": float(start), "ended": isinstance(state, End), "winner": winner}
    return Review(game="cowtrade_endgame", unit=UNIT, thresholds=THRESHOLDS, players=("you", "computer"),
                  decisions=tuple(decisions), luck=tuple(luck), notes=notes, status=Status.EXACT,
                  method="each move against the other's optimal stationary strategy (exact stage values)")


def play_trade(p: Moves, pair: Sequence[Mapping[str, Any]], k: int) -> tuple[int, int | None]:
    """The trade's offer and answer (None when the record stops between them), players and support checked."""
    c = p.state.challenger
    hands = {1: p.state.hand1, 2: p.state.hand2}
    found: list[int] = []
    for step, move in enumerate(pair):
        player = c if step == 0 else 3 - c
        if move.get("by") != PLAYERS[player]:
            raise FormatError(f"move {k + step} must be by {PLAYERS[player]} "
                              f"({'the challenger' if step == 0 else 'who answers'}), got {shown(move.get('by'))}")
        found.append(move_of(move, k + step, p, step == 0, hands[player]))
    row = found[0]
    if c == 2 and p.lead[row] == 0:
        raise FormatError(f"move {k}: the computer never offers {describe(p.rows[row])} here")
    if len(found) > 1 and c == 1 and p.answer[p.signal[row]][found[1]] == 0:
        raise FormatError(f"move {k + 1}: the computer never answers that offer with {said(p.cols[found[1]])}")
    return row, found[1] if len(found) > 1 else None


__all__ = ["THRESHOLDS", "UNIT", "Moves", "Position", "answer_values", "moves_at", "offer_value", "plan_of",
           "play_trade", "position", "review", "share", "solved"]
