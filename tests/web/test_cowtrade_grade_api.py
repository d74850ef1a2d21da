"""The cow trade's grades (POST /api/review on the page's record): a scripted game with a known blunder (player 1
bids 6 with 8 against 5: player 3 then outbids or outlasts him whatever he bids) is graded with its exact loss,
recomputed here from the rules against the computer's mixture; the computer's bids, drawn from its optimal mixture,
are never flagged; the luck of each draw is apart (the value, less your loss, plus the swing is the payoff); the
thresholds the page states are the review's."""

from __future__ import annotations

from fractions import Fraction

import pytest
from cowgame import GAME, play, post

from parlour.games.cowtrade import winner
from parlour.web.app import create_app


@pytest.fixture(scope="module")
def client():
    from cowgame import TestClient

    return TestClient(create_app())


def worth(client, side: int, bid: int) -> Fraction:
    """Your bid's expected payoff against the computer's optimal mixture, from the rules and /api/solve's mixture."""
    sol = post(client, "/cowtrade/api/solve", GAME)
    other = sol["strategy3"] if side == 1 else sol["strategy1"]
    total = Fraction(0)
    for s in other:
        i1, i3 = (bid, s["bid"]) if side == 1 else (s["bid"], bid)
        won = winner(i1, i3, GAME["money1"], GAME["money3"], GAME["initiative"], GAME["second"]) == side
        total += Fraction(s["probability_exact"]) * (1 if won else -1)
    return total


def test_grade_a_known_blunder_with_its_exact_loss(client):
    record, answers = play(client, [3, 6, 1])
    review = post(client, "/api/review", record)
    value = Fraction(post(client, "/cowtrade/api/solve", GAME)["value_exact"])
    loss = value - worth(client, 1, 6)
    assert loss == Fraction(2, 3)  # bid 6 always loses (-1) against a mixture that holds player 1 to -1/3
    bad = review["decisions"][2]
    assert (bad["ply"], bad["player"], bad["move"]) == (3, "you", 6)
    assert Fraction(bad["loss_exact"]) == loss and bad["grade"] == "blunder"
    assert Fraction(answers[1]["value_exact"]) - Fraction(answers[1]["expected_exact"]) == loss  # the page's chart
    assert [d["grade"] for d in review["decisions"]] == ["best", "best", "blunder", "best", "best", "best"]
    assert review["costliest"]["ply"] == 3
    assert review["per_player"]["you"]["blunder"] == 1 and Fraction(review["per_player"]["you"]["loss_exact"]) == loss
    assert review["per_player"]["computer"]["best"] == 3 and review["per_player"]["computer"]["loss_exact"] == "0"
    for trade, e in zip(answers, review["luck"], strict=True):  # luck apart: value - loss + swing = payoff
        mine = next(d for d in review["decisions"] if d["ply"] == e["ply"] - 1)
        assert value - Fraction(mine["loss_exact"]) + Fraction(e["swing_exact"]) == trade["payoff"]


@pytest.mark.parametrize("side", [1, 3])
def test_grade_never_flags_the_computers_optimal_bids(client, side):
    bids = [0, 1, 2, 3, 4, 5] * 3
    record, answers = play(client, bids, side=side, seed=100)
    review = post(client, "/api/review", record)
    theirs = [d for d in review["decisions"] if d["player"] == "computer"]
    assert len(theirs) == len(bids) and all(d["grade"] == "best" and d["loss_exact"] == "0" for d in theirs)
    assert len({a["computer_bid"] for a in answers}) > 1  # the draws varied
    for d, a in zip(review["decisions"][::2], answers, strict=True):  # yours: exactly the page's shortfall
        assert Fraction(d["loss_exact"]) == Fraction(a["value_exact"]) - Fraction(a["expected_exact"])
        assert Fraction(d["value_exact"]) == worth(client, side, a["bid"])


def test_grade_thresholds_are_stated_on_the_page(client):
    html = client.get("/cowtrade/").text
    review = post(client, "/api/review", play(client, [3])[0])
    t = review["thresholds"]
    assert (t["inaccuracy_exact"], t["mistake_exact"], t["blunder_exact"]) == ("1/20", "1/5", "1/2")
    assert "inaccuracy loses from 1/20, a mistake from 1/5, a blunder from 1/2" in " ".join(html.split())
