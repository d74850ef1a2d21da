"""Playing rounds with concrete cards, for the terminal and the page: the simulator of
games.winorlose.play, started fresh or from a game in progress."""

from __future__ import annotations

import numpy as np

from parlour.errors import InvalidInput
from parlour.games.winorlose.characters import Frank, LearningState, Tina
from parlour.games.winorlose.play import Series, play_series
from parlour.games.winorlose.rules import Rules


def resume(
    frank: Frank,
    tina: Tina,
    rules: Rules,
    *,
    rounds: int,
    frank_points: int,
    tina_points: int,
    tina_rounds_ahead: int,
    frank_rounds_ahead: int,
    highest_lose: int,
    lowest_win: int,
) -> Series:
    """A game in progress, from its totals and Learning Tina's bounds (chance numerators, -1 for none)."""
    den = rules.chance_denominator
    if rounds < 0 or not -1 <= highest_lose <= den or not -1 <= lowest_win <= den:
        raise InvalidInput("the game state sent with the request is not one this page produces")
    return Series(
        frank, tina, rounds, frank_points, tina_points, None,
        LearningState(den, highest_lose, lowest_win), tina_rounds_ahead, frank_rounds_ahead,
    )


def play(
    frank: Frank,
    tina: Tina,
    rounds: int,
    *,
    seed: int | None = None,
    rules: Rules = Rules(),
    start: Series | None = None,
) -> Series:
    """Play `rounds` rounds dealt from a shuffle with `seed` (random if None), after `start` if given."""
    return play_series(frank, tina, rounds, np.random.default_rng(seed), rules, start)
