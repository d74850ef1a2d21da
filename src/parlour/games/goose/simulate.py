"""Vectorised Monte Carlo of the real game (numpy, many games at once), for any number of players.

It uses the same integer tables as the chain but none of its relabelling, canonical codes or solver,
so agreement with the chain checks the state model independently.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from parlour.errors import InvalidInput
from parlour.games.goose.rules import RuleSet
from parlour.games.goose.space import tables


@dataclass(frozen=True)
class SimulationResult:
    players: int
    games: int
    seed: int
    wins: tuple[int, ...]
    draws: int  # games that got stuck (every player alone on a well) or hit the turn limit
    unfinished: int  # games stopped by the turn limit (counted in draws)
    mean_turns: float

    @property
    def win(self) -> tuple[float, ...]:
        return tuple(w / self.games for w in self.wins)

    @property
    def draw(self) -> float:
        return self.draws / self.games

    @property
    def stderr(self) -> tuple[float, ...]:
        return tuple(math.sqrt(p * (1 - p) / self.games) for p in self.win)

    def interval(self, p: int, z: float = 1.96) -> tuple[float, float]:
        """Wilson score interval of player p's win probability (95% by default)."""
        n = self.games
        ph = self.wins[p] / n
        centre = (ph + z * z / (2 * n)) / (1 + z * z / n)
        half = z / (1 + z * z / n) * math.sqrt(ph * (1 - ph) / n + z * z / (4 * n * n))
        return centre - half, centre + half

    def to_json(self) -> dict[str, object]:
        return {
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "win": list(self.win),
            "win_ci95": [list(self.interval(p)) for p in range(self.players)],
            "draw": self.draw,
            "unfinished": self.unfinished,
            "mean_turns": self.mean_turns,
        }


def simulate(rules: RuleSet, players: int, games: int, seed: int = 0, max_turns: int = 100_000) -> SimulationResult:
    if players < 2:
        raise InvalidInput(f"the game needs at least 2 players, got {players}")
    if games < 1:
        raise InvalidInput(f"the number of games must be positive, got {games}")
    t = tables(rules)
    rng = np.random.default_rng(seed)
    cum = np.cumsum(t.weight)
    codes = np.full((games, players), t.start_code, np.int64)
    mover = np.zeros(games, np.int64)
    alive = np.arange(games)
    wins = np.zeros(players, np.int64)
    draws = 0
    turns = np.zeros(games, np.int64)
    total_turns = 0
    step = 0
    sq = t.squares
    while alive.size and step < max_turns:
        step += 1
        c = codes[alive]
        m = mover[alive]
        rows = np.arange(alive.size)
        here = c[rows, m]
        same = sq[c] == sq[here][:, None]
        same[rows, m] = False
        shared = same.any(axis=1)
        pend = t.pending[here] == 1
        stuck_well = (t.well[here] == 1) & ~shared
        throws = ~pend & ~stuck_well
        k = np.searchsorted(cum, rng.integers(0, t.den, alive.size), side="right")
        d = t.dest[here, k]
        won = throws & (d == t.end_code)
        occupied = (sq[c] == sq[d][:, None])
        occupied[rows, m] = False
        blocked = throws & ~won & (d != here) & (t.arrive[d] == 0) & occupied.any(axis=1)
        new = np.where(blocked, here, d)
        to_inn = throws & ~blocked & ~won & (t.inn_pending[np.maximum(new, 0)] >= 0) & (new != here)
        new = np.where(to_inn, t.inn_pending[np.maximum(new, 0)], new)
        new = np.where(pend, t.served[here], new)
        new = np.where(stuck_well, here, new)
        c[rows, m] = new
        codes[alive] = c
        turns[alive] += 1
        # every player alone on a well: nobody can ever move again (the 2-player draw)
        alone = np.ones(alive.size, bool)
        for j in range(players):
            h = c[:, j]
            other = (sq[c] == sq[h][:, None])
            other[:, j] = False
            alone &= (t.well[h] == 1) & ~other.any(axis=1)
        if won.any():
            np.add.at(wins, m[won], 1)
        draws += int((alone & ~won).sum())
        finished = won | alone
        total_turns += int(turns[alive[finished]].sum())
        mover[alive] = (m + 1) % players
        alive = alive[~finished]
    unfinished = int(alive.size)
    total_turns += int(turns[alive].sum())
    return SimulationResult(players, games, seed, tuple(int(w) for w in wins), draws + unfinished, unfinished,
                            total_turns / games)
