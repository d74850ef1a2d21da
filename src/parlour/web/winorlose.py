"""The Win or Lose page (the study's GUI rebuilt) and its JSON API, as a router the app factory mounts.

The server keeps no game state: the page sends the running totals and Learning Tina's bounds with each
request and gets the new ones back, so several tabs (and tests) never see each other's games and a
restart loses nothing that matters.

Mounted at /winorlose/ (paths below are relative to it):

  GET  /                   the page (templates/winorlose.html, static/winorlose.js and .css)
  GET  /api/types          the character types and rule options
  POST /api/play           play `rounds` rounds (Start: 1, Loop!: the count) after the given state
  GET  /api/chance         exact win chance of a view: ?hand=3,5&table=0,1,2,6,7

Work is bounded rather than cancelled: one request plays at most MAX_ROUNDS rounds, about half a second
on the 2-core machine (bench/bench_web.py), so a client that leaves costs at most that; the page loops
longer runs as several requests.

Numbers in answers follow docs/json.md (`win` float + `win_exact` "p/q"); `state` is the page's own
opaque record (chance numerators), sent back unchanged with the next request.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, Field

from parlour.analyses.winorlose import Series, resume, view_chance
from parlour.analyses.winorlose import play as play_rounds
from parlour.analyses.winorlose.tournament import exact_pairing
from parlour.errors import InvalidInput, shown
from parlour.games.winorlose.cards import parse_cards
from parlour.games.winorlose.characters import FRANK_THRESHOLD, Frank, Tina, parse_frank, parse_tina
from parlour.games.winorlose.rules import ChanceRule, Rules, TieRule, parse_chance_rule, parse_tie_rule
from parlour.results import jsonable
from parlour.web.common import render, whole_number

MAX_ROUNDS = 10_000  # one request: about 0.5 s on the 2-core machine (bench/bench_web.py)
MAX_TOTAL = 10**9  # rounds in one game: far beyond what a page plays, far below what breaks anything
POINTS = 2  # the most points one round wins or loses

router = APIRouter()


class GameState(BaseModel):
    rounds: int = Field(default=0, ge=0, le=MAX_TOTAL)
    frank_points: int = Field(default=0, ge=-POINTS * MAX_TOTAL, le=POINTS * MAX_TOTAL)
    tina_points: int = Field(default=0, ge=-POINTS * MAX_TOTAL, le=POINTS * MAX_TOTAL)
    tina_rounds_ahead: int = Field(default=0, ge=0, le=MAX_TOTAL)
    frank_rounds_ahead: int = Field(default=0, ge=0, le=MAX_TOTAL)
    highest_lose: int = Field(default=-1, ge=-1, le=10**6)
    lowest_win: int = Field(default=-1, ge=-1, le=10**6)

    def check(self) -> None:
        """The whole state must be one that playing could have produced."""
        if max(abs(self.frank_points), abs(self.tina_points)) > POINTS * self.rounds:
            raise InvalidInput(f"the state's points cannot be reached in {self.rounds} rounds")
        if self.tina_rounds_ahead + self.frank_rounds_ahead > self.rounds:
            raise InvalidInput(f"the state's rounds ahead add up to more than the {self.rounds} rounds played")
        if self.lowest_win >= 0 and self.highest_lose >= self.lowest_win:
            raise InvalidInput("the state's Learning bounds contradict each other (a loss at or above a win)")
        if self.rounds == 0 and (self.highest_lose, self.lowest_win) != (-1, -1):
            raise InvalidInput("the state has Learning bounds but no rounds played")


class PlayRequest(BaseModel):
    frank: str = "normal"
    tina: str = "blind"
    rounds: Any = 1  # checked by hand, so a bad field gets our sentence rather than pydantic's
    tie: str = TieRule.ZERO.value
    chance: str = ChanceRule.BEATS.value
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    state: GameState | None = None


def _state(series: Series) -> GameState:
    return GameState(
        rounds=series.rounds,
        frank_points=series.frank_points,
        tina_points=series.tina_points,
        tina_rounds_ahead=series.tina_rounds_ahead,
        frank_rounds_ahead=series.frank_rounds_ahead,
        highest_lose=series.learning.highest_lose,
        lowest_win=series.learning.lowest_win,
    )


def play(req: PlayRequest) -> dict[str, Any]:
    frank, tina = parse_frank(req.frank), parse_tina(req.tina)
    rules = Rules(tie=parse_tie_rule(req.tie), chance=parse_chance_rule(req.chance))
    rounds = whole_number(req.rounds, "the number of rounds", 1, MAX_ROUNDS)
    state = req.state or GameState()
    state.check()
    if state.rounds + rounds > MAX_TOTAL:
        raise InvalidInput(f"a game on this page ends at {MAX_TOTAL} rounds; press Clear to start a new one")
    start = resume(frank, tina, rules, **state.model_dump())
    series = play_rounds(frank, tina, rounds, seed=req.seed, rules=rules, start=start)
    out = jsonable(series)
    out["state"] = _state(series).model_dump()
    out["played"] = rounds
    return out


@router.get("/", response_class=HTMLResponse)
def page(request: Request) -> HTMLResponse:
    return render(
        request,
        "winorlose.html",
        game="winorlose",
        franks=[(f.value, str(FRANK_THRESHOLD[f])) for f in Frank],
        tinas=[t.value for t in Tina],
        ties=[t.value for t in TieRule],
        chances=[c.value for c in ChanceRule],
    )


@router.get("/api/types")
def types() -> dict[str, Any]:
    return {
        "frank": {f.value: str(FRANK_THRESHOLD[f]) for f in Frank},
        "tina": [t.value for t in Tina],
        "tie": [t.value for t in TieRule],
        "chance": [c.value for c in ChanceRule],
        "max_rounds": MAX_ROUNDS,
    }


INLINE_ROUNDS = 100  # up to this many rounds (about a millisecond) a request is answered on the event loop


@router.post("/api/play")
async def api_play(req: PlayRequest) -> JSONResponse:
    # A short request is answered on the event loop itself: sent to the thread pool, a crowd of them made
    # forty threads fight the loop for the GIL, and p99 of bench/bench_web.py's 100 clients stayed above 1 s.
    # Longer loops (up to MAX_ROUNDS, ~0.5 s) go to the pool so that they do not stall the others.
    # `play` returns plain JSON values: a JSONResponse skips FastAPI's second encoding pass over them.
    small = isinstance(req.rounds, int) and not isinstance(req.rounds, bool) and req.rounds <= INLINE_ROUNDS
    return JSONResponse(play(req) if small else await run_in_threadpool(play, req))


@router.get("/api/chance")
def api_chance(hand: str, table: str) -> dict[str, Any]:
    for text, what in ((hand, "hand"), (table, "table")):
        if len(text) > 40 or not text.isascii():
            raise InvalidInput(f"{what} must be a few cards written in ASCII like 3,5h, got {shown(text)}")
    own, tab = parse_cards([(hand, "hand", 2), (table, "table", 5)])
    return view_chance(own, tab).to_json()


def headline() -> str:
    """Smart Tina against normal Frank over one round, counted over every deal."""
    result = exact_pairing(Frank.NORMAL, Tina.SMART, rounds=1)
    ahead = result.round_tina_ahead
    share = float(ahead) if isinstance(ahead, Fraction) else ahead.estimate
    return f"Smart Tina ends a round ahead of normal Frank in {100 * share:.1f} % of deals"
