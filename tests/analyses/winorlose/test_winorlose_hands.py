"""A view's exact chances (the command's and the page's answer) and the combination frequencies."""

from __future__ import annotations

import math
from fractions import Fraction

from parlour.analyses.winorlose import category_counts, view_chance
from parlour.games.winorlose.cards import parse_cards
from parlour.games.winorlose.chance import win_chance


def test_view_chance_matches_the_games_count_and_prints_exact_and_float():
    own, tab = parse_cards([("3h,4", "hand", 2), ("0,1,2,5,6", "table", 5)])
    got = view_chance(own, tab)
    wc = win_chance(own, tab)
    assert got.chance == wc
    assert got.hand == ("3h", "4c") and got.score == "0.00.65432" and got.combination == "high card"
    js = got.to_json()
    assert (js["win_exact"], js["tie_exact"], js["lose_exact"]) == ("0", "3/100", "97/100")
    assert js["tie"] == 0.03 and js["holdings"] == 300 and js["status"] == "exact"


def test_category_counts_cover_every_hand_in_poker_order_of_rarity():
    counts = category_counts()
    assert sum(counts.values()) == math.comb(32, 7)
    # With 8 ranks, pairs are common: one pair is not the most frequent best hand here.
    assert Fraction(counts["four of a kind"], math.comb(32, 7)) < Fraction(counts["full house"], math.comb(32, 7))
    assert counts["high card"] == 4096 * math.comb(32, 7) // 105183
