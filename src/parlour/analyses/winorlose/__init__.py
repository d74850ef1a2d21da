"""Win or Lose: tournaments between the character types, exact where the types are memoryless.

Modules: `study` (the study's table and our defaults), `rounds` (exact one-round distributions and game
odds over every deal), `tournament` (pairings and tournaments; Learning Tina simulated), `play` (rounds
with concrete cards for the terminal and the page), `figures` (the report's tables and figures), `claims`
(the claims of `parlour reproduce`). A view's exact chances and the combination frequencies are
`games.winorlose.view`, re-exported here.
"""

from __future__ import annotations

from parlour.games.winorlose.view import ViewChance, category_counts, view_chance

from .play import Series, play, resume
from .rounds import GameOdds, RoundDistribution, game_odds, game_odds_float, predictions, round_distribution
from .study import DEFAULT_GAMES, DEFAULT_ROUNDS, DEFAULT_SEED, FRANKS, STUDY_ROWS, STUDY_TABLE
from .tournament import ALL_TINAS, PairingResult, Tournament, exact_pairing, learning_pairing, pairing, tournament

__all__ = [
    "ALL_TINAS",
    "DEFAULT_GAMES",
    "DEFAULT_ROUNDS",
    "DEFAULT_SEED",
    "FRANKS",
    "STUDY_ROWS",
    "STUDY_TABLE",
    "GameOdds",
    "PairingResult",
    "RoundDistribution",
    "Series",
    "Tournament",
    "ViewChance",
    "category_counts",
    "exact_pairing",
    "game_odds",
    "game_odds_float",
    "learning_pairing",
    "pairing",
    "play",
    "predictions",
    "resume",
    "round_distribution",
    "tournament",
    "view_chance",
]
