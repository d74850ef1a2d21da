"""What a race game's solve answers: every player's win chance (exact or a proven interval), or for one
player alone the expected number of turns."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from parlour.results import Result, bounds, down, exact, jsonable, up

__all__ = ["RaceSolution"]


@dataclass(frozen=True, kw_only=True)
class RaceSolution(Result):
    """value_low == value_high where exact: player 1's win chance (2+ players; every player's in
    `wins_low` / `wins_high`), or the expected number of turns of a solo game (`wins_low` empty).
    `extra` says which engine solved it and what it counted."""

    name: str
    value_low: Fraction
    value_high: Fraction
    proof: str
    states: int
    wins_low: tuple[Fraction, ...] = ()
    wins_high: tuple[Fraction, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def payload(self) -> dict[str, Any]:
        body: dict[str, Any] = {"name": self.name, "states": self.states}
        if self.value_low == self.value_high:
            body.update(exact("value", self.value_low))
        else:
            body.update(bounds("value", down(self.value_low), up(self.value_high)))
        if self.wins_low and self.wins_low == self.wins_high:
            body.update(exact("win", list(self.wins_low)))
        elif self.wins_low:
            body.update(bounds("win", [down(x) for x in self.wins_low], [up(x) for x in self.wins_high]))
        body["proof"] = self.proof
        body.update(jsonable(dict(self.extra)))
        return body
