"""The cow-trade page: the last trade of Koehandel solved in front of the reader (the winner matrix, the
elimination one step at a time with its witnesses, the inspection game, the value and both optimal mixed
bids), then played against the optimal bidder. A router the app factory mounts at /cowtrade/:

  GET  /              the page (templates/cowtrade.html, static/cowtrade.js and .css)
  POST /api/solve     a game -> what `parlour cowtrade solve --json --matrix --steps` prints, plus the steps
                      as data, the inspection game and the closed form (money totals only)
  POST /api/play      a game, the side the person plays, their bid and the running score -> the computer's
                      bid drawn from its optimal mixture, who ends with the quartet, the new score, and the
                      trade's two moves of the game record
  POST /api/at        the analysis board's step: a game record's main line replayed to move `ply` (each
                      finished trade as /api/play answered it, a bid sealed and not yet revealed)

A game is {"mode": "money", "money1", "money3"} or {"mode": "cards", "cards1", "cards3"} (lists of money
cards, or comma-separated text), with "initiative" (1 or 3) and "second" ("alternate" or "loser").

The server keeps no game state: the page sends the game and the score with every request. The page keeps the
game it plays (TRADES trades) as a game record (docs/json.md, "Game records", `"game": "cowtrade"`): per trade
your bid, then the computer's; its address carries it, and `parlour review` grades it as the page does.

Work is bounded by refusing sizes: at most MAX_MONEY per money total and MAX_BIDS amounts per player (a
101 x 101 matrix solves in under 0.1 s here), so a request whose client has gone costs at most that; solutions
of recent games are kept in a small in-memory cache (CACHED games), which is all the memory the page holds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel

from parlour.analyses import cowtrade as analysis
from parlour.analyses.cowtrade import policy
from parlour.analyses.cowtrade.play import Step, Trade, inspection_game, settle, steps, trade
from parlour.analyses.review import cowtrade as grader
from parlour.analyses.review.core import GameRecord
from parlour.errors import InvalidInput
from parlour.games.cowtrade import CARD_VALUES, bids_from_cards
from parlour.results import exact, frac_str
from parlour.web.common import one_of, render, whole_number
from parlour.web.cowtrade_common import DECK, MAX_SEED, check_deck, parse_cards, side
from parlour.web.review import AtRequest, page_record

MAX_MONEY = 100  # issue 16's size for this page: a 101 x 101 bid matrix
MAX_BIDS = MAX_MONEY + 1  # amounts one player can bid (money cards: the distinct sums of his hand)
MAX_ROUNDS = 10**6  # trades in one running score: far beyond a sitting, far below anything that breaks
CACHED = 128  # solved games kept in memory (each at most a few hundred kB)
TRADES = 10  # trades in one game on the page: a sitting, long enough for the draws to even out a little

router = APIRouter()


class GameSpec(BaseModel):
    """A game as the page sends it; every field is checked by hand (`parse_game`) so that a bad one gets
    this page's sentence, not pydantic's."""

    mode: Any = "money"
    money1: Any = None
    money3: Any = None
    cards1: Any = None
    cards3: Any = None
    initiative: Any = 1
    second: Any = "alternate"


class Score(BaseModel):
    rounds: Any = 0
    wins: Any = 0


class PlayRequest(BaseModel):
    game: GameSpec
    side: Any = 1
    bid: Any = None
    score: Score | None = None
    seed: Any = None


@dataclass(frozen=True)
class Tally:
    """The person's running score: trades played and won (payoff +1 per win, -1 per loss)."""

    rounds: int
    wins: int

    def payoff(self) -> int:
        return 2 * self.wins - self.rounds


def player(value: Any, what: str) -> int:
    """Player 1 or player 3 (the game has no player 2: the study names them by the animals they hold)."""
    return side(value, what, (1, 3))


def parse_game(spec: GameSpec) -> analysis.CowTrade:
    """The whole game the page sent, checked: refused with one sentence when it is malformed or larger than
    this page solves (the command line takes larger games)."""
    mode = one_of(spec.mode, "the mode", ("money", "cards"))
    initiative = player(spec.initiative, "the initiative")
    second = analysis.SecondInitiative(one_of(spec.second, "the second trade's initiative",
                                              [s.value for s in analysis.SecondInitiative]))
    if mode == "money":
        totals = []
        for value, who in ((spec.money1, "player 1"), (spec.money3, "player 3")):
            if value is None:
                raise InvalidInput(f"give the money total of {who}")
            what = f"the money of {who}"
            try:
                money = whole_number(value, what, 0, 10**12 - 1)
            except InvalidInput:
                whole_number(value, what, 0, MAX_MONEY)  # the same refusal, saying this page's range
                raise
            if money > MAX_MONEY:
                raise InvalidInput(
                    f"this page solves money totals up to {MAX_MONEY} (a {MAX_BIDS} x {MAX_BIDS} bid matrix); "
                    f"{money:,} for {who} is too large: `parlour cowtrade solve` on the command line takes it")
            totals.append(money)
        return policy.trade_game((totals[0], totals[1]), initiative=initiative, second_initiative=second)
    cards1, cards3 = parse_cards(spec.cards1, "player 1"), parse_cards(spec.cards3, "player 3")
    check_deck(cards1, cards3)
    for cards, who in ((cards1, "player 1"), (cards3, "player 3")):
        count = len(bids_from_cards(cards))
        if count > MAX_BIDS:
            raise InvalidInput(
                f"the cards of {who} make {count} different bids; this page solves at most {MAX_BIDS} "
                f"(`parlour cowtrade solve --cards1 ... --cards3 ...` takes more)")
    return policy.trade_game(cards=(cards1, cards3), initiative=initiative, second_initiative=second)


def echo(game: analysis.CowTrade, spec: GameSpec) -> dict[str, Any]:
    """The game as checked, in the form the page sends back with a play."""
    out: dict[str, Any] = {"mode": spec.mode, "initiative": game.initiative, "second": game.second_initiative.value}
    if spec.mode == "money":
        out.update(money1=game.money1, money3=game.money3)
    else:
        out.update(cards1=parse_cards(spec.cards1, "player 1"), cards3=parse_cards(spec.cards3, "player 3"))
    return out


@lru_cache(maxsize=CACHED)
def solved(game: analysis.CowTrade) -> analysis.CowTradeSolution:
    """The game solved (`policy.run_trade`), remembered for the page's next requests (a play re-sends the
    same game); the page's own limits were checked by `parse_game`."""
    return policy.run_trade(policy.plan_trade_game(game))


def step_json(step: Step) -> dict[str, Any]:
    return {
        "player": step.player,
        "bid": step.bid,
        "kind": step.kind,
        "witness": [{"bid": b, **exact("weight", w)} for b, w in step.witness],
        "text": step.text,
    }


@router.post("/api/solve")
def solution(spec: GameSpec) -> dict[str, Any]:
    """What `parlour cowtrade solve --json --matrix --steps` prints, and what the page draws from it."""
    game = parse_game(spec)
    result = solved(game)
    out = result.to_json()
    out.update(analysis.matrices(game))
    out["steps"] = result.steps()
    out["removals"] = [step_json(s) for s in steps(result)]
    ins = inspection_game(result)
    out["inspection"] = {"rows": list(ins.rows), "cols": list(ins.cols), "winners": [list(r) for r in ins.winners],
                         "size": ins.size}
    out.update(exact("win1", (result.value + 1) / 2))  # player 1's chance of ending with the quartet
    if spec.mode == "money":
        w = analysis.band_width(game.money1, game.money3, game.initiative, game.second_initiative)
        out["band_width"] = w
        out.update(exact("closed_form", analysis.closed_form(game.money1, game.money3, game.initiative,
                                                             game.second_initiative)))
    out["request"] = echo(game, spec)
    return out


def parse_score(score: Score | None) -> Tally:
    if score is None:
        return Tally(0, 0)
    rounds = whole_number(score.rounds, "the score's trades", 0, MAX_ROUNDS)
    wins = whole_number(score.wins, "the score's wins", 0, MAX_ROUNDS)
    if wins > rounds:
        raise InvalidInput(f"the score says {wins} trades won out of {rounds}")
    if rounds == MAX_ROUNDS:
        raise InvalidInput(f"a score on this page ends at {MAX_ROUNDS:,} trades; start a new game")
    return Tally(rounds, wins)


def trade_answer(done: Trade, tally: Tally) -> dict[str, Any]:
    """One trade settled: what the page shows after Reveal (the bids, who ends with the quartet and why, your
    bid's exact expected payoff against the computer's mixture, the score after it) and the record's two moves."""
    won = done.winner == done.side
    after = Tally(tally.rounds + 1, tally.wins + int(won))
    return {
        "side": done.side,
        "bid": done.bid,
        "computer_bid": done.computer_bid,
        "winner": done.winner,
        "story": done.story,
        "won": won,
        "payoff": 1 if won else -1,
        **exact("expected", done.expected),
        **exact("value", done.value),
        "score": {"rounds": after.rounds, "wins": after.wins},
        "total": after.payoff(),
        **exact("average", Fraction(after.payoff(), after.rounds)),
        "moves": [{"by": "you", "bid": done.bid}, {"by": "computer", "bid": done.computer_bid}],
    }


@router.post("/api/play")
def play(req: PlayRequest) -> dict[str, Any]:
    """One last trade: the person's bid against the computer's, drawn from its certified optimal mixture."""
    game = parse_game(req.game)
    side = player(req.side, "the side")
    if req.bid is None:
        raise InvalidInput("give your bid")
    allowed = game.bids1 if side == 1 else game.bids3
    bid = whole_number(req.bid, "your bid", 0, allowed[-1])
    if bid not in allowed:
        raise InvalidInput(f"player {side}'s money cards cannot make {bid}")
    tally = parse_score(req.score)
    seed = None if req.seed is None else whole_number(req.seed, "the seed", 0, MAX_SEED)
    return trade_answer(trade(solved(game), side, bid, random.Random(seed)), tally)


def replay(record: GameRecord, ply: int) -> dict[str, Any]:
    """The position after the first `ply` moves of a record's main line: every finished trade as /api/play
    answered it, the bid sealed in the trade in progress (or None), the score. The moves are checked as the
    grader checks them (the right player in turn, bids the hands make, the computer's within its mixture)."""
    game, side = grader.game_of(record.settings)
    result = solved(game)
    cut = GameRecord(record.game, record.settings, record.moves[:ply])
    grader.trades(cut, result, side)  # refuses a record the page could not have made, naming the move
    tally, answers = Tally(0, 0), []
    moves = cut.moves
    for k in range(0, len(moves) - 1, 2):
        answer = trade_answer(settle(result, side, moves[k]["bid"], moves[k + 1]["bid"]), tally)
        answers.append(answer)
        tally = Tally(answer["score"]["rounds"], answer["score"]["wins"])
    sealed = moves[-1]["bid"] if len(moves) % 2 else None
    return {"ply": ply, "side": side, "trades": answers, "sealed": sealed,
            "score": {"rounds": tally.rounds, "wins": tally.wins}}


@router.post("/api/at")
def api_at(req: AtRequest) -> dict[str, Any]:
    """The analysis board's step: the position after the first `ply` moves of a record of this page."""
    record = page_record(req.record, "cowtrade", "games of the last trade")
    return replay(record, whole_number(req.ply, "the move", 0, len(record.moves)))


@router.get("/", response_class=HTMLResponse)
def page(request: Request) -> HTMLResponse:
    return render(request, "cowtrade.html", game="cowtrade", max_money=MAX_MONEY, max_bids=MAX_BIDS,
                  cards=list(CARD_VALUES), deck=DECK, trades=TRADES)


def headline() -> str:
    """Player 1 with 100 against 50 and the initiative: his exact chance of completing the quartet."""
    result = solved(analysis.CowTrade(100, 50, 1))
    chance = (result.value + 1) / 2
    return (f"with 100 against 50 and the initiative, the player holding one cow completes the quartet "
            f"with probability {frac_str(chance)} ({100 * float(chance):.1f} %)")


def _include_endgame() -> None:
    """The end game (web/cowtrade_endgame.py) lives under this page's prefix: its routes become this
    router's own, so the app mounts and lists them (what both pages share is web.cowtrade_common)."""
    from parlour.web.cowtrade_endgame import router as endgame_router

    router.routes.extend(endgame_router.routes)


_include_endgame()


__all__ = [
    "CACHED", "MAX_BIDS", "MAX_MONEY", "MAX_ROUNDS", "TRADES", "GameSpec", "PlayRequest", "Score", "Tally", "api_at",
    "echo", "headline", "page", "parse_game", "parse_score", "play", "player", "replay", "router", "solution", "solved",
    "step_json", "trade_answer",
]
