"""The record shape and the grading rules every game's review shares."""

from fractions import Fraction

import pytest

from parlour.analyses.review import core
from parlour.errors import FormatError

T = core.Thresholds(Fraction(1, 10), Fraction(1, 4), Fraction(1, 2))


@pytest.mark.parametrize(("loss", "grade"), [(0, "best"), (Fraction(1, 20), "good"), (Fraction(1, 10), "inaccuracy"),
                                             (Fraction(3, 10), "mistake"), (Fraction(1, 2), "blunder"), (7, "blunder")])
def test_a_loss_gets_the_grade_of_the_highest_threshold_it_reaches(loss, grade):
    assert T.grade(Fraction(loss)) == grade


def test_a_move_worth_the_best_value_is_best_and_a_lower_unit_flips_the_sign():
    assert core.decision(1, "you", "a", "a", Fraction(2), Fraction(2), T).grade == "best"
    guess = core.decision(1, "you", 5, 4, Fraction(3), Fraction(5, 2), T, higher_is_better=False)
    assert guess.loss == Fraction(1, 2) and guess.grade == "blunder"
    with pytest.raises(ValueError, match="grader is wrong"):
        core.decision(1, "you", "a", "b", Fraction(3), Fraction(2), T)


def test_costliest_and_luck_name_the_extremes_and_never_an_optimal_move():
    a = core.decision(1, "you", "x", "x", Fraction(1), Fraction(1), T)
    b = core.decision(2, "you", "y", "z", Fraction(0), Fraction(1, 5), T)
    swing = [core.Luck(3, "you", "6", Fraction(1, 2), Fraction(3, 4)), core.Luck(4, "you", "1", Fraction(3, 4), 0)]
    r = core.Review(game="memory", unit="pairs", thresholds=T, players=("you", "computer"), decisions=(a, b),
                    luck=tuple(swing), status=core.Status.EXACT)
    assert r.costliest == b and r.luckiest == swing[0] and r.unluckiest == swing[1]
    assert r.per_player()["you"]["inaccuracy"] == 1 and r.per_player()["you"]["loss_exact"] == "1/5"
    clean = core.Review(game="memory", unit="pairs", thresholds=T, players=("you",), decisions=(a,),
                        status=core.Status.EXACT)
    assert clean.costliest is None and clean.luckiest is None


def test_a_link_carries_the_record_there_and_back(monkeypatch):
    monkeypatch.setitem(core.GRADERS, "toy", "nowhere")
    record = core.GameRecord("toy", {"pairs": 3}, ({"by": "you", "card": 4},), (core.Line(1, ({"by": "you"},)),))
    link = "http://127.0.0.1:8000/memory/" + core.encode_link(record)
    assert core.read_record(link) == record


@pytest.mark.parametrize("text", ["[]", '{"parlour_record": 2, "game": "toy"}', '{"parlour_record": 1, "game": "x"}',
                                  '{"parlour_record": 1, "game": "toy", "moves": [{"card": 1}]}',
                                  '{"parlour_record": 1, "game": "toy", "lines": [{"from": 5}]}',
                                  "#record=!!!", "hello", "{not json"])
def test_a_bad_record_is_refused_with_one_sentence(monkeypatch, text):
    monkeypatch.setitem(core.GRADERS, "toy", "nowhere")
    with pytest.raises(FormatError):
        core.read_record(text)


def test_a_record_longer_than_the_limit_is_refused_before_any_replay(monkeypatch):
    monkeypatch.setitem(core.GRADERS, "toy", "nowhere")
    with pytest.raises(FormatError, match="limit"):
        core.parse_record({"parlour_record": 1, "game": "toy", "moves": [{"by": "you"}] * (core.MAX_MOVES + 1)})
