"""`POST /api/review`: a page's game record graded, the same review `parlour review RECORD --json` prints (both
come from `analyses.review`), so the page and the command line show the same numbers."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from parlour.analyses.review.core import GameRecord, parse_record, review
from parlour.errors import FormatError, InvalidInput, shown
from parlour.results import envelope, jsonable

__all__ = ["AtRequest", "page_record", "router"]

router = APIRouter()


class AtRequest(BaseModel):
    """A page's `POST api/at`: the position after the first `ply` moves of a record's main line."""

    record: Any = None
    ply: Any = None


def page_record(data: Any, game: str, games: str) -> GameRecord:
    """The record a page was sent, checked to be one of its own game (`games`: the page's words for them)."""
    record = parse_record(data)
    if record.game != game:
        raise InvalidInput(f"this page restores {games}, not {shown(record.game)}")
    return record


@router.post("/api/review")
async def api_review(request: Request) -> dict[str, Any]:
    try:
        data = await request.json()
    except ValueError as exc:
        raise FormatError("the request body is not valid JSON") from exc
    # the grading is synchronous work (a Goose table read back, a search): off the event loop, so other requests go on
    result = await run_in_threadpool(review, parse_record(data))
    body: dict[str, Any] = envelope("parlour", "review", jsonable(result))
    return body
