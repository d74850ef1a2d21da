"""The cow trade's grader (the last trade of Koehandel, a matrix game): every bid against the game's value, exactly,
in expected payoff (+1: the quartet won, -1: lost).

A record of the cow trade as its page plays it (trade after trade of one game, a running score;
docs/json.md, "Game records"):

    settings: {"mode": "money", "money1": m1, "money3": m3} or {"mode": "cards", "cards1": [...], "cards3": [...]},
              with "initiative": 1 | 3, "second": "alternate" | "loser", and "side": 1 | 3 (the player you are)
    moves:    per trade: {"by": "you", "bid": b}, {"by": "computer", "bid": c}

A bid is a pure strategy of the matrix game the page solves (`policy.run_trade`, exact with its certificate): its
value is its expected payoff against the other side's optimal mixed strategy, the best value the game's value for
the bidder's side, the loss the difference. Both sides' optimal strategies are mixed: a bid in the support of the
bidder's optimal mixture earns exactly the value against the other's optimal mixture, so it has loss 0 (best),
and the computer, which draws its bid from its optimal mixture, is never flagged (a bid outside its mixture is
not one the computer makes: such a record is refused).

**Luck** (yours): the computer's draw moves your expected payoff from your bid's value against its mixture to the
payoff the two bids gave (+1 or -1). The game's value, less your loss, plus the swing, is the trade's payoff.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

from parlour.analyses.cowtrade import CowTrade, CowTradeSolution, policy
from parlour.analyses.cowtrade.play import expected_payoff
from parlour.analyses.review.core import Decision, GameRecord, Luck, Review, Status, decision
from parlour.analyses.review.scales import scale
from parlour.errors import FormatError, InvalidInput, shown
from parlour.games.cowtrade import bids_from_cards, winner

UNIT, THRESHOLDS = scale("cowtrade")
MAX_MONEY = 100  # the page's size (a 101 x 101 bid matrix, solved in well under a second)
MAX_BIDS = MAX_MONEY + 1


def _whole(value: Any, what: str, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
        raise FormatError(f"the record's {what} must be a whole number from 0 to {hi}, got {shown(value)}")
    return value


def game_of(settings: Mapping[str, Any]) -> tuple[CowTrade, int]:
    """The trade the settings name (refused beyond the page's size) and the side you play."""
    side = settings.get("side", 1)
    if side not in (1, 3) or isinstance(side, bool):
        raise FormatError(f"the record's side must be player 1 or 3, got {shown(side)}")
    initiative, second = settings.get("initiative", 1), settings.get("second", "alternate")
    mode = settings.get("mode", "money")
    try:
        if mode == "money":
            money = (_whole(settings.get("money1"), "money1", MAX_MONEY), _whole(settings.get("money3"), "money3",
                                                                                 MAX_MONEY))
            game = policy.trade_game(money, initiative=initiative, second_initiative=second)
        elif mode == "cards":
            hands = tuple(settings.get(f"cards{k}") for k in (1, 3))
            for k, hand in zip((1, 3), hands, strict=True):
                if not isinstance(hand, list) or not all(isinstance(c, int) for c in hand):
                    raise FormatError(f"the record's cards{k} must be a list of money cards, got {shown(hand)}")
                if len(bids_from_cards(hand)) > MAX_BIDS:
                    raise FormatError(f"the record's cards{k} make more than {MAX_BIDS} bids (the page's limit)")
            game = policy.trade_game(cards=hands, initiative=initiative, second_initiative=second)
        else:
            raise FormatError(f"the record's mode must be money or cards, got {shown(mode)}")
    except InvalidInput as exc:
        raise FormatError(f"the record's settings: {exc}") from exc
    return game, int(side)


@lru_cache(maxsize=32)
def solved(game: CowTrade) -> CowTradeSolution:
    """The trade solved exactly, as the page solves it."""
    return policy.run_trade(policy.plan_trade_game(game))


def bid_of(move: Mapping[str, Any], k: int, allowed: tuple[int, ...], who: str) -> int:
    bid = move.get("bid")
    if isinstance(bid, bool) or not isinstance(bid, int) or bid not in allowed:
        raise FormatError(f"move {k}'s bid must be one {who} can make ({allowed[0]}..{allowed[-1]}), got {shown(bid)}")
    return bid


def trades(record: GameRecord, result: CowTradeSolution, side: int) -> tuple[list[Decision], list[Luck]]:
    """Each bid graded against its side's value; each computer draw's swing for you."""
    game = result.game
    other = 4 - side
    mixture = {1: result.strategy1, 3: result.strategy3}
    value = {1: result.value, 3: -result.value}
    bids = {1: tuple(game.bids1), 3: tuple(game.bids3)}
    decisions: list[Decision] = []
    luck: list[Luck] = []
    mine = 0
    for index, move in enumerate(record.moves):
        k, who = index + 1, ("you", "computer")[index % 2]
        if move.get("by") != who:
            raise FormatError(f"move {k} must be by {who} (each trade: your bid, then the computer's), "
                              f"got {shown(move.get('by'))}")
        bidder = side if who == "you" else other
        bid = bid_of(move, k, bids[bidder], who)
        if who == "computer" and bid not in mixture[other]:
            raise FormatError(f"move {k}: the computer never bids {bid} (its optimal mixture bids "
                              f"{', '.join(map(str, mixture[other]))})")
        worth = expected_payoff(game, bidder, bid, mixture[4 - bidder])
        best = bid if worth == value[bidder] else max(mixture[bidder], key=lambda b: (mixture[bidder][b], -b))
        decisions.append(decision(k, who, bid, best, worth, value[bidder], THRESHOLDS))
        if who == "you":
            mine = bid
            continue
        i1, i3 = (mine, bid) if side == 1 else (bid, mine)
        won = winner(i1, i3, game.money1, game.money3, game.initiative, game.second_initiative) == side
        luck.append(Luck(k, "you", f"the computer bids {bid}", decisions[-2].value, Fraction(1 if won else -1)))
    return decisions, luck


def review(record: GameRecord) -> Review:
    """Every bid of the record graded against the game's value, and the luck of the computer's draws."""
    game, side = game_of(record.settings)
    result = solved(game)
    decisions, luck = trades(record, result, side)
    value = result.value if side == 1 else -result.value
    notes = {"side": side, **{"value_exact": str(value), "value": float(value)},
             "payoff": int(sum(e.after for e in luck))}
    return Review(game="cowtrade", unit=UNIT, thresholds=THRESHOLDS, players=("you", "computer"),
                  decisions=tuple(decisions), luck=tuple(luck), notes=notes, status=Status.EXACT,
                  method="each bid against the other side's optimal mixture (exact LP with its certificate)")


__all__ = ["MAX_MONEY", "THRESHOLDS", "UNIT", "game_of", "review", "solved", "trades"]
