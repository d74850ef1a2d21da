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
# # A tour of parlour from Python
#
# Five games, one front door each (`parlour.goose`, `parlour.guess`, `parlour.memory`, `parlour.cowtrade`,
# `parlour.winorlose`). Every answer is a *result*: exact values as `Fraction`s (or certified intervals),
# with the status that says how it was established, and a table of itself when a notebook shows it.
#
# This file is a [jupytext](https://jupytext.readthedocs.io) notebook: open it in Jupyter as a notebook,
# or turn it into one with `jupytext --to ipynb tour.py`. The tests run every cell.

# %%
import matplotlib.pyplot as plt
import numpy as np

import parlour

# %% [markdown]
# ## 1. Game of the Goose: what a rule change does to the chances
#
# Two players, the study's rules, solved exactly: the chances are fractions with thousands of digits, proven
# by an exact residual of zero. The notebook shows the decimals with the fractions (cut) beside them.

# %%
study = parlour.goose.solve(players=2, exact=True)
study

# %% [markdown]
# Some editions send the maze (42) back to 37 instead of 30, others let the inn (19) be a plain square.
# Certified bounds (half-width 1e-12) are enough to compare; each interval is proven to hold the true value.

# %%
variants = {"study": parlour.goose.solve(players=2, tol=1e-12)}
for name in ("maze37", "no-inn-skip"):
    variants[name] = parlour.goose.solve(players=2, variant=name, tol=1e-12)

fig, ax = plt.subplots(figsize=(6, 3))
labels = list(variants)
first = [v.win[0] for v in variants.values()]
second = [v.win[1] for v in variants.values()]
draw = [v.draw for v in variants.values()]
ax.bar(labels, first, label="player 1 wins")
ax.bar(labels, second, bottom=first, label="player 2 wins")
ax.bar(labels, draw, bottom=np.add(first, second), label="draw")
ax.set_ylabel("probability")
ax.legend(loc="lower right")
ax.set_title("Goose, 2 players: the chances under three rule sets")
plt.show()
for name, v in variants.items():
    lo, hi = v.win_bounds[0]
    print(f"{name:12s} P(player 1 wins) in [{lo:.12f}, {hi:.12f}]  ({v.status.value})")

# %%
assert all(lo <= x <= hi for (lo, hi), x in zip(variants["study"].win_bounds, study.win_exact, strict=True))

# %% [markdown]
# ## 2. The guessing game: V(N) − lg N from the table of certified values
#
# `parlour.guess.table` and `parlour.guess.value(N)` read the shipped table (every row certified by an exact
# rational certificate); `parlour.guess.solve(N)` certifies a value anew, with both players' optimal
# strategies.

# %%
values = parlour.guess.table(1, 1024).to_pandas()  # a row per N: value, value_exact, max_guesses, certificate
values.tail(3)

# %%
ns = values["numbers"].to_numpy()
fig, ax = plt.subplots(figsize=(7, 3))
ax.plot(ns, values["value"] - np.log2(ns), lw=0.8)
ax.set_xscale("log", base=2)
ax.set_xlabel("N")
ax.set_ylabel("V(N) − lg N")
ax.set_title("The higher-lower guessing game: exact values, N = 1..1024")
plt.show()

# %%
small = parlour.guess.solve(12)
assert small.value == parlour.guess.value(12).value
small.to_pandas()  # Alice's optimal hiding distribution, exact beside the floats

# %% [markdown]
# ## 3. Memory: the tactic map
#
# MEMORYTABLE gives the optimal tactics in every state ⟨k, B, P⟩ (k cards on the table, B of them known,
# P of those with their partner known). Here the states without known pairs (P = 0), up to 16 pairs.

# %%
table = parlour.memory.table(16, p0=True).to_pandas()
table["tactic"] = table["optimal"].map(lambda ts: ts[0])
tactics = sorted(table["tactic"].unique())
grid = np.full((table["B"].max() + 1, table["k"].max() + 1), np.nan)
for row in table.itertuples():
    grid[row.B, row.k] = tactics.index(row.tactic)
fig, ax = plt.subplots(figsize=(7, 3.5))
image = ax.imshow(grid, origin="lower", aspect="auto", cmap="tab10", vmin=0, vmax=9)
ax.set_xlabel("k: cards on the table")
ax.set_ylabel("B: known cards")
ax.set_title("Memory: the first optimal tactic in each state with P = 0")
handles = [plt.Rectangle((0, 0), 1, 1, color=image.cmap(image.norm(i))) for i in range(len(tactics))]
ax.legend(handles, tactics, loc="upper left", fontsize="small")
plt.show()

# %%
parlour.memory.solve(pairs=20)

# %% [markdown]
# ## 4. The cow trade: elimination down to an inspection game
#
# Player 1 (one animal, 8 money) against player 3 (three animals, 5 money). Dominated bids go one by one,
# each with its witness; what is left is an n × n inspection game, solved exactly.

# %%
trade = parlour.cowtrade.solve(money=(8, 5), initiative=1)
for k, step in enumerate(trade.steps(), 1):
    print(f"{k:2d}. {step}")
trade

# %%
money1, money3 = np.arange(0, 13), np.arange(0, 9)
value = np.array([[float(parlour.cowtrade.solve(money=(int(a), int(b))).value) for a in money1] for b in money3])
fig, ax = plt.subplots(figsize=(6, 3.5))
image = ax.imshow(value, origin="lower", cmap="RdBu", vmin=-1, vmax=1)
ax.set_xlabel("player 1's money")
ax.set_ylabel("player 3's money")
ax.set_title("Cow trade: player 1's exact value (+1: he gets the quartet)")
fig.colorbar(image)
plt.show()

# %% [markdown]
# ## 5. Win or Lose: a tournament of character types
#
# Every Tina against every Frank. The memoryless types are counted exactly over every deal; Learning Tina
# remembers, so her games are simulated, and the tournament says so in its status.

# %%
tournament = parlour.winorlose.tournament(rounds=10, games=400, seed=1)
frame = tournament.to_pandas()
pivot = frame.pivot(index="tina_type", columns="frank_type", values="p_tina_more_over_game")
fig, ax = plt.subplots(figsize=(5, 3.5))
image = ax.imshow(pivot.to_numpy(), cmap="viridis")
ax.set_xticks(range(len(pivot.columns)), pivot.columns)
ax.set_yticks(range(len(pivot.index)), pivot.index)
ax.set_title("P(Tina scores more over 10 rounds)")
fig.colorbar(image)
plt.show()
print("status:", tournament.status.value, "— exact pairings:", int(frame["exact"].sum()), "of", len(frame))

# %%
parlour.winorlose.chance("3h,5", "0,1,2,6,7")
