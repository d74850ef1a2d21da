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

# One cheap result of every type the front doors return: the Goose, the guessing game, Memory, Win or Lose,
# the cow trade (its last trade, an end game exact and certified, hidden money, security levels), the
# zero-sum solver and a game of your own.
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
    "CowTradeSolution": lambda: parlour.cowtrade.solve(money=(8, 5)),
    "EndgameSolution exact": lambda: parlour.cowtrade.endgame(money=(1, 1), set_size=3),  # -3/5
    "EndgameSolution certified": lambda: parlour.cowtrade.endgame(money=(3, 3), set_size=3),  # an interval
    "HiddenMoneySolution": lambda: parlour.cowtrade.hidden(2),
    "SecuritySolution": lambda: parlour.cowtrade.security(money=(1, 1, 0), set_size=3, animals=(2, 1, 0), turn=2,
                                                          study=True),
    "MemorySummary full": lambda: parlour.memory.solve(pairs=3, exact=True),
    "MemorySummary float": lambda: parlour.memory.solve(pairs=301),  # floats from 301 pairs (status ESTIMATE)
    "ZeroSumSolution": lambda: parlour.solvers.zerosum.solve([[3, -1], [-2, 4]]),
    "ZeroSumSolution float": lambda: parlour.solvers.zerosum.solve([[0.5, -1.25], [-2.0, 4.0]]),
    "Elimination": lambda: parlour.solvers.dominance.eliminate([[3, 1, 4], [1, 5, 9], [2, 6, 5]]),
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
    "Elimination": {"rows", "cols"},  # written out as `survivors` (labelled, under the command line)
    "ViewChance": {"chance"},  # written out: holdings, wins, ties, losses, win, tie, lose
    "PairingResult": {"extra"},  # written out: Learning's own figures
    # the proven interval's exact ends: the JSON's names are properties beside them (value, value_exact,
    # value_bounds; win, win_exact, win_bounds); `extra` is written out; `lookup` answers a state
    "GameSolution": {"value_low", "value_high", "wins_low", "wins_high", "extra", "lookup"},
    # the cow trade: the game and the start are written out as their parts (DERIVED); the elimination's
    # removals are `steps()`; the proven interval's exact ends beside value/value_exact/value_bounds (as
    # GameSolution's); the chances' Fractions are their `_exact` keys; the solutions behind the values
    "CowTradeSolution": {"game", "elimination"},
    "EndgameSolution": {"rules", "start", "value_low", "value_high", "chances_exact", "solution"},
    "HiddenMoneySolution": {"hidden", "informed", "one_sided"},
    "SecuritySolution": {"rules", "start"},
}
# JSON keys with no attribute of their own: written out from one (a part of it, or a label table). None for
# the Goose, the guessing game, Memory, Win or Lose and the zero-sum solver (issue 47: `chance(...).win`,
# `MemorySummary.advantage_exact`); the cow trade's are its own helper's to close.
DERIVED: dict[str, set[str]] = {}
SUFFIXES = ("_exact", "_bounds", "_ci")
# Results whose names other owners close (the cow trade's helper; the toolkit's GameSolution, whose
# `engine`, `players`, `turns` and `components` are read from `extra`)
LEFT_TO_OTHERS = {"GameSolution"}


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
    # properties and class constants (a ClassVar such as the security levels' `concept`) read as attributes
    kind_attrs = {n for n in dir(type(result)) if not n.startswith("_") and not callable(getattr(type(result), n))}
    readable = fields | kind_attrs
    hidden = fields - keys - NOT_IN_JSON.get(kind, set())
    assert not hidden, f"{kind}: attributes {sorted(hidden)} are not in the JSON (another name there?)"
    written_out = {_quantity(k, body) for k in getattr(result, "extra", {})}  # `extra`: the engine's own figures
    unnamed = {_quantity(k, body) for k in body} - readable - DERIVED.get(kind, set()) - written_out
    assert not unnamed, f"{kind}: JSON keys {sorted(unnamed)} are no attribute (another name there?)"
    shown = {quantity.partition("[")[0] for quantity, _, _ in result.summary()}
    assert shown <= keys, f"{kind}: the repr shows {sorted(shown - keys)}, which the JSON does not"
    if kind not in LEFT_TO_OTHERS:
        # every name as written, `x_exact` and `x_bounds` included, reads as an attribute (issue 47, item 6)
        missing = {k for k in set(body) | shown if not hasattr(result, k)} - DERIVED.get(kind, set())
        assert not missing, f"{kind}: {sorted(missing)} in the JSON or the repr are no attribute"


# (result, old attribute, new attribute): this session's renames; tests/api/test_front_doors_bad.py has the earlier
RENAMED = [
    ("GuessTable", "start", "first"), ("GuessTable", "stop", "last"), ("GuessTable", "entries", "values"),
    ("StateValues", "values", "tactics"), ("ZeroSumSolution", "exact", "certified"),
    ("GooseSolution exact", "counts", "states"), ("GooseSolution exact", "start", "position"),
    ("HiddenMoneySolution", "second", "second_initiative"),
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


def test_the_cow_trade_results_read_as_their_json(results: dict[str, Result]) -> None:
    trade, hidden = results["CowTradeSolution"], results["HiddenMoneySolution"]
    for result in (trade, hidden):
        body = result.to_json()
        assert result.certified is body["certified"] is True  # type: ignore[attr-defined]
    assert trade.game.second_initiative.value == trade.to_json()["second_initiative"] == "alternate"  # type: ignore[attr-defined]
    assert hidden.second_initiative.value == hidden.to_json()["second_initiative"]  # type: ignore[attr-defined]

    exact, certified = results["EndgameSolution exact"], results["EndgameSolution certified"]
    body = exact.to_json()
    assert exact.value == exact.value_exact == Fraction(body["value_exact"]) == Fraction(-3, 5)  # type: ignore[attr-defined]
    assert "value_bounds" not in body
    body = certified.to_json()
    assert certified.status.value == "certified" and certified.value_exact is None  # type: ignore[attr-defined]
    low, high = certified.value_bounds  # type: ignore[attr-defined]
    assert [low, high] == body["value_bounds"] and certified.value == body["value"] == (low + high) / 2  # type: ignore[attr-defined]
    assert low <= certified.value_low < certified.value_high <= high  # type: ignore[attr-defined]
    assert not [k for k in body if k.endswith("_bounds_exact")]  # off the convention: no exact bounds in JSON

    security = results["SecuritySolution"]
    body = security.to_json()
    assert security.sum_exact is None and [*security.sum_bounds] == body["sum_bounds"]  # type: ignore[attr-defined]
    assert security.sum == body["sum"] and security.sum_low <= 1 <= security.sum_high  # type: ignore[attr-defined]
    assert not [k for level in body["levels"] for k in level if k.endswith("_bounds_exact")]


def test_the_cow_trades_old_names_warn_and_read_the_same(results: dict[str, Result]) -> None:
    certified, security = results["EndgameSolution certified"], results["SecuritySolution"]
    for old, new in (("lower", "value_low"), ("upper", "value_high")):
        with pytest.warns(DeprecationWarning, match=rf"EndgameSolution\.{old} is now \.{new}; the old name goes"):
            assert getattr(certified, old) == getattr(certified, new)
    with pytest.warns(DeprecationWarning, match=r"SecuritySolution\.total is now \(\.sum_low, \.sum_high\)"):
        assert security.total == (security.sum_low, security.sum_high)  # type: ignore[attr-defined]
    game = results["CowTradeSolution"].game  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match=r"CowTrade\.second is now \.second_initiative"):
        assert game.second is game.second_initiative
    assert pickle.loads(pickle.dumps(certified)).to_json() == certified.to_json()


def test_the_cow_trade_takes_second_initiative_and_its_old_keyword_with_a_warning() -> None:
    new = parlour.cowtrade.solve(money=(9, 5), initiative=3, second_initiative="loser")
    with pytest.warns(DeprecationWarning, match=r"^solve\(second=\.\.\.\) is now solve\(second_initiative=\.\.\.\)"):
        old = parlour.cowtrade.solve(money=(9, 5), initiative=3, second="loser")
    assert old.to_json()["value_exact"] == new.to_json()["value_exact"]
    assert old.to_json()["second_initiative"] == new.to_json()["second_initiative"] == "loser"
    assert new.value != parlour.cowtrade.solve(money=(9, 5), initiative=3).value  # the keyword is not ignored
    with pytest.warns(DeprecationWarning, match=r"^game\(second=\.\.\.\)"):
        assert parlour.cowtrade.game((9, 5), initiative=3, second="loser") == new.game  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match=r"^CowTrade\(second=\.\.\.\) is now CowTrade\(second_initiative="):
        assert parlour.cowtrade.CowTrade(9, 5, 3, second="loser") == new.game  # type: ignore[call-arg, attr-defined]
    with pytest.raises(TypeError, match="second_initiative and its old name second"):
        parlour.cowtrade.solve(money=(8, 5), second="loser", second_initiative="loser")
    with warnings.catch_warnings(), pytest.raises(ValueError, match=r"^second_initiative must be one of"):
        warnings.simplefilter("ignore", DeprecationWarning)
        parlour.cowtrade.solve(money=(8, 5), second="winner")  # a wrong value under the old name names the new


def test_hidden_money_takes_second_initiative_and_its_old_keyword_with_a_warning() -> None:
    new = parlour.cowtrade.hidden(2, initiative=3, second_initiative="loser")
    assert new.second_initiative.value == new.to_json()["second_initiative"] == "loser"  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match=r"^hidden\(next_challenger=\.\.\.\) is now hidden\(second_initiative="):
        old = parlour.cowtrade.hidden(2, initiative=3, next_challenger="loser")
    assert old.to_json()["value_exact"] == new.to_json()["value_exact"]
    assert new.value != parlour.cowtrade.hidden(2, initiative=3).value  # the keyword is not ignored


def test_a_played_state_and_a_level_name_their_values_as_their_json_does(results: dict[str, Result]) -> None:
    # the rows inside a result: an end game's reached states (`plays`) and the security levels (`levels`)
    for name in ("EndgameSolution exact", "EndgameSolution certified"):
        result = results[name]
        for play, row in zip(result.plays, result.to_json()["plays"], strict=True):  # type: ignore[attr-defined]
            assert play.value == row["value"] or float(play.value) == row["value"]
            if "value_exact" in row:
                assert play.value_exact == Fraction(row["value_exact"]) and "value_bounds" not in row
            else:
                assert play.value_exact is None and [*play.value_bounds] == row["value_bounds"]
                assert play.value_bounds[0] <= play.value_low < play.value_high <= play.value_bounds[1]
    certified = results["EndgameSolution certified"].plays[0]  # type: ignore[attr-defined]
    for old, new in (("lower", "value_low"), ("upper", "value_high")):
        with pytest.warns(DeprecationWarning, match=rf"^Play\.{old} is now \.{new}; the old name goes"):
            assert getattr(certified, old) == getattr(certified, new)

    security = results["SecuritySolution"]
    for level, row in zip(security.levels, security.to_json()["levels"], strict=True):  # type: ignore[attr-defined]
        assert level.level == row["level"] or float(level.level) == row["level"]
        if "level_exact" in row:
            assert level.level_exact == Fraction(row["level_exact"])
        else:
            assert level.level_exact is None and [*level.level_bounds] == row["level_bounds"]
        for old, new in (("lower", "level_low"), ("upper", "level_high")):
            with pytest.warns(DeprecationWarning, match=rf"^Level\.{old} is now \.{new}; the old name goes"):
                assert getattr(level, old) == getattr(level, new)


# ---- value_exact, Fractions when exact, no numpy scalars (issue 47, item 6) --------------------------------

@pytest.mark.parametrize("name", [n for n in MAKERS if n.split()[0] not in LEFT_TO_OTHERS])
def test_a_result_with_a_value_has_value_exact_none_where_not_exact(results: dict[str, Result], name: str) -> None:
    result = results[name]
    if "value" not in {f.name for f in dataclasses.fields(result)} and not isinstance(
            getattr(type(result), "value", None), property):
        return  # no value (PairingResult.value is a method: the float of a named quantity)
    value = result.value  # type: ignore[attr-defined]
    assert hasattr(result, "value_exact"), name
    if isinstance(value, Fraction):
        assert result.value_exact == value, name  # type: ignore[attr-defined]
    else:
        assert result.value_exact is None and result.status.value != "exact", name  # type: ignore[attr-defined]


def test_every_fraction_of_a_result_reads_as_its_exact_name(results: dict[str, Result]) -> None:
    # `<x>_exact` for a quantity x: the Fraction where x is exact, None where it is a float or absent
    summary, floats = results["MemorySummary"], results["MemorySummary float"]
    for quantity in ("first_player_expected_pairs", "second_player_expected_pairs", "advantage",
                     "stalemate_probability"):
        assert getattr(summary, f"{quantity}_exact") == getattr(summary, quantity)
        assert isinstance(getattr(summary, f"{quantity}_exact"), Fraction)
        assert getattr(floats, f"{quantity}_exact") is None
    with pytest.raises(AttributeError):
        summary.pairs_exact  # type: ignore[attr-defined]  # noqa: B018 (a count is no quantity)
    with pytest.raises(AttributeError):
        summary.nothing_exact  # type: ignore[attr-defined]  # noqa: B018
    view = results["ViewChance"]
    assert view.win == view.chance.win == view.win_exact and view.wins + view.ties + view.losses == view.holdings  # type: ignore[attr-defined]


def test_an_exact_memory_summary_holds_fractions(results: dict[str, Result]) -> None:
    for name in ("MemorySummary", "MemorySummary full"):
        result = results[name]
        assert result.status.value == "exact"
        for f in dataclasses.fields(result):
            value = getattr(result, f.name)
            assert not isinstance(value, float) or f.name in Result.BOOKKEEPING, f"{name}.{f.name} = {value!r}"
    floats = results["MemorySummary float"]
    assert floats.status.value == "estimate" and type(floats.advantage) is float  # type: ignore[attr-defined]


def _numpy_scalars(value: Any, where: str, depth: int = 0) -> list[str]:
    """The places inside `value` (fields of dataclasses, items of containers) that hold a numpy scalar."""
    import numpy as np

    if isinstance(value, np.generic):
        return [f"{where}: {type(value).__name__}"]
    if depth > 6 or isinstance(value, str | bytes | Fraction | int | float | type(None)):
        return []
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [p for f in dataclasses.fields(value)
                for p in _numpy_scalars(getattr(value, f.name), f"{where}.{f.name}", depth + 1)]
    if isinstance(value, dict):
        items = list(value.items())[:200]
        return [p for k, v in items for p in (*_numpy_scalars(k, f"{where} key", depth + 1),
                                               *_numpy_scalars(v, f"{where}[{k!r}]", depth + 1))]
    if isinstance(value, list | tuple | set | frozenset):
        return [p for i, v in enumerate(list(value)[:200]) for p in _numpy_scalars(v, f"{where}[{i}]", depth + 1)]
    return []


@pytest.mark.parametrize("name", list(MAKERS))
def test_no_result_holds_a_numpy_scalar(results: dict[str, Result], name: str) -> None:
    # plain Python numbers in results: `ZeroSumSolution.value` was an np.float64
    result = results[name]
    found = _numpy_scalars(result, name)
    for quantity in ("value", "value_float", "value_exact"):
        if hasattr(result, quantity):
            found += _numpy_scalars(getattr(result, quantity), f"{name}.{quantity}")
    assert not found, found
