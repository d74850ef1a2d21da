"""The cow-trade page's end game: a whole quartet (or quintet) played against the optimal bidder, trade
after trade, with the money cards changing hands; and the last trade with hidden money. A router that
`web.cowtrade` includes, so its paths sit under /cowtrade/:

  GET  /endgame                 the page (templates/cowtrade_endgame.html, static/cowtrade_endgame.js/.css)
  POST /api/endgame/state       a game and a state -> the state's value (exact, or proven bounds), both
                                players' optimal stationary strategies there (in the command line's shape,
                                `endgame.strategy_json`), the offers the person can
                                make, and (when the computer challenges) how many cards its offer has
  POST /api/endgame/move        a game, a state and the person's move -> the computer's move drawn from its
                                optimal mixture, what happened, the record's two moves of the trade, and the
                                next state (or who completed the set)
  POST /api/endgame/replay      a game record (docs/json.md, "Game records") -> its settings, the start, and
                                every trade of its main line as /move answered it with the state before it
                                (the analysis board's steps and a link's restore; the moves checked as the
                                review checks them)
  POST /api/endgame/hidden      players, donkeys, initiative -> the hidden-money last trade (value with and
                                without information, the optimal bid per hand)
  POST /api/endgame/quartets    two open quartets: the choice of quartet (web.cowtrade_quartets, a job)

A game is {"set_size": 4 or 5, "rules": "rules" | "simultaneous", "next": "alternate" | "loser",
"animals1", "cards1", "cards2", "challenger": 1 or 2}; the person is player 1. A state is {"animals1",
"cards1", "cards2", "challenger", "tied"}. The server keeps no game state: the page sends both each time, and
keeps the game as its record (its settings are /state's `settings`), which its address carries.

When the computer challenges under the rules, the person sees only how many cards it offers. The server
draws that count from the computer's mixture when it sends the state, and draws the offer itself, given
the count, when the person answers: the same joint distribution as drawing the offer first, without
keeping anything between requests.

Work is bounded by refusing sizes: a start whose state estimate (`estimate_states`) exceeds MAX_STATES is
refused with the estimate (the standard money, 2 x 0, 4 x 10, 1 x 50 each, estimates 1,620 and solves in a
few seconds; larger games belong to `parlour cowtrade endgame` on the command line); quintets, which can cycle
and solve far more slowly, only up to MAX_QUINTET_STATES. A quartet is solved inside the request (a fraction
of a second); a quintet estimated beyond INLINE_S is a background job in a worker process, which Cancel ends
at once (`infra.jobs`): the state and move requests answer {"ready": false, "job"} until it is solved, and
the page polls /jobs/{job} and asks again. Solutions are kept by the pages' one cache (`infra.cache.PageCache`),
in memory only (CACHED of them, least recently used dropped; a quartet solves again in a fraction of a second);
a state reached from the start is looked up in its solution. The moves are the analysis's
(`analyses.cowtrade.play.endgame_trade`: the computer's move drawn from its optimal mixture, the rules'
`Endgame.outcome` deciding what follows); this page parses the request and shows the answer.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel

from parlour.analyses.cowtrade import policy
from parlour.analyses.cowtrade.endgame import EndgameSolution, move_json, strategy_json
from parlour.analyses.cowtrade.play import EndgameTrade, computer_count, endgame_trade
from parlour.analyses.review.endgame import THRESHOLDS, moves_at, play_trade, share
from parlour.errors import InvalidInput
from parlour.games.cowtrade import CARD_VALUES
from parlour.games.cowtrade.endgame import (
    ACCEPT,
    Endgame,
    EndgameRules,
    Hand,
    NextChallenger,
    StageRule,
    TradeState,
    card_count,
    cards_of,
    describe,
    hand_from_cards,
    money,
)
from parlour.games.cowtrade.rules import SecondInitiative
from parlour.infra.cache import InMemory, PageCache
from parlour.results import bounds, down, exact, up
from parlour.solvers.stochastic import End, StochasticSolution
from parlour.web.common import ask_first, duration_words, one_of, render, whole_number
from parlour.web.cowtrade_common import MAX_SEED, PlannedGame, check_deck, parse_cards, side
from parlour.web.cowtrade_quartets import DEFAULTS as QUARTETS_DEFAULTS
from parlour.web.cowtrade_quartets import MAX_STATES as MAX_QUARTETS_STATES
from parlour.web.cowtrade_quartets import api_quartets
from parlour.web.jobs import Report, at_current_load, jobs
from parlour.web.review import page_record

MAX_STATES = 6_000  # the state estimate this page solves (standard money: 1,620)
# Quintets cycle: the stochastic solver iterates to certified bounds, much slower than a quartet's backward
# induction (measured on a shared 2-core machine: 10,10,50 against 10,50 at 2-3, estimate 192, took 40-50 s;
# the standard money at 2-3 did not finish in 90 s), so the page takes only quintets with little money.
MAX_QUINTET_STATES = 200
QUINTET_SECONDS_PER_STATE = 0.25  # the measurement above (192 states, 40-50 s); 101 s at a load of 10
INLINE_S = 1.0  # a quintet estimated beyond this is solved by a job, not inside the request
SET_SIZES = (4, 5)
MAX_TRADES = 500  # the trades of a record the page replays (a quartet ends within a few; a quintet may cycle)
PLAYERS = {1: "you", 2: "computer"}  # as the record names them
CACHED = 8  # solved (rules, start) pairs kept in memory
STANDARD = [0, 0, 10, 10, 10, 10, 50]  # each player's starting money
# The page's first end game: one worth playing. With the standard money on both sides every 1-3 or 2-2 quartet
# is decided before it starts (value ±1: the richer or the challenger simply wins); with an extra 50 in your
# hand against the computer's three animals and first challenge, optimal play gives you the set with
# probability 64/215 (value -87/215, about 2 trades): searched with `parlour cowtrade endgame` over a dozen starts.
DEFAULT_START = {"animals1": 1, "challenger": 2, "cards1": [*STANDARD, 50], "cards2": STANDARD}
HIDDEN_ROWS = 600  # the hidden-money LP rows this page solves (3 players without donkeys: 234 rows)
HIDDEN_DEALS = 2_000
MAX_DONKEYS = 4

router = APIRouter()


class GameSpec(BaseModel):
    set_size: Any = 4
    rules: Any = "rules"
    next: Any = "alternate"
    animals1: Any = 1
    cards1: Any = None
    cards2: Any = None
    challenger: Any = 1


class StateSpec(BaseModel):
    animals1: Any = None
    cards1: Any = None
    cards2: Any = None
    challenger: Any = None
    tied: Any = 0


class StateRequest(BaseModel):
    game: GameSpec
    state: StateSpec | None = None
    seed: Any = None
    start: Any = False  # true: start a solve estimated beyond a minute (the person has seen the estimate)


class MoveRequest(BaseModel):
    game: GameSpec
    state: StateSpec | None = None
    offer: Any = None  # the person's offer (money cards) when he challenges
    response: Any = None  # "accept" or a counter-offer (money cards) when the computer challenges
    count: Any = None  # the number of cards the computer's offer showed (rules stage, computer challenging)
    seed: Any = None


class ReplayRequest(BaseModel):
    record: Any = None  # a game record (docs/json.md, "Game records") of this page's game
    seed: Any = None
    start: Any = False


class HiddenRequest(BaseModel):
    players: Any = 3
    donkeys: Any = 0
    initiative: Any = 1
    second: Any = "alternate"


@dataclass(frozen=True)
class Game(PlannedGame[policy.EndgamePlan]):
    """A page's end game: the policy's plan (rules, start, estimate), checked against the page's limits."""

    KIND: ClassVar[str] = "endgame"

    @property
    def rules(self) -> EndgameRules:
        return self.plan.rules

    @property
    def start(self) -> TradeState:
        return self.plan.start

    @property
    def seconds(self) -> float:
        """The solve's estimated time: a quartet's backward induction is a fraction of a second."""
        return QUINTET_SECONDS_PER_STATE * self.estimate if self.rules.set_size > 4 else 0.0

    def identity(self) -> object:
        return (self.rules, self.start)


def _side(value: Any, what: str) -> int:
    return side(value, what)


def parse_game(spec: GameSpec) -> Game:
    size = whole_number(spec.set_size, "the set size", min(SET_SIZES), max(SET_SIZES))
    stage = one_of(spec.rules, "the rules", [s.value for s in StageRule])
    nxt = NextChallenger(one_of(spec.next, "the next challenger", [n.value for n in NextChallenger]))
    # the page's two rule sets: the rules of the game, or the study's simplification
    rules = policy.endgame_rules(size, next_challenger=nxt, study=stage != StageRule.RULES.value)
    animals1 = whole_number(spec.animals1, "player 1's animals", 1, size - 1)
    cards1 = parse_cards(STANDARD if spec.cards1 is None else spec.cards1, "player 1")
    cards2 = parse_cards(STANDARD if spec.cards2 is None else spec.cards2, "player 2")
    check_deck(cards1, cards2)
    challenger = _side(spec.challenger, "the challenger")
    plan = policy.start_plan(rules, animals1, hand_from_cards(cards1), hand_from_cards(cards2), challenger)
    if size > 4 and plan.states > MAX_QUINTET_STATES:
        raise InvalidInput(f"a quintet can go round and round and solves slowly: this one has up to "
                           f"{plan.states:,} states and the page solves quintets up to {MAX_QUINTET_STATES:,} "
                           "(about a minute); use `parlour cowtrade endgame` on the command line")
    if plan.states > MAX_STATES:
        raise InvalidInput(f"this end game has up to {plan.states:,} states and the page solves up to "
                           f"{MAX_STATES:,}: use `parlour cowtrade endgame` on the command line")
    return Game(plan)


Solved = EndgameSolution  # what the page keeps of a solve: its `solution` holds every state's values


def solve(game: Game, report: Report | None = None) -> Solved:
    """The game solved from its start (`policy.run_endgame`): inside a request, or a job's work in its
    process (module-level, so that the process receives it pickled; the solution comes back pickled)."""
    if report is not None:
        report(0.02, f"solving the quintet from its start (up to {game.estimate:,} states)")
    return policy.run_endgame(game.plan)


def _states(done: Solved) -> StochasticSolution:
    assert done.solution is not None  # run_endgame keeps it
    return done.solution


def _busy(_: Sequence[Game]) -> str:
    return "the server is already solving two other end games; try again when they are done"


def solution_cache() -> PageCache[Game, Solved]:
    """Solved end games by (rules, start) (`infra.cache`): in memory only (the CACHED most recently used),
    solved inside the request where the estimate allows (a quartet), else by a job."""
    return PageCache(InMemory(), solve, job_name=lambda game: game.key, busy=_busy, budget=CACHED,
                     compute_inline=lambda game: game.seconds <= INLINE_S, pool=jobs)


cache = solution_cache()


def solved_or_job(game: Game, start: Any = False) -> tuple[Solved | None, dict[str, Any]]:
    """The game's solution, or None and the reply that names the job solving it (or that asks first)."""
    found = cache.ready(game)
    if found is not None:
        share(game.plan, _states(found))  # the review of this page's game grades with it (POST /api/review)
        return found, {}
    seconds = at_current_load(game.seconds)  # at the machine's load now
    waiting: dict[str, Any] = {"ready": False, "expect": duration_words(seconds), "states": game.estimate}
    if ask_first(seconds, start, joining=cache.job_running(game)):
        return None, {**waiting, "ask": True, "seconds": round(seconds)}
    return None, {**waiting, "job": cache.start_job(game)}


def parse_state(game: Game, spec: StateSpec | None, solution: StochasticSolution) -> TradeState:
    """A state of this game: its hands hold the start's money cards between them, and play from the start
    can reach it."""
    if spec is None:
        return game.start
    k = game.rules.set_size
    animals1 = whole_number(spec.animals1, "the state's animals of player 1", 1, k - 1)
    hand1 = hand_from_cards(parse_cards(spec.cards1, "player 1"))
    hand2 = hand_from_cards(parse_cards(spec.cards2, "player 2"))
    challenger = _side(spec.challenger, "the state's challenger")
    tied = whole_number(spec.tied if spec.tied is not None else 0, "the state's tie mark", 0, 1)
    state = TradeState(animals1, hand1, hand2, challenger, tied)
    if state not in solution.index:
        raise InvalidInput("no play from this start reaches that state (the money cards of both players "
                           "together are the start's, and a tie mark needs the rules' tie)")
    return state


def _cards(offer: Hand) -> list[int]:
    return sorted(cards_of(offer), reverse=True)


def _move_json(move: Any) -> dict[str, Any]:
    """A move played (the person's or the computer's): the move in the game's terms and as a player says it."""
    return {**move_json(move), "text": "accept" if move == ACCEPT else describe(move)}


def _value(lower: Fraction, upper: Fraction) -> dict[str, Any]:
    if lower == upper:
        return {**exact("value", lower), "value_is_exact": True}
    # the ends rounded outwards, as every result writes an interval (the JSON convention has no exact bounds)
    return {**bounds("value", down(lower), up(upper)), "value_is_exact": False}


def state_json(game: Game, state: TradeState, solution: StochasticSolution, rng: random.Random) -> dict[str, Any]:
    k = solution.index[state]
    stage, sol = solution.stages[k], solution.solutions[k]
    out: dict[str, Any] = {
        "animals1": state.animals1, "animals2": game.rules.set_size - state.animals1,
        "cards1": _cards(state.hand1), "cards2": _cards(state.hand2),
        "money1": money(state.hand1), "money2": money(state.hand2),
        "challenger": state.challenger, "tied": state.tied, "traded": Endgame(game.rules).traded(state),
        **_value(sol.lower, sol.upper), "how": sol.how,
        # the command line's shape (`endgame.strategy_json`): its plays' offers1 and offers2
        "strategy1": strategy_json(stage, sol.strategy1, stage.leader == 1),
        "strategy2": strategy_json(stage, sol.strategy2, stage.leader == 2),
    }
    out["can_accept"] = state.challenger == 2 and game.rules.stage is StageRule.RULES
    count = computer_count(solution, state, rng)  # the person sees how many cards the computer offers
    if count is not None:
        out["computer_count"] = count
    return out


def _rng(seed: Any) -> random.Random:
    return random.Random(None if seed is None else whole_number(seed, "the seed", 0, MAX_SEED))


def _offer_from(value: Any, hand: Hand, what: str) -> Hand:
    cards = parse_cards(value, what)
    offer = hand_from_cards(cards)
    assert isinstance(hand, tuple)
    if any(o > h for o, h in zip(offer, hand, strict=True)):
        raise InvalidInput(f"{what} uses money cards player 1 does not hold")
    return offer


def summary(game: Game, done: Solved) -> dict[str, Any]:
    return {"set_size": game.rules.set_size, "rules": game.rules.stage.value,
            "next": game.rules.next_challenger.value, **_value(done.value_low, done.value_high),
            "how": _states(done).at(game.start).how, **done.chances(), "states": done.states,
            "seconds": _states(done).seconds}


@router.post("/api/endgame/state")
def api_state(req: StateRequest) -> dict[str, Any]:
    game = parse_game(req.game)
    done, waiting = solved_or_job(game, req.start)
    if done is None:
        return waiting
    state = parse_state(game, req.state, _states(done))
    return {"start": summary(game, done), "state": state_json(game, state, _states(done), _rng(req.seed)),
            "settings": settings_json(game)}


@router.post("/api/endgame/move")
def api_move(req: MoveRequest) -> dict[str, Any]:
    game = parse_game(req.game)
    done, waiting = solved_or_job(game, True)  # a move of a game begun: its solve was asked for already
    if done is None:
        return waiting
    solution = _states(done)
    state = parse_state(game, req.state, solution)
    rng = _rng(req.seed)
    if state.challenger == 1:
        if req.offer is None:
            raise InvalidInput("you challenge: give your offer (money cards)")
        offer = _offer_from(req.offer, state.hand1, "your offer")
        played = endgame_trade(solution, game.rules, state, rng, offer=offer)
    else:
        if req.response is None:
            raise InvalidInput("the computer challenges: answer with \"accept\" or a counter-offer (money cards)")
        count = None if req.count is None else whole_number(  # the card count the person was shown
            req.count, "the number of cards the computer offered", 0, len(CARD_VALUES) * 40)
        answer = ACCEPT if req.response == ACCEPT else _offer_from(req.response, state.hand1, "your counter-offer")
        played = endgame_trade(solution, game.rules, state, rng, response=answer, count=count)
    return trade_json(game, done, played, rng)


def trade_json(game: Game, done: Solved, played: EndgameTrade, rng: random.Random) -> dict[str, Any]:
    """A trade played (live, or replayed from a record): both offers, what happened, the record's two moves and
    the next state (or who completed the set)."""
    solution = _states(done)
    state = played.state
    sol = solution.solutions[solution.index[state]]
    offer1, offer2, accepted, target = played.offer1, played.offer2, played.accepted, played.outcome
    engine = Endgame(game.rules)
    out: dict[str, Any] = {
        "offer1": None if offer1 is None else _move_json(offer1),
        "offer2": None if offer2 is None else _move_json(offer2),
        "accepted": accepted, "start": summary(game, done), "moves": trade_moves(played),
        **{f"before_{key}": val for key, val in _value(sol.lower, sol.upper).items()},
    }
    out["story"] = _story(state, offer1, offer2, accepted, target, engine)
    if isinstance(target, End):
        paid1 = [] if offer1 is None else _cards(offer1)
        paid2 = [] if offer2 is None else _cards(offer2)
        out["end"] = {"winner": 1 if target.payoff > 0 else 2, **exact("payoff", target.payoff),
                      "cards1": _exchanged(_cards(state.hand1), paid1, paid2),
                      "cards2": _exchanged(_cards(state.hand2), paid2, paid1)}
    else:
        out["next"] = state_json(game, target, solution, rng)
    return out


def trade_moves(played: EndgameTrade) -> list[dict[str, Any]]:
    """The trade as the record writes it (docs/json.md): the challenger's offer, then the other's answer."""
    mine = "accept" if played.accepted and played.state.challenger == 2 else _cards_or(played.offer1)
    theirs = "accept" if played.accepted and played.state.challenger == 1 else _cards_or(played.offer2)
    if played.state.challenger == 1:
        return [{"by": "you", "offer": mine}, {"by": "computer", "response": theirs}]
    return [{"by": "computer", "offer": theirs}, {"by": "you", "response": mine}]


def _cards_or(offer: Hand | None) -> list[int]:
    return [] if offer is None else _cards(offer)


def settings_json(game: Game) -> dict[str, Any]:
    """The game as a record's settings name it (docs/json.md): what the page's record and link carry."""
    s, r = game.start, game.rules
    return {"set_size": r.set_size, "rules": r.stage.value, "next": r.next_challenger.value,
            "animals1": s.animals1, "cards1": _cards(s.hand1), "cards2": _cards(s.hand2), "challenger": s.challenger}


def recorded_trade(solution: StochasticSolution, rules: EndgameRules, state: TradeState,
                   pair: Sequence[Mapping[str, Any]], k: int) -> EndgameTrade:
    """The trade whose moves are `pair` (moves k and k + 1 of a record), checked by the review's own checks
    (`review.endgame.play_trade`: who moves, money cards held, the computer's move within its optimal mixture)."""
    m = moves_at(solution, state)
    row, col = play_trade(m, pair, k)
    assert col is not None  # whole trades: api_replay refuses a record that stops after an offer
    offer, answer = m.rows[row], m.cols[col]
    accepted = answer == ACCEPT
    target = Endgame(rules).outcome(state, offer, answer)
    other = None if accepted else answer
    return EndgameTrade(state, offer, other, accepted, target) if state.challenger == 1 else \
        EndgameTrade(state, other, offer, accepted, target)


@router.post("/api/endgame/replay")
def api_replay(req: ReplayRequest) -> dict[str, Any]:
    """A record's main line replayed, trade by trade, each as /move answered it with the state before it (what
    the analysis board steps through); the card count shown before a computer's offer is that offer's."""
    record = page_record(req.record, "cowtrade_endgame", "cow-trade end games")
    moves = record.moves
    if len(moves) % 2:
        raise InvalidInput(f"the page restores whole trades: this record stops after an offer (move {len(moves)})")
    if len(moves) > 2 * MAX_TRADES:
        raise InvalidInput(f"the record has {len(moves) // 2:,} trades; the page replays up to {MAX_TRADES}")
    game = parse_game(GameSpec(**{k: v for k, v in record.settings.items() if k in GameSpec.model_fields}))
    done, waiting = solved_or_job(game, req.start)
    if done is None:
        return waiting
    solution, rng = _states(done), _rng(req.seed)
    state: TradeState | End = game.start
    trades: list[dict[str, Any]] = []
    for k in range(0, len(moves), 2):
        if isinstance(state, End):
            raise InvalidInput(f"move {k + 1} comes after the end game ended")
        played = recorded_trade(solution, game.rules, state, moves[k:k + 2], k + 1)
        before = state_json(game, state, solution, rng)
        if "computer_count" in before:
            assert played.offer2 is not None
            before["computer_count"] = card_count(played.offer2)
        trades.append({"before": before, **trade_json(game, done, played, rng)})
        state = played.outcome
    for trade, after in itertools.pairwise(trades):
        trade["next"] = after["before"]
    first = trades[0]["before"] if trades else state_json(game, game.start, solution, rng)
    return {"settings": settings_json(game), "start": summary(game, done), "first": first, "trades": trades}


def _exchanged(hand: list[int], paid: list[int], received: list[int]) -> list[int]:
    """A hand after a trade that ended the game: the offer it paid out gone, the other's offer received."""
    left = list(hand)
    for card in paid:
        left.remove(card)
    return sorted(left + received, reverse=True)


def _story(state: TradeState, offer1: Hand | None, offer2: Hand | None, accepted: bool,
           target: TradeState | End, engine: Endgame) -> str:
    you = "you" if state.challenger == 1 else "the computer"
    other = "the computer" if state.challenger == 1 else "you"
    given = offer1 if state.challenger == 1 else offer2
    assert given is not None
    if accepted:
        return (f"{other.capitalize()} accepted {describe(given)} from {you}: {you} take"
                f"{'s' if you != 'you' else ''} {_animals(engine.traded(state))}.")
    assert offer1 is not None and offer2 is not None
    m1, m2 = money(offer1), money(offer2)
    said = f"You offered {describe(offer1)}, the computer {describe(offer2)}"
    if m1 == m2:
        if isinstance(target, TradeState) and target.tied and not state.tied:
            return f"{said}: a tie. The offers go back; the trade is repeated once."
        return f"{said}: a tie again, so the challenger ({you}) takes {_animals(engine.traded(state), 'the')}."
    winner = "you" if m1 > m2 else "the computer"
    verb = "take" if winner == "you" else "takes"
    return f"{said}: {winner} {verb} {_animals(engine.traded(state))}; the offers change hands."


def _animals(count: int, article: str = "") -> str:
    """ "1 animal", "2 animals"; with an article, "the animal", "the 2 animals" (no "animal(s)")."""
    if article:
        return f"{article} animal" if count == 1 else f"{article} {count} animals"
    return f"{count} animal{'' if count == 1 else 's'}"


@lru_cache(maxsize=CACHED)
def _hidden(players: int, donkeys: int, initiative: int, second: str) -> dict[str, Any]:
    """A hidden-money trade the page asked for, remembered (its size was checked by the plan before)."""
    plan = policy.plan_hidden(players, initiative=initiative, donkeys=donkeys, second_initiative=second, force=True)
    return policy.run_hidden(plan).to_json()


@router.post("/api/endgame/hidden")
def api_hidden(req: HiddenRequest) -> dict[str, Any]:
    players = whole_number(req.players, "the number of players", 2, 4)
    donkeys = whole_number(req.donkeys, "the number of donkeys", 0, MAX_DONKEYS)
    initiative = whole_number(req.initiative, "the initiative", 1, 3)
    if initiative == 2:
        raise InvalidInput("the initiative is player 1 or player 3 (the last trade's players)")
    second = one_of(req.second, "the second trade's initiative", [s.value for s in SecondInitiative])
    plan = policy.plan_hidden(players, initiative=initiative, donkeys=donkeys, second_initiative=second,
                              max_rows=HIDDEN_ROWS, max_deals=HIDDEN_DEALS, lift="")
    return {**_hidden(plan.players, plan.donkeys, plan.initiative, plan.second_initiative.value), "size": plan.size}


@router.get("/endgame", response_class=HTMLResponse)
def page(request: Request) -> HTMLResponse:
    return render(request, "cowtrade_endgame.html", game="cowtrade", standard=STANDARD, start=DEFAULT_START,
                  cards=list(CARD_VALUES), max_states=MAX_STATES, max_quintet=MAX_QUINTET_STATES,
                  quartets=QUARTETS_DEFAULTS, max_quartets=MAX_QUARTETS_STATES, thresholds=THRESHOLDS)

# The two-quartet game's handler lives in cowtrade_quartets; this page's router serves it.
router.post("/api/endgame/quartets")(api_quartets)
