"""The 32-card deck: 8 ranks (0..7) x 4 suits. A card is an int 0..31, rank = card // 4.

Suits never matter for the score; they only make cards distinct (so a fifth card of a rank, or the
same card twice, is an error). Text form: "3h" (rank 3 of hearts) or just "3" (suit left to us).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from parlour.errors import InvalidInput, shown

RANKS = 8
SUITS = 4
DECK_SIZE = RANKS * SUITS
SUIT_LETTERS = "cdhs"  # clubs, diamonds, hearts, spades


def card(rank: int, suit: int) -> int:
    return rank * SUITS + suit


def rank_of(c: int) -> int:
    return c // SUITS


def suit_of(c: int) -> int:
    return c % SUITS


def card_text(c: int) -> str:
    return f"{rank_of(c)}{SUIT_LETTERS[suit_of(c)]}"


def rank_counts(cards: Iterable[int]) -> tuple[int, ...]:
    counts = [0] * RANKS
    for c in cards:
        counts[rank_of(c)] += 1
    return tuple(counts)


def _parse_one(token: str, what: str) -> tuple[int, int | None]:
    text = token.strip().lower()
    if not text:
        raise InvalidInput(f"{what}: an empty card (check the commas)")
    rank_text, suit_text = (text[:-1], text[-1]) if text[-1] in SUIT_LETTERS else (text, "")
    if not (rank_text.isascii() and rank_text.isdigit() and len(rank_text) <= 2) or not 0 <= int(rank_text) < RANKS:
        raise InvalidInput(
            f"{what}: {shown(token.strip())} is not a card; a card is a rank 0..7, optionally with a suit "
            f"letter c, d, h or s (e.g. 3 or 3h)"
        )
    return int(rank_text), (SUIT_LETTERS.index(suit_text) if suit_text else None)


def parse_cards(groups: Sequence[tuple[str, str, int]]) -> list[list[int]]:
    """Parse several comma-separated card lists that share one deck.

    `groups` holds (text, name, how many cards it must have). Cards without a suit get the first suit
    of their rank that no other card uses, so "3,3" means two different threes. Raises InvalidInput on
    a wrong count, a bad token, the same card twice or a fifth card of a rank.
    """
    parsed: list[list[tuple[int, int | None]]] = []
    for text, what, size in groups:
        tokens = text.split(",") if text.strip() else []
        if len(tokens) != size:
            raise InvalidInput(f"{what} needs exactly {size} cards, got {len(tokens)} ({shown(text)})")
        parsed.append([_parse_one(t, what) for t in tokens])
    used: set[int] = set()
    for items in parsed:
        for r, s in items:
            if s is None:
                continue
            c = card(r, s)
            if c in used:
                raise InvalidInput(f"the card {card_text(c)} is given twice")
            used.add(c)
    result: list[list[int]] = []
    for items, (_, what, _) in zip(parsed, groups, strict=True):
        cards: list[int] = []
        for r, s in items:
            if s is None:
                free = [card(r, x) for x in range(SUITS) if card(r, x) not in used]
                if not free:
                    raise InvalidInput(f"{what}: there are only {SUITS} cards of rank {r}; a fifth one was given")
                c = free[0]
                used.add(c)
            else:
                c = card(r, s)
            cards.append(c)
        result.append(cards)
    return result


def check_distinct(cards: Sequence[int]) -> None:
    if any(not 0 <= c < DECK_SIZE for c in cards):
        raise InvalidInput(f"cards are numbers 0..{DECK_SIZE - 1}, got {list(cards)}")
    if len(set(cards)) != len(cards):
        raise InvalidInput("the same card appears twice in one deal")
