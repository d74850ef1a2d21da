"""Results that show themselves (issue 27, item 3): a readable repr, a notebook's HTML table for every
result type, `to_pandas` on tabular results, and no status taken by default."""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import pytest

import parlour
from parlour.results import Result, Status, short_exact

# One quick instance of every result type a front door returns, and of the solvers' own.
MAKERS: dict[str, Callable[[], Result]] = {
    "GooseSolution exact": lambda: parlour.goose.solve(players=2, exact=True),
    "GooseSolution certified": lambda: parlour.goose.solve(players=2, tol=1e-6),
    "GuessValue": lambda: parlour.guess.value(100),
    "GuessTable": lambda: parlour.guess.table(1, 30),
    "GuessSolution": lambda: parlour.guess.solve(12),
    "MemorySummary": lambda: parlour.memory.solve(pairs=5),
    "MemorySummary float": lambda: parlour.memory.solve(pairs=400),
    "MemoryTable": lambda: parlour.memory.table(3),
    "StateValues": lambda: parlour.memory.state(6, 2, 0),
    "TacticList": lambda: parlour.memory.tactics(),
    "SimulationCheck": lambda: parlour.memory.simulate(3, games=50),
    "CowTradeSolution": lambda: parlour.cowtrade.solve(money=(8, 5)),
    "ViewChance": lambda: parlour.winorlose.chance("3h,5", "0,1,2,6,7"),
    "PairingResult": lambda: parlour.winorlose.pairing("normal", "smart", rounds=2),
    "Tournament": lambda: parlour.winorlose.tournament(rounds=2, games=20),
    "ZeroSumSolution": lambda: parlour.solvers.zerosum.solve([[3, -1], [-2, 4]]),
    "Elimination": lambda: parlour.solvers.dominance.eliminate([[3, 1], [2, 0]]),
}


@pytest.fixture(scope="module")
def results() -> dict[str, Result]:
    return {name: make() for name, make in MAKERS.items()}


@pytest.mark.parametrize("name", list(MAKERS))
def test_every_result_renders_its_html_table(results: dict[str, Result], name: str) -> None:
    r = results[name]
    page = r._repr_html_()
    assert page.startswith("<table") and page.endswith("</table>")
    assert f"<b>{r.status.value}</b>" in page and f"{r.seconds:.3g} s" in page
    assert html.escape(r.method) in page
    for quantity, value, beside in r.summary():
        assert html.escape(quantity) in page and html.escape(value) in page and html.escape(beside) in page
    text = repr(r)
    assert text.startswith(f"{type(r).__name__} ({r.status.value}") and "\n" in text
    assert len(text) < 6000  # long fractions are cut, tables counted


@pytest.mark.parametrize("name", list(MAKERS))
def test_every_result_is_strict_json_and_a_table(results: dict[str, Result], name: str) -> None:
    # issue 35: no NaN or Infinity in to_json (JSON has none), and to_pandas on every result
    import json

    r = results[name]
    text = json.dumps(r.to_json(), allow_nan=False)
    assert json.loads(text)["status"] == r.status.value
    pytest.importorskip("pandas")
    frame = r.to_pandas()
    assert len(frame) >= 1 and len(frame.columns) >= 1


def test_exact_values_sit_beside_their_decimals(results: dict[str, Result]) -> None:
    rows = {q: (v, x) for q, v, x in results["CowTradeSolution"].summary()}
    assert rows["value"] == ("-0.333333333333", "-1/3")
    goose = {q: (v, x) for q, v, x in results["GooseSolution certified"].summary()}
    lo, hi = results["GooseSolution certified"].win_bounds[0]  # type: ignore[attr-defined]
    assert goose["win[0]"][1] == f"[{lo:.12g}, {hi:.12g}]"
    exact = {q: x for q, _, x in results["GooseSolution exact"].summary()}
    assert "digits)" in exact["win[0]"]  # thousands of digits, cut


def test_short_exact_cuts_long_fractions_only() -> None:
    assert short_exact("-1/3") == "-1/3"
    long = f"{'1' * 50}/{'7' * 60}"
    assert short_exact(long) == "111111111111…/777777777777… (60 digits)"


def test_to_pandas_gives_the_main_table(results: dict[str, Result]) -> None:
    pytest.importorskip("pandas")
    goose = results["GooseSolution exact"].to_pandas()
    assert list(goose["item"]) == [1, 2] and {"win", "win_exact", "win_low", "win_high"} <= set(goose.columns)
    alice = results["GuessSolution"].to_pandas()
    assert list(alice["number"]) == list(range(1, 13))
    assert sum(Fraction(p) for p in alice["probability_exact"]) == 1
    states = results["MemoryTable"].to_pandas()
    assert len(states) == len(results["MemoryTable"].states)  # type: ignore[attr-defined]
    tactics = results["StateValues"].to_pandas()
    assert set(tactics["tactic"]) == set(results["StateValues"].tactics)  # type: ignore[attr-defined]
    tournament = results["Tournament"].to_pandas()
    assert len(tournament) == len(results["Tournament"].pairings)  # type: ignore[attr-defined]
    bob = results["CowTradeSolution"].to_pandas("strategy3")
    assert sum(Fraction(p) for p in bob["probability_exact"]) == 1
    # a result that is one value is one row of its fields (issue 35: to_pandas raised on six result types)
    one = results["GuessValue"].to_pandas()
    assert len(one) == 1 and Fraction(one["value_exact"][0]) == results["GuessValue"].value  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="no table"):
        results["GuessValue"].to_pandas("max_guesses")


def test_status_is_stated_by_each_solver(results: dict[str, Result]) -> None:
    expected = {"GooseSolution certified": Status.CERTIFIED, "MemorySummary float": Status.ESTIMATE,
                "SimulationCheck": Status.ESTIMATE, "Tournament": Status.ESTIMATE}
    for name, r in results.items():
        assert r.status is expected.get(name, Status.EXACT), name
    status = next(f for f in dataclasses.fields(Result) if f.name == "status")
    assert status.default is dataclasses.MISSING and status.default_factory is dataclasses.MISSING

    @dataclass(frozen=True, kw_only=True)
    class Toy(Result):
        value: Fraction

    with pytest.raises(TypeError, match="status"):
        Toy(value=Fraction(1, 2))  # type: ignore[call-arg]
    assert "value  0.5  = 1/2" in repr(Toy(value=Fraction(1, 2), status=Status.EXACT))
