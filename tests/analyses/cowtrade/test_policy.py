"""The cow trade's policy and its Python front door (issue 35 items 1, 4-6): one place reads the input,
bad calls are one sentence naming the Python argument, numpy integers are numbers, and the end game says
what it proved (exact where proven, bounds inside [-1, 1], chances without float noise)."""

from __future__ import annotations

import dataclasses
import inspect
import json
import typing
import warnings
from fractions import Fraction

import numpy as np
import pytest

import parlour
from conftest import run_cli
from parlour.analyses.cowtrade import policy
from parlour.analyses.cowtrade.endgame import describe_solution
from parlour.analyses.cowtrade.proofs import DRAW, proves, sharpen, simplest
from parlour.games.cowtrade.endgame import Endgame, EndgameRules
from parlour.results import Status
from parlour.solvers import stochastic

cowtrade = parlour.cowtrade

# (call, what the message must name): every one a ValueError or TypeError naming the Python argument
BAD_CALLS = [
    (lambda: cowtrade.solve(money=8), "money must be a pair"),  # type: ignore[arg-type]
    (lambda: cowtrade.solve(money=(8, 5), bids=[1, 3]), "bids[0] must be a list"),  # type: ignore[arg-type]
    (lambda: cowtrade.solve(cards=(["10", "50"], [10])), "cards[0] holds '10'"),  # type: ignore[list-item]
    (lambda: cowtrade.endgame(money=(3, 3), stage="bogus"), "stage must be one of"),
    (lambda: cowtrade.endgame(money=(3, 3), ties=3), "ties must be one of"),  # type: ignore[arg-type]
    (lambda: cowtrade.solve(money=(8, 5), cards=([0, 10], [10])), "not both: money=(m1, m3), or cards"),
    (lambda: cowtrade.endgame(money=(3, 3), cards=([10], [10])), "not both: money=(m1, m2), or cards"),
    (lambda: cowtrade.solve(money=(-1, 5)), "money[0] must not be negative"),
    (lambda: cowtrade.endgame(money=(3, -2)), "money[1] must not be negative"),
    (lambda: cowtrade.solve(money=(True, 5)), "money[0] must be a whole number"),
    (lambda: cowtrade.solve(money=(8.5, 5)), "money[0] must be a whole number"),  # type: ignore[arg-type]
    (lambda: cowtrade.solve(money=(8.0, 5)), "money[0] must be a whole number"),  # type: ignore[arg-type]
    (lambda: cowtrade.solve(money=(8, "5")), "money[1] must be a whole number"),  # type: ignore[arg-type]
    (lambda: cowtrade.solve(money=(8, 5), initiative=2), "initiative must be 1 or 3"),
    (lambda: cowtrade.solve(money=(8, 5), initiative=True), "initiative must be a whole number"),
    (lambda: cowtrade.solve(money=(8, 5), second_initiative="winner"), "second_initiative must be one of"),
    (lambda: cowtrade.solve(money=(8, 5), force="yes"), "force must be True or False"),  # type: ignore[arg-type]
    (lambda: cowtrade.solve(money=(10**8, 5)), "money[0] must be at most 10,000,000 (force=True"),
    (lambda: cowtrade.solve(cards=([10], [60])), "cards[1] holds 60"),
    (lambda: cowtrade.solve(cards=([10], 10)), "cards[1] must be a list of money cards"),  # type: ignore[arg-type]
    (lambda: cowtrade.solve(), "give both players' money: money or cards"),
    (lambda: cowtrade.solve_game("8,5"), "trade must be a CowTrade"),  # type: ignore[arg-type]
    (lambda: cowtrade.endgame(money=(3, 3), set_size=13), "set_size must be 2 to 12 animals"),
    (lambda: cowtrade.endgame(money=(3, 3), animals1=4), "animals1 must be 1 to 3 animals"),
    (lambda: cowtrade.endgame(money=(3, 3), challenger=3), "challenger must be 1 or 2"),
    (lambda: cowtrade.endgame(money=(3, 3), tol="1e-9"), "tol must be a number, got"),  # type: ignore[arg-type]
    (lambda: cowtrade.endgame(money=(3, 3), study="no"), "study must be True or False"),  # type: ignore[arg-type]
    (lambda: cowtrade.endgame(money=(10**6, 10**6)), "force=True"),
    (lambda: cowtrade.hidden(initiative=2), "initiative must be 1 or 3"),
    (lambda: cowtrade.hidden(players=7), "players must be a whole number from 2 to 6"),
    (lambda: cowtrade.hidden(players=3, donkeys=4), "force=True tries anyway"),
    (lambda: cowtrade.hidden(second_initiative="winner"), "second_initiative must be one of"),
    (lambda: cowtrade.security(money=(1, 1)), "money must give three players' money"),  # type: ignore[arg-type]
    (lambda: cowtrade.security(money=(1, 1, 1), stage="bogus"), "stage must be one of"),
    (lambda: cowtrade.security(money=(1, -1, 1)), "money[1] must not be negative"),
    (lambda: cowtrade.security(money=(1, "1", 1)), "money[1] must be a whole number"),  # type: ignore[arg-type]
    (lambda: cowtrade.security(cards=([10], [10], ["x"])), "cards[2] holds 'x'"),  # type: ignore[list-item]
    (lambda: cowtrade.security(money=(1, 1, 1), cards=([10], [10], [10])), "not both: money=(m1, m2, m3)"),
]


@pytest.mark.parametrize(("call", "message"), BAD_CALLS)
def test_a_bad_call_is_one_sentence_naming_the_python_argument(call, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises((ValueError, TypeError)) as raised:
        call()
    text = str(raised.value)
    assert message in text, text
    assert "--" not in text  # a flag is the command line's word, not Python's


def test_numpy_integers_are_numbers() -> None:
    plain = cowtrade.solve(money=(8, 5))
    assert cowtrade.solve(money=(np.int64(8), np.int32(5))).value == plain.value
    assert cowtrade.solve(money=np.array([8, 5])).value == plain.value
    assert cowtrade.solve(money=(8, 5), initiative=np.int64(1)).value == plain.value
    cards = cowtrade.solve(cards=([0, 10, 10], [10, 50]))
    assert cowtrade.solve(cards=(np.array([0, 10, 10]), [np.int64(10), 50])).value == cards.value
    assert cowtrade.endgame(money=(np.int64(1), 1), set_size=np.int64(3)).value == Fraction(-3, 5)
    three = cowtrade.security(money=(np.int64(1), 1, 0), set_size=3, animals=(2, 1, 0), turn=2, study=True)
    plain_three = cowtrade.security(money=(1, 1, 0), set_size=3, animals=(2, 1, 0), turn=2, study=True)
    assert [lv.to_json() for lv in three.levels] == [lv.to_json() for lv in plain_three.levels]


def test_the_front_door_exports_its_result_classes_and_documents_every_function() -> None:
    for name in ("CowTrade", "CowTradeSolution", "EndgameSolution", "HiddenMoneySolution", "SecuritySolution"):
        assert name in cowtrade.__all__ and inspect.isclass(getattr(cowtrade, name))
    assert isinstance(cowtrade.solve(money=(3, 2)), cowtrade.CowTradeSolution)
    for name in ("solve", "game", "solve_game", "endgame", "hidden", "security"):
        function = getattr(cowtrade, name)
        typing.get_type_hints(function)  # the hints resolve (no names hidden behind TYPE_CHECKING)
        doc = inspect.getdoc(function) or ""
        assert "Parameters\n----------" in doc and "Returns\n-------" in doc, name
        for parameter in inspect.signature(function).parameters:
            assert parameter in doc, (name, parameter)


def test_the_policy_decides_the_engine_and_the_start_once() -> None:
    plan = policy.plan_endgame()  # no money: both hold the starting money cards
    assert plan.hand1 == plan.hand2 and plan.engine == "backward induction" and plan.states > 0
    assert plan.start == Endgame(plan.rules).start(1, plan.hand1, plan.hand2, 1)
    assert policy.plan_endgame((3, 3), set_size=5).engine == "value iteration"
    assert policy.plan_endgame((3, 3), study=True, stage="rules").rules == EndgameRules.study(4)
    with pytest.raises(ValueError, match="force=True"):
        policy.plan_endgame((10**6, 10**6))
    assert policy.plan_trade((8, 5)).game == cowtrade.game((8, 5))
    hidden = policy.plan_hidden(2, initiative=3)
    assert hidden.initiative == 3 and hidden.size["deals"] > 0


def test_hidden_numbers_its_players_as_the_last_trade_does() -> None:
    sol = cowtrade.hidden(2, initiative=3)
    assert sol.initiative == 3 and sol.to_json()["initiative"] == 3
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = cowtrade.hidden(2, challenger=2)  # the old end-game numbering, still read for one release
    assert old.initiative == 3 and any(issubclass(w.category, DeprecationWarning) for w in caught)


def test_a_narrow_interval_around_a_simple_fraction_is_proven_exact() -> None:
    # a set of 3, 1 against 1: the solver's own proof stops at an interval 1e-13 wide around -3/5; both
    # stationary strategies prove -3/5 exactly (and every other state's simplest fraction)
    got = cowtrade.endgame(money=(1, 1), set_size=3)
    assert got.status is Status.EXACT and got.value == Fraction(-3, 5)
    data = got.to_json()
    assert data["value_exact"] == "-3/5" and "value_bounds" not in data
    assert data["completes1_exact"] == "1/5" and data["endless_exact"] == "0" and data["expected_trades_exact"] == "3"
    # a quintet 3-2 where optimal play never ends: the value is 0, exact, not an interval's midpoint
    never = cowtrade.endgame(money=(0, 1), set_size=5, animals1=3)
    assert never.status is Status.EXACT and never.value == 0
    assert never.to_json()["endless_exact"] == "1" and never.to_json()["expected_trades"] is None
    assert never.chances_exact == (0, 0, 1, None)


def test_a_proof_with_a_wrong_strategy_fails_and_the_bounds_stay_inside_the_payoffs() -> None:
    game = Endgame(EndgameRules(3))
    start = game.start(1, 1, 1, 1)
    raw = stochastic.solve(game, [start])
    assert min(s.lower for s in raw.solutions) < -1  # the solver's interval pokes out of [-1, 1]
    guess = [simplest(max(s.lower, Fraction(-1)), min(s.upper, Fraction(1))) for s in raw.solutions]
    assert proves(raw, guess)
    k = raw.index[start]
    bad = raw.solutions[k]
    wrong = tuple(Fraction(int(i == 0)) for i in range(len(bad.strategy1)))  # always offer nothing
    broken = dataclasses.replace(raw, solutions=tuple(
        dataclasses.replace(s, strategy1=wrong) if i == k else s for i, s in enumerate(raw.solutions)))
    assert not proves(broken, guess)
    kept = sharpen(broken)
    assert kept.status is not Status.EXACT
    assert all(-1 <= s.lower <= s.upper <= 1 for s in kept.solutions)


def _draw_parts(solution: stochastic.StochasticSolution) -> tuple[frozenset[int], dict[int, object], dict[int, object]]:
    """The states a result proved draws, with the strategies stored there (what `proves_draws` checks)."""
    inside = frozenset(k for k, s in enumerate(solution.solutions) if s.how == DRAW)
    return (inside, {k: solution.solutions[k].strategy1 for k in inside},
            {k: solution.solutions[k].strategy2 for k in inside})


def _bounds(solution: stochastic.StochasticSolution) -> tuple[list[Fraction], list[Fraction]]:
    return [s.lower for s in solution.solutions], [s.upper for s in solution.solutions]


def test_where_optimal_play_never_ends_the_value_is_zero_and_proven() -> None:
    # A set of 6 at 3-3 with 1 against 1, a tie going to the challenger at once: value iteration stops
    # with the start's bounds [-2e-14, 2e-14] and its strategies cannot prove the simplest fraction 0
    # everywhere; each player can keep the other from completing the set, so the start is a draw, worth 0.
    drawn = cowtrade.endgame(money=(1, 1), set_size=6, animals1=3, ties="challenger")
    assert drawn.value == 0 and drawn.value_low == drawn.value_high == 0 and drawn.status is Status.EXACT
    data = drawn.to_json()
    assert data["value_exact"] == "0" and "value_bounds" not in data and data["endless_exact"] == "1"
    assert drawn.chances_exact == (0, 0, 1, None)
    assert all(p.value_low == p.value_high == 0 for p in drawn.plays)  # every state optimal play reaches is a draw
    assert all(p.reach == 1 for p in drawn.plays)  # play goes round them for ever: it passes through each
    text = describe_solution(drawn)
    assert "0 (exact)" in text and "optimal play never ends" in text and "not proven optimal" not in text
    solution = drawn.solution
    assert solution is not None and solution.at(drawn.start).how == DRAW
    inside, keep1, keep2 = _draw_parts(solution)
    lower, upper = _bounds(solution)
    assert stochastic.proves_draws(solution.stages, solution.index, lower, upper, inside, keep1, keep2)
    # states whose proven interval leaves out 0 keep it: a value other than a draw's is not made 0
    others = [s for s in solution.solutions if s.how != DRAW and s.lower != s.upper]
    assert others and all(not s.lower <= 0 <= s.upper for s in others)
    # a tampered strategy fails the check: at the start player 1 offers all his money instead of nothing
    start = solution.index[drawn.start]
    offer_all = tuple(Fraction(int(i == len(keep1[start]) - 1)) for i in range(len(keep1[start])))  # type: ignore[arg-type]
    assert offer_all != keep1[start]
    assert not stochastic.proves_draws(solution.stages, solution.index, lower, upper, inside,
                                       {**keep1, start: offer_all}, keep2)


@pytest.mark.slow  # about 10 s: value iteration stops after its sweeps and pessimistic games
def test_the_issue_case_set_of_6_three_all_one_against_one_is_an_exact_zero(
        capsys: pytest.CaptureFixture[str]) -> None:
    # issue 35: "set of 6, 3-3, 1 against 1": "-0.5 +- 0.5", endless 1, value 0 by hand
    code, out, err = run_cli(["cowtrade", "endgame", "--set-size", "6", "--animals1", "3", "--money1", "1",
                              "--money2", "1", "--json"], capsys)
    assert code == 0, err
    data = json.loads(out)
    assert data["value_exact"] == "0" and data["value"] == 0 and "value_bounds" not in data
    assert data["status"] == "exact" and data["endless_exact"] == "1"
    assert all(p["value_exact"] == "0" for p in data["plays"])


@pytest.mark.slow  # about 8 s
def test_a_loose_solve_of_the_issue_case_makes_no_state_a_draw() -> None:
    # At tol 1e-3 the solve's bounds are looser: states where player 2 is the richer, worth at most -0.87
    # (the tol 1e-12 solve proves it), keep bounds [-1, 2e-5] that hold 0. They are not draws (player 1
    # cannot keep player 2 from completing the set there), and the start's draw leans on their being worth
    # less than 0 for player 2's side: nothing is claimed, the intervals stay.
    game = Endgame(EndgameRules(6))
    start = game.start(3, 1, 1, 1)
    loose = sharpen(stochastic.solve(game, [start], tol=1e-3), tol=1e-3)
    richer2 = loose.at(game.start(4, 0, 2, 2))
    assert richer2.lower < 0 < richer2.upper and richer2.how != DRAW
    assert not any(s.how == DRAW for s in loose.solutions) and loose.status is Status.STOPPED
    assert loose.at(start).lower < loose.at(start).upper


def test_simplest_fraction_in_an_interval() -> None:
    assert simplest(Fraction(-6, 10) - Fraction(1, 10**13), Fraction(-6, 10) + Fraction(1, 10**13)) == Fraction(-3, 5)
    assert simplest(Fraction(-1, 10**14), Fraction(1, 10**14)) == 0
    assert simplest(Fraction(1, 3), Fraction(1, 3)) == Fraction(1, 3)
    assert simplest(Fraction(5, 2), Fraction(7, 2)) == 3


def test_acyclic_chances_carry_no_float_noise() -> None:
    # the quartet with both players' starting money: acyclic, every chance exact and its float exact too
    got = cowtrade.endgame().to_json()
    for key in ("completes1", "completes2", "endless", "expected_trades"):
        assert got[key] == float(Fraction(got[f"{key}_exact"])), key
    assert got["endless_exact"] == "0"
