import itertools
from fractions import Fraction as F

from parlour.games.memory.forgetful import forgetful_turn
from parlour.games.memory.rules import State, all_states


def _layout(st: State) -> tuple[list[int], set[int]]:
    """A concrete table for <k,B,P>: faces by position and the set of known positions."""
    faces, known, face = [], set(), 0
    for _ in range(st.P // 2):  # known pairs
        known |= {len(faces), len(faces) + 1}
        faces += [face, face]
        face += 1
    for _ in range(st.s):  # a known card and its unknown partner
        known.add(len(faces))
        faces += [face, face]
        face += 1
    for _ in range(st.m // 2):  # unseen pairs
        faces += [face, face]
        face += 1
    return faces, known


def _state_of(faces: dict[int, int], known: set[int]) -> State:
    def partner(q: int) -> int:
        return next(r for r in faces if r != q and faces[r] == faces[q])

    P = sum(1 for q in known if partner(q) in known)
    return State(len(faces), len(known), P)


def test_forgetful_turn_matches_brute_force_over_positions():
    for st in all_states(4):
        if st.k == 0:
            continue
        faces, known = _layout(st)
        dist: dict = {}
        pairs = list(itertools.permutations(range(len(faces)), 2))
        for a, b in pairs:
            table = dict(enumerate(faces))
            kn = known | {a, b}
            again = faces[a] == faces[b]
            if again:
                del table[a], table[b]
                kn -= {a, b}
            key = (_state_of(table, kn), again)
            dist[key] = dist.get(key, 0) + F(1, len(pairs))
        assert forgetful_turn(st) == dist, st
