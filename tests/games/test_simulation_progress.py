"""Simulations report the games played so far (a progress bar's count), in order, ending at all of them."""

from __future__ import annotations

from parlour.analyses.memory.summary import solve_exact
from parlour.games.goose.rules import STUDY
from parlour.games.goose.simulate import CHUNK
from parlour.games.goose.simulate import simulate as goose_simulate
from parlour.games.memory.simulate import REPORT_EVERY
from parlour.games.memory.simulate import simulate as memory_simulate


def test_goose_counts_its_chunks_of_games() -> None:
    games = CHUNK + 10
    heard: list[int] = []
    result = goose_simulate(STUDY, 2, games, seed=1, engine="numba", progress=heard.append)
    assert heard == [CHUNK, games] and sum(result.wins) + result.draws == games


def test_memory_counts_its_games() -> None:
    games = 2 * REPORT_EVERY + 7
    heard: list[int] = []
    memory_simulate(3, games, solve_exact(3).policy, seed=1, progress=heard.append)
    assert heard == [0, REPORT_EVERY, 2 * REPORT_EVERY, games]
