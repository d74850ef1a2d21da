"""What the Memory Bellman recursions share (the full <k,B,P> one, the reduced one, the forgetful MDP
and the fixed-policy evaluation): input checks, the playable tactic classes of a state with their
successor branches in exact rationals, the pass fixed point and the canonical choice among ties.

It stays in this game's analysis rather than in `solvers/`: the pass fixed point and the (k, B, P)
order are particular to Memory, and no second game needs this machinery (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache

from flint import fmpq

from parlour.errors import InvalidInput, shown
from parlour.games.memory.rules import (
    Leaf,
    Move,
    State,
    TacticClass,
    applicable,
    by_number,
    tactic_classes,
    template,
)

MAX_EXACT_PAIRS = 400  # the full <k,B,P> recursion
MAX_REDUCED_EXACT_PAIRS = 2000
MAX_FLOAT_PAIRS = 20000  # the reduced model in floats


def check_pairs(pairs: object, limit: int = MAX_EXACT_PAIRS) -> int:
    if isinstance(pairs, bool) or not isinstance(pairs, int):
        raise InvalidInput(f"the number of pairs must be a whole number, got {shown(pairs)}")
    if pairs < 1:
        raise InvalidInput(f"the number of pairs must be at least 1, got {pairs}")
    if pairs > limit:
        raise InvalidInput(f"at most {limit} pairs for this computation, got {pairs}")
    return pairs


def to_fraction(x: fmpq) -> Fraction:
    return Fraction(int(x.p), int(x.q))


# Which member of each class can play depends only on small counts, so the member choice is cached
# by the pattern (min(P,5), min(s,5), min(m,5)); probabilities are then evaluated from the leaf
# formulas.


def pattern(st: State) -> tuple[int, int, int]:
    return (min(st.P, 5), min(st.s, 5), min(st.m, 5))


@cache
def _playable_leaves(
    pattern: tuple[int, int, int], k_example: int, B_example: int, P_example: int
) -> tuple[tuple[TacticClass, tuple[Leaf, ...]], ...]:
    st = State(k_example, B_example, P_example)
    out = []
    for c in tactic_classes():
        for t in c.members:
            if applicable(t, st):
                out.append((c, template(t)))
                break
    return tuple(out)


def playable(st: State) -> tuple[tuple[TacticClass, tuple[Leaf, ...]], ...]:
    """Each playable tactic class with the leaves of its first playable member."""
    pat = pattern(st)
    # any state with this pattern decides applicability the same way (the forms involved are
    # P, s, m and u = s + m shifted by at most 2); use the smallest one as the cache key
    P, s, m = pat
    return _playable_leaves(pat, P + 2 * s + m, P + s, P)


def branches(leaves: tuple[Leaf, ...], st: State) -> list[tuple[fmpq, State, bool]]:
    """(probability, successor, same player again?) for every leaf of positive probability."""
    out = []
    for leaf in leaves:
        num, den = 1, 1
        for a, b in leaf.factors:
            x = a(st)
            if x == 0:
                num = 0
                break
            num *= x
            den *= b(st)
        if num:
            dk, dB, dP = leaf.delta
            out.append((fmpq(num, den), State(st.k + dk, st.B + dB, st.P + dP), leaf.again))
    return out


def with_pass(best: fmpq | None, pass_ok: bool, half: fmpq) -> fmpq:
    """The mover's value w from the best non-pass tactic's value and whether he may pass: the fixed
    point of w = max(best, k - w) is max(best, k/2) (if best < k/2 both players prefer to pass
    forever and split the k cards; w = best < k/2 would not be a fixed point)."""
    if pass_ok and (best is None or best <= half):
        return half
    assert best is not None
    return best


def canonical(optimal: Iterable[str]) -> str:
    """The canonical optimal class: the lowest-numbered one, the pass only when it is the only one."""
    names = by_number(optimal)
    non_pass = [c for c in names if c != Move.PASS]
    return (non_pass or list(names))[0]
