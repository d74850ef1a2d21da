"""What the Goose page adds to the analysis: a turn told in words (every special square), the board's legend, the
seeded roll, and the solved chains kept on disk (read back equal, a damaged file refused)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from parlour.analyses.goose import positions, turns
from parlour.games.goose.rules import STUDY, VARIANTS, State, from_mapping, start_state, state_from_squares

SMALL = from_mapping({"end": 12, "dice": [[1, 2, 3]], "geese": [4], "jumps": {7: 2}, "inns": [5], "wells": [9],
                      "start_jumps": {}}, name="small")


def told(squares: list[int], to_move: int, faces: tuple[int, ...] | None, pending: tuple[int, ...] = ()) -> str:
    state = state_from_squares(STUDY, squares, to_move, list(pending))
    return " ".join(turns.take_turn(STUDY, state, faces).story)


@pytest.mark.parametrize(("squares", "mover", "faces", "words"), [
    ([0, 0], 0, (1, 5), "6 is the bridge: on to 12."),
    ([0, 0], 0, (3, 6), "From the start, 3+6 goes straight to 26."),
    ([0, 0], 0, (4, 5), "straight to 53"),
    ([10, 0], 0, (4, 4), "18 is a goose: 8 again, from 18 to 26."),
    ([13, 0], 0, (3, 3), "19 is the inn: player 1 skips his next turn."),
    ([24, 0], 0, (3, 4), "31 is the well: he waits there until another player arrives."),
    ([24, 31], 0, (3, 4), "31 is the well: player 2 is freed, and both play on."),
    ([46, 0], 0, (2, 4), "52 is the prison"),
    ([34, 0], 0, (4, 4), "42 is the maze: back to 30."),
    ([56, 0], 0, (1, 1), "58 is death: back to the start (0)."),
    ([56, 0], 0, (5, 5), "Moves from 56 past 63 and walks back 3 to 60."),
    ([20, 25], 0, (2, 3), "25 is taken by player 2: back to 20, where the turn began."),
    ([61, 0], 0, (1, 1), "Player 1 lands exactly on 63 and wins!"),
])
def test_every_special_square_is_told(squares: list[int], mover: int, faces: tuple[int, ...], words: str) -> None:
    assert words in told(squares, mover, faces)


def test_skipped_turns_and_the_draw() -> None:
    assert "skips this turn at the inn" in told([19, 0], 0, None, pending=(0,))
    state = state_from_squares(STUDY, [31, 52], 0)
    turn = turns.take_turn(STUDY, state, None)
    assert "waits in the well (31)" in turn.story[0] and turn.draw and turns.stuck_for_ever(STUDY, state)
    with pytest.raises(Exception, match="skips"):
        turns.take_turn(STUDY, state, (1, 2))
    with pytest.raises(Exception, match="throws"):
        turns.take_turn(STUDY, start_state(STUDY, 2), None)


def test_the_legend_and_the_roll() -> None:
    squares = turns.squares(VARIANTS["maze37"])
    assert [s.role for s in squares].count("goose") == 13 and "back to 37" in squares[42].text
    assert turns.roll(STUDY, 5, 3) == turns.roll(STUDY, 5, 3)
    throws = {turns.roll(STUDY, 1, t) for t in range(400)}
    assert len(throws) == 21 and all(1 <= a <= b <= 6 for a, b in throws)


def test_a_certified_table_round_trip_and_a_damaged_file(tmp_path: Path) -> None:
    table = positions.obtain(tmp_path, SMALL, 3)
    back = positions.load(tmp_path, SMALL, 3)
    assert back is not None and back.tol == positions.TOL[3]
    for squares in ([0, 0, 0], [3, 8, 0], [9, 2, 1]):
        state = State(1, tuple(squares))
        try:
            a = table.at(state)
        except Exception:
            continue  # not reachable on this small board
        assert back.at(state).win_bounds == a.win_bounds
        assert all(hi - lo <= 2 * positions.TOL[3] for lo, hi in a.win_bounds)
    where = positions.folder_of(tmp_path, SMALL, 3)
    lower = np.load(where / "lower.npy")
    lower[0, 0] = 2.0
    np.save(where / "lower.npy", lower)
    assert positions.load(tmp_path, SMALL, 3) is None
    assert positions.load(tmp_path, STUDY, 3) is None  # another rule set: nothing there


def test_an_exact_table_is_proven_when_read_back(tmp_path: Path) -> None:
    positions.obtain(tmp_path, SMALL, 2)
    back = positions.load(tmp_path, SMALL, 2)
    assert back is not None and back.exact is not None
    where = positions.folder_of(tmp_path, SMALL, 2)
    blob = np.load(where / "numerators.npy")
    blob[-1] ^= 1  # one bit of one numerator
    np.save(where / "numerators.npy", blob)
    assert positions.load(tmp_path, SMALL, 2) is None


def test_a_rule_set_key_names_every_rule() -> None:
    assert positions.rules_key(STUDY) != positions.rules_key(VARIANTS["maze37"])
    renamed = from_mapping({"name": "study", "inns": []})
    assert positions.rules_key(renamed) != positions.rules_key(STUDY)
    assert "/" not in positions.rules_key(from_mapping({"name": "../x y"}))
