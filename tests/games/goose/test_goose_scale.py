"""The on-the-fly state counter (no chain) against the chain-based counts, and the compiled simulator."""

from __future__ import annotations

import pytest

from parlour.analyses.goose.chain import space
from parlour.analyses.goose.space import count_canonical, count_reachable, layout
from parlour.errors import InvalidInput
from parlour.games.goose.rules import STUDY, shipped, variant
from parlour.games.goose.simulate import simulate

P1_2P = 0.3936251373937574
P2_2P = 0.37998531207888897
DRAW_2P = 0.22638955052735366


@pytest.mark.parametrize(("rules", "players"), [(STUDY, 2), (STUDY, 3), (variant("maze37"), 3), (shipped("toy"), 2)])
def test_counter_matches_the_chain(rules, players) -> None:  # type: ignore[no-untyped-def]
    got = count_reachable(rules, players).counts
    want = space(rules, players).counts
    # the on-the-fly counter does not look for stuck states (the draw needs the chain)
    assert got.to_json() | {"draw": 0} == want.to_json() | {"draw": 0}


# The 4-player Study layout (4.3 million states) takes 22 s to build here under load, 2 s to count: its cases
# run in `make test-slow`; the 3-player Study board (97,185 states, 3 s) keeps the same checks in CI's run.
FOUR_PLAYERS = pytest.param(STUDY, 4, marks=pytest.mark.slow, id="study-4")


@pytest.mark.parametrize(("rules", "players"), [(STUDY, 2), (STUDY, 3), FOUR_PLAYERS, (variant("maze37"), 3),
                                                (shipped("toy"), 3)])
def test_bitmap_counter_matches_the_layout(rules, players) -> None:  # type: ignore[no-untyped-def]
    got = count_canonical(rules, players)
    assert got.canonical == layout(rules, players).size == sum(got.per_level)
    assert got.per_level[0] == 1 and len(got.per_level) == got.levels + 1 and min(got.per_level) > 0


def test_counter_reference_figures() -> None:
    r = count_reachable(STUDY, 3)
    assert r.counts.reachable == 297_441 and r.counts.canonical == 97_185
    assert r.pops <= 3 * r.counts.canonical  # a state is queued again only when its mover mask grows


@pytest.mark.slow
def test_counter_four_players() -> None:
    assert count_reachable(STUDY, 4).counts.reachable == 17_477_870


def test_counter_refuses_what_it_cannot_hold() -> None:
    with pytest.raises(InvalidInput):
        count_reachable(STUDY, 8)
    with pytest.raises(InvalidInput):
        count_reachable(STUDY, 1)


def test_numba_engine_repeats_and_agrees_with_exact_two_players() -> None:
    a = simulate(STUDY, 2, 200_000, seed=7, engine="numba")
    assert a == simulate(STUDY, 2, 200_000, seed=7, engine="numba")
    assert a.engine == "numba" and a.to_json()["engine"] == "numba"
    se = a.stderr
    assert abs(a.win[0] - P1_2P) < 4.5 * se[0]
    assert abs(a.win[1] - P2_2P) < 4.5 * se[1]
    assert abs(a.draw - DRAW_2P) < 4.5 * (DRAW_2P * (1 - DRAW_2P) / a.games) ** 0.5
    assert a.unfinished == 0


def test_numba_engine_toy_game() -> None:
    sim = simulate(shipped("toy"), 2, 200_000, seed=3, engine="numba")
    assert abs(sim.win[0] - 16 / 27) < 4.5 * sim.stderr[0]


def test_engines_agree_for_seven_players() -> None:
    """Two independent simulators of the same rules: every player's rate within 4.5 standard errors."""
    a = simulate(STUDY, 7, 40_000, seed=1)
    b = simulate(STUDY, 7, 400_000, seed=2, engine="numba")
    for p in range(7):
        se = (a.stderr[p] ** 2 + b.stderr[p] ** 2) ** 0.5
        assert abs(a.win[p] - b.win[p]) < 4.5 * se
    assert b.draws == 0 and sum(b.wins) == b.games
    assert abs(a.mean_turns - b.mean_turns) < 1.0


def test_turn_limit_and_bad_engine() -> None:
    sim = simulate(STUDY, 3, 1000, seed=1, max_turns=2, engine="numba")  # nobody wins on a first throw
    assert sim.unfinished == 1000 and sim.draws == 1000
    with pytest.raises(InvalidInput):
        simulate(STUDY, 3, 10, engine="gpu")


def test_the_operator_without_a_chain_sweeps_as_the_stored_chain() -> None:
    """The Goose's own operator (the 5-player path) does what the stored chain's does, to rounding."""
    import numpy as np

    from parlour.analyses.goose.chain import markov_chain
    from parlour.analyses.goose.operator import OnTheFly
    from parlour.analyses.goose.space import layout
    from parlour.solvers import markov

    sp = space(STUDY, 3)
    lay = layout(STUDY, 3)
    assert (lay.codes == sp.codes).all()  # the same order, by counting sort
    rows = np.array([lay.row(int(c)) for c in sp.codes])  # the operator keeps state i in row rows[i]
    assert np.array_equal(rows, np.argsort(np.argsort(sp.codes)))  # the rank of its code
    stored, free = markov.ChainOperator(markov_chain(sp)), OnTheFly(lay)
    stored.threads = free.threads = 1  # one thread each, one block: both sweeps in the same order
    whole = np.array([0, sp.size], np.int64)
    a, b = np.zeros(stored.shape), np.zeros(free.shape)
    for _ in range(5):
        stored.sweep(a, None, blocks=whole)
        free.sweep(b, None, blocks=whole)
    assert np.abs(a - b[rows]).max() < 1e-14 and b.max() > 0.1


@pytest.mark.parametrize(("rules", "players"), [(STUDY, 2), (STUDY, 3), FOUR_PLAYERS, (variant("maze37"), 3)])
def test_wide_layout_from_the_bitmap_search_equals_the_int32_one(rules, players, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    narrow = layout(rules, players)
    seen: list[int] = []
    wide = layout(rules, players, wide=True, folder=tmp_path, check=seen.append)
    assert wide.codes.dtype == np.int64 and (tmp_path / "ranks.npy").exists()
    assert np.array_equal(narrow.codes, wide.codes) and np.array_equal(narrow.ranks, wide.ranks)
    assert np.array_equal(narrow.blocks, wide.blocks)
    assert seen == [0, narrow.size]  # asked before the search (rank table alone) and once the count is known


def test_a_layout_check_refuses_before_allocating() -> None:
    def refuse(states: int) -> None:
        raise InvalidInput(f"no room for {states}")

    with pytest.raises(InvalidInput, match="no room for 0"):
        layout(STUDY, 3, wide=True, check=refuse)
