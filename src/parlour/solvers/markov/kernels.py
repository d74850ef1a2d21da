"""The pieces every operator's pass kernel is made of (the interface between the certified engine and a game's
kernels): how a pass runs on threads (`PassMode`, `await_ahead`, `finish_block`, `thread_range`, `groups`), how a
value is read from the bounds and written back (`read_bound`, `store_sums`, `update`), whichever way the bounds
are stored (float64 with float32 offsets beside them, or packed words, `packed`), and the rounding that keeps
every update a lower bound (`SHRINK`). The engine (`certified`) and the operators (`stored`, the Goose's
chain-free operator) import these; nothing here imports the engine, so there is no import circle.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple

import numba
import numpy as np
from llvmlite import ir
from numba.core import cgutils, types
from numba.core.extending import intrinsic, overload

from parlour.solvers.markov import packed

# Each Gauss-Seidel update is a sum of at most ~20 products of non-negative numbers; its relative
# rounding error is below 20 * 2**-53 < 2.3e-15. Shrinking every update by 4e-15 keeps it below the
# exact weighted average, so every iterate is a true lower bound.
SHRINK = 1.0 - 4e-15

# The extrapolation's offsets are float32: they are small numbers (the last sweep's increments), so float32
# keeps them to ~1e-7 relative, and at 5 players that is 3.4 GB instead of 6.9 GB for float64 copies.
OFFSET_DTYPE = np.float32


class PassMode(NamedTuple):
    """How a compiled pass runs (one argument of every operator's pass kernel).

    Each of the `threads` threads owns the same states for the whole solve -- whole blocks dealt round
    robin (`owned`, what the operators use) or part p of every block (`part_range`) -- and sweeps them
    block after block, in place (`thread_range`). There is no barrier: the threads meet once, when the
    compiled call ends (a pass, or GROUP_STATES states of a long one). With owned blocks and `patience`,
    a thread about to sweep block b first waits until the others have finished every block up to
    b - threads (`await_ahead`), so that all threads sweep at once, each reading the blocks its forward
    moves reach (in the Goose's order a throw moves the sum of squares by 2 or more) mostly as one thread
    would: on two threads all but block b - 1, read by 0.5 % of them, and on more threads fewer (4 players:
    80 passes on 1 or 2 threads, 98 on 4, 170 on 8). A check that writes nothing does not wait. A thread
    that has waited `patience` spins stops waiting for the rest of the call, so a thread the system takes
    off its core cannot hold the others. Whatever a thread reads,
    waited for or not, is a lower bound (the module's soundness note): the interleaving changes the number
    of passes, never a bound's validity."""

    up: bool  # True: L <- max(L, F(L)); False: the check of Z = L + offsets
    record: bool  # up: record each value's increase; check: assign Z <- F(Z)
    threads: int
    delay: int = 0  # tests only: busy iterations thread 0 spends after each state (a deliberately slow thread)
    owned: bool = False  # each block whole on one thread (block b on thread b mod threads), not split
    patience: int = 0  # spins a thread may wait for the blocks it reads live (owned blocks only); 0: never
    steady: bool = False  # owned blocks: the blocks next to a thread's read from a copy made as the pass began


# About 40 ms of spinning (2^24 spins took 4.6 ms on this machine): more than a 4-player block takes, and more than
# the system's usual short interruptions, little against a pass. (At 2^24 a 4-player solve on 2 idle cores gave up
# waiting now and then, and its steady passes were then no longer one map: 95 to 136 sweeps in runs of one setup.)
PATIENCE = 1 << 27


@intrinsic
def _load_acquire(typingctx, flags, i):  # pragma: no cover
    """flags[i] read with acquire order: a loop spinning on it is not hoisted, and what the writer stored
    before it set the flag is visible after it is seen. (numba has no atomics; LLVM's are two lines.)"""

    def codegen(context, builder, sig, args):
        ary = context.make_array(sig.args[0])(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, sig.args[0], ary, [args[1]])
        return builder.load_atomic(ptr, "acquire", 8)

    return types.int64(flags, i), codegen


@intrinsic
def _store_release(typingctx, flags, i):  # pragma: no cover
    """flags[i] <- 1 with release order: everything stored before is visible to an acquiring reader."""

    def codegen(context, builder, sig, args):
        ary = context.make_array(sig.args[0])(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, sig.args[0], ary, [args[1]])
        builder.store_atomic(ir.Constant(ir.IntType(64), 1), ptr, "release", 8)
        return context.get_dummy_value()

    return types.void(flags, i), codegen


@numba.njit(cache=True, inline="always")
def await_ahead(done, b, mode, patience):
    """Before thread `b mod threads` sweeps block b: wait until blocks b - 2 threads + 1 .. b - threads are
    done (each thread sweeps its blocks in order, so then every block up to b - threads is, and the
    threads - 1 blocks either side of b may be swept beside it: all threads sweep at once). Returns the
    patience left: 0 once a wait has given up (or when the mode does not wait: a check that writes nothing
    counts the same whatever the timing)."""
    if patience == 0 or not mode.owned or mode.threads < 2 or not (mode.up or mode.record):
        return 0
    for k in range(max(0, b - 2 * mode.threads + 1), b - mode.threads + 1):
        spins = 0
        while _load_acquire(done, k) == 0:  # type: ignore[call-arg]  # typingctx is numba's
            spins += 1
            if spins >= patience:
                return 0
    return patience


# The chain-free pass prefetches the rows that the state this many places ahead will read (`prefetch_row`): a
# 4-player sweep on one thread took 0.88-1.17 s instead of 1.64-1.90. Computing a state's successors from the rules
# is long enough that the processor does not reach the next state's reads on its own; the stored chain's pass, which
# reads its successors from a list, gained nothing from it.
AHEAD = 4


@intrinsic
def prefetch_row(typingctx, array, row):  # pragma: no cover
    """Ask the processor to bring row `row` of a 2-D array into the cache (LLVM's prefetch: a hint, never a
    fault). A pass prefetches the rows a state a few places ahead will read, so that those reads, which
    depend on a lookup and come one state after another, overlap instead of waiting in turn."""
    if not isinstance(array, types.Array) or array.ndim != 2:
        return None

    def codegen(context, builder, sig, args):
        ary = context.make_array(sig.args[0])(context, builder, args[0])
        zero = ir.Constant(cgutils.intp_t, 0)
        ptr = cgutils.get_item_pointer(context, builder, sig.args[0], ary, [args[1], zero])
        byte = builder.bitcast(ptr, ir.IntType(8).as_pointer())
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [byte.type, i32, i32, i32])
        fn = builder.module.declare_intrinsic("llvm.prefetch", [byte.type], fnty)
        builder.call(fn, [byte, ir.Constant(i32, 0), ir.Constant(i32, 3), ir.Constant(i32, 1)])  # read, keep, data
        return context.get_dummy_value()

    return types.void(array, types.intp), codegen


@numba.njit(cache=True, inline="always")
def finish_block(done, b, mode):
    """Mark block b done for the threads waiting on it (`await_ahead`)."""
    if mode.owned and mode.threads >= 2:
        _store_release(done, b)  # type: ignore[call-arg]


@numba.njit(cache=True, inline="always")
def thread_range(blocks, b, p, mode):
    """The states of block b that thread p sweeps: its part of the block, or, with `mode.owned`, the whole
    block when it is p's turn (round robin) and none otherwise."""
    if mode.owned:
        if b % mode.threads == p:
            return blocks[b], blocks[b + 1]
        return blocks[b], blocks[b]
    return part_range(blocks[b], blocks[b + 1], p, mode.threads)


@numba.njit(cache=True, inline="always")
def part_range(lo, hi, p, parts):
    return lo + (hi - lo) * p // parts, lo + (hi - lo) * (p + 1) // parts


@numba.njit(cache=True)
def spin(iterations):
    """Busy work of `iterations` steps that the compiler cannot drop; returns 0 (a slowed thread's delay)."""
    x = 1.0
    for _ in range(iterations):
        x = x * 1.0000001 + 1e-9
    return 1 if x < 0 else 0


GROUP_STATES = 2_000_000  # states per compiled call: about half a second of a 5-player Goose pass (2 threads)


def groups(blocks: np.ndarray, size: int = GROUP_STATES) -> list[np.ndarray]:
    """`blocks` (block starts and the end) cut into consecutive runs of whole blocks of about `size` states.
    One pass over the runs in order is the pass over `blocks` (Gauss-Seidel order is kept), and between two
    runs Python hears Ctrl-C (infra.interrupt). Up to `size` states (4 players: every pass) a pass is one
    call, and its threads meet once."""
    cuts = [0]
    for k in range(1, blocks.size - 1):
        if blocks[k] - blocks[cuts[-1]] >= size:
            cuts.append(k)
    cuts.append(blocks.size - 1)
    return [blocks[a : b + 1] for a, b in itertools.pairwise(cuts)]


@numba.njit(cache=True, inline="always")
def read_bound(lower, offsets, use_offsets, i, c):
    """What a pass reads of state i's column c: its lower bound, or the check's candidate Z = L + offsets
    (bounds packed with their offsets, `packed`: both from the one word)."""
    if use_offsets:
        return candidate_value(lower, offsets, i, c)
    return bound_value(lower, i, c)


def bound_value(lower, i, c):
    """L[i, c] as a float64, from either storage (compiled code only)."""
    raise NotImplementedError("compiled kernels only")


def candidate_value(lower, offsets, i, c):
    """Z[i, c] = L[i, c] + its offset as a float64, from either storage (compiled code only)."""
    raise NotImplementedError("compiled kernels only")


# The overloads pick the storage by the bounds' dtype when a kernel compiles. Their bodies have no branch:
# numba's inliner warns (NumbaIRAssumptionWarning) about a value merged from two branches of an inlined
# overload, so the branch on `use_offsets` stays in read_bound, a plain inlined function.
def _bound_float(lower, i, c):
    return lower[i, c]


def _bound_word(lower, i, c):
    return packed.value_of(packed.bound_units(lower[i, c]))


def _candidate_float(lower, offsets, i, c):
    return lower[i, c] + offsets[i, c]


def _candidate_word(lower, offsets, i, c):
    return packed.value_of(packed.bound_units(lower[i, c]) + packed.offset_units(lower[i, c]))


@overload(bound_value, inline="always")
def _bound_value(lower, i, c):  # pragma: no cover
    return _bound_word if packed.is_packed(lower) else _bound_float


@overload(candidate_value, inline="always")
def _candidate_value(lower, offsets, i, c):  # pragma: no cover
    return _candidate_word if packed.is_packed(lower) else _candidate_float


@numba.njit(cache=True, inline="always")
def store_sums(acc, a0, a1, a2, a3, a4):
    """acc <- the first acc.size (at most five) of a successor sum kept in scalars: the operators sum small
    chains in locals, as an array stored and reloaded per successor made their passes up to 1.35x slower."""
    m = acc.size
    acc[0] = a0
    if m > 1:
        acc[1] = a1
    if m > 2:
        acc[2] = a2
    if m > 3:
        acc[3] = a3
    if m > 4:
        acc[4] = a4


@numba.njit(cache=True, inline="always")
def update(lower, other, mode, i, acc, inv):
    """Apply den * F(.)[i] (in acc) to state i's values in the mode's way; returns how many values of
    F(Z) lie below Z (a check pass; 0 for an up pass)."""
    found = 0
    for o in range(acc.size):
        v = acc[o] * inv * SHRINK
        if mode.up:
            raise_value(lower, other, mode.record, i, o, v)
        else:
            found += offset_update(lower, other, mode.record, i, o, v)
    return found


def raise_value(lower, increments, record, i, o, v):
    """The up-sweep's update of one value: L <- max(L, v), recording the increase when asked (packed
    bounds: in the value's own offset field). Compiled code only."""
    raise NotImplementedError("compiled kernels only")


def _raise_word(lower, increments, record, i, o, v):
    packed.raise_packed(lower, record, i, o, v)


def _raise_float(lower, increments, record, i, o, v):
    if v > lower[i, o]:
        if record:
            increments[i, o] = v - lower[i, o]
        lower[i, o] = v
    elif record:
        increments[i, o] = 0.0


@overload(raise_value, inline="always")
def _raise_value(lower, increments, record, i, o, v):  # pragma: no cover
    return _raise_word if packed.is_packed(lower) else _raise_float


def offset_update(lower, offsets, assign, i, o, v):
    """The check's update of one value of Z = L + offsets against v = F(Z) rounded down; returns 1 when v
    lies below Z. With `assign` the offset becomes the largest float32 with L + offset <= v (the nearest
    float32 to v - L may sit above it: step down until it does not); packed bounds: `packed.check_packed`.
    Compiled code only."""
    raise NotImplementedError("compiled kernels only")


def _check_word(lower, offsets, assign, i, o, v):
    return packed.check_packed(lower, assign, i, o, v)


def _check_float(lower, offsets, assign, i, o, v):
    down = v < lower[i, o] + offsets[i, o]
    if assign:
        offset_below(lower, offsets, i, o, v)
    return 1 if down else 0


@numba.njit(cache=True, inline="always")
def offset_below(lower, offsets, i, o, v):
    """offsets[i, o] <- the largest float32 with L + offset <= v (the nearest float32 to v - L may sit above
    it: step down until it does not)."""
    offsets[i, o] = v - lower[i, o]
    while lower[i, o] + offsets[i, o] > v:
        offsets[i, o] = np.nextafter(offsets[i, o], np.float32(-np.inf))


@overload(offset_update, inline="always")
def _offset_update(lower, offsets, assign, i, o, v):  # pragma: no cover
    return _check_word if packed.is_packed(lower) else _check_float


@numba.njit(cache=True)
def scale_offsets(lower, offsets, alpha):
    """offsets <- alpha * offsets in place (the extrapolation's candidate Z = L + offsets), capped at 1."""
    for i in range(lower.shape[0]):
        for o in range(lower.shape[1]):
            offsets[i, o] = min(alpha * offsets[i, o], 1.0 - lower[i, o])


@numba.njit(cache=True, parallel=True)
def raise_by(lower, offsets):
    """L <- max(L, L + offsets): a proven candidate taken (float64 bounds), on all numba threads."""
    for i in numba.prange(lower.shape[0]):
        for o in range(lower.shape[1]):
            z = lower[i, o] + offsets[i, o]
            if z > lower[i, o]:
                lower[i, o] = z


__all__ = [
    "AHEAD", "GROUP_STATES", "OFFSET_DTYPE", "PATIENCE", "SHRINK", "PassMode", "await_ahead", "bound_value",
    "candidate_value", "finish_block", "groups", "offset_below", "offset_update", "part_range", "prefetch_row",
    "raise_by", "raise_value", "read_bound", "scale_offsets", "spin", "store_sums", "thread_range", "update",
]
