"""Memory's grader (analyses/review/memory.py): a scripted game with a known blunder graded with its exact loss,
the computer's optimal flips never flagged, luck apart from the decisions (they telescope exactly), and bad
records refused in one sentence."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from parlour.analyses.memory.dp import to_fraction
from parlour.analyses.memory.match import deal, replay, solution
from parlour.analyses.review.core import GameRecord, parse_record, review
from parlour.analyses.review.memory import grade, played
from parlour.errors import FormatError
from parlour.games.memory.rules import State

# 3 pairs, A at 0 and 2, B at 1 and 4, C at 3 and 5. The computer opens with 0 (A) and 1 (B): no pair. You turn
# card 2: an A, whose partner (card 0) is known, and then, instead of card 0, the unseen card 3 (C).
BLUNDER = {"parlour_record": 1, "game": "memory",
           "settings": {"pairs": 3, "first": "computer", "deal": [0, 1, 0, 2, 1, 2]},
           "moves": [{"by": by, "card": card} for by, card in (
               ("computer", 0), ("computer", 1), ("you", 2), ("you", 3),
               ("computer", 0), ("computer", 2), ("computer", 4), ("computer", 1), ("computer", 3), ("computer", 5))]}


def test_grade_known_blunder_has_its_exact_loss():
    r = review(parse_record(BLUNDER))
    # Taking card 0 wins the A pair (2 cards) and the move in <4,1,0>, worth 8/3 cards (w: one known card, three
    # unseen: turn an unseen one, it matches the known card 1/3... as `parlour memory state 4 1 0` says): 14/3
    # cards. An unseen second card can never match the A, and leaves the computer a table it clears (w = 6): 0.
    # The loss is 14/3 cards, 7/3 pairs.
    assert to_fraction(solution().values[State(4, 1, 0)]) == Fraction(8, 3)
    you = [d for d in r.decisions if d.player == "you"]
    assert [(d.ply, d.grade, d.loss) for d in you] == [(3, "best", 0), (4, "blunder", Fraction(7, 3))]
    assert you[1].best == "its partner" and "card 4" in you[1].move
    assert r.costliest == you[1]
    assert all(d.grade == "best" for d in r.decisions if d.player == "computer")
    assert r.per_player()["you"]["blunder"] == 1 and r.per_player()["computer"]["loss_exact"] == "0"
    # every card was unseen once: each one's first turning is a chance event (the last card's outcome is sure)
    assert [e.ply for e in r.luck] == [1, 2, 3, 4, 7, 10] and r.luck[-1].swing == 0
    assert r.payload()["thresholds"]["blunder_exact"] == "1/2"


def _random_record(rng: random.Random) -> GameRecord:
    """A whole game against the optimal computer (the page's replay), the person flipping at random."""
    pairs, first = rng.randint(2, 9), rng.choice(["you", "computer"])
    faces = deal(pairs, rng)
    moves: list[int] = []
    m = replay(pairs, faces, first, moves, 11)
    while not m.over:
        moves.append(rng.choice([q for q in m.on_table if q != m.open_card]))
        m = replay(pairs, faces, first, moves, 11)
    flips = [{"by": t.player, "card": c, "face": faces[c]} for t in m.turns for c in t.cards]
    return GameRecord("memory", {"pairs": pairs, "first": first, "deal": list(faces)}, tuple(flips))


@pytest.mark.parametrize("seed", range(8))
def test_grade_never_flags_the_computer_and_luck_telescopes(seed):
    record = _random_record(random.Random(seed))
    flips = played(record).flips
    decisions, luck = grade(flips)
    assert decisions and all(d.loss == 0 for d in decisions if d.player == "computer")
    by_ply = {d.ply: d for d in decisions}
    swings = {e.ply: e for e in luck}
    for k in range(0, len(flips), 2):  # each turn: its value, less the losses, plus the swings, is its outcome
        first, second = flips[k], flips[k + 1]
        value = second.won + to_fraction(solution().values[first.state]) / 2
        for f in (first, second):
            value += -by_ply[f.ply].loss if f.ply in by_ply else 0
            value += swings[f.ply].swing if f.ply in swings else 0
        assert value == second.won + second.outcome / 2
        assert (first.ply in swings) == (first.kind == "onb") and (second.ply in swings) == (second.kind == "onb")


def test_grade_needs_no_deal_while_the_game_runs():
    moves = [{**m, "face": BLUNDER["settings"]["deal"][m["card"]]} for m in BLUNDER["moves"][:4]]
    running = {**BLUNDER, "settings": {"pairs": 3, "first": "computer"}, "moves": moves}
    r = review(parse_record(running))
    assert [(d.ply, d.loss) for d in r.decisions if d.player == "you"] == [(3, 0), (4, Fraction(7, 3))]
    assert r.notes["over"] is False


@pytest.mark.parametrize(("change", "said"), [
    (lambda r: r["moves"].__setitem__(2, {"by": "computer", "card": 2}), "it is your turn"),
    (lambda r: r["moves"].__setitem__(5, {"by": "computer", "card": 0}), "face up"),
    (lambda r: r["moves"].__setitem__(6, {"by": "computer", "card": 0}), "taken"),
    (lambda r: r["moves"].__setitem__(0, {"by": "computer", "card": 0, "face": 1}), "in the deal"),
    (lambda r: r["moves"].append({"by": "you", "card": 0}), "after the end"),
    (lambda r: r["settings"].pop("deal"), "no face"),
    (lambda r: r["settings"].__setitem__("pairs", 21), "pairs"),
])
def test_grade_refuses_a_bad_record(change, said):
    bad = {**BLUNDER, "settings": dict(BLUNDER["settings"]), "moves": list(BLUNDER["moves"])}
    change(bad)
    with pytest.raises(FormatError, match=said):
        review(parse_record(bad))
