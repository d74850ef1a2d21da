from fractions import Fraction

import numpy as np
import pytest

from parlour.analyses import cowtrade
from parlour.errors import InvalidInput
from parlour.games.cowtrade import CowTrade, SecondInitiative, payoff_matrix
from parlour.solvers import dominance


def test_example_value_and_strategies() -> None:
    # t1 = 8, t3 = 5, initiative 1: band width 2, n = ceil(6/2) = 3 -> v = -1/3
    result = cowtrade.solve(CowTrade(8, 5, 1))
    assert result.value == Fraction(-1, 3)
    assert result.inspection_size == 3
    assert sum(result.strategy1.values()) == 1 and sum(result.strategy3.values()) == 1
    assert len(result.strategy1) == 3  # player 1 mixes three bids equally
    assert set(result.strategy1.values()) == {Fraction(1, 3)}
    assert result.elimination is not None
    dominance.verify(np.array(payoff_matrix(result.game)), result.elimination)


def test_player_3_always_wins_with_more_money() -> None:
    result = cowtrade.solve(CowTrade(5, 5, 1))
    assert result.value == -1 and result.inspection_size is None


def test_always_winning_bid() -> None:
    assert cowtrade.always_winning_bid(CowTrade(4, 1, 1)) is not None  # 4 > 3*1
    assert cowtrade.always_winning_bid(CowTrade(3, 1, 1)) is None


@pytest.mark.parametrize(("t1", "t3"), [(9, 2), (20, 7), (13, 12), (30, 3), (6, 5)])
def test_closed_forms_against_lp(t1: int, t3: int) -> None:
    for initiative in (1, 3):
        lp = cowtrade.solve(CowTrade(t1, t3, initiative), eliminate=False).value
        assert cowtrade.closed_form(t1, t3, initiative) == lp
    assert cowtrade.study_closed_form(t1, t3) == cowtrade.solve(CowTrade(t1, t3, 1)).value


def test_study_formula_fails_with_initiative_3() -> None:
    # t1 = 8, t3 = 5 (t1 - t3 odd): with initiative 3 the band is floor(3/2) = 1 wide, so n = 6,
    # while the study's formula uses ceil(3/2) = 2 and says n = 3
    lp = cowtrade.solve(CowTrade(8, 5, 3)).value
    assert lp == Fraction(2, 6) - 1
    assert cowtrade.study_closed_form(8, 5) == Fraction(2, 3) - 1
    # t1 = 6, t3 = 5: player 1's band is empty with initiative 3
    assert cowtrade.solve(CowTrade(6, 5, 3)).value == -1


def test_loser_rule_closed_form() -> None:
    for t1, t3 in [(10, 2), (11, 2), (12, 3)]:
        game = CowTrade(t1, t3, 3, second_initiative=SecondInitiative.LOSER)
        assert cowtrade.closed_form(t1, t3, 3, SecondInitiative.LOSER) == cowtrade.solve(game).value


def test_partial_game_from_cards() -> None:
    result = cowtrade.solve(CowTrade.from_cards(cowtrade.STARTING_HAND, (10, 10, 10), 1))
    assert result.inspection_size is not None
    assert result.value == Fraction(2, result.inspection_size) - 1


def test_inspection_size_recognises_permuted_matrices() -> None:
    m = np.array([[-1, 1, -1], [1, -1, -1], [-1, -1, 1]])
    assert cowtrade.inspection_size(m) == 3
    assert cowtrade.inspection_size(np.array([[1, 1], [-1, 1]])) is None
    assert cowtrade.inspection_size(np.array([[1]])) == 1
    assert cowtrade.inspection_size(np.array([[-1]])) is None


def test_solution_is_a_result_with_bids_in_money():
    result = cowtrade.solve(CowTrade(8, 5, 1))
    data = result.to_json()
    assert data["status"] == "exact" and data["value_exact"] == "-1/3" and data["inspection_size"] == 3
    assert [e["bid"] for e in data["strategy1"]] == sorted(result.strategy1)
    assert sum(Fraction(e["probability_exact"]) for e in data["strategy3"]) == 1
    assert all(e["probability"] == float(Fraction(e["probability_exact"])) for e in data["strategy1"])
    assert data["counters"]["removals"] == len(result.steps()) > 0
    assert result.steps()[0].startswith(("row bid", "column bid"))


def test_the_game_from_options():
    from parlour.analyses.cowtrade.policy import trade_game

    assert trade_game((8, 5), initiative=1) == CowTrade(8, 5, 1)
    game = trade_game(cards=([0, 10, 10, 50], [10, 10]), initiative=3)
    assert game.money1 == 70 and game.money3 == 20 and game.initiative == 3
    with pytest.raises(InvalidInput, match="give both players' money totals"):
        trade_game((8, None))
    with pytest.raises(InvalidInput, match="money cards make their own bids"):
        trade_game(cards=([10], [10]), bids=([1], None))
