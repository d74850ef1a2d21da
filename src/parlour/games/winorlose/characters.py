"""The character types: how Frank and Tina turn a win chance (and Frank's statement) into a prediction.

Win chances are handled as exact integer numerators `c` over `den` (300 holdings, or 600 with half
ties; see rules.ChanceRule), so every threshold test is exact: c >= theta * den  <=>  c * q >= p * den
for theta = p/q.

Frank (player 1) predicts win iff his chance >= his threshold: Normal 1/2, Tight 3/4, Loose 1/4.
Tina (player 2), from the study:
  Blind        win iff chance >= 1/2, ignoring Frank;
  Competitive  says what Frank said, unless her chance < 3/10 (then lose);
  Cooperative  says the opposite of Frank, unless her chance > 7/10 (then win);
  Smart        threshold 3/5 if Frank said win, 2/5 if he said lose;
  Learning     tracks the lowest chance at which Frank still said win and the highest at which he said
               lose (computed after the cards are shown), and acts like Bayesian with the midpoint of
               that interval as Frank's threshold (the study does not say how she uses the bounds).
And one of ours:
  Bayesian     knows Frank's threshold, so his statement tells her which of his holdings are still
               possible; she conditions on that and makes the prediction with the larger expected points.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from parlour.errors import InvalidInput
from parlour.games.winorlose.rules import Rules, parse_choice
from parlour.results import exact


class Frank(enum.StrEnum):
    LOOSE = "loose"
    NORMAL = "normal"
    TIGHT = "tight"


class Tina(enum.StrEnum):
    BLIND = "blind"
    COMPETITIVE = "competitive"
    COOPERATIVE = "cooperative"
    SMART = "smart"
    LEARNING = "learning"
    BAYESIAN = "bayesian"


FRANK_THRESHOLD: dict[Frank, Fraction] = {
    Frank.LOOSE: Fraction(1, 4),
    Frank.NORMAL: Fraction(1, 2),
    Frank.TIGHT: Fraction(3, 4),
}
STUDY_TINAS: tuple[Tina, ...] = (Tina.BLIND, Tina.COMPETITIVE, Tina.COOPERATIVE, Tina.SMART, Tina.LEARNING)
MEMORYLESS_TINAS: tuple[Tina, ...] = (Tina.BLIND, Tina.COMPETITIVE, Tina.COOPERATIVE, Tina.SMART, Tina.BAYESIAN)
# The study's constants, as data.
BLIND_THRESHOLD = Fraction(1, 2)
COMPETITIVE_FLOOR = Fraction(3, 10)
COOPERATIVE_CEILING = Fraction(7, 10)
SMART_AFTER_WIN = Fraction(3, 5)
SMART_AFTER_LOSE = Fraction(2, 5)


def parse_frank(text: str) -> Frank:
    return parse_choice(Frank, text, "type for Frank")


def parse_tina(text: str) -> Tina:
    return parse_choice(Tina, text, "type for Tina")


def at_least(c: np.ndarray | int, theta: Fraction, den: int) -> np.ndarray | bool:
    """c / den >= theta, exactly."""
    return c * theta.denominator >= theta.numerator * den


def above(c: np.ndarray | int, theta: Fraction, den: int) -> np.ndarray | bool:
    """c / den > theta, exactly."""
    return c * theta.denominator > theta.numerator * den


def cutoff(theta: Fraction, den: int) -> int:
    """The least numerator c with c / den >= theta."""
    return -((-theta.numerator * den) // theta.denominator)


def frank_says_win(kind: Frank, c: np.ndarray | int, den: int) -> np.ndarray | bool:
    return at_least(c, FRANK_THRESHOLD[kind], den)


def simple_tina_says_win(kind: Tina, c: np.ndarray | int, frank_win: np.ndarray | bool, den: int) -> np.ndarray:
    """The four rule-of-thumb types (Blind, Competitive, Cooperative, Smart), vectorised."""
    c = np.asarray(c)
    fw = np.asarray(frank_win, dtype=bool)
    if kind is Tina.BLIND:
        return np.asarray(at_least(c, BLIND_THRESHOLD, den)) & np.ones_like(fw)
    if kind is Tina.COMPETITIVE:
        return fw & ~np.asarray(c * COMPETITIVE_FLOOR.denominator < COMPETITIVE_FLOOR.numerator * den)
    if kind is Tina.COOPERATIVE:
        return ~fw | np.asarray(above(c, COOPERATIVE_CEILING, den))
    if kind is Tina.SMART:
        return np.where(fw, at_least(c, SMART_AFTER_WIN, den), at_least(c, SMART_AFTER_LOSE, den))
    raise InvalidInput(f"{kind.value} is not a rule-of-thumb type")


def best_prediction(rules: Rules, wins: np.ndarray | int, ties: np.ndarray | int, losses: np.ndarray | int):
    """Predict win iff its expected points are at least those of predicting lose, given (unnormalised)
    weights of the three outcomes for the predicting player. Equal expectations: win."""
    lose_row, win_row = rules.points_table()
    ev_win = win_row[0] * wins + win_row[1] * ties + win_row[2] * losses
    ev_lose = lose_row[0] * wins + lose_row[1] * ties + lose_row[2] * losses
    return ev_win >= ev_lose


@dataclass(frozen=True)
class LearningState:
    """Learning Tina's bounds on Frank's threshold, as chance numerators over `den`.

    Frank says win iff c >= K, so every observed win at c gives K <= c (keep the lowest such c,
    `lowest_win`) and every loss at c gives K > c (keep the highest, `highest_lose`). Before any
    observation the interval is the whole range.
    """

    den: int
    highest_lose: int = -1
    lowest_win: int = -1  # -1: none seen yet (stands for den + 1)

    @property
    def upper(self) -> int:
        return self.den + 1 if self.lowest_win < 0 else self.lowest_win

    def estimate(self) -> int:
        """Estimated cutoff K: the midpoint of (highest_lose, upper], rounded up."""
        return (self.highest_lose + self.upper + 1) // 2

    def observe(self, frank_chance: int, said_win: bool) -> LearningState:
        if said_win:
            low = frank_chance if self.lowest_win < 0 else min(self.lowest_win, frank_chance)
            return LearningState(self.den, self.highest_lose, low)
        return LearningState(self.den, max(self.highest_lose, frank_chance), self.lowest_win)

    def to_json(self) -> dict[str, object]:
        """The bounds and the estimate as chances (float + exact); a bound not yet seen is left out."""
        out: dict[str, object] = {}
        if self.highest_lose >= 0:
            out.update(exact("highest_lose", Fraction(self.highest_lose, self.den)))
        if self.lowest_win >= 0:
            out.update(exact("lowest_win", Fraction(self.lowest_win, self.den)))
        out.update(exact("estimate", Fraction(self.estimate(), self.den)))
        return out


def conditional_outcomes(
    own_key: int,
    frank_keys: Sequence[int] | np.ndarray,
    frank_ways: Sequence[int] | np.ndarray,
    frank_chances: Sequence[int] | np.ndarray,
    says_win: bool,
    frank_cutoff: int,
) -> tuple[int, int, int]:
    """Tina's (wins, ties, losses) over Frank's holdings that agree with his statement, assuming he says
    win iff his chance numerator >= frank_cutoff. When none agree (a wrong guess of the cutoff), the
    statement is ignored and all holdings count."""
    keys = np.asarray(frank_keys)
    ways = np.asarray(frank_ways)
    agree = (np.asarray(frank_chances) >= frank_cutoff) == says_win
    if not (ways * agree).any():
        agree = np.ones_like(agree)
    w = ways * agree
    return int((w * (own_key > keys)).sum()), int((w * (own_key == keys)).sum()), int((w * (own_key < keys)).sum())
