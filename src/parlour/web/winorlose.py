"""The Win or Lose page (the study's GUI rebuilt) and its JSON API, as a router the app factory mounts.

The server keeps no game state: the page sends the running totals and Learning Tina's bounds with each
request and gets the new ones back, so several tabs (and tests) never see each other's games and a
restart loses nothing that matters.

  GET  /                   the page (templates/winorlose.html, static/winorlose.js and .css)
  GET  /api/types          the character types and rule options
  POST /api/play           play `rounds` rounds (Start: 1, Loop!: the count) after the given state
  GET  /api/chance         exact win chance of a view: ?hand=3,5&table=0,1,2,6,7

Numbers in answers follow docs/json.md (`win` float + `win_exact` "p/q"); `state` is the page's own
opaque record (chance numerators), sent back unchanged with the next request.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel

from parlour import __version__
from parlour.analyses.winorlose import Series, resume, view_chance
from parlour.analyses.winorlose import play as play_rounds
from parlour.errors import InvalidInput
from parlour.games.winorlose.cards import parse_cards
from parlour.games.winorlose.characters import FRANK_THRESHOLD, Frank, Tina, parse_frank, parse_tina
from parlour.games.winorlose.rules import ChanceRule, Rules, TieRule, parse_chance_rule, parse_tie_rule
from parlour.results import jsonable

HERE = Path(__file__).resolve().parent
MAX_ROUNDS = 100_000  # one request; 1,000 rounds take well under a second

router = APIRouter()
templates = Jinja2Templates(directory=str(HERE / "templates"))


class GameState(BaseModel):
    rounds: int = 0
    frank_points: int = 0
    tina_points: int = 0
    tina_rounds_ahead: int = 0
    frank_rounds_ahead: int = 0
    highest_lose: int = -1
    lowest_win: int = -1


class PlayRequest(BaseModel):
    frank: str = "normal"
    tina: str = "blind"
    rounds: Any = 1  # checked by hand, so a bad field gets our sentence rather than pydantic's
    tie: str = TieRule.ZERO.value
    chance: str = ChanceRule.BEATS.value
    seed: int | None = None
    state: GameState | None = None


def _whole_number(value: Any, what: str, low: int, high: int) -> int:
    text = str(value).strip()
    if isinstance(value, bool) or not text.lstrip("-").isdigit():
        raise InvalidInput(f"{what} must be a whole number from {low} to {high}, got {text!r}")
    n = int(text)
    if not low <= n <= high:
        raise InvalidInput(f"{what} must be a whole number from {low} to {high}, got {n}")
    return n


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
    rounds = _whole_number(req.rounds, "the number of rounds", 1, MAX_ROUNDS)
    start = resume(frank, tina, rules, **(req.state or GameState()).model_dump())
    series = play_rounds(frank, tina, rounds, seed=req.seed, rules=rules, start=start)
    out = jsonable(series)
    out["state"] = _state(series).model_dump()
    out["played"] = rounds
    return out


@router.get("/", response_class=HTMLResponse)
def page(request: Request) -> HTMLResponse:
    return templates.TemplateResponse(
        request,
        "winorlose.html",
        {
            "franks": [(f.value, str(FRANK_THRESHOLD[f])) for f in Frank],
            "tinas": [t.value for t in Tina],
            "ties": [t.value for t in TieRule],
            "chances": [c.value for c in ChanceRule],
            "version": __version__,
        },
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


@router.post("/api/play")
def api_play(req: PlayRequest) -> dict[str, Any]:
    return play(req)


@router.get("/api/chance")
def api_chance(hand: str, table: str) -> dict[str, Any]:
    own, tab = parse_cards([(hand, "hand", 2), (table, "table", 5)])
    return view_chance(own, tab).to_json()
