"""The Memory page: play against the optimal perfect-memory player, with the analysis's hints.

Mounted at /memory/ (paths below are relative to it):

  GET  /                 the page (templates/memory.html, static/memory.js and .css)
  POST /api/new          a new match: {"pairs": 1..20, "first": "you" | "computer"}
  POST /api/flip         turn one card: {"game": <the game object of the last answer>, "card": position}
  POST /api/view         the view of a game object (the page reloaded), without a move
  POST /api/at           the analysis board's step: the position after the first `ply` flips of a record
  POST /api/line         retry from here: a finished game's record, a move, and the person's flips from there
  GET  /api/state        every tactic's value in one state: ?k=10&B=4&P=2 (as `parlour memory state`)

Every view carries `story`: the person's exact expected pairs at the deal and after every finished turn (the
final pairs at the end), with who played the turn, for the page's story chart.

**The record** (`record` in every view; docs/json.md, "Game records") lists both players' flips with the faces they
showed, the nonce, and the deal once the game is over; the page keeps it, puts it in its link (`#record=`) and
sends it to `POST /api/review`. The analysis board steps through it with `/api/at` (it needs only the faces the
record shows) and retries from a move with `/api/line` (a finished game only: the deal must be known).

**The deal is hidden, the server keeps no state.** The game object the page carries is
`{pairs, first, nonce, moves}`: a random nonce and the person's flips, nothing derived. The server turns
the nonce into the deal with an HMAC under a key of its own (kept in the cache folder, so a restart does
not lose running games), so the page cannot compute the deal even knowing how it is done; it sees a
face only once the card is turned. Every request replays the whole match from the nonce and the flips
(the computer's turns are replayed too: its random choices come from the same HMAC), so every flip of
the history is checked again and no score or seen card is ever taken from the page.

What this cannot stop: a person who edits requests can send an earlier history again (take a move
back and try another card). Only server-side state could stop that; the page itself never does it.

Work per request is bounded: at most 12n + 4 flips can be replayed (a pass never follows a pass, and
every other turn takes a pair or reveals a card), a few milliseconds for 20 pairs (bench/bench_web_memory.py).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
from fractions import Fraction
from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel

from parlour.analyses.memory.dp import to_fraction
from parlour.analyses.memory.match import (
    KP,
    KS,
    MAX_MATCH_PAIRS,
    PLAYERS,
    UU,
    YOU,
    Match,
    category,
    deal,
    other,
    partner,
    replay,
    second_card_values,
    solution,
    turn_hint,
)
from parlour.analyses.memory.summary import state_values
from parlour.analyses.review.core import GameRecord
from parlour.analyses.review.memory import deal_of, flips_of, play_on, played, settings_of
from parlour.errors import InvalidInput, shown
from parlour.games.memory.rules import State, make_state
from parlour.infra.storage import atomic_write, cache_folder
from parlour.results import exact
from parlour.web.common import one_of, render, whole_number, whole_numbers
from parlour.web.review import AtRequest, page_record

router = APIRouter()

NONCE = re.compile(r"[0-9a-f]{32}")
KEY_FILE = "memory-deal-key"


def max_flips(pairs: int) -> int:
    """The most flips a person can make in a match of `pairs` pairs: at most 3n turns change the state
    (n take a pair, at most 2n reveal a card); around them at most 3n + 2 passes, since a second pass in a
    row ends the match; two flips a turn."""
    return 2 * (6 * pairs + 2)


@cache
def _key() -> bytes:
    """The server's secret for deals: read from the cache folder, made there on first use (written to a
    temporary file and renamed, so a reader never sees half a key); a process that cannot write there
    keeps a key of its own (its games then end with it)."""
    try:
        path = cache_folder() / KEY_FILE
        if not path.is_file():
            atomic_write(path, secrets.token_bytes(32), mode=0o600)
        key = path.read_bytes()
        if len(key) >= 32:
            return key
    except OSError:
        pass
    return secrets.token_bytes(32)


def _seed(nonce: str, purpose: str, pairs: int, first: str) -> int:
    digest = hmac.new(_key(), f"{purpose}:{pairs}:{first}:{nonce}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest, "big")


class Game(BaseModel):
    """The state the page carries: checked field by field here, so that a bad one is our sentence."""

    pairs: Any = None
    first: Any = None
    nonce: Any = None
    moves: Any = None


class NewRequest(BaseModel):
    pairs: Any = 8
    first: Any = YOU


class FlipRequest(BaseModel):
    game: Game | None = None
    card: Any = None


class ViewRequest(BaseModel):
    game: Game | None = None


def _checked(game: Game | None) -> tuple[int, str, str, list[int]]:
    if game is None:
        raise InvalidInput("the request has no game: start a new one")
    pairs = whole_number(game.pairs, "the number of pairs", 1, MAX_MATCH_PAIRS)
    first = one_of(game.first, "the first player", PLAYERS)
    if not isinstance(game.nonce, str) or not NONCE.fullmatch(game.nonce):
        raise InvalidInput(f"the game's nonce must be 32 hexadecimal digits, got {shown(game.nonce)}")
    limit = max_flips(pairs)
    moves = whole_numbers([] if game.moves is None else game.moves, "the game's flips", 0, 2 * pairs - 1,
                          range(0, limit + 1))
    return pairs, first, game.nonce, moves


def _replayed(pairs: int, first: str, nonce: str, moves: list[int]) -> Match:
    faces = deal(pairs, random.Random(_seed(nonce, "deal", pairs, first)))
    return replay(pairs, faces, first, moves, _seed(nonce, "computer", pairs, first))


def _state_json(st: State) -> dict[str, int]:
    return {"k": st.k, "B": st.B, "P": st.P}


def _cards(m: Match) -> list[dict[str, Any]]:
    """What the page may know of every position: a face only once it has been turned."""
    out = []
    for q, face in enumerate(m.faces):
        if q in m.taken_by:
            out.append({"status": "taken", "face": face, "by": m.taken_by[q]})
        elif q == m.open_card:
            out.append({"status": "up", "face": face})
        elif q in m.seen:
            out.append({"status": "seen", "face": face})
        else:
            out.append({"status": "down"})
    return out


def _turns(m: Match) -> list[dict[str, Any]]:
    return [
        {"player": t.player, "cards": list(t.cards), "faces": list(t.faces), "state": _state_json(t.state),
         "tactic": t.tactic, "matched": t.matched, "passed": t.passed}
        for t in m.turns
    ]


def _card_hints(m: Match, values: dict[str, Fraction], kind_of: dict[int, str]) -> dict[str, Any]:
    best = max(values.values()) if values else None
    return {
        str(q): {"kind": kind, **exact("value", values[kind]), "best": values[kind] == best}
        for q, kind in kind_of.items() if kind in values
    }


def _hint(m: Match) -> tuple[dict[str, Any], Fraction]:
    """The hint for the person's move and the person's expected cards still to come from this turn's
    start (w at the start of a turn; after the first card, the best second card's conditional value)."""
    st = m.state()
    known = m.known_before_turn()
    th = turn_hint(st)
    hint: dict[str, Any] = {
        **exact("w", th.w),
        "optimal": list(th.optimal),
        "pass_optimal": th.pass_optimal,
        "tactics": {t.name: {**exact("value", t.value), "label": t.label, "optimal": t.optimal} for t in th.tactics},
    }
    on = [q for q in m.on_table if q != m.open_card]
    if m.open_card is None:
        kinds = {q: category(m.faces, q, known) if q in known else "onb" for q in on}
        hint["stage"] = "first"
        hint["choices"] = {kind: exact("value", v) for kind, v in th.first_card_values.items()}
        hint["cards"] = _card_hints(m, dict(th.first_card_values), kinds)
        return hint, th.w
    first_kind = category(m.faces, m.open_card, known)
    values = second_card_values(st, first_kind)
    mate = partner(m.faces, m.open_card)
    seen_now = m.seen  # the open card is face up: it counts as known for the second choice
    kinds = {}
    for q in on:
        if q == mate and first_kind not in (KS, UU):
            kinds[q] = "nek"
        elif q not in seen_now:
            kinds[q] = "onb"
        else:
            kinds[q] = "bmn" if category(m.faces, q, seen_now) == KP else "bzn"
    hint["stage"] = "second"
    hint["first_card"] = first_kind
    hint["choices"] = {kind: exact("value", v) for kind, v in values.items()}
    hint["cards"] = _card_hints(m, values, kinds)
    return hint, max(values.values())


def _expected_you(won_you: int, mover: str, st: State) -> Fraction:
    """The person's expected pairs at the start of a turn: the pairs taken plus half of the cards the person
    can still expect (w for the mover, the rest, k - w, for the other player)."""
    w = to_fraction(solution().values[st])
    mine = w if mover == YOU else st.k - w
    return won_you + mine / 2


def story(m: Match) -> list[dict[str, Any]]:
    """The game's story for the page's chart: the person's exact expected pairs at the start of the game and
    after every finished turn (the final pairs once the game is over), with who played the turn that led
    there. A turn is one move: the value is only known exactly at a turn's start."""
    won_you = 0
    values: list[Fraction] = []
    for t in m.turns:
        values.append(_expected_you(won_you, t.player, t.state))
        won_you += 1 if t.matched and t.player == YOU else 0
    values.append(m.final_pairs()[YOU] if m.over else _expected_you(won_you, m.mover, m.state()))
    movers: list[str | None] = [None, *(t.player for t in m.turns)]
    points = [{"mover": who, **exact("you", v)} for who, v in zip(movers, values, strict=True)]
    return points


def record_of(m: Match, nonce: str | None) -> dict[str, Any]:
    """The game's record (docs/json.md, "Game records"): every flip of both players with the face it showed; the
    nonce, so that this server (and only it: the deal comes from its key) can play the game on after a reload;
    and the deal once the game is over, so that a link restores the whole game anywhere."""
    settings: dict[str, Any] = {"pairs": m.pairs, "first": m.first}
    if nonce is not None:
        settings["nonce"] = nonce
    if m.over:
        settings["deal"] = list(m.faces)
    flips = [(t.player, q) for t in m.turns for q in t.cards]
    if m.open_card is not None:
        flips.append((m.mover, m.open_card))
    moves = [{"by": by, "card": q, "face": m.faces[q]} for by, q in flips]
    return GameRecord("memory", settings, tuple(moves)).to_json()


def view_of(m: Match, nonce: str | None = None) -> dict[str, Any]:
    """What the page shows of a match: the cards as far as they are known, the turns, the story, the hint and
    both players' expected pairs for the player to move (the person in a live game; either player at a step of
    the analysis board), and the record."""
    out: dict[str, Any] = {
        "story": story(m),
        "cards": _cards(m),
        "turns": _turns(m),
        "won": dict(m.won),
        "over": m.over,
        "stalemate": m.stalemate,
        "mover": m.mover,
        "record": record_of(m, nonce),
    }
    if m.over:
        final = m.final_pairs()
        out["expected"] = {p: exact("pairs", final[p]) for p in PLAYERS}
        out["final"] = out["expected"]
        return out
    st = m.state()
    out["state"] = _state_json(st)
    hint, mine = _hint(m)
    out["hint"] = hint
    # the mover's expected pairs: taken so far plus half the cards still to come; the other player gets the rest
    rest = other(m.mover)
    out["expected"] = {
        m.mover: exact("pairs", m.won[m.mover] + mine / 2),
        rest: exact("pairs", m.won[rest] + (st.k - mine) / 2),
    }
    return out


def view(pairs: int, first: str, nonce: str, moves: list[int]) -> dict[str, Any]:
    out = view_of(_replayed(pairs, first, nonce, moves), nonce)
    return {**out, "game": {"pairs": pairs, "first": first, "nonce": nonce, "moves": moves}}


@router.get("/", response_class=HTMLResponse)
def page(request: Request) -> HTMLResponse:
    return render(request, "memory.html", game="memory", max_pairs=MAX_MATCH_PAIRS, headline=headline())


@router.post("/api/new")
def api_new(req: NewRequest) -> dict[str, Any]:
    pairs = whole_number(req.pairs, "the number of pairs", 1, MAX_MATCH_PAIRS)
    first = one_of(req.first, "the first player", PLAYERS)
    return view(pairs, first, secrets.token_hex(16), [])


@router.post("/api/flip")
def api_flip(req: FlipRequest) -> dict[str, Any]:
    pairs, first, nonce, moves = _checked(req.game)
    card = whole_number(req.card, "the card", 0, 2 * pairs - 1)
    if len(moves) >= max_flips(pairs):
        raise InvalidInput("the game has as many flips as a match can have")
    return view(pairs, first, nonce, [*moves, card])


@router.post("/api/view")
def api_view(req: ViewRequest) -> dict[str, Any]:
    pairs, first, nonce, moves = _checked(req.game)
    return view(pairs, first, nonce, moves)


class LineRequest(BaseModel):
    record: Any = None
    start: Any = None
    moves: Any = None
    seed: Any = None


@router.post("/api/at")
def api_at(req: AtRequest) -> dict[str, Any]:
    """The position after the first `ply` flips of a record's main line (the analysis board's step), as a view.
    It needs only the faces the record shows: an unfinished game's hidden cards stay hidden."""
    record = page_record(req.record, "memory", "games of Memory")
    ply = whole_number(req.ply, "the move", 0, len(record.moves))
    return {**view_of(played(record, ply).match), "ply": ply}


@router.post("/api/line")
def api_line(req: LineRequest) -> dict[str, Any]:
    """Retry from here: the record's first `start` flips, then the person's `moves` against the optimal computer
    (its random draws from `seed`). Only a finished game's record (it carries the deal): while a game runs its
    deal is hidden, and a retry would turn its cards."""
    record = page_record(req.record, "memory", "games of Memory")
    if "deal" not in record.settings:
        raise InvalidInput("retry from here opens once the game is over: until then the deal is hidden")
    start = whole_number(req.start, "the move to retry from", 0, len(record.moves))
    seed = whole_number(req.seed, "the retry's seed", 0, 2**32 - 1)
    pairs, first = settings_of(record)
    moves = whole_numbers([] if req.moves is None else req.moves, "the retry's flips", 0, 2 * pairs - 1,
                          range(0, max_flips(pairs) + 1))
    flips = flips_of(record.moves, pairs)
    line = play_on(pairs, deal_of(record.settings, pairs, flips), first, [(b, c) for b, c, _ in flips[:start]],
                   moves, seed)
    out = view_of(line.match)
    out["line"] = {"from": start, "moves": [{"by": f.by, "card": f.card, "face": f.face} for f in line.flips[start:]]}
    return out


@router.get("/api/state")
def api_state(k: str = "", B: str = "", P: str = "") -> dict[str, Any]:
    limit = 2 * MAX_MATCH_PAIRS
    st = make_state(whole_number(k, "k", 2, limit), whole_number(B, "B", 0, limit), whole_number(P, "P", 0, limit))
    return state_values(st.k, st.B, st.P).to_json()


def headline() -> str:
    """Optimal play on the page's largest table: how often it ends in a stalemate of mutual passes."""
    sol = solution()
    start = sol.start()
    stalemate = float(sol.stalemate[start].p) / float(sol.stalemate[start].q)
    return (f"with {sol.pairs} pairs and perfect memory, optimal play ends in a stalemate of mutual passes in "
            f"{100 * stalemate:.1f} % of games; the first player expects {float(sol.first_player_pairs):.4f} pairs")


__all__ = [
    "KEY_FILE", "NONCE", "FlipRequest", "Game", "LineRequest", "NewRequest", "ViewRequest", "api_at",
    "api_flip", "api_line", "api_new", "api_state", "api_view", "headline", "max_flips", "page", "record_of",
    "router", "story", "view", "view_of",
]
