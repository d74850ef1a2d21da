"""The forgetful player of the study's chapter 5: his random turn, as a successor distribution.

The forgetful player F remembers nothing: each turn he turns two cards chosen uniformly at random
among those on the table (the second different from the first); if they match he takes them and goes
again. The other player sees every card F turns, so F's turn changes the state <k, B, P> as below.
(The perfect-memory player's problem against him is solved in `parlour.analyses.memory.variants`.)
"""

from __future__ import annotations

from fractions import Fraction

from parlour.games.memory.rules import State

Outcome = tuple[State, bool]


def forgetful_turn(st: State) -> dict[Outcome, Fraction]:
    """F's random turn by card counting: first card from the four categories in proportion to their
    counts, second uniformly among the other k - 1 cards; exactly one of those is the partner."""
    k, B, P = st.k, st.B, st.P
    s, m = st.s, st.m
    out: dict[Outcome, Fraction] = {}

    def add(p: Fraction, nxt: State, again: bool) -> None:
        if p:
            out[(nxt, again)] = out.get((nxt, again), Fraction(0)) + p

    same = State(k, B, P)
    first = {"kp": Fraction(P, k), "ks": Fraction(s, k), "us": Fraction(s, k), "uu": Fraction(m, k)}
    d = k - 1
    # kp first: partner known (kp)
    f = first["kp"]
    add(f * Fraction(1, d), State(k - 2, B - 2, P - 2), True)
    add(f * Fraction(P - 2 + s, d), same, False)
    add(f * Fraction(s, d), State(k, B + 1, P + 2), False)
    add(f * Fraction(m, d), State(k, B + 1, P), False)
    # ks first: partner is an unknown "us" card (when a category is empty its first-card
    # probability is 0, so the negative counts below never contribute)
    f = first["ks"]
    add(f * Fraction(1, d), State(k - 2, B - 1, P), True)
    add(f * Fraction(P + s - 1, d), same, False)
    add(f * Fraction(s - 1, d), State(k, B + 1, P + 2), False)
    add(f * Fraction(m, d), State(k, B + 1, P), False)
    # us first: revealed, it completes a known pair with its (ks) partner
    f = first["us"]
    add(f * Fraction(1, d), State(k - 2, B - 1, P), True)
    add(f * Fraction(P + s - 1, d), State(k, B + 1, P + 2), False)
    add(f * Fraction(s - 1, d), State(k, B + 2, P + 4), False)
    add(f * Fraction(m, d), State(k, B + 2, P + 2), False)
    # uu first: revealed, a new known card whose partner is one particular unknown card
    f = first["uu"]
    add(f * Fraction(1, d), State(k - 2, B, P), True)
    add(f * Fraction(P + s, d), State(k, B + 1, P), False)
    add(f * Fraction(s, d), State(k, B + 2, P + 2), False)
    add(f * Fraction(m - 2, d), State(k, B + 2, P), False)
    return out
