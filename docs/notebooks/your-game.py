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
# strategy. Then it solves Kuhn poker, a game tree with hidden cards, from the gallery file; a Gambit .efg
# file; an OpenSpiel game by name; and a two-player game that is not zero-sum, each with what it proves.
#
# This file is a [jupytext](https://jupytext.readthedocs.io) notebook; the tests run every cell.

# %%
import importlib.util
import tempfile
from fractions import Fraction
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

import parlour
from parlour.solvers import efg
from parlour.toolkit import Chance, End
from parlour.toolkit.tree import guarantee

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


# %% [markdown]
# ## 3. A Gambit .efg file: the value exact, both strategies checked
#
# A one-card poker in Gambit's format: Alice gets a high or a low card; she bets or checks; Bob, who sees
# nothing, calls or folds. `parlour.solve` reads the numbers exactly and answers under the file's own names.

# %%
ONE_CARD = """EFG 2 R "one card" { "Alice" "Bob" }
""
c "deal" 1 "deal" { "high" 1/2 "low" 1/2 } 0
p "" 1 1 "high" { "bet" "check" } 0
p "" 2 1 "facing bet" { "call" "fold" } 0
t "" 1 "win 2" { 2 -2 }
t "" 2 "win 1" { 1 -1 }
t "" 2
p "" 1 2 "low" { "bet" "check" } 0
p "" 2 1 0
t "" 3 "lose 2" { -2 2 }
t "" 2
t "" 4 "lose 1" { -1 1 }
"""
one_card_file = Path(tempfile.mkdtemp()) / "one-card.efg"
one_card_file.write_text(ONE_CARD)
one_card = parlour.solve(one_card_file)
one_card


# %% [markdown]
# What it proves: each player's strategy, in fractions, guarantees the value against every reply of the
# other. The check is short enough to make here: the exact best reply to each strategy, computed on the
# file's tree (`guarantee`), gives 1/3 from both sides.

# %%
def exact_strategy(result, player):
    """A player's strategy from the result, as fractions: infoset -> move -> probability."""
    return {infoset: {move.removesuffix("_exact"): Fraction(p) for move, p in plays.items()
                      if move.endswith("_exact")}
            for infoset, plays in result.strategies[f"player{player}"].items()}


tree = efg.read(one_card_file).form
alice, bob = exact_strategy(one_card, 1), exact_strategy(one_card, 2)
print("Alice:", alice, "\nBob:  ", bob)
print(f"Alice's strategy guarantees her {guarantee(tree, 1, alice)}; Bob's holds her to {guarantee(tree, 2, bob)}")
assert guarantee(tree, 1, alice) == guarantee(tree, 2, bob) == one_card.value_exact == Fraction(1, 3)

# %% [markdown]
# ## 4. An OpenSpiel game by name: Leduc poker
#
# With OpenSpiel installed (`pip install parlour[openspiel]`), a game is named in the string
# `pyspiel.load_game` reads. Leduc poker (9,457 nodes) comes back exact, its value a fraction of 31 digits.
# A strategy proves something even when it is not optimal: player 1's optimal strategy cut to two decimals
# still guarantees him a number, computed exactly, and player 2's holds him to another. The two make a
# certified interval around the value; the optimal strategies close it.

# %%
if importlib.util.find_spec("pyspiel") is None:
    print("open_spiel is not installed: pip install parlour[openspiel]")
else:
    from parlour.solvers import openspiel

    leduc = parlour.solve("openspiel:leduc_poker")
    print(leduc.status.value, leduc.value_exact, float(leduc.value_exact))
    leduc_tree = efg.form(openspiel.nodes(openspiel.load("leduc_poker"), "leduc_poker"))

    def rounded(strategy):
        """Each infoset's probabilities cut to two decimals, the last move taking what is left."""
        out = {}
        for infoset, plays in strategy.items():
            moves = list(plays)
            probs = [Fraction(int(plays[m] * 100), 100) for m in moves[:-1]]
            out[infoset] = dict(zip(moves, [*probs, 1 - sum(probs)], strict=True))
        return out

    low = guarantee(leduc_tree, 1, rounded(exact_strategy(leduc, 1)))
    high = guarantee(leduc_tree, 2, rounded(exact_strategy(leduc, 2)))
    print(f"strategies cut to two decimals: the value lies in [{float(low):.6f}, {float(high):.6f}] (proven)")
    assert low <= leduc.value_exact <= high
    assert guarantee(leduc_tree, 1, exact_strategy(leduc, 1)) == leduc.value_exact  # the optimal ones meet

# %% [markdown]
# ## 5. A two-player game that is not zero-sum: every extreme equilibrium
#
# Von Stengel's 3x2 example (Algorithmic Game Theory, 2007, ch. 3): the row player's and the column
# player's payoff tables, both maximising. `parlour.solve(A, B)` lists every extreme equilibrium exactly.

# %%
A = [[3, 3], [2, 5], [0, 6]]
B = [[3, 2], [2, 6], [3, 1]]
game = parlour.solve(A, B)
game

# %% [markdown]
# What it proves: each equilibrium is checked in fractions, as here: no pure strategy of either player pays
# more against the other's strategy than the equilibrium pays him (so no mixture does either).

# %%
for eq in game.equilibria:
    x, y = eq.strategies
    row = [sum(a * q for a, q in zip(A[i], y, strict=True)) for i in range(3)]  # each row against y
    column = [sum(B[i][j] * x[i] for i in range(3)) for j in range(2)]  # each column against x
    assert max(row) == eq.payoffs[0] and max(column) == eq.payoffs[1]
    print([str(p) for p in x], [str(q) for q in y], "pays", [str(v) for v in eq.payoffs], "- no deviation gains")

fig, ax = plt.subplots(figsize=(4, 3))
ax.scatter([float(e.payoffs[0]) for e in game.equilibria], [float(e.payoffs[1]) for e in game.equilibria])
ax.set_xlabel("row player's payoff")
ax.set_ylabel("column player's payoff")
ax.set_title("von Stengel's 3x2 game: its three equilibria")
plt.show()
