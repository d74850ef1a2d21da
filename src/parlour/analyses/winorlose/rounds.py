"""Exact odds of memoryless pairings: one round over every deal, then a game of R independent rounds.

Every deal is counted by rank multisets (chance.deal_grid: 784 tables x 36 x 36 rank pairs with suit
multiplicities, 2.1e10 card deals in all). For a memoryless pairing each cell of the grid fixes both
predictions and both point scores, so the per-round joint distribution of (Frank's points, Tina's
points) is an exact integer count over all deals. A game of R rounds is R independent rounds: the
distribution of Tina's lead is the R-th power of a degree-8 polynomial (python-flint, exact integers).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from parlour.errors import InvalidInput
from parlour.games.winorlose.chance import TOTAL_DEALS, DealGrid, deal_grid
from parlour.games.winorlose.characters import Frank, Tina, best_prediction, frank_says_win, simple_tina_says_win
from parlour.games.winorlose.rules import Rules
from parlour.results import Result, Status

MAX_LEAD = 4  # one round moves the lead (Tina's points - Frank's) by at most 2 - (-2)


def _outcome_index(sign: np.ndarray) -> np.ndarray:
    """+1 (win) -> 0, 0 (tie) -> 1, -1 (lose) -> 2, the column order of Rules.points_table."""
    return 1 - sign


def _bayes_choice(grid: DealGrid, rules: Rules, frank_win: np.ndarray) -> np.ndarray:
    """(T, 36, 2): Bayesian Tina's prediction for view (t, g) after Frank said lose (0) / win (1)."""
    key = grid.key.astype(np.int64)
    sign = np.sign(key[:, :, None] - key[:, None, :])  # [t, g, f]: Tina's hand against Frank's
    weights = grid.opp_ways  # [t, g, f]: Frank's holdings seen from Tina's view
    said = np.stack([~frank_win, frank_win], axis=2).astype(np.int64)  # [t, f, s]
    out = np.empty((*grid.key.shape, 2), dtype=bool)
    counts = [np.einsum("tgf,tfs->tgs", weights * (sign == o), said) for o in (1, 0, -1)]
    total = counts[0] + counts[1] + counts[2]
    plain = [np.asarray((weights * (sign == o)).sum(axis=2)) for o in (1, 0, -1)]
    for s in (0, 1):
        # A statement no holding agrees with cannot happen in a real deal; fall back to ignoring it.
        empty = total[:, :, s] == 0
        w, ti, lo = (np.where(empty, plain[i], counts[i][:, :, s]) for i in range(3))
        out[:, :, s] = best_prediction(rules, w, ti, lo)
    return out


def predictions(frank: Frank, tina: Tina, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """(T, 36) Frank says win per (t, f), and (T, 36, 36) Tina says win per deal (t, f, g)."""
    if tina is Tina.LEARNING:
        raise InvalidInput("Learning Tina remembers earlier rounds; her games are simulated, not enumerated")
    grid = deal_grid()
    den = rules.chance_denominator
    numer = grid.chance_numerators(rules)
    frank_win = np.asarray(frank_says_win(frank, numer, den))
    if tina is Tina.BAYESIAN:
        choice = _bayes_choice(grid, rules, frank_win)
        tina_win = np.where(frank_win[:, :, None], choice[:, None, :, 1], choice[:, None, :, 0])
    else:
        tina_win = simple_tina_says_win(tina, numer[:, None, :], frank_win[:, :, None], den)
    return frank_win, tina_win


@dataclass(frozen=True)
class RoundDistribution:
    """Exact joint distribution of one round's points: counts[(frank points, tina points)] over all
    TOTAL_DEALS card deals."""

    frank: Frank
    tina: Tina
    rules: Rules
    counts: dict[tuple[int, int], int]

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def expected(self) -> tuple[Fraction, Fraction]:
        """Expected points per round (Frank's, Tina's)."""
        n = self.total
        fp = sum(f * w for (f, _), w in self.counts.items())
        tp = sum(t * w for (_, t), w in self.counts.items())
        return Fraction(fp, n), Fraction(tp, n)

    def lead_counts(self) -> list[int]:
        """Counts of Tina's lead in one round, index lead + 4 (lead -4..4)."""
        out = [0] * (2 * MAX_LEAD + 1)
        for (f, t), w in self.counts.items():
            out[t - f + MAX_LEAD] += w
        return out


def round_distribution(frank: Frank, tina: Tina, rules: Rules = Rules()) -> RoundDistribution:
    grid = deal_grid()
    weights = grid.deal_weights()
    frank_win, tina_win = predictions(frank, tina, rules)
    key = grid.key.astype(np.int64)
    sign = np.sign(key[:, :, None] - key[:, None, :])  # [t, f, g]: Frank's hand against Tina's
    pts = np.array(rules.points_table(), dtype=np.int64)  # [prediction (0 lose, 1 win), outcome]
    frank_pts = pts[frank_win[:, :, None].astype(np.int64), _outcome_index(sign)]
    tina_pts = pts[tina_win.astype(np.int64), _outcome_index(-sign)]
    cell = (frank_pts + 2) * 5 + (tina_pts + 2)
    # Float sums of integer weights are exact here: the total, 2.1e10, is far below 2**53.
    sums = np.bincount(cell.ravel(), weights=weights.ravel().astype(np.float64), minlength=25)
    counts = {(i // 5 - 2, i % 5 - 2): round(s) for i, s in enumerate(sums) if s}
    dist = RoundDistribution(frank, tina, rules, counts)
    if dist.total != TOTAL_DEALS:
        raise AssertionError(f"deal count {dist.total} != {TOTAL_DEALS}")
    return dist


@dataclass(frozen=True)
class GameOdds(Result):
    """P(Tina ends a game of `rounds` rounds ahead / level / behind), exact."""

    rounds: int
    tina_ahead: Fraction
    level: Fraction
    frank_ahead: Fraction


def game_odds(lead_counts: list[int], rounds: int) -> GameOdds:
    """Exact odds over `rounds` independent rounds: the lead polynomial to the power `rounds`."""
    import flint

    if rounds < 1:
        raise InvalidInput(f"a game has at least one round, got {rounds}")
    power = flint.fmpz_poly(lead_counts) ** rounds
    coeffs = [int(c) for c in power.coeffs()]
    coeffs += [0] * (2 * MAX_LEAD * rounds + 1 - len(coeffs))
    total = sum(lead_counts) ** rounds
    middle = MAX_LEAD * rounds
    if sum(coeffs) != total:
        raise AssertionError("lead distribution does not sum to the number of deal sequences")
    return GameOdds(
        rounds,
        Fraction(sum(coeffs[middle + 1 :]), total),
        Fraction(coeffs[middle], total),
        Fraction(sum(coeffs[:middle]), total),
        method="power of the exact one-round lead polynomial",
        status=Status.EXACT,
    )


def game_odds_float(lead_counts: list[int], max_rounds: int) -> np.ndarray:
    """(max_rounds, 3): float P(Tina ahead, level, Frank ahead) after 1..max_rounds rounds."""
    p = np.array(lead_counts, dtype=np.float64) / sum(lead_counts)
    dist = np.array([1.0])
    out = np.empty((max_rounds, 3))
    for r in range(1, max_rounds + 1):
        dist = np.convolve(dist, p)
        mid = MAX_LEAD * r
        out[r - 1] = (dist[mid + 1 :].sum(), dist[mid], dist[:mid].sum())
    return out
