"""The cow trade's end game grader: a bad offer graded with its exact loss (the stage's payoffs rebuilt here from the
rules' outcomes and the solved states, the computer's answer checked optimal by a float LP), both sides' optimal
moves never flagged over whole games, values telescoping to the end, bad records refused naming the move."""

import random
from fractions import Fraction

import numpy as np
import pytest
from scipy.optimize import linprog

from parlour.analyses.review import endgame
from parlour.analyses.review.core import GameRecord, review
from parlour.errors import FormatError
from parlour.games.cowtrade.endgame import ACCEPT, Endgame, cards_of
from parlour.solvers.stochastic import End

S = [0, 0, 10, 10, 10, 10, 50]
SIMULTANEOUS = {"set_size": 4, "rules": "simultaneous", "animals1": 1, "challenger": 1, "cards1": [*S, 50], "cards2": S}
RULES = {"set_size": 4, "rules": "rules", "animals1": 1, "challenger": 1, "cards1": [0, 10, 50, 50],
         "cards2": [0, 0, 10, 50]}


def solved(settings):
    plan = endgame.plan_of(settings)
    return plan, endgame.solved(plan)


def value_of(solution, target):
    return Fraction(target.payoff) if isinstance(target, End) else solution.at(target).lower


def stage_matrix(plan, solution, state):
    """Player 1's value of each pair of moves, from the rules' outcome and the solved next states."""
    stage = solution.stages[solution.index[state]]
    engine = Endgame(plan.rules)
    return stage, [[value_of(solution, engine.outcome(state, r, c)) for c in stage.cols] for r in stage.rows]


def lp_value(matrix):
    a = np.array([[float(x) for x in row] for row in matrix])
    m, n = a.shape
    res = linprog(c=[0] * m + [-1], A_ub=np.hstack([-a.T, np.ones((n, 1))]), b_ub=np.zeros(n),
                  A_eq=[[1] * m + [0]], b_eq=[1], bounds=[(0, None)] * m + [(None, None)], method="highs")
    return res.x[-1]


def test_a_bad_first_offer_loses_exactly_its_shortfall_against_the_computers_answer():
    plan, solution = solved(SIMULTANEOUS)
    stage, matrix = stage_matrix(plan, solution, plan.start)
    value = solution.at(plan.start).lower
    assert abs(lp_value(matrix) - float(value)) < 1e-9 and 0 < abs(value) < 1
    answer = solution.at(plan.start).strategy2[0]
    worth = [sum((Fraction(q) * u for q, u in zip(answer, row, strict=True)), Fraction(0)) for row in matrix]
    assert max(worth) == value  # the computer's answer holds you to the value
    bad = min(range(len(worth)), key=lambda i: worth[i])
    reply = max(range(len(answer)), key=lambda j: answer[j])
    moves = ({"by": "you", "offer": cards_of(stage.rows[bad])},
             {"by": "computer", "response": cards_of(stage.cols[reply])})
    r = review(GameRecord("cowtrade_endgame", SIMULTANEOUS, moves))
    mine = r.decisions[0]
    assert (mine.ply, mine.player) == (1, "you") and mine.loss == value - worth[bad] > 0
    assert mine.grade == endgame.THRESHOLDS.grade(mine.loss) and r.costliest == mine
    assert r.decisions[1].grade == "best"
    assert r.luck[0].before == worth[bad] and r.luck[0].after == matrix[bad][reply]


def _optimal_game(plan, solution, seed):
    rng = random.Random(seed)
    engine, state, moves = Endgame(plan.rules), plan.start, []

    def pick(mix):
        return rng.choices(range(len(mix)), weights=[float(x) for x in mix])[0]

    while not isinstance(state, End):
        p = endgame.position(solution, state)
        i = pick(p.lead)
        j = pick(p.answer[p.signal[i]])
        who = endgame.PLAYERS
        moves.append({"by": who[state.challenger], "offer": cards_of(p.rows[i])})
        moves.append({"by": who[3 - state.challenger],
                      "response": ACCEPT if p.cols[j] == ACCEPT else cards_of(p.cols[j])})
        state = engine.outcome(state, p.rows[i], p.cols[j])
    return moves, state.payoff


@pytest.mark.parametrize("settings", [SIMULTANEOUS, RULES], ids=["simultaneous", "rules"])
def test_optimal_play_on_both_sides_is_never_flagged_and_telescopes_to_the_payoff(settings):
    plan, solution = solved(settings)
    for seed in range(4):
        moves, payoff = _optimal_game(plan, solution, seed)
        r = review(GameRecord("cowtrade_endgame", settings, tuple(moves)))
        assert all(d.grade == "best" and d.best == d.move for d in r.decisions)
        assert {d.player for d in r.decisions} == {"you", "computer"}
        assert solution.at(plan.start).lower + sum(e.swing for e in r.luck) == payoff
        assert r.notes["ended"]


def test_under_the_rules_the_card_count_seen_is_luck_and_an_accept_is_an_answer():
    plan, solution = solved({**RULES, "challenger": 2})
    p = endgame.position(solution, plan.start)
    i = max(range(len(p.lead)), key=lambda k: p.lead[k])
    moves = ({"by": "computer", "offer": cards_of(p.rows[i])}, {"by": "you", "response": ACCEPT})
    r = review(GameRecord("cowtrade_endgame", {**RULES, "challenger": 2}, moves))
    values = endgame.answer_values(p, p.signal[i])
    assert r.decisions[1].value == values[p.cols.index(ACCEPT)] and r.decisions[1].best_value == max(values)
    assert r.luck[0].event.startswith("the computer offers") and r.luck[0].after == max(values)


@pytest.mark.parametrize(("moves", "words"), [
    ([{"by": "computer", "offer": [0]}], "move 1 must be by you"),
    ([{"by": "you", "offer": [500]}], "move 1's offer"),
    ([{"by": "you", "offer": "50"}], "move 1's offer must be a list"),
    ([{"by": "you", "offer": [50]}, {"by": "computer", "response": ACCEPT}], "move 2: both offer at once"),
    ([{"by": "you", "offer": [7]}], "move 1: unknown money card 7"),
])
def test_a_bad_end_game_record_is_refused_naming_the_move(moves, words):
    with pytest.raises(FormatError, match=words):
        review(GameRecord("cowtrade_endgame", SIMULTANEOUS, tuple(moves)))


def test_a_computer_move_outside_its_mixture_and_a_move_after_the_end_are_refused():
    plan, solution = solved({**RULES, "challenger": 2})
    p = endgame.position(solution, plan.start)
    never = next(i for i, q in enumerate(p.lead) if q == 0)
    with pytest.raises(FormatError, match="move 1: the computer never offers"):
        review(GameRecord("cowtrade_endgame", {**RULES, "challenger": 2},
                          ({"by": "computer", "offer": cards_of(p.rows[never])},)))
    plan, solution = solved(RULES)
    moves, _ = _optimal_game(plan, solution, 0)
    with pytest.raises(FormatError, match=f"move {len(moves) + 1} comes after the end game ended"):
        review(GameRecord("cowtrade_endgame", RULES, (*moves, {"by": "you", "offer": [0]})))


@pytest.mark.parametrize(("settings", "words"), [
    ({**RULES, "set_size": 6}, "set_size"), ({**RULES, "rules": "chess"}, "rules"),
    ({**RULES, "cards1": "0,10"}, "cards1"), ({**RULES, "animals1": 4}, "animals1"),
])
def test_bad_end_game_settings_are_refused(settings, words):
    with pytest.raises(FormatError, match=words):
        review(GameRecord("cowtrade_endgame", settings, ()))
