"""The state space of a race game: the reachable states enumerated, ordered and turned into a Markov
chain (CSR) or a chain-free layout, by compiled searches over the rules' kernels
(`parlour.games.goose.kernels`, which read one `RuleTables`).

Two forms of a state (codes in base C, one digit per player):

* full states (explicit player to move): `mover * C**N + sum(code_i * C**i)`, used only to count the
  reachable states exactly as the reference model does;
* canonical states: the players relabelled so the mover is digit 0 and the others follow in turn order.
  The game is symmetric under that relabelling, so the chain needs about N times fewer states.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numba
import numpy as np

from parlour.errors import InvalidInput
from parlour.games.goose.kernels import digits_of, landing, move, others_mask, skips, sweep_key
from parlour.games.goose.rules import RuleSet
from parlour.games.goose.tables import tables
from parlour.infra.interrupt import deferred
from parlour.solvers.markov.kernels import part_range
from parlour.solvers.markov.ranks import bitmap_of, code_ranks, popcount, rank_of


@numba.njit(cache=True)
def _bfs_full(n, t):
    """Reachable full states from everybody on the start square, player 0 to move.

    Returns the visited marks (1 throw, 2 inn skip, 3 well skip, 4 terminal) indexed by full code.
    """
    c = t.codes
    cn = 1
    for _ in range(n):
        cn *= c
    mark = np.zeros(n * cn, np.uint8)
    queue = np.empty(n * cn, np.int64)
    s0 = 0
    for _i in range(n):
        s0 = s0 * c + t.start_code
    head = 0
    tail = 1
    queue[0] = s0
    mark[s0] = 255
    digits = np.empty(n, np.int64)
    pw = np.empty(n, np.int64)
    p = 1
    for i in range(n):
        pw[i] = p
        p *= c
    ncls = t.dest.shape[1]
    while head < tail:
        s = queue[head]
        head += 1
        me = s // cn
        digits_of(s % cn, n, c, digits)
        terminal = False
        for j in range(n):
            if digits[j] == t.end_code:
                terminal = True
        if terminal:
            mark[s] = 4
            continue
        why = skips(digits, n, me, t)
        mark[s] = 1 if why == 0 else (2 if why == 1 else 3)
        nk = ncls if why == 0 else 1
        for kk in range(nk):
            k = kk if why == 0 else -1
            new, _won = move(digits, n, me, k, t)
            u = ((me + 1) % n) * cn + (s % cn) + (new - digits[me]) * pw[me]
            if mark[u] == 0:
                mark[u] = 255
                queue[tail] = u
                tail += 1
    return mark


STEPS_PER_CALL = 500_000  # states per compiled call: a fraction of a second, so Ctrl-C is heard between calls


def _bfs_canonical(n, t):
    """Reachable canonical states (mover first) from everybody on the start square.

    Returns a byte per canonical code: 1 throw, 2 inn skip, 3 well skip (terminal states are not kept).
    N times fewer states than the full search, and the queue holds int32 codes. The search runs in
    compiled slices of STEPS_PER_CALL states (the same order as one call), Ctrl-C checked between them.
    """
    c = t.codes
    cn = c**n
    mark = np.zeros(cn, np.uint8)
    queue = np.empty(cn, np.int32)
    s0 = 0
    for _i in range(n):
        s0 = s0 * c + t.start_code
    queue[0] = s0
    mark[s0] = 255
    head, tail = 0, 1
    with deferred() as check:
        while head < tail:
            head, tail = _bfs_steps(n, t, mark, queue, (head, tail), STEPS_PER_CALL)
            check()
    return mark


@numba.njit(cache=True)
def _bfs_steps(n, t, mark, queue, ends, budget):
    """Up to `budget` states of the breadth-first search of `_bfs_canonical` from the queue's (head, tail);
    returns the new (head, tail)."""
    head, tail = ends
    c = t.codes
    digits = np.empty(n, np.int64)
    ncls = t.dest.shape[1]
    stop = head + budget
    while head < tail and head < stop:
        s = queue[head]
        head += 1
        digits_of(s, n, c, digits)
        why = skips(digits, n, 0, t)
        mark[s] = 1 if why == 0 else (2 if why == 1 else 3)
        nk = ncls if why == 0 else 1
        for kk in range(nk):
            k = kk if why == 0 else -1
            new, won = move(digits, n, 0, k, t)
            if won:
                continue
            u = new
            for j in range(n - 1, 0, -1):
                u = u * c + digits[j]
            if mark[u] == 0:
                mark[u] = 255
                queue[tail] = u
                tail += 1
    return head, tail


@numba.njit(cache=True)
def _full_counts(chain, codes, kind, start, n, t):
    """Full states (explicit mover) reachable from the start, by category, from the canonical chain.

    A canonical state stands for N full states, one per absolute mover; which of them are reachable is
    a bit mask propagated along the edges (a move hands the turn to the next player: rotate the mask)
    until nothing changes. Terminal full states are counted by their own (code, next mover) masks.
    Returns [throw, inn skip, well skip, terminal] and the mover masks; chain = (indptr, target).
    """
    indptr, target = chain
    c = t.codes
    s_count = codes.size
    full = (1 << n) - 1
    mask = np.zeros(s_count, np.uint8)
    mask[start] = 1
    changed = True
    while changed:
        changed = False
        for s in range(s_count - 1, -1, -1):  # successors mostly sit earlier: sources first
            m = mask[s]
            if m == 0:
                continue
            rot = ((m << 1) | (m >> (n - 1))) & full
            for e in range(indptr[s], indptr[s + 1]):
                u = target[e]
                if u >= 0 and (mask[u] | rot) != mask[u]:
                    mask[u] |= rot
                    changed = True
    cn = 1
    for _ in range(n):
        cn *= c
    term = np.zeros(cn, np.uint8)
    out = np.zeros(4, np.int64)
    top = cn // c
    for s in range(s_count):
        m = mask[s]
        bits = 0
        for j in range(n):
            bits += (m >> j) & 1
        out[kind[s] - 1] += bits
        rot = ((m << 1) | (m >> (n - 1))) & full
        for e in range(indptr[s], indptr[s + 1]):
            if target[e] < 0:
                # the winner stands on the end square, last in line after the next mover
                tcode = codes[s] // c + t.end_code * top
                term[tcode] |= rot
    for i in range(cn):
        m = term[i]
        for j in range(n):
            out[3] += (m >> j) & 1
    return out, mask


@numba.njit(cache=True)
def _sweep_keys(codes, n, t):
    """(sum of squares, waiting prefix) per code, as two int64 arrays (see `kernels.sweep_key`)."""
    total = np.empty(codes.size, np.int64)
    prefix = np.empty(codes.size, np.int64)
    digits = np.empty(n, np.int64)
    for i in range(codes.size):
        total[i], prefix[i] = sweep_key(codes[i], n, t, digits)
    return total, prefix


@numba.njit(cache=True)
def sweep_blocks(codes, n, t):
    """Starts of the runs of equal sum of squares of codes in sweep order, then the end: the blocks that
    a parallel sweep deals out whole, round robin, to its threads (`PassMode.owned`). A throw moves the sum
    by 2 or more or leaves it (skips, a bounce onto the start of the turn), so a level's states read
    mostly their own level, swept by the same thread in order, and levels two or more ahead, which that
    thread swept just before. (Runs of equal (sum, waiting prefix) split between threads were the blocks
    before: a skip reads the next shorter prefix of its sum, so those reads went to the other thread, and
    on 3 players 2 threads did not reach width 2e-12 in 300 passes; docs/goose.md.)"""
    starts = [0]
    digits = np.empty(n, np.int64)
    last = -1
    for i in range(codes.size):
        total, _prefix = sweep_key(codes[i], n, t, digits)
        if i > 0 and total != last:
            starts.append(i)
        last = total
    starts.append(codes.size)
    return np.array(starts, np.int64)


def _build_csr(codes, index, n, t):
    """CSR successor lists of canonical states: target index, or -1 for "the mover wins"; built in compiled
    slices of STEPS_PER_CALL states, Ctrl-C checked between them."""
    s_count = codes.size
    ncls = t.dest.shape[1]
    indptr = np.zeros(s_count + 1, np.int64)
    target = np.empty(s_count * ncls, np.int32)
    wts = np.empty(s_count * ncls, np.int16)
    e = 0
    with deferred() as check:
        for first in range(0, s_count, STEPS_PER_CALL):
            e = _csr_rows(codes, index, n, t, (first, min(s_count, first + STEPS_PER_CALL), e),
                          (indptr, target, wts))
            check()
    return indptr, target[:e].copy(), wts[:e].copy()


@numba.njit(cache=True)
def _csr_rows(codes, index, n, t, rows, out):
    """Rows first..end-1 of `_build_csr` (rows = (first, end, e)), written from entry e on into
    out = (indptr, target, weights); returns the next free entry."""
    first, end, e = rows
    indptr, target, wts = out
    c = t.codes
    ncls = t.dest.shape[1]
    digits = np.empty(n, np.int64)
    loc_t = np.empty(ncls, np.int64)
    loc_w = np.empty(ncls, np.int64)
    for i in range(first, end):
        digits_of(codes[i], n, c, digits)
        why = skips(digits, n, 0, t)
        m = 0
        nk = ncls if why == 0 else 1
        for kk in range(nk):
            k = kk if why == 0 else -1
            w = t.weight[kk] if why == 0 else t.den
            new, won = move(digits, n, 0, k, t)
            if won:
                u = -1
            else:
                code = new
                for j in range(n - 1, 0, -1):
                    code = code * c + digits[j]
                u = index[code]
            found = False
            for q in range(m):
                if loc_t[q] == u:
                    loc_w[q] += w
                    found = True
            if not found:
                loc_t[m] = u
                loc_w[m] = w
                m += 1
        for q in range(m):
            target[e] = loc_t[q]
            wts[e] = loc_w[q]
            e += 1
        indptr[i + 1] = e
    return e


# --- the space as a value -------------------------------------------------------------------------
@dataclass(frozen=True)
class Counts:
    """Reachable full states (explicit player to move) by category, and the canonical chain size."""

    players: int
    throw: int
    inn_skip: int
    well_skip: int
    terminal: int
    canonical: int  # transient states of the relabelled chain
    stuck: int = 0  # full states from which the game cannot end (the 2-player draw; among the well skips)

    @property
    def reachable(self) -> int:
        return self.throw + self.inn_skip + self.well_skip + self.terminal

    @property
    def throw_plus_terminal(self) -> int:
        """The convention that gives the study's 2.79e5, 1.64e7, 8.85e8 (3-5 players)."""
        return self.throw + self.terminal

    def to_json(self) -> dict[str, int]:
        return {
            "reachable": self.reachable,
            "throw": self.throw,
            "skip_inn": self.inn_skip,
            "skip_stuck": self.well_skip,
            "terminal": self.terminal,
            "draw": self.stuck,
            "throw_plus_terminal": self.throw_plus_terminal,
            "canonical_transient": self.canonical,
        }


@dataclass(frozen=True)
class Space:
    """Canonical transient states, ordered by decreasing progress (sum of squares), with their CSR."""

    rules: RuleSet
    players: int
    codes: np.ndarray  # canonical code of each state index
    index: np.ndarray  # canonical code -> state index (-1: unreachable)
    indptr: np.ndarray
    target: np.ndarray  # successor index, or -1: the mover wins
    weight: np.ndarray  # numerators over `den`
    den: int
    counts: Counts
    movers: np.ndarray  # bit m set: the full state with absolute player m to move is reachable
    blocks: np.ndarray  # starts of the sweep blocks (equal sum of squares), then the end

    @property
    def size(self) -> int:
        return int(self.codes.size)

    def code(self, codes: tuple[int, ...]) -> int:
        """Canonical code of per-player codes listed from the mover on."""
        c = tables(self.rules).codes
        out = 0
        for d in reversed(codes):
            out = out * c + d
        return out

    def row(self, code: int) -> int:
        """The state index of a canonical code, -1 when it is not a reachable state."""
        return int(self.index[code])

    def state_index(self, squares: tuple[int, ...]) -> int:
        """Index of the state with these compact codes (mover first)."""
        i = self.row(self.code(squares))
        if i < 0:
            raise InvalidInput("this position cannot be reached from the start of the game")
        return i


def build(rules: RuleSet, players: int) -> Space:
    """Enumerate the reachable states of `players` players and their successor lists."""
    if players < 2:
        raise InvalidInput(f"the game needs at least 2 players, got {players}")
    t = tables(rules)
    c = t.codes
    # A byte and an int32 per canonical code (and an int32 index): 4 players ~50 MB; 5 players would
    # need ~3 GB here before the chain itself, which wants on-the-fly successors (a later issue).
    if c**players * 9 > 2**30:  # as chain.fits_chain
        raise InvalidInput(
            f"{players} players: {c}^{players} codes are too many for this enumerator "
            "(up to 4 players on the study's board); `parlour goose simulate` works for any number"
        )
    canon = _bfs_canonical(players, t)
    codes = np.flatnonzero(canon).astype(np.int64)
    kind = canon[codes]
    del canon
    # Most advanced first (largest sum of squares): Gauss-Seidel then follows the play; within a sum,
    # the shorter waiting prefix first (`_sweep_key`). (Ordering by the expected turns a lone player
    # needs was tried: more sweeps.)
    total, prefix = _sweep_keys(codes, players, t)
    order = np.lexsort((codes, prefix, -total))
    codes = codes[order]
    kind = kind[order]
    del total, prefix, order
    blocks = sweep_blocks(codes, players, t)
    index = np.full(c**players, -1, np.int32)
    index[codes] = np.arange(codes.size, dtype=np.int32)
    indptr, target, weight = _build_csr(codes, index, players, t)
    start = int(index[int(sum(t.start_code * c**i for i in range(players)))])
    counts, movers = _full_counts((indptr, target), codes, kind, start, players, t)
    cnt = Counts(
        players=players,
        throw=int(counts[0]),
        inn_skip=int(counts[1]),
        well_skip=int(counts[2]),
        terminal=int(counts[3]),
        canonical=int(codes.size),
    )
    return Space(rules, players, codes, index, indptr, target, weight, t.den, cnt, movers, blocks)


# --- counting without a chain (the scale study) ---------------------------------------------------
@numba.njit(cache=True)
def _reach_masks(n, t):
    """Reachable canonical states and their mover masks in one worklist pass, successors on the fly.

    Nothing but a byte per canonical code (bits 0..n-1: the absolute movers that can stand there; bit
    7: in the queue), a circular int32 queue (each code at most once in it) and the terminal masks
    indexed by the n-1 codes that are not the winner's. A state is queued again only when its mask
    grows, so there are at most n pops per state. 5 players: 49^5 codes = 0.28 GB of masks + 1.1 GB
    of queue, against ~8 GB for a full-state search with an int64 queue.

    Returns [throw, inn skip, well skip, terminal, canonical, pops, peak queue length].
    """
    c = t.codes
    cn = 1
    for _ in range(n):
        cn *= c
    full = (1 << n) - 1
    mask = np.zeros(cn, np.uint8)
    queue = np.empty(cn, np.int32)
    term = np.zeros(cn // c, np.uint8)
    s0 = 0
    for _i in range(n):
        s0 = s0 * c + t.start_code
    mask[s0] = 1 | 128
    queue[0] = s0
    head = 0
    size = 1
    pops = 0
    peak = 1
    digits = np.empty(n, np.int64)
    ncls = t.dest.shape[1]
    while size > 0:
        s = int(queue[head])
        head += 1
        if head == cn:
            head = 0
        size -= 1
        pops += 1
        m = mask[s] & full
        mask[s] = m  # out of the queue
        rot = ((m << 1) | (m >> (n - 1))) & full
        digits_of(s, n, c, digits)
        why = skips(digits, n, 0, t)
        nk = ncls if why == 0 else 1
        for kk in range(nk):
            k = kk if why == 0 else -1
            new, won = move(digits, n, 0, k, t)
            if won:
                term[s // c] |= rot
                continue
            u = new
            for j in range(n - 1, 0, -1):
                u = u * c + digits[j]
            old = mask[u]
            grown = (old & full) | rot
            if grown != (old & full):
                if old & 128:
                    mask[u] = grown | 128
                else:
                    mask[u] = grown | 128
                    tail = head + size
                    if tail >= cn:
                        tail -= cn
                    queue[tail] = u
                    size += 1
                    if size > peak:
                        peak = size
    out = np.zeros(7, np.int64)
    for code in range(cn):
        m = mask[code]
        if m == 0:
            continue
        bits = 0
        for j in range(n):
            bits += (m >> j) & 1
        digits_of(code, n, c, digits)
        why = skips(digits, n, 0, t)
        out[why] += bits  # why: 0 throw, 1 inn skip, 2 well skip
        out[4] += 1
    for i in range(cn // c):
        m = term[i]
        for j in range(n):
            out[3] += (m >> j) & 1
    out[5] = pops
    out[6] = peak
    return out


@dataclass(frozen=True)
class ReachCount:
    """Reachable states counted on the fly (no chain, no index): the 5-player scale figure."""

    counts: Counts
    pops: int  # worklist pops (at most players x canonical states)
    peak_queue: int
    bytes: int  # the enumerator's arrays
    seconds: float


def count_reachable(rules: RuleSet, players: int) -> ReachCount:
    """Full and relabelled reachable states by category, without building the chain.

    Needs (c^n + 4 c^n + c^(n-1)) bytes for c codes: 1.4 GB for 5 players on the study's board. The
    draw count (stuck states) needs the chain and is not given (0 here; it is 0 for 3+ players on the
    study's board anyway, as only two squares are wells).
    """
    import time

    if players < 2:
        raise InvalidInput(f"the game needs at least 2 players, got {players}")
    if players > 7:
        raise InvalidInput("the on-the-fly counter keeps the mover masks in 7 bits: at most 7 players")
    t = tables(rules)
    c = t.codes
    need = c**players * 5 + c ** (players - 1)
    if c**players >= 2**31:
        raise InvalidInput(f"{players} players: {c}^{players} codes do not fit the int32 queue")
    t0 = time.perf_counter()
    out = _reach_masks(players, t)
    cnt = Counts(players, int(out[0]), int(out[1]), int(out[2]), int(out[3]), int(out[4]))
    return ReachCount(cnt, int(out[5]), int(out[6]), need, time.perf_counter() - t0)


@numba.njit(cache=True)
def _order_by_progress(mark, n, t):
    """Reachable codes (mark != 0) in the order of `build` (decreasing sum of squares, shorter waiting
    prefix, ascending code) by a counting sort over (sum, prefix), in int32 and without sort keys."""
    top = 0
    for i in range(t.squares.size):
        top = max(top, t.squares[i])
    counts = np.zeros((n * top + 1) * (n + 1) + 1, np.int64)
    digits = np.empty(n, np.int64)
    total = 0
    for code in range(mark.size):
        if mark[code] != 0:
            key, prefix = sweep_key(code, n, t, digits)
            counts[(n * top - key) * (n + 1) + prefix + 1] += 1
            total += 1
    for k in range(1, counts.size):
        counts[k] += counts[k - 1]
    out = np.empty(total, np.int32)
    for code in range(mark.size):
        if mark[code] != 0:
            key, prefix = sweep_key(code, n, t, digits)
            slot = (n * top - key) * (n + 1) + prefix
            out[counts[slot]] = code
            counts[slot] += 1
    return out


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
        _order_bits_by_progress(seen, players, t, codes)
        ranks = code_ranks(seen, _wide_array(folder, "ranks.npy", (seen.size, 2), np.uint64))
        del seen
    else:
        mark = _bfs_canonical(players, t)
        codes = _order_by_progress(mark, players, t)
        del mark
        if check is not None:
            check(codes.size)
        ranks = code_ranks(bitmap_of(codes, c**players))
    blocks = sweep_blocks(codes, players, t)
    return Layout(rules, players, codes, ranks, blocks, time.perf_counter() - t0)


# --- counting the relabelled states of six players (bitmaps) -----------------------------------
@numba.njit(cache=True, parallel=True)
def _expand_level(frontier, nexts, n, t):
    """Set in nexts[thread] the bit of every successor of every code in `frontier` (one bit per canonical
    code; a bitmap per thread, so no two threads write the same word)."""
    threads = nexts.shape[0]
    words = frontier.size
    c = t.codes
    top = 1
    for _ in range(n - 1):
        top *= c
    for p in numba.prange(threads):
        lo, hi = part_range(0, words, p, threads)
        out = nexts[p]
        for w in range(lo, hi):
            word = frontier[w]
            if word == 0:
                continue
            for bit in range(64):
                if (word >> np.uint64(bit)) & np.uint64(1) == 0:
                    continue
                code = np.int64(w) * 64 + bit
                here = code % c
                rest = code // c
                occ = others_mask(rest, n, t)
                if t.pending[here] == 1:
                    u = rest + t.served[here] * top
                    out[u >> 6] |= np.uint64(1) << np.uint64(u & 63)
                elif t.well[here] == 1 and (occ >> np.uint64(t.squares[here])) & np.uint64(1) == 0:
                    u = rest + here * top
                    out[u >> 6] |= np.uint64(1) << np.uint64(u & 63)
                else:
                    for k in range(t.dest.shape[1]):
                        d = t.dest[here, k]
                        if d == t.end_code:
                            continue
                        d = landing(here, d, occ, t)
                        u = rest + d * top
                        out[u >> 6] |= np.uint64(1) << np.uint64(u & 63)


@numba.njit(cache=True, parallel=True)
def _merge_level(nexts, seen, frontier):
    """frontier <- (OR of nexts) minus seen; seen |= frontier; nexts cleared; returns the frontier's size."""
    total = 0
    for w in numba.prange(seen.size):
        x = np.uint64(0)
        for p in range(nexts.shape[0]):
            x |= nexts[p, w]
            nexts[p, w] = 0
        x &= ~seen[w]
        seen[w] |= x
        frontier[w] = x
        total += popcount(x)  # type: ignore[call-arg]  # typingctx is numba's
    return total


@dataclass(frozen=True)
class BitmapCount:
    players: int
    canonical: int  # reachable transient relabelled states
    levels: int  # breadth-first levels after the start (the most turns any state needs from the start)
    per_level: tuple[int, ...]
    bitmap_gib: float  # memory of the bitmaps
    seconds: float


def count_canonical(rules: RuleSet, players: int, on_level: Callable[[int, int], None] | None = None) -> BitmapCount:
    """Reachable relabelled states by a breadth-first search over bitmaps (a bit per canonical code).

    The layout's dense int32 index stops at 5 players; this counter goes on: 6 players on the study's
    board are 49^6 codes, 1.7 GB per bitmap, (2 + threads) bitmaps. Terminal states are not counted
    (as `Layout.size`)."""
    import time

    if players < 2:
        raise InvalidInput(f"the game needs at least 2 players, got {players}")
    t0 = time.perf_counter()
    _, per_level, gib = reach_bitmap(rules, players, on_level)
    return BitmapCount(players, sum(per_level), len(per_level) - 1, per_level, gib, time.perf_counter() - t0)


def reach_bitmap(rules: RuleSet, players: int, on_level: Callable[[int, int], None] | None = None
                 ) -> tuple[np.ndarray, tuple[int, ...], float]:
    """(bitmap of the reachable transient canonical codes, new codes per breadth-first level, GiB of
    bitmaps used at the peak)."""
    t = tables(rules)
    c = t.codes
    words = (c**players + 63) // 64
    threads = numba.get_num_threads()
    seen = np.zeros(words, np.uint64)
    frontier = np.zeros(words, np.uint64)
    nexts = np.zeros((threads, words), np.uint64)
    s0 = sum(t.start_code * c**i for i in range(players))
    seen[s0 >> 6] |= np.uint64(1) << np.uint64(s0 & 63)
    frontier[:] = seen
    per_level = [1]
    while per_level[-1]:
        _expand_level(frontier, nexts, players, t)
        per_level.append(int(_merge_level(nexts, seen, frontier)))
        if on_level is not None:
            on_level(len(per_level) - 1, per_level[-1])
    gib = (seen.nbytes + frontier.nbytes + nexts.nbytes) / 2**30
    return seen, tuple(per_level[:-1]), gib


@numba.njit(cache=True)
def _order_bits_by_progress(seen, n, t, out):
    """`_order_by_progress` for codes given as set bits (any number of codes, int64 out)."""
    top = 0
    for i in range(t.squares.size):
        top = max(top, t.squares[i])
    counts = np.zeros((n * top + 1) * (n + 1) + 1, np.int64)
    digits = np.empty(n, np.int64)
    for phase in range(2):
        for w in range(seen.size):
            word = seen[w]
            if word == 0:
                continue
            for bit in range(64):
                if (word >> np.uint64(bit)) & np.uint64(1) == 0:
                    continue
                code = np.int64(w) * 64 + bit
                key, prefix = sweep_key(code, n, t, digits)
                slot = (n * top - key) * (n + 1) + prefix
                if phase == 0:
                    counts[slot + 1] += 1
                else:
                    out[counts[slot]] = code
                    counts[slot] += 1
        if phase == 0:
            for k in range(1, counts.size):
                counts[k] += counts[k - 1]
