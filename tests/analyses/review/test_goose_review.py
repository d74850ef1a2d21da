"""The Goose's review: luck only (nobody decides), each throw's exact swing for the player who threw."""

from fractions import Fraction

import pytest

from parlour.analyses.goose import turns
from parlour.analyses.review import core
from parlour.errors import InvalidInput
from parlour.games.goose.rules import STUDY, start_state


def scripted_game(seed: int) -> list[dict]:
    """A whole 2-player game as the page plays it (the server's roll of each turn), as record moves."""
    state, moves = start_state(STUDY, 2), []
    for turn in range(2000):
        who = f"player {state.to_move + 1}"
        faces = None if turns.skips(STUDY, state) else turns.roll(STUDY, seed, turn)
        t = turns.take_turn(STUDY, state, faces)
        moves.append({"by": who, "faces": list(faces) if faces else None})
        state = t.after
        if t.winner is not None or t.draw:
            return moves
    raise AssertionError("the scripted game did not end")


def test_a_two_player_game_is_luck_only_and_its_swings_telescope_exactly():
    moves = scripted_game(seed=7)
    record = core.parse_record({"parlour_record": 1, "game": "goose", "settings": {"players": 2, "rules": "study"},
                                "moves": moves})
    r = core.review(record)
    assert r.status == "exact" and not r.decisions and r.costliest is None
    throws = [m for m in moves if m["faces"]]
    assert len(r.luck) == len(throws) and all(isinstance(e.swing, Fraction) for e in r.luck)
    chances = [[Fraction(v) for v in row] for row in r.notes["chances_after_each_move"]]
    assert len(chances) == len(moves) + 1
    # each entry is the thrower's own change, and a skipped turn moves nobody's chance
    for e in r.luck:
        p = int(e.player.split()[1]) - 1
        assert (e.before, e.after) == (chances[e.ply - 1][p], chances[e.ply][p])
    for ply, m in enumerate(moves, 1):
        if not m["faces"]:
            assert chances[ply] == chances[ply - 1]
    # telescoping, exactly: every player's changes over the throws add up to final minus initial
    for p in range(2):
        changes = sum((chances[e.ply][p] - chances[e.ply - 1][p] for e in r.luck), Fraction(0))
        assert changes == chances[-1][p] - chances[0][p]
    # the thrower's swings of a player who only ever threw for himself: final - initial minus what the others' throws
    # did to him
    winner = chances[-1].index(1)
    mine = sum((e.swing for e in r.luck if e.player == f"player {winner + 1}"), Fraction(0))
    theirs = sum((chances[e.ply][winner] - chances[e.ply - 1][winner] for e in r.luck
                  if e.player != f"player {winner + 1}"), Fraction(0))
    assert mine + theirs == 1 - chances[0][winner]
    assert str(chances[0][0]).startswith("3") and 0.39 < chances[0][0] < 0.40  # 39.363 %: the study's first player
    assert r.luckiest is not None and r.unluckiest is not None


def test_a_record_the_rules_refuse_is_one_sentence():
    bad = {"parlour_record": 1, "game": "goose", "settings": {"players": 2},
           "moves": [{"by": "player 2", "faces": [1, 2]}]}
    with pytest.raises(InvalidInput, match="player 1's turn"):
        core.review(core.parse_record(bad))
    bad["moves"] = [{"by": "player 1", "faces": [1, 9]}]
    with pytest.raises(InvalidInput, match="cannot show"):
        core.review(core.parse_record(bad))
