"""Win or Lose: tournaments between the character types, exact where the types are memoryless.

Every deal is counted by rank multisets (the deal grid: 784 tables x 36 x 36 rank pairs with suit
multiplicities, 2.1e10 card deals in all). For a memoryless pairing each cell of the grid fixes both
predictions and both point scores, so the per-round joint distribution of (Frank's points, Tina's
points) is an exact integer count over all deals. A game of R rounds is R independent rounds: the
distribution of Tina's lead is the R-th power of a degree-8 polynomial (python-flint, exact integers).
Learning Tina remembers, so her games are simulated (deals drawn exactly from the grid weights) and
reported with 95% intervals.

pairing.py   one pairing's round distribution, game odds, and the tournament of all pairings
views.py     the exact win chance of a view and rounds played with cards (the terminal and the page)
claims.py    the claims of `parlour reproduce`
"""

from parlour.analyses.winorlose.pairing import (
    DEFAULT_GAMES,
    DEFAULT_ROUNDS,
    FRANKS,
    STUDY_ROWS,
    STUDY_TABLE,
    PairingResult,
    Tournament,
    exact_pairing,
    game_odds,
    learning_pairing,
    pairing,
    round_distribution,
    tournament,
)

__all__ = [
    "DEFAULT_GAMES",
    "DEFAULT_ROUNDS",
    "FRANKS",
    "STUDY_ROWS",
    "STUDY_TABLE",
    "PairingResult",
    "Tournament",
    "exact_pairing",
    "game_odds",
    "learning_pairing",
    "pairing",
    "round_distribution",
    "tournament",
]
