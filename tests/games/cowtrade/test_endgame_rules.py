"""The end game's moves: what a trade does to the animals, the money and the next challenger."""

from fractions import Fraction

import pytest

from parlour.errors import InvalidInput
from parlour.games.cowtrade.endgame import (
    ACCEPT,
    Endgame,
    EndgameRules,
    NextChallenger,
    TradeState,
    describe,
    hand_from_cards,
    offers,
)
from parlour.solvers.stochastic import End


def test_two_animals_change_hands_only_at_two_two() -> None:
    quartet = Endgame(EndgameRules(4))
    assert quartet.traded(TradeState(2, 5, 5, 1)) == 2
    assert quartet.traded(TradeState(1, 5, 5, 1)) == 1
    assert Endgame(EndgameRules(5)).traded(TradeState(2, 5, 5, 1)) == 1  # 2-3: one animal


def test_offers_change_hands_and_the_higher_takes_the_animal() -> None:
    game = Endgame(EndgameRules(5))
    # player 1 (1 animal, 10 money) challenges with 4; player 2 (4 animals, 6) counters with 3:
    # player 1 takes an animal, pays 4 and receives 3; player 2 challenges next (turns alternate)
    assert game.outcome(TradeState(1, 10, 6, 1), 4, 3) == TradeState(2, 9, 7, 2)
    # the counter is higher: player 2 takes the animal and completes the set
    assert game.outcome(TradeState(1, 10, 6, 1), 4, 5) == End(Fraction(-1))
    # accepting: player 2 takes the 4 and hands over an animal
    assert game.outcome(TradeState(1, 10, 6, 1), 4, ACCEPT) == TradeState(2, 6, 10, 2)


def test_a_tie_repeats_once_then_goes_to_the_challenger() -> None:
    game = Endgame(EndgameRules(5))
    first = game.outcome(TradeState(2, 8, 8, 2), 3, 3)
    assert first == TradeState(2, 8, 8, 2, tied=1)  # offers back, same challenger
    assert game.outcome(first, 3, 3) == TradeState(1, 8, 8, 1)  # player 2 takes one animal
    study = Endgame(EndgameRules.study(5))
    assert study.outcome(TradeState(2, 8, 8, 2), 3, 3) == TradeState(1, 8, 8, 1)


def test_the_loser_challenges_next_in_the_studys_variant() -> None:
    game = Endgame(EndgameRules(5, next_challenger=NextChallenger.LOSER))
    assert game.outcome(TradeState(2, 8, 8, 1), 5, 2).challenger == 2  # player 1 won, 2 lost
    assert game.outcome(TradeState(2, 8, 8, 2), 5, 2).challenger == 1  # player 2 won


def test_money_cards() -> None:
    hand = hand_from_cards([0, 10, 10, 50])
    assert len(offers(hand)) == 2 * 3 * 2  # 0/1 zeros, 0-2 tens, 0/1 fifties
    game = Endgame(EndgameRules(4))
    state = TradeState(1, hand, hand_from_cards([10, 10]), 1)
    # player 1 offers 50 + 0 (two cards), player 2 counters 10 + 10: player 1 wins, the cards swap
    after = game.outcome(state, hand_from_cards([50, 0]), hand_from_cards([10, 10]))
    assert after == TradeState(2, hand_from_cards([10, 10, 10, 10]), hand_from_cards([50, 0]), 2)
    assert describe(hand_from_cards([0, 50])) == "50 + 0 (50)" and describe(hand_from_cards([])) == "nothing"
    stage = game.stage(state)
    assert stage.signals is not None and stage.cols[0] == ACCEPT
    # the signal is the number of cards: offers of equal size share it
    counts = {sum(o) for o in stage.rows}
    assert len(set(stage.signals)) == len(counts)


@pytest.mark.parametrize(("args", "message"), [
    ((0, 5, 5, 1), "1 to 3 animals"),
    ((4, 5, 5, 1), "1 to 3 animals"),
    ((1, 5, 5, 3), "player 1 or 2"),
    ((1, -1, 5, 1), "must not be negative"),
    ((1, 5, hand_from_cards([10]), 1), "as totals or both as cards"),
])
def test_bad_starts(args: tuple, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        Endgame(EndgameRules(4)).start(*args)


def test_bad_rules() -> None:
    with pytest.raises(InvalidInput, match="2 to 12 animals"):
        EndgameRules(1)
    with pytest.raises(ValueError):
        EndgameRules(4, stage="sealed")  # type: ignore[arg-type]
