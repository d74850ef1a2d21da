"""Issue 45, item 6: a stochastic game whose exploration will pass the limits is refused from the growth seen so
far (`solvers.stochastic.growth`): a grid of counters, whose layers grow as a power of the depth, with a count
that is a floor of its true one; a simultaneous game with a count within 2x of its true one; and games of every
shape just under the limit, never refused (the limits lowered so that each runs in CI's seconds)."""

from __future__ import annotations

import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

import parlour
from parlour.errors import InvalidInput
from parlour.solvers.stochastic import arrays, growth
from parlour.solvers.stochastic.explore import explore
from parlour.solvers.stochastic.rules import RulesGame, explore_turns
from parlour.toolkit import Chance, End
from parlour.toolkit.stochastic import spec

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def said_count(message: str) -> float:
    """The count a refusal says (`about 1.2×10^8 states`, `about 87,381 states`)."""
    found = re.search(r"about ([0-9.,]+)(?:×10\^([0-9]+))? states", message)
    assert found, message
    return float(found.group(1).replace(",", "")) * 10 ** int(found.group(2) or 0)


def grid(sides: tuple[int, ...]) -> dict:
    """Counters, one of which each move raises by one, the players in turn: play ends when a counter reaches its
    side. Every state is as many moves deep as every way to it, and its layers grow as the depth to the power
    len(sides) - 1 up to the smallest side. Its states: the product of the sides."""
    names = tuple(range(len(sides)))

    def moves(s: tuple) -> tuple:
        return (names, ()) if sum(s) % 2 == 0 else ((), names)

    def play(s: tuple, m1: object, m2: object) -> object:
        i = m2 if m1 is None else m1
        t = tuple(v + (k == i) for k, v in enumerate(s))
        return End(1 if i == 0 else 0) if t[i] == sides[i] else t

    return {"START": (0,) * len(sides), "moves": moves, "play": play}


def simplex(n: int) -> dict:
    """Three counters that end play when their sum reaches n: its layers grow as the depth squared to the end."""
    return {"START": (0, 0, 0), "moves": lambda s: (((0, 1, 2), ()) if sum(s) % 2 == 0 else ((), (0, 1, 2))),
            "play": lambda s, a, b: End(0) if sum(s) + 1 == n else
            tuple(v + (k == (b if a is None else a)) for k, v in enumerate(s))}


def tree(branches: int, depth: int, *, both: bool = False) -> dict:
    """A game that remembers its moves: `branches` a move (two sides' choices at once with `both`: 2 x
    branches / 2) down to `depth` moves; (branches^depth - 1) / (branches - 1) states."""
    mine = tuple(range(branches // 2 if both else branches))
    return {"START": (), "moves": lambda s: (mine, (0, 1)) if both else ((mine, ()) if len(s) % 2 == 0 else ((), mine)),
            "play": lambda s, a, b: End(0) if len(s) + 1 == depth else (*s, (a, b))}


def race(n: int, back: int = 0) -> dict:
    """Two racers to square n, a three-sided die each move (player 1 may also wait); with `back`, a 3 moves the
    racer back that many squares: play comes back to states, and random play goes far deeper than the
    breadth-first layers."""
    def play(s: tuple, a: object, b: object) -> object:
        if a == "wait":
            return (s[0], s[1], 1)
        out: dict = {}
        for face in (1, 2, 3):
            pos = max(s[s[2]] + (-back if back and face == 3 else face), 0)
            to = End(1 - s[2]) if pos >= n else (pos, s[1], 1) if s[2] == 0 else (s[0], pos, 0)
            out[to] = out.get(to, 0) + Fraction(1, 3)
        return Chance(out)

    return {"START": (0, 0, 0), "moves": lambda s: (("go", "wait"), ()) if s[2] == 0 else ((), ("go",)),
            "play": play}


def geometric_count(branches: int, depth: int) -> int:
    return (branches**depth - 1) // (branches - 1)


@pytest.fixture
def looks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Looks at the growth from 256 states expanded on (then every doubling), so a small game is looked at often."""
    monkeypatch.setattr(arrays, "FIRST_LOOK", 2**8)


def test_a_grid_of_counters_is_refused_with_a_floor_of_its_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """216,000 states against a limit of 20,000: refused at its first look, with a count past twice the limit and
    below the true one (half its depth counted: a floor, said "or more")."""
    monkeypatch.setattr(arrays, "MAX_TURN_STATES", 20_000)
    monkeypatch.setattr(arrays, "FIRST_LOOK", 2**12)
    with pytest.raises(InvalidInput, match=r"^[^\n]*$") as caught:
        parlour.solve(grid((60, 60, 60)))
    said = str(caught.value)
    assert "states or more (extrapolated from the growth of the first" in said
    assert "layers that grow as the depth to the power 2.0" in said and "half as deep as random play goes" in said
    count = said_count(said)
    assert arrays.MARGIN * 20_000 < count <= 60**3
    assert f"which would take about {arrays.memory(count, arrays.BYTES_PER_STATE)}" in said


def test_a_simultaneous_game_is_refused_with_its_count_within_2x(monkeypatch: pytest.MonkeyPatch) -> None:
    """87,381 states of 2x2 simultaneous moves against a limit of 10,000: its count as the stage-LP engine would
    hold it (`LP_BYTES_PER_STATE` a state), within 2x of the true one."""
    monkeypatch.setattr(arrays, "MAX_LP_STATES", 10_000)
    with pytest.raises(InvalidInput, match=r"^[^\n]*$") as caught:
        parlour.solve(tree(4, 9, both=True))
    said = str(caught.value)
    count, true = said_count(said), geometric_count(4, 9)
    assert true / 2 <= count <= 2 * true and "where random play ends after 9 moves" in said
    assert f"with simultaneous moves, which would take about {arrays.memory(count, arrays.LP_BYTES_PER_STATE)}" \
        in said


def pig(goal: int) -> dict:
    namespace: dict = {}
    source = (EXAMPLES / "pig.py").read_text().replace('int(os.environ.get("PIG_GOAL", "100"))', str(goal))
    exec(compile(source, "pig.py", "exec"), namespace)  # the example itself, at a smaller goal
    return namespace


UNDER = {  # turn-based games of every shape the estimate reads, and their true counts
    "a cube of counters": (lambda: grid((30, 30, 30)), 27_000),
    "a flat box": (lambda: grid((80, 80, 4)), 25_600),
    "a long box": (lambda: grid((8, 8, 400)), 25_600),
    "a simplex": (lambda: simplex(50), math.comb(52, 3)),
    "a tree": (lambda: tree(4, 8), geometric_count(4, 8)),
    "a chain": (lambda: grid((30_000,)), 30_000),
    "Pig to 30": (lambda: pig(30), None),
    "a race with chance": (lambda: race(60), None),
    "a race that goes back": (lambda: race(60, back=2), None),
}


@pytest.mark.usefixtures("looks")
@pytest.mark.parametrize("name", list(UNDER))
def test_a_turn_based_game_just_under_the_limit_is_never_refused(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each explored against a limit of its own size, looked at from 256 states on: never refused, and but for
    Pig (whose first layers grow faster than they go on to) never projected past its true size at any look."""
    make, count = UNDER[name]
    rules = spec(make())
    if count is None:
        count = len(explore_turns(rules, limit=10**7).states)  # type: ignore[union-attr]
    if not name.startswith("Pig"):
        monkeypatch.setattr(arrays, "MARGIN", 1.01)
    assert len(explore_turns(rules, limit=count).states) == count  # type: ignore[union-attr]


def test_a_simultaneous_game_just_under_the_limit_is_never_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arrays, "MARGIN", 1.01)  # projected to its exact size
    count = geometric_count(4, 7)  # 5,461 states, looked at from 1,024 on
    states, _, _ = explore(RulesGame(spec(tree(4, 7, both=True))), [()], limit=count)
    assert len(states) == count


def test_the_growth_is_read_as_geometric_a_power_or_flat() -> None:
    assert growth.fit([3**k for k in range(9)]) == ("geometric", pytest.approx(3))
    law, exponent = growth.fit([(k + 1) * (k + 2) // 2 for k in range(80)])
    assert law == "power" and exponent == pytest.approx(2, abs=0.05)
    assert growth.fit([1, 6, 16, 53, 170, 487, 1151, 2232, 3744, 5688, 7800, 9600, 11000]) == ("flat", 0)  # Pig's
    assert growth.fit([1, 5, 9, 7, 5, 3, 2, 1, 1]) == ("none", 0)  # shrinking
    assert growth.fit([1, 2, 4]) == ("none", 0)  # too few layers to tell


def test_a_uniform_tree_is_projected_to_its_count() -> None:
    sizes = [4**k for k in range(7)]
    guess = growth.project(sizes, sum(sizes), growth.Horizon(moves=14, ratio=1.0))
    assert guess.states == pytest.approx(geometric_count(4, 14)) and not guess.partial
    unknown = growth.project(sizes, sum(sizes), None)  # random play did not end: half as deep again
    assert unknown.upto == 9 and unknown.partial and unknown.states == pytest.approx(geometric_count(4, 10))


def test_the_depth_of_random_play() -> None:
    rules = spec(grid((20, 20)))
    plays = growth.playouts(rules.start, rules.step)
    assert len(plays) == growth.PLAYOUTS and all(p.ended for p in plays)
    assert all(20 <= len(p.path) <= 39 for p in plays)  # a counter reaches 20: after 20 to 39 moves
    sizes = [k + 1 for k in range(5)]  # the first five layers, numbered breadth first as an exploration does
    numbering = {(x, depth - x): sum(sizes[:depth]) + x for depth in range(5) for x in range(depth + 1)}
    found = growth.horizon(plays, lambda s: numbering.get(s, -1), sizes)
    assert found is not None and found.ratio == 1.0  # a grid: each state as deep as the moves that reach it
    assert found.moves == sorted(len(p.path) for p in plays)[len(plays) // 4]
    endless = growth.playouts(0, lambda s, rng: s + 1, moves=100)  # ... and play that does not end
    assert growth.horizon(endless, lambda s: -1, [1]) is None and len(endless) <= growth.PLAYOUTS // 2 + 1


def test_random_play_draws_chance_by_its_probabilities() -> None:
    rules = spec({"START": 0, "moves": lambda s: (("go",), ()),
                  "play": lambda s, a, b: Chance({End(0): Fraction(1, 4), s + 1: Fraction(3, 4)})})
    plays = growth.playouts(0, rules.step, count=400)
    mean = sum(len(p.path) for p in plays) / len(plays)
    assert 3 < mean < 5  # a play of 1 / (1/4) = 4 moves on average
    broken = spec({"START": 0, "moves": lambda s: (("go",), ()), "play": lambda s, a, b: [s]})  # unhashable
    assert not growth.playouts(0, broken.step, count=2)[0].ended  # stopped quietly: the exploration names it


def test_the_memory_is_said_in_the_units_a_reader_takes_in() -> None:
    assert arrays.memory(1_000, arrays.BYTES_PER_STATE) == "0.7 MiB"
    assert arrays.memory(4.87e7, arrays.BYTES_PER_STATE) == "34.0 GiB"
    assert arrays.memory(1e300, arrays.BYTES_PER_STATE) == "7.0×10^293 GiB"  # an endless game's estimate
