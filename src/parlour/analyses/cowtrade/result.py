"""The cow trade's results, light: `import parlour.cowtrade` names them (its hints resolve) without loading
the solvers behind them (numpy, HiGHS, FLINT: 0.2 s); a method that needs one imports it, and the solve that
made the result has loaded it already.

CowTradeSolution  the last trade (`model.solve`)
EndgameSolution   the end game of one set, with the states optimal play reaches (`Play`; `endgame`)
HiddenMoneySolution  the last trade with hidden money (`hidden`)
SecuritySolution  three players' security levels (`Level`; `threeplayer`)
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from parlour.errors import CertificateError, InvalidInput
from parlour.games.cowtrade import CowTrade, SecondInitiative, payoff_matrix
from parlour.games.cowtrade.endgame import (
    EndgameRules,
    Hand,
    NextChallenger,
    StageRule,
    TieRule,
    TradeRules,
    TradeState,
    cards_of,
)
from parlour.results import (
    Result,
    Status,
    exact,
    interval_properties,
    jsonable,
    proven,
    renamed_attribute,
)

if TYPE_CHECKING:
    from parlour.analyses.cowtrade.hidden import Deal, HandBids
    from parlour.games.cowtrade.threeplayer import ThreeRules, ThreeState
    from parlour.solvers.bayesian import BayesianSolution
    from parlour.solvers.dominance import Elimination
    from parlour.solvers.stochastic import StochasticSolution


def _hand_json(hand: Hand) -> Any:
    return hand if isinstance(hand, int) else cards_of(hand)


class _ProvenExactly(Result):
    """Base of the results whose `value` is a Fraction proven by a rational certificate (status EXACT)."""

    # Not a dataclass: `value` is each subclass's own field, in its place; this names its type for mypy.
    value: Fraction

    @property
    def certified(self) -> bool:
        """The value (and all the result holds) carries a rational certificate checked in exact arithmetic."""
        return self.status is Status.EXACT

    @property
    def value_exact(self) -> Fraction:
        """The value as the JSON's `value_exact` names it: always exact here (`value`, a Fraction)."""
        return self.value


@dataclass(frozen=True)
class CowTradeSolution(_ProvenExactly):
    """The exact solution of one cow trade (status EXACT: the LP value carries a checked rational
    certificate)."""

    game: CowTrade
    value: Fraction  # player 1's expected payoff in units of the quartet's points, proven exactly
    strategy1: dict[int, Fraction]  # bid -> probability (bids with probability 0 left out)
    strategy3: dict[int, Fraction]
    elimination: Elimination | None
    inspection_size: int | None  # n of the n x n inspection matrix left by elimination (1: a cell)

    # the game's parts under the JSON's names
    @property
    def money1(self) -> int:
        return self.game.money1

    @property
    def money3(self) -> int:
        return self.game.money3

    @property
    def initiative(self) -> int:
        return self.game.initiative

    @property
    def second_initiative(self) -> SecondInitiative:
        return self.game.second_initiative

    @property
    def bids1(self) -> tuple[int, ...]:
        return tuple(self.game.bids1)

    @property
    def bids3(self) -> tuple[int, ...]:
        return tuple(self.game.bids3)

    def payload(self) -> dict[str, Any]:
        """Bids in money; each player's optimal bids as `{"bid", "probability", "probability_exact"}`."""
        from parlour.solvers.zerosum import mixture  # HiGHS and FLINT: loaded by the solve that made this

        return {
            "money1": self.game.money1,
            "money3": self.game.money3,
            "initiative": self.game.initiative,
            "second_initiative": self.game.second_initiative.value,
            "bids1": list(self.game.bids1),
            "bids3": list(self.game.bids3),
            **exact("value", self.value),
            "inspection_size": self.inspection_size,
            "strategy1": mixture("bid", list(self.strategy1.values()), list(self.strategy1)),
            "strategy3": mixture("bid", list(self.strategy3.values()), list(self.strategy3)),
            "certified": self.certified,
        }

    def steps(self) -> list[str]:
        """The elimination's removals in words, bids named by their money."""
        if self.elimination is None:
            return []
        rows = [f"bid {b}" for b in self.game.bids1]
        cols = [f"bid {b}" for b in self.game.bids3]
        return [s.describe(rows, cols) for s in self.elimination.steps]


class _TradeRulesNamed:
    """The trade rules' parts under the JSON's names, for the end games' results (two and three players)."""

    # Each result's own field, of its own rules' class; this names what the properties read, for mypy.
    rules: TradeRules

    @property
    def set_size(self) -> int:
        return self.rules.set_size

    @property
    def stage(self) -> StageRule:
        return self.rules.stage

    @property
    def ties(self) -> TieRule:
        return self.rules.ties


@dataclass(frozen=True)
class Play:
    """One state optimal play can reach: its value and both players' optimal offers."""

    state: TradeState
    value_low: Fraction  # the proven interval's ends (equal when the value is exact), as EndgameSolution's
    value_high: Fraction
    offers1: list[dict[str, Any]]  # player 1's moves with their probabilities (per signal when he responds)
    offers2: list[dict[str, Any]]
    reach: float  # probability that optimal play passes through this state

    lower = renamed_attribute("Play", "lower", "value_low")
    upper = renamed_attribute("Play", "upper", "value_high")

    value_exact, value_bounds, value = interval_properties("value")

    def to_json(self) -> dict[str, Any]:
        value = proven("value", self.value_low, self.value_high)
        return {"animals1": self.state.animals1, "hand1": _hand_json(self.state.hand1),
                "hand2": _hand_json(self.state.hand2), "challenger": self.state.challenger,
                "tied": bool(self.state.tied), **value, "offers1": self.offers1, "offers2": self.offers2,
                "reach": self.reach}


@dataclass(frozen=True, kw_only=True)
class EndgameSolution(_TradeRulesNamed, Result):
    """The value of the start (exact, or a proven interval), what optimal play leads to, and the path.

    As `parlour.solve`'s GameSolution: `value_low == value_high` when the value is exact; the JSON's names are
    properties beside them (`value`, `value_exact`, `value_bounds`)."""

    rules: EndgameRules
    start: TradeState
    value_low: Fraction  # the proven interval's ends (equal when the value is exact)
    value_high: Fraction
    completes1: float  # P(player 1 ends with the set) under the stationary strategies found
    completes2: float
    endless: float  # P(play never ends)
    expected_trades: float  # counting a repeated (tied) trade as a trade
    plays: tuple[Play, ...]
    states: int
    cyclic: bool
    cycling_states: int  # states from which play can go round for ever (they lie on a cycle of the rules)
    # completes1, completes2, endless and expected_trades (None: play may never end) as Fractions where
    # they were computed exactly (`Chain.exact`), else None
    chances_exact: tuple[Fraction, Fraction, Fraction, Fraction | None] | None = None
    # every state's values and strategies (what the page looks states up in); not in the JSON
    solution: StochasticSolution | None = field(default=None, repr=False, compare=False)

    RENAMED: ClassVar[Mapping[str, str]] = {"lower": "value_low", "upper": "value_high"}

    @property
    def exact(self) -> bool:
        return self.value_low == self.value_high

    value_exact, value_bounds, value = interval_properties("value")  # the JSON's (docs/python.md)

    @property
    def value_float(self) -> float:
        return float(self.value)

    # the rules' and the start's parts under the JSON's names
    @property
    def next_challenger(self) -> NextChallenger:
        return self.rules.next_challenger

    @property
    def animals1(self) -> int:
        return self.start.animals1

    @property
    def animals2(self) -> int:
        return self.rules.set_size - self.start.animals1

    @property
    def hand1(self) -> Hand:
        return self.start.hand1

    @property
    def hand2(self) -> Hand:
        return self.start.hand2

    @property
    def challenger(self) -> int:
        return self.start.challenger

    def chances(self) -> dict[str, Any]:
        """completes1, completes2, endless and expected_trades in the JSON convention: each with its
        `_exact` twin where it is exact; expected_trades None where play may never end."""
        names = ("completes1", "completes2", "endless", "expected_trades")
        floats = (self.completes1, self.completes2, self.endless, self.expected_trades)
        out: dict[str, Any] = {}
        for key, number, known in zip(names, floats, self.chances_exact or (None,) * 4, strict=True):
            if known is not None:
                out.update(exact(key, known))
            else:
                out[key] = number if math.isfinite(number) else None
        return out

    def payload(self) -> dict[str, Any]:
        # an interval's ends are written as floats rounded outwards: the convention has no exact bounds (the
        # ends are sums of floats from the iteration, so the floats lose nothing a reader could use)
        value = proven("value", self.value_low, self.value_high)
        return {
            "set_size": self.rules.set_size, "stage": self.rules.stage.value, "ties": self.rules.ties.value,
            "next_challenger": self.rules.next_challenger.value,
            "animals1": self.start.animals1, "animals2": self.rules.set_size - self.start.animals1,
            "hand1": _hand_json(self.start.hand1), "hand2": _hand_json(self.start.hand2),
            "challenger": self.start.challenger, **value, **self.chances(),
            "states": self.states, "cyclic": self.cyclic,
            "cycling_states": self.cycling_states,
            "plays": [p.to_json() for p in self.plays],
        }


@dataclass(frozen=True)
class HiddenMoneySolution(_ProvenExactly):
    """The last trade with hidden money, and the same deals with full information. Values are player 1's
    expected payoff in units of the quartet's points (+1: he completes it, -1: player 3 does); every
    value is exact and proven (`check()` re-proves them all)."""

    deals: tuple[Deal, ...] = field(repr=False)
    players: int | None  # the deal model's number of players; None for an explicit prior
    donkeys: int
    initiative: int
    second_initiative: SecondInitiative  # who holds the initiative in the second trade
    value: Fraction  # with hidden money
    win1: Fraction  # with hidden money: the probability that player 1 completes the quartet (value = 2 win1 - 1)
    value_informed: Fraction  # both players see both hands: the expected value of the full-information trade
    value_player1_informed: Fraction | None  # only player 1 sees both hands (None when not computed)
    value_player3_informed: Fraction | None
    bids1: tuple[HandBids, ...]
    bids3: tuple[HandBids, ...]
    hidden: BayesianSolution = field(repr=False)
    informed: tuple[CowTradeSolution, ...] = field(repr=False)  # one per deal, in the order of `deals`
    one_sided: tuple[BayesianSolution, ...] = field(repr=False, default=())

    RENAMED: ClassVar[Mapping[str, str]] = {"second": "second_initiative"}  # the JSON's name

    @property
    def hands1(self) -> int:
        """How many hands player 1 may be dealt (the deals' distinct hands)."""
        return len({d.cards1 for d in self.deals})

    @property
    def hands3(self) -> int:
        return len({d.cards3 for d in self.deals})

    @property
    def differing_hands(self) -> int:
        """How many hands bid otherwise with hidden money than with full information (`differing_bids`)."""
        return len(self.differing_bids())

    @property
    def lp_size(self) -> dict[str, int]:
        """The hidden game's sequence-form LP: its size as the JSON writes it."""
        return self.hidden.game.lp_size

    @property
    def value_of_information(self) -> Fraction:
        """value_informed - value: how much player 1's expectation changes when both see both hands."""
        return self.value_informed - self.value

    @property
    def worth_to_player1(self) -> Fraction | None:
        """What seeing player 3's money is worth to player 1 (>= 0: he may ignore it), player 3 blind."""
        return None if self.value_player1_informed is None else self.value_player1_informed - self.value

    @property
    def worth_to_player3(self) -> Fraction | None:
        return None if self.value_player3_informed is None else self.value - self.value_player3_informed

    def check(self) -> None:
        """Re-prove every value: the hidden game's certificate, each deal's full-information certificate
        and their expectation, and the one-sided games' certificates."""
        from parlour.solvers.zerosum import Certificate  # the exact LP's: loaded by the solve that made this

        self.hidden.check()
        if not (self.hidden.value == self.win1 and self.value == 2 * self.win1 - 1):
            raise CertificateError("the hidden game's certificate proves another value")
        expected = Fraction(0)
        for deal, trade in zip(self.deals, self.informed, strict=True):
            game = trade.game
            cert = Certificate(trade.value, tuple(trade.strategy1.get(b, Fraction(0)) for b in game.bids1),
                               tuple(trade.strategy3.get(b, Fraction(0)) for b in game.bids3))
            cert.check(payoff_matrix(game))
            expected += deal.probability * trade.value
        if expected != self.value_informed:
            raise CertificateError("the full-information value is not the expectation of the deals' values")
        for sol, v in zip(self.one_sided, (self.value_player1_informed, self.value_player3_informed), strict=False):
            sol.check()
            if v != 2 * sol.value - 1:
                raise CertificateError("a one-sided game's certificate proves another value")

    def differing_bids(self) -> list[HandBids]:
        """The hands on which a player bids otherwise with hidden money than with full information."""
        return [h for h in (*self.bids1, *self.bids3) if h.differs]

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": self.players,
            "donkeys": self.donkeys,
            "initiative": self.initiative,
            "second_initiative": self.second_initiative.value,
            "deals": len(self.deals),
            "hands1": self.hands1,
            "hands3": self.hands3,
            **exact("value", self.value),
            **exact("win1", self.win1),
            **exact("value_informed", self.value_informed),
            **exact("value_of_information", self.value_of_information),
        }
        for name in ("value_player1_informed", "value_player3_informed", "worth_to_player1", "worth_to_player3"):
            v = getattr(self, name)
            out.update(exact(name, v) if v is not None else {name: None})
        out.update({
            "bids1": [h.to_json() for h in self.bids1],
            "bids3": [h.to_json() for h in self.bids3],
            "differing_hands": self.differing_hands,
            "lp_size": self.lp_size,
            "certified": self.certified,
        })
        return jsonable(out)


CONCEPT = ("security level (maxmin): what one player can guarantee against the other two acting as one "
           "coalition; not an equilibrium")


@dataclass(frozen=True)
class Level:
    """One player's security level from the start: the value of his game against the coalition."""

    player: int
    level_low: Fraction  # the proven interval's ends (equal when the level is exact)
    level_high: Fraction
    status: Status
    states: int  # states of this player's game reachable from the start
    cycling_states: int  # of them, those from which play can go round for ever
    how: str
    first_move: list[dict[str, Any]] | None  # his guaranteeing mixture where he moves first, else None

    lower = renamed_attribute("Level", "lower", "level_low")
    upper = renamed_attribute("Level", "upper", "level_high")

    level_exact, level_bounds, level = interval_properties("level")

    def to_json(self) -> dict[str, Any]:
        level = proven("level", self.level_low, self.level_high)
        return {"player": self.player, **level, "status": self.status.value, "states": self.states,
                "cycling_states": self.cycling_states, "how": self.how, "first_move": self.first_move}


@dataclass(frozen=True, kw_only=True)
class SecuritySolution(_TradeRulesNamed, Result):
    """The security level of each asked player from one start (see the module doc)."""

    rules: ThreeRules
    start: ThreeState
    levels: tuple[Level, ...]

    def level(self, player: int) -> Level:
        for lv in self.levels:
            if lv.player == player:
                return lv
        raise InvalidInput(f"player {player}'s level was not asked for")

    # The sum of the levels asked for under the JSON's names, as a value is named: `sum` (a Fraction when exact,
    # else the midpoint), `sum_exact`, `sum_bounds`; the proven ends are `sum_low`, `sum_high`. The sum is at
    # most 1 (the players' wins are disjoint, and each level is at most his chance of winning under any one way
    # of playing), so its upper end is clipped there: the bound the float solves leave above 1 is noise.
    @property
    def sum_low(self) -> Fraction:
        return sum((lv.level_low for lv in self.levels), Fraction(0))

    @property
    def sum_high(self) -> Fraction:
        return min(Fraction(1), sum((lv.level_high for lv in self.levels), Fraction(0)))

    sum_exact, sum_bounds, sum = interval_properties("sum")

    # the rules' and the start's parts under the JSON's names
    concept: ClassVar[str] = CONCEPT
    turn_order: ClassVar[tuple[int, int, int]] = (1, 2, 3)  # turns go 1 -> 2 -> 3 (a player without animals passes)

    @property
    def animals(self) -> tuple[int, int, int]:
        return self.start.animals

    @property
    def hands(self) -> tuple[Hand, ...]:
        return tuple(self.start.hands)

    @property
    def turn(self) -> int:
        return self.start.turn

    @property
    def total(self) -> tuple[Fraction, Fraction]:
        """The old name of (`sum_low`, `sum_high`), for one release."""
        warnings.warn("SecuritySolution.total is now (.sum_low, .sum_high); the JSON's sum is .sum, .sum_exact "
                      "and .sum_bounds; the old name goes in the next release", DeprecationWarning, stacklevel=2)
        return self.sum_low, self.sum_high

    def payload(self) -> dict[str, Any]:
        total = proven("sum", self.sum_low, self.sum_high)
        return {
            "concept": self.concept, "set_size": self.rules.set_size, "stage": self.rules.stage.value,
            "ties": self.rules.ties.value, "turn_order": list(self.turn_order),
            "animals": list(self.start.animals), "hands": [_hand_json(h) for h in self.start.hands],
            "turn": self.start.turn, "levels": [lv.to_json() for lv in self.levels], **total,
        }


__all__ = ["CONCEPT", "CowTradeSolution", "EndgameSolution", "HiddenMoneySolution", "Level", "Play",
           "SecuritySolution"]
