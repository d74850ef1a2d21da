"""The rules of two open quartets: moves, signals, ties, the scoring at the end."""

from fractions import Fraction

import pytest

from parlour.errors import InvalidInput
from parlour.games.cowtrade.endgame import ACCEPT, hand_from_cards
from parlour.games.cowtrade.quartets import Quartets, QuartetsRules, QuartetsState
from parlour.solvers.stochastic import End


def test_scoring_counts_held_quartets():
    rules = QuartetsRules(points=(1000, 500), held1=(200,), held2=())
    # player 1 ends with 1000 and 200: (1200) x 2; player 2 with 500: 500 x 1
    assert rules.score_difference((4, 0)) == Fraction(2400 - 500)
    # player 1 ends with 500 and 200: 700 x 2; player 2 with 1000
    assert rules.score_difference((0, 4)) == Fraction(1400 - 1000)


def test_challenger_chooses_quartet_and_offer_the_other_sees_quartet_and_count():
    game = Quartets()
    state = game.start((1, 3), hand_from_cards([0, 10]), hand_from_cards([50]), 1)
    stage = game.stage(state)
    assert {q for q, _ in stage.rows} == {0, 1}
    assert stage.cols[0] == ACCEPT
    assert stage.signals is not None
    seen = {(q, sum(o)): s for (q, o), s in zip(stage.rows, stage.signals, strict=True)}
    # quartet 0 or 1, times 0, 1 or 2 cards: six different things to see
    assert len(set(seen.values())) == 6


def test_complete_quartet_leaves_play_and_money_carries_over():
    game = Quartets()
    state = game.start((3, 1), 5, 4, 1)
    after = game.outcome(state, (0, 3), 2)  # player 1 wins quartet 0 (3 > 2) and completes it
    assert after == QuartetsState((4, 1), 5 - 3 + 2, 4 - 2 + 3, 2)
    assert isinstance(after, QuartetsState)
    assert {q for q, _ in game.stage(after).rows} == {1}


def test_tie_repeats_the_same_quartet_then_goes_to_the_challenger():
    game = Quartets()
    state = game.start((2, 1), 3, 3, 2)
    tied = game.outcome(state, (1, 2), 2)
    assert tied == state._replace(tied=2)
    assert isinstance(tied, QuartetsState)
    assert {q for q, _ in game.stage(tied).rows} == {1}
    # second tie: the challenger (player 2) takes the animal of quartet 1: 1-3 becomes 0-4
    assert game.outcome(tied, (1, 2), 2) == QuartetsState((2, 0), 3, 3, 1)


def test_two_animals_at_two_two_and_the_end_pays_the_score_difference():
    game = Quartets(QuartetsRules(points=(1000, 500)))
    state = game.start((2, 4), 3, 0, 1)
    assert game.outcome(state, (0, 1), 0) == End(Fraction((1500) * 2))
    assert game.outcome(state, (0, 0), ACCEPT) == End(Fraction(3000))


@pytest.mark.parametrize("bad", [
    dict(animals1=(0, 4)), dict(animals1=(5, 1)), dict(animals1=(1,)), dict(challenger=3),
    dict(hand1=3, hand2=hand_from_cards([10])), dict(hand1=-1),
])
def test_bad_starts_are_refused(bad):
    args = dict(animals1=(1, 3), hand1=3, hand2=2, challenger=1) | bad
    with pytest.raises(InvalidInput):
        Quartets().start(**args)


@pytest.mark.parametrize("bad", [dict(points=(1000,)), dict(points=(-1, 5)), dict(held1=(True,)),
                                 dict(held1=(1,) * 5, held2=(1,) * 4)])
def test_bad_rules_are_refused(bad):
    with pytest.raises(InvalidInput):
        QuartetsRules(**bad)
