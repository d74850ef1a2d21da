from __future__ import annotations

import pytest

from parlour.errors import InvalidInput
from parlour.games.winorlose.cards import card, card_text, parse_cards


def test_parse_with_and_without_suits():
    hand, table = parse_cards([("3h,3", "--hand", 2), ("3,0,1,2,7", "--table", 5)])
    assert card_text(hand[0]) == "3h"
    assert len({*hand, *table}) == 7
    assert hand[1] == card(3, 0) and table[0] == card(3, 1)  # the first free suits of rank 3


@pytest.mark.parametrize(
    ("hand", "table", "message"),
    [
        ("3,3", "3,3,3,1,2", "fifth"),
        ("3h,3h", "0,1,2,4,5", "twice"),
        ("3h,4", "3h,1,2,4,5", "twice"),
        ("3", "0,1,2,4,5", "exactly 2"),
        ("3,4", "0,1,2,4", "exactly 5"),
        ("8,4", "0,1,2,4,5", "not a card"),
        ("x,4", "0,1,2,4,5", "not a card"),
        ("3,", "0,1,2,4,5", "empty"),
    ],
)
def test_bad_cards(hand, table, message):
    with pytest.raises(InvalidInput, match=message):
        parse_cards([(hand, "--hand", 2), (table, "--table", 5)])
