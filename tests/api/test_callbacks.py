"""One callback name (issue 47, item 4): every front door and every documented solver takes `progress`; the
old names (`on_sweep`, `on_iteration`, `on_level`, `on_games`, `on_pairing`) still work for one release,
with a DeprecationWarning, through the one helper `parlour.infra.checks.renamed_keywords`."""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import parlour
from parlour.errors import InvalidType
from parlour.infra.checks import renamed_keywords
from parlour.solvers import colgen, markov

OLD_NAMES = ("on_sweep", "on_iteration", "on_level", "on_games", "on_pairing")


def _ruin() -> markov.Explicit:
    # gambler's ruin on 0..4 with p = 1/2: a small chain the certified iteration sweeps a few times
    return markov.explicit(1, lambda i: [(Fraction(1, 2), i + 1, 0 if i + 1 == 4 else None),
                                         (Fraction(1, 2), i - 1, 1 if i - 1 == 0 else None)], outcomes=2)


def _guess_oracle() -> tuple[Any, list[Any]]:
    from parlour.analyses.guess.oracle import GuessOracle
    from parlour.analyses.guess.solve import initial_trees

    oracle = GuessOracle(4, True)
    return oracle, [oracle.fold(t.depths) for t in initial_trees(4)]


# (the call, given the callback keyword(s); the old keyword): each must call the callback at least once
CALLS: dict[str, tuple[Callable[..., Any], str]] = {
    "goose.solve": (lambda **kw: parlour.goose.solve(players=2, tol=1e-6, **kw), "on_sweep"),
    "guess.solve": (lambda **kw: parlour.guess.solve(7, **kw), "on_iteration"),
    "guess.value": (lambda **kw: parlour.guess.value(7, **kw), "on_iteration"),
    "memory.solve": (lambda **kw: parlour.memory.solve(3, exact=True, **kw), "on_level"),
    "memory.simulate": (lambda **kw: parlour.memory.simulate(2, games=10, **kw), "on_games"),
    "winorlose.tournament": (lambda **kw: parlour.winorlose.tournament(rounds=1, games=2, **kw), "on_pairing"),
    "markov.certified": (lambda **kw: markov.certified(_ruin().chain, watch=[0], tol=1e-9, extrapolate=False, **kw),
                         "on_sweep"),
    "colgen.solve": (lambda **kw: colgen.solve(*_guess_oracle(), **kw), "on_iteration"),
}
SILENT = {"guess.value"}  # V(7) is in the shipped table: nothing is solved, so nothing is heard


@pytest.mark.parametrize("door", sorted(CALLS))
def test_progress_is_heard_and_the_old_name_still_works_with_a_warning(door: str) -> None:
    call, old = CALLS[door]
    heard: list[tuple[Any, ...]] = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the new name is silent
        new = call(progress=lambda *args: heard.append(args))
    assert bool(heard) is (door not in SILENT), f"{door}: progress heard {len(heard)} times"
    before = len(heard)
    with pytest.warns(DeprecationWarning, match=rf"\({old}=\.\.\.\) is now .*\(progress=\.\.\.\); the old name goes"):
        again = call(**{old: lambda *args: heard.append(args)})
    assert (len(heard) > before) is (door not in SILENT), f"{door}: the old keyword {old} was ignored"
    assert type(again) is type(new)


@pytest.mark.parametrize("door", sorted(CALLS))
def test_progress_and_its_old_name_together_are_refused(door: str) -> None:
    call, old = CALLS[door]
    with pytest.raises(InvalidType, match=f"progress and its old name {old} were both given"):
        call(progress=print, **{old: print})


def test_no_front_door_takes_an_old_callback_name_in_its_signature() -> None:
    doors = [getattr(getattr(parlour, m), f) for m in ("goose", "guess", "memory", "winorlose")
             for f in getattr(parlour, m).__all__ if inspect.isfunction(getattr(getattr(parlour, m), f))]
    doors += [parlour.solve, markov.certified, colgen.solve]
    for door in doors:
        assert not set(inspect.signature(door).parameters) & set(OLD_NAMES), door


def test_a_callback_that_is_no_function_is_refused_naming_progress() -> None:
    for value in (1, "f", np.int64(1), [print]):
        with pytest.raises(InvalidType, match=r"^progress must be a function"):
            parlour.memory.simulate(2, games=10, progress=value)  # type: ignore[arg-type]
        with warnings.catch_warnings(), pytest.raises(InvalidType, match=r"^progress must be a function"):
            warnings.simplefilter("ignore", DeprecationWarning)
            parlour.memory.simulate(2, games=10, on_games=value)  # a wrong value under the old name names the new


# ---- the helper itself ---------------------------------------------------------------------------------------

@renamed_keywords(old="new", older="newer")
def _renamed(a: int, *, new: int = 0, newer: int = 0) -> tuple[int, int, int]:
    """A function whose keywords were renamed."""
    return a, new, newer


def test_the_helper_passes_an_old_keyword_on_under_its_new_name_with_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _renamed(1, new=2, newer=3) == (1, 2, 3)
    with pytest.warns(DeprecationWarning, match=r"^_renamed\(old=\.\.\.\) is now _renamed\(new=\.\.\.\); the old "
                                                r"name goes in the next release"):
        assert _renamed(1, old=2) == (1, 2, 0)
    with pytest.warns(DeprecationWarning) as caught:
        assert _renamed(1, old=2, older=3) == (1, 2, 3)
    assert len(caught) == 2
    with pytest.raises(InvalidType, match="new and its old name old were both given: give new only"):
        _renamed(1, new=2, old=2)
    # the wrapper keeps the function's name, docstring and signature (help(), inspect, typing)
    assert _renamed.__name__ == "_renamed" and _renamed.__doc__ == "A function whose keywords were renamed."
    assert list(inspect.signature(_renamed).parameters) == ["a", "new", "newer"]


def test_the_warning_points_at_the_caller() -> None:
    with pytest.warns(DeprecationWarning) as caught:
        _renamed(1, old=2)
    assert caught[0].filename == __file__
