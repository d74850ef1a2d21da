"""What a cow-trade solve will do, decided once below the interfaces.

`parlour cowtrade solve|endgame|security|quartets`, `parlour.cowtrade.solve|endgame|hidden|security|quartets`
and the cow-trade pages all call a `plan_*` function, then `run_*`: the rules, the players' money (totals or
money cards, never both), the size guards with their estimates, and for the end game whether play can cycle
(backward induction, or value iteration with its proofs). An interface only parses its own input and shows
the result. A plan checks every argument before any work (a tolerance that is no number between 0 and 1
would let an iteration run for ever): a value of the wrong type is an `InvalidType` (a TypeError), one out
of range an `InvalidInput` (a ValueError), each naming the argument.

Players are numbered the one way the game names them: in the last trade of a quartet (`solve`, and the
hidden-money last trade) player 1 holds one animal and player 3 three, as in the study; in the end game
of one set player 1 holds `animals1` and player 2 the rest. A refusal names the argument as its caller
wrote it (`money[0]` from Python, `--money1` on the command line: `infra.spelling`).
"""

from __future__ import annotations

import operator
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from parlour.analyses.cowtrade.result import (
    CowTradeSolution,
    EndgameSolution,
    HiddenMoneySolution,
    SecuritySolution,
)
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
from parlour.games.cowtrade.quartets import MAX_POINTS, QuartetsRules
from parlour.games.cowtrade.quartets import SIZE as QUARTET
from parlour.games.cowtrade.threeplayer import ThreeRules
from parlour.infra import checks, spelling
from parlour.infra.resources import affordable
from parlour.solvers import stochastic  # light: what a game is; its solver loads on first use

if TYPE_CHECKING:
    from parlour.analyses.cowtrade.quartets import QuartetsSolution, QuartetsTable

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


def _sequence(value: Any) -> bool:
    if isinstance(value, str | bytes):
        return False
    if isinstance(value, Sequence):
        return True
    return type(value).__name__ == "ndarray"  # a numpy array, without importing numpy to ask


def _entries(value: Any, count: int, python: str, flags: str, what: str) -> list[Any] | None:
    """`count` entries (one per player), or None; anything else is refused naming the argument: InvalidType
    for what is no list (a tuple or a numpy array), InvalidInput for a list of another length."""
    if value is None:
        return None
    if not _sequence(value):
        raise InvalidType(f"{name(python, flags)} must {what}, got {shown(value)}")
    if len(value) != count:
        raise InvalidInput(f"{name(python, flags)} must {what}, got {shown(value)}")
    return list(value)


def _pair(value: Any, python: str, flags: str, what: str) -> tuple[Any, Any] | None:
    """A pair (player 1's, the other's), or None; anything else is refused naming the argument."""
    pair = _entries(value, 2, python, flags, f"be a pair ({what})")
    return None if pair is None else (pair[0], pair[1])


def numbers_of(value: Any, python: str, flag: str | None, low: int | None = 0, high: int | None = None
               ) -> tuple[int, ...]:
    """A list, tuple or 1-D numpy array of whole numbers as ints, each named `python[i]` when refused."""
    if not _sequence(value) or getattr(value, "ndim", 1) != 1:
        raise InvalidType(f"{name(python, flag)} must be a list of whole numbers, got {shown(value)}")
    return tuple(checks.integer(v, f"{python}[{i}]", low, high, flag=flag) for i, v in enumerate(value))


def money_cards(value: Any, python: str, flag: str) -> list[int]:
    """One hand of money cards, each a card value of the game."""
    where = name(python, flag)
    if not _sequence(value) or getattr(value, "ndim", 1) != 1:
        raise InvalidType(f"{where} must be a list of money cards, got {shown(value)}")
    values = ", ".join(map(str, CARD_VALUES))
    cards = []
    for card in value:
        if not checks.is_integer(card):
            raise InvalidType(f"{where} holds {shown(card)}: the money cards are the whole numbers {values}")
        number = operator.index(card)
        if number not in CARD_VALUES:
            raise InvalidInput(f"{where} holds {number}: the money cards are {values}")
        cards.append(number)
    return cards


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
            # None is no number: a TypeError from Python, and one sentence on the command line all the same
            raise InvalidType(f"give both players' {what}: {name(python, flags)}")
    if held is not None:
        return (money_cards(held[0], "cards[0]", "cards1"), money_cards(held[1], "cards[1]", f"cards{other}"))
    if totals is not None:
        return (checks.integer(totals[0], "money[0]", 0, flag="money1"),
                checks.integer(totals[1], "money[1]", 0, flag=f"money{other}"))
    if default:
        return list(DEFAULT_CARDS), list(DEFAULT_CARDS)
    raise InvalidInput(f"give both players' money: {name('money', money_flags)} or {name('cards', card_flags)}")


def option(value: object, what: str, choices: Sequence[str]) -> str:
    """One of the named choices (an enum member or its text), or a sentence that lists them: InvalidType
    for what is no text, InvalidInput for a text that is none of them."""
    text = getattr(value, "value", value)
    if not isinstance(text, str) or text not in choices:
        kind = InvalidType if not isinstance(text, str) else InvalidInput
        raise kind(f"{what} must be one of {', '.join(map(repr, choices))}, got {shown(value)}")
    return text


def tolerance(tol: object) -> float:
    """The widest proven interval accepted where play can cycle: a number strictly between 0 and 1 (NaN,
    0 or a negative one could never be met, and the iteration would not stop)."""
    precision = checks.real(tol, "tol")  # InvalidType for what is no number, InvalidInput for NaN or infinity
    if not 0 < precision < 1:
        raise InvalidInput(f"{name('tol')} must be a number between 0 and 1, got {shown(tol)}")
    return precision


def set_size_of(set_size: object) -> int:
    """The animals of the open set: 2 to MAX_SET_SIZE."""
    size = checks.integer(set_size, "set_size")
    if not 2 <= size <= MAX_SET_SIZE:
        raise InvalidInput(f"{name('set_size')} must be 2 to {MAX_SET_SIZE} animals, got {size}")
    return size


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
    forced = checks.flag(force, "force")
    who = checks.integer(initiative, "initiative")
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
    bids1 = () if chosen[0] is None else numbers_of(chosen[0], "bids[0]", "bids1")
    bids3 = () if chosen[1] is None else numbers_of(chosen[1], "bids[1]", "bids3")
    return CowTrade(both[0], both[1], who, bids1, bids3, rule)


def plan_trade_game(game: CowTrade, *, force: object = False) -> TradePlan:
    """The plan for a game already built: its bid matrix refused beyond this machine's memory or a day's
    work unless `force`."""
    if not isinstance(game, CowTrade):
        raise InvalidType(f"{name('trade')} must be a CowTrade (parlour.cowtrade.game(...)), got {shown(game)}")
    cells = len(game.bids1) * len(game.bids3)
    memory, seconds = BYTES_PER_CELL * cells, SECONDS_PER_CELL * cells
    affordable(f"a {len(game.bids1):,} x {len(game.bids3):,} bid matrix", memory, seconds,
               checks.flag(force, "force"))
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
    size = set_size_of(set_size)
    nxt = NextChallenger(option(next_challenger, name("next_challenger", "next"),
                                [n.value for n in NextChallenger]))
    rule_stage = StageRule(option(stage, name("stage"), [s.value for s in StageRule]))
    rule_ties = TieRule(option(ties, name("ties"), [t.value for t in TieRule]))
    if checks.flag(study, "study"):
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
    precision = tolerance(tol)
    forced = checks.flag(force, "force")
    animals = checks.integer(animals1, "animals1")
    if not 1 <= animals < rules.set_size:
        raise InvalidInput(f"{name('animals1')} must be 1 to {rules.set_size - 1} animals (player 2 owns the rest "
                           f"of the set of {rules.set_size}), got {animals}")
    who = challenger_of(challenger)
    from parlour.analyses.cowtrade.endgame import can_cycle, estimate_states, guard, solve_estimate

    guard(rules, hand1, hand2, forced)
    engine: Engine = "value iteration" if can_cycle(rules.set_size, animals) else "backward induction"
    return EndgamePlan(rules, animals, hand1, hand2, who, precision, estimate_states(rules, hand1, hand2),
                       solve_estimate(rules, animals, hand1, hand2), engine)


def challenger_of(challenger: object) -> int:
    """Who challenges first in a two-player end game: player 1 or player 2."""
    who = checks.integer(challenger, "challenger")
    if who not in (1, 2):
        raise InvalidInput(f"{name('challenger')} must be 1 or 2 (player 1 or player 2), got {who}")
    return who


def plan_endgame(money: object = None, *, cards: object = None, set_size: object = 4, animals1: object = 1,
                 challenger: object = 1, stage: object = "rules", ties: object = "repeat",
                 next_challenger: object = "alternate", study: object = False, tol: object = 1e-12,
                 force: object = False) -> EndgamePlan:
    """Check an end game's input and decide what its solve does (see the module)."""
    tolerance(tol)  # first: the rest may take a while to refuse
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

    count = checks.integer(players, "players", 2, hidden.MAX_PLAYERS)
    bonus = checks.integer(donkeys, "donkeys", 0, MAX_DONKEYS)
    who = checks.integer(initiative, "initiative", flag="challenger")
    if who not in (1, 3):
        raise InvalidInput(f"{name('initiative', 'challenger')} must be 1 or 3 (the last trade's players: 1 holds "
                           f"one animal, 3 holds three), got {who}")
    rule = SecondInitiative(option(second_initiative, name("second_initiative", "next"),
                                   [s.value for s in SecondInitiative]))
    if checks.flag(force, "force"):
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
    return 1 if challenger_of(challenger) == 1 else 3


def run_hidden(plan: HiddenPlan) -> HiddenMoneySolution:
    """The hidden-money last trade solved exactly (sequence-form LP with a checked rational certificate)."""
    from parlour.analyses.cowtrade.hidden import hidden_last_trade

    return hidden_last_trade(plan.players, plan.initiative, plan.donkeys, plan.second_initiative)


# --- three players, one open set: security levels ------------------------------------------------

@dataclass(frozen=True)
class SecurityPlan:
    """Three players' security levels to solve: the rules, the start, whose levels, and the estimate."""

    rules: ThreeRules
    animals: tuple[int, int, int]
    hands: tuple[Hand, Hand, Hand]
    turn: int  # who challenges first (turns go 1 -> 2 -> 3)
    players: tuple[int, ...]  # whose levels, each once
    tol: float
    states: int  # an upper bound on the states of one player's game (`estimate_states`)
    estimate: Estimate


def three_rules(set_size: object = 4, stage: object = "rules", ties: object = "repeat",
                study: object = False) -> ThreeRules:
    """The rules of a three-player trade; `study=True` is the study's simplification."""
    size = set_size_of(set_size)
    rule_stage = StageRule(option(stage, name("stage"), [s.value for s in StageRule]))
    rule_ties = TieRule(option(ties, name("ties"), [t.value for t in TieRule]))
    return ThreeRules.study(size) if checks.flag(study, "study") else ThreeRules(size, rule_stage, rule_ties)


def _asked(players: Any) -> tuple[int, ...]:
    """Whose levels: players among 1, 2 and 3, each once (`--player` on the command line asks for one)."""
    where = name("players", "player")
    if not _sequence(players) or getattr(players, "ndim", 1) != 1:
        raise InvalidType(f"{where} must be a list of players among 1, 2 and 3, got {shown(players)}")
    asked = tuple(checks.integer(p, f"players[{i}]", 1, 3, flag="player") for i, p in enumerate(players))
    if not asked or len(set(asked)) != len(asked):
        raise InvalidInput(f"{where} must name players among 1, 2 and 3, each once, got {list(asked)}")
    return asked


def three_hands(money: object = None, cards: object = None) -> tuple[Hand, Hand, Hand]:
    """The three players' money: totals `money=(m1, m2, m3)` or money cards `cards=(c1, c2, c3)` (an entry
    None where the command line left its option out: `make_hands` names what is missing)."""
    from parlour.analyses.cowtrade.threeplayer import make_hands

    totals = _entries(money, 3, "money", "money1, --money2 and --money3", "give three players' money, one entry each")
    held = _entries(cards, 3, "cards", "cards1, --cards2 and --cards3", "give three players' money, one entry each")
    amounts = [None if m is None else checks.integer(m, f"money[{k}]", 0, flag=f"money{k + 1}")
               for k, m in enumerate(totals or (None,) * 3)]
    hands = [None if c is None else money_cards(c, f"cards[{k}]", f"cards{k + 1}")
             for k, c in enumerate(held or (None,) * 3)]
    return make_hands(amounts, hands)


def plan_security(money: object = None, *, cards: object = None, set_size: object = 4, animals: object = (1, 1, 2),
                  turn: object = 1, players: object = (1, 2, 3), stage: object = "rules", ties: object = "repeat",
                  study: object = False, tol: object = 1e-12, force: object = False) -> SecurityPlan:
    """Check a three-player start and its size; every argument before any work."""
    precision, forced = tolerance(tol), checks.flag(force, "force")
    rules = three_rules(set_size, stage, ties, study)
    owned = numbers_of(animals, "animals", "animals")
    if len(owned) != 3:
        raise InvalidInput(f"{name('animals')} must be three numbers, one per player, got {list(owned)}")
    who = checks.integer(turn, "turn", 1, 3)
    asked = _asked(players)
    hands = three_hands(money, cards)
    from parlour.analyses.cowtrade.threeplayer import guard, solve_estimate
    from parlour.games.cowtrade.threeplayer import Security, estimate_states

    start = Security(rules, 1).start(owned, hands, who)  # the start's own rules: the set, two holders
    guard(rules, start.hands, forced)
    return SecurityPlan(rules, (owned[0], owned[1], owned[2]), hands, who, asked, precision,
                        estimate_states(rules, hands), solve_estimate(rules, hands, len(asked)))


def run_security(plan: SecurityPlan, counter: stochastic.Counter | None = None,
                 progress: Any = None) -> SecuritySolution:
    """Each asked player's level: his zero-sum game against the other two, solved (`threeplayer`)."""
    from parlour.analyses.cowtrade.threeplayer import solve_security

    return solve_security(plan.rules, plan.animals, plan.hands, plan.turn, plan.players, tol=plan.tol,
                          force=True, progress=progress, counter=counter)  # the plan's guard has spoken


# --- two open quartets ----------------------------------------------------------------------------

@dataclass(frozen=True)
class QuartetsPlan:
    """Two open quartets from a start, or (`table`) every start of the same money: the rules, the start,
    the size guard's states and the estimate."""

    rules: QuartetsRules
    animals1: tuple[int, int]  # player 1's animals in each quartet (player 2 the rest)
    hand1: Hand
    hand2: Hand
    challenger: int
    table: bool  # every split of both players' money and of both quartets, either challenger
    states: int
    estimate: Estimate


def quartets_rules(points: object = (1000, 500), held1: object = (), held2: object = (), stage: object = "rules",
                   ties: object = "repeat", next_challenger: object = "alternate", study: object = False
                   ) -> QuartetsRules:
    """The two open quartets' values, those each player holds already, and the rules of a trade."""
    worth = numbers_of(points, "points", "points", 0, MAX_POINTS)
    if len(worth) != 2:
        raise InvalidInput(f"{name('points')} must be two numbers, the open quartets' values, got {list(worth)}")
    owned1 = numbers_of(held1, "held1", "held1", 0, MAX_POINTS)
    owned2 = numbers_of(held2, "held2", "held2", 0, MAX_POINTS)
    trade = endgame_rules(QUARTET, stage, ties, next_challenger, study)
    return QuartetsRules((worth[0], worth[1]), owned1, owned2, trade)


def plan_quartets(money: object = None, *, cards: object = None, points: object = (1000, 500),
                  animals1: object = (1, 3), held1: object = (), held2: object = (), challenger: object = 1,
                  stage: object = "rules", ties: object = "repeat", next_challenger: object = "alternate",
                  study: object = False, table: object = False, force: object = False) -> QuartetsPlan:
    """Check two open quartets' input and size. No default money: with both players' full starting cards
    some stages tie below float precision and the exact analysis cannot finish (docs/cowtrade-endgame.md)."""
    forced, every = checks.flag(force, "force"), checks.flag(table, "table")
    rules = quartets_rules(points, held1, held2, stage, ties, next_challenger, study)
    owned = numbers_of(animals1, "animals1", "animals1", 0, QUARTET)
    if len(owned) != 2:
        raise InvalidInput(f"{name('animals1')} must be two numbers, player 1's animals in each open quartet, "
                           f"got {list(owned)}")
    who = challenger_of(challenger)
    hand1, hand2 = endgame_hands(money, cards, default=False)
    from parlour.analyses.cowtrade import quartets
    from parlour.games.cowtrade.quartets import Quartets, estimate_states

    start = Quartets(rules).start((owned[0], owned[1]), hand1, hand2, who)
    quartets.guard(hand1, hand2, forced)
    estimate = (quartets.table_estimate if every else quartets.solve_estimate)(rules, hand1, hand2)
    return QuartetsPlan(rules, start.animals1, hand1, hand2, who, every, estimate_states(hand1, hand2), estimate)


def run_quartets(plan: QuartetsPlan, counter: stochastic.Counter | None = None,
                 progress: Any = None) -> QuartetsSolution | QuartetsTable:
    """The start solved exactly with the separate-games choice (`quartets.solve_quartets`), or with `table`
    every start of the same money (`quartets.quartets_table`)."""
    from parlour.analyses.cowtrade import quartets
    from parlour.games.cowtrade.endgame import cards_of, money

    if plan.table:
        pool = None if isinstance(plan.hand1, int) else cards_of(plan.hand1) + cards_of(plan.hand2)
        splits = quartets.money_splits(money(plan.hand1) + money(plan.hand2), pool)
        return quartets.quartets_table(plan.rules, splits, counter)
    return quartets.solve_quartets(plan.rules, plan.animals1, plan.hand1, plan.hand2, plan.challenger, force=True,
                                   progress=progress, counter=counter)  # the plan's guard has spoken


__all__ = ["DEFAULT_CARDS", "MAX_MONEY", "EndgamePlan", "HiddenPlan", "QuartetsPlan", "SecurityPlan", "TradePlan",
           "challenger_of", "deprecated_challenger", "endgame_hands", "endgame_rules", "hands", "money_cards", "name",
           "numbers_of", "plan_endgame", "plan_hidden", "plan_quartets", "plan_security", "plan_trade",
           "plan_trade_game", "quartets_rules", "run_endgame", "run_hidden", "run_quartets", "run_security",
           "run_trade", "second_of", "set_size_of", "start_plan", "three_hands", "three_rules", "tolerance",
           "trade_game"]
