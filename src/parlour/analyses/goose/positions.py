"""Win chances from any position, for a page that asks after every move: the chain of 2-4 players solved once
for all its states (exactly for 2 players, certified intervals for 3 and 4) and kept on disk.

`solve(..., start=...)` answers one position; it re-solves the whole chain each time (2 players exact ≈5 s,
4 players ≈1 min). A `Table` holds the solution of every state, so a position costs a look-up: the exact
fractions of `exact_solution` for 2 players, the engine's lower bounds for 3 and 4 players, iterated until the
certified half-width is at most `tol` at *every* state (not only at the start: a page can reach any of them;
it takes no more sweeps, the slow mode is the endgame either way). A position's answer is the
`GooseSolution` that `solve` would give: the same function (`model.exact_at`, `model._from_bounds`) shapes it.

On disk (one folder per rule set and player count, each file written atomically by `infra.storage`): 2 players as the
numerators in fixed-width bytes beside the common denominator, proven again when read back (the exact residual
A x = B d must be zero, as `markov.exact` requires); 3 and 4 players as .npy files (the lower bounds and the
code -> state index) with a JSON description, checked for shape, rules and range when read back (memory-mapped:
4 players are 137 MB of bounds, of which a look-up touches a few pages).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import numpy as np

from parlour.analyses.goose import chain as gchain
from parlour.analyses.goose import policy
from parlour.analyses.goose.model import GooseSolution, _from_bounds, exact_at, exact_solution
from parlour.analyses.goose.space import Counts, build
from parlour.errors import InvalidInput
from parlour.games.goose.rules import RuleSet, State
from parlour.games.goose.tables import tables
from parlour.infra import storage
from parlour.results import Status
from parlour.solvers import markov
from parlour.solvers.markov.exact import _verify

log = logging.getLogger("parlour.analyses.goose.positions")

Report = Callable[[float, str], None]  # (share done 0..1, what is being done)
FORMAT = 1
TOL = {3: 1e-12, 4: 1e-10}  # the half-widths: 3 players as the command line's default, 4 as docs/goose.md's runs
MAX_TABLE_PLAYERS = 4  # beyond, there is no stored chain (5 players: hours)


def rules_key(rules: RuleSet) -> str:
    """A file-name-safe key for a rule set: its name and a digest of every field (two rule sets that differ in
    any rule never share a cache entry, whatever their names)."""
    digest = hashlib.sha256(repr(rules).encode()).hexdigest()[:16]
    name = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in rules.name)[:32]
    return f"{name}-{digest}"


@dataclass(frozen=True)
class _Index:
    """What `chain.locate` reads of a state space: enough to find a position without the chain itself."""

    rules: RuleSet
    players: int
    index: np.ndarray

    def row(self, code: int) -> int:
        return int(self.index[code])


@dataclass(frozen=True)
class Table:
    """The solved chain of one rule set and player count: every state's values, exact or certified."""

    rules: RuleSet
    players: int
    index: np.ndarray  # canonical code -> state index (-1: unreachable), as `Space.index`
    exact: markov.AbsorptionExact | None  # 2 players
    lower: np.ndarray | None  # 3-4 players: certified lower bounds [state, outcome column]
    sweeps: int
    tol: float  # the certified half-width at every state (0 when exact)
    seconds: float  # how long the solve took when it was done
    counts: Counts | None = None  # the reachable states by kind (2 players, whose chain is at hand anyway)

    def locate(self, state: State) -> tuple[int, int]:
        """(state index, player who is relative player 0); InvalidInput when unreachable."""
        return gchain.locate(cast(Any, _Index(self.rules, self.players, self.index)), state)

    def at(self, state: State) -> GooseSolution:
        """Every player's chance from `state` (and the draw's), as `solve(rules, players, start=state)` says
        it: exact for 2 players, a certified interval of half-width <= tol for 3 and 4."""
        t0 = time.perf_counter()
        idx, mover = self.locate(state)
        if self.exact is not None:
            return exact_at(self.rules, self.players, state, self.exact, idx, mover, self.counts, t0)
        assert self.lower is not None
        b = markov.Bounds(np.asarray(self.lower), self.sweeps, method="interval-iteration", status=Status.CERTIFIED)
        return _from_bounds(self.rules, self.players, state, self.counts, b, idx, mover, len(self.lower), t0,
                            f"certified bounds of every state (half-width <= {self.tol:g}), solved once and "
                            "looked up")


# ---- solving -----------------------------------------------------------------------------------------------


def solve_table(rules: RuleSet, players: int, report: Report | None = None) -> Table:
    """Solve every state of the chain: exactly for 2 players, else certified to TOL[players] everywhere. What
    any solve decides besides (the engine, the size guard, the threads: `policy.plan`) is decided as for the
    command line's; the refusal names the command line's --force, which the page has not."""
    if not 2 <= players <= MAX_TABLE_PLAYERS:
        raise InvalidInput(f"the page solves 2 to {MAX_TABLE_PLAYERS} players, got {players}")
    plan = policy.plan(players, rules=rules, exact=players == 2, tol=TOL.get(players),
                       flag="the command line's --force")
    if plan.engine not in ("exact", "stored chain"):
        raise InvalidInput(f"{players} players of these rules have no stored chain: use `parlour goose solve`")
    with policy.numba_threads(plan.threads):
        return _solve_table(plan, report)


def _solve_table(plan: policy.SolvePlan, report: Report | None) -> Table:
    rules, players = plan.rules, plan.players
    t0 = time.perf_counter()
    say = report or (lambda share, what: None)
    if players == 2:
        say(0.05, "2 players: solving the chain exactly (fractions of about 4,000 digits)")
        sol = exact_solution(rules, 2)
        sp = gchain.space(rules, 2)
        return Table(rules, 2, sp.index, sol, None, sol.refinement_steps, 0.0, time.perf_counter() - t0, sp.counts)
    say(0.02, f"{players} players: enumerating the states")
    # build, not chain.space: that one is cached for the process, and 4 players' chain is 1 GiB we drop after
    sp = build(rules, players)
    tol = plan.tol
    say(0.1, f"{players} players: {sp.size:,} states; certified sweeps")
    first: list[float] = []

    def tick(k: int, gap: float) -> None:
        # the gap closes about geometrically: the share done on a log scale between the first gap and 2 tol
        if not first:
            first.append(max(gap, 4 * tol))
        share = math.log(first[0] / max(gap, 2 * tol)) / math.log(first[0] / (2 * tol))
        say(0.1 + 0.85 * min(1.0, max(0.0, share)), f"{players} players, sweep {k}: widest interval {gap:.1e}")

    b = markov.certified(gchain.markov_chain(sp), watch=range(sp.size), tol=tol, progress=tick)
    return Table(rules, players, sp.index, None, b.lower, b.sweeps, tol, time.perf_counter() - t0)


# ---- the disk cache ----------------------------------------------------------------------------------------


def folder_of(root: Path, rules: RuleSet, players: int) -> Path:
    return root / "goose" / f"{rules_key(rules)}-{players}p"


def _save_npy(path: Path, array: np.ndarray) -> None:
    with storage.atomic_path(path) as tmp, tmp.open("wb") as out:
        np.save(out, array)


def save(table: Table, root: Path) -> Path:
    """Write a table under root (its own folder); the description goes last, so its presence means complete."""
    where = folder_of(root, table.rules, table.players)
    where.mkdir(parents=True, exist_ok=True)
    _save_npy(where / "index.npy", table.index)
    meta: dict[str, Any] = {"format": FORMAT, "rules": repr(table.rules), "players": table.players,
                            "sweeps": table.sweeps, "tol": table.tol, "seconds": round(table.seconds, 3)}
    if table.exact is not None:
        sol = table.exact
        width = (sol.denominator.bit_length() + 7) // 8
        blob = b"".join(n.to_bytes(width, "big") for n in sol.numerators)
        _save_npy(where / "numerators.npy", np.frombuffer(blob, np.uint8))
        meta.update(denominator=str(sol.denominator), width=width, columns=sol.columns, bits=sol.bits,
                    unknowns=len(sol.numerators))
    else:
        assert table.lower is not None
        _save_npy(where / "lower.npy", np.ascontiguousarray(table.lower, np.float64))
    storage.atomic_write(where / "table.json", json.dumps(meta))
    return where


def load(root: Path, rules: RuleSet, players: int) -> Table | None:
    """The table stored under root, or None when there is none or it does not check (it is then solved again
    and overwritten): 2 players' fractions must give an exact residual of zero, 3-4 players' bounds must have
    the chain's shape and lie in [0, 1] with row sums at most 1."""
    where = folder_of(root, rules, players)
    try:
        meta = json.loads((where / "table.json").read_text())
        if meta.get("format") != FORMAT or meta.get("rules") != repr(rules) or meta.get("players") != players:
            return None
        index = np.load(where / "index.npy", mmap_mode="r")
        if index.dtype != np.int32 or index.shape != (tables(rules).codes ** players,):
            return None
        if players == 2:
            return _load_exact(where, meta, rules, index)
        lower = np.load(where / "lower.npy", mmap_mode="r")
        states = int(np.max(index)) + 1
        ok = (lower.ndim == 2 and lower.shape[0] == states and lower.shape[1] in (players, players + 1)
              and float(lower.min()) >= 0.0 and float(lower.sum(axis=1).max()) <= 1.0 + 1e-9)
        if not ok:
            return None
        return Table(rules, players, index, None, lower, int(meta["sweeps"]), float(meta["tol"]),
                     float(meta["seconds"]))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("ignoring the cached table in %s: %s", where, exc)
        return None


def _load_exact(where: Path, meta: dict[str, Any], rules: RuleSet, index: np.ndarray) -> Table | None:
    blob = np.load(where / "numerators.npy").tobytes()
    width, unknowns, columns = int(meta["width"]), int(meta["unknowns"]), int(meta["columns"])
    if len(blob) != width * unknowns:
        return None
    nums = [int.from_bytes(blob[i * width:(i + 1) * width], "big") for i in range(unknowns)]
    den = int(meta["denominator"])
    sp = gchain.space(rules, 2)
    A, B, m = markov.integer_system(gchain.markov_chain(sp))
    if m != columns or A.shape[0] != unknowns or not _verify(A, B, nums, den):
        return None  # not the solution of this chain: proven wrong, so solved again
    sol = markov.AbsorptionExact(nums, den, columns, int(meta["sweeps"]), int(meta["bits"]),
                                 method="exact, read back and proven by an exact residual of zero",
                                 status=Status.EXACT)
    return Table(rules, 2, np.asarray(index), sol, None, int(meta["sweeps"]), 0.0, float(meta["seconds"]),
                 sp.counts)


def obtain(root: Path | None, rules: RuleSet, players: int, report: Report | None = None) -> Table:
    """The table from disk under root when it is there and checks, else solved (and saved when root is given)."""
    if root is not None:
        found = load(root, rules, players)
        if found is not None:
            return found
    table = solve_table(rules, players, report)
    if root is not None:
        try:
            save(table, root)
        except OSError as exc:  # a full or read-only disk costs the next start a solve, nothing else
            log.warning("could not cache the goose table for %d players: %s", players, exc)
    return table


__all__ = [
    "FORMAT", "MAX_TABLE_PLAYERS", "TOL", "Report", "Table", "folder_of", "load", "obtain", "rules_key", "save",
    "solve_table",
]
