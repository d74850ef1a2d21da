"""One game of higher–lower played against a certified optimal strategy (the web page's analysis).

Alice's hidden number and Bob's search tree are drawn from the certified optimal mixtures *exactly*: the
probabilities are fractions, so a seed picks a whole number u uniformly below their common denominator
and the draw is the first outcome whose cumulative numerator exceeds u. The same seed and the same
certificate always give the same draw, which is what lets a stateless server replay a game from the
seed that travels with each request.

Words: "higher" means the hidden number is higher than the guess, "lower" that it is lower.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from parlour.errors import InvalidInput

Answer = Literal["higher", "lower", "correct"]
ANSWERS: tuple[Answer, ...] = ("higher", "lower", "correct")


def draw(weights: Sequence[Fraction], seed: int) -> int:
    """The index drawn from an exact probability vector by `seed` (a whole number ≥ 0)."""
    if not weights or sum(weights, Fraction(0)) != 1 or any(w < 0 for w in weights):
        raise InvalidInput("a draw needs a probability vector of fractions that sums to 1")
    den = math.lcm(*(w.denominator for w in weights))
    u = random.Random(seed).randrange(den)
    total = 0
    for i, w in enumerate(weights):
        total += w.numerator * (den // w.denominator)
        if u < total:
            return i
    raise AssertionError("the cumulative weights reach the denominator")  # sum is 1: unreachable


def answer(hidden: int, guess: int) -> Answer:
    """What Alice says to a guess."""
    return "correct" if guess == hidden else "higher" if hidden > guess else "lower"


@dataclass(frozen=True)
class GuesserGame:
    """A game where the user guesses Alice's number: each guess with its answer, and whether it is over."""

    numbers: int
    guesses: tuple[int, ...]
    answers: tuple[Answer, ...]
    low: int  # the numbers still possible after the answers: low..high
    high: int

    @property
    def over(self) -> bool:
        return bool(self.answers) and self.answers[-1] == "correct"


def replay_guesser(numbers: int, hidden: int, guesses: Sequence[int]) -> GuesserGame:
    """Alice's answers to the user's guesses; a guess after "correct" is refused."""
    low, high = 1, numbers
    said: list[Answer] = []
    for i, g in enumerate(guesses):
        if not 1 <= g <= numbers:
            raise InvalidInput(f"a guess must be a number from 1 to {numbers}, got {g}")
        if said and said[-1] == "correct":
            raise InvalidInput(f"the game was over after guess {i}; start a new one")
        a = answer(hidden, g)
        said.append(a)
        if a == "higher":
            low = max(low, g + 1)
        elif a == "lower":
            high = min(high, g - 1)
        else:
            low = high = g
    return GuesserGame(numbers, tuple(guesses), tuple(said), low, high)


@dataclass(frozen=True)
class SearchGame:
    """A game where Bob searches with one tree: his guesses so far, the answers he heard, the numbers
    still possible, and his next guess (None once he has heard "correct")."""

    numbers: int
    guesses: tuple[int, ...]
    answers: tuple[Answer, ...]
    low: int
    high: int
    next_guess: int | None

    @property
    def over(self) -> bool:
        return self.next_guess is None


def tree_guess(depths: Sequence[int], low: int, high: int) -> int:
    """Bob's guess when low..high is still possible: the root of that interval's subtree (least depth)."""
    return min(range(low, high + 1), key=lambda k: depths[k - 1])


def replay_search(depths: Sequence[int], answers: Sequence[Answer]) -> SearchGame:
    """Bob's guesses with the tree `depths` after the user's `answers`. Answers no number could give
    (an empty interval, "higher" than the largest number left) are refused, naming the guess."""
    n = len(depths)
    low, high, guesses = 1, n, []
    for i, a in enumerate(answers):
        if a not in ANSWERS:
            raise InvalidInput(f"an answer must be higher, lower or correct, got {a!r}"[:120])
        g = tree_guess(depths, low, high)
        guesses.append(g)
        if a == "correct":
            if i != len(answers) - 1:
                raise InvalidInput(f"the game was over after answer {i + 1}; start a new one")
            return SearchGame(n, tuple(guesses), tuple(answers), g, g, None)
        if (a == "higher" and g >= high) or (a == "lower" and g <= low):
            left = f"{low}..{high}" if low < high else str(low)
            raise InvalidInput(f"no number is {a} than {g} among the {left} still possible: "
                               f"the answer to guess {i + 1} must be another")
        low, high = (g + 1, high) if a == "higher" else (low, g - 1)
    return SearchGame(n, tuple(guesses), tuple(answers), low, high, tree_guess(depths, low, high))


def answers_for(depths: Sequence[int], hidden: int) -> tuple[Answer, ...]:
    """The answers a truthful hider of `hidden` gives to Bob's tree, up to "correct"."""
    lo, hi, out = 1, len(depths), []
    while True:
        g = tree_guess(depths, lo, hi)
        a = answer(hidden, g)
        out.append(a)
        if a == "correct":
            return tuple(out)
        lo, hi = (g + 1, hi) if a == "higher" else (lo, g - 1)


def expected_guesses(bob: Sequence[tuple[Sequence[int], Fraction]], hidden: int) -> Fraction:
    """What Bob's mixture needs on average against the number `hidden`: Σ p_T · d_T(hidden). For an
    optimal mixture this is at most V(N) for every number, and equal on Alice's support."""
    return sum((p * d[hidden - 1] for d, p in bob), Fraction(0))


__all__ = [
    "ANSWERS", "Answer", "GuesserGame", "SearchGame", "answer", "answers_for", "draw", "expected_guesses",
    "replay_guesser", "replay_search", "tree_guess",
]
