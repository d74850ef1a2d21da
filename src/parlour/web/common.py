"""What every game's page shares: the site's layout, input checks that answer one sentence, and the rule
that an error names at most 80 characters of what it was sent.

A game's router (parlour.web.<game>) declares its paths relative to its own root (`/`, `/api/...`); the app
mounts it at `/<game>/`. Pages extend templates/base.html (the nav, the error box, the busy sign) and call the
API through static/parlour.js's `parlour.api`, which disables the page's controls while a request runs and
shows every server error, JSON or not, in the error box.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from parlour import __version__
from parlour.errors import InvalidInput, shown
from parlour.registry import GAMES

HERE = Path(__file__).resolve().parent
templates = Jinja2Templates(directory=str(HERE / "templates"))

DIGITS_LIMIT = 12  # longer digit strings are refused before int() sees them
# A page job estimated to take longer than this shows its estimate and a Start button first: nobody's
# minutes (and the server's cores) are spent on a click that did not know what it asked for.
ASK_ABOVE_S = 60.0


def clip(text: object, limit: int = 80) -> str:
    """A message or detail as an error may say it: at most `limit` characters, with an ellipsis when cut."""
    s = str(text)
    return s if len(s) <= limit else s[: limit - 1] + "…"


SHORT_TITLES = {"goose": "Goose", "guess": "Guessing game", "memory": "Memory"}  # the nav's words on a phone


def pages() -> list[dict[str, str]]:
    """The nav: every registered game with a page, in registry order, with a short title for the nav."""
    return [
        {"name": g.name, "title": g.title, "href": f"/{g.name}/",
         "short": SHORT_TITLES.get(g.name, g.title.split(" (")[0].split(":")[0])}
        for g in GAMES if g.web
    ]


def duration_words(seconds: float) -> str:
    """An estimate as a person reads it: "a few seconds", "about 4 minutes", "about 2 hours"."""
    if seconds < 20:
        return "a few seconds"
    if seconds < 90:
        return "about a minute"
    if seconds < 5400:
        return f"about {round(seconds / 60)} minutes"
    return f"about {seconds / 3600:.0f} hours"


def ask_first(seconds: float, start: Any, joining: bool) -> bool:
    """Whether a page must show the estimate and a Start button instead of starting a job: the estimate
    exceeds ASK_ABOVE_S, the request did not say start (true), and no job for it runs already (asking
    again joins that job; it starts nothing)."""
    return seconds > ASK_ABOVE_S and start is not True and not joining


def render(request: Request, template: str, **context: Any) -> HTMLResponse:
    """A page that extends base.html: the nav, the version and the game's name come with every page."""
    return templates.TemplateResponse(
        request, template, {"version": __version__, "pages": pages(), **context}
    )


def whole_number(value: Any, what: str, low: int, high: int) -> int:
    """A whole number low..high written in ASCII digits (an int, or a string as a form sends it); anything
    else, a non-ASCII digit, a bool or 5,000 digits, is one sentence."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InvalidInput(f"{what} must be a whole number from {low} to {high}, got {shown(value)}")
    if isinstance(value, int):
        if not low <= value <= high:
            raise InvalidInput(f"{what} must be a whole number from {low} to {high}, got {shown(value)}")
        return value
    text = value.strip()
    body = text[1:] if text.startswith("-") else text
    if not body or not body.isascii() or not body.isdigit():
        raise InvalidInput(f"{what} must be a whole number from {low} to {high}, got {shown(text)}")
    if len(body) > DIGITS_LIMIT:
        raise InvalidInput(f"{what} must be a whole number from {low} to {high}, got one of {len(body)} digits")
    n = int(text)
    if not low <= n <= high:
        raise InvalidInput(f"{what} must be a whole number from {low} to {high}, got {n}")
    return n


def whole_numbers(value: Any, what: str, low: int, high: int, count: range) -> list[int]:
    """A list of whole numbers low..high, given as a JSON list or a comma-separated string, of a length in
    `count`."""
    items: Sequence[Any]
    if isinstance(value, str):
        items = [t for t in value.split(",")] if value.strip() else []
    elif isinstance(value, list | tuple):
        items = value
    else:
        raise InvalidInput(f"{what} must be a list of whole numbers, got {shown(value)}")
    if len(items) not in count:
        # what the person typed, and what is allowed (not "got 1": the count of a list he never saw as one)
        typed = value.strip() if isinstance(value, str) else value
        apart = ", comma-separated" if isinstance(value, str) else ""
        raise InvalidInput(f"{what} must be {how_many(count)} from {low} to {high}{apart}, got {shown(typed)}")
    return [whole_number(v, what, low, high) for v in items]


def how_many(count: range) -> str:
    """The length a list may have, in words: "2 whole numbers", "0 to 4 whole numbers", "1 whole number"."""
    low, high = count.start, count.stop - 1
    said = str(low) if low == high else f"{low} to {high}"
    return f"{said} whole number{'' if high == 1 else 's'}"


def one_of(value: Any, what: str, options: Iterable[str]) -> str:
    """One of the named options, or a sentence that lists them."""
    names = list(options)
    if not isinstance(value, str) or value not in names:
        raise InvalidInput(f"{what} must be one of {', '.join(names)}, got {shown(value)}")
    return value


@cache
def docs_folder() -> Path | None:
    """The repository's docs/ when parlour runs from a checkout (the pages link the game's documentation)."""
    folder = HERE.parents[2] / "docs"
    return folder if folder.is_dir() else None
