"""Dealing and playing rounds with concrete cards (for the terminal, the page and tests).

Uses the deal grid (chance.deal_grid) for the win chances, so a round costs a few table look-ups and
one 36-entry sum for Bayesian and Learning Tina.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from parlour.errors import InvalidInput
from parlour.games.winorlose.cards import DECK_SIZE, card_text, check_distinct
from parlour.games.winorlose.chance import HOLDINGS, WinChance, deal_grid
from parlour.games.winorlose.characters import (
    FRANK_THRESHOLD,
    Frank,
    LearningState,
    Tina,
    best_prediction,
    conditional_outcomes,
    cutoff,
    frank_says_win,
    simple_tina_says_win,
)
from parlour.games.winorlose.evaluate import CATEGORY_NAMES, category_of, score_code
from parlour.games.winorlose.rules import Rules


@dataclass(frozen=True)
class Deal:
    frank: tuple[int, int]
    tina: tuple[int, int]
    table: tuple[int, int, int, int, int]

    def __post_init__(self) -> None:
        if len(self.frank) != 2 or len(self.tina) != 2 or len(self.table) != 5:
            raise InvalidInput("a deal is 2 cards for Frank, 2 for Tina and 5 on the table")
        check_distinct([*self.frank, *self.tina, *self.table])

    def to_json(self) -> dict[str, object]:
        return {k: [card_text(c) for c in getattr(self, k)] for k in ("frank", "tina", "table")}


def random_deal(rng: np.random.Generator) -> Deal:
    cards = [int(c) for c in rng.permutation(DECK_SIZE)[:9]]
    return Deal((cards[0], cards[1]), (cards[2], cards[3]), (cards[4], cards[5], cards[6], cards[7], cards[8]))


@dataclass(frozen=True)
class PlayerRound:
    cards: tuple[int, ...]
    score: int
    chance: WinChance
    says_win: bool
    outcome: str  # win / tie / lose, for this player
    points: int

    @property
    def code(self) -> str:
        return score_code(self.score)

    def to_json(self) -> dict[str, object]:
        return {
            "cards": [card_text(c) for c in self.cards],
            "score": self.code,
            "combination": CATEGORY_NAMES[category_of(self.score)],
            "chance": self.chance,
            "prediction": "win" if self.says_win else "lose",
            "outcome": self.outcome,
            "points": self.points,
        }


@dataclass(frozen=True)
class Round:
    table: tuple[int, ...]
    frank: PlayerRound
    tina: PlayerRound

    def to_json(self) -> dict[str, object]:
        return {"table": [card_text(c) for c in self.table], "frank": self.frank, "tina": self.tina}


def _outcome(mine: int, theirs: int) -> str:
    return "win" if mine > theirs else "tie" if mine == theirs else "lose"


def play_round(
    deal: Deal,
    frank: Frank,
    tina: Tina,
    rules: Rules = Rules(),
    learning: LearningState | None = None,
) -> tuple[Round, LearningState]:
    """Play one round; returns it and Learning Tina's bounds after she has seen the cards."""
    grid = deal_grid()
    den = rules.chance_denominator
    state = learning if learning is not None else LearningState(den)
    if state.den != den:
        raise InvalidInput("the learning state was made under a different win-chance rule")
    t, f = grid.view(deal.frank, deal.table)
    _, g = grid.view(deal.tina, deal.table)
    numer = grid.chance_numerators(rules)
    c_frank, c_tina = int(numer[t, f]), int(numer[t, g])
    frank_win = bool(frank_says_win(frank, c_frank, den))
    if tina in (Tina.BAYESIAN, Tina.LEARNING):
        k = cutoff(FRANK_THRESHOLD[frank], den) if tina is Tina.BAYESIAN else state.estimate()
        w, ti, lo = conditional_outcomes(int(grid.key[t, g]), grid.key[t], grid.opp_ways[t, g], numer[t], frank_win, k)
        tina_win = bool(best_prediction(rules, w, ti, lo))
    else:
        tina_win = bool(simple_tina_says_win(tina, c_tina, frank_win, den))
    key_f, key_t = int(grid.key[t, f]), int(grid.key[t, g])
    out_f, out_t = _outcome(key_f, key_t), _outcome(key_t, key_f)

    def chance_of(p: int) -> WinChance:
        wins, ties = int(grid.wins[t, p]), int(grid.ties[t, p])
        return WinChance(wins, ties, HOLDINGS - wins - ties)

    result = Round(
        deal.table,
        PlayerRound(deal.frank, key_f, chance_of(f), frank_win, out_f, rules.points(frank_win, out_f)),
        PlayerRound(deal.tina, key_t, chance_of(g), tina_win, out_t, rules.points(tina_win, out_t)),
    )
    return result, state.observe(c_frank, frank_win)


@dataclass(frozen=True)
class Series:
    """Several rounds in a row: the last one, totals, and Learning Tina's bounds."""

    frank: Frank
    tina: Tina
    rounds: int
    frank_points: int
    tina_points: int
    last: Round | None
    learning: LearningState
    tina_rounds_ahead: int = 0  # rounds where Tina scored more than Frank
    frank_rounds_ahead: int = 0

    def to_json(self) -> dict[str, object]:
        return {
            "frank_type": self.frank,
            "tina_type": self.tina,
            "rounds": self.rounds,
            "frank_points": self.frank_points,
            "tina_points": self.tina_points,
            "tina_rounds_ahead": self.tina_rounds_ahead,
            "frank_rounds_ahead": self.frank_rounds_ahead,
            "last": self.last,
            "learning": self.learning,
        }


def play_series(
    frank: Frank,
    tina: Tina,
    n: int,
    rng: np.random.Generator,
    rules: Rules = Rules(),
    start: Series | None = None,
    deals: Sequence[Deal] | None = None,
) -> Series:
    """Play n more rounds (after `start`, if given), dealing at random unless `deals` are given."""
    if n < 0:
        raise InvalidInput(f"the number of rounds must not be negative, got {n}")
    s = start or Series(frank, tina, 0, 0, 0, None, LearningState(rules.chance_denominator))
    state, fp, tp, last = s.learning, s.frank_points, s.tina_points, s.last
    ahead_t, ahead_f = s.tina_rounds_ahead, s.frank_rounds_ahead
    for i in range(n):
        deal = deals[i] if deals is not None else random_deal(rng)
        last, state = play_round(deal, frank, tina, rules, state)
        fp += last.frank.points
        tp += last.tina.points
        ahead_t += last.tina.points > last.frank.points
        ahead_f += last.frank.points > last.tina.points
    return Series(frank, tina, s.rounds + n, fp, tp, last, state, ahead_t, ahead_f)


def threshold_text(frank: Frank) -> str:
    return str(Fraction(FRANK_THRESHOLD[frank]))
