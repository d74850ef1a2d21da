"""The last cow trade with hidden money: each player knows his own money cards, not the other's.

The trade is the study's last trade (split 1-3, `winner` of the rules, bids = the sums a hand can form);
only the information changes. Nature deals the money; player 1 sees his hand, player 3 his; both know
how the money was dealt (the prior) and how many cards each holds. That is a zero-sum game of incomplete
information, solved exactly by `solvers.bayesian` (one probability per hand and bid, an LP in HiGHS,
the value proven by a rational certificate).

The deal model (`dealt`): n players each started with the same money (the game's 2 x 0, 4 x 10, 1 x 50,
and optionally the donkeys' bonus cards 50, 100, 200, 500); money has changed hands during the game, so
the pool of all their money is dealt uniformly at random into n hands of the starting size; the two
trading players hold two of them. With n = 2 the other's hand is the pool minus one's own, so nothing is
hidden and the value of information is 0; with n >= 3 the third hand hides where the money is.
An explicit prior (probability, cards of player 1, cards of player 3) can be given instead (`from_deals`).

Compared with full information (each deal solved by `model.solve`, both players seeing both hands), the
difference of the values is what knowing the other's money is worth; solving the game with only player 1
(or only player 3) informed splits it into what the information is worth to each of them.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

import numpy as np

from parlour.analyses.cowtrade.model import CowTradeSolution, solve
from parlour.analyses.cowtrade.result import HiddenMoneySolution
from parlour.claims import Outcome, Status
from parlour.errors import InvalidInput, shown
from parlour.games.cowtrade import (
    STARTING_HAND,
    CowTrade,
    SecondInitiative,
    bids_from_cards,
    payoff_matrix,
    winner_matrix,
)
from parlour.results import Status as ResultStatus
from parlour.results import exact
from parlour.solvers import bayesian
from parlour.solvers.bayesian import BayesianGame, BayesianSolution
from parlour.solvers.zerosum import mixture

Hand = tuple[int, ...]  # money cards, sorted
DONKEY_CARDS: tuple[int, ...] = (50, 100, 200, 500)  # the bank pays every player one per donkey auctioned
MAX_PLAYERS = 6


@dataclass(frozen=True)
class Deal:
    """One way the money can lie: its probability and both trading players' hands."""

    probability: Fraction
    cards1: Hand
    cards3: Hand


def _hand(cards: Iterable[int], who: str) -> Hand:
    cards = list(cards)
    bids_from_cards(cards)  # checks every card is a money card
    return tuple(sorted(cards))


def from_deals(entries: Iterable[tuple[Fraction | int, Iterable[int], Iterable[int]]]) -> tuple[Deal, ...]:
    """An explicit prior: (probability, cards of player 1, cards of player 3) per deal. Probabilities are
    exact (ints or Fractions) and sum to 1; the same pair of hands given twice is merged."""
    merged: dict[tuple[Hand, Hand], Fraction] = {}
    for entry in entries:
        try:
            p, c1, c3 = entry
        except (TypeError, ValueError):
            raise InvalidInput(f"a deal is (probability, cards1, cards3), got {shown(entry)}") from None
        if isinstance(p, bool) or not isinstance(p, int | Fraction):
            raise InvalidInput(f"a deal's probability must be an int or a Fraction, got {shown(p)}")
        if p < 0:
            raise InvalidInput(f"a deal's probability must not be negative, got {p}")
        if p == 0:
            continue
        key = (_hand(c1, "player 1"), _hand(c3, "player 3"))
        merged[key] = merged.get(key, Fraction(0)) + Fraction(p)
    total = sum(merged.values(), Fraction(0))
    if total != 1:
        raise InvalidInput(f"the deals' probabilities must sum to 1, got {total}")
    return tuple(Deal(p, c1, c3) for (c1, c3), p in sorted(merged.items()))


def starting_money(donkeys: int = 0) -> Hand:
    """One player's money at the start, plus the bonus cards of the first `donkeys` donkeys (0..4)."""
    if isinstance(donkeys, bool) or not isinstance(donkeys, int) or not 0 <= donkeys <= len(DONKEY_CARDS):
        raise InvalidInput(f"the number of donkeys auctioned must be 0..4, got {shown(donkeys)}")
    return tuple(sorted(STARTING_HAND + DONKEY_CARDS[:donkeys]))


def _sub_multisets(pool: dict[int, int], size: int) -> Iterable[dict[int, int]]:
    """Every multiset of `size` cards that the pool (value -> count) can give."""
    values = sorted(pool)

    def rec(k: int, left: int) -> Iterable[dict[int, int]]:
        if k == len(values):
            if left == 0:
                yield {}
            return
        v = values[k]
        for take in range(min(pool[v], left) + 1):
            for rest in rec(k + 1, left - take):
                yield {v: take, **rest} if take else rest

    return rec(0, size)


def dealt(players: int = 3, donkeys: int = 0) -> tuple[Deal, ...]:
    """The deal model: the money of `players` players (each the starting money, plus `donkeys` bonus
    cards) dealt uniformly at random into `players` hands of the starting size; players 1 and 3 trade.

    P(h1, h3) = prod_v C(N_v, h1_v) C(N_v - h1_v, h3_v) / (C(N, m) C(N - m, m)) with N_v the pool's cards
    of value v, N all cards and m the hand size (the cards are told apart, every deal equally likely)."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        raise InvalidInput(f"the number of players must be 2..{MAX_PLAYERS}, got {shown(players)}")
    hand = starting_money(donkeys)
    pool = {v: c * players for v, c in Counter(hand).items()}
    size, total = len(hand), len(hand) * players
    ways = math.comb(total, size) * math.comb(total - size, size)
    deals = []
    for h1 in _sub_multisets(pool, size):
        rest = {v: pool[v] - h1.get(v, 0) for v in pool}
        w1 = math.prod(math.comb(pool[v], h1.get(v, 0)) for v in pool)
        for h3 in _sub_multisets(rest, size):
            w = w1 * math.prod(math.comb(rest[v], h3.get(v, 0)) for v in rest)
            deals.append(Deal(Fraction(w, ways), _expand(h1), _expand(h3)))
    assert sum(d.probability for d in deals) == 1
    return tuple(sorted(deals, key=lambda d: (d.cards1, d.cards3)))


def _expand(counts: dict[int, int]) -> Hand:
    return tuple(sorted(v for v, c in counts.items() for _ in range(c)))


def hands(deals: Sequence[Deal]) -> tuple[tuple[Hand, ...], tuple[Hand, ...]]:
    """The hands player 1 and player 3 can hold (each once, sorted)."""
    return tuple(sorted({d.cards1 for d in deals})), tuple(sorted({d.cards3 for d in deals}))


def bayesian_game(deals: Sequence[Deal], initiative: int = 1,
                  second: SecondInitiative = SecondInitiative.ALTERNATE, informed: str = "none") -> BayesianGame:
    """The hidden-money trade as a Bayesian game. A type is what the player knows: his hand, or with
    `informed` = "1" / "3" / "both" that player's type is the whole deal (both hands)."""
    if informed not in ("none", "1", "3", "both"):
        raise InvalidInput(f"informed must be none, 1, 3 or both, got {shown(informed)}")

    def type1(d: Deal) -> object:
        return (d.cards1, d.cards3) if informed in ("1", "both") else d.cards1

    def type3(d: Deal) -> object:
        return (d.cards1, d.cards3) if informed in ("3", "both") else d.cards3

    prior: dict[tuple[object, object], Fraction] = {}
    blocks: dict[tuple[object, object], Any] = {}
    for d in deals:
        key = (type1(d), type3(d))
        prior[key] = prior.get(key, Fraction(0)) + d.probability
        # player 1's payoff is 1 when he completes the quartet, 0 otherwise: the value is his probability
        # of winning w and the study's +-1 value is 2w - 1 (a constant shift of every payoff moves the
        # value by the same and keeps the strategies). Only the winning band is nonzero: a sparse LP.
        blocks[key] = (winner_matrix(CowTrade.from_cards(d.cards1, d.cards3, initiative, second)) == 1
                       ).astype(np.int64)
    types1 = tuple(dict.fromkeys(t1 for t1, _ in prior))
    types3 = tuple(dict.fromkeys(t3 for _, t3 in prior))
    index1 = {t: i for i, t in enumerate(types1)}
    index3 = {t: j for j, t in enumerate(types3)}

    def own(t: object, player: int) -> Hand:
        if isinstance(t, tuple) and t and isinstance(t[0], tuple):
            return t[0] if player == 1 else t[1]
        return t  # type: ignore[return-value]

    return BayesianGame(
        types1, types3,
        tuple(bids_from_cards(own(t, 1)) for t in types1),
        tuple(bids_from_cards(own(t, 3)) for t in types3),
        {(index1[a], index3[b]): p for (a, b), p in prior.items()},
        {(index1[a], index3[b]): block.astype(object) for (a, b), block in blocks.items()},
    )


@dataclass(frozen=True)
class HandBids:
    """One player's bids with one hand: the optimal mixture with hidden money, and what full information
    would have him bid with that hand (the full-information optimal mixtures, averaged over the other's
    hands as the prior weighs them given this one)."""

    player: int
    hand: Hand
    probability: Fraction  # of holding this hand
    hidden: dict[int, Fraction]
    informed: dict[int, Fraction]
    informed_pure: bool  # full information bids one amount against every hand of the other player
    bid_matters: bool  # False: with this hand the outcome never depends on his bid (he always wins or loses)
    informed_optimal: bool  # the hidden-money mixture is also optimal with full information, whatever the other holds

    @property
    def mean_hidden(self) -> Fraction:
        return sum((b * p for b, p in self.hidden.items()), Fraction(0))

    @property
    def mean_informed(self) -> Fraction:
        return sum((b * p for b, p in self.informed.items()), Fraction(0))

    @property
    def new_bids(self) -> tuple[int, ...]:
        """Bids made with hidden money that full information never makes with this hand."""
        return tuple(sorted(set(self.hidden) - set(self.informed)))

    @property
    def mixes_where_informed_would_not(self) -> bool:
        return self.informed_pure and len(self.hidden) > 1

    @property
    def differs(self) -> bool:
        """With hidden money the player bids in a way full information would not: his mixture is not
        optimal in the full-information trade against some hand the other may hold. (Comparing mixtures
        themselves would mislead: optimal strategies need not be unique, and where the bid cannot matter
        every bid is optimal.)"""
        return not self.informed_optimal

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "hand": list(self.hand),
            "money": sum(self.hand),
            **exact("probability", self.probability),
            "hidden": mixture("bid", list(self.hidden.values()), list(self.hidden)),
            "informed": mixture("bid", list(self.informed.values()), list(self.informed)),
            **exact("mean_bid_hidden", self.mean_hidden),
            **exact("mean_bid_informed", self.mean_informed),
            "new_bids": list(self.new_bids),
            "mixes_where_informed_would_not": self.mixes_where_informed_would_not,
            "bid_matters": self.bid_matters,
            "informed_optimal": self.informed_optimal,
            "differs": self.differs,
        }


def _bid_matters(game: BayesianGame, player: int) -> list[bool]:
    """Per type: does its bid ever change the outcome (some block with two different rows / columns)?"""
    matters = [False] * len(game.types1 if player == 1 else game.types2)
    for (i, j), block in game.payoffs.items():
        own = i if player == 1 else j
        arr = np.asarray(block if player == 1 else block.T)
        if not matters[own] and (arr != arr[:1]).any():
            matters[own] = True
    return matters


def _optimal_in(trade: CowTradeSolution, player: int, mix: dict[int, Fraction]) -> bool:
    """Is this mixture of the player's bids optimal in the full-information trade, i.e. does it guarantee
    the trade's value against every bid of the other player? (Exact, on the +-1 payoff matrix.)"""
    game = trade.game
    matrix = payoff_matrix(game)
    if player == 1:
        weights = [mix.get(b, Fraction(0)) for b in game.bids1]
        worst = min(sum((w * int(matrix[r, c]) for r, w in enumerate(weights) if w), Fraction(0))
                    for c in range(matrix.shape[1]))
        return worst == trade.value
    weights = [mix.get(b, Fraction(0)) for b in game.bids3]
    worst = max(sum((w * int(matrix[r, c]) for c, w in enumerate(weights) if w), Fraction(0))
                for r in range(matrix.shape[0]))
    return worst == trade.value


def _hand_bids(player: int, deals: Sequence[Deal], sol: BayesianSolution,
               informed: Sequence[CowTradeSolution]) -> tuple[HandBids, ...]:
    hidden = {
        hand: {cast(int, b): Fraction(p) for b, p in sorted(
            (sol.mixture1(hand) if player == 1 else sol.mixture2(hand)).items())}
        for hand in (sol.game.types1 if player == 1 else sol.game.types2)
    }
    marginal: dict[Hand, Fraction] = {}
    averaged: dict[Hand, dict[int, Fraction]] = {}
    pure: dict[Hand, bool] = {}
    optimal: dict[Hand, bool] = {}
    for d, s in zip(deals, informed, strict=True):
        hand = d.cards1 if player == 1 else d.cards3
        strategy = s.strategy1 if player == 1 else s.strategy3
        marginal[hand] = marginal.get(hand, Fraction(0)) + d.probability
        mix = averaged.setdefault(hand, {})
        for bid, p in strategy.items():
            mix[bid] = mix.get(bid, Fraction(0)) + d.probability * p
        pure[hand] = pure.get(hand, True) and len(strategy) == 1
        optimal[hand] = optimal.get(hand, True) and _optimal_in(s, player, hidden[hand])
    types = sol.game.types1 if player == 1 else sol.game.types2
    matters = dict(zip(types, _bid_matters(sol.game, player), strict=True))
    return tuple(
        HandBids(player, hand, marginal[hand], hidden[hand],
                 {b: p / marginal[hand] for b, p in sorted(averaged[hand].items())},
                 pure[hand], matters[hand], optimal[hand])
        for hand in sorted(marginal)
    )


def _exact_value(sol: BayesianSolution) -> Fraction:
    assert isinstance(sol.value, Fraction)  # bayesian.solve(exact=True) raises rather than return floats
    return sol.value


def solve_hidden(deals: Sequence[Deal], initiative: int = 1, second: SecondInitiative = SecondInitiative.ALTERNATE,
                 one_sided: bool = True, players: int | None = None, donkeys: int = 0) -> HiddenMoneySolution:
    """The hidden-money last trade over the given deals, exactly, with the full-information comparison
    (and, with `one_sided`, the games where only one player sees both hands)."""
    if initiative not in (1, 3):
        raise InvalidInput(f"the initiative must be 1 or 3, got {shown(initiative)}")
    second = SecondInitiative(second)
    start = time.perf_counter()
    deals = tuple(deals)
    hidden = bayesian.solve(bayesian_game(deals, initiative, second))
    informed = tuple(solve(CowTrade.from_cards(d.cards1, d.cards3, initiative, second), eliminate=False)
                     for d in deals)
    value_informed = sum((d.probability * s.value for d, s in zip(deals, informed, strict=True)), Fraction(0))
    sided: tuple[BayesianSolution, ...] = ()
    if one_sided:
        sided = tuple(bayesian.solve(bayesian_game(deals, initiative, second, informed=who)) for who in ("1", "3"))
    assert isinstance(hidden.value, Fraction)
    return HiddenMoneySolution(
        deals=deals, players=players, donkeys=donkeys, initiative=initiative, second_initiative=second,
        value=2 * hidden.value - 1, win1=hidden.value, value_informed=value_informed,
        value_player1_informed=2 * _exact_value(sided[0]) - 1 if sided else None,
        value_player3_informed=2 * _exact_value(sided[1]) - 1 if sided else None,
        bids1=_hand_bids(1, deals, hidden, informed), bids3=_hand_bids(3, deals, hidden, informed),
        hidden=hidden, informed=informed, one_sided=sided,
        method="sequence-form LP over each player's hand (HiGHS + exact rational certificate); full information: "
               "each deal's matrix game with its certificate",
        status=ResultStatus.EXACT,
        seconds=time.perf_counter() - start,
        counters={"deals": len(deals), **{f"lp_{k}": v for k, v in hidden.game.lp_size.items()},
                  "lp_iterations": hidden.counters.get("lp_iterations", 0),
                  "hidden_lp_seconds": round(hidden.seconds, 4),
                  "one_sided_lp_seconds": round(sum(s.seconds for s in sided), 4)},
    )


def hidden_last_trade(players: int = 3, initiative: int = 1, donkeys: int = 0,
                      second: SecondInitiative = SecondInitiative.ALTERNATE, one_sided: bool = True
                      ) -> HiddenMoneySolution:
    """The deal model: `players` players' money dealt at random, players 1 and 3 in the last trade."""
    return solve_hidden(dealt(players, donkeys), initiative, second, one_sided, players, donkeys)


def _count_multisets(bounds: Iterable[int], size: int) -> int:
    """How many multisets of `size` cards with at most bounds[v] of each value: the coefficient of x^size
    in prod_v (1 + x + ... + x^bounds[v])."""
    poly = [1] + [0] * size
    for bound in bounds:
        new = [0] * (size + 1)
        for k, c in enumerate(poly):
            if c:
                for take in range(min(bound, size - k) + 1):
                    new[k + take] += c
        poly = new
    return poly[size]


def estimate(players: int = 3, donkeys: int = 0) -> dict[str, int]:
    """The hidden game's size without dealing it out: deals, hands, and the LP's columns and rows (for a
    size guard: the exact basis re-solve is a square rational system of about `rows` unknowns, and every
    deal is one full-information trade). Counts hands only: fast even where the game is far too big."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        raise InvalidInput(f"the number of players must be 2..{MAX_PLAYERS}, got {shown(players)}")
    hand = starting_money(donkeys)
    pool = {v: c * players for v, c in Counter(hand).items()}
    size = len(hand)
    deals = bids = 0
    hand_count = 0
    for h1 in _sub_multisets(pool, size):
        hand_count += 1
        bids += len(bids_from_cards(_expand(h1)))
        deals += _count_multisets((pool[v] - h1.get(v, 0) for v in pool), size)
    # the deal is exchangeable: player 3's hands are player 1's, with the same bids
    return {"deals": deals, "hands1": hand_count, "hands3": hand_count,
            "columns": bids + hand_count, "rows": bids + hand_count}


MAX_ROWS = 3000  # the default size guard: n = 3 with two donkeys (2,743 rows) is exact in about a minute
MAX_DEALS = 20000


def guard(players: int = 3, donkeys: int = 0, max_rows: int = MAX_ROWS, max_deals: int = MAX_DEALS,
          lift: str = "") -> dict[str, int]:
    """The estimate, or InvalidInput in one sentence when the game is beyond the limits (`lift`: what the
    sentence says lifts them, e.g. "; force=True tries anyway")."""
    size = estimate(players, donkeys)
    if size["rows"] > max_rows or size["deals"] > max_deals:
        raise InvalidInput(
            f"hidden money with {players} players and {donkeys} donkeys is too big to solve exactly here: "
            f"{size['deals']:,} deals and an LP of {size['rows']:,} rows (limits {max_deals:,} deals, "
            f"{max_rows:,} rows; 2,743 rows took about a minute{lift})")
    return size


# --- text ---------------------------------------------------------------------------------------------

def _mix(m: dict[int, Fraction]) -> str:
    return ", ".join(f"{b}" if p == 1 else f"{b}: {float(p):.3f}" for b, p in m.items())


def _num(v: Fraction) -> str:
    return f"{v} (≈ {float(v):+.6f})" if v.denominator != 1 else f"{v}"


def render_text(sol: HiddenMoneySolution, only_differing: bool = False) -> str:
    """A short report for the CLI: the values, then each player's bids per hand."""
    hands1, hands3 = hands(sol.deals)
    model = (f"{sol.players} players' money dealt at random" + (f" (with {sol.donkeys} donkeys' bonus money)"
             if sol.donkeys else "") if sol.players else "explicit prior")
    lines = [
        f"Hidden money, last trade (split 1-3), {model}; initiative {sol.initiative}, "
        f"second trade: {sol.second_initiative.value}",
        f"{len(sol.deals)} deals, {len(hands1)} hands of player 1, {len(hands3)} of player 3; "
        f"values for player 1 in units of the quartet's points",
        f"  value with hidden money          {_num(sol.value)}",
        f"  value with full information      {_num(sol.value_informed)}",
        f"  difference (informed - hidden)   {_num(sol.value_of_information)}",
    ]
    if sol.worth_to_player1 is not None and sol.worth_to_player3 is not None:
        lines += [f"  worth to player 1 of seeing player 3's money alone  {_num(sol.worth_to_player1)}",
                  f"  worth to player 3 of seeing player 1's money alone  {_num(sol.worth_to_player3)}"]
    if sol.players == 2:
        lines.append("  (two players: each hand is the pool minus the other's, so nothing is hidden)")
    for player, rows in ((1, sol.bids1), (3, sol.bids3)):
        shown_rows = [h for h in rows if h.differs] if only_differing else list(rows)
        lines.append(f"Player {player}'s bids per hand (hidden money | full information, averaged over the "
                     f"other's hands){'; only hands where they differ' if only_differing else ''}:")
        for h in shown_rows:
            mark = " *" if h.differs else ""
            lines.append(f"  {' '.join(map(str, h.hand)):<24} {sum(h.hand):>4}  p={float(h.probability):.4f}  "
                         f"{_mix(h.hidden)}  |  {_mix(h.informed)}{mark}")
    lines.append("* the hidden-money mixture is not optimal with full information against some hand the other "
                 "may hold: the hidden money changes how this hand bids. Optimal mixtures need not be unique; "
                 "these are the ones the certified LP found (probabilities rounded here, exact in --json).")
    return "\n".join(lines)


# --- the claim ----------------------------------------------------------------------------------------

CLAIM_ID = "cowtrade.hidden-value-of-information"
CLAIM_STATEMENT = ("Hidden money in the last trade (standard starting money of 3 players dealt at random, "
                   "both initiatives): the exact value with and without knowing the other's money; with 2 "
                   "players the value of information is 0")


def hidden_value_of_information_claim() -> Outcome:
    """The claim of `parlour reproduce`: new (the study names unknown money as future work)."""
    parts: list[str] = []
    data: dict[str, object] = {}
    for initiative in (1, 3):
        two = hidden_last_trade(2, initiative, one_sided=False)
        two.check()
        if two.value_of_information != 0:
            return Outcome(f"with 2 players the value of information is {two.value_of_information}, not 0",
                           Status.FAILED)
        sol = hidden_last_trade(3, initiative)
        sol.check()
        assert sol.worth_to_player1 is not None and sol.worth_to_player3 is not None
        parts.append(f"initiative {initiative}: hidden {float(sol.value):.4f}, informed "
                     f"{float(sol.value_informed):.4f} (difference {float(sol.value_of_information):+.4f}; "
                     f"worth to player 1 alone {float(sol.worth_to_player1):+.4f}, to player 3 alone "
                     f"{float(sol.worth_to_player3):+.4f})")
        data[f"initiative_{initiative}"] = {
            "value_exact": str(sol.value), "value_informed_exact": str(sol.value_informed),
            "value_of_information_exact": str(sol.value_of_information),
            "worth_to_player1_exact": str(sol.worth_to_player1), "worth_to_player3_exact": str(sol.worth_to_player3),
            "differing_hands": len(sol.differing_bids()),
        }
    return Outcome(
        "; ".join(parts), Status.NEW,
        "The pool of 3 players' starting money (6 x 0, 12 x 10, 3 x 50) dealt at random into three hands of 7; "
        "players 1 and 3 trade, each seeing his own hand. Values for player 1 in units of the quartet's points "
        "(exact fractions in the data). Every value carries a checked rational certificate; with 2 players "
        "each hand reveals the other, and the value of information is exactly 0.",
        data=data,
    )


__all__ = [
    "CLAIM_ID", "CLAIM_STATEMENT", "DONKEY_CARDS", "MAX_DEALS", "MAX_PLAYERS", "MAX_ROWS", "Deal", "Hand", "HandBids",
    "bayesian_game", "dealt", "estimate", "from_deals", "guard", "hands", "hidden_last_trade",
    "hidden_value_of_information_claim", "render_text", "solve_hidden", "starting_money",
]
