"""The Win or Lose page and its JSON API, a router the app mounts from the registry.

The server keeps no game state: the page sends the running totals and Learning Tina's bounds with each
request and gets the new ones back, so several tabs (and tests) never see each other's games and a
restart loses nothing that matters.

  GET  /                   the page
  GET  /api/types          the character types and rule options
  POST /api/play           play `rounds` rounds (Start: 1, Loop!: the count) after the given state
  GET  /api/chance         exact win chance of a view: ?hand=3,5&table=0,1,2,6,7

Bad input gets status 400 and {"error": "one sentence"}; the page shows the sentence.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel

from parlour import __version__
from parlour.analyses.winorlose import views
from parlour.errors import InvalidInput
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
    tie: str = views.TieRule.ZERO.value
    chance: str = views.ChanceRule.BEATS.value
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


def _state_json(series: views.Series) -> dict[str, int]:
    return {
        "rounds": series.rounds,
        "frank_points": series.frank_points,
        "tina_points": series.tina_points,
        "tina_rounds_ahead": series.tina_rounds_ahead,
        "frank_rounds_ahead": series.frank_rounds_ahead,
        "highest_lose": series.learning.highest_lose,
        "lowest_win": series.learning.lowest_win,
    }


def play(req: PlayRequest) -> dict[str, Any]:
    frank, tina = views.parse_frank(req.frank), views.parse_tina(req.tina)
    rules = views.rules(req.tie, req.chance)
    rounds = _whole_number(req.rounds, "the number of rounds", 1, MAX_ROUNDS)
    st = req.state or GameState()
    den = rules.chance_denominator
    if st.rounds < 0 or not -1 <= st.highest_lose <= den or not -1 <= st.lowest_win <= den:
        raise InvalidInput("the game state sent with the request is not one this page produces")
    start = views.Series(
        frank,
        tina,
        st.rounds,
        st.frank_points,
        st.tina_points,
        None,
        views.LearningState(den, st.highest_lose, st.lowest_win),
        st.tina_rounds_ahead,
        st.frank_rounds_ahead,
    )
    series = views.play(frank, tina, rounds, req.seed, rules, start)
    out = jsonable(series)
    out["state"] = _state_json(series)
    out["played"] = rounds
    return out


@router.get("/", response_class=HTMLResponse)
def page(request: Request) -> HTMLResponse:
    return templates.TemplateResponse(
        request,
        "winorlose.html",
        {
            "franks": [(f.value, str(views.FRANK_THRESHOLD[f])) for f in views.Frank],
            "tinas": [t.value for t in views.Tina],
            "ties": [t.value for t in views.TieRule],
            "chances": [c.value for c in views.ChanceRule],
            "version": __version__,
        },
    )


@router.get("/api/types")
def types() -> dict[str, Any]:
    return {
        "frank": {f.value: str(views.FRANK_THRESHOLD[f]) for f in views.Frank},
        "tina": [t.value for t in views.Tina],
        "tie": [t.value for t in views.TieRule],
        "chance": [c.value for c in views.ChanceRule],
        "max_rounds": MAX_ROUNDS,
    }


@router.post("/api/play")
def api_play(req: PlayRequest) -> dict[str, Any]:
    return play(req)


@router.get("/api/chance")
def api_chance(hand: str, table: str) -> dict[str, Any]:
    return views.chance_of_view(hand, table).payload()
