"""A cheap command starts in a blink (issue 34): it loads none of the heavy libraries it does not need.
What each imports is listed here, not timed (bench/bench_startup.py measures the CPU seconds)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("numba", "llvmlite", "scipy", "highspy", "flint", "numpy", "matplotlib", "pandas", "fastapi",
         "starlette", "uvicorn", "pydantic", "dask", "distributed", "jinja2")
LAST_TRADE = {"numpy", "highspy", "flint"}  # an LP with an exact certificate: HiGHS and FLINT, nothing more

CHEAP = [
    (["--help"], set()),
    *(([game, "--help"], set()) for game in ("cowtrade", "goose", "guess", "memory", "winorlose", "zerosum")),
    (["cowtrade", "endgame", "--help"], set()),
    (["goose", "solve", "--help"], set()),
    (["guess", "value", "1000", "--json"], set()),
    (["winorlose", "chance", "--hand", "3,5", "--table", "0,3,6,6,7"], set()),
    (["memory", "state", "12", "5", "2"], {"flint"}),
    (["cowtrade", "solve", "--money1", "8", "--money3", "5", "--initiative", "1", "--json"], LAST_TRADE),
    (["cowtrade", "solve", "--cards1", "0,10,10", "--cards3", "10,50", "--steps"], LAST_TRADE),
]

PROBE = f"""
import contextlib, io, json, sys
HEAVY = {HEAVY!r}
from parlour.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit as exc:
        code = exc.code
heavy = sorted({{m.split(".")[0] for m in sys.modules}} & set(HEAVY))
print(json.dumps({{"code": code, "heavy": heavy}}), file=sys.stderr)
"""


def imported(args: list[str]) -> tuple[int, set[str]]:
    """The exit code of `parlour ARGS` and the heavy libraries it loaded, in a fresh interpreter."""
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120)
    found = json.loads(proc.stderr.strip().splitlines()[-1])
    return found["code"], set(found["heavy"])


@pytest.mark.parametrize(("args", "allowed"), CHEAP, ids=lambda a: " ".join(a) if isinstance(a, list) else "")
def test_a_cheap_command_loads_only_what_it_needs(args, allowed):
    code, heavy = imported(args)
    assert code in (0, None)
    assert heavy <= allowed, f"parlour {' '.join(args)} loaded {sorted(heavy - allowed)}"


def test_a_long_command_still_loads_its_engine():
    """The probe sees imports at all: a Goose solve loads numba (a wrong probe would pass every test above)."""
    code, heavy = imported(["goose", "solve", "--players", "2", "--json"])
    assert code in (0, None) and "numba" in heavy
