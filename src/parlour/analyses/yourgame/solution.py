"""What `parlour solve` returns for any game: the value in the usual convention, the proof, the strategies
(`parlour.toolkit` names it as its own)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from parlour.results import Result, down, jsonable, proven, up

# Strategies are written out in full up to this many entries; beyond it the result says how to read them.
SHOWN_STRATEGY_ENTRIES = 200


@dataclass(frozen=True, kw_only=True)
class GameSolution(Result):
    """A solved game of one of the three kinds ("race", "stochastic", "tree").

    value_low == value_high: the value is exact (`value_exact`); otherwise it lies in the proven interval
    [value_low, value_high]. For a zero-sum game the value is player 1's payoff under optimal play by
    both; for a race game of 2+ players it is player 1's win chance (every player's in `wins_low/high`),
    for one player the expected number of turns. `strategies`: both players' optimal strategies in JSON
    form when they are small, else a note on where to read them (`policy(state)`)."""

    kind: str
    name: str
    value_low: Fraction
    value_high: Fraction
    proof: str
    states: int
    strategies: Mapping[str, Any] = field(default_factory=dict)
    wins_low: tuple[Fraction, ...] = ()
    wins_high: tuple[Fraction, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    # The optimal move(s) at a state: {player: move or {move: probability}}; None where not kept.
    lookup: Callable[[Any], Mapping[str, Any]] | None = field(default=None, repr=False, compare=False)

    @property
    def exact(self) -> bool:
        return self.value_low == self.value_high

    @property
    def value(self) -> Fraction | float:
        """The value: the Fraction when exact, else the midpoint of the proven interval as a float (the rule
        of every result, docs/python.md)."""
        return self.value_low if self.exact else float((self.value_low + self.value_high) / 2)

    @property
    def value_float(self) -> float:
        return float((self.value_low + self.value_high) / 2)

    @property
    def value_exact(self) -> Fraction | None:
        return self.value_low if self.exact else None

    @property
    def value_bounds(self) -> tuple[float, float]:
        return float(self.value_low), float(self.value_high)

    # Each player's win chance (a race game) under the JSON's names, as `value` has them: the stored
    # `wins_low` / `wins_high` are the proven interval's ends.
    @property
    def win_exact(self) -> tuple[Fraction, ...] | None:
        """Every player's win chance as a Fraction when all are exact; None otherwise (or not a race game)."""
        return self.wins_low if self.wins_low and self.wins_low == self.wins_high else None

    @property
    def win(self) -> tuple[Fraction | float, ...]:
        """Every player's win chance: the Fractions when exact, else the midpoints of the proven intervals."""
        if self.win_exact is not None:
            return self.win_exact
        return tuple((lo + hi) / 2 for lo, hi in self.win_bounds)  # the JSON's midpoints, to the last bit

    @property
    def win_bounds(self) -> tuple[tuple[float, float], ...]:
        """Every player's proven interval, its ends rounded outwards to floats (as the JSON writes them)."""
        return tuple((down(a), up(b)) for a, b in zip(self.wins_low, self.wins_high, strict=True))

    def policy(self, state: Any) -> Mapping[str, Any]:
        """Both players' optimal moves at `state` (a stochastic game's state)."""
        from parlour.errors import InvalidInput

        if self.lookup is None:
            raise InvalidInput("this result keeps no per-state strategy (see `strategies`)")
        return self.lookup(state)

    def payload(self) -> dict[str, Any]:
        body: dict[str, Any] = {"kind": self.kind, "name": self.name, "states": self.states}
        body.update(proven("value", self.value_low, self.value_high))
        if self.wins_low:
            body.update(proven("win", self.wins_low, self.wins_high))
        body["proof"] = self.proof
        body.update(jsonable(dict(self.extra)))
        body["strategies"] = jsonable(dict(self.strategies))
        return body



__all__ = ["SHOWN_STRATEGY_ENTRIES", "GameSolution"]
