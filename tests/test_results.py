"""The result protocol and the JSON convention's helpers (docs/json.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction

import pytest

from parlour import __version__
from parlour.results import Result, Status, bounds, envelope, exact, frac_str, jsonable


@dataclass(frozen=True)
class _Toy(Result):
    value: Fraction
    strategy: tuple[Fraction, ...] = field(default=())


def test_exact_writes_the_float_beside_the_fraction() -> None:
    assert exact("value", Fraction(1, 3)) == {"value": 1 / 3, "value_exact": "1/3"}
    assert exact("win", [Fraction(1, 2), 2]) == {"win": [0.5, 2.0], "win_exact": ["1/2", "2"]}
    assert exact("p", {"a": Fraction(-3, 4)}) == {"p": {"a": -0.75}, "p_exact": {"a": "-3/4"}}
    with pytest.raises(TypeError):
        exact("x", 0.5)  # a float is not exact


def test_the_number_writers_refuse_bools_and_name_what_they_write() -> None:
    """to_exact and to_floats walk mappings and lists alike; a bool or a string in them is no number."""
    from parlour.results import to_exact, to_floats

    assert to_floats({1: [2, Fraction(1, 4)]}) == {"1": [2.0, 0.25]}
    with pytest.raises(TypeError, match="cannot write bool as an exact number"):
        to_exact([Fraction(1, 2), True])
    with pytest.raises(TypeError, match="cannot write str as a float"):
        to_floats({"a": ["0.5"]})


def test_bounds_writes_the_midpoint_beside_the_interval() -> None:
    assert bounds("win", 0.25, 0.75) == {"win": 0.5, "win_bounds": [0.25, 0.75]}
    assert bounds("win", [0.0, 0.5], [0.5, 1.0]) == {"win": [0.25, 0.75], "win_bounds": [[0.0, 0.5], [0.5, 1.0]]}


def test_frac_str_writes_integers_without_a_denominator() -> None:
    assert frac_str(Fraction(6, 3)) == "2" and frac_str(Fraction(-2, 4)) == "-1/2" and frac_str(7) == "7"


def test_a_result_has_one_json_shape() -> None:
    r = _Toy(Fraction(2, 7), (Fraction(1, 2), Fraction(1, 2)), method="lp", status=Status.EXACT, seconds=0.25,
             counters={"pivots": 3})
    data = r.to_json()
    assert data["value"] == pytest.approx(2 / 7) and data["value_exact"] == "2/7"
    assert data["strategy"] == ["1/2", "1/2"]
    assert (data["method"], data["status"], data["seconds"], data["counters"]) == ("lp", "exact", 0.25, {"pivots": 3})
    assert r.success and not _Toy(Fraction(0), status=Status.STOPPED).success
    assert json.loads(json.dumps(jsonable(r))) == data


def test_envelope_names_game_command_and_version() -> None:
    e = envelope("goose", "solve", {"win": 0.5})
    assert e == {"game": "goose", "command": "solve", "parlour_version": __version__, "win": 0.5}
