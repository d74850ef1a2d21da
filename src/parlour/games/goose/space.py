"""The state space of a race game as integer codes, enumerated and turned into a Markov chain by numba.

A player's position is a compact "code" (a square someone can stand on, or an inn with the skip
pending); a state is a number in base C (C codes) with one digit per player. Two forms:

* full states (explicit player to move): `mover * C**N + sum(code_i * C**i)`, used only to count the
  reachable states exactly as the reference model does;
* canonical states: the players relabelled so the mover is digit 0 and the others follow in turn order.
  The game is symmetric under that relabelling, so the chain needs about N times fewer states; a move
  from (c0, c1, ..., c_{N-1}) leads to (c1, ..., c_{N-1}, c0') and shifts every player's label by one.

Everything the kernels need about the rules is in the tables of `Tables`, derived from the pure move
function in `rules.py` (which stays the test oracle).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numba
import numpy as np

from parlour.errors import InvalidInput
from parlour.games.goose.rules import RuleSet, chain, pending_code
from parlour.infra.interrupt import deferred
from parlour.solvers.markov import part_range


@dataclass(frozen=True)
class Tables:
    """Integer tables of a rule set (compact codes 0..C-1)."""

    rules: RuleSet
    squares: np.ndarray  # code -> square (the inn square for a pending code)
    pending: np.ndarray  # code -> 1 when "on the inn with the skip to come"
    well: np.ndarray  # code -> 1 when the square is a well/prison
    arrive: np.ndarray  # code -> 1 when a chain may end there although another player stands there
    inn_pending: np.ndarray  # code -> its pending code when the square is an inn, else -1
    served: np.ndarray  # pending code -> plain inn code, else itself
    dest: np.ndarray  # [code, class] -> code where the chain ends (occupancy not yet applied)
    weight: np.ndarray  # [class] -> number of dice outcomes in the class
    den: int  # number of dice outcomes
    end_code: int
    start_code: int
    code_of: dict[int, int]  # plain square -> code

    @property
    def codes(self) -> int:
        return int(self.squares.size)


@cache
def tables(rules: RuleSet) -> Tables:
    stand = list(rules.standable)
    code_of = {s: i for i, s in enumerate(stand)}
    codes = stand + [pending_code(rules, inn) for inn in rules.inns]
    c = len(codes)
    squares = np.array([s if s <= rules.end else rules.inns[s - rules.end - 1] for s in codes], np.int64)
    pending = np.array([1 if s > rules.end else 0 for s in codes], np.int8)
    well = np.array([1 if (s <= rules.end and s in rules.wells) else 0 for s in codes], np.int8)
    # wells always accept a newcomer; without the occupancy rule every square does
    arrive = well.copy() if rules.occupancy else np.ones(c, np.int8)
    inn_pending = np.full(c, -1, np.int64)
    served = np.arange(c, dtype=np.int64)
    for i, inn in enumerate(rules.inns):
        pc = len(stand) + i
        inn_pending[code_of[inn]] = pc
        served[pc] = code_of[inn]
    # Group the throws into classes that send every square to the same place (12 for two dice).
    rows: dict[tuple[int, ...], int] = {}
    for faces, mult in rules.throws:
        key = tuple(code_of[chain(rules, s, faces).end] for s in stand)
        rows[key] = rows.get(key, 0) + mult
    keys = list(rows)
    dest = np.full((c, len(keys)), -1, np.int64)
    for k, key in enumerate(keys):
        dest[: len(stand), k] = key
    weight = np.array([rows[k] for k in keys], np.int64)
    return Tables(
        rules, squares, pending, well, arrive, inn_pending, served, dest, weight,
        rules.denominator, code_of[rules.end], code_of[rules.start], code_of,
    )


# --- kernels --------------------------------------------------------------------------------------
@numba.njit(cache=True, inline="always")
def _digits(code: int, n: int, c: int, out: np.ndarray) -> None:
    for i in range(n):
        out[i] = code % c
        code //= c


@numba.njit(cache=True)
def _move(digits, n, me, k, squares, pending, arrive, inn_pending, served, dest, end_code):
    """New code of player `me` after throw class k (k < 0: a skipped turn), and whether he won.

    Mirrors rules.play: skips, chain end from the table, occupancy checked at the end of the chain.
    """
    here = digits[me]
    if k < 0:
        return served[here], False
    d = dest[here, k]
    if d == end_code:
        return d, True
    if d != here and arrive[d] == 0:
        sq = squares[d]
        for j in range(n):
            if j != me and squares[digits[j]] == sq:
                return here, False  # occupied: back to where the turn started
    if inn_pending[d] >= 0 and d != here:
        return inn_pending[d], False
    return d, False


@numba.njit(cache=True)
def _skips(digits, n, me, squares, pending, well):
    """1: inn skip, 2: stuck alone in a well, 0: throws."""
    here = digits[me]
    if pending[here] == 1:
        return 1
    if well[here] == 1:
        for j in range(n):
            if j != me and squares[digits[j]] == squares[here]:
                return 0
        return 2
    return 0


@numba.njit(cache=True)
def _bfs_full(n, c, start_code, squares, pending, well, arrive, inn_pending, served, dest, end_code):
    """Reachable full states from everybody on the start square, player 0 to move.

    Returns the visited marks (1 throw, 2 inn skip, 3 well skip, 4 terminal) indexed by full code.
    """
    cn = 1
    for _ in range(n):
        cn *= c
    mark = np.zeros(n * cn, np.uint8)
    queue = np.empty(n * cn, np.int64)
    s0 = 0
    for _i in range(n):
        s0 = s0 * c + start_code
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
    ncls = dest.shape[1]
    while head < tail:
        s = queue[head]
        head += 1
        me = s // cn
        _digits(s % cn, n, c, digits)
        terminal = False
        for j in range(n):
            if digits[j] == end_code:
                terminal = True
        if terminal:
            mark[s] = 4
            continue
        why = _skips(digits, n, me, squares, pending, well)
        mark[s] = 1 if why == 0 else (2 if why == 1 else 3)
        nk = ncls if why == 0 else 1
        for kk in range(nk):
            k = kk if why == 0 else -1
            new, _won = _move(digits, n, me, k, squares, pending, arrive, inn_pending, served, dest, end_code)
            t = ((me + 1) % n) * cn + (s % cn) + (new - digits[me]) * pw[me]
            if mark[t] == 0:
                mark[t] = 255
                queue[tail] = t
                tail += 1
    return mark


STEPS_PER_CALL = 500_000  # states per compiled call: a fraction of a second, so Ctrl-C is heard between calls


def _bfs_canonical(n, c, start_code, squares, pending, well, arrive, inn_pending, served, dest, end_code):
    """Reachable canonical states (mover first) from everybody on the start square.

    Returns a byte per canonical code: 1 throw, 2 inn skip, 3 well skip (terminal states are not kept).
    N times fewer states than the full search, and the queue holds int32 codes. The search runs in
    compiled slices of STEPS_PER_CALL states (the same order as one call), Ctrl-C checked between them.
    """
    cn = c**n
    mark = np.zeros(cn, np.uint8)
    queue = np.empty(cn, np.int32)
    s0 = 0
    for _i in range(n):
        s0 = s0 * c + start_code
    queue[0] = s0
    mark[s0] = 255
    head, tail = 0, 1
    with deferred() as check:
        while head < tail:
            head, tail = _bfs_steps(n, c, squares, pending, well, arrive, inn_pending, served, dest, end_code,
                                    mark, queue, head, tail, STEPS_PER_CALL)
            check()
    return mark


@numba.njit(cache=True)
def _bfs_steps(n, c, squares, pending, well, arrive, inn_pending, served, dest, end_code, mark, queue, head, tail,
               budget):
    """Up to `budget` states of the breadth-first search of `_bfs_canonical`; returns the new (head, tail)."""
    digits = np.empty(n, np.int64)
    ncls = dest.shape[1]
    stop = head + budget
    while head < tail and head < stop:
        s = queue[head]
        head += 1
        _digits(s, n, c, digits)
        why = _skips(digits, n, 0, squares, pending, well)
        mark[s] = 1 if why == 0 else (2 if why == 1 else 3)
        nk = ncls if why == 0 else 1
        for kk in range(nk):
            k = kk if why == 0 else -1
            new, won = _move(digits, n, 0, k, squares, pending, arrive, inn_pending, served, dest, end_code)
            if won:
                continue
            t = new
            for j in range(n - 1, 0, -1):
                t = t * c + digits[j]
            if mark[t] == 0:
                mark[t] = 255
                queue[tail] = t
                tail += 1
    return head, tail


@numba.njit(cache=True)
def _full_counts(indptr, target, codes, kind, start, n, c, end_code):
    """Full states (explicit mover) reachable from the start, by category, from the canonical chain.

    A canonical state stands for N full states, one per absolute mover; which of them are reachable is
    a bit mask propagated along the edges (a move hands the turn to the next player: rotate the mask)
    until nothing changes. Terminal full states are counted by their own (code, next mover) masks.
    Returns [throw, inn skip, well skip, terminal] and the mover masks.
    """
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
                t = target[e]
                if t >= 0 and (mask[t] | rot) != mask[t]:
                    mask[t] |= rot
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
                tcode = codes[s] // c + end_code * top
                term[tcode] |= rot
    for i in range(cn):
        m = term[i]
        for j in range(n):
            out[3] += (m >> j) & 1
    return out, mask


@numba.njit(cache=True, inline="always")
def _sweep_key(code, n, c, squares, pending, well, digits):
    """(sum of squares, waiting prefix) of a canonical code: how far the players have come, and how
    many players from the mover on only skip their turn (inn, alone in a well) before someone throws.

    Gauss-Seidel sweeps states by decreasing sum; within a sum, a skipping mover's successor is the
    rotated state with the same sum and a waiting prefix one shorter, so states with a shorter prefix
    go first and the skips read values of this very sweep. (On the 2- and 3-player chains this lowers
    the convergence factor per sweep from 0.940/0.969 to 0.844/0.874: 2.7-4.3x fewer sweeps; the
    slow mode was a player in the prison while the other walks.)"""
    _digits(code, n, c, digits)
    total = 0
    for j in range(n):
        total += squares[digits[j]]
    prefix = 0
    while prefix < n and _skips(digits, n, prefix, squares, pending, well) != 0:
        prefix += 1
    return total, prefix


@numba.njit(cache=True)
def _sweep_keys(codes, n, c, squares, pending, well):
    """(sum of squares, waiting prefix) per code, as two int64 arrays (see `_sweep_key`)."""
    total = np.empty(codes.size, np.int64)
    prefix = np.empty(codes.size, np.int64)
    digits = np.empty(n, np.int64)
    for i in range(codes.size):
        total[i], prefix[i] = _sweep_key(codes[i], n, c, squares, pending, well, digits)
    return total, prefix


@numba.njit(cache=True)
def sweep_blocks(codes, n, c, squares, pending, well):
    """Starts of the runs of equal (sum, prefix) of codes in sweep order, then the end: the blocks a
    parallel sweep splits between threads (a state rarely depends on another state of its block)."""
    starts = [0]
    digits = np.empty(n, np.int64)
    last = (-1, -1)
    for i in range(codes.size):
        key = _sweep_key(codes[i], n, c, squares, pending, well, digits)
        if i > 0 and key != last:
            starts.append(i)
        last = key
    starts.append(codes.size)
    return np.array(starts, np.int64)


def _build_csr(codes, index, n, c, squares, pending, well, arrive, inn_pending, served, dest, weight, den,
               end_code):
    """CSR successor lists of canonical states: target index, or -1 for "the mover wins"; built in compiled
    slices of STEPS_PER_CALL states, Ctrl-C checked between them."""
    s_count = codes.size
    ncls = dest.shape[1]
    indptr = np.zeros(s_count + 1, np.int64)
    target = np.empty(s_count * ncls, np.int32)
    wts = np.empty(s_count * ncls, np.int16)
    e = 0
    with deferred() as check:
        for first in range(0, s_count, STEPS_PER_CALL):
            e = _csr_rows(codes, index, n, c, squares, pending, well, arrive, inn_pending, served, dest, weight,
                          den, end_code, first, min(s_count, first + STEPS_PER_CALL), e, indptr, target, wts)
            check()
    return indptr, target[:e].copy(), wts[:e].copy()


@numba.njit(cache=True)
def _csr_rows(codes, index, n, c, squares, pending, well, arrive, inn_pending, served, dest, weight, den, end_code,
              first, end, e, indptr, target, wts):
    """Rows first..end-1 of `_build_csr`, written from entry e on; returns the next free entry."""
    ncls = dest.shape[1]
    digits = np.empty(n, np.int64)
    loc_t = np.empty(ncls, np.int64)
    loc_w = np.empty(ncls, np.int64)
    for i in range(first, end):
        _digits(codes[i], n, c, digits)
        why = _skips(digits, n, 0, squares, pending, well)
        m = 0
        nk = ncls if why == 0 else 1
        for kk in range(nk):
            k = kk if why == 0 else -1
            w = weight[kk] if why == 0 else den
            new, won = _move(digits, n, 0, k, squares, pending, arrive, inn_pending, served, dest, end_code)
            if won:
                t = -1
            else:
                code = new
                for j in range(n - 1, 0, -1):
                    code = code * c + digits[j]
                t = index[code]
            found = False
            for q in range(m):
                if loc_t[q] == t:
                    loc_w[q] += w
                    found = True
            if not found:
                loc_t[m] = t
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
    blocks: np.ndarray  # starts of the sweep blocks (equal sum and waiting prefix), then the end

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

    def state_index(self, squares: tuple[int, ...]) -> int:
        """Index of the state with these compact codes (mover first)."""
        i = int(self.index[self.code(squares)])
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
    args = (t.squares, t.pending, t.well, t.arrive, t.inn_pending, t.served, t.dest)
    canon = _bfs_canonical(players, c, t.start_code, *args, t.end_code)
    codes = np.flatnonzero(canon).astype(np.int64)
    kind = canon[codes]
    del canon
    # Most advanced first (largest sum of squares): Gauss-Seidel then follows the play; within a sum,
    # the shorter waiting prefix first (`_sweep_key`). (Ordering by the expected turns a lone player
    # needs was tried: more sweeps.)
    total, prefix = _sweep_keys(codes, players, c, t.squares, t.pending, t.well)
    order = np.lexsort((codes, prefix, -total))
    codes = codes[order]
    kind = kind[order]
    del total, prefix, order
    blocks = sweep_blocks(codes, players, c, t.squares, t.pending, t.well)
    index = np.full(c**players, -1, np.int32)
    index[codes] = np.arange(codes.size, dtype=np.int32)
    indptr, target, weight = _build_csr(codes, index, players, c, *args, t.weight, t.den, t.end_code)
    start = int(index[int(sum(t.start_code * c**i for i in range(players)))])
    counts, movers = _full_counts(indptr, target, codes, kind, start, players, c, t.end_code)
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
def _reach_masks(n, c, start_code, squares, pending, well, arrive, inn_pending, served, dest, end_code):
    """Reachable canonical states and their mover masks in one worklist pass, successors on the fly.

    Nothing but a byte per canonical code (bits 0..n-1: the absolute movers that can stand there; bit
    7: in the queue), a circular int32 queue (each code at most once in it) and the terminal masks
    indexed by the n-1 codes that are not the winner's. A state is queued again only when its mask
    grows, so there are at most n pops per state. 5 players: 49^5 codes = 0.28 GB of masks + 1.1 GB
    of queue, against ~8 GB for a full-state search with an int64 queue.

    Returns [throw, inn skip, well skip, terminal, canonical, pops, peak queue length].
    """
    cn = 1
    for _ in range(n):
        cn *= c
    full = (1 << n) - 1
    mask = np.zeros(cn, np.uint8)
    queue = np.empty(cn, np.int32)
    term = np.zeros(cn // c, np.uint8)
    s0 = 0
    for _i in range(n):
        s0 = s0 * c + start_code
    mask[s0] = 1 | 128
    queue[0] = s0
    head = 0
    size = 1
    pops = 0
    peak = 1
    digits = np.empty(n, np.int64)
    ncls = dest.shape[1]
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
        _digits(s, n, c, digits)
        why = _skips(digits, n, 0, squares, pending, well)
        nk = ncls if why == 0 else 1
        for kk in range(nk):
            k = kk if why == 0 else -1
            new, won = _move(digits, n, 0, k, squares, pending, arrive, inn_pending, served, dest, end_code)
            if won:
                term[s // c] |= rot
                continue
            t = new
            for j in range(n - 1, 0, -1):
                t = t * c + digits[j]
            old = mask[t]
            grown = (old & full) | rot
            if grown != (old & full):
                if old & 128:
                    mask[t] = grown | 128
                else:
                    mask[t] = grown | 128
                    tail = head + size
                    if tail >= cn:
                        tail -= cn
                    queue[tail] = t
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
        _digits(code, n, c, digits)
        why = _skips(digits, n, 0, squares, pending, well)
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
    out = _reach_masks(players, c, t.start_code, t.squares, t.pending, t.well, t.arrive, t.inn_pending,
                       t.served, t.dest, t.end_code)
    cnt = Counts(players, int(out[0]), int(out[1]), int(out[2]), int(out[3]), int(out[4]))
    return ReachCount(cnt, int(out[5]), int(out[6]), need, time.perf_counter() - t0)


@numba.njit(cache=True, inline="always")
def _others_mask(rest, n, c, squares):
    """The squares held by the other n - 1 players (the base-c digits of `rest`) as a 64-bit mask."""
    occ = np.uint64(0)
    r = rest
    for _j in range(n - 1):
        occ |= np.uint64(1) << np.uint64(squares[r % c])
        r //= c
    return occ


@numba.njit(cache=True, inline="always")
def _landing(here, d, occ, squares, arrive, inn_pending):
    """Where the mover stands after a chain of moves ending on d (not the end square): back on `here`
    when d is occupied (occupancy mask `occ`) and may not be shared, on the inn with the skip pending
    when d is the inn, else on d. The chain-free sweeps' form of `_move`."""
    if d != here:
        if arrive[d] == 0 and (occ >> np.uint64(squares[d])) & np.uint64(1) == 1:
            return here
        if inn_pending[d] >= 0:
            return inn_pending[d]
    return d


# --- successors without a stored chain (5 players: the operator of analyses.goose.operator) -------
@numba.njit(cache=True, inline="always")
def _acc_successor(index, code, w, L, delta, use_delta, acc, n, m):
    """acc += w * (bounds of the state `code`, players relabelled back); with `use_delta` the bounds
    read are L + delta (the certified engine's extrapolation candidate)."""
    t = index[code]
    if use_delta:
        acc[0] += w * (L[t, n - 1] + delta[t, n - 1])
        for o in range(1, n):
            acc[o] += w * (L[t, o - 1] + delta[t, o - 1])
    else:
        acc[0] += w * L[t, n - 1]
        for o in range(1, n):
            acc[o] += w * L[t, o - 1]
    for o in range(n, m):
        acc[o] += w * L[t, o]


@numba.njit(cache=True, inline="always")
def otf_successor_sum(code, index, n, c, squares, pending, well, arrive, inn_pending, served, dest, weight, den,
                      end_code, L, delta, use_delta, acc):
    """acc <- den * F(L)[code], the successors computed from the rules (`_move` specialised for the
    mover being digit 0: the others' squares as a 64-bit occupancy mask, the successor code as
    code // c + new * c^(n-1)). At most 12 non-negative terms per value, so the rounding bound (and
    `shrink`) of the CSR sweep holds."""
    m = acc.size
    top = 1
    for _ in range(n - 1):
        top *= c
    here = code % c
    rest = code // c
    occ = _others_mask(rest, n, c, squares)
    for o in range(m):
        acc[o] = 0.0
    if pending[here] == 1:
        _acc_successor(index, rest + served[here] * top, den, L, delta, use_delta, acc, n, m)
    elif well[here] == 1 and (occ >> np.uint64(squares[here])) & np.uint64(1) == 0:
        _acc_successor(index, rest + here * top, den, L, delta, use_delta, acc, n, m)  # alone in the well
    else:
        for k in range(dest.shape[1]):
            w = weight[k]
            d = dest[here, k]
            if d == end_code:
                acc[0] += w
                continue
            d = _landing(here, d, occ, squares, arrive, inn_pending)
            _acc_successor(index, rest + d * top, w, L, delta, use_delta, acc, n, m)


@numba.njit(cache=True)
def _order_by_progress(mark, n, c, squares, pending, well):
    """Reachable codes (mark != 0) in the order of `build` (decreasing sum of squares, shorter waiting
    prefix, ascending code) by a counting sort over (sum, prefix), in int32 and without sort keys."""
    top = 0
    for i in range(squares.size):
        top = max(top, squares[i])
    counts = np.zeros((n * top + 1) * (n + 1) + 1, np.int64)
    digits = np.empty(n, np.int64)
    total = 0
    for code in range(mark.size):
        if mark[code] != 0:
            key, prefix = _sweep_key(code, n, c, squares, pending, well, digits)
            counts[(n * top - key) * (n + 1) + prefix + 1] += 1
            total += 1
    for k in range(1, counts.size):
        counts[k] += counts[k - 1]
    out = np.empty(total, np.int32)
    for code in range(mark.size):
        if mark[code] != 0:
            key, prefix = _sweep_key(code, n, c, squares, pending, well, digits)
            slot = (n * top - key) * (n + 1) + prefix
            out[counts[slot]] = code
            counts[slot] += 1
    return out


def _wide_array(folder: Path | None, name: str, size: int) -> np.ndarray:
    if folder is None:
        return np.empty(size, np.int64)
    folder.mkdir(parents=True, exist_ok=True)
    return np.lib.format.open_memmap(folder / name, mode="w+", dtype=np.int64, shape=(size,))


def dense_index(codes: np.ndarray, size: int) -> np.ndarray:
    """code -> state index over every code 0..size-1 (-1: not a state), int32."""
    index = np.full(size, -1, np.int32)
    _fill_index(codes, index)
    return index


@dataclass(frozen=True)
class Layout:
    """The relabelled states in sweep order with a dense code -> index map, and no stored chain.

    5 players: 185M int32 codes (0.7 GB) + 49^5 int32 index entries (1.1 GB); building it needs the
    breadth-first marks and queue (1.4 GB) first."""

    rules: RuleSet
    players: int
    codes: np.ndarray  # int32, canonical code of each state index (order of `build`)
    index: np.ndarray  # int32, canonical code -> state index (-1: unreachable)
    blocks: np.ndarray  # starts of the sweep blocks (as `Space.blocks`)
    seconds: float

    @property
    def size(self) -> int:
        return int(self.codes.size)


def bitmap_bytes(rules: RuleSet, players: int) -> int:
    """Bytes of the bitmaps `reach_bitmap` holds at once: seen, frontier and one per numba thread."""
    return (2 + numba.get_num_threads()) * ((tables(rules).codes ** players + 63) // 64) * 8


def layout_bytes(rules: RuleSet, players: int, states: int) -> int:
    """Bytes of the layout's arrays (codes of `states` states and the dense index over every code);
    wide layouts (from 2^31 codes on) use int64 for both."""
    c = tables(rules).codes
    width = 4 if c**players < 2**31 else 8
    return width * (states + c**players)


def layout(rules: RuleSet, players: int, *, wide: bool | None = None, folder: Path | None = None,
           check: Callable[[int], None] | None = None) -> Layout:
    """Reachable relabelled states of `players` players, ordered like `build`, without successor lists.

    Up to 2^31 codes (5 players on the study's board): int32 codes and index, from a breadth-first
    queue. Beyond (`wide`, or forced for tests): the reachable codes from the bitmap search
    (`reach_bitmap`), int64 codes and a dense int64 index, in memory-mapped files in `folder` when
    given (6 players: ~58 + ~110 GB; the machine that runs them has the bounds' 348 GiB anyway).
    `check(states)` may refuse (raise) before anything large is allocated: it is called with 0 before
    the search (the index alone) and with the number of states once it is known.
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
        codes = _wide_array(folder, "codes.npy", sum(per_level))
        _order_bits_by_progress(seen, players, c, t.squares, t.pending, t.well, codes)
        del seen
        index = _wide_array(folder, "index.npy", c**players)
        index[:] = -1
        _fill_index(codes, index)
    else:
        mark = _bfs_canonical(players, c, t.start_code, t.squares, t.pending, t.well, t.arrive, t.inn_pending,
                              t.served, t.dest, t.end_code)
        codes = _order_by_progress(mark, players, c, t.squares, t.pending, t.well)
        del mark
        if check is not None:
            check(codes.size)
        index = dense_index(codes, c**players)
    blocks = sweep_blocks(codes, players, c, t.squares, t.pending, t.well)
    return Layout(rules, players, codes, index, blocks, time.perf_counter() - t0)


# --- counting the relabelled states of six players (bitmaps) -----------------------------------
@numba.njit(cache=True, inline="always")
def _popcount(x):
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return (x * np.uint64(0x0101010101010101)) >> np.uint64(56)


@numba.njit(cache=True, parallel=True)
def _expand_level(frontier, nexts, n, c, squares, pending, well, arrive, inn_pending, served, dest, end_code):
    """Set in nexts[thread] the bit of every successor of every code in `frontier` (one bit per canonical
    code; a bitmap per thread, so no two threads write the same word)."""
    threads = nexts.shape[0]
    words = frontier.size
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
                occ = _others_mask(rest, n, c, squares)
                if pending[here] == 1:
                    t = rest + served[here] * top
                    out[t >> 6] |= np.uint64(1) << np.uint64(t & 63)
                elif well[here] == 1 and (occ >> np.uint64(squares[here])) & np.uint64(1) == 0:
                    t = rest + here * top
                    out[t >> 6] |= np.uint64(1) << np.uint64(t & 63)
                else:
                    for k in range(dest.shape[1]):
                        d = dest[here, k]
                        if d == end_code:
                            continue
                        d = _landing(here, d, occ, squares, arrive, inn_pending)
                        t = rest + d * top
                        out[t >> 6] |= np.uint64(1) << np.uint64(t & 63)


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
        total += _popcount(x)
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
        _expand_level(frontier, nexts, players, c, t.squares, t.pending, t.well, t.arrive, t.inn_pending, t.served,
                      t.dest, t.end_code)
        per_level.append(int(_merge_level(nexts, seen, frontier)))
        if on_level is not None:
            on_level(len(per_level) - 1, per_level[-1])
    gib = (seen.nbytes + frontier.nbytes + nexts.nbytes) / 2**30
    return seen, tuple(per_level[:-1]), gib


@numba.njit(cache=True)
def _order_bits_by_progress(seen, n, c, squares, pending, well, out):
    """`_order_by_progress` for codes given as set bits (any number of codes, int64 out)."""
    top = 0
    for i in range(squares.size):
        top = max(top, squares[i])
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
                key, prefix = _sweep_key(code, n, c, squares, pending, well, digits)
                slot = (n * top - key) * (n + 1) + prefix
                if phase == 0:
                    counts[slot + 1] += 1
                else:
                    out[counts[slot]] = code
                    counts[slot] += 1
        if phase == 0:
            for k in range(1, counts.size):
                counts[k] += counts[k - 1]


@numba.njit(cache=True)
def _fill_index(codes, index):
    for i in range(codes.size):
        index[codes[i]] = i
