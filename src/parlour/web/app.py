"""The web app factory: one FastAPI app that mounts the page of every game in the registry.

Each `registry.GAMES` entry with a `web` module contributes that module's FastAPI `router`; the
routers share `/static` (web/static, files named after their game) and the error handling below. Two
routers may not declare the same method and path: the factory refuses to start rather than let one
page hide another. Win or Lose, the first game with a page, keeps the paths it always had (`/` and
`/api/...`); a later game's router should put its paths under `/<game>/`.

The server keeps no game state: each page sends its state with each request.
Bad input gets status 400 and {"error": "one sentence"}.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles

from parlour import __version__
from parlour.errors import ParlourError
from parlour.registry import GAMES

HERE = Path(__file__).resolve().parent


def routers() -> list[tuple[str, APIRouter]]:
    """(game name, router) for every registered game with a page, in registry order."""
    return [(g.name, g.load("web").router) for g in GAMES if g.web]


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

    taken: dict[tuple[str, str], str] = {}
    for name, router in routers():
        for route in router.routes:
            if isinstance(route, APIRoute):
                for method in route.methods or ():
                    if (method, route.path) in taken:
                        raise RuntimeError(
                            f"{name} and {taken[(method, route.path)]} both serve {method} {route.path}"
                        )
                    taken[(method, route.path)] = name
        app.include_router(router)
    return app
