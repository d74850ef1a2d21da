"""Learning Tina's games simulated fast (numba), on deals drawn exactly from the deal grid.

The same player as `play.play_round` with `characters.LearningState` (the readable version, and the
oracle this kernel is tested against deal by deal): she guesses Frank's cutoff as the midpoint of her
bounds, conditions on his statement as Bayesian does, and updates her bounds after the cards are shown.
A deal is a flat cell index t * 36**2 + f * 36 + g of the grid (table multiset, Frank's and Tina's rank
pairs). Besides the points, the kernel records per round how far her guess is from his cutoff, which
is what the analysis reports as convergence.
"""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

from parlour.games.winorlose.chance import deal_grid, tally
from parlour.games.winorlose.characters import FRANK_THRESHOLD, Frank, cutoff
from parlour.games.winorlose.rules import Rules
from parlour.infra.interrupt import deferred

# The exact count's win/tie/loss tally, compiled for the kernel (inlined: it runs once per opponent pair).
# numba's on-disk cache keys the kernel on this file alone: whoever changes `chance.tally` touches this file.
_tally = numba.njit(inline="always")(tally)


class LearningTables(NamedTuple):
    """Everything the kernel reads, for one Frank and one rule set."""

    numer: np.ndarray  # (T, 36) int64: win-chance numerator of view (t, p) over `den`
    key: np.ndarray  # (T, 36) int64: score of table t + pair p
    opp: np.ndarray  # (T, 36, 36) int64: weight of the opponent's pair q seen from view (t, p)
    points: np.ndarray  # (2, 3) int64: [prediction (0 lose, 1 win), outcome (0 win, 1 tie, 2 lose)]
    below: np.ndarray  # (den + 2,) int64: number of attainable numerators < c
    mass_below: np.ndarray  # (den + 2,) float64: P(Frank's numerator < c) over all deals
    frank_cutoff: int  # Frank says win iff his numerator >= this
    den: int  # the chance denominator (300, or 600 with half ties)


class LearningGames(NamedTuple):
    """What `learning_games` returns: per game, per round and overall counts."""

    lead: np.ndarray  # (games,) Tina's points - Frank's, per game
    frank_points: np.ndarray  # (games,)
    tina_points: np.ndarray  # (games,)
    rounds_tina_ahead: int  # rounds in which Tina scored more
    rounds_level: int  # rounds in which both scored the same
    cutoff_learned: np.ndarray  # (rounds,) games whose guess sorts every attainable chance right after round r
    bound_width: np.ndarray  # (rounds,) sum over games of the bounds' width (numerators) after round r
    misread: np.ndarray  # (rounds,) sum over games of P(Frank's chance lies between guess and cutoff)
    tina_says_win: np.ndarray  # (games * rounds,) uint8: Tina's prediction in each round


def learning_tables(frank: Frank, rules: Rules) -> LearningTables:
    grid = deal_grid()
    den = rules.chance_denominator
    numer = grid.chance_numerators(rules)
    attainable = np.zeros(den + 2, dtype=np.int64)
    attainable[np.unique(numer[grid.own_ways > 0])] = 1
    below = np.concatenate([[0], np.cumsum(attainable)])[: den + 2]
    view_weight = grid.table_ways[:, None] * grid.own_ways
    mass = np.bincount(numer.ravel(), weights=view_weight.ravel().astype(np.float64), minlength=den + 2)
    mass_below = np.concatenate([[0.0], np.cumsum(mass / mass.sum())])[: den + 2]
    return LearningTables(
        numer=numer,
        key=grid.key.astype(np.int64),
        opp=grid.opp_ways,
        points=np.array(rules.points_table(), dtype=np.int64),
        below=below,
        mass_below=mass_below,
        frank_cutoff=cutoff(FRANK_THRESHOLD[frank], den),
        den=den,
    )


def sample_cells(n: int, seed: int) -> np.ndarray:
    """n deals drawn exactly from the grid weights, as flat cell indices t*1296 + f*36 + g."""
    weights = deal_grid().deal_weights().ravel()
    cum = np.cumsum(weights)
    rng = np.random.default_rng(seed)
    return np.searchsorted(cum, rng.integers(0, int(cum[-1]), size=n), side="right").astype(np.int64)


CHUNK_CELLS = 2**18  # rounds per compiled call: ~0.2 s (2**20 took up to 1.3 s on a slow host: Ctrl-C waited)


def simulate_learning(games: int, rounds: int, seed: int, tables: LearningTables) -> LearningGames:
    """`games` games of `rounds` rounds dealt from one generator seeded with `seed`, in chunks of whole
    games. The deals are those of `sample_cells(games * rounds, seed)` (64-bit bounded draws do not depend
    on how they are split), so the counts equal one `learning_games` call; float sums may differ in the
    last bits. Memory stays at one chunk's deals whatever `games` is."""
    weights = deal_grid().deal_weights().ravel()
    cum = np.cumsum(weights)
    rng = np.random.default_rng(seed)
    per_call = max(1, CHUNK_CELLS // rounds)
    parts: list[LearningGames] = []
    with deferred() as check:
        for first in range(0, games, per_call):
            count = min(per_call, games - first)
            cells = np.searchsorted(cum, rng.integers(0, int(cum[-1]), size=count * rounds), side="right")
            parts.append(learning_games(cells.astype(np.int64), count, rounds, tables))
            check()
    return LearningGames(
        np.concatenate([p.lead for p in parts]),
        np.concatenate([p.frank_points for p in parts]),
        np.concatenate([p.tina_points for p in parts]),
        sum(int(p.rounds_tina_ahead) for p in parts),
        sum(int(p.rounds_level) for p in parts),
        np.sum([p.cutoff_learned for p in parts], axis=0),
        np.sum([p.bound_width for p in parts], axis=0),
        np.sum([p.misread for p in parts], axis=0),
        np.concatenate([p.tina_says_win for p in parts]),
    )


def deal_cell(t: int, f: int, g: int) -> int:
    """The flat cell index of (table multiset t, Frank's pair f, Tina's pair g)."""
    n = deal_grid().key.shape[1]
    return (t * n + f) * n + g


def learning_games(cells: np.ndarray, games: int, rounds: int, tables: LearningTables) -> LearningGames:
    """Play `games` games of `rounds` rounds; game gm plays cells[gm * rounds : (gm + 1) * rounds]."""
    if len(cells) != games * rounds:
        raise ValueError(f"{len(cells)} cells for {games} games of {rounds} rounds")
    return LearningGames(*_learning_kernel(np.ascontiguousarray(cells, dtype=np.int64), games, rounds, tables))


@numba.njit(cache=True)
def _learning_kernel(cells, games, rounds, tables):  # pragma: no cover
    numer, key, opp, pts = tables.numer, tables.key, tables.opp, tables.points
    below, mass_below, frank_cutoff, den = tables.below, tables.mass_below, tables.frank_cutoff, tables.den
    n_pairs = key.shape[1]
    lead = np.zeros(games, dtype=np.int64)
    frank_tot = np.zeros(games, dtype=np.int64)
    tina_tot = np.zeros(games, dtype=np.int64)
    round_ahead = 0
    round_level = 0
    converged = np.zeros(rounds, dtype=np.int64)
    width = np.zeros(rounds, dtype=np.float64)
    wrong = np.zeros(rounds, dtype=np.float64)
    says = np.zeros(games * rounds, dtype=np.uint8)
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
                aw, at, al = _tally(kt, kf, w, aw, at, al)
                if (numer[t, fp] >= guess) == frank_win:
                    cw, ct, cl = _tally(kt, kf, w, cw, ct, cl)
            if cw + ct + cl == 0:
                cw, ct, cl = aw, at, al
            ev_win = pts[1, 0] * cw + pts[1, 1] * ct + pts[1, 2] * cl
            ev_lose = pts[0, 0] * cw + pts[0, 1] * ct + pts[0, 2] * cl
            tina_win = 1 if ev_win >= ev_lose else 0
            says[gm * rounds + r] = tina_win
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
    return lead, frank_tot, tina_tot, round_ahead, round_level, converged, width, wrong, says
