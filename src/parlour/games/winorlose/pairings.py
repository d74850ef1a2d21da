"""The results of Win or Lose's pairings and tournaments (`PairingResult`, `Tournament`), in a module of
their own: the front door `parlour.winorlose` names them (for `typing.get_type_hints` and imports) without
loading the counting and the simulation (numpy, numba), which `winorlose chance` must not pay for.
The computations are `parlour.analyses.winorlose.tournament`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from parlour.results import Result, exact, jsonable

if TYPE_CHECKING:
    from parlour.games.winorlose.characters import Frank, Tina
    from parlour.games.winorlose.rules import Rules
    from parlour.infra.stats import Interval

# The quantities of a pairing: a Fraction prints as name + name_exact, a Monte Carlo interval as name + name_ci.
_VALUES = ("frank_points_per_round", "tina_points_per_round", "p_tina_more_in_a_round", "p_level_in_a_round",
           "p_tina_more_over_game", "p_level_over_game")


@dataclass(frozen=True)
class PairingResult(Result):
    """One pairing: expected points per round and the odds that Tina scores more, per round and per game.
    Exact (Fractions) for memoryless types; Monte Carlo intervals for Learning. The attributes have their
    JSON names (the short names of before still read, for one release)."""

    RENAMED: ClassVar[Mapping[str, str]] = {
        "frank": "frank_type", "tina": "tina_type", "frank_points": "frank_points_per_round",
        "tina_points": "tina_points_per_round", "round_tina_ahead": "p_tina_more_in_a_round",
        "round_level": "p_level_in_a_round", "game_tina_ahead": "p_tina_more_over_game",
        "game_level": "p_level_over_game"}

    frank_type: Frank
    tina_type: Tina
    rounds: int
    exact: bool
    frank_points_per_round: Fraction | Interval
    tina_points_per_round: Fraction | Interval
    p_tina_more_in_a_round: Fraction | Interval
    p_level_in_a_round: Fraction | Interval
    p_tina_more_over_game: Fraction | Interval
    p_level_over_game: Fraction | Interval
    games: int = 0  # simulated games (Learning)
    extra: dict[str, object] = field(default_factory=dict)

    def value(self, name: str) -> float:
        """The float of a quantity: the exact value, or the Monte Carlo estimate."""
        v = getattr(self, self.RENAMED.get(name, name))
        return float(v) if isinstance(v, Fraction) else v.estimate

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "frank_type": self.frank_type.value,
            "tina_type": self.tina_type.value,
            "rounds": self.rounds,
            "exact": self.exact,
            "games": self.games,
        }
        for name in _VALUES:
            v = getattr(self, name)
            if isinstance(v, Fraction):
                out.update(exact(name, v))
            else:
                out[name] = v.estimate
                out[f"{name}_ci"] = [v.low, v.high]
        out.update(jsonable(self.extra))
        return out



@dataclass(frozen=True)
class Tournament(Result):
    """Every pairing of the given Tinas with every Frank, under one rule set."""

    TABLE: ClassVar[str | None] = "pairings"

    RENAMED: ClassVar[Mapping[str, str]] = {"results": "pairings"}

    rules: Rules
    rounds: int
    pairings: tuple[PairingResult, ...]

    def get(self, frank: Frank, tina: Tina) -> PairingResult:
        for r in self.pairings:
            if r.frank_type is frank and r.tina_type is tina:
                return r
        raise KeyError((frank, tina))

    def payload(self) -> dict[str, Any]:
        return {"rules": jsonable(self.rules), "rounds": self.rounds, "pairings": [r.to_json() for r in self.pairings]}
