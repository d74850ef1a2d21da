"""The last cow trade of Koehandel: the rules (who wins a pair of bids), as data and matrices."""

from parlour.games.cowtrade.rules import (
    CARD_VALUES,
    STARTING_HAND,
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
    "STARTING_HAND",
    "CowTrade",
    "SecondInitiative",
    "bids_from_cards",
    "combined_symbols",
    "payoff_matrix",
    "winner",
    "winner_matrix",
]
