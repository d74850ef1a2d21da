"""Win or Lose: tournaments between the character types, exact where the types are memoryless.

Every deal is counted by rank multisets (chance.deal_grid: 784 tables x 36 x 36 rank pairs with suit
multiplicities, 2.1e10 card deals in all). For a memoryless pairing each cell of the grid fixes both
predictions and both point scores, so the per-round joint distribution of (Frank's points, Tina's
points) is an exact integer count over all deals. A game of R rounds is R independent rounds: the
distribution of Tina's lead is the R-th power of a degree-8 polynomial (python-flint, exact integers).
Learning Tina remembers, so her games are simulated (deals drawn exactly from the grid weights) and
reported with 95% intervals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from parlour.errors import InvalidInput
from parlour.games.winorlose.chance import TOTAL_DEALS, DealGrid, deal_grid
from parlour.games.winorlose.characters import (
    FRANK_THRESHOLD,
    Frank,
    Tina,
    best_prediction,
    cutoff,
    frank_says_win,
    simple_tina_says_win,
)
from parlour.games.winorlose.learning import LearningTables, sample_cells, simulate_learning
from parlour.games.winorlose.rules import Rules
from parlour.infra.stats import Interval, mean_interval, wilson
from parlour.results import Result, Status, exact

STUDY = "WinOrLose (student project, Multi-Agent Systems)"
FRANKS: tuple[Frank, ...] = (Frank.LOOSE, Frank.NORMAL, Frank.TIGHT)
STUDY_ROWS: tuple[Tina, ...] = (Tina.BLIND, Tina.COMPETITIVE, Tina.COOPERATIVE, Tina.SMART, Tina.LEARNING)
# The study's "win chance of Tina" (Monte Carlo, length not stated): rows Tina, columns Loose/Normal/Tight.
STUDY_TABLE: dict[Tina, tuple[float, float, float]] = {
    Tina.BLIND: (0.64, 0.49, 0.49),
    Tina.COMPETITIVE: (0.05, 0.07, 0.08),
    Tina.COOPERATIVE: (0.47, 0.54, 0.57),
    Tina.SMART: (0.72, 0.58, 0.54),
    Tina.LEARNING: (0.69, 0.55, 0.52),
}
DEFAULT_ROUNDS = 100
DEFAULT_GAMES = 20000
MAX_LEAD = 4  # one round moves the lead (Tina's points - Frank's) by at most 2 - (-2)


def _outcome_index(sign: np.ndarray) -> np.ndarray:
    """+1 (win) -> 0, 0 (tie) -> 1, -1 (lose) -> 2, the column order of Rules.points_table."""
    return 1 - sign


def _points_array(rules: Rules) -> np.ndarray:
    return np.array(rules.points_table(), dtype=np.int64)  # [prediction (0 lose, 1 win), outcome]


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
    pts = _points_array(rules)
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
class GameOdds:
    """P(Tina ends a game of `rounds` rounds ahead / level / behind)."""

    rounds: int
    tina_ahead: Fraction
    level: Fraction
    frank_ahead: Fraction

    def to_json(self) -> dict[str, object]:
        return {
            "rounds": self.rounds,
            "tina_ahead": self.tina_ahead,
            "level": self.level,
            "frank_ahead": self.frank_ahead,
            "tina_ahead_float": float(self.tina_ahead),
            "level_float": float(self.level),
        }


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


@dataclass(frozen=True)
class PairingResult(Result):
    """One pairing: expected points per round and the odds that Tina scores more, per round and per game.
    Exact (Fractions) for memoryless types; Monte Carlo intervals for Learning."""

    frank: Frank
    tina: Tina
    rounds: int
    exact: bool
    frank_points: Fraction | Interval
    tina_points: Fraction | Interval
    round_tina_ahead: Fraction | Interval
    round_level: Fraction | Interval
    game_tina_ahead: Fraction | Interval
    game_level: Fraction | Interval
    games: int = 0  # simulated games (Learning)
    extra: dict[str, object] = field(default_factory=dict)

    def value(self, name: str) -> float:
        v = getattr(self, name)
        return float(v) if isinstance(v, Fraction) else v.estimate

    def payload(self) -> dict[str, object]:
        def show(name: str, v: Fraction | Interval) -> dict[str, object]:
            if isinstance(v, Fraction):
                return exact(name, v)
            return {name: v.estimate, f"{name}_ci": [v.low, v.high]}

        return {
            "frank": self.frank,
            "tina": self.tina,
            "rounds": self.rounds,
            **show("frank_points_per_round", self.frank_points),
            **show("tina_points_per_round", self.tina_points),
            **show("p_tina_more_in_a_round", self.round_tina_ahead),
            **show("p_level_in_a_round", self.round_level),
            **show("p_tina_more_over_game", self.game_tina_ahead),
            **show("p_level_over_game", self.game_level),
            "games": self.games,
            **self.extra,
        }


def exact_pairing(frank: Frank, tina: Tina, rules: Rules = Rules(), rounds: int = DEFAULT_ROUNDS) -> PairingResult:
    dist = round_distribution(frank, tina, rules)
    fp, tp = dist.expected()
    lead = dist.lead_counts()
    one = game_odds(lead, 1)
    game = game_odds(lead, rounds)
    return PairingResult(frank, tina, rounds, True, fp, tp, one.tina_ahead, one.level, game.tina_ahead, game.level,
                         method="exact-count-over-all-deals")


def learning_tables(frank: Frank, rules: Rules) -> LearningTables:
    """The deal grid's tables for simulating Learning Tina against `frank` under `rules`."""
    grid = deal_grid()
    den = rules.chance_denominator
    numer = grid.chance_numerators(rules)
    k = cutoff(FRANK_THRESHOLD[frank], den)
    attainable = np.zeros(den + 2, dtype=np.int64)
    attainable[np.unique(numer[grid.own_ways > 0])] = 1
    below = np.concatenate([[0], np.cumsum(attainable)])[: den + 2]  # attainable values < k
    # Probability that Frank's chance is < k, over all deals: how much of his play a guess misreads.
    view_weight = grid.table_ways[:, None] * grid.own_ways
    mass = np.bincount(numer.ravel(), weights=view_weight.ravel().astype(np.float64), minlength=den + 2)
    mass_below = np.concatenate([[0.0], np.cumsum(mass / mass.sum())])[: den + 2]
    return LearningTables(numer, grid.key.astype(np.int64), grid.opp_ways, k, den, _points_array(rules), below,
                          mass_below)


def learning_pairing(
    frank: Frank,
    rules: Rules = Rules(),
    rounds: int = DEFAULT_ROUNDS,
    games: int = DEFAULT_GAMES,
    seed: int = 2026,
) -> PairingResult:
    """Learning Tina against Frank: `games` simulated games of `rounds` rounds each."""
    if games < 2 or rounds < 1:
        raise InvalidInput("a simulation needs at least 2 games of at least 1 round")
    tables = learning_tables(frank, rules)
    den = tables.den
    lead, ftot, ttot, ahead, level, converged, width, wrong = simulate_learning(
        sample_cells(games * rounds, seed), games, rounds, tables)
    n_rounds = games * rounds
    return PairingResult(
        frank,
        Tina.LEARNING,
        rounds,
        False,
        mean_interval(float(ftot.sum()) / rounds, float((ftot.astype(float) / rounds) ** 2 @ np.ones(games)), games),
        mean_interval(float(ttot.sum()) / rounds, float((ttot.astype(float) / rounds) ** 2 @ np.ones(games)), games),
        wilson(int(ahead), n_rounds),
        wilson(int(level), n_rounds),
        wilson(int((lead > 0).sum()), games),
        wilson(int((lead == 0).sum()), games),
        games=games,
        method="monte-carlo",
        status=Status.ESTIMATE,
        counters={"games": games},
        extra={
            "seed": seed,
            "share_of_games_with_threshold_learned_after_round": (converged / games).tolist(),
            "mean_bound_width_after_round": (width / games / den).tolist(),
            "mean_misread_share_after_round": (wrong / games).tolist(),
        },
    )


def pairing(
    frank: Frank,
    tina: Tina,
    rules: Rules = Rules(),
    rounds: int = DEFAULT_ROUNDS,
    games: int = DEFAULT_GAMES,
    seed: int = 2026,
) -> PairingResult:
    if tina is Tina.LEARNING:
        return learning_pairing(frank, rules, rounds, games, seed)
    return exact_pairing(frank, tina, rules, rounds)


@dataclass(frozen=True)
class Tournament:
    rules: Rules
    rounds: int
    results: tuple[PairingResult, ...]

    def get(self, frank: Frank, tina: Tina) -> PairingResult:
        for r in self.results:
            if r.frank is frank and r.tina is tina:
                return r
        raise KeyError((frank, tina))


def tournament(
    rules: Rules = Rules(),
    rounds: int = DEFAULT_ROUNDS,
    games: int = DEFAULT_GAMES,
    seed: int = 2026,
    tinas: tuple[Tina, ...] = (*STUDY_ROWS, Tina.BAYESIAN),
) -> Tournament:
    results = tuple(pairing(f, t, rules, rounds, games, seed) for t in tinas for f in FRANKS)
    return Tournament(rules, rounds, results)


