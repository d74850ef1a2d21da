"""Cow trade (Koehandel), the last trade: the rules as data (money, bids, initiative, money cards) and the
winner of every pair of bids, as the study writes it (1, 3; combined 1/2/3/4)."""

from parlour.games.cowtrade.rules import (
    CARD_VALUES,
    CowTrade,
    SecondInitiative,
    bids_from_cards,
    combined_symbols,
    payoff_matrix,
    winner,
    winner_matrix,
)

__all__ = [
    "CARD_VALUES",
    "CowTrade",
    "SecondInitiative",
    "bids_from_cards",
    "combined_symbols",
    "payoff_matrix",
    "winner",
    "winner_matrix",
]
