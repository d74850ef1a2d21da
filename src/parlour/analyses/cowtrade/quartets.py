"""Two open quartets between two players, solved exactly, and the study's "separate games" suggestion.

`solve_quartets` solves the game of `games.cowtrade.quartets` from a start (backward induction: play
cannot cycle, see that module) and reports the value (player 1's final score minus player 2's, in
points), the challenger's best first quartet and offers, the states optimal play passes through, and
the separate-games comparison: the study suggests treating the open quartets as separate games, i.e.
the challenger trades the quartet q whose one-set value v_q (`solve_endgame`, +1/-1 for owning it)
times its points is best for him. The exact value of choosing quartet q is the root's stage with the
challenger restricted to q (the challenged sees the quartet named, so the root's value is the best of
these); the suggestion is wrong where its quartet's value falls short of the best, by that much.

`quartets_table` does it for every start of a money pool (every split of the money, both quartets'
animal splits, either challenger) and checks at every 2-2 state with the other quartet still open
whether "both offer everything" is still an optimal pair (the study's rule for the 2-2 trade).

Known limit (the engine's, not this game's): values nest over up to six stages and their denominators
grow to dozens of digits; where two moves differ by ~1e-8 of the payoff the float LP behind the exact
stage solve picks a basis whose certificate fails (CertificateError, never a wrong value). Seen from
money totals of 9 up (`money1=0, money2=9, animals (3, 1), challenger 1`) and at the standard start
with money cards.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from parlour.analyses.cowtrade.endgame import (
    START_SECONDS,
    EndgameSolution,
    _plays_text,
    _value_text,
    solve_endgame,
    splits_of,
    stage_cells,
    work_seconds,
)
from parlour.analyses.cowtrade.result import _hand_json
from parlour.analyses.estimates import Estimate, count_words
from parlour.errors import InvalidInput, SolverError
from parlour.games.cowtrade.endgame import ACCEPT, Endgame, Hand, TradeState, describe, hand_text
from parlour.games.cowtrade.quartets import (
    SIZE,
    Quartets,
    QuartetsRules,
    QuartetsState,
    estimate_states,
    open_quartets,
)
from parlour.infra.spelling import parameter
from parlour.results import Result, exact
from parlour.solvers import stochastic
from parlour.solvers.stochastic import End, Stage, StochasticSolution
from parlour.solvers.zerosum import mixture

# the states above which the solve is refused without force (about 10 ms a state with cards)
MAX_STATES = 200_000


@dataclass(frozen=True)
class Choice:
    """The challenger's first choice: the exact value of trading each open quartet, the best one, and
    the quartet the separate-games suggestion picks (with the one-set values it picks from)."""

    quartet_values: dict[int, Fraction]  # value to player 1 when the challenger must trade quartet q
    best: tuple[int, ...]  # the quartets optimal for the challenger
    one_set_values: dict[int, Fraction]  # v_q of quartet q alone (+1: player 1 completes it)
    separate: int  # the separate-games choice
    loss: Fraction  # what the separate-games choice costs the challenger, in points (0: it is optimal)

    def to_json(self) -> dict[str, Any]:
        qs = sorted(self.quartet_values)
        return {"quartets": qs, **exact("quartet_values", [self.quartet_values[q] for q in qs]),
                **exact("one_set_values", [self.one_set_values[q] for q in qs]),
                "best": list(self.best), "separate": self.separate, **exact("loss", self.loss)}


@dataclass(frozen=True)
class Play:
    """One state optimal play can reach: its value and both players' mixtures, in the one-set end game's
    list shape (`analyses.cowtrade.endgame.strategy_json`): offers (quartet and money) when leading, answers
    per what was seen when responding."""

    state: QuartetsState
    value: Fraction
    moves1: list[dict[str, Any]]
    moves2: list[dict[str, Any]]
    reach: float

    def to_json(self) -> dict[str, Any]:
        s = self.state
        return {"animals1": list(s.animals1), "hand1": _hand_json(s.hand1), "hand2": _hand_json(s.hand2),
                "challenger": s.challenger, "tied_quartet": s.tied - 1 if s.tied else None,
                **exact("value", self.value), "moves1": self.moves1, "moves2": self.moves2, "reach": self.reach}


@dataclass(frozen=True, kw_only=True)
class QuartetsSolution(Result):
    rules: QuartetsRules
    start: QuartetsState
    value: Fraction  # player 1's final score minus player 2's, in points
    choice: Choice | None  # None where only one quartet is open
    plays: tuple[Play, ...]
    states: int

    def payload(self) -> dict[str, Any]:
        s = self.start
        return {"points": list(self.rules.points), "held1": list(self.rules.held1), "held2": list(self.rules.held2),
                "stage": self.rules.trade.stage.value, "ties": self.rules.trade.ties.value,
                "next_challenger": self.rules.trade.next_challenger.value,
                "animals1": list(s.animals1), "hand1": _hand_json(s.hand1), "hand2": _hand_json(s.hand2),
                "challenger": s.challenger, **exact("value", self.value),
                "choice": None if self.choice is None else self.choice.to_json(),
                "states": self.states, "plays": [p.to_json() for p in self.plays]}


# The time model, fitted on the 2-core machine's CPU seconds (bench/bench_estimates.py; money cards 0,10,50
# against 10,10,50: 2.5 s): the two quartets' game costs
# QUARTETS_CELL_SECONDS per offer pair of its money splits (`endgame.stage_cells`; its stages offer in
# either quartet and are solved with exact values dozens of digits long); each quartet alone
# (`endgame.work_seconds`) and start-up come on top.
QUARTETS_CELL_SECONDS = 3e-3


def solve_estimate(rules: QuartetsRules, hand1: Hand, hand2: Hand) -> Estimate:
    """How long `solve_quartets` takes on this machine (the model above) and the states it may meet."""
    alone = work_seconds(rules.trade, 1, hand1, hand2)  # a quartet alone never cycles
    seconds = START_SECONDS + QUARTETS_CELL_SECONDS * stage_cells(hand1, hand2) + 2 * alone
    return Estimate(seconds, f"up to {count_words(estimate_states(hand1, hand2))} states")


def table_estimate(rules: QuartetsRules, hand1: Hand, hand2: Hand) -> Estimate:
    """`quartets_table`'s time: the same game from every start (each state once), so about one solve."""
    return solve_estimate(rules, hand1, hand2)


def guard(hand1: Hand, hand2: Hand, force: bool) -> None:
    states = estimate_states(hand1, hand2)
    if states > MAX_STATES and not force:
        raise InvalidInput(f"this game of two quartets has up to {states:,} states (the limit is {MAX_STATES:,}): "
                           f"pass {parameter('force', True)} to solve it anyway")


def restricted(stage: Stage, quartet: int) -> Stage:
    """The stage with the challenger held to one quartet (its rows only, signals renumbered)."""
    keep = [i for i, (q, _) in enumerate(stage.rows) if q == quartet]
    signals = None
    if stage.signals is not None:
        sub = [stage.signals[i] for i in keep]
        numbering = {s: k for k, s in enumerate(sorted(set(sub)))}
        signals = tuple(numbering[s] for s in sub) if len(numbering) > 1 else None
    return Stage(stage.leader, tuple(stage.rows[i] for i in keep), stage.cols,
                 tuple(stage.outcome[i] for i in keep), stage.targets, signals)


def quartet_values(solution: StochasticSolution, state: QuartetsState) -> dict[int, Fraction]:
    """The exact value to player 1 of each open quartet the challenger could trade at `state`."""
    stage = solution.stages[solution.index[state]]
    values = [s.lower for s in solution.solutions]
    out = {}
    for q in sorted({q for q, _ in stage.rows}):
        v, *_ = stochastic.solve_stage(restricted(stage, q), solution.index, values, exact_=True)
        out[q] = Fraction(v)
    return out


def _better(challenger: int, a: Fraction, b: Fraction) -> bool:
    return a > b if challenger == 1 else a < b


def make_choice(rules: QuartetsRules, values: dict[int, Fraction], one_set: dict[int, Fraction],
                challenger: int) -> Choice:
    sign = 1 if challenger == 1 else -1
    top = max(sign * v for v in values.values())
    best = tuple(q for q, v in values.items() if sign * v == top)
    # the study's suggestion: the quartet with the best one-set value x points (the first on a tie)
    separate = max(values, key=lambda q: (sign * one_set[q] * rules.points[q], -q))
    return Choice(values, best, one_set, separate, top - sign * values[separate])


def _one_set_values(rules: QuartetsRules, state: QuartetsState, counter: stochastic.Counter | None = None
                    ) -> dict[int, Fraction]:
    return {q: _exact_value(solve_endgame(rules.trade, state.animals1[q], state.hand1, state.hand2, state.challenger,
                                          force=True, counter=stochastic.labelled(counter, f"quartet {q + 1} alone")))
            for q in open_quartets(state.animals1)}


def _exact_value(solution: EndgameSolution) -> Fraction:
    """A one-set value the comparison needs exactly (an interval's midpoint would compare as a value)."""
    if solution.value_exact is None:
        raise SolverError(f"a set alone is proven only to lie in [{float(solution.value_low)!r}, "
                          f"{float(solution.value_high)!r}]: its value is an interval")
    return solution.value_exact


def _reach(solution: StochasticSolution, start: QuartetsState) -> dict[int, float]:
    """Probability that optimal play (the stationary strategies found) passes through each state;
    the components come last first, so reversed they are in the order of play (no cycles here)."""
    reach = {solution.index[start]: 1.0}
    for comp in reversed(solution.components):
        for k in comp:
            p = reach.get(k, 0.0)
            if p <= 0:
                continue
            stage, sol = solution.stages[k], solution.solutions[k]
            lead, resp = (sol.strategy1, sol.strategy2) if stage.leader == 1 else (sol.strategy2, sol.strategy1)
            classes = stage.signals if stage.signals is not None else (0,) * len(stage.rows)
            for i, x in enumerate(lead):
                for j, y in enumerate(resp[classes[i]]):
                    target = stage.targets[stage.outcome[i][j]]
                    if x > 0 and y > 0 and not isinstance(target, End):
                        t = solution.index[target]
                        reach[t] = reach.get(t, 0.0) + p * float(x) * float(y)
    return {k: min(1.0, p) for k, p in reach.items() if p > 1e-15}


def _move_label(move: Any, leading: bool) -> str:
    if leading:
        q, offer = move
        return f"quartet {q}: {describe(offer)}"
    return ACCEPT if move == ACCEPT else describe(move)


def moves(stage: Stage, strategy: tuple[Any, ...], leading: bool) -> list[dict[str, Any]]:
    """A player's mixture in the one-set end game's list shape: `[{"offer": "quartet q: ...",
    "probability"(, _exact)}]` when he leads, `[{"seen": "quartet q, n cards", "answers": [...]}]`."""
    def played(options: tuple[Any, ...], mix: tuple[Any, ...], key: str, lead: bool) -> list[dict[str, Any]]:
        kept = [(_move_label(m, lead), p) for m, p in zip(options, mix, strict=True) if p > 0]
        return mixture(key, [p for _, p in kept], [m for m, _ in kept])

    if leading:
        return played(stage.rows, strategy, "offer", True)
    seen: dict[int, str] = {}
    classes = stage.signals if stage.signals is not None else (0,) * len(stage.rows)
    for (q, offer), c in zip(stage.rows, classes, strict=True):
        count = 0 if isinstance(offer, int) else sum(offer)
        cards = f", {count} card{'' if count == 1 else 's'}"
        seen.setdefault(c, f"quartet {q}" + ("" if isinstance(offer, int) else cards))
    return [{"seen": seen[signal] if stage.signals is not None else "any offer",
             "answers": played(stage.cols, mix, "answer", False)} for signal, mix in enumerate(strategy)]


def solve_quartets(rules: QuartetsRules, animals1: tuple[int, int], hand1: Hand, hand2: Hand, challenger: int,
                   force: bool = False, progress: Callable[[str], None] | None = None,
                   counter: stochastic.Counter | None = None) -> QuartetsSolution:
    """Solve two open quartets from a start (see the module doc); `progress` hears the solver's lines
    (and may raise to stop it), `counter` its counts (the two quartets' game, then each one alone)."""
    started = time.perf_counter()
    game = Quartets(rules)
    start = game.start(animals1, hand1, hand2, challenger)
    guard(hand1, hand2, force)
    solution = stochastic.solve(game, [start], progress=progress, counter=stochastic.labelled(counter, "both quartets"))
    root = solution.at(start)
    if not root.exact:
        # two quartets cannot cycle, so only a near-tie below float precision (continuation values dozens of
        # digits long) leaves an interval; the analysis below compares exact values, so it stops here
        raise SolverError(f"the value is proven only to lie in [{float(root.lower)!r}, {float(root.upper)!r}] "
                          "(moves that differ below float precision); the two-quartet analysis needs it exact")
    choice = None
    if len(open_quartets(start.animals1)) == 2:
        choice = make_choice(rules, quartet_values(solution, start), _one_set_values(rules, start, counter),
                             challenger)
    reach = _reach(solution, start)
    plays = []
    for k in sorted(reach, key=lambda k: -reach[k]):
        stage, sol = solution.stages[k], solution.solutions[k]
        state: QuartetsState = solution.states[k]  # type: ignore[assignment]
        plays.append(Play(state, sol.lower, moves(stage, sol.strategy1, stage.leader == 1),
                          moves(stage, sol.strategy2, stage.leader == 2), reach[k]))
    return QuartetsSolution(rules=rules, start=start, value=root.lower, choice=choice, plays=tuple(plays),
                            states=len(solution.states), method=solution.method, status=solution.status,
                            message=f"{root.how}; {solution.message}", seconds=time.perf_counter() - started,
                            counters=solution.counters)


# --- every start of a money pool -------------------------------------------------------------------

@dataclass(frozen=True)
class TableRow:
    state: QuartetsState
    value: Fraction
    choice: Choice


@dataclass(frozen=True, kw_only=True)
class QuartetsTable(Result):
    rules: QuartetsRules
    rows: tuple[TableRow, ...]
    all_in_checked: int  # 2-2 states with the other quartet open (and no tie pending)
    all_in_optimal: int  # of which "both offer everything in the 2-2 quartet" is an optimal pair
    all_in_not_optimal: tuple[QuartetsState, ...]

    @property
    def wrong(self) -> tuple[TableRow, ...]:
        return tuple(r for r in self.rows if r.choice.loss > 0)

    def payload(self) -> dict[str, Any]:
        return {"points": list(self.rules.points), "starts": len(self.rows), "wrong": len(self.wrong),
                "wrong_starts": [{"animals1": list(r.state.animals1), "hand1": _hand_json(r.state.hand1),
                                  "hand2": _hand_json(r.state.hand2), "challenger": r.state.challenger,
                                  **r.choice.to_json()} for r in self.wrong],
                "all_in_checked": self.all_in_checked, "all_in_optimal": self.all_in_optimal}


def starts_of(hands: Sequence[tuple[Hand, Hand]]) -> list[QuartetsState]:
    """Every start with both quartets open: animal splits 1..3 each, either challenger, every pair of hands."""
    game = Quartets()
    return [game.start((a, b), h1, h2, c) for h1, h2 in hands
            for a, b in itertools.product(range(1, SIZE), repeat=2) for c in (1, 2)]


def money_splits(total: int | None = None, pool: Sequence[int] | None = None) -> list[tuple[Hand, Hand]]:
    """Both hands for every split of a money total (as totals) or of a pool of money cards."""
    if pool is not None:
        return list(splits_of(pool))
    assert total is not None
    return [(m, total - m) for m in range(total + 1)]


def all_in_optimal(solution: StochasticSolution, state: QuartetsState, quartet: int) -> bool:
    """Whether challenger and challenged both offering everything in `quartet` (no accepting) is an
    optimal pair of the stage restricted to that quartet, at the exact values."""
    k = solution.index[state]
    stage = restricted(solution.stages[k], quartet)
    values = [s.lower for s in solution.solutions]
    value, *_ = stochastic.solve_stage(stage, solution.index, values, exact_=True)
    matrix = stochastic.stage_matrix(stage, solution.index, values, as_float=False)
    c = stage.leader
    everything = stage.rows.index((quartet, state.hand1 if c == 1 else state.hand2))
    answer = stage.cols.index(state.hand2 if c == 1 else state.hand1)
    cell, row, column = matrix[everything][answer], matrix[everything], [r[answer] for r in matrix]
    if c == 1:
        return bool(cell == value and max(column) <= value and min(row) >= value)
    return bool(cell == value and min(column) >= value and max(row) <= value)


def quartets_table(rules: QuartetsRules, hands: Sequence[tuple[Hand, Hand]],
                   counter: stochastic.Counter | None = None) -> QuartetsTable:
    """Every start of `hands` solved as one game; the separate-games choice at each; all-in at 2-2."""
    started = time.perf_counter()
    game = Quartets(rules)
    roots = starts_of(hands)
    solution = stochastic.solve(game, roots, counter=stochastic.labelled(counter, "both quartets"))
    one_set = stochastic.solve(Endgame(rules.trade), sorted({
        TradeState(a, r.hand1, r.hand2, r.challenger) for r in roots for a in r.animals1}),
        counter=stochastic.labelled(counter, "each quartet alone"))
    rows = []
    for r in roots:
        ones = {q: one_set.at(TradeState(r.animals1[q], r.hand1, r.hand2, r.challenger)).lower for q in (0, 1)}
        rows.append(TableRow(r, solution.at(r).lower, make_choice(rules, quartet_values(solution, r), ones,
                                                                   r.challenger)))
    checked, good, bad = 0, 0, []
    for state in solution.states:
        assert isinstance(state, QuartetsState)
        if state.tied or len(open_quartets(state.animals1)) < 2:
            continue
        for q in open_quartets(state.animals1):
            if state.animals1[q] == 2:
                checked += 1
                if all_in_optimal(solution, state, q):
                    good += 1
                else:
                    bad.append(state)
    return QuartetsTable(rules=rules, rows=tuple(rows), all_in_checked=checked, all_in_optimal=good,
                         all_in_not_optimal=tuple(bad), method=solution.method, status=solution.status,
                         message=solution.message, seconds=time.perf_counter() - started,
                         counters={**solution.counters, "one_set_states": len(one_set.states)})


# --- text --------------------------------------------------------------------------------------------

def describe_solution(result: QuartetsSolution, plays: int = 8) -> str:
    s, r = result.start, result.rules
    lines = [
        f"Two open quartets worth {r.points[0]} (quartet 0) and {r.points[1]} (quartet 1): player 1 owns "
        f"{s.animals1[0]} and {s.animals1[1]} of them; player {s.challenger} challenges first",
        f"  held before: player 1 {list(r.held1) or 'none'}, player 2 {list(r.held2) or 'none'}",
        f"  money: player 1 {hand_text(s.hand1)}, player 2 {hand_text(s.hand2)}",
        f"  rules: stage {r.trade.stage.value}, ties {r.trade.ties.value}, next challenger "
        f"{r.trade.next_challenger.value}",
        f"value for player 1 (his final score minus player 2's, in points): {_value_text(result.value, result.value)}"
        f" = {float(result.value):.4f}",
        f"  {result.message}; {result.states:,} states (no cycles: backward induction)",
    ]
    c = result.choice
    if c is not None:
        for q, v in c.quartet_values.items():
            lines.append(f"  trading quartet {q} first: {float(v):.4f}; quartet {q} alone (one-set value, +1: "
                         f"player 1 completes it): {float(c.one_set_values[q]):.6f}")
        lines.append(f"  optimal first quartet: {', '.join(map(str, c.best))}; separate games choose quartet "
                     f"{c.separate}: " + ("optimal" if c.loss == 0 else f"WRONG, costs the challenger "
                                          f"{float(c.loss):.4f} points"))
    lines += _plays_text(len(result.plays), [(p.reach, _state_text(p.state) + f": value {float(p.value):.4f}",
                                              p.moves1, p.moves2) for p in result.plays[:plays]])
    return "\n".join(lines)


def _state_text(st: QuartetsState) -> str:
    tie = f" (after a tie in quartet {st.tied - 1})" if st.tied else ""
    return (f"animals {st.animals1[0]}-{SIZE - st.animals1[0]} and {st.animals1[1]}-{SIZE - st.animals1[1]}, money "
            f"{hand_text(st.hand1)} vs {hand_text(st.hand2)}, player {st.challenger} challenges{tie}")


def describe_table(table: QuartetsTable, show: int = 10) -> str:
    wrong = table.wrong
    lines = [f"{len(table.rows)} starts with both quartets open ({table.rules.points[0]} and "
             f"{table.rules.points[1]} points), solved exactly in {table.seconds:.1f} s "
             f"({table.counters['states']:,} states)",
             f"the separate-games choice is wrong at {len(wrong)} of them"]
    for r in sorted(wrong, key=lambda r: -r.choice.loss)[:show]:
        s = r.state
        lines.append(f"- animals {s.animals1}, money {hand_text(s.hand1)} vs {hand_text(s.hand2)}, "
                     f"player {s.challenger} challenges: separate games pick quartet {r.choice.separate}, "
                     f"optimal {r.choice.best}; loss {float(r.choice.loss):.4f} points")
    lines.append(f"2-2 trades with the other quartet open: both offering everything is optimal at "
                 f"{table.all_in_optimal} of {table.all_in_checked}")
    return "\n".join(lines)


__all__ = [
    "MAX_STATES",
    "QuartetsRules",
    "QuartetsSolution",
    "QuartetsTable",
    "describe_solution",
    "describe_table",
    "guard",
    "money_splits",
    "quartets_table",
    "solve_quartets",
]
