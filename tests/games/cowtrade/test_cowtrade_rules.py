import numpy as np
import pytest

from parlour.errors import InvalidInput
from parlour.games.cowtrade import (
    CowTrade,
    SecondInitiative,
    bids_from_cards,
    combined_symbols,
    payoff_matrix,
    winner,
    winner_matrix,
)


def test_winner_by_hand() -> None:
    # t1 = 8, t3 = 5
    assert winner(2, 3, 8, 5, 1) == 3  # player 3 outbids
    assert winner(3, 3, 8, 5, 1) == 1  # tie to the initiator 1; then 8 vs 5 money
    assert winner(3, 3, 8, 5, 3) == 3  # tie to the initiator 3
    assert winner(4, 3, 8, 5, 1) == 1  # money after: 7 vs 6
    assert winner(5, 3, 8, 5, 1) == 3  # money after: 6 vs 7
    # t1 = 10, t3 = 4, i1 - i3 = 3: money 7 vs 7, a tie in the second trade
    assert winner(3, 0, 10, 4, 1) == 3  # 3 challenges second (alternation)
    assert winner(3, 0, 10, 4, 3) == 1  # 1 challenges second (alternation)
    assert winner(3, 0, 10, 4, 3, SecondInitiative.LOSER) == 3


def test_full_game_shape_and_payoffs() -> None:
    game = CowTrade(8, 5)
    assert game.bids1 == tuple(range(9)) and game.bids3 == tuple(range(6))
    w = winner_matrix(game)
    assert w.shape == (9, 6)
    assert set(np.unique(w)) <= {1, 3}
    assert (payoff_matrix(game) == np.where(w == 1, 1, -1)).all()


def test_combined_notation_marks_the_odd_cell() -> None:
    # t1 - t3 even: a money tie in the second trade exists and goes to the non-initiator
    symbols = combined_symbols(CowTrade(10, 4))
    assert 4 in symbols
    assert 4 not in combined_symbols(CowTrade(9, 4))


def test_bids_from_cards() -> None:
    assert bids_from_cards([0, 0, 10, 10, 50]) == (0, 10, 20, 50, 60, 70)
    assert bids_from_cards([]) == (0,)
    game = CowTrade.from_cards([10, 50], [10])
    assert game.money1 == 60 and game.bids1 == (0, 10, 50, 60) and game.bids3 == (0, 10)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"money1": -1, "money3": 3},
        {"money1": 2.5, "money3": 3},
        {"money1": 3, "money3": 3, "initiative": 2},
        {"money1": 3, "money3": 3, "bids1": (4,)},
        {"money1": 3, "money3": 3, "bids1": (1, 1)},
        {"money1": 3, "money3": 3, "bids3": (-1,)},
    ],
)
def test_bad_games(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidInput):
        CowTrade(**kwargs)  # type: ignore[arg-type]


def test_unknown_card() -> None:
    with pytest.raises(InvalidInput, match="unknown money card 20"):
        bids_from_cards([10, 20])


@pytest.mark.parametrize("second", list(SecondInitiative))
@pytest.mark.parametrize("initiative", [1, 3])
def test_vectorised_matrix_matches_the_rule(initiative: int, second: SecondInitiative) -> None:
    for t1, t3 in [(8, 5), (10, 4), (3, 7), (12, 3), (5, 5)]:
        game = CowTrade(t1, t3, initiative, second_initiative=second)
        by_rule = [[winner(a, b, t1, t3, initiative, second) for b in game.bids3] for a in game.bids1]
        assert (winner_matrix(game) == np.array(by_rule)).all()
