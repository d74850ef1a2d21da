"""The optimal tactic in the states without known pairs, <2n, s, 0>, as a rule in n and s: read off
the exact tables (claim memory.p0-states) and checked against them state by state."""

from __future__ import annotations

from collections.abc import Mapping

from parlour.games.memory.rules import Move

_TWO: frozenset[str] = frozenset({Move.TWO_MOVE})
_ONE_OR_TWO: frozenset[str] = frozenset({Move.ONE_MOVE, Move.TWO_MOVE})
_ONE: frozenset[str] = frozenset({Move.ONE_MOVE})
_PASS: frozenset[str] = frozenset({Move.PASS})


def p0_rule(n: int, s: int) -> frozenset[str]:
    """The rule's optimal classes with n pairs left and s known (unmatched) cards."""
    if s == 0:
        return _TWO
    if s == n:
        return _ONE_OR_TWO
    if (n + s) % 2 == 0:
        return _ONE
    return _PASS if 3 * s >= 2 * n + 2 else _TWO


def breaks_rule(n: int, s: int, optimal: frozenset[str]) -> bool:
    """True when no class the rule names is optimal, or the rule and the table disagree on the pass."""
    pred = p0_rule(n, s)
    return not (pred & optimal) or ((Move.PASS in optimal) != (Move.PASS in pred))


def p0_rule_exceptions(optimal: Mapping[tuple[int, int], frozenset[str]]) -> list[tuple[int, int]]:
    """The states (n, s), n >= 1, where the optimal sets `optimal` break the rule."""
    return sorted((n, s) for (n, s), opt in optimal.items() if n and breaks_rule(n, s, opt))
