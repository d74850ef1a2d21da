"""One name per thing (issue 35, item 4): a front door's result has, for every quantity, the attribute its
JSON and its repr show; an attribute renamed to that name still reads under its old name for one release,
with a DeprecationWarning, and a renamed parameter still takes its old keyword the same way."""

from __future__ import annotations

import dataclasses
import pickle
import warnings
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.results import Result
from parlour.toolkit import End

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# One cheap result of every type the front doors of the Goose, the guessing game, Memory, Win or Lose and
# the zero-sum solver return (the cow trade's are checked with its own policy, on its own branch).
MAKERS: dict[str, Callable[[], Result]] = {
    "GooseSolution exact": lambda: parlour.goose.solve(players=2, exact=True),
    "GooseSolution certified": lambda: parlour.goose.solve(players=2, tol=1e-6),
    "GuessValue": lambda: parlour.guess.value(30),
    "GuessTable": lambda: parlour.guess.table(3, 7),
    "GuessSolution": lambda: parlour.guess.solve(5),
    "MemorySummary": lambda: parlour.memory.solve(pairs=4),
    "MemoryTable": lambda: parlour.memory.table(2),
    "StateValues": lambda: parlour.memory.state(4, 1, 0),
    "TacticList": lambda: parlour.memory.tactics(),
    "SimulationCheck": lambda: parlour.memory.simulate(2, games=10),
    "ViewChance": lambda: parlour.winorlose.chance("3h,5", "0,1,2,6,7"),
    "PairingResult": lambda: parlour.winorlose.pairing("normal", "smart", rounds=1),
    "Tournament": lambda: parlour.winorlose.tournament(rounds=1, games=2),
    "ZeroSumSolution": lambda: parlour.solvers.zerosum.solve([[3, -1], [-2, 4]]),
    "GameSolution race": lambda: parlour.solve(str(EXAMPLES / "snakes-and-ladders.toml"), players=2, exact=False),
    "GameSolution tree": lambda: parlour.solve({"NAME": "pennies", "START": "s",
                                                "moves": lambda s: (["h", "t"], ["h", "t"]),
                                                "play": lambda s, a, b: End(1 if a == b else -1)}),
}

# Attributes the JSON leaves out on purpose (not shown under another name), by result type.
NOT_IN_JSON = {
    # `exact` is the status; the exact fractions or the bounds, the digits and the resumed sweeps are
    # written only where they apply (an exact solve, a certified one); `canonical` is inside `states` when
    # the states were not counted
    "GooseSolution": {"exact", "win_exact", "draw_exact", "denominator_digits", "resumed_from", "extrapolations",
                      "canonical"},
    "GuessSolution": {"value_float", "trace", "master_rows"},  # the float is `value` there; the LP's trace
    "ZeroSumSolution": {"certificate"},  # its fractions are in `value_exact` and the strategies' `_exact`
    "ViewChance": {"chance"},  # written out: holdings, wins, ties, losses, win, tie, lose
    "PairingResult": {"extra"},  # written out: Learning's own figures
    # the proven interval's exact ends: the JSON's names are properties beside them (value, value_exact,
    # value_bounds; win, win_exact, win_bounds); `extra` is written out; `lookup` answers a state
    "GameSolution": {"value_low", "value_high", "wins_low", "wins_high", "extra", "lookup"},
}
# JSON keys with no attribute of their own: written out from one (a part of it, or a label table).
DERIVED = {
    "MemoryTable": {"tactics"},  # the tactic classes' labels, for reading `optimal`
    "TacticList": {"tactics"},  # the tactic classes, from the rules
    "SimulationCheck": {"pairs", "games", "seed"},  # of `simulated`
    "ViewChance": {"holdings", "wins", "ties", "losses", "win", "tie", "lose"},  # of `chance`
}
SUFFIXES = ("_exact", "_bounds", "_ci")


@pytest.fixture(scope="module")
def results() -> dict[str, Result]:
    return {name: make() for name, make in MAKERS.items()}


def _quantity(key: str, body: dict[str, Any]) -> str:
    """The quantity a JSON key writes: `x` for `x_exact`, `x_bounds`, `x_ci` beside `x`."""
    for suffix in SUFFIXES:
        if key.endswith(suffix) and key[: -len(suffix)] in body:
            return key[: -len(suffix)]
    return key


@pytest.mark.parametrize("name", list(MAKERS))
def test_every_attribute_has_its_json_name(results: dict[str, Result], name: str) -> None:
    result = results[name]
    kind = type(result).__name__
    body = result.payload()
    keys = set(body) | {_quantity(k, body) for k in body}
    fields = {f.name for f in dataclasses.fields(result)} - set(Result.BOOKKEEPING)
    readable = fields | {n for n in dir(type(result)) if isinstance(getattr(type(result), n, None), property)}
    hidden = fields - keys - NOT_IN_JSON.get(kind, set())
    assert not hidden, f"{kind}: attributes {sorted(hidden)} are not in the JSON (another name there?)"
    written_out = {_quantity(k, body) for k in getattr(result, "extra", {})}  # `extra`: the engine's own figures
    unnamed = {_quantity(k, body) for k in body} - readable - DERIVED.get(kind, set()) - written_out
    assert not unnamed, f"{kind}: JSON keys {sorted(unnamed)} are no attribute (another name there?)"
    shown = {quantity.partition("[")[0] for quantity, _, _ in result.summary()}
    assert shown <= keys, f"{kind}: the repr shows {sorted(shown - keys)}, which the JSON does not"


# (result, old attribute, new attribute): this session's renames; tests/api/test_front_doors_bad.py has the earlier
RENAMED = [
    ("GuessTable", "start", "first"), ("GuessTable", "stop", "last"), ("GuessTable", "entries", "values"),
    ("StateValues", "values", "tactics"), ("ZeroSumSolution", "exact", "certified"),
    ("GooseSolution exact", "counts", "states"), ("GooseSolution exact", "start", "position"),
]


@pytest.mark.parametrize(("name", "old", "new"), RENAMED, ids=[f"{n}.{o}" for n, o, _ in RENAMED])
def test_an_old_attribute_name_warns_and_reads_the_same(results: dict[str, Result], name: str, old: str,
                                                         new: str) -> None:
    result = results[name]
    assert new in result.to_json() or f"{new}_exact" in result.to_json()  # the attribute has the JSON's name
    assert old not in result.to_json()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the new name reads silently
        now = getattr(result, new)
    with pytest.warns(DeprecationWarning, match=rf"{old} is now \.{new}; the old name goes"):
        assert getattr(result, old) == now
    assert pickle.loads(pickle.dumps(result)).to_json() == result.to_json()


def test_the_guess_table_says_first_and_last_everywhere(results: dict[str, Result]) -> None:
    part = results["GuessTable"]
    body = part.to_json()
    assert (body["first"], body["last"]) == (part.first, part.last) == (3, 7)  # type: ignore[attr-defined]
    assert "from" not in body and "to" not in body and "start" not in body
    rows = part.values  # type: ignore[attr-defined]
    assert [row["numbers"] for row in body["values"]] == [e.numbers for e in rows] == [3, 4, 5, 6, 7]
    lines = [line.split() for line in repr(part).splitlines()]
    assert ["first", "3"] in lines and ["last", "7"] in lines


def test_the_guess_table_takes_its_old_keywords_with_a_warning() -> None:
    with pytest.warns(DeprecationWarning) as caught:
        old = parlour.guess.table(start=3, stop=7)
    assert sorted(str(w.message).partition(";")[0] for w in caught) == [
        "table(start=...) is now table(first=...)", "table(stop=...) is now table(last=...)"]
    assert old.to_json()["values"] == parlour.guess.table(first=3, last=7).to_json()["values"]
    with pytest.raises(TypeError, match="first and its old name start"):
        parlour.guess.table(first=3, start=3)
    with warnings.catch_warnings(), pytest.raises(ValueError, match=r"^last must"):
        warnings.simplefilter("ignore", DeprecationWarning)
        parlour.guess.table(stop=0)  # a wrong value under the old name: refused naming the new one


def test_your_own_race_game_names_its_win_chances_as_its_json_does(results: dict[str, Result]) -> None:
    race = results["GameSolution race"]
    body = race.to_json()
    assert race.status.value == "certified" and race.win_exact is None  # type: ignore[attr-defined]
    assert list(race.win) == body["win"] and [list(b) for b in race.win_bounds] == body["win_bounds"]  # type: ignore[attr-defined]
    assert all(lo <= w <= hi for w, (lo, hi) in zip(race.win, race.win_bounds, strict=True))  # type: ignore[attr-defined]
    assert all(lo <= low and high <= hi for (lo, hi), low, high in  # the exact ends, rounded outwards
               zip(race.win_bounds, race.wins_low, race.wins_high, strict=True))  # type: ignore[attr-defined]


def test_a_state_names_its_tactics_as_its_json_does(results: dict[str, Result]) -> None:
    state = results["StateValues"]
    tactics = state.tactics  # type: ignore[attr-defined]
    assert set(tactics) == set(state.to_json()["tactics"]) and all(isinstance(v, Fraction) for v in tactics.values())
    assert state.w == max(tactics.values())  # type: ignore[attr-defined]
    assert {tactics[name] for name in state.optimal} == {state.w}  # type: ignore[attr-defined]
