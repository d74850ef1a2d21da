"""The Game of the Goose as an operator of the certified engine, without a stored chain: every sweep
computes the successors of each relabelled state from the rules (`games.goose.space.otf_successor_sum`);
what is stored is the states in sweep order (the layout's codes), the dense code -> index map and the
bounds. At 5 players that is 0.7 + 1.1 + 6.9 GB, against ~11 GB more for a CSR chain.

The same update as the stored chain of `games.goose.chain.markov_chain` (outcome o of a state reads
outcome o - 1 of a successor, the mover's win is outcome 0), and the same soundness (`solvers.markov`):
at most 12 non-negative terms per value, so the rounding bound and SHRINK of the engine hold. No state
is stuck: the engine asks for fewer wells than players (`check_absorbing`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import numba
import numpy as np

from parlour.errors import InvalidInput
from parlour.games.goose.rules import RuleSet
from parlour.games.goose.space import Layout, otf_successor_sum, tables
from parlour.infra.interrupt import deferred
from parlour.solvers.markov import SHRINK, block_parts, groups, offset_update, part_range, raise_value


class RuleTables(NamedTuple):
    """The rules as the kernels read them (see `games.goose.space.Tables`), with the layout's index."""

    state_index: np.ndarray  # canonical code -> state index
    players: int
    codes: int  # number of compact square codes
    squares: np.ndarray
    pending: np.ndarray
    well: np.ndarray
    arrive: np.ndarray
    inn_pending: np.ndarray
    served: np.ndarray
    dest: np.ndarray
    weight: np.ndarray
    den: int
    end_code: int


@numba.njit(cache=True, inline="always")
def _successor_sum(code, t, lower, offsets, use_offsets, acc):
    otf_successor_sum(code, t.state_index, t.players, t.codes, t.squares, t.pending, t.well, t.arrive, t.inn_pending,
                      t.served, t.dest, t.weight, t.den, t.end_code, lower, offsets, use_offsets, acc)


@numba.njit(cache=True, parallel=True)
def _pass(codes, t, blocks, threads, lower, other, up, flag, shrink):  # pragma: no cover
    """One pass over `blocks` in Gauss-Seidel order, the states of a block split between `threads`.

    up: L <- max(L, F(L)); `other` receives each value's increase when `flag`. Otherwise a check of
    Z = L + other: returns how many values of F(Z) lie below Z, and sets Z <- F(Z) when `flag`."""
    m = lower.shape[1]
    inv = 1.0 / t.den
    count = 0
    for b in range(blocks.size - 1):
        lo, hi, parts = block_parts(blocks, b, threads)
        found = np.zeros(parts, np.int64)
        for p in numba.prange(parts):
            first, end = part_range(lo, hi, p, parts)
            acc = np.empty(m)
            for i in range(first, end):
                _successor_sum(np.int64(codes[i]), t, lower, other, not up, acc)
                for o in range(m):
                    v = acc[o] * inv * shrink
                    if up:
                        raise_value(lower, other, flag, i, o, v)
                    else:
                        found[p] += offset_update(lower, other, flag, i, o, v)
        count += found.sum()
    return count


def check_absorbing(rules: RuleSet, players: int) -> None:
    if len(rules.wells) >= players:
        raise InvalidInput("the chain-free solver needs fewer wells than players (nobody stuck for ever)")


class OnTheFly:
    """The certified engine's operator of the relabelled Goose chain, successors from the rules."""

    def __init__(self, lay: Layout) -> None:
        check_absorbing(lay.rules, lay.players)
        t = tables(lay.rules)
        self.layout = lay
        self.tables = RuleTables(lay.index, lay.players, t.codes, t.squares, t.pending, t.well, t.arrive,
                                 t.inn_pending, t.served, t.dest, t.weight, t.den, t.end_code)
        self.shape = (lay.size, lay.players)
        self.blocks = lay.blocks
        self.threads = numba.get_num_threads()

    def start(self, lower: np.ndarray) -> None:
        """Nothing is known before the first sweep: no state is stuck."""

    def sweep(self, lower: np.ndarray, increments: np.ndarray | None, blocks: np.ndarray | None = None) -> None:
        record = increments is not None
        other = increments if record else np.zeros((0, 0), np.float32)
        with deferred() as check:
            for part in groups(self.blocks if blocks is None else blocks):
                _pass(self.layout.codes, self.tables, part, self.threads, lower, other, True, record, SHRINK)
                check()

    def lowered(self, lower: np.ndarray, offsets: np.ndarray, assign: bool, blocks: np.ndarray | None = None) -> int:
        count = 0
        with deferred() as check:
            for part in groups(self.blocks if blocks is None else blocks):
                count += int(_pass(self.layout.codes, self.tables, part, self.threads, lower, offsets, False, assign,
                                   SHRINK))
                check()
        return count

    def identity(self) -> bytes:
        lay = self.layout
        h = hashlib.blake2b(digest_size=16)
        h.update(repr(lay.rules).encode())
        h.update(np.array([lay.players, lay.size], np.int64).tobytes())
        h.update(np.ascontiguousarray(lay.codes[:: max(1, lay.size // 100_000)]).tobytes())
        return h.digest()


BOUNDS_FILE = "bounds.npy"


def write_work_folder(lay: Layout, folder: Path) -> None:
    """The layout in a work folder every Dask worker can map (`codes.npy`, `index.npy`, `blocks.npy`);
    a wide layout built in that folder is there already."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, array in (("codes.npy", lay.codes), ("index.npy", lay.index)):
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
        codes = np.load(where / "codes.npy", mmap_mode="r")
        index = np.load(where / "index.npy", mmap_mode="r")
        blocks = np.load(where / "blocks.npy")
        lay = Layout(self.rules, self.players, codes, index, blocks, 0.0)
        lower = np.load(where / BOUNDS_FILE, mmap_mode="r+")
        return OnTheFly(lay), lower
