"""The Win or Lose page and its JSON API.

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

import numpy as np
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel

from parlour import __version__
from parlour.errors import InvalidInput, ParlourError
from parlour.games.winorlose.cards import parse_cards
from parlour.games.winorlose.chance import win_chance
from parlour.games.winorlose.characters import (
    FRANK_THRESHOLD,
    Frank,
    LearningState,
    Tina,
    parse_frank,
    parse_tina,
)
from parlour.games.winorlose.play import Series, play_series
from parlour.games.winorlose.rules import ChanceRule, Rules, TieRule, parse_chance_rule, parse_tie_rule
from parlour.results import jsonable

HERE = Path(__file__).resolve().parent
MAX_ROUNDS = 100_000  # one request; 1,000 rounds take well under a second


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


def _state_json(series: Series) -> dict[str, int]:
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
    frank, tina = parse_frank(req.frank), parse_tina(req.tina)
    rules = Rules(tie=parse_tie_rule(req.tie), chance=parse_chance_rule(req.chance))
    rounds = _whole_number(req.rounds, "the number of rounds", 1, MAX_ROUNDS)
    st = req.state or GameState()
    den = rules.chance_denominator
    if st.rounds < 0 or not -1 <= st.highest_lose <= den or not -1 <= st.lowest_win <= den:
        raise InvalidInput("the game state sent with the request is not one this page produces")
    start = Series(
        frank,
        tina,
        st.rounds,
        st.frank_points,
        st.tina_points,
        None,
        LearningState(den, st.highest_lose, st.lowest_win),
        st.tina_rounds_ahead,
        st.frank_rounds_ahead,
    )
    series = play_series(frank, tina, rounds, np.random.default_rng(req.seed), rules, start)
    out = jsonable(series)
    out["state"] = _state_json(series)
    out["played"] = rounds
    return out


def create_app() -> FastAPI:
    app = FastAPI(title="parlour: Win or Lose", version=__version__)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = Jinja2Templates(directory=str(HERE / "templates"))

    @app.exception_handler(ParlourError)
    async def _bad_input(request: Request, exc: ParlourError) -> JSONResponse:
        return JSONResponse(status_code=400, content={"error": str(exc)})

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return JSONResponse(
            status_code=400, content={"error": f"bad request field {where or '(body)'}: {first.get('msg', 'invalid')}"}
        )

    @app.get("/", response_class=HTMLResponse)
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

    @app.get("/api/types")
    def types() -> dict[str, Any]:
        return {
            "frank": {f.value: str(FRANK_THRESHOLD[f]) for f in Frank},
            "tina": [t.value for t in Tina],
            "tie": [t.value for t in TieRule],
            "chance": [c.value for c in ChanceRule],
            "max_rounds": MAX_ROUNDS,
        }

    @app.post("/api/play")
    def api_play(req: PlayRequest) -> dict[str, Any]:
        return play(req)

    @app.get("/api/chance")
    def api_chance(hand: str, table: str) -> dict[str, Any]:
        own, tab = parse_cards([(hand, "hand", 2), (table, "table", 5)])
        return jsonable(win_chance(own, tab))

    return app


app = create_app()
