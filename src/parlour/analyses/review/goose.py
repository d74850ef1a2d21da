"""The Game of the Goose reviewed: luck only, since nobody decides anything in the Goose (the dice move the pieces).

A record (`core`, docs/json.md "Game records") of the Goose:

    {"parlour_record": 1, "game": "goose", "settings": {"players": 2, "rules": "study"},
     "moves": [{"by": "player 1", "faces": [3, 6]}, {"by": "player 2", "faces": null}, ...]}

`rules` names a variant (`games.goose.rules.VARIANTS`) or is a rule set's mapping (the TOML's keys); each move is
the turn of the player to move, in order: the throw's faces, or null (or no faces) for a turn he must skip (the
inn, a well). A game the page began from pieces placed by hand says where they stood in `settings.start`:
`{"squares": [...], "to_move": k, "inn_pending": [...]}` (players 1-based, as the page's positions).
Every throw is a `Luck` entry: the thrower's chance to win just before and just after it. A skipped
turn has one outcome, so it moves no chance (the value of a position with one successor is that successor's) and
is no entry. With 2 players the chances are the exact fractions of the chain's exact solution, so the swings of a
game add up, move by move, to the final chances minus the initial ones with no rounding at all; with 3 and 4
players they are the midpoints of certified intervals (half-width at most `positions.TOL`: the review says so
in its status and notes). The tables come from the pages' disk cache when it holds them (`positions.obtain`);
a review never starts a solve of minutes: 4 players are reviewed only once their table is on disk (the page's
Start works it out), else the review is refused with a sentence that says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from parlour.analyses.goose import positions, turns
from parlour.analyses.review.core import GameRecord, Luck, Review
from parlour.analyses.review.scales import scale
from parlour.errors import FormatError, InvalidInput, ParlourError, shown
from parlour.games.goose.rules import (
    VARIANTS,
    RuleSet,
    State,
    from_mapping,
    square_of,
    start_state,
    state_from_squares,
    variant,
)
from parlour.infra import storage
from parlour.results import Status

UNIT, THRESHOLDS = scale("goose")
MAX_PLAYERS = positions.MAX_TABLE_PLAYERS
SOLVE_PLAYERS = 3  # up to this many players a review may solve a missing table (seconds); beyond, minutes and GiB


def rules_of(settings: Mapping[str, Any]) -> RuleSet:
    """The record's rule set: a variant's name (default "study") or the mapping of a rule set's keys."""
    given = settings.get("rules", "study")
    if isinstance(given, str):
        if given not in VARIANTS:
            raise FormatError(f"the record's rules must be one of {', '.join(VARIANTS)} or a rule set's keys, "
                              f"got {shown(given)}")
        return variant(given)
    if isinstance(given, dict):
        try:
            return from_mapping(given, name=str(given.get("name", "custom"))[:40])
        except ParlourError:
            raise
        except (OverflowError, TypeError, ValueError, AttributeError) as exc:
            raise FormatError(f"the record's rule set has a value the rules cannot take ({type(exc).__name__})") \
                from None
    raise FormatError(f"the record's rules must be a variant's name or an object, got {shown(given)}")


def players_of(settings: Mapping[str, Any]) -> int:
    n = settings.get("players", 2)
    if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= MAX_PLAYERS:
        raise FormatError(f"the record's players must be a whole number from 2 to {MAX_PLAYERS}, got {shown(n)}")
    return n


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def start_of(rules: RuleSet, players: int, settings: Mapping[str, Any]) -> State:
    """The position the game began from: the start, or the pieces the page placed (`settings.start`)."""
    given = settings.get("start")
    if given is None:
        return start_state(rules, players)
    if not isinstance(given, dict):
        raise FormatError(f"the record's start must be an object with squares, to_move and inn_pending, got "
                          f"{shown(given)}")
    squares, mover, pending = given.get("squares"), given.get("to_move", 1), given.get("inn_pending", [])
    if not isinstance(squares, list) or len(squares) != players or not all(_whole(s) for s in squares):
        raise FormatError(f"the record's start.squares must be {players} whole numbers, got {shown(squares)}")
    if not _whole(mover) or not isinstance(pending, list) or not all(_whole(p) and 1 <= p <= players for p in pending):
        raise FormatError(f"the record's start has a bad to_move or inn_pending: {shown(given)}")
    return state_from_squares(rules, squares, mover - 1, [p - 1 for p in pending])


def _faces(move: Mapping[str, Any], k: int) -> tuple[int, ...] | None:
    faces = move.get("faces")
    if faces is None:
        return None
    if not isinstance(faces, list) or not all(isinstance(f, int) and not isinstance(f, bool) for f in faces):
        raise FormatError(f"moves[{k}].faces must be a list of whole numbers or null, got {shown(faces)}")
    return tuple(sorted(faces))


def _check_faces(rules: RuleSet, faces: tuple[int, ...], k: int) -> None:
    """The faces of a throw these dice can show (each die one of its faces)."""
    if faces not in dict(rules.throws):
        raise InvalidInput(f"moves[{k}]: these dice cannot show {list(faces)}")


def replay(rules: RuleSet, players: int, moves: Sequence[Mapping[str, Any]],
           start: State | None = None) -> list[tuple[int, State, State, Any]]:
    """Every turn of the record as (ply, state before, state after, the throw or None), checked against the
    rules: the right player's turn, a throw where he throws, none where he skips, nothing after the end."""
    state, out, over = start if start is not None else start_state(rules, players), [], False
    for k, move in enumerate(moves):
        if over:
            raise InvalidInput(f"moves[{k}] comes after the end of the game")
        who = f"player {state.to_move + 1}"
        if move.get("by") != who:
            raise InvalidInput(f"moves[{k}] is {who}'s turn, the record says {shown(move.get('by'))}")
        faces = _faces(move, k)
        if faces is not None:
            _check_faces(rules, faces, k)
        t = turns.take_turn(rules, state, faces)  # InvalidInput for a throw where he skips, or the reverse
        out.append((k + 1, state, t.after, faces))
        state, over = t.after, t.winner is not None or t.draw
    return out


def _chances(table: positions.Table, state: State) -> tuple[Fraction, ...]:
    """Every player's chance to win from `state`: exact fractions (2 players) or the certified midpoints."""
    sol = table.at(state)
    if sol.win_exact is not None:
        return tuple(sol.win_exact)
    return tuple(Fraction((lo + hi) / 2) for lo, hi in sol.win_bounds)


def _after(rules: RuleSet, table: positions.Table, state: State) -> tuple[Fraction, ...]:
    """The chances after a turn: 1 for the winner and 0 for the others at the end (0 for all in a draw), else
    the table's."""
    won = [p for p, c in enumerate(state.codes) if square_of(rules, c) == rules.end]
    if won or turns.stuck_for_ever(rules, state):
        return tuple(Fraction(int(p in won[:1])) for p in range(state.players))
    return _chances(table, state)


def table_of(rules: RuleSet, players: int) -> positions.Table:
    """The chances of every position: from the disk cache, or solved here for up to SOLVE_PLAYERS players; a
    solve of minutes (4 players) is never started by a review."""
    root = storage.cache_root()
    if players > SOLVE_PLAYERS:
        found = positions.load(root, rules, players)
        if found is None:
            raise InvalidInput(f"the review of a {players}-player game needs every position's chances, which are not "
                               f"worked out on this machine yet (minutes of solving): work them out on the Goose "
                               f"page (Start), then review the game")
        return found
    return positions.obtain(root, rules, players)


def review(record: GameRecord) -> Review:
    """Every throw's swing in the thrower's chance to win; no decisions (the Goose has none)."""
    rules, players = rules_of(record.settings), players_of(record.settings)
    first = start_of(rules, players, record.settings)
    turns_ = replay(rules, players, record.moves, first)
    table = table_of(rules, players)
    values = [_after(rules, table, first)]
    luck = []
    for ply, before, after, faces in turns_:
        now = _after(rules, table, after)
        if faces is not None:
            me = before.to_move
            luck.append(Luck(ply, f"player {me + 1}", {"faces": list(faces)}, values[-1][me], now[me]))
        values.append(now)
    exact_ = table.exact is not None
    notes: dict[str, Any] = {
        "chances": "exact" if exact_ else f"certified (midpoints of intervals of half-width at most {table.tol:g})",
        "chances_after_each_move": [[str(v) for v in row] if exact_ else [float(v) for v in row] for row in values],
        "decisions_note": "nobody decides in the Game of the Goose: the dice move the pieces, so only luck is shown",
    }
    return Review(game="goose", unit=UNIT, thresholds=THRESHOLDS, players=tuple(f"player {p + 1}" for p in
                  range(players)), luck=tuple(luck), notes=notes,
                  method="exact solution of the chain" if exact_ else "certified bounds of the chain",
                  status=Status.EXACT if exact_ else Status.CERTIFIED)


__all__ = ["MAX_PLAYERS", "SOLVE_PLAYERS", "THRESHOLDS", "UNIT", "players_of", "replay", "review", "rules_of",
           "start_of", "table_of"]
