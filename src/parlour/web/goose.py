"""The Game of the Goose page and its JSON API, as a router the app factory mounts at /goose/.

Play 2-4 players on the board drawn in SVG: the server rolls the dice (from the game's seed and the turn number)
and applies the rules (`analyses.goose.turns`, which retells `rules.play`); after every move each player's
chance to win comes from the chain solved once for every state (`analyses.goose.positions`): 2 players as exact
fractions, 3 and 4 players as certified intervals. The Figure 2 heat map, and a rule editor that re-solves
2 players under a variant or a TOML rule set.

  GET  /                 the page (templates/goose.html, static/goose.js and .css)
  GET  /api/board        ?rules=NAME: every square with its role and explanation, the dice, the variants
  POST /api/chances      {position}: the chances from a position (as `parlour goose solve --from ... --json`),
                         or {ready: false, job} while the chain is being solved (the page polls /jobs/{job}),
                         or {ready: false, ask: true, expect, seconds} when that solve is estimated beyond a
                         minute at the machine's load now, or is of 4 players, and the position did not say
                         start: true (the page shows Start); start: "never" starts no solve ({ready: false,
                         idle: true}: the person cancelled it, and moves go on without chances)
  POST /api/move         {position, seed, turn} (the server rolls) or {position, faces}: the turn told in words,
                         the new position, the winner or the draw, and the chances from there (or a job)
  POST /api/replay       {record, start}: every position of a game record's main line, each turn as /api/move
                         tells it (the page's links and its stepping), and the chances of each
  GET  /api/heatmap      ?rules=NAME&surface=p1_1|p1_2|draw_1: one of Figure 2's surfaces (2 players)
  POST /api/rules        {variant} or {toml}: 2 players re-solved under those rules, against the study's rules;
                         with quick: true at once, certified to QUICK_TOL (the page's toggles), exactly after

A position is {rules, players, squares, to_move, inn_pending}: every player's square (1-based player to move;
inn_pending lists the players on the inn whose skip is still to come). The server keeps no game: each request
carries its position, which is checked whole (squares a piece can stand on, no two on one square unless the start
or a well allows it, and reachable from the start whenever the chain is at hand).

A request does at most a look-up, reading a table back from disk (2 players: the exact fractions proven again,
≈0.3 s) or telling a turn; a solve is a background job in a worker process that Cancel terminates
(`infra.jobs`), done once per rule set and player count and kept by the pages' one cache (`infra.cache`: in
memory, and on disk under the cache root's goose/): 2 players ≈5 s, 3 players ≈3-10 s, 4 players minutes and
2 GiB while it runs. At most MAX_PENDING other solves may be running or waiting when one is asked for, and a
solve whose estimate (`expected_seconds`: the page's model at the machine's load now) exceeds a minute, or of 4
players, starts only after Start.
"""

from __future__ import annotations

import secrets
import sys
import threading
import tomllib
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel

from parlour.analyses.goose import chain as gchain
from parlour.analyses.goose import figures, model, policy, positions, turns
from parlour.analyses.goose.positions import Table
from parlour.analyses.review import goose as rgoose
from parlour.analyses.review.core import parse_record
from parlour.errors import InvalidInput, ParlourError, shown
from parlour.games.goose.rules import (
    STUDY,
    VARIANTS,
    RuleSet,
    State,
    from_mapping,
    skips,
    square_of,
    state_from_squares,
    variant,
)
from parlour.games.goose.tables import tables
from parlour.infra import storage
from parlour.infra.cache import PageCache
from parlour.results import exact
from parlour.web.common import ASK_ABOVE_S, duration_words, one_of, render, whole_number, whole_numbers
from parlour.web.jobs import Report, at_current_load, jobs, load_now

router = APIRouter()

MIN_PLAYERS, MAX_PLAYERS = 2, positions.MAX_TABLE_PLAYERS
SEED_MAX = 10**12 - 1  # twelve digits: what common.whole_number accepts as a string
TURN_MAX = 100_000  # a game of 2-4 players lasts ~30-50 moves; far beyond is no game
MAX_TABLES = 6  # solved chains kept in memory (4 players: 160 MB memory-mapped; the others a few MB)
MAX_PENDING = 2  # solves of other tables running or queued: more is refused (jobs outlive their clients)
QUICK_WAIT_S = 1.0  # the longest a request waits for another request's read-back before using a job
# The rule editor: a TOML rule set must stay a board game the exact solver can take in seconds to a minute.
MAX_TOML_CHARS = 10_000
MAX_END = 120
MAX_OUTCOMES = 1296  # dice outcomes (4 dice of 6 faces): every table is squares x throws
MAX_CUSTOM_UNKNOWNS = 30_000  # exact unknowns (states x 3); the study's board has 6,489
MAX_CUSTOM_KEPT = 8  # custom rule sets solved before the process's solver caches are emptied
SURFACES = {"p1_1": "P(player 1 wins | player 1 to move)", "p1_2": "P(player 1 wins | player 2 to move)",
            "draw_1": "P(draw | player 1 to move)"}


# ---- solved chains: memory, disk, jobs ------------------------------------------------------------------


Key = tuple[RuleSet, int]  # (rule set, players)
_custom: set[RuleSet] = set()
_custom_lock = threading.Lock()


def _forget_custom(rules: RuleSet) -> None:
    """The solver keeps every rule set's chain and exact solution for the process (functools.cache): after
    MAX_CUSTOM_KEPT custom rule sets those caches are emptied, so that edits cannot grow memory for ever."""
    global _custom
    if rules in VARIANTS.values():
        return
    with _custom_lock:
        _custom.add(rules)
        if len(_custom) > MAX_CUSTOM_KEPT:
            model.exact_solution.cache_clear()
            gchain.space.cache_clear()
            _custom = {rules}


class ChainStore:
    """The solved chains on disk, one folder each under the cache root's goose/ (`analyses.goose.positions`:
    written atomically, checked when read back), as the pages' cache (`infra.cache`) keeps them."""

    def exists(self, key: Key) -> bool:
        return (positions.folder_of(storage.cache_root(), *key) / "table.json").is_file()

    def load(self, key: Key) -> Table | None:
        _forget_custom(key[0])  # a 2-player read-back builds the rule set's chain to prove the fractions
        return positions.load(storage.cache_root(), *key)

    def save(self, key: Key, table: Table) -> None:
        positions.save(table, storage.cache_root())


def _solve(key: Key, report: Report | None) -> Table:
    _forget_custom(key[0])
    return positions.solve_table(*key, report)


def _busy(_: Sequence[Key]) -> str:
    return "the server is already solving two other games; try again when they are done"


# The page solves a whole chain (every state: exactly for 2 players, to TOL[players] for 3 and 4), not the command
# line's one position, so it has a model of its own, from page jobs on the shared 2-core machine. 4 players
# (3.8M states): 58.6 s on the idle machine's 2 threads (bench/results/web_goose_players4.json); 220 s beside a
# load of 5 (issue 46) and 291 s (127 s of CPU, on the one thread the sweeps take when no core is free) beside a
# load of 4-6 (issue 46's check): about 3e-5 s per state and thread. 2 players: the exact solve, about 5 s idle
# (8.5-11 s beside a load of 1.4-4).
TABLE_STATE_SECONDS = 3e-5
EXACT_TABLE_SECONDS = 5.0
ALWAYS_ASK_PLAYERS = 4  # 4 players take 2 GiB and a minute at best: asked first on any machine


def estimate(key: Key) -> tuple[float, float]:
    """(bytes, seconds) of solving the chain on the idle machine on one thread: bytes as the command line's
    size check (`queries.solve_estimate`), seconds as the page's model (above)."""
    from parlour.analyses.goose.queries import estimated_states, solve_estimate

    need = solve_estimate(*key)[0]
    if key[1] == 2:
        return need, EXACT_TABLE_SECONDS
    return need, TABLE_STATE_SECONDS * estimated_states(*key)


def expected_seconds(key: Key) -> float:
    """The solve's estimate on this machine now: one thread per million states (`solvers.markov.threads`' rule)
    while cores are free of other work, stretched by the load (`web.jobs.at_current_load`)."""
    from parlour.analyses.goose.queries import estimated_states
    from parlour.solvers.markov.threads import MIN_STATES_PER_THREAD

    seconds = estimate(key)[1]
    if key[1] == 2:
        return at_current_load(seconds)
    load, cpus = load_now()
    threads = max(1, min(cpus, int(estimated_states(*key) // MIN_STATES_PER_THREAD), round(cpus - load)))
    return at_current_load(seconds / threads, threads)


def _need(key: Key) -> int:
    from parlour.infra.jobs import DEFAULT_MEMORY

    return int(estimate(key)[0]) + DEFAULT_MEMORY


def table_cache() -> PageCache[Key, Table]:
    """Solved chains by (rule set, players) (`infra.cache`): in memory (least recently used dropped beyond
    MAX_TABLES), on disk under the cache root, else solved by a background job (never inside a request)."""
    return PageCache(ChainStore(), _solve, job_name=lambda k: f"goose-{positions.rules_key(k[0])}-{k[1]}p",
                     busy=_busy, budget=MAX_TABLES, pool=jobs, max_pending=MAX_PENDING, quick_wait_s=QUICK_WAIT_S,
                     need=_need)


chains = table_cache()


def start_job(rules: RuleSet, players: int) -> str:
    """Solve (or read back) a chain in the background; the page polls /jobs/{key}."""
    return chains.start_job((rules, players))


def table_or_job(rules: RuleSet, players: int, start: Any = False) -> tuple[Table | None, dict[str, Any]]:
    """The table, or None and the reply that names the job solving it; or, for a solve estimated beyond a
    minute at the machine's load now (or of 4 players) that `start` (true) did not ask for, the reply that asks
    first; or, where `start` is "never" (the person cancelled or declined this solve), the reply that says so.
    Neither of the last two starts a job: joining one that runs, or reading a table back from disk, is no solve."""
    key = (rules, players)
    table = chains.ready(key)
    if table is not None:
        return table, {}
    seconds, stored = expected_seconds(key), chains.on_disk(key)
    waiting: dict[str, Any] = {"ready": False, "players": players, "rules": rules.name}
    joining = stored or chains.job_running(key)
    if (players >= ALWAYS_ASK_PLAYERS or seconds > ASK_ABOVE_S) and start is not True and not joining:
        return None, {**waiting, "ask": True, "expect": duration_words(seconds) + ", once (then kept on disk)",
                      "seconds": round(seconds)}
    if start == "never" and not joining:
        return None, {**waiting, "idle": True}  # the page declined this solve: nothing starts unasked
    expect = "a few seconds, to read it back" if stored else duration_words(seconds) + ", once (then kept on disk)"
    return None, {**waiting, "job": start_job(rules, players), "expect": expect}


# ---- positions ------------------------------------------------------------------------------------------


class Position(BaseModel):
    rules: Any = "study"  # checked by hand, so a bad field gets our sentence rather than pydantic's
    players: Any = None
    squares: Any = None
    to_move: Any = 1
    inn_pending: Any = None
    start: Any = False  # true: start a long solve of its chances (the person has seen the estimate); "never":
    # start no solve at all (the person cancelled it: a move then answers without chances, and no job restarts)


def _rules(name: Any) -> RuleSet:
    return variant(one_of(name, "rules", VARIANTS))


def _state(pos: Position | None) -> tuple[RuleSet, State]:
    """A position checked whole: the rules, the player count, squares someone can stand on, the mover."""
    if pos is None:
        raise InvalidInput("the position is missing: start a new game")
    rules = _rules(pos.rules)
    if pos.players is None:
        raise InvalidInput(f"players is missing: a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}")
    players = whole_number(pos.players, "players", MIN_PLAYERS, MAX_PLAYERS)
    if pos.squares is None:
        raise InvalidInput("squares is missing: every player's square")
    squares = whole_numbers(pos.squares, "squares", 0, rules.end, range(players, players + 1))
    mover = whole_number(pos.to_move, "to_move", 1, players)
    pending = whole_numbers(pos.inn_pending if pos.inn_pending is not None else [], "inn_pending", 1, players,
                            range(0, players + 1))
    if len(set(pending)) != len(pending):
        raise InvalidInput("inn_pending names a player twice")
    return rules, state_from_squares(rules, squares, mover - 1, [p - 1 for p in pending])


def position_json(rules: RuleSet, state: State) -> dict[str, Any]:
    """A position as the page sends it back: `model.position_json`'s squares and mover, the inn's pending skips
    as a list of players, and the rules' name."""
    pending = [i + 1 for i, c in enumerate(state.codes) if c > rules.end]  # as model.position_json's waiting_at_inn
    return {"rules": rules.name, "players": state.players, "squares": [square_of(rules, c) for c in state.codes],
            "to_move": state.to_move + 1, "inn_pending": pending}


def chances_json(table: Table, state: State) -> dict[str, Any]:
    """The chances from a position: the `GooseSolution` as `parlour goose solve --from ... --json` prints it."""
    sol = table.at(state)
    out = sol.to_json()
    out.pop("counters", None)
    out["ready"] = True
    out["exact"] = sol.win_exact is not None
    out["tol"] = table.tol
    return out


def chances(rules: RuleSet, state: State, start: Any = False) -> dict[str, Any]:
    """The chances from a position (or the job that solves them, or the question whether to start it), and why
    the player to move skips, if he does."""
    table, waiting = table_or_job(rules, state.players, start)
    out = chances_json(table, state) if table is not None else waiting
    out["skips"] = skips(rules, state)
    return out


# ---- requests -------------------------------------------------------------------------------------------


class MoveRequest(BaseModel):
    position: Position | None = None  # its `start` is the chances' (see Position)
    seed: Any = None
    turn: Any = None
    faces: Any = None


class RulesRequest(BaseModel):
    variant: Any = None
    toml: Any = None
    start: Any = False  # true: start a long solve (the person has seen the estimate)
    quick: Any = False  # true: certified chances from the start at once (the toggles), the exact ones come after


def _faces(rules: RuleSet, value: Any) -> tuple[int, ...]:
    dice = len(rules.dice)
    faces = whole_numbers(value, "faces", 0, max(max(d) for d in rules.dice), range(dice, dice + 1))
    for f, die in zip(faces, rules.dice, strict=True):
        if f not in die:
            raise InvalidInput(f"a die shows one of {', '.join(map(str, die))}, not {f}")
    return tuple(sorted(faces))


@router.post("/api/move")
def move(req: MoveRequest) -> dict[str, Any]:
    rules, state = _state(req.position)
    table = chains.in_memory((rules, state.players))
    if table is not None:
        table.locate(state)  # the whole state: reachable from the start (InvalidInput if not)
    if turns.stuck_for_ever(rules, state):
        raise InvalidInput("nobody can move any more: both players are stuck in a well (a draw)")
    thrown: tuple[int, ...] | None = None
    if req.faces is not None:
        if req.seed is not None:
            raise InvalidInput("send either faces or a seed, not both")
        thrown = _faces(rules, req.faces)
    elif req.seed is not None:
        seed = whole_number(req.seed, "seed", 0, SEED_MAX)
        turn = whole_number(req.turn if req.turn is not None else 0, "turn", 0, TURN_MAX)
        thrown = turns.roll(rules, seed, turn)
    else:
        raise InvalidInput("send a seed and a turn (the server rolls) or the faces of a throw")
    t = turns.take_turn(rules, state, None if skips(rules, state) is not None else thrown)
    return turn_json(rules, t, lambda after: chances(rules, after, req.position.start if req.position else False))


def turn_json(rules: RuleSet, t: turns.Turn, chances_at: Callable[[State], dict[str, Any]]) -> dict[str, Any]:
    """A turn as /api/move answers it: told in words, the position after it, the winner or the draw, and the
    chances from there (`chances_at`: a look-up, or the job or question `chances` answers)."""
    out: dict[str, Any] = {
        "turn": {"player": t.player + 1, "faces": list(t.faces) if t.faces is not None else None,
                 "path": list(t.path), "story": list(t.story)},
        "winner": t.winner + 1 if t.winner is not None else None,
        "draw": t.draw,
        "over": t.winner is not None or t.draw,
    }
    if t.winner is not None:
        out["position"] = {**position_json(rules, t.after), "to_move": None, "inn_pending": []}
        out["chances"] = {"ready": True, "exact": True, "over": True,
                          **exact("win", [Fraction(int(p == t.winner)) for p in range(t.after.players)]),
                          **exact("draw", Fraction(0))}
        return out
    out["position"] = position_json(rules, t.after)
    out["chances"] = chances_at(t.after)
    out["skips"] = out["chances"]["skips"]
    return out


class ReplayRequest(BaseModel):
    record: Any = None  # a Goose game record (docs/json.md, "Game records")
    start: Any = False  # as a Position's: true starts a long solve the person asked for, "never" starts none


@router.post("/api/replay")
def replay(req: ReplayRequest) -> dict[str, Any]:
    """Every position of a record's main line, as /api/move told each turn (ply 0: the start), with the chances
    of each once the chain is at hand; else the job that solves it (or the question whether to start it), and
    no chances, so that a link opens at once and its numbers follow. The record is checked move by move as
    `parlour review` checks it (`analyses.review.goose.replay`)."""
    record = parse_record(req.record)
    if record.game != "goose":
        raise InvalidInput(f"this is a record of {shown(record.game)}, not of the Goose")
    rules = _rules(record.settings.get("rules", "study"))
    players = rgoose.players_of(record.settings)
    first = rgoose.start_of(rules, players, record.settings)
    played = rgoose.replay(rules, players, record.moves, first)
    table, waiting = table_or_job(rules, players, req.start)

    def chances_at(state: State) -> dict[str, Any]:
        out: dict[str, Any] = chances_json(table, state) if table is not None else {"ready": False}
        out["skips"] = skips(rules, state)
        return out

    at_first = chances_at(first)
    plies: list[dict[str, Any]] = [{"turn": None, "winner": None, "draw": False, "over": False,
                                    "position": position_json(rules, first), "chances": at_first,
                                    "skips": at_first["skips"]}]
    plies += [turn_json(rules, turns.take_turn(rules, before, faces), chances_at) for _, before, _, faces in played]
    return {"rules": rules.name, "players": players, "plies": plies,
            "chances": {"ready": True} if table is not None else waiting}


def board_json(rules: RuleSet) -> dict[str, Any]:
    return {
        "rules": rules.name, "end": rules.end, "dice": [list(d) for d in rules.dice],
        "squares": [{"square": s.square, "role": s.role, "text": s.text} for s in turns.squares(rules)],
        "variants": list(VARIANTS),
    }


_surfaces: OrderedDict[RuleSet, figures.Surfaces] = OrderedDict()
_surfaces_lock = threading.Lock()


def heatmap(rules: RuleSet, surface: str) -> dict[str, Any]:
    table, waiting = table_or_job(rules, 2, start=True)  # a named variant's 2 players: seconds
    if table is None:
        return waiting
    with _surfaces_lock:
        s = _surfaces.get(rules)
        if s is None:
            s = _surfaces[rules] = figures.surfaces(rules, table.exact)
            while len(_surfaces) > 4:
                _surfaces.popitem(last=False)
    data = {"p1_1": s.p1_wins_1_to_move, "p1_2": s.p1_wins_2_to_move, "draw_1": s.draw_1_to_move}[surface]
    return {"ready": True, "rules": rules.name, "surface": surface, "title": SURFACES[surface],
            "to_move": 2 if surface == "p1_2" else 1, "squares": list(s.squares),
            "values": [[None if v != v else float(v) for v in row] for row in data.tolist()]}


def custom_rules(text: Any) -> RuleSet:
    """A TOML rule set from the editor, refused (one sentence) before any work when it is too large to solve in
    a minute, or not a race game the rules accept."""
    if not isinstance(text, str):
        raise InvalidInput(f"toml must be the text of a rule set, got {shown(text)}")
    if len(text) > MAX_TOML_CHARS:
        raise InvalidInput(f"the rule set is {len(text):,} characters long; at most {MAX_TOML_CHARS:,}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidInput(f"the rule set is not valid TOML: {shown(str(exc))}") from None
    end = data.get("end", STUDY.end)
    if isinstance(end, int) and not isinstance(end, bool) and end > MAX_END:
        raise InvalidInput(f"the page solves boards of at most {MAX_END + 1} squares, got end = {end}")
    data["name"] = str(data.get("name", "custom"))[:40]  # shown back on the page: a name, not a document
    try:
        rules = from_mapping(data, name="custom")
    except ParlourError:
        raise
    except (OverflowError, TypeError, ValueError, AttributeError) as exc:
        raise InvalidInput(f"the rule set has a value the rules cannot take ({type(exc).__name__})") from None
    if rules.end > MAX_END:
        raise InvalidInput(f"the page solves boards of at most {MAX_END + 1} squares, got end = {rules.end}")
    if rules.denominator > MAX_OUTCOMES:
        raise InvalidInput(f"the dice have {rules.denominator:,} outcomes; the page takes at most {MAX_OUTCOMES:,}")
    for known in VARIANTS.values():  # a variant written out (the editor starts with the study's rules) is that variant
        if replace(rules, name=known.name) == known:
            return known
    codes = tables(rules).codes
    if codes**2 * 3 > MAX_CUSTOM_UNKNOWNS:
        raise InvalidInput(f"{codes} places to stand make up to {codes**2 * 3:,} exact unknowns for 2 players; the "
                           f"page solves at most {MAX_CUSTOM_UNKNOWNS:,} (use `parlour goose solve --rules`)")
    return rules


def _exactly(name: str, value: Fraction | list[Fraction]) -> dict[str, Any]:
    """`exact(name, value)`, without the "p/q" strings when they are longer than Python writes integers
    (4,300 digits: a large custom board's fractions); the floats are always there."""
    values = value if isinstance(value, list) else [value]
    limit = sys.get_int_max_str_digits() or 10**9
    if all(v.denominator.bit_length() < 3.3 * limit and abs(v.numerator).bit_length() < 3.3 * limit for v in values):
        return exact(name, value)
    return {name: [float(v) for v in values] if isinstance(value, list) else float(value), f"{name}_exact": None}


def _start_json(table: Table) -> dict[str, Any]:
    """The chances of 2 players from the start, and the starter's advantage (P1 over a fair share of the decided
    games, minus one), exactly."""
    sol = table.at(State(0, (table.rules.start,) * 2))
    assert sol.win_exact is not None and sol.draw_exact is not None
    decided = 1 - sol.draw_exact
    advantage = sol.win_exact[0] / (decided / 2) - 1 if decided else Fraction(0)
    return {"rules": table.rules.name, "values": {"win": list(sol.win_exact), "draw": sol.draw_exact,
                                                  "advantage": advantage}, "digits": sol.denominator_digits}


def _minus(x: Any, y: Any) -> Any:
    if isinstance(x, list):
        return [u - v for u, v in zip(x, y, strict=True)]
    return x - y


# The toggles' answer: 2 players' certified chances from the start, solved in the request as `headline` solves
# them (`policy.run`, as `parlour goose solve --rules FILE --tol 1e-7` does): 0.1-0.5 s on the shared machine for
# the 2,000-4,500 states of most combinations of the toggles (no bounce: up to 3.4 s beside a load of 6, its end
# game converges slowly), where the exact solve takes 5-20 s (a job, whose fractions then replace these numbers on
# the page). A sparse direct solve in floats was no faster (SuperLU fills in 2-3 M entries: 1.5-4 s), and not
# certified. The page shows 3 decimals of a percentage: 1e-7 certifies all of them.
QUICK_TOL = 1e-7
QUICK_KEPT = 256  # every combination of the eight toggles
_quick: OrderedDict[RuleSet, dict[str, Any]] = OrderedDict()
_quick_lock = threading.Lock()


def quick_start(rules: RuleSet) -> dict[str, Any]:
    """2 players' certified chances from the start under `rules` (half-width at most QUICK_TOL), and the
    starter's advantage from their midpoints."""
    with _quick_lock:  # one solve at a time: its numba threads are the machine's
        found = _quick.get(rules)
        if found is not None:
            _quick.move_to_end(rules)
            return found
        _forget_custom(rules)
        sol = policy.run(policy.plan(2, rules=rules, tol=QUICK_TOL, flag="the command line's --force"))
        decided = 1 - sol.draw
        out = {"rules": rules.name, "win": list(sol.win), "win_bounds": [list(b) for b in sol.win_bounds],
               "draw": sol.draw, "draw_bounds": list(sol.draw_bounds),
               "advantage": sol.win[0] / (decided / 2) - 1 if decided else 0.0}
        _quick[rules] = out
        while len(_quick) > QUICK_KEPT:
            _quick.popitem(last=False)
        return out


def _from_table(table: Table) -> dict[str, Any]:
    """`quick_start`'s answer from a solved table at hand (the exact values, rounded outward to their bounds)."""
    sol = table.at(State(0, (table.rules.start,) * 2))
    decided = 1 - sol.draw
    return {"rules": table.rules.name, "win": list(sol.win), "win_bounds": [list(b) for b in sol.win_bounds],
            "draw": sol.draw, "draw_bounds": list(sol.draw_bounds),
            "advantage": sol.win[0] / (decided / 2) - 1 if decided else 0.0}


def quick_compare(rules: RuleSet) -> dict[str, Any]:
    """The toggles' answer: the study's and these rules' certified chances, and their differences (from the
    solved tables where the pages' cache holds them in memory: no solve at all)."""
    a, b = ((_from_table(t) if (t := chains.in_memory((r, 2))) is not None else quick_start(r)) for r in (STUDY, rules))
    difference = {"win": [y - x for x, y in zip(a["win"], b["win"], strict=True)], "draw": b["draw"] - a["draw"],
                  "advantage": b["advantage"] - a["advantage"]}
    return {"ready": True, "quick": True, "status": "certified", "tol": QUICK_TOL, "study": a, "changed": b,
            "difference": difference, "rules": rules_json(rules)}


def rules_json(rules: RuleSet) -> dict[str, Any]:
    return {"name": rules.name, "end": rules.end, "dice": [list(d) for d in rules.dice], "geese": list(rules.geese),
            "jumps": [list(j) for j in rules.jumps], "inns": list(rules.inns), "wells": list(rules.wells),
            "start_jumps": [[list(f), s] for f, s in rules.start_jumps], "bounce": rules.bounce,
            "occupancy": rules.occupancy}


@router.post("/api/rules")
def compare_rules(req: RulesRequest) -> dict[str, Any]:
    if (req.variant is None) == (req.toml is None):
        raise InvalidInput("send either a variant's name or a TOML rule set")
    rules = _rules(req.variant) if req.variant is not None else custom_rules(req.toml)
    if req.quick is True:
        return quick_compare(rules)
    base, waiting = table_or_job(STUDY, 2, start=True)  # the study's 2 players: seconds
    if base is None:
        return waiting
    changed, waiting = table_or_job(rules, 2, req.start)
    if changed is None:
        return waiting
    a, b = _start_json(base), _start_json(changed)
    keys = ("win", "draw", "advantage")

    def shown_values(x: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"rules": x["rules"], "denominator_digits": x["digits"]}
        for k in keys:
            out.update(_exactly(k, x["values"][k]))
        return out

    # the differences as floats of the exact differences (their fractions can be twice as long as the values')
    difference = {k: _minus(b["values"][k], a["values"][k]) for k in keys}
    return {"ready": True, "study": shown_values(a), "changed": shown_values(b),
            "difference": {k: [float(x) for x in v] if isinstance(v, list) else float(v)
                           for k, v in difference.items()},
            "rules": rules_json(rules)}


# ---- routes ---------------------------------------------------------------------------------------------


CELL = 60  # the board's squares in SVG units (the picture scales to the screen)


def spiral(size: int) -> list[tuple[int, int]]:
    """(column, row) of cells 0..size²-1 in a square spiral that starts at the bottom left corner, runs
    anticlockwise along the edge and winds inwards: the traditional board, with the last square in the middle."""
    cells: list[tuple[int, int]] = []
    left, right, top, bottom = 0, size - 1, 0, size - 1
    while left <= right and top <= bottom:
        cells += [(c, bottom) for c in range(left, right + 1)]
        cells += [(right, r) for r in range(bottom - 1, top - 1, -1)]
        if top < bottom:
            cells += [(c, top) for c in range(right - 1, left - 1, -1)]
        if left < right:
            cells += [(left, r) for r in range(top + 1, bottom)]
        left, right, top, bottom = left + 1, right - 1, top + 1, bottom - 1
    return cells


def board_cells(rules: RuleSet) -> list[dict[str, Any]]:
    """Every square with its place on the drawn board (a spiral of the smallest square that holds them)."""
    size = 1
    while size * size < rules.end + 1:
        size += 1
    places = spiral(size)
    return [{"square": s.square, "role": s.role, "text": s.text, "x": places[s.square][0] * CELL,
             "y": places[s.square][1] * CELL} for s in turns.squares(rules)]


@router.get("/", response_class=HTMLResponse)
def page(request: Request) -> HTMLResponse:
    rules = STUDY
    cells = board_cells(rules)
    return render(request, "goose.html", game="goose", board=board_json(rules), cells=cells, cell=CELL,
                  side=max(max(c["x"], c["y"]) for c in cells) + CELL, variants=list(VARIANTS),
                  players_range=list(range(MIN_PLAYERS, MAX_PLAYERS + 1)), surfaces=SURFACES,
                  study_toml=STUDY_TOML, seed=secrets.randbelow(SEED_MAX + 1), toggles=list(TOGGLES.items()))


@router.get("/api/board")
def api_board(rules: str = "study") -> dict[str, Any]:
    return board_json(_rules(rules))


@router.post("/api/chances")
def api_chances(pos: Position) -> dict[str, Any]:
    rules, state = _state(pos)
    return chances(rules, state, pos.start)


@router.get("/api/heatmap")
def api_heatmap(rules: str = "study", surface: str = "p1_1") -> dict[str, Any]:
    return heatmap(_rules(rules), one_of(surface, "surface", SURFACES))


# The rules a page toggles (goose.js writes the TOML of what is left off: geese = [], the jump left out, ...)
TOGGLES = {"geese": "geese", "bridge": "bridge (6 → 12)", "maze": "maze (42 → 30)", "death": "death (58 → 0)",
           "wells": "wells and inn", "bounce": "bounce off 63", "occupancy": "a taken square sends back",
           "start": "start jumps (3+6, 4+5)"}

STUDY_TOML = """# the study's rules; change any line and press "Solve"
end = 63
dice = [[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]]
geese = [5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59]
jumps = { 6 = 12, 42 = 30, 58 = 0 }
inns = [19]
wells = [31, 52]
start_jumps = { "3+6" = 26, "4+5" = 53 }
bounce = true
occupancy = true
"""


def headline() -> str:
    """Both players' certified chances with two players, solved now as `parlour goose solve --tol 5e-7` solves
    them (`policy.plan`: the stored chain on the one numba thread its size calls for, 0.2 s once the kernels
    are loaded; the page itself shows the exact fractions)."""
    sol = policy.run(policy.plan(2, rules=STUDY, tol=5e-7, flag="the command line's --force"))
    (lo1, hi1), (lo2, hi2) = sol.win_bounds
    return (f"with two players the first wins {100 * (lo1 + hi1) / 2:.2f} % of games and the second "
            f"{100 * (lo2 + hi2) / 2:.2f} % (certified); the rest are draws")


__all__ = [
    "ALWAYS_ASK_PLAYERS", "CELL", "EXACT_TABLE_SECONDS", "MAX_CUSTOM_KEPT", "MAX_CUSTOM_UNKNOWNS", "MAX_END",
    "MAX_OUTCOMES", "MAX_PENDING", "MAX_PLAYERS", "MAX_TABLES", "MAX_TOML_CHARS", "MIN_PLAYERS", "QUICK_KEPT",
    "QUICK_TOL", "QUICK_WAIT_S", "SEED_MAX", "STUDY_TOML", "SURFACES", "TABLE_STATE_SECONDS", "TOGGLES", "TURN_MAX",
    "ChainStore", "Key", "MoveRequest", "Position", "ReplayRequest", "RulesRequest", "api_board", "api_chances",
    "api_heatmap", "board_cells", "board_json", "chains", "chances", "chances_json", "compare_rules", "custom_rules",
    "estimate", "expected_seconds", "headline", "heatmap", "move", "page", "position_json", "quick_compare",
    "quick_start", "replay", "router", "rules_json", "spiral", "start_job", "table_cache", "table_or_job", "turn_json",
]
