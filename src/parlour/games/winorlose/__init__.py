"""Win or Lose: a simplified poker prediction game (32 cards, no flushes or straights).

Modules: `cards` (deck, parsing), `evaluate` (hand scores and the A.BB.CCCCC code), `rules` (points,
ties, what "win chance" means), `chance` (exact win chances and the rank-multiset deal grid),
`characters` (Frank's and Tina's types), `play` (dealing and playing rounds: the readable player),
`simulate` (Learning Tina's games in numba, checked against `play`).
"""

# its modules, each imported on its own (the package itself loads none of them)
__all__ = ["cards", "chance", "characters", "evaluate", "kernels", "pairings", "play", "rules", "simulate", "view"]
