"""What a cow-trade solve will do, decided once below the interfaces.

`parlour cowtrade solve|endgame`, `parlour.cowtrade.solve|endgame|hidden` and the cow-trade pages all call
a `plan_*` function, then `run_*`: the rules, both players' money (totals or money cards, never both), the
size guards with their estimates, and for the end game whether play can cycle (backward induction, or
value iteration with its proofs). An interface only parses its own input and shows the result.

Players are numbered the one way the game names them: in the last trade of a quartet (`solve`, and the
hidden-money last trade) player 1 holds one animal and player 3 three, as in the study; in the end game
of one set player 1 holds `animals1` and player 2 the rest. A refusal names the argument as its caller
wrote it (`money[0]` from Python, `--money1` on the command line: `infra.spelling`).
"""

from __future__ import annotations

import numbers
import operator
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from parlour.analyses.cowtrade.result import CowTradeSolution, EndgameSolution, HiddenMoneySolution
from parlour.analyses.estimates import Estimate
from parlour.errors import InvalidInput, InvalidType, shown
from parlour.games.cowtrade import CARD_VALUES, STARTING_HAND, CowTrade, SecondInitiative
from parlour.games.cowtrade.endgame import (
    MAX_SET_SIZE,
    EndgameRules,
    Hand,
    NextChallenger,
    StageRule,
    TieRule,
    TradeState,
    hand_from_cards,
)
from parlour.infra import checks, spelling
from parlour.infra.resources import affordable
from parlour.solvers import stochastic  # light: what a game is; its solver loads on first use

# The solvers (numpy, HiGHS, FLINT) are imported by the functions that plan or run a solve, not here: the
# front door `parlour.cowtrade` imports this module and must stay light (tests/api/test_front_doors.py).


# The last trade's size model, measured on the 2-core machine (money 1000 against 500: 1e6 cells, 12.8 s,
# 330 MB).
BYTES_PER_CELL = 100
SECONDS_PER_CELL = 13e-6
MAX_MONEY = 10**7  # a bid list of ten million amounts; beyond, even listing the bids is the problem
# The end game's start when no money is given: both players hold the game's starting money cards.
DEFAULT_CARDS: tuple[int, ...] = tuple(STARTING_HAND)
MAX_DONKEYS = 4  # the four donkeys' bonus money

Engine = Literal["backward induction", "value iteration"]


# --- reading arguments ----------------------------------------------------------------------------

def name(python: str, flag: str | None = None) -> str:
    """An argument as its caller wrote it: `python` from Python, `--flag` on the command line."""
    return spelling.parameter(python, flag=flag)


def whole(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    """A whole number: a Python or numpy integer (whatever has `__index__`, as `range` takes it); a bool, a
    string or a float, even 8.0, is refused naming `what` (the house's rule for counts, docs/python.md):
    InvalidType for what is no integer, InvalidInput for one out of range. `what` is already spelled for its
    caller (`money[0]` or `--money1`), which is why `infra.checks.integer` is not called."""
    if not checks.is_integer(value):
        raise InvalidType(f"{what} must be a whole number (an int), got {shown(value)}")
    number = operator.index(value)
    if number < low:
        raise InvalidInput(f"{what} must not be {'negative' if low == 0 else f'below {low}'}, got {number}")
    if high is not None and number > high:
        raise InvalidInput(f"{what} must be at most {high:,}, got {number:,}")
    return number


def _sequence(value: Any) -> bool:
    if isinstance(value, str | bytes):
        return False
    if isinstance(value, Sequence):
        return True
    return type(value).__name__ == "ndarray"  # a numpy array, without importing numpy to ask


def _pair(value: Any, python: str, flags: str, what: str) -> tuple[Any, Any] | None:
    """A pair (player 1's, the other's), or None; anything else is refused naming the argument."""
    if value is None:
        return None
    if not _sequence(value) or len(value) != 2:
        raise InvalidInput(f"{name(python, flags)} must be a pair ({what}), got {shown(value)}")
    return value[0], value[1]


def money_cards(value: Any, python: str, flag: str) -> list[int]:
    """One hand of money cards, each a card value of the game."""
    where = name(python, flag)
    if not _sequence(value):
        raise InvalidInput(f"{where} must be a list of money cards, got {shown(value)}")
    cards = []
    for card in value:
        number = whole(card, f"a money card in {where}") if not isinstance(card, str) else None
        if number is None or number not in CARD_VALUES:
            raise InvalidInput(f"{where} holds {shown(card)}: the money cards are {', '.join(map(str, CARD_VALUES))}")
        cards.append(number)
    return cards


def _bids(value: Any, python: str, flag: str) -> tuple[int, ...]:
    where = name(python, flag)
    if not _sequence(value):
        raise InvalidInput(f"{where} must be a list of bids, got {shown(value)}")
    return tuple(whole(b, f"a bid in {where}") for b in value)


def hands(money: object = None, cards: object = None, *, other: int = 2, default: bool = False
          ) -> tuple[Any, Any]:
    """Both players' money: totals `money=(m1, m_other)` or money cards `cards=(c1, c_other)`, never both;
    `other` numbers the second player (3 in the last trade, 2 in the end game). Neither: with `default`
    both hold the game's starting money cards, else refused."""
    money_flags = f"money1 and --money{other}"
    card_flags = f"cards1 and --cards{other}"
    totals = _pair(money, "money", money_flags, f"player 1's total, player {other}'s total")
    held = _pair(cards, "cards", card_flags, f"player 1's money cards, player {other}'s")
    if totals is not None and held is not None:
        raise InvalidInput(f"give money as totals or as cards, not both: {name(f'money=(m1, m{other})', money_flags)}, "
                           f"or {name(f'cards=(c1, c{other})', card_flags)}")
    for pair, what, python, flags in ((totals, "money totals", "money", money_flags),
                                      (held, "money cards", "cards", card_flags)):
        if pair is not None and (pair[0] is None or pair[1] is None):  # the command line gave one of two
            raise InvalidInput(f"give both players' {what}: {name(python, flags)}")
    if held is not None:
        return (money_cards(held[0], "cards[0]", "cards1"), money_cards(held[1], "cards[1]", f"cards{other}"))
    if totals is not None:
        return (whole(totals[0], name("money[0]", "money1")), whole(totals[1], name("money[1]", f"money{other}")))
    if default:
        return list(DEFAULT_CARDS), list(DEFAULT_CARDS)
    raise InvalidInput(f"give both players' money: {name('money', money_flags)} or {name('cards', card_flags)}")


def option(value: object, what: str, choices: Sequence[str]) -> str:
    """One of the named choices (an enum member or its text), or a sentence that lists them."""
    text = getattr(value, "value", value)
    if not isinstance(text, str) or text not in choices:
        raise InvalidInput(f"{what} must be one of {', '.join(map(repr, choices))}, got {shown(value)}")
    return text


def _flag(value: object, what: str) -> bool:
    if not checks.is_bool(value):
        raise InvalidType(f"{what} must be True or False, got {shown(value)}")
    return bool(value)


# --- the last trade -------------------------------------------------------------------------------

@dataclass(frozen=True)
class TradePlan:
    """A last trade to solve: the game, and the size model's estimate for its bid matrix."""

    game: CowTrade
    memory: float  # bytes
    seconds: float


def trade_game(money: object = None, *, initiative: object = 1, bids: object = None, cards: object = None,
               second_initiative: object = "alternate", force: object = False) -> CowTrade:
    """The last trade (player 1 one animal, player 3 three): money totals with every bid 0..m (or the bids
    of `bids`), or money cards (bids: the sums a hand can make); a total beyond MAX_MONEY refused unless
    `force`."""
    forced = _flag(force, name("force"))
    who = whole(initiative, name("initiative"))
    if who not in (1, 3):
        raise InvalidInput(f"{name('initiative')} must be 1 or 3 (the last trade's players), got {who}")
    rule = SecondInitiative(option(second_initiative, name("second_initiative", "second"),
                                   [s.value for s in SecondInitiative]))
    both = hands(money, cards, other=3)
    allowed = _pair(bids, "bids", "bids1 and --bids3", "player 1's bids, player 3's")
    if isinstance(both[0], list):
        if allowed is not None:
            raise InvalidInput(f"money cards make their own bids: leave out {name('bids', 'bids1 and --bids3')}")
        return CowTrade.from_cards(both[0], both[1], who, rule)
    for index, total in enumerate(both):
        if total > MAX_MONEY and not forced:
            raise InvalidInput(f"{name(f'money[{index}]', f'money{1 + 2 * index}')} must be at most {MAX_MONEY:,} "
                               f"({spelling.parameter('force', True)} lifts the limit), got {total:,}")
    chosen = allowed if allowed is not None else (None, None)  # None: every amount 0..m
    bids1 = () if chosen[0] is None else _bids(chosen[0], "bids[0]", "bids1")
    bids3 = () if chosen[1] is None else _bids(chosen[1], "bids[1]", "bids3")
    return CowTrade(both[0], both[1], who, bids1, bids3, rule)


def plan_trade_game(game: CowTrade, *, force: object = False) -> TradePlan:
    """The plan for a game already built: its bid matrix refused beyond this machine's memory or a day's
    work unless `force`."""
    if not isinstance(game, CowTrade):
        raise InvalidInput(f"{name('trade')} must be a CowTrade (parlour.cowtrade.game(...)), got {shown(game)}")
    cells = len(game.bids1) * len(game.bids3)
    memory, seconds = BYTES_PER_CELL * cells, SECONDS_PER_CELL * cells
    affordable(f"a {len(game.bids1):,} x {len(game.bids3):,} bid matrix", memory, seconds,
               _flag(force, name("force")))
    return TradePlan(game, memory, seconds)


def plan_trade(money: object = None, *, initiative: object = 1, bids: object = None, cards: object = None,
               second_initiative: object = "alternate", force: object = False) -> TradePlan:
    """Check a last trade's input and its size (see `trade_game`)."""
    game = trade_game(money, initiative=initiative, bids=bids, cards=cards, second_initiative=second_initiative,
                      force=force)
    return plan_trade_game(game, force=force)


def run_trade(plan: TradePlan) -> CowTradeSolution:
    """The last trade solved exactly (elimination, then the LP with its rational certificate)."""
    from parlour.analyses.cowtrade.model import solve as solve_trade

    return solve_trade(plan.game)


# --- the end game of one set ----------------------------------------------------------------------

@dataclass(frozen=True)
class EndgamePlan:
    """An end game to solve from its start, before any of it is solved."""

    rules: EndgameRules
    animals1: int
    hand1: Hand
    hand2: Hand
    challenger: int  # 1 or 2
    tol: float  # the widest proven interval accepted where play can cycle
    states: int  # an upper bound on the states (`estimate_states`)
    estimate: Estimate  # the time model's seconds and the states in words
    engine: Engine  # backward induction where play cannot cycle, else value iteration and its proofs

    @property
    def start(self) -> TradeState:
        return TradeState(self.animals1, self.hand1, self.hand2, self.challenger)


def endgame_rules(set_size: object = 4, stage: object = "rules", ties: object = "repeat",
                  next_challenger: object = "alternate", study: object = False) -> EndgameRules:
    """The rules of one set's end game; `study=True` is the study's simplification (simultaneous offers,
    the challenger wins a tie) whatever `stage` and `ties` say."""
    size = whole(set_size, name("set_size"))
    if not 2 <= size <= MAX_SET_SIZE:
        raise InvalidInput(f"{name('set_size')} must be 2 to {MAX_SET_SIZE} animals, got {size}")
    nxt = NextChallenger(option(next_challenger, name("next_challenger", "next"),
                                [n.value for n in NextChallenger]))
    rule_stage = StageRule(option(stage, name("stage"), [s.value for s in StageRule]))
    rule_ties = TieRule(option(ties, name("ties"), [t.value for t in TieRule]))
    if _flag(study, name("study")):
        return EndgameRules.study(size, nxt)
    return EndgameRules(size, rule_stage, rule_ties, nxt)


def endgame_hands(money: object = None, cards: object = None, *, default: bool = True) -> tuple[Hand, Hand]:
    """Both hands of the end game (player 1, player 2): totals, or money cards as counts per card value."""
    first, second = hands(money, cards, other=2, default=default)
    if isinstance(first, list):
        return hand_from_cards(first), hand_from_cards(second)
    return first, second


def start_plan(rules: EndgameRules, animals1: object, hand1: Hand, hand2: Hand, challenger: object = 1, *,
               tol: object = 1e-12, force: object = False) -> EndgamePlan:
    """The plan from rules and hands already read: the start checked, the guard, the estimate, the engine."""
    animals = whole(animals1, name("animals1"))
    if not 1 <= animals < rules.set_size:
        raise InvalidInput(f"{name('animals1')} must be 1 to {rules.set_size - 1} animals (player 2 owns the rest "
                           f"of the set of {rules.set_size}), got {animals}")
    who = whole(challenger, name("challenger"))
    if who not in (1, 2):
        raise InvalidInput(f"{name('challenger')} must be 1 or 2 (player 1 or player 2), got {who}")
    if isinstance(tol, bool) or not isinstance(tol, numbers.Real) or not 0 < float(tol) < 1:
        raise InvalidInput(f"{name('tol')} must be a number between 0 and 1, got {shown(tol)}")
    from parlour.analyses.cowtrade.endgame import can_cycle, estimate_states, guard, solve_estimate

    guard(rules, hand1, hand2, _flag(force, name("force")))
    engine: Engine = "value iteration" if can_cycle(rules.set_size, animals) else "backward induction"
    return EndgamePlan(rules, animals, hand1, hand2, who, float(tol), estimate_states(rules, hand1, hand2),
                       solve_estimate(rules, animals, hand1, hand2), engine)


def plan_endgame(money: object = None, *, cards: object = None, set_size: object = 4, animals1: object = 1,
                 challenger: object = 1, stage: object = "rules", ties: object = "repeat",
                 next_challenger: object = "alternate", study: object = False, tol: object = 1e-12,
                 force: object = False) -> EndgamePlan:
    """Check an end game's input and decide what its solve does (see the module)."""
    rules = endgame_rules(set_size, stage, ties, next_challenger, study)
    hand1, hand2 = endgame_hands(money, cards)
    return start_plan(rules, animals1, hand1, hand2, challenger, tol=tol, force=force)


def run_endgame(plan: EndgamePlan, counter: stochastic.Counter | None = None,
                progress: Any = None) -> EndgameSolution:
    """Carry out an end-game plan: `counter` hears the states explored, then solved; `progress` hears lines
    of text (a page job's status)."""
    from parlour.analyses.cowtrade.endgame import solve_endgame

    return solve_endgame(plan.rules, plan.animals1, plan.hand1, plan.hand2, plan.challenger, tol=plan.tol,
                         force=True, counter=counter, progress=progress)  # the plan's guard has spoken


# --- the last trade with hidden money -------------------------------------------------------------

@dataclass(frozen=True)
class HiddenPlan:
    """The hidden-money last trade: whose money is dealt, who holds the initiative (1 or 3, as in the
    last trade), who holds it in the second trade, and the size of its LP."""

    players: int
    donkeys: int
    initiative: int
    second_initiative: SecondInitiative
    size: dict[str, int]  # deals, hands, LP columns and rows (`hidden.estimate`)


def plan_hidden(players: object = 3, *, initiative: object = 1, donkeys: object = 0,
                second_initiative: object = "alternate", force: object = False, max_rows: int | None = None,
                max_deals: int | None = None, lift: str | None = None) -> HiddenPlan:
    """Check the hidden-money trade's input; beyond `max_rows` LP rows or `max_deals` deals (None: the
    hidden-money module's MAX_ROWS, MAX_DEALS) refused unless `force` (the page passes its own, smaller
    limits, and `lift`: what the refusal says lifts them, "" for nothing; by default `force`)."""
    from parlour.analyses.cowtrade import hidden

    count = whole(players, name("players"), 2, hidden.MAX_PLAYERS)
    bonus = whole(donkeys, name("donkeys"), 0, MAX_DONKEYS)
    who = whole(initiative, name("initiative", "challenger"))
    if who not in (1, 3):
        raise InvalidInput(f"{name('initiative', 'challenger')} must be 1 or 3 (the last trade's players: 1 holds "
                           f"one animal, 3 holds three), got {who}")
    rule = SecondInitiative(option(second_initiative, name("second_initiative", "next"),
                                   [s.value for s in SecondInitiative]))
    if _flag(force, name("force")):
        size = hidden.estimate(count, bonus)
    else:
        size = hidden.guard(count, bonus, hidden.MAX_ROWS if max_rows is None else max_rows,
                            hidden.MAX_DEALS if max_deals is None else max_deals,
                            f"; {spelling.parameter('force', True)} tries anyway" if lift is None else lift)
    return HiddenPlan(count, bonus, who, rule, size)


def second_of(next_challenger: object) -> SecondInitiative:
    """The end game's `next_challenger` ("alternate" or "loser") as the last trade's second initiative."""
    text = option(next_challenger, name("next_challenger", "next"), [n.value for n in NextChallenger])
    return SecondInitiative.LOSER if text == NextChallenger.LOSER.value else SecondInitiative.ALTERNATE


def deprecated_challenger(challenger: object) -> int:
    """`challenger=1|2` of the old `parlour.cowtrade.hidden`, in the end game's numbering, as the last
    trade's initiative (1 or 3), with a DeprecationWarning."""
    warnings.warn("hidden(challenger=...) is deprecated: the last trade numbers its players 1 and 3 as "
                  "solve() does; pass initiative=1 or initiative=3", DeprecationWarning, stacklevel=3)
    who = whole(challenger, name("challenger"))
    if who not in (1, 2):
        raise InvalidInput(f"{name('challenger')} must be 1 or 2, got {who}")
    return 1 if who == 1 else 3


def run_hidden(plan: HiddenPlan) -> HiddenMoneySolution:
    """The hidden-money last trade solved exactly (sequence-form LP with a checked rational certificate)."""
    from parlour.analyses.cowtrade.hidden import hidden_last_trade

    return hidden_last_trade(plan.players, plan.initiative, plan.donkeys, plan.second_initiative)


__all__ = ["DEFAULT_CARDS", "MAX_MONEY", "EndgamePlan", "HiddenPlan", "TradePlan", "deprecated_challenger",
           "endgame_hands", "endgame_rules", "hands", "money_cards", "name", "plan_endgame", "plan_hidden",
           "plan_trade",
           "plan_trade_game", "run_endgame", "run_hidden", "run_trade", "second_of", "start_plan", "trade_game",
           "whole"]
