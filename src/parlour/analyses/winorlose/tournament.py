"""Pairings and tournaments of the character types: exact for the memoryless types, simulated for Learning.

A memoryless pairing is counted over every deal (rounds.round_distribution, rounds.game_odds). Learning
Tina remembers, so her games are simulated (games.winorlose.simulate, deals drawn exactly from the grid
weights) and reported with 95 % intervals (infra.stats).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np

from parlour.errors import InvalidInput
from parlour.games.winorlose.characters import Frank, Tina
from parlour.games.winorlose.rules import Rules
from parlour.games.winorlose.simulate import learning_tables, simulate_learning
from parlour.infra.stats import Interval, mean_interval, wilson
from parlour.results import Result, Status, exact, jsonable

from .rounds import game_odds, round_distribution
from .study import DEFAULT_GAMES, DEFAULT_ROUNDS, DEFAULT_SEED, FRANKS, STUDY_ROWS

# Field -> JSON name: a Fraction prints as name + name_exact, a Monte Carlo interval as name + name_ci.
_VALUES = (
    ("frank_points", "frank_points_per_round"),
    ("tina_points", "tina_points_per_round"),
    ("round_tina_ahead", "p_tina_more_in_a_round"),
    ("round_level", "p_level_in_a_round"),
    ("game_tina_ahead", "p_tina_more_over_game"),
    ("game_level", "p_level_over_game"),
)


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
        """The float of a field: the exact value, or the Monte Carlo estimate."""
        v = getattr(self, name)
        return float(v) if isinstance(v, Fraction) else v.estimate

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "frank_type": self.frank.value,
            "tina_type": self.tina.value,
            "rounds": self.rounds,
            "exact": self.exact,
            "games": self.games,
        }
        for attr, name in _VALUES:
            v = getattr(self, attr)
            if isinstance(v, Fraction):
                out.update(exact(name, v))
            else:
                out[name] = v.estimate
                out[f"{name}_ci"] = [v.low, v.high]
        out.update(jsonable(self.extra))
        return out


def exact_pairing(frank: Frank, tina: Tina, rules: Rules = Rules(), rounds: int = DEFAULT_ROUNDS) -> PairingResult:
    start = time.perf_counter()
    dist = round_distribution(frank, tina, rules)
    fp, tp = dist.expected()
    lead = dist.lead_counts()
    one = game_odds(lead, 1)
    game = game_odds(lead, rounds)
    return PairingResult(
        frank, tina, rounds, True, fp, tp, one.tina_ahead, one.level, game.tina_ahead, game.level,
        method="exact count over all deals by rank multisets",
        status=Status.EXACT,
        seconds=time.perf_counter() - start,
    )


def learning_pairing(
    frank: Frank,
    rules: Rules = Rules(),
    rounds: int = DEFAULT_ROUNDS,
    games: int = DEFAULT_GAMES,
    seed: int = DEFAULT_SEED,
) -> PairingResult:
    """Learning Tina against Frank: `games` simulated games of `rounds` rounds each."""
    if games < 2 or rounds < 1:
        raise InvalidInput("a simulation needs at least 2 games of at least 1 round")
    start = time.perf_counter()
    tables = learning_tables(frank, rules)
    sim = simulate_learning(games, rounds, seed, tables)
    ftot, ttot = sim.frank_points, sim.tina_points
    n_rounds = games * rounds
    return PairingResult(
        frank,
        Tina.LEARNING,
        rounds,
        False,
        mean_interval(float(ftot.sum()) / rounds, float((ftot.astype(float) / rounds) ** 2 @ np.ones(games)), games),
        mean_interval(float(ttot.sum()) / rounds, float((ttot.astype(float) / rounds) ** 2 @ np.ones(games)), games),
        wilson(int(sim.rounds_tina_ahead), n_rounds),
        wilson(int(sim.rounds_level), n_rounds),
        wilson(int((sim.lead > 0).sum()), games),
        wilson(int((sim.lead == 0).sum()), games),
        games=games,
        extra={
            "seed": seed,
            "share_of_games_with_threshold_learned_after_round": (sim.cutoff_learned / games).tolist(),
            "mean_bound_width_after_round": (sim.bound_width / games / tables.den).tolist(),
            "mean_misread_share_after_round": (sim.misread / games).tolist(),
        },
        method=f"Monte Carlo, {games} games, 95% intervals",
        status=Status.ESTIMATE,
        seconds=time.perf_counter() - start,
        counters={"games": games, "rounds": n_rounds},
    )


def pairing(
    frank: Frank,
    tina: Tina,
    rules: Rules = Rules(),
    rounds: int = DEFAULT_ROUNDS,
    games: int = DEFAULT_GAMES,
    seed: int = DEFAULT_SEED,
) -> PairingResult:
    if tina is Tina.LEARNING:
        return learning_pairing(frank, rules, rounds, games, seed)
    return exact_pairing(frank, tina, rules, rounds)


@dataclass(frozen=True)
class Tournament(Result):
    """Every pairing of the given Tinas with every Frank, under one rule set."""

    TABLE: ClassVar[str | None] = "pairings"

    rules: Rules
    rounds: int
    results: tuple[PairingResult, ...]

    def get(self, frank: Frank, tina: Tina) -> PairingResult:
        for r in self.results:
            if r.frank is frank and r.tina is tina:
                return r
        raise KeyError((frank, tina))

    def payload(self) -> dict[str, Any]:
        return {"rules": jsonable(self.rules), "rounds": self.rounds, "pairings": [r.to_json() for r in self.results]}


ALL_TINAS: tuple[Tina, ...] = (*STUDY_ROWS, Tina.BAYESIAN)


def tournament(
    rules: Rules = Rules(),
    rounds: int = DEFAULT_ROUNDS,
    games: int = DEFAULT_GAMES,
    seed: int = DEFAULT_SEED,
    tinas: tuple[Tina, ...] = ALL_TINAS,
    on_pairing: Callable[[PairingResult], None] | None = None,
) -> Tournament:
    """Every pairing; `on_pairing` is called after each one (a progress bar)."""
    start = time.perf_counter()
    results = []
    for t in tinas:
        for f in FRANKS:
            results.append(pairing(f, t, rules, rounds, games, seed))
            if on_pairing is not None:
                on_pairing(results[-1])
    simulated = any(not r.exact for r in results)
    return Tournament(
        rules, rounds, tuple(results),
        method="exact counts" + (f"; Learning by Monte Carlo ({games} games, seed {seed})" if simulated else ""),
        status=Status.ESTIMATE if simulated else Status.EXACT,
        seconds=time.perf_counter() - start,
    )
