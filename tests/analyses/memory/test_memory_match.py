"""The page's match (analyses/memory/match.py): the replay on real cards and the second-card hints, against
the tactic values of the exact recursion."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from parlour.analyses.memory.dp import branches, to_fraction
from parlour.analyses.memory.exact import tactic_values
from parlour.analyses.memory.match import (
    COMPUTER,
    KP,
    KS,
    US,
    UU,
    YOU,
    category,
    deal,
    first_card_values,
    replay,
    second_card_values,
    solution,
    turn_hint,
)
from parlour.errors import InvalidInput
from parlour.games.memory.rules import Card, State, all_states, all_tactics, applicable, template


def _tactic_value(t, st: State) -> Fraction:
    w = solution().values
    v = sum(
        (p * (w[n] + 2) if again else p * (st.k - w[n]) for p, n, again in branches(template(t), st)),
        start=solution().values[State(0, 0, 0)],
    )
    return to_fraction(v)


@pytest.mark.parametrize("pairs", [6])
def test_second_card_values_average_back_to_every_tactic(pairs):
    """A tactic's value is what its second choice is worth after each kind of first card, weighted by
    the chance of that kind: checked for all 19 tactics in every state up to 6 pairs."""
    for st in all_states(pairs):
        if st.k == 0:
            continue
        u = st.k - st.B
        for t in all_tactics():
            if not applicable(t, st):
                continue
            value = _tactic_value(t, st)
            if t.first is Card.BMN:
                assert second_card_values(st, KP)[t.second.value] == value, (st, t)
            elif t.first is Card.BZN:
                assert second_card_values(st, KS)[t.second.value] == value, (st, t)
            else:
                total = Fraction(0)
                if st.s:
                    total += Fraction(st.s, u) * second_card_values(st, US)[t.then.value]
                if st.m:
                    total += Fraction(st.m, u) * second_card_values(st, UU)[t.otherwise.value]
                assert total == value, (st, t)


def test_the_best_first_card_is_w_unless_passing_is_optimal():
    for st in all_states(8):
        if st.k == 0:
            continue
        h = turn_hint(st)
        best = max(first_card_values(st).values())
        assert best == h.w or (h.pass_optimal and best <= h.w and h.w == Fraction(st.k, 2))
        assert {t.name: t.value for t in h.tactics} == {
            n: to_fraction(v) for n, v in tactic_values(solution(), st).items()}


def test_second_card_values_refuse_an_impossible_first_card():
    with pytest.raises(InvalidInput):
        second_card_values(State(4, 0, 0), KP)
    with pytest.raises(InvalidInput):
        second_card_values(State(4, 0, 0), "xx")


def _play(pairs: int, seed: int, first: str, chooser) -> tuple:
    faces = deal(pairs, random.Random(seed))
    moves: list[int] = []
    while True:
        m = replay(pairs, faces, first, moves, seed)
        if m.over:
            return faces, moves, m
        moves.append(chooser(m))


def _random_card(m) -> int:
    return random.Random(len(m.turns) * 31 + len(m.seen)).choice([q for q in m.on_table if q != m.open_card])


def test_a_whole_match_keeps_its_books():
    for seed in range(12):
        faces, moves, m = _play(6, seed, YOU if seed % 2 else COMPUTER, _random_card)
        final = m.final_pairs()
        assert final[YOU] + final[COMPUTER] == 6
        assert sum(1 for t in m.turns if t.matched) == m.won[YOU] + m.won[COMPUTER]
        assert m.stalemate == (len(m.turns) >= 2 and m.turns[-1].passed and m.turns[-2].passed)
        if m.stalemate:
            assert final[YOU] == m.won[YOU] + Fraction(len(m.on_table), 4)
        for t in m.turns:
            assert t.matched == (t.faces[0] == t.faces[1])
            if t.player == COMPUTER:
                assert t.tactic in solution().optimal[t.state]
        # the same flips give the same match
        again = replay(6, faces, m.first, moves, seed)
        assert again.turns == m.turns


def test_replay_refuses_impossible_flips():
    faces = deal(3, random.Random(1))
    with pytest.raises(InvalidInput, match="no card 6"):
        replay(3, faces, YOU, [6], 0)
    with pytest.raises(InvalidInput, match="already face up"):
        replay(3, faces, YOU, [2, 2], 0)
    mate = next(q for q in range(6) if q != 0 and faces[q] == faces[0])
    with pytest.raises(InvalidInput, match="already taken"):
        replay(3, faces, YOU, [0, mate, 0], 0)
    with pytest.raises(InvalidInput):
        replay(3, faces, "me", [], 0)
    with pytest.raises(InvalidInput, match="two cards of each face"):
        replay(3, (0, 0, 1, 1, 2, 3), YOU, [], 0)


def test_passing_twice_is_a_stalemate_with_the_pairs_shared():
    """Find a match where the person, following the hint, passes when the computer just passed."""
    def best(m) -> int:
        st = m.state()
        known = m.known_before_turn()
        on = [q for q in m.on_table if q != m.open_card]
        if m.open_card is None:
            vals = first_card_values(st)
            kinds = {q: category(m.faces, q, known) if q in known else "onb" for q in on}
        else:
            vals = second_card_values(st, category(m.faces, m.open_card, known))
            kinds = {}
            for q in on:
                if q not in m.seen:
                    kinds[q] = "onb"
                elif m.faces[q] == m.faces[m.open_card]:
                    kinds[q] = "nek"
                else:
                    kinds[q] = "bmn" if category(m.faces, q, m.seen) == KP else "bzn"
        top = max(vals.values())
        return min(q for q, kind in kinds.items() if vals.get(kind) == top)

    for seed in range(40):
        _, _, m = _play(8, seed, YOU, best)
        if m.stalemate:
            assert m.turns[-1].passed and m.turns[-2].passed
            st = m.turns[-1].state
            assert "T2" in solution().optimal[st]
            final = m.final_pairs()
            assert final[YOU] - m.won[YOU] == final[COMPUTER] - m.won[COMPUTER] == Fraction(st.k, 4)
            return
    pytest.fail("no stalemate in 40 matches of 8 pairs played by the hint")
