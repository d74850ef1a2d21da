"""`GooseSolution`, the result of a Goose solve, in a module of its own: the front door `parlour.goose`
names it (for `typing.get_type_hints` and `from parlour.goose import GooseSolution`) without loading the
engines (numba, scipy, the state space), which `import parlour.goose` must not pay for: they load on the
first solve."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from parlour.games.goose.rules import RuleSet, State, square_of
from parlour.results import Result, bounds, exact

if TYPE_CHECKING:  # the state space's module loads numba; a solve that counts states has it loaded
    from parlour.analyses.goose.space import Counts


@dataclass(frozen=True)
class GooseSolution(Result):
    """Win probabilities of every player from one position, certified (and exact when asked)."""

    # the attributes have the JSON's names; the old ones still read for one release
    RENAMED: ClassVar[Mapping[str, str]] = {"start": "position", "digits": "denominator_digits", "counts": "states"}

    rules: RuleSet
    players: int
    position: State  # the position solved from
    states: Counts | None  # the reachable states by kind; None on the chain-free path (5+ players): the
    # count alone takes minutes there, and the JSON's `states` holds the relabelled chain's size instead
    win: tuple[float, ...]
    win_bounds: tuple[tuple[float, float], ...]
    draw: float
    draw_bounds: tuple[float, float]
    exact: bool
    win_exact: tuple[Fraction, ...] | None
    draw_exact: Fraction | None
    sweeps: int
    denominator_digits: int | None = None  # digits of the largest reduced denominator printed
    resumed_from: int = 0  # sweeps found in the checkpoint file
    extrapolations: int = 0  # accepted (proven) extrapolation jumps
    canonical: int = 0  # states of the relabelled chain that was solved

    def payload(self) -> dict[str, object]:
        out: dict[str, object] = {
            "rules": self.rules.name,
            "players": self.players,
            "position": position_json(self.rules, self.position),
            "states": self.states.to_json() if self.states is not None else {"canonical_transient": self.canonical},
            **(exact("win", self.win_exact) if self.win_exact is not None else {}),
            **(exact("draw", self.draw_exact) if self.draw_exact is not None else {}),
            **bounds("win", [lo for lo, _ in self.win_bounds], [hi for _, hi in self.win_bounds]),
            **bounds("draw", *self.draw_bounds),
            "sweeps": self.sweeps,
        }
        if self.win_exact is not None:  # the exact floats beside the fractions, not the intervals' midpoints
            out["win"], out["draw"] = [float(w) for w in self.win_exact], float(self.draw_exact or 0)
            out["denominator_digits"] = self.denominator_digits
        else:
            out["resumed_from"] = self.resumed_from
            out["extrapolations"] = self.extrapolations
        return out


def position_json(rules: RuleSet, state: State) -> dict[str, object]:
    """A position in the game's terms: every player's square (and whether he waits at the inn), whose turn."""
    return {"squares": [square_of(rules, c) for c in state.codes],
            "waiting_at_inn": [c > rules.end for c in state.codes],
            "to_move": state.to_move + 1}
