"""The web app factory: one FastAPI app with a home page and the page of every game in the registry.

Each `registry.GAMES` entry with a `web` module contributes that module's FastAPI `router`, mounted at
`/<game>/` (its paths are declared relative to that root); the routers share `/static` and the error
handling below. A web module may also define `headline() -> str`, the one live result the home page shows.

The server keeps no game state: each page sends its state with each request. Every error, whatever its
cause (our checks, a body that is not JSON, an unknown path), is a 4xx with {"error": "one sentence"} that
repeats at most 80 characters of the input. Everything is served from here: no CDN, no /docs script.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import AsyncIterator
from functools import cache
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from parlour import __version__
from parlour.errors import ParlourError
from parlour.registry import BY_NAME, GAMES, Game
from parlour.web.common import HERE, clip, docs_folder, render
from parlour.web.jobs import router as job_router
from parlour.web.review import router as review_router

log = logging.getLogger("parlour.web")


def routers() -> list[tuple[str, APIRouter]]:
    """(game name, router) for every registered game with a page, in registry order."""
    return [(g.name, g.load("web").router) for g in GAMES if g.web]


@cache
def headline(name: str) -> str:
    """The game's headline result, computed once per process (the home page shows it)."""
    game = BY_NAME[name]
    if not game.web:
        return ""
    make = getattr(game.load("web"), "headline", None)
    return make() if make else ""


def api_routes(app: FastAPI) -> list[tuple[str, APIRoute]]:
    """(full path, route) of every route the app serves, the games' routers' included (FastAPI keeps those
    behind an inclusion object, with their prefix, rather than in `app.routes`)."""
    out: list[tuple[str, APIRoute]] = []
    for r in app.routes:
        if isinstance(r, APIRoute):
            out.append((r.path, r))
            continue
        context = getattr(r, "include_context", None)
        inner = getattr(r, "original_router", None)
        if context is not None and inner is not None:
            out += [(context.prefix + x.path, x) for x in inner.routes if isinstance(x, APIRoute)]
    return out


def _validation_sentence(exc: RequestValidationError) -> str:
    first = exc.errors()[0] if exc.errors() else {}
    if first.get("type") == "json_invalid":
        return "the request body is not valid JSON"
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
    return clip(f"bad request field {where or '(body)'}: {first.get('msg', 'invalid')}", 160)


def _install_errors(app: FastAPI) -> None:
    @app.exception_handler(ParlourError)
    async def _bad_input(request: Request, exc: ParlourError) -> JSONResponse:
        return JSONResponse(status_code=400, content={"error": clip(exc, 240)})

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(status_code=400, content={"error": _validation_sentence(exc)})

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        generic = exc.detail in (None, "", "Not Found")
        if exc.status_code == 404 and generic:
            sentence = "no such page"
        elif exc.detail == "There was an error parsing the body":
            sentence = "the request body could not be read as JSON"
        else:
            sentence = clip(exc.detail)
        if wants_html(request):  # a person's browser gets a page of the site, an API client its JSON
            return missing_page(request, exc.status_code, sentence)
        return JSONResponse(status_code=exc.status_code, content={"error": sentence})

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> JSONResponse:
        # A bug, not bad input: said as JSON so that the page can show it, and logged with its traceback.
        log.exception("internal error on %s", request.url.path)
        return JSONResponse(status_code=500, content={"error": f"internal error ({type(exc).__name__})"})


def wants_html(request: Request) -> bool:
    """A browser loading a page (GET, Accept naming text/html), not a page's script or an API client (their
    fetch sends */* or application/json): only the former is answered with HTML."""
    return request.method == "GET" and "text/html" in request.headers.get("accept", "")


def missing_page(request: Request, status: int, sentence: str) -> HTMLResponse:
    """An error as a page of the site: its header, the sentence, and the way to the games."""
    heading = "No such page" if status == 404 else "This address cannot be shown"
    said = sentence[:1].upper() + sentence[1:] + ("" if sentence.endswith((".", "!", "?")) else ".")
    if status == 404 and sentence == "no such page":
        said = f"There is no page at {clip(request.url.path)}."
    page = render(request, "missing.html", heading=heading, sentence=said)
    page.status_code = status
    return page


REPORT_MARKS = ("<!-- report:start -->", "<!-- report:end -->")


def report_parts(html: str) -> tuple[str, str] | None:
    """(the report's own style, its content) from the file `parlour reproduce` wrote, or None for a file
    without the marks (written by an older parlour: served as it is)."""
    start, end = (html.find(m) for m in REPORT_MARKS)
    style_at = html.find('<style id="report-style">')
    if start < 0 or end < start or style_at < 0:
        return None
    style_end = html.find("</style>", style_at)
    style = html[style_at + len('<style id="report-style">'):style_end]
    return style, html[start + len(REPORT_MARKS[0]):end]


def _mount_games(app: FastAPI) -> None:
    taken: dict[tuple[str, str], str] = {}
    for name, router in routers():
        prefix = f"/{name}"
        for route in router.routes:
            if isinstance(route, APIRoute):
                for method in route.methods or ():
                    path = prefix + route.path
                    if (method, path) in taken:
                        raise RuntimeError(f"{name} and {taken[(method, path)]} both serve {method} {path}")
                    taken[(method, path)] = name
        app.include_router(router, prefix=prefix)


def _home_cards() -> list[dict[str, str | bool]]:
    return [
        {
            "name": g.name,
            "title": g.title,
            "summary": g.summary,
            "headline": headline(g.name),
            "page": bool(g.web),
            "docs": docs_folder() is not None,
        }
        for g in GAMES
    ]


def _docs_html(game: Game) -> str:
    folder = docs_folder()
    source = (folder / f"{game.name}.md") if folder else None
    if source is None or not source.is_file():
        raise StarletteHTTPException(404)
    return _markdown(source.read_text(encoding="utf-8"))


GUIDES = HERE / "guides"  # the pages for players, one per game, served at /guide/<game>


def _markdown(text: str) -> str:
    from markdown_it import MarkdownIt

    html = MarkdownIt("commonmark").enable("table").render(text)
    # code blocks and tables scroll sideways on a phone: the keyboard must reach them too
    return html.replace("<pre>", '<pre tabindex="0">').replace("<table>", '<table tabindex="0">')


@contextlib.asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    from parlour.infra import jobs

    # the jobs' forkserver starts (and imports the pages' works) while the server starts, not on the first job
    threading.Thread(target=jobs.warm, daemon=True, name="parlour-warm-jobs").start()
    yield
    jobs.jobs.shutdown()  # a job's process does not outlive the server


def create_app() -> FastAPI:
    app = FastAPI(title="parlour", version=__version__, docs_url=None, redoc_url=None, lifespan=_lifespan)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    _install_errors(app)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def home(request: Request) -> HTMLResponse:
        return render(request, "home.html", games=_home_cards())

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        return FileResponse(HERE / "static" / "favicon.svg", media_type="image/svg+xml")

    @app.get("/docs/{name}", include_in_schema=False)
    def docs(request: Request, name: str) -> Response:
        folder = docs_folder()
        if name.endswith(".svg") and "/" not in name and folder is not None and (folder / name).is_file():
            return FileResponse(folder / name, media_type="image/svg+xml")  # the images the docs show
        if name not in BY_NAME:
            raise StarletteHTTPException(404)
        return render(request, "docs.html", title=BY_NAME[name].title, body=_docs_html(BY_NAME[name]))

    @app.get("/guide/{name}", response_class=HTMLResponse, include_in_schema=False)
    def guide(request: Request, name: str) -> HTMLResponse:
        if name not in BY_NAME or not (GUIDES / f"{name}.md").is_file():
            raise StarletteHTTPException(404)
        return render(request, "docs.html", title=BY_NAME[name].title, guide=name,
                      body=_markdown((GUIDES / f"{name}.md").read_text(encoding="utf-8")))

    @app.get("/docs/screenshots/{name}", include_in_schema=False)
    def screenshot(name: str) -> FileResponse:
        folder = docs_folder()
        image = (folder / "screenshots" / name) if folder else None
        if image is None or not name.endswith(".png") or "/" in name or not image.is_file():
            raise StarletteHTTPException(404)
        return FileResponse(image, media_type="image/png")

    @app.get("/report/", include_in_schema=False)
    def report(request: Request) -> Response:
        index = Path("report") / "index.html"
        if not index.is_file():
            raise StarletteHTTPException(404, "no report here yet: run `parlour reproduce` in this folder")
        parts = report_parts(index.read_text(encoding="utf-8"))
        if parts is None:
            return FileResponse(index)
        # the file stands alone (its stylesheet inlined); served, it is a page of the site
        return render(request, "report_page.html", style=parts[0], body=parts[1])

    app.include_router(job_router)
    app.include_router(review_router)
    _mount_games(app)
    return app


__all__ = [
    "GUIDES", "REPORT_MARKS", "api_routes", "create_app", "headline", "missing_page", "report_parts", "routers",
    "wants_html",
]
