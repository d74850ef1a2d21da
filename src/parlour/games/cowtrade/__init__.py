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
