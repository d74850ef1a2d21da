"""Learning Tina as a numba simulator over the deal grid: the fast twin of `LearningState` + `play_round`
(characters.py, play.py), which the tests play on the same deals to check that both decide alike."""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

from parlour.games.winorlose.chance import deal_grid


class LearningTables(NamedTuple):
    """What one simulated pairing needs, as one argument of the numba kernel."""

    numer: np.ndarray  # chance numerators [table class, holding]
    key: np.ndarray  # hand strength key [table class, holding]
    opp: np.ndarray  # ways of each opposing holding [table class, own holding, opposing holding]
    frank_cutoff: int  # Frank says win iff his chance numerator >= this
    den: int  # the chance denominator of the rules
    pts: np.ndarray  # points [prediction (0 lose, 1 win), outcome (win, tie, lose)]
    below: np.ndarray  # attainable chance values below each numerator
    mass_below: np.ndarray  # probability mass of Frank's chance below each numerator


@numba.njit(cache=True)
def simulate_learning(cells, games, rounds, tables):  # pragma: no cover
    """Learning Tina against a Frank of cutoff `tables.frank_cutoff`: `games` games of `rounds` rounds on the
    deals `cells` (flat grid cells t*1296 + f*36 + g, `rounds` per game in order). Returns per game Tina's
    lead, Frank's and Tina's points, the rounds Tina was ahead / level, and per round after how many
    games her bounds held the threshold, their mean width and the misread probability mass."""
    numer, key, opp, frank_cutoff = tables.numer, tables.key, tables.opp, tables.frank_cutoff
    den, pts, below, mass_below = tables.den, tables.pts, tables.below, tables.mass_below
    n_pairs = key.shape[1]
    lead = np.zeros(games, dtype=np.int64)
    frank_tot = np.zeros(games, dtype=np.int64)
    tina_tot = np.zeros(games, dtype=np.int64)
    round_ahead = 0
    round_level = 0
    converged = np.zeros(rounds, dtype=np.int64)
    width = np.zeros(rounds, dtype=np.float64)
    wrong = np.zeros(rounds, dtype=np.float64)
    for gm in range(games):
        highest_lose = -1
        lowest_win = -1
        for r in range(rounds):
            idx = cells[gm * rounds + r]
            t = idx // (n_pairs * n_pairs)
            f = (idx // n_pairs) % n_pairs
            g = idx % n_pairs
            c_frank = numer[t, f]
            frank_win = c_frank >= frank_cutoff
            upper = den + 1 if lowest_win < 0 else lowest_win
            guess = (highest_lose + upper + 1) // 2
            cw = ct = cl = 0
            aw = at = al = 0
            kt = key[t, g]
            for fp in range(n_pairs):
                w = opp[t, g, fp]
                if w == 0:
                    continue
                kf = key[t, fp]
                if kt > kf:
                    aw += w
                elif kt == kf:
                    at += w
                else:
                    al += w
                if (numer[t, fp] >= guess) == frank_win:
                    if kt > kf:
                        cw += w
                    elif kt == kf:
                        ct += w
                    else:
                        cl += w
            if cw + ct + cl == 0:
                cw, ct, cl = aw, at, al
            ev_win = pts[1, 0] * cw + pts[1, 1] * ct + pts[1, 2] * cl
            ev_lose = pts[0, 0] * cw + pts[0, 1] * ct + pts[0, 2] * cl
            tina_win = 1 if ev_win >= ev_lose else 0
            kf = key[t, f]
            o_tina = 0 if kt > kf else (1 if kt == kf else 2)
            o_frank = 2 - o_tina
            fpts = pts[1 if frank_win else 0, o_frank]
            tpts = pts[tina_win, o_tina]
            lead[gm] += tpts - fpts
            frank_tot[gm] += fpts
            tina_tot[gm] += tpts
            if tpts > fpts:
                round_ahead += 1
            elif tpts == fpts:
                round_level += 1
            if frank_win:
                lowest_win = c_frank if lowest_win < 0 else min(lowest_win, c_frank)
            else:
                highest_lose = max(highest_lose, c_frank)
            upper = den + 1 if lowest_win < 0 else lowest_win
            guess = (highest_lose + upper + 1) // 2
            if below[guess] == below[frank_cutoff]:
                converged[r] += 1
            wrong[r] += abs(mass_below[guess] - mass_below[frank_cutoff])
            width[r] += upper - highest_lose
    return lead, frank_tot, tina_tot, round_ahead, round_level, converged, width, wrong


def sample_cells(n: int, seed: int) -> np.ndarray:
    """n deals drawn exactly from the grid weights, as flat cell indices t*1296 + f*36 + g."""
    weights = deal_grid().deal_weights().ravel()
    cum = np.cumsum(weights)
    rng = np.random.default_rng(seed)
    return np.searchsorted(cum, rng.integers(0, int(cum[-1]), size=n), side="right").astype(np.int64)


