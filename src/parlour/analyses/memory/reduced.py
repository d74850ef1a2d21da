"""The reduced model: state (pairs left n, known unmatched cards s), i.e. <2n, s, 0>.

It rests on the study's claim that taking a known pair (T1) is always optimal: whoever faces known
pairs takes them all first, so a full state <k, B, P> is worth P + R((k - P)/2, B - P). The
transitions are not retyped: they come from the same tactic formulas (rules.template) evaluated at
P = 0, with every successor that holds known pairs collapsed that way. Two solvers: exact (fmpq) and
float (numba, for thousands of pairs). Comparing the exact one with the full <k, B, P> recursion
checks the claim's consequence state by state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import NamedTuple

import numpy as np
from flint import fmpq
from numba import njit

from parlour.analyses.memory.dp import (
    MAX_FLOAT_PAIRS,
    MAX_REDUCED_EXACT_PAIRS,
    branches,
    canonical,
    check_pairs,
    playable,
    to_fraction,
    with_pass,
)
from parlour.games.memory.rules import Form, Move, State, class_number, tactic_classes, template


@dataclass(frozen=True)
class ReducedExact:
    pairs: int
    values: dict[tuple[int, int], fmpq] = field(repr=False)  # (n, s) -> w in cards
    optimal: dict[tuple[int, int], frozenset[str]] = field(repr=False)
    # canonical optimal policy (as in exact.MemorySolution): P(mutual-pass stalemate) and
    # E[pairs left at the stalemate; stalemate]
    stalemate: dict[tuple[int, int], fmpq] = field(repr=False)
    pairs_left_at_stalemate: dict[tuple[int, int], fmpq] = field(repr=False)

    def full_value(self, st: State) -> fmpq:
        """The value the reduced model gives a full state: take the P known cards, then R."""
        return st.P + self.values[((st.k - st.P) // 2, st.B - st.P)]

    @property
    def advantage(self) -> Fraction:
        w = to_fraction(self.values[(self.pairs, 0)])
        return w - self.pairs  # first's pairs w/2 minus second's (n - w/2)


def solve_reduced_exact(pairs: int) -> ReducedExact:
    check_pairs(pairs, limit=MAX_REDUCED_EXACT_PAIRS)
    values: dict[tuple[int, int], fmpq] = {(0, 0): fmpq(0)}
    optimal: dict[tuple[int, int], frozenset[str]] = {(0, 0): frozenset()}
    stal: dict[tuple[int, int], fmpq] = {(0, 0): fmpq(0)}
    left: dict[tuple[int, int], fmpq] = {(0, 0): fmpq(0)}

    def at(k: int, B: int, P: int) -> fmpq:
        return P + values[((k - P) // 2, B - P)]

    def red(st: State) -> tuple[int, int]:
        return ((st.k - st.P) // 2, st.B - st.P)

    for n in range(1, pairs + 1):
        k = 2 * n
        half = fmpq(n)
        for s in range(n, -1, -1):
            st = State(k, s, 0)
            cands: list[tuple[str, fmpq, fmpq, fmpq]] = []
            pass_ok = False
            for c, leaves in playable(st):
                if c.is_pass:
                    pass_ok = True
                    continue
                v, sp, lp = fmpq(0), fmpq(0), fmpq(0)
                for p, nxt, again in branches(leaves, st):
                    w2 = at(nxt.k, nxt.B, nxt.P)
                    v += p * (w2 + 2) if again else p * (k - w2)
                    sp += p * stal[red(nxt)]
                    lp += p * left[red(nxt)]
                cands.append((c.name, v, sp, lp))
            w = with_pass(max((cd[1] for cd in cands), default=None), pass_ok, half)
            rows = {cd[0]: cd for cd in cands if cd[1] == w}
            opt = set(rows)
            if pass_ok and w == half:
                opt.add(Move.PASS)
            values[(n, s)] = w
            optimal[(n, s)] = frozenset(opt)
            chosen = canonical(opt)
            if chosen in rows:
                stal[(n, s)], left[(n, s)] = rows[chosen][2], rows[chosen][3]
            else:  # only the pass is optimal: a mutual-pass stalemate with n pairs left
                stal[(n, s)], left[(n, s)] = fmpq(1), fmpq(n)
    return ReducedExact(pairs, values, optimal, stal, left)


# ---------------------------------------------------------------------------------------------
# Float version: the tactic formulas packed into arrays for a numba kernel.

PASS_INDEX = class_number(Move.PASS) - 1  # the pass's class index in the kernel (T2 -> 1)
MAX_F = 2  # factors per leaf
MAX_R = 2  # requirements per leaf


class PackedTactics(NamedTuple):
    """The tactic formulas as arrays: the one table argument of the numba kernel."""

    class_of_member: np.ndarray  # (M,) class index (0 = T1, PASS_INDEX = the pass, ...)
    leaf_start: np.ndarray  # (M+1,) leaves of member i are leaf_start[i]:leaf_start[i+1]
    num: np.ndarray  # (L, MAX_F, 4) factor numerator forms (ck, cB, cP, c0); unused: constant 1
    den: np.ndarray  # (L, MAX_F, 4)
    req: np.ndarray  # (L, MAX_R, 4) requirement forms; unused: constant 1
    req_j: np.ndarray  # (L, MAX_R) how many factors precede the requirement
    delta: np.ndarray  # (L, 3)
    again: np.ndarray  # (L,) 1 when a pair is taken


def _form_row(f: Form) -> list[int]:
    return [f.ck, f.cB, f.cP, f.c0]


def pack_tactics() -> PackedTactics:
    one = [0, 0, 0, 1]
    cls, starts = [], [0]
    num, den, req, req_j, delta, again = [], [], [], [], [], []
    for ci, c in enumerate(tactic_classes()):
        for t in c.members:
            cls.append(ci)
            for leaf in template(t):
                assert len(leaf.factors) <= MAX_F and len(leaf.requires) <= MAX_R
                num.append([_form_row(a) for a, _ in leaf.factors] + [one] * (MAX_F - len(leaf.factors)))
                den.append([_form_row(b) for _, b in leaf.factors] + [one] * (MAX_F - len(leaf.factors)))
                req.append([_form_row(f) for f, _ in leaf.requires] + [one] * (MAX_R - len(leaf.requires)))
                req_j.append([j for _, j in leaf.requires] + [0] * (MAX_R - len(leaf.requires)))
                delta.append(list(leaf.delta))
                again.append(1 if leaf.again else 0)
            starts.append(len(num))
    i64 = np.int64
    return PackedTactics(np.array(cls, i64), np.array(starts, i64), np.array(num, i64),
                         np.array(den, i64), np.array(req, i64), np.array(req_j, i64),
                         np.array(delta, i64), np.array(again, i64))


@njit(cache=True)
def _ev(f: np.ndarray, k: int, B: int, P: int) -> int:
    return f[0] * k + f[1] * B + f[2] * P + f[3]


@njit(cache=True)
def _kernel(pairs, tables, tol):
    class_of_member, leaf_start = tables.class_of_member, tables.leaf_start
    num, den, req, req_j = tables.num, tables.den, tables.req, tables.req_j
    delta, again = tables.delta, tables.again
    n_classes = class_of_member.max() + 1
    R = np.zeros((pairs + 1, pairs + 1))
    opt = np.zeros((pairs + 1, pairs + 1), np.int64)  # bit c set: class c within tol of the best
    vals = np.empty(n_classes)
    for n in range(1, pairs + 1):
        k = 2 * n
        for s in range(n, -1, -1):
            B, P = s, 0
            for c in range(n_classes):
                vals[c] = -1e300
            pass_ok = False
            for mbr in range(class_of_member.shape[0]):
                c = class_of_member[mbr]
                if vals[c] > -1e300 or (c == PASS_INDEX and pass_ok):
                    continue  # the class already has a playable member
                ok = True
                for lf in range(leaf_start[mbr], leaf_start[mbr + 1]):
                    for r in range(req.shape[1]):
                        reached = True
                        for j in range(req_j[lf, r]):
                            if _ev(num[lf, j], k, B, P) <= 0:
                                reached = False
                        if reached and _ev(req[lf, r], k, B, P) < 1:
                            ok = False
                if not ok:
                    continue
                if c == PASS_INDEX:
                    pass_ok = True
                    continue
                v = 0.0
                for lf in range(leaf_start[mbr], leaf_start[mbr + 1]):
                    p = 1.0
                    for j in range(num.shape[1]):
                        a = _ev(num[lf, j], k, B, P)
                        if a == 0:
                            p = 0.0
                            break
                        p *= a / _ev(den[lf, j], k, B, P)
                    if p == 0.0:
                        continue
                    k2 = k + delta[lf, 0]
                    B2 = B + delta[lf, 1]
                    P2 = P + delta[lf, 2]
                    w2 = P2 + R[(k2 - P2) // 2, B2 - P2]
                    if again[lf] == 1:
                        v += p * (w2 + 2.0)
                    else:
                        v += p * (k - w2)
                vals[c] = v
            best = -1e300
            for c in range(n_classes):
                if vals[c] > best:
                    best = vals[c]
            w = best
            if pass_ok and best <= n + tol:
                w = max(best, float(n))
            R[n, s] = w
            bits = 0
            for c in range(n_classes):
                if vals[c] > -1e300 and vals[c] >= w - tol:
                    bits |= 1 << c
            if pass_ok and w <= n + tol:
                bits |= 1 << PASS_INDEX
            opt[n, s] = bits
    return R, opt


@dataclass(frozen=True)
class ReducedFloat:
    pairs: int
    values: np.ndarray = field(repr=False)  # [n, s] value in cards (float)
    optimal_bits: np.ndarray = field(repr=False)  # [n, s] bit c: class T(c+1) optimal within tol
    tol: float = 1e-9

    @property
    def advantage(self) -> float:
        return float(self.values[self.pairs, 0] - self.pairs)

    def optimal(self, n: int, s: int) -> frozenset[str]:
        """The names of the classes optimal within tol in the state (n pairs left, s known)."""
        return _class_names(int(self.optimal_bits[n, s]))


@cache
def _class_names(bits: int) -> frozenset[str]:
    """The class names whose bit is set (bit i: the i-th class of tactic_classes())."""
    return frozenset(c.name for i, c in enumerate(tactic_classes()) if bits >> i & 1)


def solve_reduced_float(pairs: int, tol: float = 1e-9) -> ReducedFloat:
    check_pairs(pairs, limit=MAX_FLOAT_PAIRS)
    pk = pack_tactics()
    R, opt = _kernel(pairs, pk, tol)
    return ReducedFloat(pairs, R, opt, tol)


__all__ = [
    "MAX_F", "MAX_R", "PASS_INDEX", "PackedTactics", "ReducedExact", "ReducedFloat", "pack_tactics",
    "solve_reduced_exact", "solve_reduced_float",
]
