"""What `parlour goose` asks besides the solution: Monte Carlo games, and the reachable states by category
(a stored chain up to 4 players, a counter without one for 5, a bitmap search from 6 on)."""

from __future__ import annotations

from collections.abc import Callable

from parlour.analyses.estimates import Estimate, count_words
from parlour.analyses.goose.chain import fits_chain, space
from parlour.analyses.goose.space import bitmap_bytes, count_canonical, count_reachable
from parlour.errors import InvalidInput
from parlour.games.goose.rules import RuleSet
from parlour.games.goose.simulate import SimulationResult
from parlour.games.goose.simulate import simulate as play_games
from parlour.games.goose.tables import tables
from parlour.infra.resources import physical_memory


def simulate(rules: RuleSet, players: int, games: int, seed: int = 0, engine: str = "numba",
             progress: Callable[[int], None] | None = None) -> SimulationResult:
    """`games` games of the real game (any number of players), with Wilson intervals per player;
    `progress` hears the games played so far (the numba engine)."""
    return play_games(rules, players, games, seed, engine=engine, progress=progress)


def bitmap_search_gib(rules: RuleSet, players: int) -> float:
    """Memory the bitmap search of `state_counts` needs for `players` players."""
    return bitmap_bytes(rules, players) / 2**30


def needs_bitmap_search(rules: RuleSet, players: int) -> bool:
    return bool(tables(rules).codes ** players >= 2**31)


def state_counts(rules: RuleSet, players: int,
                 progress: Callable[[int, int], None] | None = None) -> dict[str, int]:
    """Reachable states from the start by category; from 6 players on (beyond the int32 queue of the
    counter) the relabelled transient states only, by a bitmap search, refused when it cannot fit."""
    if players < 2:
        raise InvalidInput(f"the game needs at least 2 players, got {players}")
    c = tables(rules).codes
    if fits_chain(rules, players):
        return space(rules, players).counts.to_json()
    if c**players < 2**31:
        counts = count_reachable(rules, players).counts.to_json()
        counts.pop("draw")  # the on-the-fly counter does not look for stuck states
        return counts
    need, have = bitmap_search_gib(rules, players), physical_memory() / 2**30
    if need > 0.9 * have:
        raise InvalidInput(f"{players} players: the bitmap search needs {need:.0f} GiB, this machine has "
                           f"{have:.0f} GiB")
    found = count_canonical(rules, players, progress=progress)
    return {"canonical_transient": found.canonical, "levels": found.levels}


# The size check's model, from runs on the 2-core machine (docs/goose.md): relabelled states are about
# 0.655 codes^players (5 players: 184.8 M of 49^5); the stored chain (up to 4 players) takes ~500 bytes and
# 6e-6 s per state (4 players since issue 38: 1.97 GB peak on one thread, the RRE history, the check's candidate
# and, on threads, the steady passes' copy beside the chain; 20-22 s of solve on the idle machine's 2 threads,
# 36 s on one beside other work, bench/results/goose_against_4p_issue38.json), the chain-free solver 8 bytes per
# state and player (its bounds, packed with their offsets) + ~5.3 bytes (codes, ranks, the rest) and 5e-5 s
# (5 players: 7.8 GiB peak, bench/results/goose_5p_memory.json; 2.5 h in the last full run); a simulated
# game ~1.5e-6 s per player.
STATE_SHARE = 0.655
CHAIN_BYTES, CHAIN_SECONDS = 500.0, 6e-6
FREE_BYTES, FREE_BYTES_PER_PLAYER, FREE_SECONDS = 5.3, 8.0, 5e-5
GAME_SECONDS_PER_PLAYER = 1.5e-6
MAX_PLAYERS = 64  # 49^64 positions: the estimate is astronomical long before this; beyond, it is not worth writing
MAX_SIMULATED_PLAYERS = 10_000


def estimated_states(rules: RuleSet, players: int) -> float:
    """Relabelled states of `players` players (the model above; a float: from 12 players on it passes 2^64)."""
    return STATE_SHARE * float(tables(rules).codes) ** players


def solve_estimate(rules: RuleSet, players: int) -> tuple[float, float]:
    """(bytes, seconds) a certified solve of `players` players needs on the 2-core machine (a model, above)."""
    if not 2 <= players <= MAX_PLAYERS:
        raise InvalidInput(f"the number of players must be from 2 to {MAX_PLAYERS}, got {players:,}")
    states = estimated_states(rules, players)
    if fits_chain(rules, players):
        return CHAIN_BYTES * states, CHAIN_SECONDS * states
    return (FREE_BYTES + FREE_BYTES_PER_PLAYER * players) * states, FREE_SECONDS * states


def solve_time(rules: RuleSet, players: int, threads: int = 2) -> Estimate:
    """`solve_estimate`'s seconds in words, with the states it counts (the command line's line before work);
    the sweeps run on `threads` numba threads (the plan's)."""
    return Estimate(solve_estimate(rules, players)[1], f"{count_words(estimated_states(rules, players))} states",
                    threads)


def simulation_estimate(players: int, games: int) -> float:
    """Seconds `games` simulated games of `players` players take on the 2-core machine."""
    if not 2 <= players <= MAX_SIMULATED_PLAYERS:
        raise InvalidInput(f"a simulation takes 2 to {MAX_SIMULATED_PLAYERS:,} players, got {players:,}")
    return GAME_SECONDS_PER_PLAYER * players * games
