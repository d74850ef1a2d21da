"""parlour's local web app: one FastAPI app that mounts the page and API of every registered game that
has one (registry.Game.web: a module with a FastAPI `router`) and the shared static files.

Bad input gets status 400 and {"error": "one sentence"} from every game's API.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from parlour import __version__
from parlour.errors import ParlourError
from parlour.registry import GAMES

HERE = Path(__file__).resolve().parent


def create_app() -> FastAPI:
    app = FastAPI(title="parlour", version=__version__)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

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

    for game in GAMES:
        if game.web is not None:
            app.include_router(game.load("web").router)
    return app
