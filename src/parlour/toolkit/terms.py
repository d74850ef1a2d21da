"""What a game file returns (`End`, `Chance`, `Turn`), in a module of its own that the engines import:
`parlour.toolkit` re-exports them beside its front door, and the engines need not import that door."""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

Number = int | Fraction


@dataclass(frozen=True)
class End:
    """The game ends; player 1 receives `payoff` from player 2 (an int or a Fraction)."""

    payoff: Number


@dataclass(frozen=True)
class Chance:
    """Chance picks an outcome: {outcome: probability}, the probabilities ints or Fractions summing to 1.

    In a stochastic-game module an outcome is the next state or an `End`; in a game tree it is the move
    chance makes (the child is `history + (outcome,)`)."""

    weights: Mapping[Hashable, Number]

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Chance:
        """Each outcome equally likely; an outcome listed twice counts twice (a die's faces that lead to the
        same state)."""
        counts: dict[Hashable, int] = {}
        total = 0
        for o in outcomes:
            counts[o] = counts.get(o, 0) + 1
            total += 1
        unit = _fraction(1, total)  # most outcomes come once: one shared Fraction (a game builds millions)
        return cls({o: unit if c == 1 else _fraction(c, total) for o, c in counts.items()})


@functools.lru_cache(maxsize=4096)
def _fraction(numerator: int, denominator: int) -> Fraction:
    return Fraction(numerator, denominator)  # shared: a game builds the same few probabilities millions of times


@dataclass(frozen=True)
class Turn:
    """A decision of `player` (1 or 2) in a game tree: `infoset` is what he knows (equal for every history
    he cannot tell apart), `moves` his choices there (the same at every history of the infoset)."""

    player: int
    infoset: Hashable
    moves: tuple[Hashable, ...]
