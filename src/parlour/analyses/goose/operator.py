"""The Game of the Goose as an operator of the certified engine, without a stored chain: every sweep
computes the successors of each relabelled state from the rules (`games.goose.kernels.successor_of_class`)
and sums their bounds (`successor_sum`);
what is stored is the states in sweep order (the layout's codes), the rank table that turns a code into
the row of its bounds (`solvers.markov.ranks`) and the bounds. At 5 players that is 0.7 + 0.07 + 6.9 GB,
against ~11 GB more for a CSR chain.

The same update as the stored chain of `analyses.goose.chain.markov_chain` (outcome o of a state reads
outcome o - 1 of a successor, the mover's win is outcome 0), and the same soundness (`solvers.markov`):
at most 12 non-negative terms per value, so the rounding bound and SHRINK of the engine hold. No state
is stuck: the engine asks for fewer wells than players (`check_absorbing`).
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass
from pathlib import Path

import numba
import numpy as np

from parlour.analyses.goose.space import Layout
from parlour.errors import InvalidInput
from parlour.games.goose.kernels import classes, successor_of_class, throws
from parlour.games.goose.rules import RuleSet
from parlour.games.goose.tables import tables
from parlour.infra.interrupt import deferred
from parlour.solvers.markov.kernels import (
    AHEAD,
    PATIENCE,
    PassMode,
    await_ahead,
    finish_block,
    groups,
    prefetch_row,
    read_bound,
    spin,
    store_sums,
    thread_range,
    update,
)
from parlour.solvers.markov.ranks import rank_of
from parlour.solvers.markov.threads import sweep_threads

# Up to this many players the successor sum is kept in five scalars: an array is stored and reloaded for
# every throw class, which made a 4-player chain-free up sweep 1.35x slower (one thread, one process,
# bench/results/goose_against_chain_free_4p.json; the same additions in the same order, the same bounds).
SCALAR_PLAYERS = 5


@numba.njit(cache=True, inline="always")
def _bound(values, s, c):
    """Column c of state s's bounds: L, or L + delta with use_delta (values = (L, delta, use_delta), the
    certified engine's extrapolation candidate)."""
    lower, delta, use_delta = values
    return read_bound(lower, delta, use_delta, s, c)


@numba.njit(cache=True, inline="always")
def successor_sum(code, n, t, ranks, values, acc):
    """acc <- den * F(L)[code] for the relabelled chain of n players, the successors listed by the rules
    (`games.goose.kernels.successor_of_class`); a successor's bounds are in row `rank_of(ranks, code)`,
    values = (L, delta, use_delta). At most 12 non-negative terms per value, so the rounding bound (and
    SHRINK) of the certified engine holds."""
    state = throws(code, n, t)
    if n > SCALAR_PLAYERS or acc.size != n:
        _successor_sum_wide(state, n, t, ranks, values, acc)
        return
    a0 = a1 = a2 = a3 = a4 = 0.0
    for k in range(classes(state, t)):
        successor, w = successor_of_class(state, k, t)
        if successor < 0:  # the mover reached the end: outcome 0, his win
            a0 += w
            continue
        s = rank_of(ranks, successor)
        a0 += w * _bound(values, s, n - 1)  # the mover is the successor's last player
        a1 += w * _bound(values, s, 0)
        if n > 2:
            a2 += w * _bound(values, s, 1)
        if n > 3:
            a3 += w * _bound(values, s, 2)
        if n > 4:
            a4 += w * _bound(values, s, 3)
    store_sums(acc, a0, a1, a2, a3, a4)


@numba.njit(cache=True, inline="always")
def _successor_sum_wide(state, n, t, ranks, values, acc):
    """successor_sum for more than SCALAR_PLAYERS players (or extra columns), summing into `acc`."""
    for o in range(acc.size):
        acc[o] = 0.0
    for k in range(classes(state, t)):
        successor, w = successor_of_class(state, k, t)
        if successor < 0:
            acc[0] += w
            continue
        s = rank_of(ranks, successor)  # acc += w * (the successor's bounds, players relabelled back)
        acc[0] += w * _bound(values, s, n - 1)
        for o in range(1, n):
            acc[o] += w * _bound(values, s, o - 1)
        for o in range(n, acc.size):
            acc[o] += w * _bound(values, s, o)


@numba.njit(cache=True, inline="always")
def prefetch_successors(code, n, t, ranks, lower, other, use_other):
    """Prefetch the rows of the bounds (and of `other`, the check's offsets, with use_other when it has rows)
    that `successor_sum` will read for `code`, and the state's own row: a pass calls it a few states ahead
    (`solvers.markov.kernels.prefetch_row`)."""
    state = throws(code, n, t)
    prefetch_row(lower, rank_of(ranks, code))  # type: ignore[call-arg]  # typingctx is numba's
    for k in range(classes(state, t)):
        successor, _ = successor_of_class(state, k, t)
        if successor < 0:
            continue
        s = rank_of(ranks, successor)
        prefetch_row(lower, s)
        if use_other and other.shape[0] > 0:
            prefetch_row(other, s)


@numba.njit(cache=True, parallel=True)
def _pass(lay, t, blocks, lower, other, mode):  # pragma: no cover
    """One pass over `blocks` in Gauss-Seidel order, each thread sweeping its own blocks (or part of
    every block), waiting only for the blocks a block reads (`solvers.markov.PassMode`); lay = (players,
    codes in sweep order, their rank table: a state's row is its code's rank). Up: L <- max(L, F(L)), `other`
    receiving each value's increase when recording. Check: Z = L + other; returns how many values of F(Z)
    lie below Z, sets Z <- F(Z) when assigning."""
    n, codes, ranks = lay
    m = lower.shape[1]
    inv = 1.0 / t.den
    found = np.zeros(mode.threads, np.int64)
    done = np.zeros(blocks.size - 1, np.int64)  # blocks finished in this call (`await_ahead`)
    for p in numba.prange(mode.threads):
        acc = np.empty(m)
        values = (lower, other, not mode.up)
        patience = mode.patience
        count = 0  # found[p] is written once: the threads' counters share a cache line
        for b in range(blocks.size - 1):
            first, end = thread_range(blocks, b, p, mode)
            if first == end:
                continue
            patience = await_ahead(done, b, mode, patience)
            for i in range(first, end):
                if i + AHEAD < end:
                    prefetch_successors(np.int64(codes[i + AHEAD]), n, t, ranks, lower, other, not mode.up)
                code = np.int64(codes[i])
                successor_sum(code, n, t, ranks, values, acc)
                count += update(lower, other, mode, rank_of(ranks, code), acc, inv)
                if mode.delay > 0 and p == 0:
                    count += spin(mode.delay)
            finish_block(done, b, mode)
        found[p] = count
    return found.sum()


def check_absorbing(rules: RuleSet, players: int) -> None:
    if len(rules.wells) >= players:
        raise InvalidInput("the chain-free solver needs fewer wells than players (nobody stuck for ever)")


class OnTheFly:
    """The certified engine's operator of the relabelled Goose chain, successors from the rules."""

    def __init__(self, lay: Layout) -> None:
        check_absorbing(lay.rules, lay.players)
        self.layout = lay
        self.tables = tables(lay.rules)
        self.shape = (lay.size, lay.players)
        self.blocks = lay.blocks
        self.threads = sweep_threads(lay.size)
        self.delay = 0  # tests only: slows thread 0 down (see PassMode)
        self.owned = True  # whole blocks per thread (PassMode.owned); False: a part of each
        self.patience = PATIENCE  # wait for the blocks a block reads (PassMode.patience); 0: never wait

    def start(self, lower: np.ndarray) -> None:
        """Nothing is known before the first sweep: no state is stuck."""

    def sweep(self, lower: np.ndarray, increments: np.ndarray | None, blocks: np.ndarray | None = None) -> None:
        record = increments is not None
        other = increments if record else np.zeros((0, 0), np.float32)
        with deferred() as check:
            for part in groups(self.blocks if blocks is None else blocks):
                mode = PassMode(True, record, self.threads, self.delay, self.owned, self.patience)
                _pass(self._lay(), self.tables, part, lower, other, mode)
                check()

    def lowered(self, lower: np.ndarray, offsets: np.ndarray, assign: bool, blocks: np.ndarray | None = None) -> int:
        count = 0
        with deferred() as check:
            for part in groups(self.blocks if blocks is None else blocks):
                mode = PassMode(False, assign, self.threads, self.delay, self.owned, self.patience)
                count += int(_pass(self._lay(), self.tables, part, lower, offsets, mode))
                check()
        return count

    def _lay(self) -> tuple[int, np.ndarray, np.ndarray]:
        return self.layout.players, self.layout.codes, self.layout.ranks

    def identity(self) -> bytes:
        lay = self.layout
        h = hashlib.blake2b(digest_size=16)
        h.update(repr(lay.rules).encode())
        h.update(b"rows: ranks of the codes")  # checkpoints of the rows in sweep order do not resume
        h.update(np.array([lay.players, lay.size], np.int64).tobytes())
        h.update(np.ascontiguousarray(lay.codes[:: max(1, lay.size // 100_000)]).tobytes())
        return h.digest()


BOUNDS_FILE = "bounds.npy"


def write_work_folder(lay: Layout, folder: Path) -> None:
    """The layout in a work folder every Dask worker can map (`codes.npy`, `ranks.npy`, `blocks.npy`);
    a wide layout built in that folder is there already."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, array in (("codes.npy", lay.codes), ("ranks.npy", lay.ranks)):
        if not (isinstance(array, np.memmap) and Path(array.filename or "") == (folder / name).resolve()):
            np.save(folder / name, array)
    np.save(folder / "blocks.npy", lay.blocks)


@dataclass(frozen=True)
class WorkFolder:
    """Picklable: on a Dask worker, the operator over the layout in `folder` and the shared bounds there."""

    folder: str
    rules: RuleSet
    players: int

    def __call__(self) -> tuple[OnTheFly, np.ndarray]:
        where = Path(self.folder)
        with _NPY_HEADERS:
            codes = np.load(where / "codes.npy", mmap_mode="r")
            ranks = np.load(where / "ranks.npy", mmap_mode="r")
            blocks = np.load(where / "blocks.npy")
            lower = np.load(where / BOUNDS_FILE, mmap_mode="r+")
        lay = Layout(self.rules, self.players, codes, ranks, blocks, 0.0)
        return OnTheFly(lay), lower


# np.load reads a file's header with ast.literal_eval, which CPython 3.11 before 3.11.8 can break on when two
# threads parse at once ("AST constructor recursion depth mismatch", python/cpython#106905): Dask's threaded
# workers open their work folders one at a time.
_NPY_HEADERS = threading.Lock()


__all__ = [
    "BOUNDS_FILE", "SCALAR_PLAYERS", "OnTheFly", "WorkFolder", "check_absorbing", "prefetch_successors",
    "successor_sum", "write_work_folder",
]
