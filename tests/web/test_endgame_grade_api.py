"""The cow-trade end game's grades (POST /api/review, what the page's grades panel shows): a scripted game with a
known blunder graded with its exact loss, and the computer's moves, drawn from its optimal mixtures, never flagged
in many games."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_endgame_record_api import PAGE_START, new_client, play, post

# Two animals each, you challenge with 10 + 50 against the computer's 50: the winner of the trade takes both
# animals and completes the set. Offering 50 wins (the computer can only tie, the tie repeats, and the second tie
# goes to the challenger): value +1. Offering the 10 alone shows one card, which the computer counters with its 50
# and takes the set: -1. The blunder's exact loss is 2.
TWO_TWO = {"set_size": 4, "animals1": 2, "cards1": [10, 50], "cards2": [50], "challenger": 1}


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return new_client()


def test_endgame_grade_a_known_blunder_with_its_exact_loss(client) -> None:  # type: ignore[no-untyped-def]
    record, live = play(client, TWO_TWO, lambda s, k: [10])
    assert record["moves"] == [{"by": "you", "offer": [10]}, {"by": "computer", "response": [50]}]
    assert live[-1][1]["end"]["winner"] == 2
    review = post(client, "/api/review", record)
    assert review["unit"].startswith("expected payoff") and review["player_names"] == ["you", "computer"]
    blunder, answer = review["decisions"]
    assert (blunder["ply"], blunder["player"], blunder["move"], blunder["best"]) == (1, "you", "10", "50")
    assert Fraction(blunder["value_exact"]) == -1 and Fraction(blunder["best_value_exact"]) == 1
    assert Fraction(blunder["loss_exact"]) == 2 and blunder["grade"] == "blunder"
    assert (answer["player"], answer["grade"], Fraction(answer["loss_exact"])) == ("computer", "best", 0)
    assert review["costliest"] == blunder
    assert review["per_player"]["you"]["blunder"] == 1 and Fraction(review["per_player"]["you"]["loss_exact"]) == 2
    assert review["per_player"]["computer"]["decisions"] == 1 and review["per_player"]["computer"]["best"] == 1
    assert review["luckiest"] is None and review["unluckiest"] is None  # its answer was no luck: -1 either way
    good, played = play(client, TWO_TWO, lambda s, k: [50])  # a tie repeats the trade at most once
    assert played[-1][1]["end"]["winner"] == 1
    assert {d["grade"] for d in post(client, "/api/review", good)["decisions"]} == {"best"}


def test_endgame_grade_never_flags_the_computer(client) -> None:  # type: ignore[no-untyped-def]
    answers = [lambda s, k: s["cards1"][:1], lambda s, k: "accept" if s.get("can_accept") else [],
               lambda s, k: s["cards1"], lambda s, k: s["cards1"][-2:]]
    flagged_yours = 0
    for seed in range(6):
        record, _ = play(client, PAGE_START, answers[seed % len(answers)], seed=seed)
        review = post(client, "/api/review", record)
        theirs = [d for d in review["decisions"] if d["player"] == "computer"]
        assert theirs and all(d["grade"] == "best" and d["loss_exact"] == "0" for d in theirs)
        assert review["costliest"] is None or review["costliest"]["player"] == "you"
        # every move of yours graded (the computer's answer to an offer its opponent's optimal mixture never makes
        # has nothing to be conditioned on: the grader leaves it out, docs/json.md)
        assert review["per_player"]["you"]["decisions"] == sum(m["by"] == "you" for m in record["moves"])
        flagged_yours += review["per_player"]["you"]["blunder"] + review["per_player"]["you"]["mistake"]
    assert flagged_yours > 0  # the crude answers are caught
