"""The end game of one open set between two players, solved as a zero-sum stochastic game.

`solve_endgame` builds the game of `games.cowtrade.endgame` from a start (who owns how many animals,
both hands, who challenges), solves it with `solvers.stochastic` and shapes the answer a player asks
for: the value, the chance that each player completes the set (and that play never ends) under the
optimal stationary strategies, the expected number of trades, and every state optimal play can pass
through with both players' optimal offers there.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, prod
from typing import Any

from parlour.analyses.cowtrade.chain import Chain, play_chain
from parlour.analyses.cowtrade.proofs import sharpen
from parlour.analyses.cowtrade.result import EndgameSolution, Play
from parlour.analyses.estimates import Estimate, count_words
from parlour.errors import InvalidInput
from parlour.games.cowtrade.endgame import (
    ACCEPT,
    Endgame,
    EndgameRules,
    Hand,
    NextChallenger,
    QuartetByTotals,
    StageRule,
    TieRule,
    TradeState,
    cards_of,
    describe,
    hand_from_cards,
    hand_text,
    money_splits,
    offers,
)
from parlour.games.cowtrade.endgame import money as money_total
from parlour.infra.spelling import parameter
from parlour.results import Status
from parlour.solvers import stochastic
from parlour.solvers.stochastic import StochasticSolution
from parlour.solvers.zerosum import mixture

# the states above which the solve is refused without force (measured: ~10 ms a state with cards)
MAX_STATES = 200_000


def seen_label(count: int | None) -> str:
    """What a responder saw of the offer: its number of cards, or nothing ("any offer")."""
    if count is None:
        return "any offer"
    return f"{count} card{'' if count == 1 else 's'} offered"


def played(stage: stochastic.Stage, strategy: tuple[Any, ...], leading: bool
           ) -> list[tuple[str | None, list[tuple[Any, Any]]]]:
    """A player's mixture at a stage, the moves he plays with their probabilities: one (None, moves) when he
    leads; one (what he saw, answers) per signal when he responds (`strategy_json` writes it)."""
    def kept(moves: tuple[Any, ...], mix: tuple[Any, ...]) -> list[tuple[Any, Any]]:
        return [(m, p) for m, p in zip(moves, mix, strict=True) if p > 0]

    if leading:
        return [(None, kept(stage.rows, strategy))]
    counts = sorted({_count(r) for r in stage.rows})
    return [(seen_label(None if stage.signals is None else counts[signal]), kept(stage.cols, mix))
            for signal, mix in enumerate(strategy)]


def move_json(move: Any) -> dict[str, Any]:
    """A move in the game's terms: {"move": "accept"}, or an offer's money cards (high to low; the amount
    where money is a total) and its money."""
    if move == ACCEPT:
        return {"move": ACCEPT}
    return {"move": move if isinstance(move, int) else sorted(cards_of(move), reverse=True),
            "money": money_total(move)}


def strategy_json(stage: stochastic.Stage, strategy: tuple[Any, ...], leading: bool) -> list[dict[str, Any]]:
    """A player's mixture at a stage in the one shape the command line's --json, `to_json()` and the page
    answer: when he leads, `[{"offer": as he says it, "move", "money", "probability"(, _exact)}]`; when he
    responds, `[{"seen": what he saw, "answers": [{"answer", "move", "money"?, "probability"(, _exact)}]}]`
    (the two open quartets' shape too). Only the moves he plays, in the game's order."""
    def label(move: Any) -> str:
        return ACCEPT if move == ACCEPT else describe(move)

    def listed(moves: list[tuple[Any, Any]], key: str) -> list[dict[str, Any]]:
        entries = mixture(key, [p for _, p in moves], [label(m) for m, _ in moves])
        # the label first, then the move itself, then its probability: a reader's order
        return [{key: e.pop(key), **move_json(m), **e} for e, (m, _) in zip(entries, moves, strict=True)]

    if leading:
        return listed(played(stage, strategy, True)[0][1], "offer")
    return [{"seen": seen, "answers": listed(moves, "answer")} for seen, moves in played(stage, strategy, False)]


def _count(offer: Hand) -> int:
    return 0 if isinstance(offer, int) else sum(offer)


def solve_endgame(rules: EndgameRules, animals1: int, hand1: Hand, hand2: Hand, challenger: int,
                  tol: float = 1e-12, force: bool = False, counter: stochastic.Counter | None = None,
                  progress: Callable[[str], None] | None = None) -> EndgameSolution:
    """Solve one end game from its start (see the module doc); `counter` hears the states explored,
    then solved (a progress bar's counts), `progress` lines of text (a page job's status)."""
    started = time.perf_counter()
    game = Endgame(rules)
    start = game.start(animals1, hand1, hand2, challenger)
    guard(rules, hand1, hand2, force)
    solution = sharpen(stochastic.solve(game, [start], tol=tol, counter=counter, progress=progress), tol=tol)
    chain = play_chain(solution, start)
    plays = []
    for k in sorted(chain.reach, key=lambda k: -chain.reach[k]):
        stage, sol = solution.stages[k], solution.solutions[k]
        state: TradeState = solution.states[k]  # type: ignore[assignment]
        plays.append(Play(state, sol.lower, sol.upper,
                          strategy_json(stage, sol.strategy1, stage.leader == 1),
                          strategy_json(stage, sol.strategy2, stage.leader == 2), chain.reach[k]))
    root = solution.at(start)
    status, message = solution.status, f"{root.how}; {solution.message}"
    if solution.status is not Status.EXACT and all(p.value_exact is not None for p in plays):
        # what this result reports (the start's value, the states optimal play reaches and their strategies)
        # is exact and proven; states that play never reaches may keep intervals (the page looks them up)
        status, message = Status.EXACT, f"{root.how}; the states optimal play never reaches: {solution.message}"
    return EndgameSolution(
        rules=rules, start=start, value_low=root.lower, value_high=root.upper, completes1=chain.completes1,
        completes2=chain.completes2, endless=chain.endless, expected_trades=chain.expected_trades,
        chances_exact=chain.exact, plays=tuple(plays), states=len(solution.states),
        cyclic=solution.counters.get("cyclic_components", 0) > 0,
        cycling_states=sum(len(c) for c in solution.components if solution.cyclic(c)), solution=solution,
        method=solution.method, status=status, message=message, seconds=time.perf_counter() - started,
        counters=solution.counters)


def estimate_states(rules: EndgameRules, hand1: Hand, hand2: Hand) -> int:
    """An upper bound on the states: splits of the money x animal splits x challenger x tie."""
    return money_splits(hand1, hand2) * (rules.set_size - 1) * 2 * 2


def guard(rules: EndgameRules, hand1: Hand, hand2: Hand, force: bool) -> None:
    """Refuse (without force) an end game above MAX_STATES states."""
    states = estimate_states(rules, hand1, hand2)
    if states > MAX_STATES and not force:
        raise InvalidInput(f"this end game has up to {states:,} states (the limit is {MAX_STATES:,}): "
                           f"pass {parameter('force', True)} to solve it anyway")


def stage_cells(hand1: Hand, hand2: Hand) -> int:
    """The offer pairs of every money split summed: sum over the splits of |offers(h1)| x |offers(h2)|,
    the size of the stages the solve builds and solves. Per card value (or for a total) with t in all,
    sum over x = 0..t of (x + 1)(t - x + 1) = C(t + 3, 3); the card values multiply."""
    if isinstance(hand1, int) or isinstance(hand2, int):
        return comb(money_total(hand1) + money_total(hand2) + 3, 3)
    return prod(comb(a + b + 3, 3) for a, b in zip(hand1, hand2, strict=True))


def can_cycle(set_size: int, animals1: int) -> bool:
    """Whether play from `animals1` of `set_size` can come back to an animal split it left: a trade moves
    the smaller holding (a -> a +- min(a, set_size - a)); a quartet cannot cycle, a set of 3 or 5 can."""
    def back(a: int, path: frozenset[int]) -> bool:
        if a in path:
            return True
        if not 0 < a < set_size:
            return False
        m = min(a, set_size - a)
        return back(a + m, path | {a}) or back(a - m, path | {a})

    return back(animals1, frozenset())


# The time model, fitted on the 2-core machine's CPU seconds (one thread: the idle machine's wall clock;
# bench/bench_estimates.py, bench/results/estimates.json, where the printed estimate is also stretched by the
# load). Without cycles each state's stage is solved once: CELL_SECONDS per offer pair of the money splits
# and animal splits (`stage_cells`; the quartet with both players' starting money: 1.7 s). With cycles the
# sweeps and the exact checks of the stationary strategies solve every stage of the cycle again, a dozen
# times or more: CYCLE_STATE_SECONDS per state of the bound and, per offer pair, CYCLE_CELL_SECONDS with
# money as totals (a quintet at 9 each: 6.6 s), CYCLE_CARD_CELL_SECONDS with cards, whose answers see the
# card count: larger stage LPs (a set of 3 with the starting money: 341 s). Start-up comes on top. Cycles
# whose sweeps creep (a near-tie of the strategies) can take several times the model.
CELL_SECONDS = 1e-5
CYCLE_STATE_SECONDS = 0.013
CYCLE_CELL_SECONDS = 5e-4
CYCLE_CARD_CELL_SECONDS = 2.8e-3
START_SECONDS = 1.0


def work_seconds(rules: EndgameRules, animals1: int, hand1: Hand, hand2: Hand) -> float:
    """The model's seconds of `solve_endgame`, start-up left out."""
    cells = stage_cells(hand1, hand2) * (rules.set_size - 1)
    if not can_cycle(rules.set_size, animals1):
        return CELL_SECONDS * cells
    per_cell = CYCLE_CELL_SECONDS if isinstance(hand1, int) else CYCLE_CARD_CELL_SECONDS
    return CYCLE_STATE_SECONDS * estimate_states(rules, hand1, hand2) + per_cell * cells


def solve_estimate(rules: EndgameRules, animals1: int, hand1: Hand, hand2: Hand) -> Estimate:
    """How long `solve_endgame` takes on this machine (the model above) and the states it may meet."""
    cycles = ", play can cycle" if can_cycle(rules.set_size, animals1) else ""
    return Estimate(START_SECONDS + work_seconds(rules, animals1, hand1, hand2),
                    f"up to {count_words(estimate_states(rules, hand1, hand2))} states{cycles}")


# --- the table of every quartet end game -----------------------------------------------------------

@dataclass(frozen=True)
class TableRow:
    animals1: int
    hand1: tuple[int, ...]
    hand2: tuple[int, ...]
    challenger: int
    value: Fraction
    all_in_optimal: bool | None  # at 2-2: is "both offer everything" an optimal pair? (None elsewhere)


def splits_of(pool: Sequence[int]) -> Iterable[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every way to split a pool of money cards between two players."""
    total = hand_from_cards(pool)
    for hand1 in offers(total):
        assert isinstance(hand1, tuple)
        yield hand1, tuple(t - h for t, h in zip(total, hand1, strict=True))


def all_in_is_optimal(solution: StochasticSolution, state: TradeState) -> bool:
    """Whether both offering everything (no accepting) is an optimal pair at a state: each all-in move
    is a best reply to the other's, at the proven values (checked exactly)."""
    k = solution.index[state]
    stage = solution.stages[k]
    values = [s.lower for s in solution.solutions]
    matrix = stochastic.stage_matrix(stage, solution.index, values, as_float=False)
    everything1 = stage.rows.index(state.hand1 if stage.leader == 1 else state.hand2)
    everything2 = stage.cols.index(state.hand2 if stage.leader == 1 else state.hand1)
    value = solution.solutions[k].lower
    cell = matrix[everything1][everything2]
    column = [row[everything2] for row in matrix]
    row = matrix[everything1]
    if stage.leader == 1:
        return cell == value and max(column) <= value and min(row) >= value
    return cell == value and min(column) >= value and max(row) <= value


def quartet_table(pool: Sequence[int], rules: EndgameRules, by_totals: bool = False
                  ) -> tuple[list[TableRow], StochasticSolution]:
    """Every two-player end game of one quartet with the money cards of `pool`: every split of the
    cards, every split of the animals, either challenger — solved as one stochastic game.

    by_totals: solve `QuartetByTotals` instead, where offers count only by (total, number of cards) and
    a 2-2 state only by its totals (the same values, proven in `games.cowtrade.endgame`); needed for
    the bonus money, whose hands make thousands of offers."""
    game = Endgame(rules)
    starts = [game.start(a, h1, h2, c) for h1, h2 in splits_of(pool)
              for a in range(1, rules.set_size) for c in (1, 2)]
    values, all_in, solution = (quartet_values(rules, starts) if by_totals
                                else _solved_starts(rules, game, starts, starts))
    rows = []
    for start, (lower, upper), best in zip(starts, values, all_in, strict=True):
        if lower != upper:
            raise InvalidInput("a quartet end game should be exact; this one is an interval")
        rows.append(TableRow(start.animals1, start.hand1, start.hand2, start.challenger,  # type: ignore[arg-type]
                             lower, best))
    return rows, solution


def quartet_values(rules: EndgameRules, starts: Sequence[TradeState]
                   ) -> tuple[list[tuple[Fraction, Fraction]], list[bool | None], StochasticSolution]:
    """The proven values of quartet starts, solved as `QuartetByTotals`: (lower, upper), equal where the
    value is exact, and an interval only where a stage's near-tie lies below float precision; and at 2-2
    whether both offering everything is an optimal pair there (None elsewhere)."""
    game = QuartetByTotals(rules)
    return _solved_starts(rules, game, [game.key(s) for s in starts], starts)


def _solved_starts(rules: EndgameRules, game: Any, keys: Sequence[Any], starts: Sequence[TradeState]
                   ) -> tuple[list[tuple[Fraction, Fraction]], list[bool | None], StochasticSolution]:
    """`game` solved from `keys` (the starts as that game names them): each start's (lower, upper), and in
    a quartet at 2-2 whether both offering everything is an optimal pair there (None elsewhere)."""
    solution = stochastic.solve(game, list(keys))
    values = [(solution.at(k).lower, solution.at(k).upper) for k in keys]
    two_two = rules.set_size == 4
    all_in = [all_in_is_optimal(solution, k) if two_two and s.animals1 == 2 else None
              for s, k in zip(starts, keys, strict=True)]
    return values, all_in, solution


WIDE = 1e-6  # an interval wider than this is shown as its two ends, not as a midpoint and its half-width


def _value_text(lower: Fraction, upper: Fraction) -> str:
    if lower == upper:
        text = str(lower)
        return f"{text} (exact)" if len(text) <= 24 else f"{float(lower):.12f} (exact, {len(text)} characters)"
    if upper - lower > WIDE:  # a midpoint would read as a value that nothing proved
        return f"between {float(lower):.6g} and {float(upper):.6g} (proven bounds; the value is not pinned down)"
    return f"{float((lower + upper) / 2):.12f} ± {float((upper - lower) / 2):.1e} (proven bounds)"


def _chance(number: float, known: Fraction | None) -> str:
    return f"{known} (exact)" if known is not None and len(str(known)) <= 24 else f"{number:.6f}"


def describe_solution(result: EndgameSolution, plays: int = 8) -> str:
    """The answer as the command line prints it."""
    k = result.rules.set_size
    s = result.start
    known = result.chances_exact or (None, None, None, None)
    trades = (_chance(result.expected_trades, known[3]) if math.isfinite(result.expected_trades)
              else "no finite mean (play may never end)")
    lines = [
        f"End game of a set of {k}: player 1 owns {s.animals1}, player 2 owns {k - s.animals1}; "
        f"player {s.challenger} challenges first",
        f"  money: player 1 {hand_text(s.hand1)}, player 2 {hand_text(s.hand2)}",
        f"  rules: stage {result.rules.stage.value}, ties {result.rules.ties.value}, "
        f"next challenger {result.rules.next_challenger.value}",
        "value for player 1 (+1: he gets the set, -1: player 2 does): "
        f"{_value_text(result.value_low, result.value_high)}",
        f"  {result.message}",
        f"under optimal play: player 1 completes the set {_chance(result.completes1, known[0])}, player 2 "
        f"{_chance(result.completes2, known[1])}, never ends {_chance(result.endless, known[2])}",
        f"expected trades: {trades}; {result.states:,} states"
        + (f" (play can cycle: from {result.cycling_states:,} of them it can go round for ever)" if result.cyclic
           else " (no cycles: backward induction)"),
    ]
    if result.endless == 1 and not result.exact:
        lines.append("  under the stationary strategies found play never ends (worth 0 to both); not proven "
                     "optimal: the value lies between the bounds above")
    elif result.endless == 1:
        lines.append("  optimal play never ends: each player keeps the other from completing the set (a draw, "
                     "worth 0 to both)")
    lines += _plays_text(len(result.plays), [
        (p.reach, f"{_state_text(p.state, k)}: value {_value_text(p.value_low, p.value_high)}", p.offers1, p.offers2)
        for p in result.plays[:plays]])
    return "\n".join(lines)


def _state_text(st: TradeState, k: int) -> str:
    return (f"animals {st.animals1}-{k - st.animals1}, money {hand_text(st.hand1)} vs {hand_text(st.hand2)}, "
            f"player {st.challenger} challenges{' (after a tie)' if st.tied else ''}")


# One reached state as the text output lists it: its reach, what it is, and both players' moves there.
PlayRow = tuple[float, str, list[dict[str, Any]], list[dict[str, Any]]]


def _plays_text(total: int, rows: list[PlayRow]) -> list[str]:
    """The most likely states optimal play reaches (the end game's and the two quartets' output alike)."""
    if not rows:
        return []
    lines = [f"the states optimal play reaches, most likely first ({len(rows)} of {total}):"]
    for reach, state, moves1, moves2 in rows:
        lines.append(f"- {reach:.4f}: {state}")
        lines += [f"    {who}: {_moves_text(moves)}" for who, moves in (("player 1", moves1), ("player 2", moves2))]
    return lines


def _moves_text(moves: list[dict[str, Any]]) -> str:
    def mix(entries: list[dict[str, Any]], key: str) -> str:
        return ", ".join(f"{e[key]} {_short(e.get('probability_exact', e['probability']))}" for e in entries)

    if moves and "seen" in moves[0]:
        return "; ".join(f"[{m['seen']}] {mix(m['answers'], 'answer')}" for m in moves)
    return mix(moves, "offer")


def _short(p: Any) -> str:
    if isinstance(p, str):
        return p if len(p) <= 12 else f"{float(Fraction(p)):.6f}"
    return f"{float(p):.6f}"


__all__ = ["Chain", "EndgameRules", "EndgameSolution", "Hand", "NextChallenger", "StageRule", "TieRule",
           "describe_solution", "hand_from_cards", "move_json", "play_chain", "played", "quartet_table",
           "quartet_values", "seen_label", "solve_endgame", "strategy_json"]
