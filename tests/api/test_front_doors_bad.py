"""The Python front doors against bad calls (issue 35, items 4 and 6): every call the issue found raising a
raw error, naming a flag or silently running is here, with what must happen instead; then a property test
feeds every front door generated wrong values.

The rule (docs/python.md, `parlour.infra.checks`): any integer where a count is meant (numpy's too, no
float, not even 2.0), any real where a real is meant, only bools for switches; a wrong type raises
`InvalidType` (a TypeError), a wrong value `InvalidInput` (a ValueError), and the message names the Python
argument, never a command-line flag.
"""

from __future__ import annotations

import inspect
import json
import math
import re
import tempfile
import typing
import warnings
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour.errors import InvalidInput, InvalidType, ParlourError
from parlour.solvers import dominance, nfg, zerosum

FLAG = "--"  # a Python error names `tol`, never `--tol`


def names(message: str, argument: str) -> bool:
    """Whether `message` names `argument` as a word (`n` in "n must be ...", not the n of "needs")."""
    return re.search(rf"(?<![\w-]){re.escape(argument)}(?![\w])", message, re.IGNORECASE) is not None


def refused(call: Callable[[], Any], argument: str, kind: type[Exception] = Exception) -> str:
    """The message of the refusal `call()` raises: a ValueError or TypeError (parlour's own), of `kind`,
    naming `argument` and no flag."""
    with pytest.raises((ValueError, TypeError)) as info:
        call()
    error = info.value
    assert isinstance(error, kind), f"{type(error).__name__}: {error}"
    assert isinstance(error, ParlourError), f"a raw {type(error).__name__}: {error}"
    message = str(error)
    assert names(message, argument), f"{message!r} does not name {argument}"
    assert FLAG not in message, message
    return message


# ---- numpy's numbers are numbers --------------------------------------------------------------------------

def test_numpy_integers_are_counts() -> None:
    assert parlour.guess.value(np.int64(12)).value == parlour.guess.value(12).value
    assert parlour.guess.value(np.int64(12)).numbers == 12 and type(parlour.guess.value(np.int64(12)).numbers) is int
    six = parlour.memory.solve(pairs=np.int64(6))
    assert six.first_player_expected_pairs == parlour.memory.solve(pairs=6).first_player_expected_pairs
    assert parlour.memory.state(np.int32(4), np.int64(1), np.uint8(0)).w == parlour.memory.state(4, 1, 0).w


def test_numpy_integers_and_floats_reach_the_goose() -> None:
    sol = parlour.goose.solve(players=np.int64(2), tol=np.float32(1e-6), squares=np.array([20, 30]),
                              to_move=np.int8(2))
    same = parlour.goose.solve(players=2, tol=1e-6, squares=[20, 30], to_move=2)
    assert sol.players == 2 and sol.win_bounds == same.win_bounds


def test_a_float_is_no_count_even_when_whole() -> None:
    # the decision (docs/python.md): as range(2.0) and numpy refuse it, a float where a count is meant is refused
    refused(lambda: parlour.goose.solve(players=2.0), "players", TypeError)  # type: ignore[arg-type]
    refused(lambda: parlour.guess.value(12.0), "n", TypeError)  # type: ignore[arg-type]
    refused(lambda: parlour.memory.solve(pairs=np.float64(6)), "pairs", TypeError)  # type: ignore[arg-type]


# ---- the bad calls of the issue ---------------------------------------------------------------------------

def test_a_string_tolerance_names_tol() -> None:
    message = refused(lambda: parlour.goose.solve(players=2, tol="1e-9"), "tol", TypeError)  # type: ignore[arg-type]
    assert "'1e-9'" in message


def test_a_string_switch_is_refused_not_run() -> None:
    for value in ("no", "False", 0, None):
        refused(lambda v=value: parlour.goose.solve(players=2, exact=v), "exact", TypeError)
    refused(lambda: parlour.solvers.zerosum.solve([[1, 0], [0, 1]], exact="no"), "exact", TypeError)  # type: ignore[arg-type]
    refused(lambda: parlour.memory.solve(6, exact="yes"), "exact", TypeError)  # type: ignore[arg-type]
    assert parlour.goose.solve(players=2, exact=np.bool_(False), tol=1e-6).status.value == "certified"


def test_winorlose_chance_without_a_hand_names_hand() -> None:
    refused(lambda: parlour.winorlose.chance(None, "0,1,2,6,7"), "hand", TypeError)  # type: ignore[arg-type]
    refused(lambda: parlour.winorlose.chance("3h,5", {"a": 1}), "table", TypeError)  # type: ignore[arg-type]
    refused(lambda: parlour.winorlose.tournament(tie=3), "tie", TypeError)  # type: ignore[arg-type]
    refused(lambda: parlour.winorlose.pairing(None, "smart"), "frank", TypeError)  # type: ignore[arg-type]
    refused(lambda: parlour.winorlose.pairing("normal", "clever"), "tina", ValueError)


def test_errors_name_python_arguments_not_flags() -> None:
    refused(lambda: parlour.memory.simulate(3, games=1), "games", ValueError)
    refused(lambda: parlour.memory.simulate(3, seed=-1), "seed", ValueError)
    refused(lambda: parlour.winorlose.tournament(rounds=0), "rounds", ValueError)
    refused(lambda: parlour.guess.solve(10**6), "force=True", ValueError)
    refused(lambda: parlour.solve("game.py", tol=2), "tol", ValueError)
    refused(lambda: parlour.solve("game.py", players=True), "players", TypeError)  # type: ignore[arg-type]


def test_huge_payoffs_are_one_sentence_not_a_highs_error() -> None:
    with pytest.raises((ValueError, TypeError)) as info:
        parlour.solvers.zerosum.solve([[10**30, -1], [-1, 1]])
    assert "HiGHS" not in str(info.value) and "Not Set" not in str(info.value)
    assert "matrix" in str(info.value) or "payoff" in str(info.value)


def test_invalid_type_is_both_families() -> None:
    # one except clause catches both in the interfaces (InvalidInput), and Python's own in a caller (TypeError)
    assert issubclass(InvalidType, InvalidInput) and issubclass(InvalidType, TypeError)
    assert issubclass(InvalidInput, ValueError)


# ---- results: JSON, names, exact values, tables ------------------------------------------------------------

def test_a_simulation_without_spread_writes_null_not_nan() -> None:
    res = parlour.memory.simulate(4, games=200)
    assert math.isnan(res.z_stalemate)  # no stalemate in 200 games: no spread, no z-score
    body = json.loads(json.dumps(res.to_json(), allow_nan=False))
    assert body["z_stalemate"] is None and isinstance(body["z_first"], float)


def test_renamed_attributes_read_with_a_warning() -> None:
    guess = parlour.guess.solve(5)
    zs = parlour.solvers.zerosum.solve([[3, -1], [-2, 4]])
    table = parlour.memory.table(2)
    pair = parlour.winorlose.pairing("normal", "smart", rounds=1)
    check = parlour.memory.simulate(2, games=10)
    for result, old, new in ((check, "simulation", "simulated"), (guess, "n", "numbers"),
                             (zs, "col_strategy", "column_strategy"),
                             (table, "rows", "states"), (pair, "frank", "frank_type"),
                             (pair, "game_tina_ahead", "p_tina_more_over_game")):
        assert new in result.to_json()  # the attribute has the JSON's name
        with pytest.warns(DeprecationWarning, match=f"{old} is now .{new}"):
            assert getattr(result, old) == getattr(result, new)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the new names read silently, and a result still pickles (the jobs')
        assert guess.numbers == 5 and zs.column_strategy and table.states
        import pickle

        for result in (guess, zs, table, pair, check):
            assert pickle.loads(pickle.dumps(result)).to_json() == result.to_json()
    with pytest.raises(AttributeError):
        guess.no_such_thing  # noqa: B018


def test_value_is_a_fraction_when_exact_and_value_float_always_a_float() -> None:
    zs = parlour.solvers.zerosum.solve([[3, -1], [-2, 4]])
    assert zs.status.value == "exact" and zs.value == Fraction(1) and isinstance(zs.value, Fraction)
    floats = parlour.solvers.zerosum.solve([[0.5, -1.25], [-2.0, 4.0]], exact=False)
    assert floats.status.value == "estimate" and isinstance(floats.value, float)
    for result in (zs, floats, parlour.guess.value(30), parlour.guess.solve(6)):
        assert type(result.value_float) is float and result.value_float == pytest.approx(float(result.value))
    assert isinstance(parlour.guess.solve(6).value, Fraction)
    # your own game: matching pennies is exact (value 0, a Fraction); a game that may cycle is not
    from parlour.toolkit import Chance, End

    pennies = parlour.solve({"NAME": "pennies", "START": "s", "moves": lambda s: (["h", "t"], ["h", "t"]),
                             "play": lambda s, a, b: End(1 if a == b else -1)})
    assert pennies.status.value == "exact" and pennies.value == 0 and isinstance(pennies.value, Fraction)
    loop = parlour.solve({"NAME": "loop", "START": "s", "moves": lambda s: (["go"], []),
                          "play": lambda s, a, b: Chance({"s": Fraction(1, 2), End(1): Fraction(1, 2)})}, tol=1e-6)
    assert loop.status.value != "exact" and type(loop.value) is float and loop.value == loop.value_float
    # Memory's reduced model: exact to 300 pairs, floats from 301, and the status says which
    for pairs, status, kind in ((20, "exact", Fraction), (301, "estimate", float)):
        res = parlour.memory.solve(pairs)
        assert res.status.value == status and isinstance(res.first_player_expected_pairs, kind)


@pytest.mark.slow  # 300 pairs exact: about a minute
def test_memory_switches_to_floats_with_its_status_at_301_pairs() -> None:
    for pairs, status, kind in ((300, "exact", Fraction), (301, "estimate", float)):
        res = parlour.memory.solve(pairs)
        assert res.status.value == status and isinstance(res.first_player_expected_pairs, kind)


# ---- the front doors themselves: __all__, hints, docstrings ----------------------------------------------

FRONT_MODULES = ("goose", "guess", "memory", "winorlose")
RESULTS = {"goose": {"GooseSolution"}, "guess": {"GuessValue", "GuessTable", "GuessSolution"},
           "memory": {"MemorySummary", "MemoryTable", "StateValues", "TacticList", "SimulationCheck"},
           "winorlose": {"ViewChance", "Tournament", "PairingResult"}}


def front_doors() -> list[tuple[str, Callable[..., Any]]]:
    doors = [(f"parlour.{m}.{name}", getattr(getattr(parlour, m), name)) for m in FRONT_MODULES
             for name in getattr(parlour, m).__all__ if inspect.isfunction(getattr(getattr(parlour, m), name))]
    return [*doors, ("parlour.solve", parlour.solve), ("parlour.solvers.zerosum.solve", parlour.solvers.zerosum.solve)]


def test_every_front_door_module_exports_its_results_and_completes_to_them() -> None:
    from parlour.results import Result

    for module_name in FRONT_MODULES:
        module = getattr(parlour, module_name)
        assert RESULTS[module_name] <= set(module.__all__), module_name
        for name in RESULTS[module_name]:
            assert issubclass(getattr(module, name), Result)
        assert set(dir(module)) == set(module.__all__), module_name  # `parlour.guess.<TAB>`: the public names


@pytest.mark.parametrize(("name", "door"), front_doors(), ids=[n for n, _ in front_doors()])
def test_every_front_door_has_resolving_hints_and_numpydoc(name: str, door: Callable[..., Any]) -> None:
    hints = typing.get_type_hints(door)
    assert "return" in hints, name
    doc = inspect.getdoc(door) or ""
    if name != "parlour.memory.tactics":  # it takes no argument
        assert "Parameters\n----------" in doc, name
    assert "Returns\n-------" in doc, name


# ---- the property test -----------------------------------------------------------------------------------

HUGE = 10**30  # beyond every limit: refused by its range, or by a size guard before any work starts
NOT_A_NUMBER = [None, "3", "", [], [1], {}, {"a": 1}, object(), np.str_("2"), b"3"]
NOT_A_COUNT = [*NOT_A_NUMBER, True, False, np.bool_(True), 2.5, 2.0, float("nan"), float("inf"), np.float64(3.0),
               Fraction(5, 2), -1, np.int64(-7), -HUGE, HUGE]
NOT_A_REAL = [*NOT_A_NUMBER, True, np.bool_(False), float("nan"), float("inf"), -float("inf"), np.float64("nan"),
              -1, 0, 1, 5, HUGE, -1e-300]
NOT_A_SWITCH = [None, "no", "yes", "", 0, 1, 1.0, float("nan"), np.int64(1), [], {}, [True]]
NOT_A_TEXT = [None, 0, 1, True, 2.5, float("nan"), [], {}, ["zero"], np.int64(3), "bogus", "", "  "]
NOT_A_FUNCTION = [1, "f", True, 2.5, [], {}, np.int64(1)]
NOT_CARDS = [None, 5, True, 2.5, float("nan"), {}, {"3": 5}, [None], [1.5, 2], [[1]], "", "9,9", "3,3,3,3,3",
             np.int64(3), object()]
NOT_A_LIST = [None, 5, True, 2.5, "1,2", {}, [None, 1], [1.5, 2], ["a", "b"], [HUGE, 1], [-1, 3], [True, 2],
              [float("nan"), 1], np.float64(2)]
NOT_A_PATH = [1, True, 2.5, [], {}, np.int64(1), object()]
NOWHERE = "/no/such/folder/of/parlour"  # a folder that does not exist
FOLDER = tempfile.mkdtemp(prefix="parlour-bad-calls-")  # where the .nfg writes go (a valid call writes here)
MISSING_FILES = [f"{NOWHERE}/game.nfg", "missing-parlour-game.nfg", FOLDER, ""]
NOT_A_TITLE = [None, 0, 1, True, 2.5, float("nan"), [], {}, ["x"], np.int64(3), b"title", 'a "quoted" title']
NOT_NAMES = [5, True, "ab", b"ab", [1, 2], ["a"], ["a", "b", "c"], ['a"', "b"], {"a": 1, "b": 2}, [None, "b"],
             np.array([1, 2])]
# a matrix: not a table (InvalidType), the wrong shape or not finite (InvalidInput)
NOT_A_MATRIX = [None, "abc", b"ab", 5, 2.5, True, np.int64(3), [], [[]], [1, 2, 3], [[1, None]], [["a", 1]],
                [[float("nan"), 1]], [[float("inf"), 1], [0, 1]], {"a": 1}, [[1, 2], [3]], [[1], [2, 3]],
                np.array([[np.inf, 1.0]]), np.array([[np.nan]]), np.array([1.0, 2.0]), np.zeros((0, 2)),
                np.zeros((2, 2, 2)), np.array([["a", "b"]]), np.array([[True, False]]), [[True, 1]], ["ab", "cd"],
                [[1, [2]]], [[Fraction(1, 2), object()]], [{"a": 1}], [None, None]]

KINDS = {"count": NOT_A_COUNT, "real": NOT_A_REAL, "switch": NOT_A_SWITCH, "text": NOT_A_TEXT,
         "function": NOT_A_FUNCTION, "cards": NOT_CARDS, "list": NOT_A_LIST, "path": NOT_A_PATH,
         "title": NOT_A_TITLE, "names": NOT_NAMES, "matrix": NOT_A_MATRIX}

# Every front door: a cheap valid call (the base) and the kind of each argument. A wrong value in any one
# argument must be refused before any work.
DOORS: dict[str, tuple[Callable[..., Any], dict[str, Any], dict[str, str]]] = {
    "goose.solve": (lambda **kw: parlour.goose.solve(**kw), {"players": 2, "tol": 1e-6},
                    {"players": "count", "exact": "switch", "variant": "text", "rules": "path", "squares": "list",
                     "to_move": "count", "inn_pending": "list", "tol": "real", "checkpoint": "path",
                     "out_of_core": "switch", "force": "switch", "progress": "function"}),
    "guess.value": (lambda **kw: parlour.guess.value(**kw), {"n": 12},
                    {"n": "count", "force": "switch", "progress": "function"}),
    "guess.table": (lambda **kw: parlour.guess.table(**kw), {"first": 1, "last": 3},
                    {"first": "count", "last": "count"}),
    "guess.solve": (lambda **kw: parlour.guess.solve(**kw), {"n": 3},
                    {"n": "count", "smoothing": "text", "symmetric": "switch", "force": "switch",
                     "progress": "function"}),
    "memory.solve": (lambda **kw: parlour.memory.solve(**kw), {"pairs": 3},
                     {"pairs": "count", "exact": "switch", "progress": "function"}),
    "memory.table": (lambda **kw: parlour.memory.table(**kw), {"pairs": 2}, {"pairs": "count", "p0": "switch"}),
    "memory.state": (lambda **kw: parlour.memory.state(**kw), {"k": 4, "known": 1, "known_paired": 0},
                     {"k": "count", "known": "count", "known_paired": "count"}),
    "memory.simulate": (lambda **kw: parlour.memory.simulate(**kw), {"pairs": 2, "games": 10},
                        {"pairs": "count", "games": "count", "seed": "count", "progress": "function"}),
    "winorlose.chance": (lambda **kw: parlour.winorlose.chance(**kw), {"hand": "3h,5", "table": "0,1,2,6,7"},
                         {"hand": "cards", "table": "cards"}),
    "winorlose.tournament": (lambda **kw: parlour.winorlose.tournament(**kw), {"rounds": 1, "games": 2},
                             {"rounds": "count", "games": "count", "seed": "count", "tie": "text",
                              "chance_rule": "text", "progress": "function"}),
    "winorlose.pairing": (lambda **kw: parlour.winorlose.pairing(**kw),
                          {"frank": "normal", "tina": "smart", "rounds": 1, "games": 2},
                          {"frank": "text", "tina": "text", "rounds": "count", "games": "count", "seed": "count",
                           "tie": "text", "chance_rule": "text"}),
    "winorlose.rules": (lambda **kw: parlour.winorlose.rules(**kw), {}, {"tie": "text", "chance_rule": "text"}),
    "zerosum.solve": (lambda **kw: parlour.solvers.zerosum.solve(**kw), {"matrix": [[1, -1], [-1, 1]]},
                      {"exact": "switch"}),
    "zerosum.value": (lambda **kw: zerosum.value(**kw), {"matrix": [[1, -1], [-1, 1]]}, {"matrix": "matrix"}),
    "dominance.eliminate": (lambda **kw: dominance.eliminate(**kw), {"matrix": [[3, 1], [1, 2], [0, 0]]},
                            {"matrix": "matrix", "weak": "switch", "mixed": "switch"}),
    "dominance.verify": (lambda **kw: dominance.verify(**kw),
                         {"matrix": [[3, 1], [1, 2], [0, 0]], "result": dominance.eliminate([[3, 1], [1, 2], [0, 0]])},
                         {"matrix": "matrix"}),
    "nfg.read": (lambda **kw: nfg.read(**kw), {"path": "unused"}, {"path": "path"}),
    "nfg.parse": (lambda **kw: nfg.parse(**kw), {"text": "unused"}, {"text": "text"}),
    "nfg.dumps": (lambda **kw: nfg.dumps(**kw), {"matrix": [[1, -1], [-1, 1]]},
                  {"matrix": "matrix", "row_names": "names", "col_names": "names", "title": "title"}),
    "nfg.write": (lambda **kw: nfg.write(**kw), {"path": f"{FOLDER}/game.nfg", "matrix": [[1, -1], [-1, 1]]},
                  {"path": "path", "matrix": "matrix", "row_names": "names", "col_names": "names", "title": "title"}),
    "parlour.solve": (lambda **kw: parlour.solve(**kw), {"game": {"NAME": "x"}},
                      {"players": "count", "tol": "real", "exact": "switch", "progress": "function"}),
}
# Arguments where None is the default, so not a wrong value
OPTIONAL = {("goose.solve", "variant"), ("goose.solve", "rules"), ("goose.solve", "squares"),
            ("goose.solve", "to_move"), ("goose.solve", "inn_pending"), ("goose.solve", "tol"),
            ("goose.solve", "checkpoint"), ("guess.table", "last"), ("zerosum.solve", "exact"),
            ("parlour.solve", "players"), ("parlour.solve", "exact"), ("parlour.solve", "tol"),
            ("nfg.dumps", "row_names"), ("nfg.dumps", "col_names"), ("nfg.write", "row_names"),
            ("nfg.write", "col_names")}
# A matrix, a game, a file and the cards are checked by what they hold, beyond their type
EXTRA = {"zerosum.solve": {"matrix": NOT_A_MATRIX},
         "parlour.solve": {"game": [None, 5, True, 2.5, [], float("nan"), np.int64(1), "game.txt", "missing.py",
                                    f"{NOWHERE}/game.py", f"{NOWHERE}/game.toml", f"{NOWHERE}/game.nfg"],
                           "payoffs2": [5, "x", True, {}, [], [[1, "a"]], [[1, 2], [3]], [[float("nan")]], object()]},
         "goose.solve": {"rules": [*NOT_A_PATH, "missing-parlour-rules.toml", f"{NOWHERE}/rules.toml", FOLDER],
                         "checkpoint": [*NOT_A_PATH, f"{NOWHERE}/goose.ckpt", FOLDER]},
         "dominance.verify": {"result": [None, 5, "steps", [], {}, (0, 1), np.int64(1), object()]},
         "nfg.read": {"path": [*NOT_A_PATH, None, b"game.nfg", *MISSING_FILES]},
         "nfg.parse": {"text": [None, 5, True, 2.5, b"NFG 1 R", [], ["NFG"], {}, np.int64(1), object()]},
         "nfg.write": {"path": [*NOT_A_PATH, None, b"game.nfg", f"{NOWHERE}/game.nfg", FOLDER]}}


def _is_int(value: Any) -> bool:
    return not isinstance(value, bool | np.bool_) and isinstance(value, int | np.integer)


def _is_sequence(value: Any) -> bool:
    return (isinstance(value, list | tuple) or getattr(value, "ndim", None) == 1) and not isinstance(value, str)


def _table_of_numbers(value: Any) -> bool:
    """Whether `value` is a table of numbers in type (its shape or its values may still be wrong)."""
    def number(v: Any) -> bool:
        return not isinstance(v, bool | np.bool_) and isinstance(v, int | float | Fraction | np.number)

    if isinstance(value, np.ndarray):
        return value.dtype.kind in "iuf" or (value.ndim == 2 and all(number(v) for v in value.flat))
    if not isinstance(value, list | tuple):
        return False
    rows = [r for r in value if isinstance(r, list | tuple | np.ndarray)]
    if len(rows) != len(value):  # a row that is a number is a shape error; one that is None or text, a type error
        return all(number(r) for r in value)
    return all(number(v) for r in rows for v in r)


def wrong_type(kind: str, value: Any) -> bool | None:
    """Whether `value` is of the wrong type for an argument of `kind` (a TypeError is due: `InvalidType`), or a
    value of the right type that is wrong (a ValueError, not a TypeError); None where the table does not say."""
    if kind in ("count", "pair", "triple"):
        if kind == "count":
            return not _is_int(value)
        return not (_is_sequence(value) and all(_is_int(v) for v in value))
    if kind == "real":
        return isinstance(value, bool | np.bool_) or not isinstance(value, int | float | Fraction | np.number)
    if kind == "switch":
        return not isinstance(value, bool | np.bool_)
    if kind in ("text", "title", "option"):
        return not isinstance(value, str)
    if kind in ("function", "result"):
        return True
    if kind == "path":
        return not isinstance(value, str)
    if kind == "list":
        return not (_is_sequence(value) and all(_is_int(v) for v in value))
    if kind == "names":
        return not (isinstance(value, list | tuple) and all(isinstance(v, str) for v in value))
    if kind == "cards":
        return not (isinstance(value, str) or (_is_sequence(value) and all(isinstance(v, str) or _is_int(v)
                                                                            for v in value)))
    if kind == "matrix":
        return not _table_of_numbers(value)
    return None


def kind_of(door: str, argument: str) -> str:
    """The kind of an argument, for the checks of its refusals (those only in EXTRA named here)."""
    return DOORS[door][2].get(argument) or {"matrix": "matrix", "result": "result", "rules": "path",
                                             "checkpoint": "path", "path": "path", "text": "text"}.get(argument, "")


def wrong_values(door: str, argument: str, kind: str) -> list[Any]:
    values = [v for v in KINDS[kind] if not (v is None and (door, argument) in OPTIONAL)]
    if door == "memory.state" and argument in ("known", "known_paired"):
        values = [v for v in values if not (isinstance(v, int | np.integer) and not isinstance(v, bool) and v == 0)]
    return values


CASES = sorted({(door, argument) for door, (_, _, kinds) in DOORS.items() for argument in kinds}
               | {(door, argument) for door, extra in EXTRA.items() for argument in extra})


@st.composite
def bad_call(draw: st.DrawFn, door: str) -> tuple[str, Any]:
    _, _, kinds = DOORS[door]
    arguments = sorted(set(kinds) | set(EXTRA.get(door, {})))
    argument = draw(st.sampled_from(arguments))
    values = EXTRA.get(door, {}).get(argument) or wrong_values(door, argument, kinds[argument])
    return argument, draw(st.sampled_from(values))


def check_family(exc: Exception, typed: bool | None, call: str) -> None:
    """A wrong type is refused with a TypeError (`InvalidType`), a wrong value of the right type with a
    ValueError that is no TypeError (`InvalidInput`); `typed` None: the table does not say which."""
    if typed is not None:
        said = "a wrong type" if typed else "a wrong value"
        assert isinstance(exc, TypeError) is typed, f"{call}: {type(exc).__name__} for {said}: {exc}"


def check_refused(door: str, argument: str, value: Any) -> None:
    call, base, _ = DOORS[door]
    try:
        call(**{**base, argument: value})
    except (ValueError, TypeError) as exc:
        assert isinstance(exc, ParlourError), f"{door}({argument}={value!r}): a raw {type(exc).__name__}: {exc}"
        check_family(exc, wrong_type(kind_of(door, argument), value), f"{door}({argument}={value!r})")
        message = str(exc)
        # a huge but valid size is refused by its size guard, with the estimate and the way past it (force)
        named = names(message, argument) or (value is HUGE and names(message, "force=True"))
        if door == "parlour.solve" and argument == "game":
            named = named or "game file" in message
        if door == "goose.solve" and argument == "rules":
            named = named or "rule file" in message  # a file that cannot be read: named as what it is
        assert named, f"{door}({argument}={value!r}): {message!r} does not name {argument}"
        assert FLAG not in message, message
    except Exception as exc:  # anything else is a raw error
        raise AssertionError(f"{door}({argument}={value!r}) raised {type(exc).__name__}: {exc}") from exc
    else:
        raise AssertionError(f"{door}({argument}={value!r}) was accepted")


@pytest.mark.parametrize("door", sorted(DOORS))
@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_front_door_refuses_wrong_values_naming_them(door: str, data: st.DataObject) -> None:
    argument, value = data.draw(bad_call(door))
    check_refused(door, argument, value)


@pytest.mark.parametrize(("door", "argument"), CASES, ids=[f"{d}:{a}" for d, a in CASES])
def test_every_wrong_value_of_every_argument_is_refused_naming_it(door: str, argument: str) -> None:
    # the whole table, not a sample: every wrong value listed for the argument's kind (about 900 calls, all
    # refused before any work: the suite of bad calls, with no raw error)
    _, _, kinds = DOORS[door]
    for value in EXTRA.get(door, {}).get(argument) or wrong_values(door, argument, kinds[argument]):
        check_refused(door, argument, value)


def test_the_property_covers_every_argument_of_every_front_door() -> None:
    for door, (_, base, kinds) in DOORS.items():
        name = (door if door.startswith("parlour.") else f"parlour.solvers.{door}"
                if door.split(".")[0] in ("zerosum", "dominance", "nfg") else f"parlour.{door}")
        module_path, _, fn = name.rpartition(".")
        target: Any = parlour
        for part in module_path.split(".")[1:]:
            target = getattr(target, part)
        parameters = set(inspect.signature(getattr(target, fn)).parameters)
        assert parameters == set(kinds) | set(EXTRA.get(door, {})) | set(base), door


# The cow trade's front door (its policy checks the arguments: analyses/cowtrade/policy.py).
COWTRADE_BAD = [
    ("money", 8), ("money", (8, 5, 3)), ("money", ("8", 5)), ("money", (8.0, 5)), ("money", None),
    ("bids", 3), ("cards", (["10", "50"], [10])), ("initiative", "1"), ("initiative", 2), ("force", "no"),
]


@pytest.mark.parametrize(("argument", "value"), COWTRADE_BAD, ids=[f"{a}={v!r}" for a, v in COWTRADE_BAD])
def test_the_cow_trade_refuses_wrong_values_naming_them(argument: str, value: Any) -> None:
    base: dict[str, Any] = {"money": (8, 5)}
    if argument == "cards":
        base = {}
    try:
        parlour.cowtrade.solve(**{**base, argument: value})
    except (ValueError, TypeError) as exc:
        assert isinstance(exc, ParlourError), f"a raw {type(exc).__name__}: {exc}"
        assert argument in str(exc) and FLAG not in str(exc), str(exc)
    else:
        raise AssertionError("accepted")


def test_the_cow_trade_takes_numpy_money() -> None:
    assert parlour.cowtrade.solve(money=(np.int64(8), np.int64(5))).value == parlour.cowtrade.solve(money=(8, 5)).value


def test_the_command_line_still_names_its_flags_and_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    # the same checks under the command line: flags for options, the argument's own name for a positional one
    from conftest import run_cli

    for args, said in ((["memory", "state", "400", "2", "0"], "K must be"),
                       (["memory", "simulate", "--pairs", "3", "--games", "1"], "--games must be"),
                       (["winorlose", "table", "--rounds", "0"], "--rounds must be"),
                       (["goose", "solve", "--players", "2", "--from", "5,0"], "--from: nobody can stand on square 5")):
        code, _, err = run_cli(args, capsys)
        assert code == 2 and said in err and "Traceback" not in err, (args, err)


def bad_calls() -> list[tuple[str, str, Any]]:
    """Every (door, argument, value) of the table above: the suite of bad calls."""
    return [(door, argument, value) for door, argument in CASES
            for value in EXTRA.get(door, {}).get(argument) or wrong_values(door, argument, DOORS[door][2][argument])]


def test_the_suite_holds_at_least_400_bad_calls_over_every_front_door() -> None:
    calls = bad_calls()
    cowtrade = sum(len(values) for _, _, values in COWTRADE_CALLS)
    assert len(calls) + cowtrade >= 400, len(calls) + cowtrade
    doors = {door.split(".")[0] for door, _, _ in calls} | {"cowtrade"}
    assert doors >= {"goose", "guess", "memory", "winorlose", "zerosum", "nfg", "dominance", "parlour", "cowtrade"}


# ---- numpy arrays where a sequence is meant: taken, as lists are --------------------------------------------

def test_numpy_arrays_work_wherever_a_sequence_does(tmp_path: Any) -> None:
    view = parlour.winorlose.chance("3h,5", "0,1,2,6,7")
    for hand, table in ((np.array(["3h", "5"]), np.array([0, 1, 2, 6, 7])), (("3h", 5), (0, 1, 2, 6, 7)),
                        (np.array(["3h", "5"]), np.array(["0", "1", "2", "6", "7"]))):
        assert parlour.winorlose.chance(hand, table).win == view.win  # type: ignore[arg-type]
    goose = parlour.goose.solve(players=2, tol=1e-6, squares=np.array([20, 30]), inn_pending=np.array([], dtype=int))
    assert goose.win_bounds == parlour.goose.solve(players=2, tol=1e-6, squares=[20, 30], inn_pending=[]).win_bounds
    matrix = [[3, -1], [-2, 4]]
    for array in (np.array(matrix), np.array(matrix, dtype=object), np.array(matrix, dtype=np.float64),
                  [np.array(row) for row in matrix]):
        assert parlour.solvers.zerosum.solve(array).value == Fraction(1)
        assert dominance.eliminate(array).steps == dominance.eliminate(matrix).steps
    nfg.write(tmp_path / "a.nfg", np.array(matrix), row_names=np.array(["u", "d"]).tolist())
    assert nfg.read(tmp_path / "a.nfg")[0].tolist() == matrix
    assert nfg.dumps(np.array([[0.5, -1]])) == nfg.dumps([[Fraction(1, 2), -1]])


# ---- the cow trade: every call ends within seconds (its own helper closes these; issue 47) ----------------------

COWTRADE_BASE: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {
    "solve": (lambda **kw: parlour.cowtrade.solve(**kw), {"money": (8, 5)}),
    "game": (lambda **kw: parlour.cowtrade.game(**kw), {"money": (8, 5)}),
    "endgame": (lambda **kw: parlour.cowtrade.endgame(**kw), {"money": (1, 1), "set_size": 3}),
    "hidden": (lambda **kw: parlour.cowtrade.hidden(**kw), {"players": 2}),
    "security": (lambda **kw: parlour.cowtrade.security(**kw),
                 {"money": (1, 1, 0), "set_size": 3, "animals": (2, 1, 0), "turn": 2, "study": True}),
}
NOT_A_TOL = [float("nan"), -1, 0, -1e-300, float("inf"), "x", "1e-9", None, True, [], np.float64("nan"), 2]
NOT_SET_SIZE = [1, 0, -4, 4.0, "4", None, True, 10**30, np.float64(4)]
NOT_TWO_MONIES = [8, (8, 5, 3), ("8", 5), (8.0, 5), (8, None), (-1, 5), "8,5", {8: 5}, (True, 5), np.array([8.0, 5])]
COWTRADE_KINDS = {"money": "pair", "initiative": "count", "bids": "", "second_initiative": "option",
                  "force": "switch", "study": "switch", "set_size": "count", "tol": "real", "animals1": "count",
                  "challenger": "count", "stage": "option", "ties": "option", "next_challenger": "option",
                  "players": "count", "donkeys": "count", "turn": "count", "animals": "triple"}
COWTRADE_CALLS: list[tuple[str, str, list[Any]]] = [
    ("solve", "money", NOT_TWO_MONIES), ("solve", "initiative", ["1", 2, 0, 1.0, None, True]),
    ("solve", "bids", [3, "8", [None]]), ("solve", "second_initiative", ["winner", 5, None, True]),
    ("solve", "force", NOT_A_SWITCH),
    ("game", "money", NOT_TWO_MONIES), ("game", "initiative", ["1", 2, 1.0]), ("game", "force", ["no", 1]),
    ("endgame", "money", NOT_TWO_MONIES), ("endgame", "set_size", NOT_SET_SIZE), ("endgame", "tol", NOT_A_TOL),
    ("endgame", "animals1", ["1", 1.0, -1, None, True]), ("endgame", "challenger", ["1", 3, 1.0, None]),
    ("endgame", "stage", ["x", 5, None]), ("endgame", "ties", ["x", 5, None]),
    ("endgame", "next_challenger", ["x", 5, None]), ("endgame", "study", ["yes", 1, None]),
    ("endgame", "force", ["yes", 1, None]),
    ("hidden", "players", [1, 7, "3", 3.0, True, None, -2]), ("hidden", "initiative", ["1", 2, 1.0]),
    ("hidden", "donkeys", [-1, 5, "0", 0.0, None]), ("hidden", "second_initiative", ["x", 5, None]),
    ("hidden", "force", ["no", 1, None]),
    ("security", "money", [(1, 1), (1, 1, 0, 0), ("1", 1, 0), (1.0, 1, 0), 5, (-1, 1, 0), "1,1,0"]),
    ("security", "tol", NOT_A_TOL), ("security", "players", [5, (1, 2, 5), "1,2", (1.0, 2), None, True, (0,)]),
    ("security", "turn", [1.0, "1", 0, 4, None, True]), ("security", "set_size", NOT_SET_SIZE),
    ("security", "animals", [(1, 1), ("1", 1, 0), (1.0, 1, 0), None, 5, (-1, 1, 0)]),
    ("security", "stage", ["x", 5]), ("security", "ties", ["x", 5]),
    ("security", "study", ["yes", 1, None]), ("security", "force", ["yes", 1, None]),
]
# the issue's: `security(money=(0, 0, 0), tol=nan)` and `tol=-1` never returned
COWTRADE_CALLS.append(("security", "tol", [float("nan"), -1]))
COWTRADE_CASES = [(door, argument, value) for door, argument, values in COWTRADE_CALLS for value in values]


@pytest.mark.timeout(10)
@pytest.mark.parametrize(("door", "argument", "value"), COWTRADE_CASES,
                         ids=[f"{d}:{a}={v!r}"[:60] for d, a, v in COWTRADE_CASES])
def test_every_cow_trade_front_door_refuses_wrong_values_within_seconds(door: str, argument: str, value: Any) -> None:
    call, base = COWTRADE_BASE[door]
    if (door, argument) == ("security", "tol") and isinstance(value, float) and math.isnan(value):
        base = {"money": (0, 0, 0)}  # the issue's own call
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # next_challenger, challenger: old names
            call(**{**base, argument: value})
    except (ValueError, TypeError) as exc:
        assert isinstance(exc, ParlourError), f"{door}({argument}={value!r}): a raw {type(exc).__name__}: {exc}"
        kind = "triple" if door == "security" and argument in ("money", "players") else COWTRADE_KINDS[argument]
        check_family(exc, wrong_type(kind, value), f"{door}({argument}={value!r})")
        renamed = argument == "next_challenger" and names(str(exc), "second_initiative")
        assert names(str(exc), argument) or renamed, f"{door}({argument}={value!r}): {exc}"
        assert FLAG not in str(exc), str(exc)
    except Exception as exc:
        raise AssertionError(f"{door}({argument}={value!r}) raised {type(exc).__name__}: {exc}") from exc
    else:
        raise AssertionError(f"{door}({argument}={value!r}) was accepted")


@pytest.mark.timeout(20)
def test_the_cow_trade_takes_numpy_arrays_where_it_takes_sequences() -> None:
    assert parlour.cowtrade.solve(money=np.array([8, 5])).value == parlour.cowtrade.solve(money=(8, 5)).value
    base = COWTRADE_BASE["security"][1]
    arrays = {**base, "money": np.array(base["money"]), "animals": np.array(base["animals"])}
    levels = parlour.cowtrade.security(**base).to_json()["levels"]
    assert parlour.cowtrade.security(**arrays).to_json()["levels"] == levels
