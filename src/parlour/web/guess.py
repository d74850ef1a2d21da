"""The guessing-game page (higher–lower, Dresher) and its JSON API, as a router the app factory mounts.

Choose N (1..1,024) and play against a certified optimal strategy: guess the number Alice hid (drawn from
her optimal hiding distribution), or hide one from Bob (who draws one search tree from his optimal
mixture). The page shows V(N) as an exact fraction, Alice's distribution and, after a game, Bob's tree.

Mounted at /guess/ (paths below are relative to it):

  GET  /                 the page (templates/guess.html, static/guess.js and .css)
  GET  /api/value?n=N    V(N) from the shipped table of certified values (as `parlour guess value N --json`),
                         else from N's solved strategies, else null (source "not solved yet": no solve here)
  POST /api/strategy     {n, start?}: both optimal strategies' summary and Alice's distribution, or {ready:
                         false, job} while they are being solved (the page polls /jobs/{job}), or {ready:
                         false, ask: true, expect, seconds} when the solve is estimated to take more than a
                         minute and the request did not say start: true (the page shows a Start button)
  POST /api/new          {n, mode: "guess" | "hide", seed?}: a new game's state
  POST /api/guess        {state, guesses}: Alice's answers to the user's guesses
  POST /api/search       {state, answers} or {state, hidden}: Bob's guesses against the user's answers
  POST /api/at           {record, ply}: the analysis board's step, the view after the record's first `ply` moves

Every game answer carries `record` (docs/json.md, "Game records"): the moves so far, and in `settings` the
game's n, mode, seed and certificate (so that a reload plays on), plus `hidden` once the game is over.
`steps` is the chart of the analysis board: after every move (ply), the searcher's exact expected guesses in
all (guesses made plus the best search's still needed), the same numbers `POST /api/review` grades with, so a
guess's loss is a step up at its point and an answer's luck a step at its own.

Both game answers carry `story`: the searcher's exact expected guesses left before the first guess and after
each move (the page's story chart): against Alice's mixture conditioned on the numbers left when you guess
(`guesses_left`, an optimal search tree), Bob's conditioned mixture for the number he would need longest
when you hide (`hider_story`).

The server keeps no game state. A game's state is {n, mode, seed, certificate}: the seed draws Alice's
number (or Bob's tree) exactly from the certified mixture, so every request replays the game from it. A
seed rather than an encrypted number because it needs no server secret (a restart or a second server
replays the same game), every state a page can send is a possible one (any seed is a fair draw), and a
test can check the draws against the exact distribution. The page never shows the seed's number; a user
who recomputes it from the seed has re-solved the game, and only cheats themselves. `certificate` (the
SHA-256 of the strategies the seed drew from) makes a game refuse to continue if those strategies changed.

Strategies are solved once per N (column generation with an exact certificate, analyses.guess.solve),
kept by the pages' one cache (`infra.cache.PageCache`): in memory (bounded) and on disk under the cache
root's guess/ (gzip JSON, written atomically, re-checked exactly when read back). N ≤ INLINE_SOLVE is solved
inside the request (0.07 s at N = 100); larger N, and large N read back from disk, go through a background
job with progress, in a worker process that Cancel terminates (`infra.jobs`).

What a request does itself takes at most about 0.1 s (a solve of N ≤ 100, a read-back of N ≤ 300:
bench/bench_web_guess.py); a job, whose client may leave, is done once per N and kept; at most MAX_PENDING
jobs of other N's may be running or waiting when one is asked for, and one estimated beyond a minute
starts only when the person has seen the estimate and pressed Start.
"""

from __future__ import annotations

import gzip
import json
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, cast

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel

from parlour.analyses.guess import play, table
from parlour.analyses.guess.solve import check_solution, solve_guess
from parlour.analyses.review.core import GameRecord
from parlour.analyses.review.guess import exchanges
from parlour.errors import InvalidInput, shown
from parlour.games.guess.trees import Tree
from parlour.infra.cache import FileStore, PageCache
from parlour.results import exact, frac_str
from parlour.web.common import ask_first, duration_words, one_of, render, whole_number, whole_numbers
from parlour.web.jobs import Report, at_current_load, jobs
from parlour.web.review import AtRequest, page_record

MEMORY_BUDGET = 8_000_000  # tree depths kept in memory over all N (N = 1,024: about 1 M)
# The page takes every N the command line does, up to what its memory budget can keep (Bob's trees hold
# about N^2 depths): the table's N at once, any other N solved as a job, after the command line's size check.
MAX_N = math.isqrt(MEMORY_BUDGET)
DEFAULT_N = 100
INLINE_SOLVE = 100  # solved inside the request (0.06 s for N = 100); larger N run as a job
INLINE_LOAD = 300  # read back from disk and re-checked inside the request (0.1 s for N = 300)
MAX_PENDING = 2  # jobs of other N's running or queued: more is refused (each can take minutes)
QUICK_WAIT_S = 1.0  # the longest a request waits for another request's inline work before using a job
SEED_MAX = 10**12 - 1  # twelve digits: what common.whole_number accepts as a string
FORMAT = 1  # of the disk cache's files
MODES = ("guess", "hide")

router = APIRouter()


@dataclass(frozen=True)
class Strategies:
    """Both players' certified optimal strategies for one N, as the page plays them."""

    numbers: int
    value: Fraction
    alice: tuple[Fraction, ...]  # P(Alice hides k), k = 1..N
    bob: tuple[tuple[tuple[int, ...], Fraction], ...]  # (depth of each number in the tree, probability)
    digest: str  # table.certificate_digest of the above
    solve_seconds: float

    @property
    def max_guesses(self) -> int:
        return max(max(d) for d, p in self.bob if p > 0)

    @property
    def size(self) -> int:
        return self.numbers * (len(self.bob) + 1)


def _digest(numbers: int, value: Fraction, alice: Sequence[Fraction],
            bob: Sequence[tuple[Sequence[int], Fraction]]) -> str:
    return table.certificate_digest(numbers, value, alice, bob)


def _checked(numbers: int, value: Fraction, alice: tuple[Fraction, ...],
             bob: tuple[tuple[tuple[int, ...], Fraction], ...], seconds: float) -> Strategies:
    """Strategies after the exact minimax check in the original game, and against the shipped table."""
    check_solution(numbers, value, alice, [(Tree(d), p) for d, p in bob])
    entry = table.lookup(numbers)
    if entry is not None and entry.value != value:
        raise InvalidInput(f"N = {numbers}: the solve says {value}, the certified table {entry.value}")
    return Strategies(numbers, value, alice, bob, _digest(numbers, value, alice, bob), seconds)


def _encode(s: Strategies) -> bytes:
    doc = {
        "format": FORMAT, "numbers": s.numbers, "value": frac_str(s.value),
        "alice": [frac_str(a) for a in s.alice],
        "bob": [[list(d), frac_str(p)] for d, p in s.bob],
        "certificate_sha256": s.digest, "solve_seconds": round(s.solve_seconds, 3),
    }
    return gzip.compress(json.dumps(doc, separators=(",", ":")).encode(), compresslevel=6)


def _decode(n: int, data: bytes) -> Strategies | None:
    """The strategies stored for N if the file is whole and its certificate checks exactly; else None or an
    error (a damaged file is solved again and overwritten)."""
    doc = json.loads(gzip.decompress(data))
    if doc["format"] != FORMAT or doc["numbers"] != n:
        return None
    value = Fraction(doc["value"])
    alice = tuple(Fraction(a) for a in doc["alice"])
    bob = tuple((tuple(int(x) for x in d), Fraction(p)) for d, p in doc["bob"])
    s = _checked(n, value, alice, bob, float(doc["solve_seconds"]))
    return s if s.digest == doc.get("certificate_sha256") else None


def _solve(n: int, report: Report | None = None) -> Strategies:
    """Solve N (certified): a job's work, or a request's for N <= INLINE_SOLVE."""
    began = time.perf_counter()
    first: list[float] = []

    def progress(step: Any) -> None:
        if report is None:
            return
        gap = max(step.upper - step.lower, 1e-12)
        if not first:
            first.append(gap)
        # The bounds close roughly geometrically, and the float phase stops near a gap of 1e-4 before
        # the exact check: the share of that way done, on a log scale (an estimate, said as one).
        share = math.log(first[0] / gap) / max(math.log(first[0] / 1e-4), 1e-9)
        # The solver works in the mirror-folded game, whose value is 2 V(N).
        report(min(0.95, max(0.01, share)), f"N = {n}, iteration {step.iteration}: V(N) between "
               f"{step.lower / 2:.6f} and {step.upper / 2:.6f}")

    sol = solve_guess(n, progress=progress)
    if not sol.certified or sol.value is None:
        raise InvalidInput(f"the strategies for N = {n} could not be certified")
    if report is not None:
        report(0.97, f"N = {n}: certified; saving")
    bob = tuple((t.depths, Fraction(p)) for t, p in sol.bob)
    alice = tuple(Fraction(a) for a in sol.alice)
    value = sol.proven_value()
    return Strategies(n, value, alice, bob, _digest(n, value, alice, bob), time.perf_counter() - began)


def _busy(others: Sequence[int]) -> str:
    names = ", ".join(str(m) for m in sorted(others))
    return f"the server is already solving N = {names}; choose one of those, or try again when they are done"


def _file_name(n: int) -> str:
    return f"strategies-{n}.json.gz"


def _need(n: int) -> int:
    """The bytes a job solving N needs: the command line's model of the solve, and the process around it."""
    from parlour.guess import BYTES_PER_N2
    from parlour.infra.jobs import DEFAULT_MEMORY

    return int(BYTES_PER_N2 * n * n) + DEFAULT_MEMORY


# module-level functions only: a job's process receives the store pickled
store = FileStore[int, Strategies]("guess", _file_name, _encode, _decode)


def strategy_cache() -> PageCache[int, Strategies]:
    """Solved strategies by N (`infra.cache`): in memory (least recently used dropped beyond a budget of
    tree depths), on disk (one gzip JSON file per N under the cache root's guess/, re-checked exactly when
    read back), else solved: inside the request for N <= INLINE_SOLVE, by a job beyond."""
    return PageCache(store, _solve, job_name=lambda n: f"guess-{n}", busy=_busy, budget=MEMORY_BUDGET,
                     weigh=lambda s: s.size, load_inline=lambda n: n <= INLINE_LOAD,
                     compute_inline=lambda n: n <= INLINE_SOLVE, pool=jobs, max_pending=MAX_PENDING,
                     quick_wait_s=QUICK_WAIT_S, need=_need,
                     announce=lambda n, stored: f"N = {n}: reading the saved strategies" if stored
                     else f"N = {n}: solving the game from scratch")


cache = strategy_cache()


def start_job(n: int) -> str:
    """Solve (or read back) N in the background; the page polls /jobs/{key}."""
    return cache.start_job(n)


# ---- what the answers say ------------------------------------------------------------------------------


def value_json(n: int) -> dict[str, Any]:
    """V(N) as `parlour guess value N --json` says it (the table), or from solved strategies."""
    entry = table.lookup(n)
    if entry is not None:
        return {"numbers": n, "value": float(entry.value), "value_exact": frac_str(entry.value),
                "max_guesses": entry.max_guesses, "source": "table",
                "certificate_sha256": entry.certificate_sha256}
    s = cache.in_memory(n)
    if s is not None:
        return {"numbers": n, **exact("value", s.value), "max_guesses": s.max_guesses, "source": "solved"}
    return {"numbers": n, "value": None, "value_exact": None, "max_guesses": None, "source": "not solved yet"}


def strategy_json(s: Strategies) -> dict[str, Any]:
    """The summary the page shows: V(N) (the table's when N is in it: the same number), Alice's
    distribution as `parlour guess solve N --json` writes it, and the size of Bob's mixture."""
    entry = table.lookup(s.numbers)
    return {
        "ready": True,
        "numbers": s.numbers,
        **exact("value", s.value),
        "value_source": "table" if entry is not None else "solved",
        "certified": True,
        "max_guesses": s.max_guesses,
        "alice": [{"number": k, **exact("probability", a)} for k, a in enumerate(s.alice, 1)],
        "trees": sum(1 for _, p in s.bob if p > 0),
        "certificate_sha256": s.digest,
        "solve_seconds": round(s.solve_seconds, 3),
    }


def result_json(s: Strategies, guesses: int) -> dict[str, Any]:
    """A finished game's count against V(N)."""
    return {"guesses": guesses, **exact("value", s.value), **exact("difference", guesses - s.value)}


def tree_json(depths: Sequence[int], p: Fraction) -> dict[str, Any]:
    tree = Tree(tuple(depths))
    return {"depths": list(tree.depths), "parents": list(tree.parents()), "preorder": list(tree.preorder()),
            **exact("probability", p)}


# ---- the game's story: the searcher's expected guesses left after every move ---------------------------


def search_cost(weights: Sequence[int]) -> int:
    """The least sum of weight x guesses over every higher-lower search of len(weights) numbers (an optimal
    search tree, Knuth's O(m^2) recurrence: the best root of an interval lies between the best roots of the
    interval less its last and less its first number: `analyses.review.guess.search_costs`, the game review's
    table of every interval's cost). Integer weights keep it exact and fast."""
    from parlour.analyses.review.guess import search_costs

    return search_costs(weights)[0][len(weights)]


@lru_cache(maxsize=256)
def guesses_left(alice: tuple[Fraction, ...], low: int, high: int) -> Fraction:
    """The guesser's exact expected guesses still needed when Alice (hiding by `alice`) has said the number
    is in low..high: the best search against her distribution conditioned on that interval."""
    part = alice[low - 1:high]
    scale = math.lcm(*(p.denominator for p in part))
    weights = [int(p * scale) for p in part]
    return Fraction(search_cost(weights), sum(weights))


def guesser_story(s: Strategies, guesses: Sequence[int], answers: Sequence[str]) -> list[dict[str, Any]]:
    """The guesser's expected guesses left before the first guess and after each one: V(N) at the start
    (Alice's optimal mixture makes every search need V(N) on average), 0 after "correct"."""
    low, high = 1, s.numbers
    left = [s.value]
    for g, a in zip(guesses, answers, strict=True):
        if a == "correct":
            left.append(Fraction(0))
            break
        low, high = (max(low, g + 1), high) if a == "higher" else (low, min(high, g - 1))
        left.append(guesses_left(s.alice, low, high))
    return [{"guesses": k, **exact("left", v)} for k, v in enumerate(left)]


@dataclass(frozen=True)
class _Searched:
    """Bob's trees still consistent with a game's first k guesses (integer weights), the interval left and
    the hider's value there (Bob's expected guesses left for the number he would need longest for)."""

    trees: tuple[tuple[tuple[int, ...], int], ...]
    low: int
    high: int
    left: Fraction


_SEARCHED: OrderedDict[tuple[str, tuple[int, ...], tuple[str, ...]], _Searched] = OrderedDict()
SEARCHED_KEPT = 256  # prefixes of games kept: each request then works out only its newest point


def _searched(s: Strategies, guesses: tuple[int, ...], answers: tuple[str, ...]) -> _Searched:
    """The prefix's consistent trees and value, from the prefix one shorter (kept) by one step. The start
    is V(N) exactly: Bob's optimal mixture needs at most V(N) for every number and V(N) for some."""
    key = (s.digest, guesses, answers)
    if key in _SEARCHED:
        _SEARCHED.move_to_end(key)
        return _SEARCHED[key]
    k = len(guesses)
    if k == 0:
        scale = math.lcm(*(p.denominator for _, p in s.bob if p > 0))
        out = _Searched(tuple((d, int(p * scale)) for d, p in s.bob if p > 0), 1, s.numbers, s.value)
    else:
        before = _searched(s, guesses[:-1], answers[:-1])
        g, a = guesses[-1], answers[-1]
        trees = tuple((d, w) for d, w in before.trees if play.tree_guess(d, before.low, before.high) == g)
        if a == "correct":
            out = _Searched(trees, g, g, Fraction(0))
        else:
            low, high = (g + 1, before.high) if a == "higher" else (before.low, g - 1)
            longest = max(sum(w * d[x - 1] for d, w in trees) for x in range(low, high + 1))
            out = _Searched(trees, low, high, Fraction(longest, sum(w for _, w in trees)) - k)
    _SEARCHED[key] = out
    while len(_SEARCHED) > SEARCHED_KEPT:
        _SEARCHED.popitem(last=False)
    return out


def hider_story(s: Strategies, guesses: Sequence[int], answers: Sequence[str]) -> list[dict[str, Any]]:
    """Bob's expected guesses left before his first guess and after each answer, for the number still
    allowed that he would need longest to find: his trees that would have guessed as he did, weighted by
    their probability (V(N) at the start). Prefixes are kept, so a game's request adds one step."""
    g, a = tuple(guesses), tuple(answers)
    points = [_searched(s, g[:k], a[:k]).left for k in range(len(g) + 1)]
    return [{"guesses": k, **exact("left", v)} for k, v in enumerate(points)]


# ---- the analysis board: the searcher's expected guesses in all after every move, the record ------------


@lru_cache(maxsize=16)
def _weights(alice: tuple[Fraction, ...]) -> tuple[int, ...]:
    """Alice's distribution as integer weights over one common denominator (the grader's, exactly)."""
    scale = math.lcm(*(p.denominator for p in alice))
    return tuple(int(p * scale) for p in alice)


@lru_cache(maxsize=512)
def _cost(weights: tuple[int, ...], low: int, high: int) -> int:
    """The least sum of weight x guesses of a search of low..high (0 when empty)."""
    return search_cost(weights[low - 1:high]) if low <= high else 0


def guess_value(s: Strategies, low: int, high: int, g: int) -> Fraction:
    """Guesses still needed, guess g included, when Alice's number is in low..high and every later guess is
    best: the value `analyses.review.guess` grades a guess by (a guess outside low..high wastes one)."""
    w = _weights(s.alice)
    whole = sum(w[low - 1:high])
    if whole == 0:
        raise InvalidInput(f"Alice never hides a number in {low}..{high}: the answers cannot be hers")
    if not low <= g <= high:
        return 1 + Fraction(_cost(w, low, high), whole)
    return 1 + Fraction(_cost(w, low, g - 1) + _cost(w, g + 1, high), whole)


def guesser_steps(s: Strategies, guesses: Sequence[int], answers: Sequence[str]) -> list[dict[str, Any]]:
    """After every move: the guesser's expected guesses in all and V(N) plus the losses of the guesses so far
    (its steps are the bad guesses alone, luck left out). A guess's loss is its value less the best's."""
    low, high = 1, s.numbers
    best, lost = s.value, Fraction(0)
    points = [{"ply": 0, "by": None, **exact("total", best), **exact("lost", lost), **exact("loss", Fraction(0))}]
    for k, g in enumerate(guesses):
        value = k + guess_value(s, low, high, g)
        loss = value - best
        lost += loss
        points.append({"ply": 2 * k + 1, "by": "you", **exact("total", value), **exact("lost", s.value + lost),
                       **exact("loss", loss)})
        if k >= len(answers):
            break
        a = answers[k]
        if a == "correct":
            best = Fraction(k + 1)
        else:
            low, high = (max(low, g + 1), high) if a == "higher" else (low, min(high, g - 1))
            best = k + guess_value(s, low, high, 0)  # a guess outside wastes one: the best search, plus 1
        points.append({"ply": 2 * k + 2, "by": "Alice", **exact("total", best), **exact("lost", s.value + lost),
                       **exact("loss", Fraction(0))})
    return points


def hider_steps(s: Strategies, guesses: Sequence[int], answers: Sequence[str]) -> list[dict[str, Any]]:
    """After every move: the most guesses in all the hider can still make Bob expect (the number still allowed
    he needs longest, over his trees that would have guessed as he did). Bob is optimal: no loss is his."""
    g, a = tuple(guesses), tuple(answers)
    points = [{"ply": 0, "by": None, **exact("total", s.value)}]
    for k in range(len(g)):
        points.append({"ply": 2 * k + 1, "by": "Bob", **exact("total", _after_guess(s, g[:k + 1], a[:k]))})
        if k < len(a):
            after = _searched(s, g[:k + 1], a[:k + 1])
            points.append({"ply": 2 * k + 2, "by": "you", **exact("total", after.left + k + 1)})
    return points


_GUESSED: OrderedDict[tuple[str, tuple[int, ...], tuple[str, ...]], Fraction] = OrderedDict()


def _after_guess(s: Strategies, guesses: tuple[int, ...], answers: tuple[str, ...]) -> Fraction:
    """The most guesses in all Bob can be made to expect once he has made `guesses` (one more than `answers`):
    over his trees that guessed so, for the number still allowed he needs longest (kept, as `_searched`)."""
    key = (s.digest, guesses, answers)
    if key not in _GUESSED:
        before = _searched(s, guesses[:-1], answers)
        trees = [(d, w) for d, w in before.trees if play.tree_guess(d, before.low, before.high) == guesses[-1]]
        if not trees:
            raise InvalidInput(f"move {2 * len(guesses) - 1}: Bob's optimal mixture never guesses {guesses[-1]} when "
                               f"{before.low}..{before.high} are possible")
        longest = max(sum(w * d[x - 1] for d, w in trees) for x in range(before.low, before.high + 1))
        _GUESSED[key] = Fraction(longest, sum(w for _, w in trees))
        while len(_GUESSED) > SEARCHED_KEPT:
            _GUESSED.popitem(last=False)
    return _GUESSED[key]


def record_json(s: Strategies, mode: str, seed: int | None, guesses: Sequence[int], answers: Sequence[str],
                hidden: int | None) -> dict[str, Any]:
    """The game's record (docs/json.md): its moves; the seed and certificate that let this page (or any server
    with the same strategies) play it on; Alice's number only once the game is over."""
    searcher, hider = ("you", "Alice") if mode == "guess" else ("Bob", "you")
    settings: dict[str, Any] = {"n": s.numbers, "mode": mode}
    if seed is not None:
        settings.update(seed=seed, certificate=s.digest)
    if hidden is not None:
        settings["hidden"] = hidden
    moves: list[dict[str, Any]] = []
    for k, g in enumerate(guesses):
        moves.append({"by": searcher, "guess": g})
        if k < len(answers):
            moves.append({"by": hider, "answer": answers[k]})
    return GameRecord("guess", settings, tuple(moves)).to_json()


# ---- requests ------------------------------------------------------------------------------------------


class SizeRequest(BaseModel):
    n: Any = None  # checked by hand, so a bad field gets our sentence rather than pydantic's
    start: Any = False  # true: start a long solve (the person has seen its estimate)


class NewRequest(BaseModel):
    n: Any = None
    mode: Any = "guess"
    seed: Any = None


class GameState(BaseModel):
    n: Any = None
    mode: Any = None
    seed: Any = None
    certificate: Any = None


class GuessRequest(BaseModel):
    state: GameState | None = None
    guesses: Any = None


class SearchRequest(BaseModel):
    state: GameState | None = None
    answers: Any = None
    hidden: Any = None


def _size(value: Any) -> int:
    if value is None:
        raise InvalidInput(f"n (how many numbers Alice hides among) is missing: a whole number from 1 to {MAX_N}")
    n = whole_number(value, "N", 1, MAX_N)
    if table.lookup(n) is None:
        estimate_seconds(n)  # the command line's size check: refuses what it refuses, in its words
    return n


def estimate_seconds(n: int) -> float:
    """The command line's estimate of certifying V(N) on this machine; its size check raises beyond it."""
    from parlour.analyses.guess.cost import BYTES_PER_N2, solve_seconds
    from parlour.infra.resources import affordable

    seconds = solve_seconds(n)
    affordable(f"certifying V({n:,})", BYTES_PER_N2 * float(n) ** 2, seconds, False, flag="the command line's --force")
    return seconds


def estimate_words(n: int) -> str:
    return duration_words(at_current_load(estimate_seconds(n)))


def _strategies(n: int) -> Strategies:
    s = cache.ready(n)
    if s is None:
        raise InvalidInput(f"the strategies for N = {n} are not loaded yet: choose N again to solve them")
    return s


def _game(state: GameState | None, mode: str) -> tuple[Strategies, int]:
    """The strategies and seed of a game's state, checked whole."""
    if state is None:
        raise InvalidInput("the game's state is missing: start a new game")
    n = _size(state.n)
    if one_of(state.mode, "the state's mode", MODES) != mode:
        raise InvalidInput(f"this game is one where you {state.mode}, not one where you {mode}")
    if state.seed is None:
        raise InvalidInput("the state's seed is missing: start a new game")
    seed = whole_number(state.seed, "the state's seed", 0, SEED_MAX)
    if not isinstance(state.certificate, str) or len(state.certificate) != 64:
        raise InvalidInput(f"the state's certificate must be 64 hexadecimal digits, got {shown(state.certificate)}")
    s = _strategies(n)
    if state.certificate != s.digest:
        raise InvalidInput(f"the strategies for N = {n} are not the ones this game began with: start a new game")
    return s, seed


@router.post("/api/new")
def new_game(req: NewRequest) -> dict[str, Any]:
    n = _size(req.n)
    mode = one_of(req.mode, "mode", MODES)
    seed = secrets.randbelow(SEED_MAX + 1) if req.seed is None else whole_number(req.seed, "seed", 0, SEED_MAX)
    s = _strategies(n)
    state = {"n": n, "mode": mode, "seed": seed, "certificate": s.digest}
    first = guess_json(s, seed, []) if mode == "guess" else search_json(s, seed, [])
    return {"state": state, **first}


def _interval(numbers: int, guesses: Sequence[int], answers: Sequence[str]) -> tuple[int, int]:
    low, high = 1, numbers
    for g, a in zip(guesses, answers, strict=False):
        if a == "correct":
            return g, g
        low, high = (max(low, g + 1), high) if a == "higher" else (low, min(high, g - 1))
    return low, high


def guess_view(s: Strategies, seed: int | None, guesses: Sequence[int], answers: Sequence[str]) -> dict[str, Any]:
    """What the page shows of a game where you guess: `guesses` may hold one more than `answers` (a step of the
    analysis board between a guess and its answer: `pending`)."""
    answered = list(guesses[:len(answers)])
    low, high = _interval(s.numbers, answered, answers)
    over = bool(answers) and answers[-1] == "correct"
    steps = guesser_steps(s, guesses, answers)  # first: it refuses answers Alice cannot give
    out: dict[str, Any] = {"guesses": answered, "answers": list(answers), "low": low, "high": high, "over": over,
                           "story": guesser_story(s, answered, answers), "steps": steps,
                           "record": record_json(s, "guess", seed, guesses, answers, answered[-1] if over else None)}
    if len(guesses) > len(answers):
        out["pending"] = guesses[-1]
    if over:
        hidden = answered[-1]
        out["hidden"] = hidden
        out["result"] = {**result_json(s, len(answered)), **exact("alice_probability", s.alice[hidden - 1])}
    return out


def guess_json(s: Strategies, seed: int, guesses: Sequence[int]) -> dict[str, Any]:
    hidden = play.draw(s.alice, seed) + 1
    game = play.replay_guesser(s.numbers, hidden, guesses)
    return guess_view(s, seed, game.guesses, game.answers)


def search_view(s: Strategies, seed: int | None, guesses: Sequence[int], answers: Sequence[str],
                tree: tuple[tuple[int, ...], Fraction] | None) -> dict[str, Any]:
    """What the page shows of a game where you hide: `guesses` holds Bob's guess awaiting your answer, if any
    (`next_guess`); Bob's tree once the game is over, when the seed that drew it is known."""
    answered = list(guesses[:len(answers)])
    low, high = _interval(s.numbers, answered, answers)
    over = bool(answers) and answers[-1] == "correct"
    out: dict[str, Any] = {"guesses": answered, "answers": list(answers), "low": low, "high": high, "over": over,
                           "next_guess": guesses[-1] if len(guesses) > len(answers) else None,
                           "story": hider_story(s, answered, answers), "steps": hider_steps(s, guesses, answers),
                           "record": record_json(s, "hide", seed, guesses, answers, answered[-1] if over else None)}
    if over:
        hidden = answered[-1]
        out["hidden"] = hidden
        if tree is not None:
            out["tree"] = tree_json(*tree)
        out["result"] = {**result_json(s, len(answered)),
                         **exact("bob_average", play.expected_guesses(s.bob, hidden))}
    return out


def _tree(s: Strategies, seed: int) -> tuple[tuple[int, ...], Fraction]:
    return s.bob[play.draw([p for _, p in s.bob], seed)]


def search_json(s: Strategies, seed: int, answers: Sequence[play.Answer]) -> dict[str, Any]:
    depths, p = _tree(s, seed)
    game = play.replay_search(depths, answers)
    pending = [] if game.next_guess is None else [game.next_guess]
    return search_view(s, seed, [*game.guesses, *pending], game.answers, (depths, p))


def _record(data: Any) -> tuple[GameRecord, Strategies, str, int | None]:
    """A guessing game's record, N's strategies (loaded), its mode, and its seed when it is this server's game
    (the certificate of the strategies it was drawn from is the one loaded here), else None."""
    record = page_record(data, "guess", "guessing games")
    n = _size(record.settings.get("n"))
    mode = one_of(record.settings.get("mode", "guess"), "the record's mode", MODES)
    s = _strategies(n)
    seed = record.settings.get("seed")
    ours = (isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= SEED_MAX
            and record.settings.get("certificate") == s.digest)
    return record, s, mode, seed if ours else None


def view_at(record: GameRecord, s: Strategies, mode: str, seed: int | None, ply: int) -> dict[str, Any]:
    """The view after the record's first `ply` moves (checked as the grader checks them: players, answers
    some number gives), as the live game showed it."""
    game = exchanges(GameRecord("guess", record.settings, record.moves[:ply]), s.numbers, mode)
    guesses = [g for g, _ in game]
    answers = [a for _, a in game if a is not None]
    if mode == "guess":
        return {**guess_view(s, seed, guesses, answers), "ply": ply}
    for k in range(len(guesses)):  # Bob's guesses are his mixture's (a sentence, not a 500, for another)
        _after_guess(s, tuple(guesses[:k + 1]), tuple(answers[:k]))
    return {**search_view(s, seed, guesses, answers, None if seed is None else _tree(s, seed)), "ply": ply}


@router.post("/api/at")
def api_at(req: AtRequest) -> dict[str, Any]:
    """The analysis board's step: the view after the record's first `ply` moves. It needs only the record's moves
    (and N's strategies): a link from another server steps and grades here too."""
    record, s, mode, seed = _record(req.record)
    ply = whole_number(req.ply, "the move", 0, len(record.moves))
    return view_at(record, s, mode, seed, ply)


@router.get("/", response_class=HTMLResponse)
def page(request: Request) -> HTMLResponse:
    return render(request, "guess.html", game="guess", max_n=f"{MAX_N:,}", default_n=DEFAULT_N,
                  start=value_json(DEFAULT_N), table_max=max(table.shipped(), default=0))


@router.get("/api/value")
def api_value(n: str = "") -> dict[str, Any]:
    return value_json(_size(n or None))


@router.post("/api/strategy")
def api_strategy(req: SizeRequest) -> dict[str, Any]:
    n = _size(req.n)
    s = cache.ready(n)
    if s is not None:
        return strategy_json(s)
    seconds, stored = at_current_load(estimate_seconds(n)), cache.on_disk(n)  # at the machine's load now
    if ask_first(seconds, req.start, joining=stored or cache.job_running(n)):
        return {"ready": False, "numbers": n, "ask": True, "expect": duration_words(seconds),
                "seconds": round(seconds)}
    expect = "a few seconds, to read them back" if stored else duration_words(seconds)
    return {"ready": False, "numbers": n, "job": start_job(n), "expect": expect}


@router.post("/api/guess")
def api_guess(req: GuessRequest) -> dict[str, Any]:
    s, seed = _game(req.state, "guess")
    return guess_json(s, seed, _guesses(req.guesses, s.numbers))


def _guesses(value: Any, n: int) -> list[int]:
    """The game's guesses: the page sends the earlier ones (which the server answered) and the person's new
    one last, so an error about that one says "your guess" and quotes it, not "guesses must be ..."."""
    items = value if value is not None else []
    if isinstance(items, list) and 0 < len(items) <= n:
        earlier = whole_numbers(items[:-1], "an earlier guess", 1, n, range(0, n))
        return [*earlier, whole_number(items[-1], "your guess", 1, n)]
    return whole_numbers(items, "guesses", 1, n, range(0, n + 1))


@router.post("/api/search")
def api_search(req: SearchRequest) -> dict[str, Any]:
    s, seed = _game(req.state, "hide")
    if req.hidden is not None:
        if req.answers is not None:
            raise InvalidInput("send either answers or the hidden number, not both")
        hidden = whole_number(req.hidden, "the hidden number", 1, s.numbers)
        depths, _ = s.bob[play.draw([p for _, p in s.bob], seed)]
        return search_json(s, seed, play.answers_for(depths, hidden))
    answers = req.answers if req.answers is not None else []
    if not isinstance(answers, list) or len(answers) > s.numbers:
        raise InvalidInput(f"answers must be a list of at most {s.numbers} of higher, lower, correct")
    return search_json(s, seed, [cast(play.Answer, one_of(a, "an answer", play.ANSWERS)) for a in answers])


def headline() -> str:
    """V(100) from the shipped table of certified values, against binary search's worst case."""
    n = DEFAULT_N
    entry = table.lookup(n)
    if entry is None:
        return ""
    return (f"hiding a number in 1..{n}, the optimal hider makes the optimal guesser need "
            f"{frac_str(entry.value)} ≈ {float(entry.value):.3f} guesses on average "
            f"(binary search: at most {n.bit_length()})")
