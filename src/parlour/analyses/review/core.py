"""The game record and its review: one shape for every game (docs/json.md, "Game records").

A **record** is what a page keeps, what a shared link carries and what `parlour review RECORD` reads:

    {"parlour_record": 1, "game": "memory", "settings": {...}, "moves": [...], "lines": [...]}

- `settings`: the game's own settings (pairs, numbers, players, rules, ...), as that game's page and CLI name them;
- `moves`: the main line, in order; each move an object with `by` (a player's name, or "chance") and the
  game's own fields (a card, a guess, a bid, a throw, ...);
- `lines`: the side lines "retry from here" opened, each `{"from": ply, "moves": [...]}` (the moves played
  from position `ply` of the main line on; ply 0 is the start).

A **review** grades every decision of the main line against the best move, exactly, in the game's own unit,
and measures every chance event's swing apart from the decisions: luck never counts against a player, and a
move whose exact value equals the best value is "best", never blamed.

Each game's grader lives beside this module (`review/<game>.py`, a function `review(record) -> Review`); the
registry below names them, and `review()` dispatches by the record's `game`.
"""

from __future__ import annotations

import base64
import binascii
import importlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from parlour.errors import FormatError, InvalidInput, shown
from parlour.results import Result, Status, exact

RECORD_VERSION = 1
# The game of a record -> the module of its grader (imported when a record of that game is reviewed).
GRADERS: dict[str, str] = {
    "memory": "parlour.analyses.review.memory",
    "guess": "parlour.analyses.review.guess",
    "winorlose": "parlour.analyses.review.winorlose",
    "cowtrade": "parlour.analyses.review.cowtrade",
    "cowtrade_endgame": "parlour.analyses.review.endgame",
    "goose": "parlour.analyses.review.goose",
}
MAX_MOVES = 10_000  # a longer record is refused before any replay (no game of parlour's comes near it)
MAX_RECORD_BYTES = 1_000_000
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class Line:
    """A side line: the moves played from position `start` of the main line on ("retry from here")."""

    start: int
    moves: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class GameRecord:
    game: str
    settings: Mapping[str, Any]
    moves: tuple[Mapping[str, Any], ...]
    lines: tuple[Line, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "parlour_record": RECORD_VERSION, "game": self.game, "settings": dict(self.settings),
            "moves": [dict(m) for m in self.moves],
            "lines": [{"from": line.start, "moves": [dict(m) for m in line.moves]} for line in self.lines],
        }


@dataclass(frozen=True)
class Thresholds:
    """The losses, in the game's unit, at which a decision becomes an inaccuracy, a mistake, a blunder.
    A loss of 0 is "best"; a loss above 0 and below `inaccuracy` is "good" (not flagged)."""

    inaccuracy: Fraction
    mistake: Fraction
    blunder: Fraction

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder:
            raise ValueError("thresholds must satisfy 0 < inaccuracy <= mistake <= blunder")

    def grade(self, loss: Fraction) -> str:
        if loss < 0:
            raise ValueError(f"a loss is never negative (the best move is best), got {loss}")
        if loss == 0:
            return "best"
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        return "inaccuracy" if loss >= self.inaccuracy else "good"


@dataclass(frozen=True)
class Decision:
    """One decision of the main line: what was played and the best move, each with its exact value to the player
    who chose (in the game's unit, the direction that player prefers decided by the grader), the loss and grade."""

    ply: int
    player: str
    move: Any
    best: Any
    value: Fraction
    best_value: Fraction
    loss: Fraction
    grade: str

    def to_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "player": self.player, "move": self.move, "best": self.best,
                **exact("value", self.value), **exact("best_value", self.best_value), **exact("loss", self.loss),
                "grade": self.grade}


@dataclass(frozen=True)
class Luck:
    """One chance event of the main line (a throw, a deal, a card turned): the exact value to `player` just before
    and just after it, in the game's unit; `swing` is positive for good luck for `player` (after - before, or
    before - after for a unit the player wants low: the searcher's expected guesses)."""

    ply: int
    player: str
    event: Any
    before: Fraction
    after: Fraction
    higher_is_better: bool = True

    @property
    def swing(self) -> Fraction:
        return self.after - self.before if self.higher_is_better else self.before - self.after

    def to_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "player": self.player, "event": self.event, **exact("before", self.before),
                **exact("after", self.after), **exact("swing", self.swing)}


def decision(ply: int, player: str, move: Any, best: Any, value: Fraction, best_value: Fraction,
             thresholds: Thresholds, *, higher_is_better: bool = True) -> Decision:
    """A graded decision. `value`/`best_value` are in the game's unit; for a unit the player wants low (expected
    guesses of the searcher) pass `higher_is_better=False`. A value better than the claimed best is a grader's
    bug, refused here rather than shown as a negative loss."""
    loss = (best_value - value) if higher_is_better else (value - best_value)
    if loss < 0:
        raise ValueError(f"move {move!r} is worth more than the 'best' move {best!r}: the grader is wrong")
    return Decision(ply, player, move, best, Fraction(value), Fraction(best_value), Fraction(loss),
                    thresholds.grade(Fraction(loss)))


@dataclass(frozen=True, kw_only=True)
class Review(Result):
    """A graded game: every decision, every chance event, the counts per player and the moves to name."""

    game: str
    unit: str
    thresholds: Thresholds
    players: tuple[str, ...]
    decisions: tuple[Decision, ...] = ()
    luck: tuple[Luck, ...] = ()
    notes: Mapping[str, Any] = field(default_factory=dict)

    TABLE: ClassVar[str | None] = "decisions"

    @property
    def costliest(self) -> Decision | None:
        """The decision that lost most (the first of equals); None when every decision was best."""
        worst = max(self.decisions, key=lambda d: d.loss, default=None)
        return worst if worst is not None and worst.loss > 0 else None

    @property
    def luckiest(self) -> Luck | None:
        best = max(self.luck, key=lambda e: e.swing, default=None)
        return best if best is not None and best.swing > 0 else None

    @property
    def unluckiest(self) -> Luck | None:
        worst = min(self.luck, key=lambda e: e.swing, default=None)
        return worst if worst is not None and worst.swing < 0 else None

    def per_player(self) -> dict[str, dict[str, Any]]:
        """Each player's count of each grade and total exact loss."""
        out: dict[str, dict[str, Any]] = {}
        for name in self.players:
            mine = [d for d in self.decisions if d.player == name]
            counts: dict[str, Any] = {g: sum(d.grade == g for d in mine) for g in GRADES}
            out[name] = {**counts, "decisions": len(mine), **exact("loss", sum((d.loss for d in mine), Fraction(0)))}
        return out

    def payload(self) -> dict[str, Any]:
        t = self.thresholds
        return {
            "record_game": self.game, "unit": self.unit, "player_names": list(self.players),
            "thresholds": {**exact("inaccuracy", t.inaccuracy), **exact("mistake", t.mistake),
                           **exact("blunder", t.blunder)},
            "decisions": [d.to_json() for d in self.decisions],
            "luck": [e.to_json() for e in self.luck],
            "per_player": self.per_player(),
            "costliest": self.costliest.to_json() if self.costliest else None,
            "luckiest": self.luckiest.to_json() if self.luckiest else None,
            "unluckiest": self.unluckiest.to_json() if self.unluckiest else None,
            **dict(self.notes),
        }


def _moves(data: Any, where: str) -> tuple[Mapping[str, Any], ...]:
    if not isinstance(data, list):
        raise FormatError(f"{where} must be a list of moves, got {shown(data)}")
    if len(data) > MAX_MOVES:
        raise FormatError(f"{where} has {len(data)} moves, more than the limit of {MAX_MOVES}")
    for k, move in enumerate(data):
        if not isinstance(move, dict) or not isinstance(move.get("by"), str):
            raise FormatError(f"{where}[{k}] must be an object with a string 'by' (a player or 'chance'), "
                              f"got {shown(move)}")
    return tuple(data)


def _lines(data: Any, main: int) -> tuple[Line, ...]:
    if not isinstance(data, list):
        raise FormatError(f"the record's 'lines' must be a list, got {shown(data)}")
    out = []
    for k, line in enumerate(data):
        start = line.get("from") if isinstance(line, dict) else None
        if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start <= main:
            raise FormatError(f"lines[{k}] must be an object whose 'from' is a ply 0..{main} of the main line, "
                              f"got {shown(line)}")
        out.append(Line(start, _moves(line.get("moves", []), f"lines[{k}].moves")))
    return tuple(out)


def parse_record(data: Any) -> GameRecord:
    """A record from its JSON object, its shape checked (each game's grader checks the moves themselves)."""
    if not isinstance(data, dict):
        raise FormatError(f"a game record is a JSON object, got {shown(data)}")
    if data.get("parlour_record") != RECORD_VERSION:
        raise FormatError(f"not a parlour game record (it needs \"parlour_record\": {RECORD_VERSION}), "
                          f"got {shown(data.get('parlour_record'))}")
    game = data.get("game")
    if game not in GRADERS:
        raise FormatError(f"unknown game {shown(game)} in the record; records exist for {', '.join(sorted(GRADERS))}")
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        raise FormatError(f"the record's 'settings' must be an object, got {shown(settings)}")
    moves = _moves(data.get("moves", []), "moves")
    return GameRecord(str(game), settings, moves, _lines(data.get("lines", []), len(moves)))


LINK_KEY = "record="  # a page's address carries its record after '#record=' (base64url of the JSON, no padding)


def decode_link(text: str) -> Any:
    """The JSON a page link carries (the part after '#record='), decoded; a bad link is a FormatError."""
    payload = text.split("#", 1)[1] if "#" in text else text
    payload = payload.removeprefix(LINK_KEY)
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        return json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError) as exc:
        raise FormatError("the link does not carry a game record (expected '#record=' and base64url JSON)") from exc


def encode_link(record: GameRecord) -> str:
    """The '#record=...' fragment that restores `record` on a page."""
    text = json.dumps(record.to_json(), separators=(",", ":"))
    return "#" + LINK_KEY + base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def read_record(text: str) -> GameRecord:
    """A record from the text of a record file, or from a page's shared link."""
    if len(text) > MAX_RECORD_BYTES:
        raise FormatError(f"the record is over {MAX_RECORD_BYTES} bytes; no game of parlour's makes one so long")
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except ValueError as exc:
            raise FormatError(f"the record is not valid JSON: {exc}") from exc
    elif LINK_KEY in stripped:
        data = decode_link(stripped)
    else:
        raise FormatError("a record is a JSON object or a page link with '#record='")
    return parse_record(data)


def review(record: GameRecord) -> Review:
    """The record's review, by its game's grader."""
    if record.game not in GRADERS:
        raise InvalidInput(f"no grader for {shown(record.game)}")
    grader = importlib.import_module(GRADERS[record.game])
    result: Review = grader.review(record)
    return result


__all__ = [
    "GRADERS", "GRADES", "LINK_KEY", "MAX_MOVES", "MAX_RECORD_BYTES", "RECORD_VERSION", "Decision", "GameRecord",
    "Line", "Luck", "Review", "Status", "Thresholds", "decision", "decode_link", "encode_link",
    "parse_record", "read_record", "review",
]
