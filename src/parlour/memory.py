"""Memory with perfect memory from Python: the optimal tactic in every state, exactly.

    >>> import parlour
    >>> res = parlour.memory.solve(pairs=20)
    >>> res.first_player_expected_pairs        # an exact Fraction (the reduced model, exact to 300 pairs)

Each function is the command of the same name (`parlour memory solve|table|state|tactics|simulate`)
with its options as keyword arguments, and returns the result that command prints under --json. Counts
take any integer (`numpy.int64(6)` too; a float, even 6.0, is refused: docs/python.md). A quantity is a
Fraction where the result is exact (status EXACT) and a float where it is not (the reduced model beyond
300 pairs: status ESTIMATE).
"""

from __future__ import annotations

from collections.abc import Callable

# The results, named here for `from parlour.memory import MemorySummary` and typing.get_type_hints: the
# analysis loads FLINT only, which every front door of this module needs anyway.
from parlour.analyses.memory import MemorySummary, MemoryTable, SimulationCheck, StateValues, TacticList
from parlour.analyses.memory.dp import MAX_EXACT_PAIRS, MAX_FLOAT_PAIRS
from parlour.analyses.memory.summary import STATE_LIMIT, TABLE_LIMIT
from parlour.infra import checks

__all__ = ["MemorySummary", "MemoryTable", "SimulationCheck", "StateValues", "TacticList", "simulate", "solve",
           "state", "table", "tactics"]

MAX_GAMES = 10_000_000


def __dir__() -> list[str]:
    return list(__all__)


@checks.renamed_keywords(on_level="progress")
def solve(pairs: int, *, exact: bool = False, progress: Callable[[int], None] | None = None) -> MemorySummary:
    """Both players' expected pairs from the start of a game under optimal play.

    Parameters
    ----------
    pairs : int
        The number of pairs, from 1 to 20,000 (to 400 with `exact`).
    exact : bool, default False
        Solve the full <k,B,P> recursion (no assumption); otherwise the reduced model: exact Fractions up
        to 300 pairs (status EXACT), floats beyond (status ESTIMATE).
    progress : callable, optional
        With `exact`: called as ``progress(n)`` after each level of the recursion. (``on_level=``, its old
        name, works for one release, with a DeprecationWarning.)

    Returns
    -------
    MemorySummary
        ``first_player_expected_pairs``, ``second_player_expected_pairs``, ``advantage`` (Fractions when
        exact, else floats), ``stalemate_probability``, ``optimal_tactics_at_start``.

    Raises
    ------
    TypeError
        An argument of the wrong type, named.
    ValueError
        (`parlour.errors.InvalidInput`) `pairs` out of range (1 to 20,000; to 400 with `exact`).
    """
    from parlour.analyses.memory import summarize

    exact = checks.flag(exact, "exact")
    pairs = checks.integer(pairs, "pairs", 1, MAX_EXACT_PAIRS if exact else MAX_FLOAT_PAIRS)
    checks.callback(progress)
    return summarize(pairs, exact=exact, progress=progress)


def table(pairs: int, *, p0: bool = False) -> MemoryTable:
    """MEMORYTABLE: w(k,B,P), the exact expected cards of the player to move, and the optimal tactics in
    every state up to `pairs` pairs (status EXACT).

    Parameters
    ----------
    pairs : int
        The largest number of pairs, from 1 to 40.
    p0 : bool, default False
        Only the states without known pairs (P = 0).

    Returns
    -------
    MemoryTable
        One row per state (``to_pandas()``): w as a Fraction and the optimal tactics.

    Raises
    ------
    TypeError
        An argument of the wrong type, named.
    ValueError
        (`parlour.errors.InvalidInput`) `pairs` out of range (1 to 40).
    """
    from parlour.analyses.memory import memory_table

    return memory_table(checks.integer(pairs, "pairs", 1, TABLE_LIMIT), p0=checks.flag(p0, "p0"))


def state(k: int, known: int, known_paired: int) -> StateValues:
    """The exact value of every tactic in the state <k, B=known, P=known_paired> and which are optimal.

    Parameters
    ----------
    k : int
        The cards on the table (even, from 2 to 160).
    known : int
        B: how many of them are known.
    known_paired : int
        P: how many of the known cards have their partner known too.

    Returns
    -------
    StateValues
        ``state``, ``w`` (the state's value, a Fraction), ``optimal`` (the optimal tactics), ``tactics``
        (each playable tactic's value, a Fraction) (status EXACT).

    Raises
    ------
    TypeError
        An argument that is not an integer, named.
    ValueError
        (`parlour.errors.InvalidInput`) An impossible state.
    """
    from parlour.analyses.memory import state_values

    k = checks.integer(k, "k", 0, STATE_LIMIT * 2, argument="K")  # `parlour memory state K B P`
    known = checks.integer(known, "known", 0, k, argument="B")
    known_paired = checks.integer(known_paired, "known_paired", 0, known, argument="P")
    return state_values(k, known, known_paired)


def tactics() -> TacticList:
    """The 19 tactics merged into classes with identical gains, with their gain formulas.

    Returns
    -------
    TacticList
        The tactic classes (status EXACT).
    """
    from parlour.analyses.memory import tactic_list

    return tactic_list()


@checks.renamed_keywords(on_games="progress")
def simulate(pairs: int, *, games: int = 2000, seed: int = 0,
             progress: Callable[[int], None] | None = None) -> SimulationCheck:
    """Shuffled decks played with the exact optimal policy, beside the DP's exact figures: a Monte Carlo
    check (status ESTIMATE; 95 % intervals, z-scores).

    Parameters
    ----------
    pairs : int
        The number of pairs, from 1 to 40.
    games : int, default 2000
        How many games to play, from 2 to 10,000,000.
    seed : int, default 0
        The random seed, from 0 to 2**63 - 1.
    progress : callable, optional
        Called with the number of games played so far. (``on_games=``, its old name, works for one release,
        with a DeprecationWarning.)

    Returns
    -------
    SimulationCheck
        The simulated means with their 95 % intervals, the DP's exact figures, the z-scores (None where the
        sample has no spread).

    Raises
    ------
    TypeError
        An argument of the wrong type, named.
    ValueError
        (`parlour.errors.InvalidInput`) An argument out of range.
    """
    from parlour.analyses.memory import simulation_check

    pairs = checks.integer(pairs, "pairs", 1, TABLE_LIMIT)
    games = checks.integer(games, "games", 2, MAX_GAMES)
    seed = checks.whole_seed(seed)
    checks.callback(progress)
    return simulation_check(pairs, games, seed, progress)
