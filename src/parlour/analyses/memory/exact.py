"""The exact Bellman recursion over <k, B, P>, in rationals (FLINT fmpq).

w(k, B, P) = the largest expected number of cards the player to move still gets. A tactic's value is
    sum over "pair taken" outcomes  p (w(successor) + 2)     (same player moves again)
  + sum over "turn lost" outcomes   p (k - w(successor))     (the opponent moves; gains sum to k)
Every successor of a non-pass tactic has fewer cards or more known cards, so the states are solved
k ascending, B descending. The pass (T2) leaves the state unchanged and gives k - w(k, B, P): the
fixed point of w = max(v, k - w), v the best other tactic, is w = max(v, k/2) (if v < k/2 both players
prefer to pass forever and split the k cards; w = v < k/2 would not be a fixed point).

What it shares with the other recursions of this game (playable classes, branches, the pass fixed
point, the canonical choice) is in `dp`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from flint import fmpq

from parlour.analyses.memory import dp
from parlour.errors import InvalidInput
from parlour.games.memory.rules import Leaf, Move, State, by_number, states_with
from parlour.results import Result, Status, exact


@dataclass(frozen=True)
class MemorySolution(Result):
    """w and the optimal tactics in every state up to `pairs` pairs (those `keep` kept), plus the
    stalemate figures of the canonical optimal policy (lowest-numbered optimal tactic, passing only
    when nothing else is optimal) and their range over all optimal policies."""

    pairs: int
    values: dict[State, fmpq] = field(repr=False)
    optimal: dict[State, frozenset[str]] = field(repr=False)
    policy: dict[State, str] = field(repr=False)  # canonical optimal class per state
    stalemate: dict[State, fmpq] = field(repr=False)  # P(the game ends in a mutual pass)
    pairs_left_at_stalemate: dict[State, fmpq] = field(repr=False)  # E[pairs left; stalemate]
    # the range of the stalemate probability over all optimal policies (floats: a side figure)
    stalemate_min: dict[State, float] = field(repr=False)
    stalemate_max: dict[State, float] = field(repr=False)

    def start(self) -> State:
        return State(2 * self.pairs, 0, 0)

    @property
    def first_player_cards(self) -> Fraction:
        return dp.to_fraction(self.values[self.start()])

    @property
    def first_player_pairs(self) -> Fraction:
        return self.first_player_cards / 2

    @property
    def second_player_pairs(self) -> Fraction:
        return self.pairs - self.first_player_pairs

    @property
    def advantage(self) -> Fraction:
        """First player's expected pairs minus the second player's."""
        return self.first_player_pairs - self.second_player_pairs

    def payload(self) -> dict[str, Any]:
        """The figures from the start (the tables of every state are too big for JSON)."""
        start = self.start()
        out: dict[str, Any] = {"pairs": self.pairs}
        if start not in self.values:
            return out
        p = dp.to_fraction(self.stalemate[start])
        return {
            **out,
            **exact("first_player_expected_pairs", self.first_player_pairs),
            **exact("second_player_expected_pairs", self.second_player_pairs),
            **exact("advantage", self.advantage),
            **exact("stalemate_probability", p),
            "optimal_tactics_at_start": list(by_number(self.optimal[start])),
        }


Compiled = tuple[tuple[tuple[tuple[int, ...], ...], int, int, bool], ...]


def _compile(leaves: tuple[Leaf, ...]) -> Compiled:
    """Leaves as plain int tuples (factor forms (ak, aB, aP, a0, bk, bB, bP, b0), dB, dP, again):
    the exact recursion evaluates hundreds of thousands of them."""
    return tuple(
        (
            tuple((a.ck, a.cB, a.cP, a.c0, b.ck, b.cB, b.cP, b.c0) for a, b in leaf.factors),
            leaf.delta[1],
            leaf.delta[2],
            leaf.again,
        )
        for leaf in leaves
    )


@cache
def _compiled_playable(pattern: tuple[int, int, int]) -> tuple[tuple[str, bool, Compiled], ...]:
    P, s, m = pattern
    st = State(P + 2 * s + m, P + s, P)
    return tuple((c.name, c.is_pass, _compile(leaves)) for c, leaves in dp.playable(st))


def _branches(comp: Compiled, k: int, B: int, P: int) -> list[tuple[fmpq, tuple[int, int], bool]]:
    out = []
    for factors, dB, dP, again in comp:
        num = den = 1
        for ak, aB, aP, a0, bk, bB, bP, b0 in factors:
            x = ak * k + aB * B + aP * P + a0
            if x == 0:
                num = 0
                break
            num *= x
            den *= bk * k + bB * B + bP * P + b0
        if num:
            out.append((fmpq(num, den), (B + dB, P + dP), again))
    return out


Row = tuple[fmpq, fmpq, fmpq, float, float]  # value, P(stalemate), E[pairs left; stalemate], min/max P(stalemate)
Branch = tuple[fmpq, tuple[int, int], bool]  # probability, the successor's (B, P), whether the mover goes again
ZERO, ONE = fmpq(0), fmpq(1)


def _candidates(st: State, prev: dict[tuple[int, int], Row], cur: dict[tuple[int, int], Row],
                pass_always: bool) -> tuple[list[tuple[str, fmpq, list[Branch]]], bool]:
    """Every playable tactic but the pass with its value and branches, and whether the pass is playable."""
    k, B, P = st.k, st.B, st.P
    pass_ok = pass_always
    cands: list[tuple[str, fmpq, list[Branch]]] = []
    for name, is_pass, comp in _compiled_playable((min(P, 5), min(B - P, 5), min(k + P - 2 * B, 5))):
        if is_pass:
            pass_ok = True
            continue
        br = _branches(comp, k, B, P)
        v = ZERO
        for p, key, again in br:
            v += p * (prev[key][0] + 2) if again else p * (k - cur[key][0])
        cands.append((name, v, br))
    return cands, pass_ok


def _state_row(st: State, prev: dict[tuple[int, int], Row], cur: dict[tuple[int, int], Row],
               pass_always: bool) -> tuple[Row, list[str], str]:
    """One state's row (from the rows of its successors: `prev` one level down, `cur` this level), its
    optimal tactics and the canonical one among them."""
    half = fmpq(st.k, 2)
    cands, pass_ok = _candidates(st, prev, cur, pass_always)
    w = dp.with_pass(max((cd[1] for cd in cands), default=None), pass_ok, half)
    opt_rows = [cd for cd in cands if cd[1] == w]
    opt = [cd[0] for cd in opt_rows]
    if pass_ok and w == half:
        opt.append(Move.PASS)
    chosen = dp.canonical(opt)
    s_, l_ = ONE, half  # a mutual-pass stalemate with k/2 pairs left
    los, his = ([1.0], [1.0]) if Move.PASS in opt else ([], [])
    for name, _, br in opt_rows:
        if name == chosen:
            s_, l_ = ZERO, ZERO
        lo = hi = 0.0
        for p, key, again in br:
            row = prev[key] if again else cur[key]
            if name == chosen:
                s_ += p * row[1]
                l_ += p * row[2]
            pf = float(p)
            lo += pf * row[3]
            hi += pf * row[4]
        los.append(lo)
        his.append(hi)
    return (w, s_, l_, min(los), max(his)), opt, chosen


def solve_exact(
    pairs: int,
    keep: Callable[[State], bool] | None = None,
    progress: Callable[[int], None] | None = None,
    pass_always: bool = False,
) -> MemorySolution:
    """Solve every state with at most `pairs` pairs exactly. `keep` limits which states' exact
    values stay in memory (all by default; the recursion itself only needs two levels).

    pass_always: the study's simplified model of chapter 4 (our reading of it), in which the pass
    is available unconditionally, even without two known non-matching cards to turn."""
    dp.check_pairs(pairs)
    t0 = time.perf_counter()
    n_states = 0
    optimal: dict[State, frozenset[str]] = {}
    policy: dict[State, str] = {}
    # the kept states' figures, one table per figure of a Row
    kept: tuple[dict[State, Any], ...] = ({}, {}, {}, {}, {})
    prev: dict[tuple[int, int], Row] = {}  # the level below, keyed by (B, P)
    for k in range(0, 2 * pairs + 1, 2):
        cur: dict[tuple[int, int], Row] = {}
        for st in states_with(k):
            if k == 0:
                cur[(st.B, st.P)] = (ZERO, ZERO, ZERO, 0.0, 0.0)
                optimal[st] = frozenset()
                continue
            cur[(st.B, st.P)], opt, policy[st] = _state_row(st, prev, cur, pass_always)
            n_states += 1
            optimal[st] = frozenset(opt)
        for (B, P), row in cur.items():
            st = State(k, B, P)
            if keep is None or keep(st):
                for table, figure in zip(kept, row, strict=True):
                    table[st] = figure
        prev = cur
        if progress is not None:
            progress(k // 2)
    return MemorySolution(pairs, kept[0], optimal, policy, *kept[1:],
                          method="bellman, full <k,B,P>, exact (FLINT fmpq)", status=Status.EXACT,
                          seconds=time.perf_counter() - t0, counters={"states": n_states})


def tactic_values(sol: MemorySolution, st: State) -> dict[str, fmpq]:
    """The value of every playable tactic class in st (the pass: k - w(st)), from a solution that
    kept the values of st and its successors."""
    out: dict[str, fmpq] = {}
    for c, leaves in dp.playable(st):
        if c.is_pass:
            out[c.name] = st.k - sol.values[st]
            continue
        v = fmpq(0)
        for p, nxt, again in dp.branches(leaves, st):
            v += p * (sol.values[nxt] + 2) if again else p * (st.k - sol.values[nxt])
        out[c.name] = v
    return out


def evaluate_fixed_policy(pairs: int, preference: tuple[str, ...]) -> dict[State, fmpq]:
    """w under a fixed policy for both players: in every state play the first playable class of
    `preference` (e.g. ("T1", "T6"): take a known pair, else the 2-move). A pass in the preference
    is not allowed here (it would need the fixed-point treatment)."""
    dp.check_pairs(pairs)
    if Move.PASS in preference:
        raise InvalidInput(f"a fixed policy here cannot pass ({Move.PASS})")
    w: dict[State, fmpq] = {}
    for k in range(0, 2 * pairs + 1, 2):
        for st in states_with(k):
            if k == 0:
                w[st] = fmpq(0)
                continue
            options = {c.name: leaves for c, leaves in dp.playable(st)}
            name = next((n for n in preference if n in options), None)
            if name is None:
                raise InvalidInput(f"no tactic of {preference} can be played in {st}")
            v = fmpq(0)
            for p, nxt, again in dp.branches(options[name], st):
                v += p * (w[nxt] + 2) if again else p * (k - w[nxt])
            w[st] = v
    return w


__all__ = ["Compiled", "MemorySolution", "evaluate_fixed_policy", "solve_exact", "tactic_values"]
