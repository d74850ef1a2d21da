"""Three players, one open set: whose turn it is, whom he may challenge, and what a trade does."""

from fractions import Fraction

import pytest

from parlour.errors import InvalidInput
from parlour.games.cowtrade.endgame import ACCEPT, hand_from_cards
from parlour.games.cowtrade.threeplayer import (
    NO_MOVE,
    Security,
    ThreeRules,
    ThreeState,
    animal_splits,
    estimate_states,
    next_turn,
    targets,
    traded,
)
from parlour.solvers.stochastic import End, explore


def test_a_player_without_animals_passes() -> None:
    assert next_turn((1, 0, 3), 1) == 3  # player 2 owns none: after 1 comes 3
    assert next_turn((1, 0, 3), 3) == 1
    assert next_turn((2, 2, 0), 2) == 1
    # the start names the next owner when the player on turn owns none
    assert Security().start((0, 1, 3), (1, 1, 1), 1).turn == 2


def test_whom_a_player_may_challenge() -> None:
    assert targets((1, 1, 2), 1) == (2, 3)
    assert targets((1, 0, 3), 1) == (3,)
    # with one opponent left he is named at once; with two the state waits for the choice
    assert Security().start((1, 0, 3), (1, 1, 1), 1).target == 3
    assert Security().start((1, 1, 2), (1, 1, 1), 1).target == 0


def test_two_animals_change_hands_when_both_own_two() -> None:
    assert traded((2, 2, 1), 1, 2) == 2
    assert traded((2, 2, 1), 1, 3) == 1
    assert traded((1, 1, 2), 3, 1) == 1


def test_a_trade_moves_animals_and_money_and_the_turn_rotates() -> None:
    game = Security(ThreeRules(5), 1)
    state = ThreeState((1, 2, 2), (10, 6, 3), 1, 3)
    # player 1 offers 4, player 3 counters 3: player 1 takes one animal (2 x 2 is not his trade), pays 4,
    # receives 3; player 2 is on turn and chooses whom to challenge
    assert game.outcome(state, 4, 3) == ThreeState((2, 2, 1), (9, 6, 4), 2, 0)
    # accepting: player 3 takes the 4 and hands over an animal
    assert game.outcome(state, 4, ACCEPT) == ThreeState((2, 2, 1), (6, 6, 7), 2, 0)
    # player 3 wins: player 1 is left without animals and can no longer get the set
    state = ThreeState((1, 2, 2), (10, 6, 3), 1, 2)
    assert game.outcome(state, 0, 1) == End(Fraction(0))
    # the same trade in player 2's game goes on: player 2 (owning 3) is on turn against player 3
    assert Security(ThreeRules(5), 2).outcome(state, 0, 1) == ThreeState((0, 3, 2), (11, 5, 3), 2, 3)


def test_two_two_trades_two_animals_and_can_end_the_game() -> None:
    game = Security(ThreeRules(5), 3)
    state = ThreeState((2, 2, 1), (5, 5, 5), 1, 2)
    assert game.outcome(state, 3, 2) == ThreeState((4, 0, 1), (4, 6, 5), 3, 1)
    assert Security(ThreeRules(4), 1).outcome(ThreeState((2, 2, 0), (5, 5, 5), 1, 2), 3, 2) == End(Fraction(1))
    assert Security(ThreeRules(4), 3).outcome(ThreeState((2, 2, 0), (5, 5, 5), 1, 2), 3, 2) == End(Fraction(0))


def test_a_tie_repeats_once_then_goes_to_the_challenger() -> None:
    game = Security(ThreeRules(4), 2)
    state = ThreeState((1, 1, 2), (3, 3, 3), 1, 3)
    assert game.outcome(state, 2, 2) == state._replace(tied=1)
    assert game.outcome(state._replace(tied=1), 2, 2) == ThreeState((2, 1, 1), (3, 3, 3), 2, 0)
    study = Security(ThreeRules.study(4), 2)
    assert study.outcome(state, 2, 2) == ThreeState((2, 1, 1), (3, 3, 3), 2, 0)


def test_who_moves_at_each_stage() -> None:
    state = ThreeState((1, 1, 2), (1, 1, 1), 2, 0)
    choose = Security(ThreeRules(), 1).stage(state)
    assert choose.leader == 2 and choose.rows == (1, 3) and choose.cols == (NO_MOVE,)
    assert Security(ThreeRules(), 2).stage(state).leader == 1
    # a trade of player 1 with player 3 in player 1's game: both move; player 3 sees the card count
    trade = Security(ThreeRules(), 1).stage(ThreeState((1, 1, 2), (1, 1, 1), 3, 1))
    assert trade.leader == 2 and trade.cols[0] == ACCEPT and len(trade.rows) == 2
    # the same trade in player 2's game is the coalition's alone: one move per distinct outcome
    inside = Security(ThreeRules(), 2).stage(ThreeState((1, 1, 2), (1, 1, 1), 3, 1))
    assert inside.leader == 2 and inside.cols == (NO_MOVE,)
    assert len(inside.rows) == len(inside.targets) == len(set(inside.targets))


def test_the_estimate_bounds_the_states() -> None:
    assert len(animal_splits(4)) == 12  # the documented count: 15 splits less the three complete sets
    for rules, hands in ((ThreeRules(), (2, 1, 1)), (ThreeRules(5), (1, 1, 1)),
                         (ThreeRules(), tuple(hand_from_cards(c) for c in ([0, 10], [10], [0])))):
        for player in (1, 2, 3):
            game = Security(rules, player)
            states, _, _ = explore(game, [game.start((1, 1, rules.set_size - 2), hands, 1)])
            assert len(states) <= estimate_states(rules, hands)


@pytest.mark.parametrize(("animals", "hands", "turn", "message"), [
    ((1, 1, 1), (1, 1, 1), 1, "add up"),
    ((4, 0, 0), (1, 1, 1), 1, "whole set"),
    ((1, 1, 2), (1, 1, 1), 4, "on turn"),
    ((1, 1, 2), (1, 1), 1, "three players"),
    ((1, -1, 4), (1, 1, 1), 1, "whole number"),
    ((1, 1, 2), (1, -1, 1), 1, "negative"),
    ((1, 1, 2), (1, 1, (0,) * 5), 1, "totals or all as cards"),
])
def test_bad_starts_are_refused(animals: tuple[int, ...], hands: tuple[object, ...], turn: int, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        Security().start(animals, hands, turn)  # type: ignore[arg-type]


def test_bad_rules_are_refused() -> None:
    with pytest.raises(InvalidInput, match="1, 2 or 3"):
        Security(ThreeRules(), 4)
    with pytest.raises(InvalidInput, match="animals"):
        ThreeRules(1)
