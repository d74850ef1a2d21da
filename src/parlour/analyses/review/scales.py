"""How each game's decisions are graded, as data: the unit a loss is counted in and the losses from which a decision
is an inaccuracy, a mistake, a blunder, each with the reason for its figures (the pages state them; docs/json.md,
"Game records"). One table, so the thresholds of every game can be read and compared in one place."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from parlour.analyses.review.core import Thresholds


@dataclass(frozen=True)
class Scale:
    unit: str
    thresholds: Thresholds
    why: str


SCALES: dict[str, Scale] = {
    "memory": Scale(
        "expected pairs",
        Thresholds(Fraction(1, 10), Fraction(1, 4), Fraction(1, 2)),
        "A pair is the game's whole stake, and a match of n pairs has about 2n decisions per player. Half a pair is "
        "half the swing of a game won by one pair: a blunder. A quarter pair is what turning a known card instead of "
        "an unseen one typically costs in the middle game (a mistake); a tenth of a pair, lost on ~2n decisions, "
        "still adds up to a pair over a game of 8 pairs, so it is worth flagging (an inaccuracy); below it a flip is "
        "\"good\".",
    ),
    "guess": Scale(
        "expected guesses",
        Thresholds(Fraction(1, 10), Fraction(1, 2), Fraction(1)),
        "V(N) grows like log2 N, and one wasted guess costs exactly 1: a whole guess lost is a blunder. Half a guess "
        "is what halving against Alice's optimal hiding typically costs over a game (a mistake); a tenth of a guess "
        "is the smallest loss a player can notice over a handful of games (an inaccuracy); below it a guess is "
        "\"good\".",
    ),
    "winorlose": Scale(
        "expected points",
        Thresholds(Fraction(1, 10), Fraction(1, 2), Fraction(1)),
        "One round scores -2..2, and the two calls differ by 3 |P(win) - P(lose)| points (standard scoring): a whole "
        "point lost means a call against odds of 2:1 or more (a blunder), half a point odds of about 7:5 (a mistake); "
        "a tenth of a point is a close call that still costs a point over ten rounds, the page's game (an "
        "inaccuracy).",
    ),
    "cowtrade": Scale(
        "expected payoff (+1 the quartet won, -1 lost)",
        Thresholds(Fraction(1, 20), Fraction(1, 5), Fraction(1, 2)),
        "The payoff is 2 P(win) - 1: a loss of 1/20 is 2.5 points of winning chance, the least a player would notice "
        "over a sitting (an inaccuracy); 1/5 is 10 points (a mistake); 1/2 is a quarter of the whole chance thrown "
        "away, what bidding into the opponent's certain win costs (a blunder).",
    ),
    "cowtrade_endgame": Scale(
        "expected payoff (+1 you complete the set, -1 the computer does)",
        Thresholds(Fraction(1, 20), Fraction(1, 5), Fraction(1, 2)),
        "The payoff is 2 P(you complete the set) - 1, as in the last trade: 1/20 is 2.5 points of that chance (an "
        "inaccuracy), 1/5 is 10 points (a mistake), 1/2 a quarter of the whole chance (a blunder).",
    ),
    "goose": Scale(
        "chance to win",
        Thresholds(Fraction(1, 50), Fraction(1, 20), Fraction(1, 10)),
        "Nobody decides in the Goose: no decision is ever graded, but the review's shape names its thresholds (points "
        "of win chance, as the other win-chance games use them).",
    ),
}


def scale(game: str) -> tuple[str, Thresholds]:
    """The unit and thresholds of `game`'s grades."""
    entry = SCALES[game]
    return entry.unit, entry.thresholds


__all__ = ["SCALES", "Scale", "scale"]
