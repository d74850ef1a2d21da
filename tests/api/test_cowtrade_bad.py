"""The cow trade's front door called badly, as a nashpy user would (issue 47, item 6): a tolerance that
could never be met is refused before any work; every wrong type is an `InvalidType` (a TypeError of
`parlour.errors`) naming the argument, every value out of range an `InvalidInput` naming it; numpy arrays
are taken wherever a list is; every name in a result's JSON is an attribute, `value_exact` included; and
the results hold plain Python numbers, never numpy scalars."""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import parlour
from parlour.analyses.cowtrade import policy
from parlour.errors import InvalidInput, InvalidType
from parlour.results import Result
from parlour.solvers import dominance

cowtrade = parlour.cowtrade
THREE = {"money": (1, 1, 0), "set_size": 3, "animals": (2, 1, 0), "turn": 2, "study": True}  # levels 2/3, 1/3, 0

# (call, the argument its message must name): a wrong type, refused as a TypeError
WRONG_TYPES: list[tuple[Callable[[], object], str]] = [
    (lambda: cowtrade.security(money=(0, 0, 0), tol="x"), "tol"),
    (lambda: cowtrade.security(money=(0, 0, 0), tol=None), "tol"),
    (lambda: cowtrade.security(money=(0, 0, 0), tol=True), "tol"),
    (lambda: cowtrade.security(money=(0, 0, 0), players=5), "players"),
    (lambda: cowtrade.security(money=(0, 0, 0), players="12"), "players"),
    (lambda: cowtrade.security(money=(0, 0, 0), players=(1, 2.0)), "players[1]"),
    (lambda: cowtrade.security(money=(0, 0, 0), turn=1.0), "turn"),
    (lambda: cowtrade.security(money=(0, 0, 0), turn="1"), "turn"),
    (lambda: cowtrade.security(money=(0, 0, 0), animals=4), "animals"),
    (lambda: cowtrade.security(money=(0, 0, 0), animals=(1, 1, 2.0)), "animals[2]"),
    (lambda: cowtrade.security(money=(0, 0, 0), set_size=4.0), "set_size"),
    (lambda: cowtrade.security(money=(0, 0, 0), stage=1), "stage"),
    (lambda: cowtrade.security(money=(0, 0, 0), ties=None), "ties"),
    (lambda: cowtrade.security(money=(0, 0, 0), force="yes"), "force"),
    (lambda: cowtrade.security(money=(0, 0, 0), study="yes"), "study"),
    (lambda: cowtrade.security(money=5), "money"),
    (lambda: cowtrade.security(money=(1, 1, 1.5)), "money[2]"),
    (lambda: cowtrade.security(cards=5), "cards"),
    (lambda: cowtrade.security(cards=([10], [10], "10")), "cards[2]"),
    (lambda: cowtrade.solve(money=8), "money"),
    (lambda: cowtrade.solve(money=(8, "5")), "money[1]"),
    (lambda: cowtrade.solve(money=(8, 5.0)), "money[1]"),
    (lambda: cowtrade.solve(money=(8, 5), bids=(5, [0])), "bids[0]"),
    (lambda: cowtrade.solve(money=(8, 5), bids=([0, 1.5], [0])), "bids[0][1]"),
    (lambda: cowtrade.solve(cards=(["10"], [10])), "cards[0]"),
    (lambda: cowtrade.solve(cards=([10.0], [10])), "cards[0]"),
    (lambda: cowtrade.solve(money=(8, 5), initiative=1.0), "initiative"),
    (lambda: cowtrade.solve(money=(8, 5), second_initiative=2), "second_initiative"),
    (lambda: cowtrade.solve(money=(8, 5), force="yes"), "force"),
    (lambda: cowtrade.game(money=(8, 5), force=1), "force"),
    (lambda: cowtrade.solve_game("8,5"), "trade"),
    (lambda: cowtrade.solve_game(cowtrade.game((8, 5)), force=None), "force"),
    (lambda: cowtrade.endgame(money=(3, 3), tol="1e-9"), "tol"),
    (lambda: cowtrade.endgame(money=(3, 3), study="yes"), "study"),
    (lambda: cowtrade.endgame(money=(3, 3), force="yes"), "force"),
    (lambda: cowtrade.endgame(money=(3, 3), set_size="4"), "set_size"),
    (lambda: cowtrade.endgame(money=(3, 3), animals1=1.0), "animals1"),
    (lambda: cowtrade.endgame(money=(3, 3), challenger="1"), "challenger"),
    (lambda: cowtrade.endgame(money=(3, 3), stage=5), "stage"),
    (lambda: cowtrade.endgame(money=(3, 3), next_challenger=None), "next_challenger"),
    (lambda: cowtrade.endgame(money=3), "money"),
    (lambda: cowtrade.endgame(cards=([10], 10)), "cards[1]"),
    (lambda: cowtrade.hidden(players="3"), "players"),
    (lambda: cowtrade.hidden(players=3.0), "players"),
    (lambda: cowtrade.hidden(donkeys=0.0), "donkeys"),
    (lambda: cowtrade.hidden(initiative="1"), "initiative"),
    (lambda: cowtrade.hidden(second_initiative=None), "second_initiative"),
    (lambda: cowtrade.hidden(force="yes"), "force"),
    (lambda: dominance.eliminate([[1, 0], [0, 1]], weak="yes"), "weak"),
    (lambda: dominance.eliminate([[1, 0], [0, 1]], mixed=None), "mixed"),
    (lambda: dominance.eliminate([[1, 0], [0, 1]], mixed=0), "mixed"),
]

# (call, the argument its message must name): the right type, out of range
OUT_OF_RANGE: list[tuple[Callable[[], object], str]] = [
    (lambda: cowtrade.security(money=(0, 0, 0), tol=float("nan")), "tol"),
    (lambda: cowtrade.security(money=(0, 0, 0), tol=-1), "tol"),
    (lambda: cowtrade.security(money=(0, 0, 0), tol=0), "tol"),
    (lambda: cowtrade.security(money=(0, 0, 0), tol=float("inf")), "tol"),
    (lambda: cowtrade.security(money=(0, 0, 0), set_size=1), "set_size"),
    (lambda: cowtrade.security(money=(0, 0, 0), set_size=13), "set_size"),
    (lambda: cowtrade.security(money=(0, 0, 0), turn=4), "turn"),
    (lambda: cowtrade.security(money=(0, 0, 0), players=(1, 4)), "players[1]"),
    (lambda: cowtrade.security(money=(0, 0, 0), players=(1, 1)), "players"),
    (lambda: cowtrade.security(money=(0, 0, 0), players=()), "players"),
    (lambda: cowtrade.security(money=(0, 0, 0), animals=(1, 1)), "animals"),
    (lambda: cowtrade.security(money=(0, 0, 0), animals=(1, -1, 4)), "animals[1]"),
    (lambda: cowtrade.security(money=(0, 0)), "money"),
    (lambda: cowtrade.security(money=(0, -1, 0)), "money[1]"),
    (lambda: cowtrade.security(cards=([10], [10], [60])), "cards[2]"),
    (lambda: cowtrade.endgame(money=(3, 3), tol=float("nan")), "tol"),
    (lambda: cowtrade.endgame(money=(3, 3), tol=1), "tol"),
    (lambda: cowtrade.endgame(money=(3, 3), set_size=1), "set_size"),
    (lambda: cowtrade.endgame(money=(3, 3), challenger=3), "challenger"),
    (lambda: cowtrade.solve(money=(8, 5, 1)), "money"),
    (lambda: cowtrade.solve(money=(8, 5), bids=([0, -1], [0])), "bids[0][1]"),
    (lambda: cowtrade.solve(money=(8, 5), initiative=2), "initiative"),
    (lambda: cowtrade.hidden(players=1), "players"),
    (lambda: cowtrade.hidden(donkeys=5), "donkeys"),
]


def _named(text: str, argument: str) -> bool:
    return argument in text and "--" not in text  # Python's name, not the command line's flag


@pytest.mark.parametrize(("call", "argument"), WRONG_TYPES, ids=[f"type-{a}-{i}" for i, (_, a) in
                                                                  enumerate(WRONG_TYPES)])
def test_a_wrong_type_is_a_type_error_naming_the_argument(call: Callable[[], object], argument: str) -> None:
    with pytest.raises(InvalidType) as raised:
        call()
    assert isinstance(raised.value, TypeError) and _named(str(raised.value), argument), str(raised.value)


@pytest.mark.parametrize(("call", "argument"), OUT_OF_RANGE, ids=[f"range-{a}-{i}" for i, (_, a) in
                                                                   enumerate(OUT_OF_RANGE)])
def test_a_value_out_of_range_is_a_value_error_naming_the_argument(call: Callable[[], object], argument: str
                                                                   ) -> None:
    with pytest.raises(InvalidInput) as raised:
        call()
    assert not isinstance(raised.value, TypeError), str(raised.value)
    assert _named(str(raised.value), argument), str(raised.value)


@pytest.mark.timing
@pytest.mark.parametrize("tol", [float("nan"), -1, 0, 1, "x"])
def test_a_tolerance_that_could_never_be_met_is_refused_before_any_work(tol: Any) -> None:
    # these used never to return: the iteration ran on towards a tolerance it could not meet
    began = time.perf_counter()
    for call in (lambda: cowtrade.security(money=(0, 0, 0), tol=tol),
                 lambda: policy.plan_security((0, 0, 0), tol=tol, set_size=13),  # tol first, before set_size
                 lambda: cowtrade.endgame(money=(3, 3), set_size=5, tol=tol)):
        with pytest.raises(InvalidInput, match=r"^tol must be"):
            call()
    assert time.perf_counter() - began < 5  # no solve started (a valid tol takes 0.2 s for the first)


def test_numpy_arrays_are_taken_wherever_a_list_is() -> None:
    assert cowtrade.solve(money=np.array([8, 5])).value == cowtrade.solve(money=(8, 5)).value
    cards = cowtrade.solve(cards=([0, 10, 10], [10, 50]))
    assert cowtrade.solve(cards=(np.array([0, 10, 10]), np.array([10, 50]))).value == cards.value
    assert cowtrade.solve(cards=np.array([[10, 10], [0, 50]])).value == cowtrade.solve(cards=([10, 10], [0, 50])).value
    bids = cowtrade.solve(money=(8, 5), bids=([0, 3, 8], [0, 2, 5]))
    assert cowtrade.solve(money=(8, 5), bids=(np.array([0, 3, 8]), np.array([0, 2, 5]))).value == bids.value
    assert cowtrade.endgame(cards=(np.array([10]), np.array([0, 10])), set_size=3).value == \
        cowtrade.endgame(cards=([10], [0, 10]), set_size=3).value
    plain = cowtrade.security(**THREE)
    arrays = cowtrade.security(**{**THREE, "money": np.array([1, 1, 0]), "animals": np.array([2, 1, 0])},
                               players=np.array([1, 2, 3]))
    assert [lv.to_json() for lv in arrays.levels] == [lv.to_json() for lv in plain.levels]
    with pytest.raises(InvalidType, match=r"^cards must be a list"):  # a 2-D array where one hand is meant
        policy.money_cards(np.array([[10], [10]]), "cards", "cards1")


@pytest.fixture(scope="module")
def results() -> dict[str, Result]:
    return {"trade": cowtrade.solve(money=(8, 5)), "endgame": cowtrade.endgame(money=(1, 1), set_size=3),
            "endgame certified": cowtrade.endgame(money=(3, 3), set_size=3), "hidden": cowtrade.hidden(2),
            "security": cowtrade.security(**THREE)}


def _quantity(key: str, body: dict[str, Any]) -> str:
    for suffix in ("_exact", "_bounds"):
        if key.endswith(suffix) and key[: -len(suffix)] in body:
            return key[: -len(suffix)]
    return key


@pytest.mark.parametrize("name", ["trade", "endgame", "endgame certified", "hidden", "security"])
def test_every_name_in_the_json_is_an_attribute(results: dict[str, Result], name: str) -> None:
    result = results[name]
    body = result.payload()
    missing = sorted({_quantity(k, body) for k in body if not hasattr(result, _quantity(k, body))})
    assert not missing, f"{name}: {missing} are in the JSON but no attribute"
    shown = {quantity.partition("[")[0] for quantity, _, _ in result.summary()}
    assert all(hasattr(result, q) for q in shown), shown


def test_the_named_parts_read_as_the_json_writes_them(results: dict[str, Result]) -> None:
    trade, hidden = results["trade"], results["hidden"]
    body = trade.to_json()
    assert (trade.money1, trade.money3, trade.initiative) == (body["money1"], body["money3"], body["initiative"])  # type: ignore[attr-defined]
    assert list(trade.bids1) == body["bids1"] and list(trade.bids3) == body["bids3"]  # type: ignore[attr-defined]
    assert trade.second_initiative.value == body["second_initiative"]  # type: ignore[attr-defined]
    body = hidden.to_json()
    assert (hidden.hands1, hidden.hands3, hidden.lp_size) == (body["hands1"], body["hands3"], body["lp_size"])  # type: ignore[attr-defined]
    assert hidden.differing_hands == body["differing_hands"]  # type: ignore[attr-defined]
    security = results["security"]
    body = security.to_json()
    assert security.stage.value == body["stage"] and list(security.animals) == body["animals"]  # type: ignore[attr-defined]
    assert list(security.turn_order) == body["turn_order"] and security.concept == body["concept"]  # type: ignore[attr-defined]
    endgame = results["endgame"]
    body = endgame.to_json()
    assert (endgame.animals1, endgame.animals2, endgame.challenger) == (body["animals1"], body["animals2"],  # type: ignore[attr-defined]
                                                                        body["challenger"])
    assert endgame.next_challenger.value == body["next_challenger"]  # type: ignore[attr-defined]


def test_value_exact_is_a_fraction_where_exact_and_none_where_not(results: dict[str, Result]) -> None:
    for name in ("trade", "hidden", "endgame"):
        result = results[name]
        exact = result.value_exact  # type: ignore[attr-defined]
        assert isinstance(exact, Fraction) and exact == result.value  # type: ignore[attr-defined]
        assert Fraction(result.to_json()["value_exact"]) == exact
    assert results["trade"].value_exact == Fraction(-1, 3)  # type: ignore[attr-defined]
    assert results["endgame certified"].value_exact is None  # type: ignore[attr-defined]


def _numpy_scalars(value: Any, path: str, seen: set[int]) -> list[str]:
    if id(value) in seen:
        return []
    seen.add(id(value))
    if type(value).__module__ == "numpy":
        return [f"{path}: {type(value).__name__}"]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _numpy_scalars(v, f"{path}[{k!r}]", seen)]
    if isinstance(value, list | tuple):
        return [p for i, v in enumerate(value) for p in _numpy_scalars(v, f"{path}[{i}]", seen)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # the solvers' own results behind a value (the LP, the stochastic solution) are not the result's numbers
        behind = {"solution", "hidden", "informed", "one_sided", "elimination", "deals"}
        return [p for f in dataclasses.fields(value) if f.name not in behind
                for p in _numpy_scalars(getattr(value, f.name), f"{path}.{f.name}", seen)]
    return []


@pytest.mark.parametrize("name", ["trade", "endgame", "endgame certified", "hidden", "security"])
def test_results_hold_plain_python_numbers(results: dict[str, Result], name: str) -> None:
    result = results[name]
    assert not _numpy_scalars(result, name, set())
    properties = [n for n in dir(type(result)) if isinstance(getattr(type(result), n, None), property)
                  and n != "total"]  # `total` is the deprecated name of (sum_low, sum_high)
    for attribute in properties:
        assert not _numpy_scalars(getattr(result, attribute), f"{name}.{attribute}", set())
    assert isinstance(result.seconds, float) and not math.isnan(result.seconds)


def test_the_policy_plans_then_runs_what_the_front_door_solves() -> None:
    plan = policy.plan_security(**THREE)
    assert (plan.animals, plan.turn, plan.players, plan.tol) == ((2, 1, 0), 2, (1, 2, 3), 1e-12)
    assert plan.states > 0 and plan.estimate.seconds > 0
    assert policy.run_security(plan).to_json()["levels"] == cowtrade.security(**THREE).to_json()["levels"]
    with pytest.raises(InvalidInput, match="force=True"):
        policy.plan_security((100, 100, 100))  # the size guard speaks in the plan, before any work
    two = policy.plan_quartets((3, 2))
    assert (two.animals1, two.challenger, two.table) == ((1, 3), 1, False) and two.states > 0
    assert policy.plan_quartets((3, 2), table=True).table
    for call, argument in ((lambda: policy.plan_quartets((3, 2), points=(1000,)), "points"),
                           (lambda: policy.plan_quartets((3, 2), animals1=(4, 0)), "nothing is left"),
                           (lambda: policy.plan_quartets((3, 2), held1=(-1,)), "held1[0]"),
                           (lambda: policy.plan_quartets(), "give both players' money")):
        with pytest.raises(InvalidInput, match=argument.replace("[", r"\[")):
            call()
    with pytest.raises(InvalidType, match="table must be True or False"):
        policy.plan_quartets((3, 2), table="yes")
