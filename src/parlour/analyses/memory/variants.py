"""Variants of the study's chapter 5: a player who forgets.

The forgetful player F remembers nothing: each turn he turns two cards chosen uniformly at random
among those on the table (`parlour.games.memory.forgetful.forgetful_turn`). The other player M has
perfect memory and sees every card F turns. Against this fixed
opponent M faces a one-player problem (an MDP): V(s) = M's expected future cards with M to move, U(s)
= the same with F to move. M's pass (two known non-matching cards) now hands the turn to a player
who does change the state, so passing means "let him reveal cards for me".

(The chapter-4 "unconditional pass" model is `solve_exact(..., pass_always=True)`.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from flint import fmpq

from parlour.analyses.memory.dp import branches, check_pairs, playable, to_fraction
from parlour.games.memory.forgetful import forgetful_turn
from parlour.games.memory.rules import State, states_with


@dataclass(frozen=True)
class ForgetfulSolution:
    pairs: int
    v: dict[State, fmpq] = field(repr=False)  # M to move
    u: dict[State, fmpq] = field(repr=False)  # F to move
    passes: frozenset[State] = field(repr=False)  # states where M's best move is to pass

    @property
    def memory_first_pairs(self) -> Fraction:
        return to_fraction(self.v[State(2 * self.pairs, 0, 0)]) / 2

    @property
    def memory_second_pairs(self) -> Fraction:
        return to_fraction(self.u[State(2 * self.pairs, 0, 0)]) / 2


def solve_forgetful(pairs: int) -> ForgetfulSolution:
    check_pairs(pairs, limit=200)
    v: dict[State, fmpq] = {}
    u: dict[State, fmpq] = {}
    passes: set[State] = set()
    for k in range(0, 2 * pairs + 1, 2):
        for st in states_with(k):
            if k == 0:
                v[st] = u[st] = fmpq(0)
                continue
            # F's turn: r collects every outcome except "state unchanged, M to move" (prob q)
            q, r = fmpq(0), fmpq(0)
            for (nxt, again), p in forgetful_turn(st).items():
                pq = fmpq(p.numerator, p.denominator)
                if again:
                    r += pq * u[nxt]
                elif nxt == st:
                    q += pq
                else:
                    r += pq * v[nxt]
            best = None
            can_pass = False
            for c, leaves in playable(st):
                if c.is_pass:
                    can_pass = True
                    continue
                val = fmpq(0)
                for p2, nxt, again in branches(leaves, st):
                    val += p2 * (2 + v[nxt]) if again else p2 * u[nxt]
                best = val if best is None or val > best else best
            # V = max(best, U) with U = q V + r: passing pays iff best < q best + r
            if can_pass and (best is None or best * (1 - q) < r):
                v[st] = r / (1 - q)
                passes.add(st)
            else:
                assert best is not None
                v[st] = best
            u[st] = q * v[st] + r
    return ForgetfulSolution(pairs, v, u, frozenset(passes))
