from fractions import Fraction as F

import pytest

from parlour.errors import InvalidInput
from parlour.games.memory.rules import (
    Card,
    Move,
    State,
    Tactic,
    all_states,
    all_tactics,
    applicable,
    by_number,
    class_transitions,
    make_state,
    tactic_classes,
    transitions,
)


def test_nineteen_distinct_tactics():
    ts = all_tactics()
    assert len(ts) == 19 and len(set(ts)) == 19
    assert sum(t.first is Card.ONB for t in ts) == 12
    assert Tactic(Card.BZN, Card.NEK) not in ts  # the partner of a bzn card is unknown


def test_state_space_and_validation():
    # <k,B,P> with k >= (k+P)/2 >= B >= P >= 0, k and P even
    assert {(s.k, s.B, s.P) for s in all_states(1)} == {(0, 0, 0), (2, 0, 0), (2, 1, 0), (2, 2, 2)}
    for bad in [(3, 0, 0), (4, 1, 1), (4, 3, 0), (4, 1, 2), (-2, 0, 0)]:
        with pytest.raises(InvalidInput):
            make_state(*bad)
    assert make_state(6, 3, 2) == State(6, 3, 2)


@pytest.mark.parametrize("t", all_tactics(), ids=str)
def test_probabilities_sum_to_one_and_successors_are_states(t):
    seen = 0
    for st in all_states(7):
        if st.k == 0 or not applicable(t, st):
            continue
        seen += 1
        tr = transitions(t, st)
        assert sum(tr.values()) == 1, (t, st)
        for (nxt, again), p in tr.items():
            assert p > 0
            make_state(nxt.k, nxt.B, nxt.P)  # a valid state
            assert nxt.k == st.k - 2 if again else nxt.k == st.k
    assert seen > 0


def test_classes_merge_identical_gains():
    cls = {c.name: [str(m) for m in c.members] for c in tactic_classes()}
    assert len(cls) == 9 and sum(len(v) for v in cls.values()) == 19
    assert cls["T1"] == ["<bmn, nek>"]
    assert sorted(cls["T2"]) == ["<bmn, bmn>", "<bmn, bzn>", "<bzn, bmn>", "<bzn, bzn>"]
    for st in all_states(6):
        t2 = class_transitions(tactic_classes()[1], st)
        if t2 is not None:
            assert t2 == {(st, False): 1}  # the pass: same state, turn passes


def test_T1_formula():
    t1 = tactic_classes()[0]
    for st in all_states(6):
        tr = class_transitions(t1, st)
        assert (tr is not None) == (st.P >= 2)
        if tr is not None:
            assert tr == {(State(st.k - 2, st.B - 2, st.P - 2), True): 1}


def test_spec_example_tactic():
    """<onb, IF kbn THEN nek ELSE bzn>: w = (B-P)/(k-B) [w(k-2,B-1,P)+2] + (k+P-2B)/(k-B) [k-w(k,B+1,P)]."""
    t = Tactic(Card.ONB, then=Card.NEK, otherwise=Card.BZN)
    for st in all_states(8):
        k, B, P = st.k, st.B, st.P
        ok = k >= B + 1 and B >= P + 1
        assert applicable(t, st) == ok, st
        if not ok:
            continue
        expect = {}
        if B - P:
            expect[(State(k - 2, B - 1, P), True)] = F(B - P, k - B)
        if k + P - 2 * B:
            expect[(State(k, B + 1, P), False)] = F(k + P - 2 * B, k - B)
        assert transitions(t, st) == expect
    # the spec also asks B >= 2; B = 1 is playable: <4,1,0> takes a pair with probability 1/3
    assert transitions(t, State(4, 1, 0)) == {
        (State(2, 0, 0), True): F(1, 3),
        (State(4, 2, 0), False): F(2, 3),
    }


def test_spec_probabilities_p1_to_p9():
    st = State(20, 7, 2)  # s = 5, u = 13, m = 8
    k, B, P = st.k, st.B, st.P
    p1, p2 = F(B - P, k - B), 1 - F(B - P, k - B)
    p3, p4 = F(1, k - B), F(B - P - 1, k - B)
    p5 = F(1, k - B - 1)
    p7 = F(k + P - 2 * B - 2, k - B - 1)
    p8, p9 = F(B - P - 1, k - B - 1), F(k + P - 2 * B, k - B - 1)
    # <bzn, onb>: its partner p3, another known card's partner p4, a new card the rest
    tr = transitions(Tactic(Card.BZN, Card.ONB), st)
    assert tr[(State(k - 2, B - 1, P), True)] == p3
    assert tr[(State(k, B + 1, P + 2), False)] == p4
    # <onb, IF kbn THEN nek ELSE ...>: kbn with p1
    tr = transitions(Tactic(Card.ONB, then=Card.NEK, otherwise=Card.BMN), st)
    assert tr[(State(k - 2, B - 1, P), True)] == p1
    assert tr[(State(k, B + 1, P), False)] == p2
    # second unknown card after kbn: p8 (another known card's partner), p9 (a new pair)
    tt = Tactic(Card.ONB, then=Card.ONB, otherwise=Card.BMN)
    tr = transitions(tt, st)
    assert tr[(State(k, B + 2, P + 4), False)] == p1 * p8
    assert tr[(State(k, B + 2, P + 2), False)] == p1 * p9
    # second unknown card after a new card: partner p5, a new pair p7, and the known cards' partners
    tr = transitions(Tactic(Card.ONB, then=Card.NEK, otherwise=Card.ONB), st)
    assert tr[(State(k - 2, B, P), True)] == p2 * p5
    assert tr[(State(k, B + 2, P), False)] == p2 * p7
    ours_p6 = F(B - P, k - B - 1)
    assert tr[(State(k, B + 2, P + 2), False)] == p2 * ours_p6
    # the spec's p6 = (B-P-1)/(k-B-1) would leave p5 + p6 + p7 short of 1
    assert p5 + ours_p6 + p7 == 1
    assert p5 + F(B - P - 1, k - B - 1) + p7 != 1


def test_named_moves_are_the_generated_classes():
    cls = {c.name: [str(m) for m in c.members] for c in tactic_classes()}
    assert cls[Move.TAKE_PAIR] == ["<bmn, nek>"]
    assert "<bmn, bmn>" in cls[Move.PASS]
    assert "<bzn, onb>" in cls[Move.KNOWN_THEN_UNKNOWN]
    assert "<onb, IF kbn THEN nek ELSE bmn>" in cls[Move.ONE_MOVE]
    assert "<onb, IF kbn THEN nek ELSE onb>" in cls[Move.TWO_MOVE]
    assert [c.name for c in tactic_classes() if c.is_pass] == [Move.PASS]
    assert by_number(["T10", "T2", "T1"]) == ("T1", "T2", "T10")
