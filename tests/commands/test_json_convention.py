"""Every command's --json follows one convention (docs/json.md), checked mechanically on small inputs.

- the answer is one object with "game", "command" and "parlour_version";
- an exact number is a "p/q" string under a key ending in "_exact", with its float under the same key
  without the suffix; no "p/q" string stands anywhere else;
- a certified interval is [lo, hi] under a key ending in "_bounds", with the midpoint under the bare key;
- with --json, bad input is {"error": ..., "code": 2} on stderr and exit code 2.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
import typer

from conftest import run_cli
from parlour import __version__
from parlour.cli import app

RPS = 'NFG 1 R "rps" { "P1" "P2" } { { "R" "P" "S" } { "R" "P" "S" } }\n0 0 1 -1 -1 1 -1 1 0 0 1 -1 1 -1 -1 1 0 0\n'
# a whole game of Memory with 2 pairs: you miss, the computer takes both pairs (docs/json.md, "Game records")
MEMORY_RECORD = json.dumps({
    "parlour_record": 1, "game": "memory", "settings": {"pairs": 2, "first": "you", "deal": [0, 1, 0, 1]},
    "moves": [{"by": b, "card": c} for b, c in (("you", 0), ("you", 1), ("computer", 2), ("computer", 0),
                                                 ("computer", 1), ("computer", 3))]})
# the battle of the sexes: a game that is not zero-sum, answered by its equilibria
SEXES = 'NFG 1 R "sexes" { "A" "B" } { { "opera" "game" } { "opera" "game" } }\n3 2 0 0 0 0 2 3\n'
EXACT = re.compile(r"-?\d+(/\d+)?")
FRACTION = re.compile(r"-?\d+/\d+")

# One small case per command that has --json ("{nfg}" is replaced by a Gambit file of rock-paper-scissors).
CASES: dict[str, list[str]] = {
    "solve": ["{kuhn}"],
    "solve --nfg": ["{nfg}"],
    "solve --bimatrix": ["{sexes}"],
    "zerosum solve": ["{nfg}", "--steps"],
    "cowtrade solve": ["--money1", "8", "--money3", "5"],
    "cowtrade endgame": ["--money1", "3", "--money2", "2", "--set-size", "5"],
    "cowtrade endgame --hidden": ["--hidden", "--players", "2"],
    "cowtrade quartets": ["--money1", "3", "--money2", "2", "--plays", "2"],
    "cowtrade security": ["--set-size", "3", "--animals", "2,1,0", "--money1", "1", "--money2", "1", "--money3", "0",
                          "--turn", "2", "--study"],
    "goose solve": ["--players", "2"],
    "goose solve --exact": ["--players", "2", "--exact"],
    "goose simulate": ["--players", "3", "--games", "2000", "--seed", "1"],
    "goose states": ["--players", "2"],
    "guess solve": ["12"],
    "guess value": ["12"],
    "guess verify": ["9"],
    "memory solve": ["--pairs", "4", "--exact"],
    "memory table": ["--pairs", "3"],
    "memory state": ["10", "4", "2"],
    "memory tactics": [],
    "memory simulate": ["--pairs", "3", "--games", "50", "--seed", "1"],
    "winorlose chance": ["--hand", "3,5", "--table", "0,3,6,6,7"],
    "winorlose table": ["--rounds", "10", "--games", "20", "--quiet"],
    "winorlose play": ["--frank", "tight", "--tina", "bayesian", "--seed", "8", "--rounds", "5"],
    "review": ["{memory_record}"],
}

# One bad input per command: each must fail with the JSON error object.
BAD: dict[str, list[str]] = {
    "solve": ["{missing}"],
    "zerosum solve": ["{missing}"],
    "cowtrade solve": ["--money1", "-3", "--money3", "5"],
    "cowtrade endgame": ["--money1", "-3", "--money2", "5"],
    "cowtrade quartets": ["--money1", "3", "--money2", "2", "--animals1", "0,4"],
    "cowtrade security": ["--money1", "-1", "--money2", "1", "--money3", "1"],
    "goose solve": ["--players", "1"],
    "goose simulate": ["--players", "2", "--games", "0"],
    "goose states": ["--players", "0"],
    "guess solve": ["0"],
    "guess value": ["-"],
    "guess verify": ["100000"],
    "memory solve": ["--pairs", "0"],
    "memory table": ["--pairs", "-1"],
    "memory state": ["1", "9", "9"],
    "memory tactics": ["--bogus"],
    "memory simulate": ["--pairs", "3", "--games", "0"],
    "winorlose chance": ["--hand", "3", "--table", "0,3,6,6,7"],
    "winorlose table": ["--rounds", "0"],
    "winorlose play": ["--frank", "nobody"],
    "review": ["{missing}"],
}


def json_commands() -> set[str]:
    """Every leaf command of the CLI that takes --json."""
    found: set[str] = set()

    def walk(command: Any, path: list[str]) -> None:
        if hasattr(command, "list_commands"):  # a group (the root loads its groups on request)
            for name in command.list_commands(None):
                walk(command.get_command(None, name), [*path, name])
        elif any("--json" in p.opts for p in command.params):
            found.add(" ".join(path))

    walk(typer.main.get_command(app), [])
    return found


def test_every_json_command_has_a_case() -> None:
    cases = {c.split(" --")[0] for c in CASES}
    assert json_commands() == cases
    assert json_commands() == set(BAD)


def _args(case: str, extra: list[str], tmp_path: Path) -> list[str]:
    nfg = tmp_path / "rps.nfg"
    nfg.write_text(RPS)
    (tmp_path / "sexes.nfg").write_text(SEXES)
    (tmp_path / "memory.json").write_text(MEMORY_RECORD)
    words = case.split(" --")[0].split()
    fill = {"{nfg}": str(nfg), "{sexes}": str(tmp_path / "sexes.nfg"), "{missing}": str(tmp_path / "missing.nfg"),
            "{memory_record}": str(tmp_path / "memory.json"),
            "{kuhn}": str(Path(__file__).resolve().parents[2] / "examples" / "kuhn_poker.py")}
    return [*words, *(fill.get(a, a) for a in extra), "--json"]


def check_convention(obj: Any, where: str = "$") -> None:
    """Raise AssertionError at the first place `obj` breaks the convention."""
    if isinstance(obj, list):
        for i, item in enumerate(obj):
            check_convention(item, f"{where}[{i}]")
        return
    if isinstance(obj, str):
        assert not FRACTION.fullmatch(obj), f"{where}: exact number {obj!r} outside an _exact key"
        return
    if not isinstance(obj, dict):
        return
    for key, value in obj.items():
        here = f"{where}.{key}"
        assert not key.endswith("_float"), f"{here}: a float goes under the bare key"
        if key.endswith("_exact"):
            base = key.removesuffix("_exact")
            assert base in obj, f"{here}: no float {base!r} beside it"
            _same_exact(obj[base], value, here)
        elif key.endswith("_bounds"):
            base = key.removesuffix("_bounds")
            assert base in obj, f"{here}: no midpoint {base!r} beside it"
            _same_bounds(obj[base], value, here)
        else:
            check_convention(value, here)


def _same_exact(floats: Any, exact: Any, where: str) -> None:
    if isinstance(exact, list):
        assert isinstance(floats, list) and len(floats) == len(exact), f"{where}: shapes differ"
        for i, (f, e) in enumerate(zip(floats, exact, strict=True)):
            _same_exact(f, e, f"{where}[{i}]")
    elif isinstance(exact, dict):
        assert isinstance(floats, dict) and floats.keys() == exact.keys(), f"{where}: keys differ"
        for k in exact:
            _same_exact(floats[k], exact[k], f"{where}.{k}")
    elif exact is None:
        assert floats is None, f"{where}: no exact value but a float {floats!r}"
    else:
        assert isinstance(exact, str) and EXACT.fullmatch(exact), f"{where}: {exact!r} is not 'p/q'"
        num, _, den = exact.partition("/")
        value = int(num) / int(den or 1) if len(exact) < 300 else _big_ratio(num, den or "1")
        assert isinstance(floats, int | float) and math.isclose(floats, value, rel_tol=1e-12, abs_tol=1e-300), \
            f"{where}: float {floats!r} is not {exact[:40]}"


def _big_ratio(num: str, den: str) -> float:
    from fractions import Fraction

    return float(Fraction(int(num), int(den)))


def _same_bounds(mid: Any, interval: Any, where: str) -> None:
    if interval and isinstance(interval[0], list):
        assert isinstance(mid, list) and len(mid) == len(interval), f"{where}: shapes differ"
        for i, (m, b) in enumerate(zip(mid, interval, strict=True)):
            _same_bounds(m, b, f"{where}[{i}]")
        return
    lo, hi = interval
    assert lo <= hi and lo <= mid <= hi, f"{where}: {mid} not in [{lo}, {hi}]"


@pytest.mark.parametrize("case", sorted(CASES))
def test_json_follows_the_convention(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(_args(case, CASES[case], tmp_path), capsys)
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    words = case.split(" --")[0].split()
    if len(words) == 1:  # a top-level command (parlour solve) answers as game "parlour"
        words = ["parlour", *words]
    assert (data["game"], data["command"], data["parlour_version"]) == (words[0], " ".join(words[1:]), __version__)
    check_convention(data)
    if data.get("method") == "monte-carlo" or case.split()[1:2] == ["simulate"]:
        assert "_bounds" not in json.dumps(data), "a Monte Carlo interval is `_ci`, never `_bounds`"


@pytest.mark.parametrize("case", sorted(BAD))
def test_json_errors_are_one_object(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(_args(case, BAD[case], tmp_path), capsys)
    assert code == 2 and out == ""
    error = json.loads(err)
    assert set(error) == {"error", "code"} and error["code"] == 2 and error["error"]


def test_the_checker_catches_each_breach() -> None:
    for broken in ({"value": "1/3"}, {"value_exact": "1/3"}, {"value": 0.5, "value_exact": "1/3"},
                   {"win": 0.9, "win_bounds": [0.1, 0.2]}, {"value_float": 0.5}, {"x": [{"p": "2/3"}]}):
        with pytest.raises(AssertionError):
            check_convention(broken)
    check_convention({"value": 1 / 3, "value_exact": "1/3", "win": [0.15], "win_bounds": [[0.1, 0.2]]})
