"""What a page needs beyond `solve`: the elimination's steps as data (who drops which bid, dominated by which),
the inspection game elimination leaves (columns ordered so player 1's wins lie on the diagonal), the last
trade played once against the optimal bidder (its bid drawn exactly from its certified mixture), and one
trade of the end game of a set played against the optimal trader (`endgame_trade`: its move drawn from its
optimal stationary mixture, the rules' `Endgame.outcome` deciding what follows).

Everything here reads a solution (`CowTradeSolution`, or the end game's `StochasticSolution`); nothing is
solved again, so the numbers a page shows are the ones `parlour cowtrade solve|endgame --json` prints for
the same game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from parlour.analyses.cowtrade.model import CowTradeSolution
from parlour.errors import InvalidInput
from parlour.games.cowtrade import CowTrade, payoff_matrix, winner
from parlour.games.cowtrade.endgame import ACCEPT, Endgame, EndgameRules, Hand, StageRule, TradeState, card_count
from parlour.solvers.stochastic import End, StochasticSolution

# The dominance solver numbers its players 1 (rows) and 2 (columns); the game calls the column player 3.
PLAYER_OF_SIDE = {1: 1, 2: 3}


@dataclass(frozen=True)
class Step:
    """One removal: `player` (1 or 3) drops the bid `bid`, dominated by `witness` (bid -> weight; one bid of
    weight 1 for the pure dominance `solve` uses). `text` is the sentence `--steps` prints."""

    player: int
    bid: int
    kind: str  # strict | weak | equal (a duplicate)
    witness: tuple[tuple[int, Fraction], ...]
    text: str


@dataclass(frozen=True)
class InspectionGame:
    """The matrix elimination leaves: player 1's surviving bids (rows), player 3's (columns) ordered so that
    player 1 wins exactly on the diagonal when it is an inspection matrix, and the winners (1 or 3)."""

    rows: tuple[int, ...]
    cols: tuple[int, ...]
    winners: tuple[tuple[int, ...], ...]
    size: int | None  # n of the n x n inspection matrix; None when player 3 wins the one cell left


@dataclass(frozen=True)
class Trade:
    """One last trade: both bids, who ends with the quartet, and what the bid of the side the person played
    is worth in expectation against the computer's optimal mixture (never more than that side's value)."""

    side: int  # the side the person played: 1 or 3
    bid: int  # the person's bid
    computer_bid: int
    winner: int  # 1 or 3
    expected: Fraction  # the person's expected payoff with this bid against the computer's mixture
    value: Fraction  # the value of the game for the person's side
    story: str  # how the rules decided it, in words


def steps(result: CowTradeSolution) -> list[Step]:
    """The removals of `solve`'s elimination in order, bids named by their money."""
    if result.elimination is None:
        return []
    game = result.game
    texts = result.steps()
    out = []
    for removal, text in zip(result.elimination.steps, texts, strict=True):
        bids = game.bids1 if removal.player == 1 else game.bids3
        out.append(Step(
            player=PLAYER_OF_SIDE[removal.player],
            bid=bids[removal.strategy],
            kind=removal.kind.value,
            witness=tuple((bids[i], w) for i, w in removal.by),
            text=text,
        ))
    return out


def inspection_game(result: CowTradeSolution) -> InspectionGame:
    """The survivors of elimination, columns ordered by the row each one loses to (player 1's win)."""
    game = result.game
    if result.elimination is None:
        raise InvalidInput("this solution was found without elimination; there is no reduced game")
    rows, cols = list(result.elimination.rows), list(result.elimination.cols)
    reduced = payoff_matrix(game)[np.ix_(rows, cols)]
    if result.inspection_size is not None and result.inspection_size > 1:
        # each surviving row wins in exactly one surviving column (that is what inspection_size checked)
        cols = [cols[int(np.flatnonzero(row == 1)[0])] for row in reduced]
        reduced = payoff_matrix(game)[np.ix_(rows, cols)]
    winners = tuple(tuple(1 if v == 1 else 3 for v in row) for row in reduced.tolist())
    return InspectionGame(tuple(game.bids1[i] for i in rows), tuple(game.bids3[j] for j in cols), winners,
                          result.inspection_size)


def draw(strategy: dict[int, Fraction], rng: random.Random) -> int:
    """A bid drawn with exactly the mixture's probabilities (an integer below the common denominator)."""
    den = math.lcm(*(p.denominator for p in strategy.values()))
    ticket = rng.randrange(den)
    for bid, p in strategy.items():
        ticket -= p.numerator * (den // p.denominator)
        if ticket < 0:
            return bid
    raise AssertionError("the probabilities do not add up to 1")  # solve's certificate rules this out


def expected_payoff(game: CowTrade, side: int, bid: int, other: dict[int, Fraction]) -> Fraction:
    """The expected payoff (+1 win, -1 loss) of `side` bidding `bid` against the other side's mixture."""
    total = Fraction(0)
    for their, p in other.items():
        i1, i3 = (bid, their) if side == 1 else (their, bid)
        won = winner(i1, i3, game.money1, game.money3, game.initiative, game.second_initiative) == side
        total += p if won else -p
    return total


def trade(result: CowTradeSolution, side: int, bid: int, rng: random.Random) -> Trade:
    """The person bids `bid` as player `side`; the computer, the other player, bids from its optimal
    mixture, drawn without looking at the person's bid (it is not an argument of the draw)."""
    game = result.game
    if side not in (1, 3):
        raise InvalidInput(f"the side must be player 1 or player 3, got {side}")
    allowed = game.bids1 if side == 1 else game.bids3
    if bid not in allowed:
        raise InvalidInput(f"player {side} cannot bid {bid} in this game")
    return settle(result, side, bid, draw(result.strategy3 if side == 1 else result.strategy1, rng))


def settle(result: CowTradeSolution, side: int, bid: int, computer_bid: int) -> Trade:
    """The trade of these two bids (the person's as player `side`, the computer's as the other): who ends with
    the quartet, how, and the person's bid against the computer's optimal mixture. Bids as `trade` checks them."""
    game = result.game
    mixture = result.strategy3 if side == 1 else result.strategy1
    i1, i3 = (bid, computer_bid) if side == 1 else (computer_bid, bid)
    won_by = winner(i1, i3, game.money1, game.money3, game.initiative, game.second_initiative)
    value = result.value if side == 1 else -result.value
    return Trade(side, bid, computer_bid, won_by, expected_payoff(game, side, bid, mixture), value,
                 story(game, i1, i3))


def story(game: CowTrade, i1: int, i3: int) -> str:
    """How the rules (`games.cowtrade.winner`) decide a pair of bids, told step by step; the sentence always
    ends with "player W ends with the quartet."."""
    who = winner(i1, i3, game.money1, game.money3, game.initiative, game.second_initiative)
    end = f"player {who} ends with the quartet."
    if i3 > i1:
        return f"Player 3 bid more ({i3} against {i1}) and takes the fourth animal: {end}"
    if i3 == i1 and game.initiative == 3:
        return (f"Both bid {i1}; the tie goes to player 3, who holds the initiative, and he takes the fourth "
                f"animal: {end}")
    first = (f"Player 1 bid more ({i1} against {i3})" if i1 > i3
             else f"Both bid {i1}; the tie goes to player 1, who holds the initiative")
    m1, m3 = game.money1 + i3 - i1, game.money3 + i1 - i3
    second = f"; he takes one animal, and at 2–2 both bid everything they have: {m1} against {m3}"
    if m1 == m3:
        second += f", a tie that goes to player {who}, who challenges this second trade"
    return f"{first}{second}: {end}"


# --- one trade of the end game of a set -------------------------------------------------------------

@dataclass(frozen=True)
class EndgameTrade:
    """One trade of a two-player end game, the person player 1 against the optimal computer, player 2:
    both offers (None for the side that accepted), whether the challenged accepted, and what the rules
    make of it (`Endgame.outcome`): the next state, or the End with player 1's payoff."""

    state: TradeState
    offer1: Hand | None
    offer2: Hand | None
    accepted: bool
    outcome: TradeState | End


def draw_move(moves: Sequence[Any], weights: Sequence[Any], rng: random.Random) -> Any:
    """A move drawn from a mixture (the weights: Fractions or the certified floats of a proven interval)."""
    return rng.choices(list(moves), weights=[float(w) for w in weights])[0]


def computer_count(solution: StochasticSolution, state: TradeState, rng: random.Random) -> int | None:
    """Where the computer challenges under the rules' stages, the person sees only how many cards it offers:
    that count, drawn from its optimal mixture. The offer itself is drawn given the count when the person
    answers (`endgame_trade`): the same joint distribution as drawing the offer first, with nothing kept
    between the two. None where the computer does not challenge, or both offer at once."""
    k = solution.index[state]
    stage, sol = solution.stages[k], solution.solutions[k]
    if state.challenger != 2 or stage.signals is None:
        return None
    return card_count(draw_move(stage.rows, sol.strategy2, rng))


def endgame_trade(solution: StochasticSolution, rules: EndgameRules, state: TradeState, rng: random.Random, *,
                  offer: Hand | None = None, response: Hand | str | None = None, count: int | None = None
                  ) -> EndgameTrade:
    """The person (player 1) plays one trade from `state`: where he challenges, `offer`, and the computer
    answers from its optimal mixture for what it sees (the card count under the rules' stages); where the
    computer challenges, its offer is drawn from its optimal mixture (given `count`, the card count the
    person was shown, under the rules' stages) and `response` is the person's answer (ACCEPT or a
    counter-offer)."""
    k = solution.index[state]
    stage, sol = solution.stages[k], solution.solutions[k]
    engine = Endgame(rules)
    if state.challenger == 1:
        if offer is None:
            raise InvalidInput("player 1 challenges: give his offer")
        if offer not in stage.rows:
            raise InvalidInput("player 1 cannot offer that here")
        signal = stage.signals[stage.rows.index(offer)] if stage.signals is not None else 0
        answer = draw_move(stage.cols, sol.strategy2[signal], rng)
        accepted = answer == ACCEPT
        return EndgameTrade(state, offer, None if accepted else answer, accepted,
                            engine.outcome(state, offer, answer))
    if response is None:
        raise InvalidInput("player 2 challenges: give player 1's answer, accept or a counter-offer")
    rows = [i for i, w in enumerate(sol.strategy2) if w > 0]
    if stage.signals is not None:
        if count is None:
            raise InvalidInput("give the number of cards the computer's offer showed (the rules' stages)")
        rows = [i for i in rows if card_count(stage.rows[i]) == count]
        if not rows:
            raise InvalidInput(f"the computer's optimal offers never have {count} cards here")  # not the one shown
    chosen = stage.rows[draw_move(rows, [sol.strategy2[i] for i in rows], rng)]
    if response == ACCEPT:
        if rules.stage is not StageRule.RULES:
            raise InvalidInput("in the study's variant both offer at once: there is no accepting")
        return EndgameTrade(state, None, chosen, True, engine.outcome(state, chosen, ACCEPT))
    if isinstance(response, str):
        raise InvalidInput(f"player 1 answers {ACCEPT!r} or with a counter-offer, not {response!r}")
    return EndgameTrade(state, response, chosen, False, engine.outcome(state, chosen, response))


__all__ = [
    "PLAYER_OF_SIDE", "EndgameTrade", "InspectionGame", "Step", "Trade", "computer_count", "draw", "draw_move",
    "endgame_trade", "expected_payoff", "inspection_game", "settle", "steps", "story", "trade",
]
