"""OpenSpiel's games by name (`parlour.solvers.openspiel`): walked into the sequence form and solved exactly,
checked against OpenSpiel's own sequence-form LP and its own best responses (skipped when open_spiel, the
optional extra `parlour[openspiel]`, is not installed)."""

from __future__ import annotations

import sys
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.errors import InvalidInput
from parlour.solvers import efg, openspiel, sequence

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install parlour[openspiel])")


def solved(spec: str) -> tuple[sequence.SequenceForm, sequence.SequenceSolution]:
    form = efg.form(openspiel.nodes(openspiel.load(spec), spec), spec)
    return form, sequence.solve(form)


def openspiel_policy(spec: str, solution: sequence.SequenceSolution) -> Any:
    """parlour's strategies as OpenSpiel's TabularPolicy (information-state strings and action names)."""
    from open_spiel.python import policy

    game = openspiel.load(spec)
    table = policy.TabularPolicy(game)
    for key, row in table.state_lookup.items():
        state = table.states[row]
        player = state.current_player()
        plays = solution.strategies[player][key]
        for a in state.legal_actions():
            table.action_probability_array[row, a] = float(plays[state.action_to_string(player, a)])
    return game, table


def checked_by_openspiel(spec: str, solution: sequence.SequenceSolution) -> None:
    """OpenSpiel's own evaluation of parlour's strategies: their value and no gain for a best responder."""
    from open_spiel.python.algorithms import expected_game_score, exploitability

    game, table = openspiel_policy(spec, solution)
    value = expected_game_score.policy_value(game.new_initial_state(), [table, table])[0]
    assert value == pytest.approx(float(solution.value_low), abs=1e-12)
    assert exploitability.nash_conv(game, table) <= float(solution.value_high - solution.value_low) + 1e-12


def test_kuhn_poker_is_minus_one_eighteenth_exactly() -> None:
    form, solution = solved("openspiel:kuhn_poker")
    assert solution.exact and solution.value_low == F(-1, 18)
    assert form.nodes == 58 and (len(form.of(1)), len(form.of(2))) == (6, 6)
    checked_by_openspiel("openspiel:kuhn_poker", solution)
    assert solved("openspiel:kuhn_poker(players=2)")[1].value_low == F(-1, 18)


def test_leduc_poker_matches_openspiels_value() -> None:
    """With suit isomorphism (OpenSpiel's option: a card by its rank) and without it (the private card keyed by
    suit too: 1093 sequences a player, an optimal basis of 1,163 columns re-solved by sparse elimination)
    the same exact value, OpenSpiel's published one to 1e-12."""
    _, iso = solved("openspiel:leduc_poker(suit_isomorphism=True)")
    assert iso.exact and float(iso.value_low) == pytest.approx(-0.085606424078, abs=1e-12)
    form, full = solved("openspiel:leduc_poker")
    assert form.nodes == 9457 and (len(form.of(1)), len(form.of(2))) == (468, 468)
    assert full.exact and full.source == "basis" and full.value_low == iso.value_low
    checked_by_openspiel("openspiel:leduc_poker(suit_isomorphism=True)", iso)
    checked_by_openspiel("openspiel:leduc_poker", full)


def test_leduc_poker_is_exact_from_a_module_an_efg_file_and_openspiel(tmp_path: Path) -> None:
    """Issue 45: the same exact value from parlour's own module (bench/leduc_poker.py), the .efg file written
    from it and OpenSpiel by name, each with both strategies checked by the other's exact best reply."""
    import runpy

    from parlour.toolkit import tree
    from parlour.toolkit.front import write_efg

    module = Path(__file__).resolve().parents[2] / "bench" / "leduc_poker.py"
    forms = {"module": tree.build(runpy.run_path(str(module))),
             "efg": efg.read(write_efg(module, tmp_path / "leduc.efg")).form,
             "openspiel": solved("openspiel:leduc_poker")[0]}
    values = set()
    for source, form in forms.items():
        solution = sequence.solve(form)
        assert solution.exact and solution.source == "basis", source
        first, second = solution.strategies
        assert sequence.guarantee(form, 1, first) == sequence.guarantee(form, 2, second) == solution.value_low
        values.add(solution.value_low)
    assert len(values) == 1 and float(values.pop()) == pytest.approx(-0.085606424078, abs=1e-12)


@pytest.mark.parametrize(("sides", "value"), [(3, F(1, 9)), (4, F(1, 16))])
def test_small_liars_dice_equals_openspiels_sequence_form_lp(sides: int, value: F) -> None:
    """liars_dice(numdice=1) with 6 sides has 294,883 nodes: OpenSpiel's LP (dense, through cvxpy) needs more
    than 20 GB for it, so its smaller versions are compared (and the 6-sided one in the slow test below)."""
    lp = pytest.importorskip("open_spiel.python.algorithms.sequence_form_lp",
                             reason="OpenSpiel's sequence_form_lp needs cvxpy and ecos")
    spec = f"openspiel:liars_dice(numdice=1,dice_sides={sides})"
    _, solution = solved(spec)
    assert solution.exact and solution.value_low == value
    theirs = lp.solve_zero_sum_game(openspiel.load(spec))[0]
    assert float(solution.value_low) == pytest.approx(theirs, abs=1e-9)
    checked_by_openspiel(spec, solution)


@pytest.mark.slow
def test_liars_dice_one_die_is_exact_and_unexploitable_by_openspiel() -> None:
    spec = "openspiel:liars_dice(numdice=1)"
    form, solution = solved(spec)
    assert form.nodes == 294_883 and solution.exact
    assert float(solution.value_low) == pytest.approx(-0.027131782945736, abs=1e-12)
    checked_by_openspiel(spec, solution)


@pytest.mark.parametrize("name", ["dark_hex(board_size=2)",
                                  "turn_based_simultaneous_game(game=goofspiel(num_cards=3))"])
def test_more_games_equal_openspiels_sequence_form_lp(name: str) -> None:
    """Dark hex on a 2x2 board (moves hidden, no chance) and goofspiel with 3 cards (simultaneous bids, in turns)."""
    lp = pytest.importorskip("open_spiel.python.algorithms.sequence_form_lp",
                             reason="OpenSpiel's sequence_form_lp needs cvxpy and ecos")
    _, solution = solved(f"{openspiel.PREFIX}{name}")
    assert solution.exact
    theirs = lp.solve_zero_sum_game(openspiel.load(name))[0]
    assert float(solution.value_low) == pytest.approx(theirs, abs=1e-9)
    checked_by_openspiel(f"{openspiel.PREFIX}{name}", solution)


def test_simultaneous_moves_through_openspiels_turn_based_conversion() -> None:
    """Rock-paper-scissors in turns where the second mover does not see the first move: value 0, each move 1/3."""
    _, solution = solved("openspiel:turn_based_simultaneous_game(game=matrix_rps())")
    assert solution.exact and solution.value_low == 0
    assert all(p == F(1, 3) for plays in solution.strategies[0].values() for p in plays.values())


def test_the_front_door_and_json() -> None:
    result = parlour.solve("openspiel:kuhn_poker")
    assert result.exact and result.value == F(-1, 18)
    assert result.extra["format"] == "OpenSpiel" and result.extra["players"] == list(openspiel.PLAYERS)


def test_write_efg_reads_back_to_the_same_value(tmp_path: Path) -> None:
    from parlour.toolkit.front import write_efg

    target = write_efg("openspiel:kuhn_poker", tmp_path / "kuhn.efg")
    assert parlour.solve(target).value == F(-1, 18)


@pytest.mark.parametrize(("spec", "says"), [
    ("openspiel:kuhn_pokr", "has no game 'kuhn_pokr' (did you mean kuhn_poker"),
    ("openspiel:kuhn_poker(foo=1)", "Unknown parameter 'foo'"),
    ("openspiel:kuhn_poker(players=3)", "has 3 players"),
    ("openspiel:blackjack", "has 1 player:"),
    ("openspiel:first_sealed_auction", "is not zero-sum (OpenSpiel's type says general_sum)"),
    ("openspiel:tiny_hanabi", "is not zero-sum (OpenSpiel's type says identical)"),
    ("openspiel:matrix_rps", "turn_based_simultaneous_game(game=matrix_rps())"),
])
def test_refusals_are_one_sentence(spec: str, says: str) -> None:
    with pytest.raises(InvalidInput, match=r"^[^\n]*$") as caught:
        openspiel.load(spec)
    assert says in str(caught.value)


def test_a_tree_beyond_the_limit_is_refused() -> None:
    with pytest.raises(InvalidInput, match="more than 1,000 nodes"):
        efg.form(openspiel.nodes(openspiel.load("openspiel:leduc_poker"), "leduc", limit=1000))


def test_floats_are_read_as_the_fractions_they_stand_for() -> None:
    assert openspiel.exact(1 / 6) == F(1, 6) and openspiel.exact(0.1) == F(1, 10) and openspiel.exact(-2.0) == -2
    assert openspiel.exact(1 / 3 + 1e-9) == F(1 / 3 + 1e-9)  # no fraction that simple lies near: the float itself


def test_without_open_spiel_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # `import pyspiel` now raises ImportError
    with pytest.raises(InvalidInput, match=r"pip install parlour\[openspiel\]"):
        parlour.solve("openspiel:kuhn_poker")


def test_a_long_walk_says_how_far_it_has_come(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.solvers import limits

    monkeypatch.setattr(limits, "TICK_NODES", 1000)  # a look at the clock every 1,000 nodes
    monkeypatch.setattr(limits, "PROGRESS_SECONDS", 0.0)  # and a line at every look
    said: list[str] = []
    parlour.solve("openspiel:leduc_poker(suit_isomorphism=True)", progress=said.append)
    assert "walking openspiel:leduc_poker(suit_isomorphism=True): 1,000 nodes" in said
