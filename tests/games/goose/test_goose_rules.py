"""Rules as data: the spec's examples, skips, occupancy, TOML, and the numba tables against the pure rules."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from parlour.analyses.goose.chain import space
from parlour.errors import FormatError, InvalidInput
from parlour.games.goose.rules import (
    STUDY,
    State,
    chain,
    load_toml,
    play,
    shipped,
    skips,
    start_state,
    state_from_squares,
    successors,
    variant,
)
from parlour.games.goose.tables import code_of, tables

RULESETS = Path(__file__).resolve().parents[3] / "src/parlour/games/goose/rulesets"


def test_spec_example_death_chain() -> None:
    # from 46 throw 4 -> 50 goose -> 54 goose -> 58 death -> 0
    assert chain(STUDY, 46, (1, 3)).path == (46, 50, 54, 58, 0)
    assert play(STUDY, State(0, (46, 20)), (1, 3)).state.codes == (0, 20)
    # ... or stay on 46 if 0 is occupied
    assert play(STUDY, State(0, (46, 0)), (1, 3)).state.codes == (46, 0)


def test_spec_example_bounce_chain() -> None:
    # from 60 double six -> 9 past 63 -> 54 goose -> 12 further backwards -> 42 maze -> 30
    assert chain(STUDY, 60, (6, 6)).path == (60, 54, 42, 30)


def test_start_jumps_and_their_occupancy() -> None:
    assert chain(STUDY, 0, (3, 6)).end == 26
    assert chain(STUDY, 0, (4, 5)).end == 53
    assert chain(STUDY, 10, (4, 5)).end == 19  # 26/53 only from the start square
    assert play(STUDY, State(0, (0, 26)), (3, 6)).state.codes == (0, 26)  # blocked: stays on 0


def test_exact_landing_wins_and_wells_accept_newcomers() -> None:
    assert play(STUDY, State(1, (10, 57)), (2, 4)).winner == 1
    moved = play(STUDY, State(0, (25, 31)), (2, 4)).state  # 31 is occupied but a well
    assert moved.codes == (31, 31)
    assert skips(STUDY, State(1, (31, 31))) is None  # both throw while they share it
    assert skips(STUDY, State(0, (31, 10))) == "well"


def test_inn_skips_once_and_counts_as_one_square() -> None:
    s = play(STUDY, State(0, (12, 0)), (3, 4)).state
    assert s.codes[0] == 64  # the pending code: end + 1
    assert skips(STUDY, State(0, s.codes)) == "inn"
    served = play(STUDY, State(0, s.codes), None).state
    assert served.codes[0] == 19 and skips(STUDY, State(0, served.codes)) is None
    # another player cannot end on the inn while someone waits there
    assert play(STUDY, State(1, (64, 15)), (1, 3)).state.codes == (64, 15)


def test_standable_squares() -> None:
    stand = [s for s in STUDY.standable if s != STUDY.end]
    assert len(stand) == 47 and 1 in stand and 6 not in stand and 58 not in stand


def test_successor_distribution_sums_to_one() -> None:
    for st in (start_state(STUDY, 2), State(1, (31, 40)), State(0, (64, 7)), State(2, (60, 0, 0))):
        assert sum(m.probability for m in successors(STUDY, st)) == 1
    with pytest.raises(InvalidInput):
        successors(STUDY, State(0, (63, 0)))  # the game is over


def test_toml_round_trip_and_errors(tmp_path: Path) -> None:
    assert replace(load_toml(RULESETS / "study.toml"), name="study") == STUDY
    toy = shipped("toy")
    assert toy.end == 2 and toy.dice == ((0, 1),) and not toy.occupancy
    bad = tmp_path / "bad.toml"
    bad.write_text("end = [")
    with pytest.raises(FormatError):
        load_toml(bad)
    bad.write_text("colour = 'red'")
    with pytest.raises(FormatError):
        load_toml(bad)
    bad.write_text("geese = [70]")
    with pytest.raises(InvalidInput):
        load_toml(bad)


def test_variants_and_bad_positions() -> None:
    assert dict(variant("maze37").jumps)[42] == 37
    assert variant("no-inn-skip").inns == ()
    with pytest.raises(InvalidInput):
        variant("snakes")
    for squares in ((5, 0), (0,), (64, 0), (12, 12)):
        with pytest.raises(InvalidInput):
            state_from_squares(STUDY, squares, 0)


def _pure_rows(players: int, limit: int | None = None) -> int:
    """Compare every (or `limit`) canonical state's CSR row with the pure successor function."""
    sp = space(STUDY, players)
    t = tables(STUDY)
    c = t.codes
    rng = np.random.default_rng(1)
    picks = range(sp.size) if limit is None else rng.choice(sp.size, limit, replace=False)
    square_codes = [int(x) for x in t.squares]
    for i in picks:
        code = int(sp.codes[i])
        digits = [(code // c**j) % c for j in range(players)]
        codes = tuple(square_codes[d] if not t.pending[d] else STUDY.end + 1 for d in digits)
        expected: dict[int, Fraction] = {}
        for mv in successors(STUDY, State(0, codes)):
            if mv.winner is not None:
                key = -1
            else:
                nxt = mv.state.codes[1:] + mv.state.codes[:1]  # relabel: the new mover first
                rel = tuple(code_of(STUDY)[x] if x <= STUDY.end else c - 1 for x in nxt)
                key = sp.state_index(rel)
            expected[key] = expected.get(key, Fraction(0)) + mv.probability
        got = {
            int(sp.target[e]): Fraction(int(sp.weight[e]), sp.den)
            for e in range(sp.indptr[i], sp.indptr[i + 1])
        }
        assert got == expected, codes
    return len(picks)


def test_numba_successors_match_pure_rules_2p() -> None:
    assert _pure_rows(2) == 2163


def test_numba_successors_match_pure_rules_3p_sample() -> None:
    assert _pure_rows(3, limit=3000) == 3000


def test_reference_counts_2p_3p() -> None:
    c2 = space(STUDY, 2).counts
    assert (c2.reachable, c2.throw, c2.well_skip, c2.inn_skip, c2.terminal) == (4414, 4046, 184, 90, 94)
    assert c2.stuck == 4  # (31, 52) and (52, 31), either player to move: the draw
    c3 = space(STUDY, 3).counts
    assert c3.reachable == 297_441 and c3.stuck == 0
    assert round(c3.throw_plus_terminal, -3) == 279_000


@pytest.mark.slow
def test_reference_counts_4p() -> None:
    c4 = space(STUDY, 4).counts
    assert c4.reachable == 17_477_870
    assert round(c4.throw_plus_terminal, -5) == 16_400_000


@pytest.mark.parametrize("players", [2, 3])
def test_counts_from_masks_match_a_full_search(players: int) -> None:
    """The counts come from the relabelled chain (masks of possible movers); a plain breadth-first search
    over full states (explicit mover) must give the same numbers."""
    from parlour.analyses.goose.space.full import bfs_full

    t = tables(STUDY)
    mark = bfs_full(players, t)
    by_kind = np.bincount(mark, minlength=5)
    c = space(STUDY, players).counts
    assert (c.throw, c.inn_skip, c.well_skip, c.terminal) == tuple(int(x) for x in by_kind[1:5])
