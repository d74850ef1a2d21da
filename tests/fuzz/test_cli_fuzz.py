"""Every command against bad input (issue 14): exit 2, one sentence on stderr, no traceback, in bounded time.

`test_every_class_of_bad_value` walks the whole table (every parameter of every command, every class of bad
value in cli_cases); the hypothesis test draws new bad values. `make fuzz` runs the latter for a time budget."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cli_cases import SCRATCH, Param, argv, params, run, verdict

PARAMS = params()
LIMIT_S = 20.0


def _refused(param: Param, value: str) -> None:
    args = argv(param, value)
    outcome = run(args, LIMIT_S)
    why = verdict(outcome)
    assert not why, f"parlour {' '.join(args)[:200]}: {why}\n{outcome.stderr[-800:]}"


def test_the_table_covers_every_command():
    from cli_cases import BASE

    assert {p.command for p in PARAMS} <= set(BASE)
    assert len(PARAMS) > 60


@pytest.mark.parametrize("param", PARAMS, ids=lambda p: f"{p.command}:{p.name}")
def test_every_class_of_bad_value(param):
    for value in param.bad_values():
        _refused(param, value)


NOT_ASCII = st.text(min_size=1, max_size=30).filter(lambda s: not s.isascii() and "\x00" not in s)
TOO_LONG = st.integers(min_value=10**18, max_value=10**40).map(str)
NON_NUMBER = st.text(alphabet="abcxyz.,+eE _-/", min_size=1, max_size=12).filter(
    lambda s: not s.strip().lstrip("-").isdigit()
)


def bad_value(kind: str) -> st.SearchStrategy[str]:
    missing = st.text(alphabet="abcdefgh", min_size=1, max_size=8).map(lambda s: str(SCRATCH / "missing" / s / "x"))
    return {
        "int": st.one_of(NOT_ASCII, TOO_LONG, TOO_LONG.map(lambda s: "-" + s), NON_NUMBER),
        "float": st.one_of(NOT_ASCII, st.sampled_from(["nan", "inf", "-inf", "1e999", "x"])),
        "text": NOT_ASCII,
        "choice": NOT_ASCII,
        "in-path": missing,
        "out-path": missing,
    }[kind]


@st.composite
def bad_case(draw: st.DrawFn) -> tuple[Param, str]:
    param = draw(st.sampled_from(PARAMS))
    return param, draw(bad_value(param.kind))


@settings(max_examples=40, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(bad_case())
def test_generated_bad_arguments_are_refused(case):
    _refused(*case)
