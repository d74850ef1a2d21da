# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Your own game, from nothing
#
# A game is a few functions; `parlour.solve` checks it, picks the engine and proves the answer
# (docs/your-game.md). This notebook writes a small dice game in a cell, solves it, and draws the optimal
# strategy. Then it solves Kuhn poker, a game tree with hidden cards, from the gallery file.
#
# This file is a [jupytext](https://jupytext.readthedocs.io) notebook; the tests run every cell.

# %%
from fractions import Fraction
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

import parlour
from parlour.toolkit import Chance, End

# %% [markdown]
# ## 1. A dice race: Pig to 50
#
# Two players alternate; in a turn a player rolls a die as often as he likes. A 1 loses the turn's points and
# ends the turn; 2-6 add to them; holding banks them. The first to 50 wins. A state is (player to move,
# player 1's score, player 2's score, turn total); the value is player 1's chance to win.

# %%
GOAL = 50  # below about 40, holding is never optimal: a roll that reaches the goal wins at once


def moves(state):
    mover, _, _, turn = state
    mine = ("roll", "hold") if turn > 0 else ("roll",)
    return (mine, ()) if mover == 1 else ((), mine)


def play(state, move1, move2):
    mover, score1, score2, turn = state
    banked = score1 if mover == 1 else score2
    won = End(1 if mover == 1 else 0)
    other = 3 - mover
    if (move1 or move2) == "hold":
        if banked + turn >= GOAL:
            return won
        return (other, score1 + turn, score2, 0) if mover == 1 else (other, score1, score2 + turn, 0)
    outcomes = [(other, score1, score2, 0)]
    outcomes += [won if banked + turn + f >= GOAL else (mover, score1, score2, turn + f) for f in range(2, 7)]
    return Chance.uniform(outcomes)


pig = parlour.solve({"START": (1, 0, 0, 0), "moves": moves, "play": play, "PAYOFF_RANGE": (0, 1)}, tol=1e-10)
pig

# %% [markdown]
# Play can cycle (two players who roll 1s come back to the same scores), so the value is a proven interval,
# not a fraction: the engine iterates from below and from above with directed rounding and checks both
# players' strategies. The optimal policy: for each pair of scores, the turn total at which player 1 holds.

# %%
boundary = np.full((GOAL, GOAL), np.nan)
for mine in range(GOAL):
    for yours in range(GOAL):
        for turn in range(2, GOAL - mine):
            try:
                move = pig.policy((1, mine, yours, turn))["move"]
            except parlour.errors.InvalidInput:  # a turn total that cannot happen from these scores
                continue
            if move == "hold":
                boundary[mine, yours] = turn
                break
assert np.isfinite(boundary).sum() > 100  # the pairs of scores where holding is optimal somewhere
fig, ax = plt.subplots(figsize=(5, 4))
image = ax.imshow(boundary, origin="lower", cmap="viridis")
ax.set_xlabel("opponent's score")
ax.set_ylabel("my score")
ax.set_title(f"Pig to {GOAL}: hold at this turn total")
fig.colorbar(image, ax=ax)
plt.show()

# %% [markdown]
# ## 2. Kuhn poker: a game tree with hidden cards
#
# The gallery's file (examples/kuhn_poker.py) is solved in sequence form; the value is exact, -1/18, and both
# players' strategies come as fractions.

# %%
examples = next(p / "examples" for p in [Path.cwd(), *Path.cwd().parents] if (p / "examples").is_dir())
kuhn = parlour.solve(examples / "kuhn_poker.py")
assert kuhn.value_exact == Fraction(-1, 18)
kuhn

# %%
bets = {card: kuhn.strategies["player1"][f"('{card}',)"]["bet"] for card in "JQK"}
fig, ax = plt.subplots(figsize=(4, 3))
ax.bar(list(bets), list(bets.values()))
ax.set_ylabel("P(bet first)")
ax.set_title("Kuhn poker: player 1's opening (one optimal strategy)")
plt.show()
