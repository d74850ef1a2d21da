"""The states a breadth-first exploration will find, from the sizes of the layers it has found so far and from
how deep random play goes (`project`): what refuses a game too large long before its exploration reaches the
limit (`arrays.growth_check`, docs/your-game.md, "Limits").

The layers' growth is read from the last half of the layers explored, in two windows of equal length
(`fit`): **geometric** (as many times more states each move: a game that remembers its history) where the rate
per layer does not fall from the first window to the second, a **power** of the depth (a grid of counters:
its layers grow as the depth squared for three counters) where the rate falls but the exponent does not, and
**flat** (layers no larger than the last) where both fall (a game whose layers are filling up, such as Pig).
Each is projected with the smaller of its two windows' rates, never with a rate the layers were leaving.

How deep the game goes (`Horizon`) is measured by random play (`playouts`: uniform moves, chance drawn by
its probabilities, from the start): the lower quartile of the lengths of play, times the breadth-first depth
per move of play met on the way (1 where each state lies as many moves deep as every way to it, as in a tree
or a grid; less where play comes back or goes round, as in Pig). A geometric growth is counted down to that
depth (most of its states lie in the deepest layers, and a game that remembers its history goes that deep
in every line); a power or a flat one only down to half of it (a grid's layers grow to its middle and shrink
again beyond: half the depth counts about half its states). Where random play does not end (a cycle, or
play longer than PLAYOUT_MOVES), the depth is unknown and the layers are counted as far again as half the
depth explored. Nothing here is proven but the states explored; `arrays.growth_check` refuses a game only
when the projection passes the limit by a margin (`arrays.MARGIN`), and the count is said as "about",
"or more" where it counts only part of the depth.
"""

from __future__ import annotations

import math
import random
import time
from bisect import bisect_right
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from itertools import accumulate

__all__ = ["PLAYOUTS", "PLAYOUT_MOVES", "PROBE_SECONDS", "Horizon", "Playout", "Projection", "depth_probe", "fit",
           "horizon", "layers_ahead", "playouts", "project"]

PLAYOUTS = 16  # random plays from the start; the lower quartile of their lengths is the game's depth
PLAYOUT_MOVES = 10_000  # moves of one random play before it counts as play that does not end
PROBE_SECONDS = 0.5  # the most all of them take (a play cut short counts as one that does not end)
STEADY = 0.9  # a rate or exponent that keeps this much of its value from one window to the next is steady
_LOG_MAX = 690.0  # e^690 < 1.8e308: an estimate beyond is held at 1e300 (an endless game's stays a number)

Step = Callable[[Hashable, random.Random], Hashable | None]  # one random move: the next state, None at an end


@dataclass(frozen=True)
class Playout:
    """One random play from the start: the states it met, the start's first, and whether play ended (False:
    cut at PLAYOUT_MOVES or PROBE_SECONDS, or stopped by an error the exploration will name in its turn)."""

    path: tuple[Hashable, ...]
    ended: bool


@dataclass(frozen=True)
class Horizon:
    """How deep the game goes: random play ends after `moves` moves (the lower quartile of the playouts), and a
    state `moves` into play lies `ratio` times as deep breadth first; `top` is the deepest layer so reached."""

    moves: int
    ratio: float

    @property
    def top(self) -> int:
        return max(int((self.moves - 1) * self.ratio), 0)


@dataclass(frozen=True)
class Projection:
    """The states the exploration will find: `states`, the `known` ones and the layers to come down to depth
    `upto` (from the layers explored down to `depth`), as `law` ("geometric": `rate` times as many a layer;
    "power": as the depth to the power `rate`; "flat"; "none": no layer to come is counted) and `horizon` (None:
    random play did not end) make them. `partial`: only part of the depth is counted (the count is a floor)."""

    states: float
    known: int
    depth: int
    law: str
    rate: float
    upto: int
    horizon: Horizon | None

    @property
    def partial(self) -> bool:
        return self.law != "geometric" or self.horizon is None


def fit(sizes: Sequence[int]) -> tuple[str, float]:
    """The growth of the layers (`sizes`, the start's first) over the last half of them, in two windows of equal
    length (even where it can be: a game whose layers alternate chance and choice has both kinds in each):
    ("geometric", factor), ("power", exponent), ("flat", 0.0), or ("none", 0.0) where the layers shrink or are
    too few to tell."""
    depth = len(sizes) - 1
    width = depth // 4
    width -= width % 2 if width > 2 else 0
    if width < 1 or min(sizes[depth - 2 * width:]) <= 0:
        return "none", 0.0
    a, b, c = depth - 2 * width, depth - width, depth
    first, second = math.log(sizes[b] / sizes[a]) / width, math.log(sizes[c] / sizes[b]) / width
    if second < 0:
        return "none", 0.0
    if second == 0:
        return "flat", 0.0
    if second >= STEADY * first:
        return "geometric", math.exp(min(first, second))
    early = math.log(sizes[b] / sizes[a]) / math.log((b + 1) / (a + 1))
    late = math.log(sizes[c] / sizes[b]) / math.log((c + 1) / (b + 1))
    return ("power", min(early, late)) if late >= STEADY * early else ("flat", 0.0)


def layers_ahead(last: int, depth: int, upto: int, law: str, rate: float) -> float:
    """The states of the layers depth + 1 .. upto, from the last layer's `last` states, by the law of `fit`."""
    count = upto - depth
    if count <= 0 or law == "none":
        return 0.0
    if law == "flat":
        return float(last * count)
    if law == "geometric":
        if rate == 1:
            return float(last * count)
        grown = count * math.log(rate)  # last * rate * (rate^count - 1) / (rate - 1), in logarithms
        scale = math.log(last) + math.log(rate) + math.log(abs(math.expm1(grown)) / abs(rate - 1))
        return math.exp(min(scale, _LOG_MAX)) if scale < _LOG_MAX else 1e300
    base = math.log(depth + 1)
    return math.fsum(math.exp(min(math.log(last) + rate * (math.log(k + 1) - base), _LOG_MAX))
                     for k in range(depth + 1, upto + 1))


def project(sizes: Sequence[int], known: int, horizon: Horizon | None) -> Projection:
    """The states the exploration will find: the `known` ones (the explored and the last layer, `sizes[-1]`),
    and the layers to come as `fit` reads them, down to the horizon (the module's docstring)."""
    depth = len(sizes) - 1
    law, rate = fit(sizes)
    # unknown depth: half as deep again; a geometric growth down to the horizon, any other to half of it
    upto = depth + depth // 2 if horizon is None else horizon.top // (1 if law == "geometric" else 2)
    more = layers_ahead(sizes[-1], depth, upto, law, rate)
    return Projection(min(known + more, 1e300), known, depth, law, rate, max(upto, depth), horizon)


def playouts(start: Hashable, step: Step, count: int = PLAYOUTS, moves: int = PLAYOUT_MOVES,
             seconds: float = PROBE_SECONDS, seed: int = 0) -> list[Playout]:
    """`count` random plays from `start` (a fixed seed: the same game gets the same answer), all within
    `seconds`, and none after more than half of them have not ended. A game's error stops a play quietly: the
    exploration names it, in its own order."""
    rng = random.Random(seed)
    deadline = time.perf_counter() + seconds
    out = []
    for _ in range(count):
        path, ended = [start], False
        try:
            while len(path) <= moves:
                nxt = step(path[-1], rng)
                if nxt is None:
                    ended = True
                    break
                hash(nxt)  # an unhashable state is the exploration's to name
                path.append(nxt)
                if len(path) % 256 == 0 and time.perf_counter() > deadline:
                    break
        except Exception:  # any error of the game's: named by the exploration, not here
            ended = False
        out.append(Playout(tuple(path), ended))
        if time.perf_counter() > deadline or 2 * sum(not p.ended for p in out) > count:
            break  # out of time, or most plays do not end (the depth is unknown): no more to learn
    return out


def horizon(plays: Sequence[Playout], where: Callable[[Hashable], int], sizes: Sequence[int]) -> Horizon | None:
    """The game's depth from random plays (`Horizon`), None where fewer than half of them ended. `where(state)`
    is a state's number in the exploration (-1: not met yet), its layers `sizes`: a play's last state met so
    far lies at a known depth, `ratio` is those depths over the moves that reached them."""
    if not plays or 2 * sum(p.ended for p in plays) < len(plays):
        return None
    lengths = sorted(len(p.path) if p.ended else math.inf for p in plays)
    moves = int(lengths[len(lengths) // 4])
    bounds = list(accumulate(sizes))
    deep = steps = 0
    for play in plays:
        for step in range(len(play.path) - 1, 0, -1):
            number = where(play.path[step])
            if number >= 0:
                deep += bisect_right(bounds, number)
                steps += step
                break
    return Horizon(moves, min(deep / steps, 1.0) if steps else 1.0)


def depth_probe(start: Hashable, step: Step, where: Callable[[Hashable], int]
                ) -> Callable[[Sequence[int]], Horizon | None]:
    """What an explorer gives `arrays.growth_check`: `probe(sizes)`, the game's `horizon` as the exploration
    stands, its random plays made at the first call only."""
    plays: list[list[Playout]] = []

    def probe(sizes: Sequence[int]) -> Horizon | None:
        if not plays:
            plays.append(playouts(start, step))
        return horizon(plays[0], where, sizes)

    return probe
