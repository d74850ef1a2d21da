"""The chain-free layout: the relabelled states in sweep order and the rank table of their codes, from the
breadth-first queue (int32 codes) or, beyond 2^31 codes, from the bitmap search."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numba
import numpy as np

from parlour.analyses.goose.space.bitmap import order_bits_by_progress, reach_bitmap
from parlour.analyses.goose.space.canonical import bfs_canonical, order_by_progress, sweep_blocks
from parlour.errors import InvalidInput
from parlour.games.goose.rules import RuleSet
from parlour.games.goose.tables import tables
from parlour.infra import hugepages
from parlour.solvers.markov.ranks import bitmap_of, code_ranks, rank_of


def _wide_array(folder: Path | None, name: str, shape: tuple[int, ...], dtype: type = np.int64) -> np.ndarray:
    if folder is None:
        return np.empty(shape, dtype)
    folder.mkdir(parents=True, exist_ok=True)
    return np.lib.format.open_memmap(folder / name, mode="w+", dtype=dtype, shape=shape)


@dataclass(frozen=True)
class Layout:
    """The relabelled states in sweep order, the rank table of their codes, and no stored chain.

    A state's bounds are kept in row `row(code)`, the rank of its code among the reachable ones
    (`solvers.markov.ranks`), not in sweep order: the table is 16 bytes per 64 codes, where a dense
    code -> index map is 4 bytes per code. 5 players: 185M int32 codes (0.7 GB) + ranks (70 MB, against
    1.1 GB for the map); building it needs the breadth-first marks and queue (1.4 GB) first."""

    rules: RuleSet
    players: int
    codes: np.ndarray  # canonical code of each state in sweep order (the order of `build`)
    ranks: np.ndarray  # [word, 2] uint64: the reachable codes' bitmap and running counts
    blocks: np.ndarray  # starts of the sweep blocks (as `Space.blocks`) in `codes`
    seconds: float

    @property
    def size(self) -> int:
        return int(self.codes.size)

    def row(self, code: int) -> int:
        """The row of a canonical code's bounds, -1 when it is not a reachable state."""
        return int(rank_of(self.ranks, code)) if 0 <= code < 64 * self.ranks.shape[0] else -1


def bitmap_bytes(rules: RuleSet, players: int) -> int:
    """Bytes of the bitmaps `reach_bitmap` holds at once: seen, frontier and one per numba thread."""
    return (2 + numba.get_num_threads()) * ((tables(rules).codes ** players + 63) // 64) * 8


def layout_bytes(rules: RuleSet, players: int, states: int) -> int:
    """Bytes of the layout's arrays: codes of `states` states (int64 in wide layouts, from 2^31 codes on)
    and the rank table over every code."""
    c = tables(rules).codes
    width = 4 if c**players < 2**31 else 8
    return width * states + 16 * ((c**players + 63) // 64)


def layout(rules: RuleSet, players: int, *, wide: bool | None = None, folder: Path | None = None,
           check: Callable[[int], None] | None = None) -> Layout:
    """Reachable relabelled states of `players` players, ordered like `build`, without successor lists.

    Up to 2^31 codes (5 players on the study's board): int32 codes from a breadth-first queue. Beyond
    (`wide`, or forced for tests): the reachable codes from the bitmap search (`reach_bitmap`), int64,
    and the rank table straight from its bitmap, in memory-mapped files in `folder` when given (6 players:
    ~58 + 3.5 GB; the machine that runs them has the bounds' 348 GiB anyway).
    `check(states)` may refuse (raise) before anything large is allocated: it is called with 0 before
    the search (the rank table alone) and with the number of states once it is known.
    """
    import time

    if players < 2:
        raise InvalidInput(f"the game needs at least 2 players, got {players}")
    t = tables(rules)
    c = t.codes
    wide = c**players >= 2**31 if wide is None else wide
    t0 = time.perf_counter()
    if check is not None:
        check(0)
    if wide:
        seen, per_level, _ = reach_bitmap(rules, players)
        if check is not None:
            check(sum(per_level))
        codes = _wide_array(folder, "codes.npy", (sum(per_level),))
        order_bits_by_progress(seen, players, t, codes)
        ranks = code_ranks(seen, _wide_array(folder, "ranks.npy", (seen.size, 2), np.uint64))
        del seen
    else:
        mark = bfs_canonical(players, t)
        codes = order_by_progress(mark, players, t)
        del mark
        if check is not None:
            check(codes.size)
        bitmap = bitmap_of(codes, c**players)
        ranks = code_ranks(bitmap, hugepages.zeros((bitmap.size, 2), np.uint64))  # read at random by every pass
    blocks = sweep_blocks(codes, players, t)
    return Layout(rules, players, codes, ranks, blocks, time.perf_counter() - t0)
