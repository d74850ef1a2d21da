"""analyses.cowtrade.play: the steps as data, the inspection game, the exact draw and one trade."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from parlour.analyses import cowtrade
from parlour.analyses.cowtrade.play import draw, expected_payoff, inspection_game, steps, story, trade
from parlour.errors import InvalidInput
from parlour.games.cowtrade import CowTrade, SecondInitiative, payoff_matrix, winner


@pytest.mark.parametrize(("t1", "t3", "initiative"), [(8, 5, 1), (8, 5, 3), (30, 11, 1), (17, 17, 3), (40, 9, 3)])
def test_steps_replay_the_elimination(t1: int, t3: int, initiative: int) -> None:
    result = cowtrade.solve(CowTrade(t1, t3, initiative))
    got = steps(result)
    assert [s.text for s in got] == result.steps()
    alive = {1: set(result.game.bids1), 3: set(result.game.bids3)}
    for s in got:
        assert s.bid in alive[s.player] and all(b in alive[s.player] for b, _ in s.witness)
        assert sum(w for _, w in s.witness) == 1 and s.kind in ("strict", "weak", "equal")
        alive[s.player].remove(s.bid)
    ins = inspection_game(result)
    assert set(ins.rows) == alive[1] and set(ins.cols) == alive[3]


@pytest.mark.parametrize(("t1", "t3", "initiative"), [(8, 5, 1), (30, 11, 1), (40, 9, 3), (100, 60, 3)])
def test_inspection_game_has_its_wins_on_the_diagonal(t1: int, t3: int, initiative: int) -> None:
    result = cowtrade.solve(CowTrade(t1, t3, initiative))
    ins = inspection_game(result)
    n = ins.size
    assert n is not None and n == len(ins.rows) == len(ins.cols)
    assert np.array_equal(np.array(ins.winners), np.where(np.eye(n, dtype=bool), 1, 3))
    assert result.value == Fraction(2, n) - 1


def test_draw_is_exact() -> None:
    mixture = {0: Fraction(1, 3), 2: Fraction(1, 6), 4: Fraction(1, 2)}
    rng = random.Random(11)
    counts = Counter(draw(mixture, rng) for _ in range(6000))
    assert set(counts) == set(mixture)
    for bid, p in mixture.items():
        assert abs(counts[bid] / 6000 - float(p)) < 0.03
    assert {draw({7: Fraction(1)}, rng) for _ in range(20)} == {7}


@pytest.mark.parametrize("side", [1, 3])
def test_no_bid_beats_the_value(side: int) -> None:
    result = cowtrade.solve(CowTrade(20, 9, 3))
    other = result.strategy3 if side == 1 else result.strategy1
    value = result.value if side == 1 else -result.value
    bids = result.game.bids1 if side == 1 else result.game.bids3
    payoffs = [expected_payoff(result.game, side, b, other) for b in bids]
    assert max(payoffs) == value  # the certificate: min over columns / max over rows equals v
    own = result.strategy1 if side == 1 else result.strategy3
    assert all(expected_payoff(result.game, side, b, other) == value for b in own)


def test_trade_follows_the_rules() -> None:
    result = cowtrade.solve(CowTrade(8, 5, 1))
    matrix = payoff_matrix(result.game)
    for seed in range(30):
        t = trade(result, 3, 2, random.Random(seed))
        assert t.computer_bid in result.strategy1
        i = result.game.bids1.index(t.computer_bid)
        assert (t.winner == 1) == (matrix[i, result.game.bids3.index(2)] == 1)
    with pytest.raises(InvalidInput):
        trade(result, 1, 9, random.Random(0))
    with pytest.raises(InvalidInput):
        trade(result, 2, 1, random.Random(0))


@pytest.mark.parametrize("second", list(SecondInitiative))
def test_story_names_the_winner(second: SecondInitiative) -> None:
    for initiative in (1, 3):
        game = CowTrade(10, 4, initiative, second_initiative=second)
        for i1 in game.bids1:
            for i3 in game.bids3:
                who = winner(i1, i3, 10, 4, initiative, second)
                assert story(game, i1, i3).endswith(f": player {who} ends with the quartet.")


# --- one trade of the end game ------------------------------------------------------------------------

def _solved_endgame(**kwargs: object):  # type: ignore[no-untyped-def]
    from parlour.analyses.cowtrade import policy

    plan = policy.plan_endgame(**kwargs)  # type: ignore[arg-type]
    done = policy.run_endgame(plan)
    assert done.solution is not None
    return plan, done.solution


def test_the_computer_answers_from_its_optimal_mixture_and_the_rules_decide() -> None:
    from parlour.analyses.cowtrade.play import endgame_trade
    from parlour.games.cowtrade.endgame import ACCEPT, Endgame, hand_from_cards

    plan, solution = _solved_endgame(cards=([10, 50], [10, 10]), animals1=2)
    state = plan.start  # player 1 challenges
    k = solution.index[state]
    stage, sol = solution.stages[k], solution.solutions[k]
    offer = hand_from_cards([50])
    signal = stage.signals[stage.rows.index(offer)] if stage.signals is not None else 0
    support = {m for m, p in zip(stage.cols, sol.strategy2[signal], strict=True) if p > 0}
    seen = set()
    for seed in range(20):
        played = endgame_trade(solution, plan.rules, state, random.Random(seed), offer=offer)
        answer = ACCEPT if played.accepted else played.offer2
        assert answer in support and played.offer1 == offer and played.state == state
        assert played.outcome == Endgame(plan.rules).outcome(state, offer, answer)
        seen.add(answer)
    assert seen  # the draw reads the mixture; with the same seed it is the same move
    again = endgame_trade(solution, plan.rules, state, random.Random(3), offer=offer)
    assert again == endgame_trade(solution, plan.rules, state, random.Random(3), offer=offer)
    with pytest.raises(InvalidInput, match="give his offer"):
        endgame_trade(solution, plan.rules, state, random.Random(0))


def test_the_computer_challenging_offers_within_the_count_shown() -> None:
    from parlour.analyses.cowtrade.play import computer_count, endgame_trade
    from parlour.games.cowtrade.endgame import ACCEPT, Endgame, card_count

    plan, solution = _solved_endgame(cards=([10, 50], [10, 10, 10]), animals1=2, challenger=2)
    state = plan.start
    count = computer_count(solution, state, random.Random(1))
    assert count is not None
    for seed in range(10):
        played = endgame_trade(solution, plan.rules, state, random.Random(seed), response=ACCEPT, count=count)
        assert played.accepted and played.offer1 is None and played.offer2 is not None
        assert card_count(played.offer2) == count
        assert played.outcome == Endgame(plan.rules).outcome(state, played.offer2, ACCEPT)
    with pytest.raises(InvalidInput, match="never have 40 cards"):
        endgame_trade(solution, plan.rules, state, random.Random(0), response=ACCEPT, count=40)
    with pytest.raises(InvalidInput, match="number of cards"):
        endgame_trade(solution, plan.rules, state, random.Random(0), response=ACCEPT)
    study, simultaneous = _solved_endgame(cards=([10, 50], [10, 10, 10]), animals1=2, challenger=2, study=True)
    assert computer_count(simultaneous, study.start, random.Random(0)) is None  # both offer at once
    with pytest.raises(InvalidInput, match="no accepting"):
        endgame_trade(simultaneous, study.rules, study.start, random.Random(0), response=ACCEPT)
