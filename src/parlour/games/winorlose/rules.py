"""The rules that the study leaves open, as values: how a tie is scored and what "win chance" means.

Points (the study): a correctly predicted win +2, a correctly predicted loss +1, a predicted win that
lost -2, a predicted loss that won -1. The study does not say what a tie (equal scores) gives.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from parlour.errors import InvalidInput, shown


class TieRule(enum.StrEnum):
    """How a round with equal hands is scored (the same rule for both players).

    ZERO (default): nobody won and nobody lost, so neither prediction was right or wrong: 0 points.
        This is what a player expects from a split pot.
    LOSS: a tie counts as a loss for both ("lose" scores +1, "win" scores -2).
    WIN: a tie counts as a win for both ("win" scores +2, "lose" scores -1).
    """

    ZERO = "zero"
    LOSS = "loss"
    WIN = "win"


class ChanceRule(enum.StrEnum):
    """What a player's "win chance" is, over the opponent's possible holdings.

    BEATS (default): the share of holdings he beats, P(win) -- the spec's words "count how many of them
        he beats"; a tie is not a win.
    HALF_TIES: P(win) + P(tie)/2, a tie counted as half a win.
    """

    BEATS = "beats"
    HALF_TIES = "half-ties"


OUTCOMES = ("win", "tie", "lose")


@dataclass(frozen=True)
class Rules:
    tie: TieRule = TieRule.ZERO
    chance: ChanceRule = ChanceRule.BEATS
    right_win: int = 2
    right_lose: int = 1
    wrong_win: int = -2  # predicted win, lost
    wrong_lose: int = -1  # predicted loss, won

    def points(self, predicted_win: bool, outcome: str) -> int:
        """Points of one player: his prediction and the outcome of his hand ("win", "tie", "lose")."""
        if outcome not in OUTCOMES:
            raise InvalidInput(f"an outcome is win, tie or lose, got {shown(outcome)}")
        if outcome == "tie":
            if self.tie is TieRule.ZERO:
                return 0
            outcome = "win" if self.tie is TieRule.WIN else "lose"
        if predicted_win:
            return self.right_win if outcome == "win" else self.wrong_win
        return self.wrong_lose if outcome == "win" else self.right_lose

    def points_table(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """((lose-prediction points for win, tie, lose), (win-prediction points ...))."""
        lose_row = tuple(self.points(False, o) for o in OUTCOMES)
        win_row = tuple(self.points(True, o) for o in OUTCOMES)
        return (lose_row, win_row)  # type: ignore[return-value]

    @property
    def chance_denominator(self) -> int:
        """Chances are numerators over C(25, 2) = 300 holdings, or over 600 with half ties."""
        return 300 if self.chance is ChanceRule.BEATS else 600

    def chance_numerator(self, wins: int, ties: int) -> int:
        return wins if self.chance is ChanceRule.BEATS else 2 * wins + ties

    def chance_value(self, wins: int, ties: int) -> Fraction:
        return Fraction(self.chance_numerator(wins, ties), self.chance_denominator)


Choice = TypeVar("Choice", bound=enum.Enum)


def parse_choice(kind: type[Choice], text: str, what: str) -> Choice:
    """`text` (any case, blanks around it) as a member of `kind`; else one sentence naming `what` and the
    choices. The rules' and the characters' names are all read this one way."""
    try:
        return kind(text.strip().lower())
    except ValueError:
        choices = ", ".join(str(c.value) for c in kind)
        raise InvalidInput(f"unknown {what} {shown(text)}; choose one of {choices}") from None


def parse_tie_rule(text: str) -> TieRule:
    return parse_choice(TieRule, text, "tie rule")


def parse_chance_rule(text: str) -> ChanceRule:
    return parse_choice(ChanceRule, text, "win-chance rule")
