"""The Python front doors (`parlour.goose`, `.guess`, `.memory`, `.cowtrade`, `.winorlose`, `.solvers`):
each returns the project's Result with the status its solver states, names its parameters in Python form,
and `import parlour` loads none of the numerics."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from fractions import Fraction

import pytest

import parlour
from parlour.errors import InvalidInput
from parlour.results import Result, Status


def test_import_parlour_loads_no_numerics() -> None:
    code = ("import sys, parlour; heavy = [m for m in ('numpy', 'numba', 'highspy', 'flint', 'parlour.analyses') "
            "if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# What importing a front door may load (and nothing heavier): Memory's results need FLINT's integers; the
# Goose names its result from a light module, its engines (numba, scipy: 0.6 s) load on the first solve; so
# does the cow trade (its solvers: numpy, HiGHS, FLINT).
FRONT_IMPORTS = {"goose": set(), "guess": set(), "memory": {"flint"}, "winorlose": set(), "cowtrade": set()}
HEAVY = ("numba", "llvmlite", "scipy", "highspy", "flint", "numpy", "matplotlib", "pandas", "fastapi", "dask")


@pytest.mark.parametrize("name", sorted(FRONT_IMPORTS))
def test_a_front_door_imports_light_and_its_hints_resolve(name: str) -> None:
    # a fresh interpreter: here the other tests have loaded everything already
    code = (f"import inspect, json, sys, typing, parlour.{name} as door\n"
            "for f in door.__all__:\n"
            "    if inspect.isfunction(getattr(door, f)):\n"
            "        typing.get_type_hints(getattr(door, f))\n"
            f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert set(json.loads(out)) <= FRONT_IMPORTS[name], f"import parlour.{name} loaded {out.strip()}"


def test_the_goose_analysis_package_still_gives_every_name() -> None:
    # its names load on first use (so that `parlour.goose` can import its light result module): each resolves
    import parlour.analyses.goose as analysis

    for name in analysis.__all__:
        assert getattr(analysis, name) is not None, name
    assert analysis.GooseSolution is parlour.goose.GooseSolution
    from parlour.analyses.goose import model

    assert model.GooseSolution is analysis.GooseSolution  # one class, named from the engine's module too
    with pytest.raises(AttributeError):
        analysis.no_such_name  # noqa: B018


@pytest.mark.parametrize("package", ["parlour.analyses.cowtrade", "parlour.solvers.stochastic"])
def test_the_lazy_cow_trade_packages_still_give_every_name(package: str) -> None:
    # their solvers' names load on first use (so that `parlour.cowtrade` stays light): each resolves to the
    # function or class, never to a module of the same name
    import importlib
    import types

    module = importlib.import_module(package)
    for name in module.__all__:
        assert not isinstance(getattr(module, name), types.ModuleType), f"{package}.{name} is a module"
    assert set(module.__all__) <= set(dir(module))
    with pytest.raises(AttributeError):
        module.no_such_name  # noqa: B018


def test_a_cow_trade_solve_loads_its_solvers_and_runs_after_a_light_import() -> None:
    # the other order of the fresh-interpreter test: import light, then solve (the lazy names resolve)
    code = ("import parlour.cowtrade as door\n"
            "print(door.solve(money=(8, 5)).value, door.endgame(money=(1, 1), set_size=3).value)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["-1/3", "-3/5"]


def test_public_names_are_documented() -> None:
    for name in parlour.__all__:
        if name == "__version__":
            continue
        module = getattr(parlour, name)
        assert module.__doc__ and len(module.__doc__) > 40, name
        for attr in getattr(module, "__all__", []):
            obj = getattr(module, attr)
            if callable(obj):
                assert inspect.getdoc(obj), f"parlour.{name}.{attr} has no docstring"


def test_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError):
        parlour.no_such_game  # noqa: B018


def test_goose_two_players_exact() -> None:
    sol = parlour.goose.solve(players=2, exact=True)
    assert isinstance(sol, Result) and sol.status is Status.EXACT
    assert sol.win_exact is not None and sol.draw_exact is not None
    assert sum(sol.win_exact) + sol.draw_exact == 1
    assert sol.win_exact[0] > sol.win_exact[1]  # moving first helps
    for (lo, hi), x in zip(sol.win_bounds, sol.win_exact, strict=True):
        assert lo <= x <= hi


def test_goose_certified_uses_the_tolerance_and_states_certified() -> None:
    sol = parlour.goose.solve(players=2, tol=1e-9)
    assert sol.status is Status.CERTIFIED
    assert all(hi - lo <= 2e-9 for lo, hi in sol.win_bounds)
    exact = parlour.goose.solve(players=2, exact=True)
    assert exact.win_exact is not None
    assert all(lo <= x <= hi for (lo, hi), x in zip(sol.win_bounds, exact.win_exact, strict=True))


def test_goose_refusals_name_python_parameters() -> None:
    with pytest.raises(InvalidInput, match=r"tol.*exact=True"):
        parlour.goose.solve(players=2, tol=1e-20)
    with pytest.raises(InvalidInput, match="squares"):
        parlour.goose.solve(players=2, squares=[3])
    with pytest.raises(InvalidInput, match="variant or rules"):
        parlour.goose.solve(variant="study", rules="x.toml")


def test_guess_value_from_the_table_equals_a_fresh_solve() -> None:
    table = parlour.guess.value(30)
    solved = parlour.guess.solve(30)
    assert table.source == "table" and table.status is Status.EXACT
    assert solved.status is Status.EXACT and solved.value == table.value
    assert solved.max_guesses == table.max_guesses
    assert sum(solved.alice) == 1


def test_guess_size_guard_names_force_in_python() -> None:
    with pytest.raises(InvalidInput, match=r"force=True") as info:
        parlour.guess.solve(10**6)
    assert "--force" not in str(info.value)
    with pytest.raises(InvalidInput, match="n must be a whole number"):
        parlour.guess.value(0)


def test_memory_front_door() -> None:
    res = parlour.memory.solve(pairs=6)
    full = parlour.memory.solve(pairs=6, exact=True)
    assert res.status is Status.EXACT and isinstance(res.first_player_expected_pairs, Fraction)
    assert res.first_player_expected_pairs == full.first_player_expected_pairs
    assert res.first_player_expected_pairs + res.second_player_expected_pairs == 6
    big = parlour.memory.solve(pairs=400)
    assert big.status is Status.ESTIMATE and isinstance(big.first_player_expected_pairs, float)
    st = parlour.memory.state(4, 1, 0)
    assert st.w == max(st.tactics.values())
    with pytest.raises(InvalidInput, match=r"^games must"):
        parlour.memory.simulate(3, games=1)


def test_cowtrade_money_and_cards() -> None:
    sol = parlour.cowtrade.solve(money=(8, 5), initiative=1)
    assert sol.status is Status.EXACT and isinstance(sol.value, Fraction)
    assert sum(sol.strategy1.values()) == 1 and sum(sol.strategy3.values()) == 1
    same = parlour.cowtrade.solve_game(parlour.cowtrade.game((8, 5)))
    assert same.value == sol.value
    cards = parlour.cowtrade.solve(cards=([0, 10, 10], [10, 50]))
    assert cards.game.bids1 == (0, 10, 20)
    with pytest.raises(InvalidInput, match=r"force=True"):
        parlour.cowtrade.solve(money=(10**8, 5))
    with pytest.raises(InvalidInput, match="pair"):
        parlour.cowtrade.solve(money=(8,))  # type: ignore[arg-type]


def test_winorlose_chance_counts_every_holding() -> None:
    view = parlour.winorlose.chance("3h,5", "0,1,2,6,7")
    listed = parlour.winorlose.chance(["3h", 5], [0, 1, 2, 6, 7])
    assert view.status is Status.EXACT and view.chance == listed.chance
    wc = view.chance
    assert wc.wins + wc.ties + wc.losses == wc.holdings
    assert wc.win + wc.tie + wc.lose == 1
    with pytest.raises(InvalidInput, match=r"^hand needs exactly 2 cards"):
        parlour.winorlose.chance("3", "0,1,2,6,7")


def test_winorlose_limits_name_parameters() -> None:
    with pytest.raises(InvalidInput, match=r"^rounds must"):
        parlour.winorlose.tournament(rounds=0)
    pair = parlour.winorlose.pairing("normal", "smart", rounds=1)
    assert pair.status is Status.EXACT


def test_solvers_reachable_after_import_parlour() -> None:
    sol = parlour.solvers.zerosum.solve([[3, -1], [-2, 4]])
    assert sol.status is Status.EXACT and sol.certificate is not None
    assert sol.certificate.value == Fraction(1, 1)


def test_every_front_door_is_in_docs_python_md() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "python.md").read_text()
    for name in parlour.__all__:
        module = getattr(parlour, name)
        for attr in getattr(module, "__all__", []) if name in ("goose", "guess", "memory", "cowtrade",
                                                                "winorlose", "solvers") else []:
            assert f"parlour.{name}.{attr}" in text or f"`{attr}`" in text, f"parlour.{name}.{attr}"


def test_guess_table_slice() -> None:
    part = parlour.guess.table(10, 20)
    assert part.status is Status.EXACT and (part.first, part.last) == (10, 20)
    assert [e.numbers for e in part.values] == list(range(10, 21))
    assert all(e.value == parlour.guess.value(e.numbers).value for e in part.values)
    frame = pytest.importorskip("pandas") and part.to_pandas()
    assert list(frame["numbers"]) == list(range(10, 21))
    assert [Fraction(v) for v in frame["value_exact"]] == [e.value for e in part.values]
    with pytest.raises(InvalidInput, match="first"):
        parlour.guess.table(5, 10**6)


def test_the_cow_trade_end_game_from_python() -> None:
    # the study's example played out: player 1 has 8, player 2 has 5, player 1 challenges: -1/3, as the
    # command line says (tests/commands/test_cowtrade_cli.py)
    sol = parlour.cowtrade.endgame(money=(8, 5), study=True)
    assert sol.value == Fraction(-1, 3) and sol.status.value == "exact"
    with pytest.raises(InvalidInput, match="force=True"):
        parlour.cowtrade.endgame(money=(10**6, 10**6))
    assert parlour.cowtrade.hidden(2).to_json()["value_of_information_exact"] == "0"


def test_three_players_security_levels_from_python() -> None:
    # the cycle solved by hand in tests/analyses/cowtrade/test_threeplayer.py: 2/3 and 1/3
    sol = parlour.cowtrade.security(money=(1, 1, 0), set_size=3, animals=(2, 1, 0), turn=2, study=True)
    assert sol.level(1).level_low <= Fraction(2, 3) <= sol.level(1).level_high
    assert sol.level(2).level_low <= Fraction(1, 3) <= sol.level(2).level_high
    with pytest.raises(InvalidInput, match="force=True"):
        parlour.cowtrade.security(money=(100, 100, 100))
    with pytest.raises(InvalidInput, match="three"):
        parlour.cowtrade.security(money=(1, 1))  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="stage"):
        parlour.cowtrade.security(money=(1, 1, 1), stage="bogus")

