"""The evaluator against the definition (best of 21 five-card subsets) and against treys."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from parlour.games.winorlose.cards import card, rank_counts
from parlour.games.winorlose.evaluate import (
    best_of_seven_brute,
    counts_of_code,
    evaluate,
    evaluate_batch,
    score_code,
    score_of_counts,
    score_table,
    seven_card_codes,
)


def _ranks(counts):
    return [r for r, c in enumerate(counts) for _ in range(c)]


def test_the_specs_three_examples():
    # two sixes, two fives, a seven (and two low cards that do not play)
    assert score_code(score_of_counts([1, 1, 0, 0, 0, 2, 2, 1])) == "2.65.00007"
    assert score_code(score_of_counts([0, 1, 1, 1, 0, 0, 1, 1])) == "0.00.76321"
    assert score_code(score_of_counts([0, 0, 0, 3, 0, 0, 2, 0])) == "4.36.00000"


def test_number_of_seven_card_rank_multisets():
    # coefficient of x^7 in (1 + x + ... + x^4)^8
    poly = np.array([1])
    for _ in range(8):
        poly = np.convolve(poly, np.ones(5, dtype=np.int64))
    assert len(seven_card_codes()) == poly[7] == 3144


def test_table_equals_best_of_21_subsets_for_every_multiset():
    table = score_table()
    for code in seven_card_codes():
        assert table[code] == best_of_seven_brute(_ranks(counts_of_code(code))), code


@pytest.mark.parametrize(
    ("counts", "code"),
    [
        ([4, 3, 0, 0, 0, 0, 0, 0], "5.00.00001"),  # four zeros, the kicker is a one from the trips
        ([0, 3, 0, 0, 3, 0, 0, 1], "4.41.00000"),  # two trips: the higher three plays, the lower gives a pair
        ([2, 0, 2, 0, 2, 0, 0, 1], "2.42.00007"),  # three pairs: the third pair's rank loses to the 7
        ([2, 0, 2, 0, 2, 0, 1, 0], "2.42.00006"),
        ([2, 0, 2, 1, 2, 0, 0, 0], "2.42.00003"),
        ([0, 1, 3, 1, 0, 1, 0, 1], "3.20.00075"),
    ],
)
def test_hand_picked_hands(counts, code):
    assert score_code(score_of_counts(counts)) == code


def test_batch_matches_single_and_random_order(rng=np.random.default_rng(7)):
    hands = np.array([rng.permutation(32)[:7] for _ in range(2000)])
    batch = evaluate_batch(hands)
    single = [evaluate(list(h)) for h in hands]
    assert batch.tolist() == single
    assert evaluate_batch(hands[:, ::-1]).tolist() == single  # order of the cards does not matter


def test_suits_do_not_matter():
    a = [card(r, s) for r, s in [(7, 0), (7, 1), (3, 2), (2, 0), (1, 1), (0, 3), (5, 0)]]
    b = [card(r, (s + 1) % 4) for r, s in [(7, 0), (7, 1), (3, 2), (2, 0), (1, 1), (0, 3), (5, 0)]]
    assert evaluate(a) == evaluate(b)
    assert rank_counts(a) == rank_counts(b)


# Our ranks 0..7 as treys ranks with gaps, so no five of them are consecutive (no straight, and no
# ace, so no wheel A-2-3-4-5); the order is kept, so treys must order our hands exactly as we do.
TREYS_RANKS = "2346790Q".replace("0", "T")


def test_rank_map_has_no_five_in_a_row():
    order = "23456789TJQKA"
    values = sorted(order.index(r) for r in TREYS_RANKS)
    assert "A" not in TREYS_RANKS
    assert all(values[i + 4] - values[i] > 4 for i in range(len(values) - 4))


def test_order_agrees_with_treys_on_every_multiset():
    treys = pytest.importorskip("treys", reason="treys (optional peer) is not installed: oracle skipped")
    evaluator = treys.Evaluator()
    ours, theirs = [], []
    for code in seven_card_codes():
        ranks = _ranks(counts_of_code(code))
        # Suit = position mod 4 in rank order: cards of one rank get different suits and no suit is
        # used more than twice among 7 cards, so treys can never see a flush.
        cards = [treys.Card.new(TREYS_RANKS[r] + "shdc"[i % 4]) for i, r in enumerate(sorted(ranks))]
        theirs.append(evaluator.evaluate(cards[:2], cards[2:]))  # lower is better in treys
        ours.append(int(score_table()[code]))
    ours_a, theirs_a = np.array(ours), np.array(theirs)
    # Same total order, ties included: comparing every pair through dense ranks.
    dense_ours = np.unique(ours_a, return_inverse=True)[1]
    dense_theirs = np.unique(-theirs_a, return_inverse=True)[1]
    assert np.array_equal(dense_ours, dense_theirs)


def test_five_card_subsets_are_21():
    assert len(list(combinations(range(7), 5))) == 21
