"""What a Goose solve will do, decided once below the interfaces.

`parlour goose solve`, `parlour.goose.solve` and the web page's solves all call `plan`, then `run`: the
rules and the position, the engine (exact fractions, the stored chain, the chain-free operator, or Dask
workers), the tolerance (by default 1e-12 while the chain is stored, 5e-9 beyond), the size guards, the
checkpoint's place and period, and the threads. An interface only parses its own input and shows the
result; a refusal names the parameter as its caller writes it (`force=True` from Python, `--force` on the
command line: `infra.spelling`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from parlour.analyses.goose import model
from parlour.analyses.goose.chain import default_checkpoint, fits_chain
from parlour.analyses.goose.queries import estimated_states, solve_estimate
from parlour.analyses.goose.solveplan import Engine, SolvePlan
from parlour.errors import InvalidInput, shown
from parlour.games.goose.rules import STUDY, RuleSet, State, load_toml, state_from_squares
from parlour.games.goose.rules import variant as named_variant
from parlour.infra import spelling
from parlour.infra.checks import renamed_keywords
from parlour.infra.files import output_file
from parlour.infra.resources import affordable, free_disk, require
from parlour.solvers import markov
from parlour.solvers.markov.threads import sweep_threads

if TYPE_CHECKING:
    from typing_extensions import Unpack

TOL_FLOOR = 1e-13  # the certified gap of 2 players stalls at 1.65e-13 in double precision
CHAIN_TOL, CHAIN_FREE_TOL = 1e-12, 5e-9  # beyond the stored chain a run takes hours: width 1e-8
# A stored chain's run takes a minute at most, so it saves often; a chain-free one writes ~8 GB (5 players)
# and runs for hours, so every 10 minutes.
CHAIN_PERIOD_S, CHAIN_FREE_PERIOD_S = 30.0, 600.0
# From this half-width on the chain-free solve keeps each bound and its extrapolation offset in 8 bytes
# (`solvers.markov.packed`, a floor under the width of ~1.4e-11 on 3 players) instead of 12; 5 players need
# 1e-8 at most.
PACKED_FROM_TOL = 1e-10

def rule_set(variant: str | None = None, rules: RuleSet | str | Path | None = None) -> RuleSet:
    """The rules: a named `variant` (study, maze37, no-inn-skip), a `RuleSet`, or a TOML file (`rules`);
    the study's by default."""
    if variant is not None and rules is not None:
        raise InvalidInput(f"give either {spelling.parameter('variant')} or {spelling.parameter('rules')}, not both")
    if isinstance(rules, RuleSet):
        return rules
    if rules is not None:
        return load_toml(rules)
    return named_variant(variant) if variant is not None else STUDY


def _squares() -> str:
    return spelling.parameter("squares", flag="from")


def start_state(rules: RuleSet, players: int, squares: Sequence[int] | None, to_move: int | None = None,
                inn_pending: Sequence[int] | None = None) -> State | None:
    """The position: every player's square, the player to move (1-based) and the players (1-based) on the
    inn whose skip is still to come; None (the start) without `squares`, which the other two need."""
    if squares is None:
        if to_move is not None or inn_pending is not None:
            raise InvalidInput(f"{spelling.parameter('to_move')} and {spelling.parameter('inn_pending')} need "
                               f"{_squares()}")
        return None
    squares = list(squares)
    if len(squares) != players:
        raise InvalidInput(f"{_squares()} lists {len(squares)} squares but {spelling.parameter('players')} is "
                           f"{players}")
    mover = 1 if to_move is None else to_move
    if not 1 <= mover <= players:
        raise InvalidInput(f"{spelling.parameter('to_move')} must be between 1 and {players}, got {mover}")
    pending = [p - 1 for p in inn_pending or ()]
    if any(not 0 <= p < players for p in pending):
        raise InvalidInput(f"{spelling.parameter('inn_pending')} lists players between 1 and {players}")
    stand = set(rules.standable) - {rules.end}
    wrong = next((s for s in squares if s not in stand), None)
    if wrong is not None:  # named here, where the caller's name for the squares is known
        raise InvalidInput(f"{_squares()}: nobody can stand on square {shown(wrong)} (goose, jump, off the board "
                           f"or the finish)")
    return state_from_squares(rules, squares, mover - 1, pending)


def default_tol(rules: RuleSet, players: int) -> float:
    """1e-12 while the chain is stored in memory (up to 4 players), 5e-9 (width 1e-8) beyond: hours of work."""
    return CHAIN_TOL if fits_chain(rules, players) else CHAIN_FREE_TOL


class Options(TypedDict, total=False):
    """What `plan` hands to `decide` untouched (each as `decide` takes it, with its default)."""

    exact: bool
    tol: float | None
    out_of_core: bool
    dask: bool
    force: bool
    flag: str | None


def plan(
    players: int = 2,
    *,
    variant: str | None = None,
    rules: RuleSet | str | Path | None = None,
    squares: Sequence[int] | None = None,
    to_move: int | None = None,
    inn_pending: Sequence[int] | None = None,
    checkpoint: str | Path | None = None,
    **options: Unpack[Options],
) -> SolvePlan:
    """Check a solve's input and decide what it does (see the module); InvalidInput names what to change.
    `options`: the engine's (`exact`, `tol`, `out_of_core`, `dask`) and the size guard's (`force`, `flag`),
    as `decide` takes them.

    The size guard refuses beyond this machine's memory or a day's work (and, with the bounds on disk, its
    free disk) unless `force`; `flag` replaces the name of what lifts it (the page says "the command
    line's --force"). A checkpoint is kept by default where a run takes hours (chain-free, certified) and
    for Dask, whose bounds always live in a work folder."""
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise InvalidInput(f"the game needs at least 2 players, got {players!r}")
    if checkpoint is not None:
        output_file(checkpoint, spelling.parameter("checkpoint"))
    ruleset = rule_set(variant, rules)
    start = start_state(ruleset, players, squares, to_move, inn_pending)
    return decide(ruleset, players, start, checkpoint=Path(checkpoint) if checkpoint is not None else None,
                  **options)


def decide(rules: RuleSet, players: int, start: State | None, *, exact: bool = False, tol: float | None = None,
           checkpoint: Path | None = None, out_of_core: bool = False, dask: bool = False, force: bool = False,
           flag: str | None = None) -> SolvePlan:
    """`plan` for rules and a position already read: the guards, the engine, the tolerance (its one range),
    the bounds' storage, the checkpoint and the threads."""
    need, seconds = solve_estimate(rules, players)
    on_disk = out_of_core or dask
    affordable(f"solving {players} players", 0 if on_disk else need, seconds, force, flag)
    if on_disk and not force:
        folder = checkpoint or default_checkpoint(rules, players)
        require(f"{players} players' bounds on disk", int(need), free_disk(folder.parent), "free disk",
                f"{flag or spelling.parameter('force', True)} tries anyway")
    chain = fits_chain(rules, players)
    if tol is None:
        tol = default_tol(rules, players)
    if not TOL_FLOOR <= tol < 1:
        raise InvalidInput(f"{spelling.parameter('tol')} must lie between {TOL_FLOOR:g} (below, double precision "
                           f"cannot certify the bounds: use {spelling.parameter('exact', True)}) and 1, got {tol:g}")
    if dask and (exact or out_of_core):
        raise InvalidInput(f"{spelling.parameter('dask', True)} runs the certified bounds in a shared work folder: "
                           f"drop {spelling.parameter('exact', True)} and {spelling.parameter('out_of_core', True)}")
    engine: Engine = "dask" if dask else "exact" if exact else "stored chain" if chain else "chain-free"
    _check_engine(engine, chain, out_of_core, players)
    path = checkpoint
    if path is None and dask:
        path = default_checkpoint(rules, players).with_suffix(".parts")
    elif path is None and engine == "chain-free":
        path = default_checkpoint(rules, players)  # hours of work: safe from a kill by default
    every = CHAIN_PERIOD_S if chain else CHAIN_FREE_PERIOD_S
    return SolvePlan(
        rules, players, start, exact, tol, engine, engine == "chain-free" and tol >= PACKED_FROM_TOL,
        markov.Checkpoint(path, every_seconds=every, out_of_core=out_of_core) if path is not None else None,
        checkpoint is None and path is not None, out_of_core,
        sweep_threads(int(min(estimated_states(rules, players), 2**62))), need, seconds,
    )


def _check_engine(engine: Engine, chain: bool, out_of_core: bool, players: int) -> None:
    """Refuse what the chosen engine cannot do: exact fractions without the stored chain, the bounds on disk
    where the chain is stored in memory anyway."""
    if engine == "exact" and not chain:
        raise InvalidInput(f"exact fractions are offered up to {model.EXACT_LIMIT:,} unknowns; {players} players "
                           f"are far more (drop {spelling.parameter('exact', True)} for certified bounds)")
    if out_of_core and chain:
        raise InvalidInput(f"{spelling.parameter('out_of_core', True)} is for 5 players and more; {players} players "
                           "fit in memory")


@contextmanager
def numba_threads(count: int) -> Iterator[None]:
    """At most `count` numba threads for the calling thread (numba keeps the count per thread), restored
    afterwards. Within it the sweeps take what `sweep_threads` allows for the chain they meet. (Before that
    rule the sweeps met after every block, and on the busy 2 shared cores every state of 4 players to 1e-10
    took 544 s with 2 threads and 56 s with one.)"""
    import numba

    before = numba.get_num_threads()
    numba.set_num_threads(max(1, min(count, before)))
    try:
        yield
    finally:
        numba.set_num_threads(before)


@renamed_keywords(on_sweep="progress")
def run(plan: SolvePlan, progress: Callable[[int, float], None] | None = None, *, client: Any = None,
        parts: int | None = None) -> model.GooseSolution:
    """Carry out a plan as it was made (engine, tolerance, storage, checkpoint, threads): `client` is the
    Dask client of a "dask" plan (its `parts` parts of the states)."""
    if (client is not None) != (plan.engine == "dask"):
        raise InvalidInput("a Dask client goes with a plan made with dask=True, and only with one")
    with numba_threads(plan.threads):
        return model.solve(plan, progress, client=client, parts=parts)


@renamed_keywords(on_sweep="progress")
def solve(rules: RuleSet = STUDY, players: int = 2, *, exact: bool = False, start: State | None = None,
          tol: float | None = None, progress: Callable[[int, float], None] | None = None,
          checkpoint: markov.Checkpoint | Path | None = None, out_of_core: bool = False, client: Any = None,
          parts: int | None = None) -> model.GooseSolution:
    """P(each player wins) and P(draw) from `start` (default: everybody on the start square), for code that
    holds a `RuleSet` and a `State` (the claims, the benches): `decide`, then `run`, without the size guard
    (the caller knows its sizes). `client` (a Dask client) sweeps the states in `parts` parts on the
    cluster, in the work folder `checkpoint`. See `parlour.goose.solve` for the rest."""
    where = checkpoint.path if isinstance(checkpoint, markov.Checkpoint) else checkpoint
    made = decide(rules, players, start, exact=exact, tol=tol, checkpoint=where, out_of_core=out_of_core,
                  dask=client is not None, force=True)
    return run(made, progress, client=client, parts=parts)


__all__ = [
    "CHAIN_FREE_PERIOD_S", "CHAIN_FREE_TOL", "CHAIN_PERIOD_S", "CHAIN_TOL", "PACKED_FROM_TOL", "TOL_FLOOR", "decide",
    "default_tol", "numba_threads", "plan", "rule_set", "run", "solve", "start_state",
]
