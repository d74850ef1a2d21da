"""Pairings and tournaments of the character types: exact for the memoryless types, simulated for Learning.

A memoryless pairing is counted over every deal (rounds.round_distribution, rounds.game_odds). Learning
Tina remembers, so her games are simulated (games.winorlose.simulate, deals drawn exactly from the grid
weights) and reported with 95 % intervals (infra.stats).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, TypedDict

import numpy as np

from parlour.errors import InvalidInput
from parlour.games.winorlose.characters import Frank, Tina
from parlour.games.winorlose.pairings import PairingResult, Tournament
from parlour.games.winorlose.rules import Rules
from parlour.games.winorlose.simulate import learning_tables, simulate_learning
from parlour.infra.stats import mean_interval, wilson
from parlour.results import Status

from .rounds import game_odds, round_distribution
from .study import DEFAULT_GAMES, DEFAULT_ROUNDS, DEFAULT_SEED, FRANKS, STUDY_ROWS

if TYPE_CHECKING:
    from typing_extensions import Unpack


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


class Simulation(TypedDict, total=False):
    """Learning Tina's simulation, as `learning_pairing` takes it (its defaults where left out)."""

    games: int
    seed: int


def pairing(frank: Frank, tina: Tina, rules: Rules = Rules(), rounds: int = DEFAULT_ROUNDS,
            **simulation: Unpack[Simulation]) -> PairingResult:
    """Tina against Frank: counted over every deal, or simulated (`simulation`) where Tina learns."""
    if tina is Tina.LEARNING:
        return learning_pairing(frank, rules, rounds, **simulation)
    return exact_pairing(frank, tina, rules, rounds)


ALL_TINAS: tuple[Tina, ...] = (*STUDY_ROWS, Tina.BAYESIAN)


def tournament(
    rules: Rules = Rules(),
    rounds: int = DEFAULT_ROUNDS,
    games: int = DEFAULT_GAMES,
    seed: int = DEFAULT_SEED,
    tinas: tuple[Tina, ...] = ALL_TINAS,
    progress: Callable[[PairingResult], None] | None = None,
) -> Tournament:
    """Every pairing; `progress` is called after each one (a progress bar)."""
    start = time.perf_counter()
    results = []
    for t in tinas:
        for f in FRANKS:
            results.append(pairing(f, t, rules, rounds, games=games, seed=seed))
            if progress is not None:
                progress(results[-1])
    simulated = any(not r.exact for r in results)
    return Tournament(
        rules, rounds, tuple(results),
        method="exact counts" + (f"; Learning by Monte Carlo ({games} games, seed {seed})" if simulated else ""),
        status=Status.ESTIMATE if simulated else Status.EXACT,
        seconds=time.perf_counter() - start,
    )
