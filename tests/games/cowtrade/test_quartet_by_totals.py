"""A quartet's end game with offers told apart only by (total, number of cards) and 2-2 states only by
their totals (`QuartetByTotals`): the same value as the full game at every start, under every rule."""

from __future__ import annotations

import itertools
import random

import pytest

from parlour.errors import InvalidInput
from parlour.games.cowtrade.endgame import (
    CARD_VALUES,
    Endgame,
    EndgameRules,
    NextChallenger,
    QuartetByTotals,
    StageRule,
    TieRule,
    hand_from_cards,
    offer_kinds,
    offers,
)
from parlour.solvers import stochastic

RULES = [EndgameRules(4, stage, ties, nxt) for stage, ties, nxt in
         itertools.product(StageRule, TieRule, NextChallenger)]
BONUS_POOL = [0, 0, 0, 0] + [10] * 8 + [50] * 4 + [100, 100, 200, 200, 500, 500]


def _starts(game: Endgame, pool: list[int]) -> list:
    total = hand_from_cards(pool)
    out = []
    for hand1 in offers(total):
        assert isinstance(hand1, tuple)
        hand2 = tuple(t - h for t, h in zip(total, hand1, strict=True))
        out += [game.start(a, hand1, hand2, c) for a in (1, 2, 3) for c in (1, 2)]
    return out


def _agree(rules: EndgameRules, pool: list[int]) -> int:
    full = Endgame(rules)
    reduced = QuartetByTotals(rules)
    starts = _starts(full, pool)
    want = stochastic.solve(full, starts)
    got = stochastic.solve(reduced, [reduced.key(s) for s in starts])
    for s in starts:
        assert got.at(reduced.key(s)).lower == want.at(s).lower == want.at(s).upper, s
    return len(starts)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.stage}-{r.ties}-{r.next_challenger}")
def test_same_values_as_the_full_game_with_small_cards(rules: EndgameRules) -> None:
    assert _agree(rules, [0, 10, 10, 50]) == 12 * 6


def test_same_values_with_bonus_cards() -> None:
    # a pool drawn from the bonus money, so 100, 200 or 500 change hands too
    pool = random.Random(4).sample(BONUS_POOL, 4)
    for rules in (EndgameRules(), EndgameRules.study()):
        assert _agree(rules, pool) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_same_values_with_more_bonus_cards(seed: int) -> None:
    pool = random.Random(seed).sample(BONUS_POOL, 6)
    for rules in (EndgameRules(), EndgameRules.study()):
        assert _agree(rules, pool) > 0


def test_money_totals_agree_too() -> None:
    for rules in (EndgameRules(), EndgameRules.study()):
        full, reduced = Endgame(rules), QuartetByTotals(rules)
        starts = [full.start(a, m1, 25 - m1, c) for m1 in range(0, 26, 3) for a in (1, 2, 3) for c in (1, 2)]
        want = stochastic.solve(full, starts)
        got = stochastic.solve(reduced, [reduced.key(s) for s in starts])
        assert all(got.at(reduced.key(s)).lower == want.at(s).lower for s in starts)


def test_offer_kinds_are_the_distinct_totals_and_counts() -> None:
    hand = hand_from_cards([0, 10, 10, 50, 100, 500])
    listed = {(sum(v * n for v, n in zip(CARD_VALUES, o, strict=True)), sum(o)) for o in offers(hand)}
    assert set(offer_kinds(hand, True)) == listed
    assert set(offer_kinds(hand, False)) == {(t, 0) for t, _ in listed}


def test_only_quartets() -> None:
    with pytest.raises(InvalidInput, match="only in a quartet"):
        QuartetByTotals(EndgameRules(5))


@pytest.mark.parametrize("rules", [EndgameRules(), EndgameRules.study(),
                                   EndgameRules(4, next_challenger=NextChallenger.LOSER)],
                         ids=["rules", "study", "loser"])
def test_relabelling_the_players_negates_the_value(rules: EndgameRules) -> None:
    # what the bonus table relies on to solve only 1-3 starts: 3-1 is 1-3 with the players swapped
    game, full = QuartetByTotals(rules), Endgame(rules)
    pool = random.Random(5).sample(BONUS_POOL, 5)
    starts = [s for s in _starts(full, pool) if s.animals1 != 2]
    solution = stochastic.solve(game, [game.key(s) for s in starts])
    for s in starts:
        mirror = s._replace(animals1=4 - s.animals1, hand1=s.hand2, hand2=s.hand1, challenger=3 - s.challenger)
        assert solution.at(game.key(s)).lower == -solution.at(game.key(mirror)).lower


@pytest.mark.slow
def test_two_two_with_the_whole_bonus_money() -> None:
    # real bonus-money starts at 2-2, where the full game is still small enough: player 1 holds two
    # cards, player 2 the other twenty (thousands of offers); either challenger, both stage rules
    total = hand_from_cards(BONUS_POOL)
    rng = random.Random(6)
    for _ in range(2):
        mine = rng.sample(BONUS_POOL, 2)
        hand1 = hand_from_cards(mine)
        hand2 = tuple(t - h for t, h in zip(total, hand1, strict=True))
        for rules in (EndgameRules(), EndgameRules.study()):
            full, reduced = Endgame(rules), QuartetByTotals(rules)
            for c in (1, 2):
                start = full.start(2, hand1, hand2, c)
                want = stochastic.solve(full, [start]).at(start)
                got = stochastic.solve(reduced, [reduced.key(start)]).at(reduced.key(start))
                assert want.lower == want.upper == got.lower == got.upper
