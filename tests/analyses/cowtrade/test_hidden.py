import dataclasses
import json
import math
from fractions import Fraction

import pytest

from parlour.analyses.cowtrade import hidden
from parlour.analyses.cowtrade.hidden import Deal, dealt, from_deals, hidden_last_trade, solve_hidden
from parlour.analyses.cowtrade.model import solve
from parlour.claims import Status as ClaimStatus
from parlour.errors import CertificateError, InvalidInput
from parlour.games.cowtrade import CowTrade, SecondInitiative
from parlour.solvers import bayesian


@pytest.mark.parametrize("initiative", [1, 3])
def test_two_players_hide_nothing(initiative: int) -> None:
    # With two players the pool is known, so each hand is the pool minus the other: the hidden game is
    # the full-information game deal by deal, and knowing the other's money is worth exactly 0.
    sol = hidden_last_trade(2, initiative)
    sol.check()
    assert all(sorted(d.cards1 + d.cards3) == sorted(hidden.starting_money() * 2) for d in sol.deals)
    assert sol.value_of_information == 0
    assert sol.worth_to_player1 == 0 and sol.worth_to_player3 == 0
    # every hand meets one hand only, so its hidden-money mixture is optimal in that full-information trade
    assert not sol.differing_bids()


def test_one_deal_is_the_full_information_trade() -> None:
    cards1, cards3 = (0, 10, 10, 10, 50), (10, 10, 50)
    for initiative in (1, 3):
        sol = solve_hidden(from_deals([(1, cards1, cards3)]), initiative)
        assert sol.value == sol.value_informed == solve(CowTrade.from_cards(cards1, cards3, initiative)).value


def test_small_prior_by_hand() -> None:
    # Player 1 holds 10 + 10 (bids 0, 10, 20); player 3 holds a 0 or a 10, each with probability 1/2.
    # Initiative 1, second trade alternating (a money tie there goes to player 3). Winners:
    #   player 3 has 0:  player 1 wins iff he bids 0 (bid 10 leaves 10 v 10: player 3 wins the tie).
    #   player 3 has 10: bid 0 wins iff player 3 bids 0; bid 10 wins iff player 3 bids 10; 20 never.
    # Player 1 bids 0 with probability p (10 otherwise), player 3 with 10 bids 10 with probability q:
    #   P(1 wins) = p/2 + (p (1 - q) + (1 - p) q)/2. Player 3 holds the bracket to min(p, 1 - p), so
    #   player 1 gets at most p/2 + min(p, 1-p)/2 <= 1/2 (any p >= 1/2); against p = 1 only q = 1 holds
    #   him to 1/2: hidden value 2 * 1/2 - 1 = 0, and player 3 with a 10 always bids it.
    # Full information: against 0 player 1 bids 0 and wins (+1); against 10 it is the 2 x 2 inspection
    # game (value 0): informed value 1/2. Only player 1 informed: also 1/2 (player 3 knows his opponent's
    # hand anyway); only player 3 informed: 0. So seeing the other's money is worth 1/2 to player 1.
    deals = from_deals([(Fraction(1, 2), (10, 10), (0,)), (Fraction(1, 2), (10, 10), (10,))])
    sol = solve_hidden(deals, 1, SecondInitiative.ALTERNATE)
    sol.check()
    assert sol.value == 0 and sol.win1 == Fraction(1, 2)
    assert sol.value_informed == Fraction(1, 2)
    assert sol.value_player1_informed == Fraction(1, 2) and sol.value_player3_informed == 0
    assert sol.worth_to_player1 == Fraction(1, 2) and sol.worth_to_player3 == 0
    by_hand = {h.hand: h for h in sol.bids3}
    assert by_hand[(10,)].hidden == {10: 1}
    assert not by_hand[(0,)].bid_matters  # one bid only
    assert sum(by_hand[(10,)].hidden.values()) == 1
    mix1 = sol.bids1[0].hidden
    assert 20 not in mix1 and mix1.get(0, Fraction(0)) >= Fraction(1, 2)


def test_deal_model_probabilities() -> None:
    deals = dealt(3)
    assert sum(d.probability for d in deals) == 1
    # 21 cards (6 x 0, 12 x 10, 3 x 50), 7 to player 1: he holds all three 50s with probability
    # C(18, 4) / C(21, 7)
    p = sum(d.probability for d in deals if d.cards1.count(50) == 3)
    assert p == Fraction(math.comb(18, 4), math.comb(21, 7))
    marginal1: dict[tuple[int, ...], Fraction] = {}
    marginal3: dict[tuple[int, ...], Fraction] = {}
    for d in deals:
        marginal1[d.cards1] = marginal1.get(d.cards1, Fraction(0)) + d.probability
        marginal3[d.cards3] = marginal3.get(d.cards3, Fraction(0)) + d.probability
        assert len(d.cards1) == len(d.cards3) == 7
    assert marginal1 == marginal3  # the deal is exchangeable
    assert len(dealt(3, donkeys=1)[0].cards1) == 8


@pytest.mark.parametrize("initiative", [1, 3])
def test_three_players_standard_money(initiative: int) -> None:
    sol = hidden_last_trade(3, initiative)
    sol.check()
    assert sol.counters["deals"] == len(sol.deals) == 265
    assert sol.worth_to_player1 is not None and sol.worth_to_player1 >= 0
    assert sol.worth_to_player3 is not None and sol.worth_to_player3 >= 0
    assert sol.value_player3_informed <= sol.value <= sol.value_player1_informed  # type: ignore[operator]
    assert sol.value_of_information != 0  # with a third hand, the money is really hidden
    assert sol.differing_bids()
    # the bids per hand are proper mixtures over the hand's possible bids
    for h in (*sol.bids1, *sol.bids3):
        assert sum(h.hidden.values()) == 1 == sum(h.informed.values())
        assert set(h.hidden) <= set(CowTrade.from_cards(h.hand, ()).bids1)


def test_full_information_as_a_bayesian_game_agrees() -> None:
    # The same deals with both players' types = the whole deal: the sequence-form LP must give the
    # expectation of the deals' matrix-game values (two different solvers, one value).
    deals = dealt(3)
    both = bayesian.solve(hidden.bayesian_game(deals, 3, informed="both"))
    sol = solve_hidden(deals, 3, one_sided=False)
    assert 2 * both.value - 1 == sol.value_informed


def test_a_forged_value_fails_the_check() -> None:
    sol = hidden_last_trade(2, 1, one_sided=False)
    forged = dataclasses.replace(sol, value_informed=sol.value_informed + Fraction(1, 1000))
    with pytest.raises(CertificateError):
        forged.check()
    with pytest.raises(CertificateError):
        dataclasses.replace(sol, value=sol.value + 1).check()
    bad_hidden = dataclasses.replace(sol.hidden, value=sol.hidden.value + Fraction(1, 7))
    with pytest.raises(CertificateError):
        dataclasses.replace(sol, hidden=bad_hidden).check()


def test_json_and_text() -> None:
    sol = hidden_last_trade(3, 1)
    out = json.loads(json.dumps(sol.to_json()))
    assert Fraction(out["value_exact"]) == sol.value
    assert Fraction(out["value_of_information_exact"]) == sol.value_informed - sol.value
    assert out["status"] == "exact" and out["players"] == 3 and out["deals"] == 265
    first = out["bids1"][0]
    assert {"hand", "hidden", "informed", "probability_exact"} <= set(first)
    assert all("probability_exact" in m for m in first["hidden"])
    text = hidden.render_text(sol)
    assert str(sol.value) in text and "Player 3's bids" in text
    assert len(hidden.render_text(sol, only_differing=True)) <= len(text)


def test_bad_input() -> None:
    with pytest.raises(InvalidInput, match="players"):
        dealt(1)
    with pytest.raises(InvalidInput, match="donkeys"):
        dealt(3, donkeys=5)
    with pytest.raises(InvalidInput, match="sum to 1"):
        from_deals([(Fraction(1, 2), (10,), (10,))])
    with pytest.raises(InvalidInput, match="money card"):
        from_deals([(1, (10, 20), (10,))])
    with pytest.raises(InvalidInput, match="probability"):
        from_deals([(0.5, (10,), (10,)), (0.5, (0,), (10,))])  # type: ignore[list-item]
    with pytest.raises(InvalidInput, match="initiative"):
        solve_hidden([Deal(Fraction(1), (10,), (0,))], 2)


@pytest.mark.parametrize(("players", "donkeys"), [(2, 0), (3, 0), (4, 0), (3, 1), (5, 1)])
def test_estimate_matches_the_game(players: int, donkeys: int) -> None:
    size = hidden.estimate(players, donkeys)
    deals = dealt(players, donkeys)
    game = hidden.bayesian_game(deals)
    assert size["deals"] == len(deals)
    assert (size["hands1"], size["hands3"]) == (len(game.types1), len(game.types2))
    assert size["columns"] == game.lp_size["columns"] and size["rows"] == game.lp_size["rows"]


def test_the_size_guard() -> None:
    assert hidden.guard(3)["rows"] == 234
    with pytest.raises(InvalidInput, match="too big"):
        hidden.guard(3, donkeys=4)  # counted, not dealt: 606,556 deals


def test_the_claim() -> None:
    outcome = hidden.hidden_value_of_information_claim()
    assert outcome.status is ClaimStatus.NEW
    assert "initiative 1" in outcome.computed and "initiative 3" in outcome.computed


@pytest.mark.slow
def test_three_players_with_the_first_donkey() -> None:
    sol = hidden_last_trade(3, 1, donkeys=1)
    sol.check()
    assert len(sol.deals) == 679 and all(len(d.cards1) == 8 for d in sol.deals)
    assert sol.worth_to_player1 is not None and sol.worth_to_player1 >= 0
    assert sol.worth_to_player3 is not None and sol.worth_to_player3 >= 0
