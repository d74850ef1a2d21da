import itertools
from fractions import Fraction as F

from parlour.analyses.memory.exact import solve_exact, to_fraction
from parlour.analyses.memory.variants import forgetful_turn, solve_forgetful
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


def test_memory_beats_forgetful_and_perfect_matches_are_weaker():
    sol = solve_forgetful(6)
    n = 6
    assert sol.memory_first_pairs > F(n, 2) and sol.memory_second_pairs > F(n, 2)
    assert sol.memory_first_pairs <= n
    # against another perfect-memory player M gets far less
    assert to_fraction(solve_exact(n).values[State(2 * n, 0, 0)]) / 2 < sol.memory_second_pairs
    assert solve_forgetful(1).memory_first_pairs == 1 and solve_forgetful(1).memory_second_pairs == 0


def test_unconditional_pass_model():
    std, unc = solve_exact(6), solve_exact(6, pass_always=True)
    for st, w in unc.values.items():
        assert to_fraction(w) >= F(st.k, 2)  # the mover can always settle for half
        # (w >= std.values[st] need not hold: the opponent gets the extra option too)
    # the first player's disadvantage in the real game (5 pairs) becomes a stalemate at the start
    std, unc = solve_exact(5), solve_exact(5, pass_always=True)
    assert std.advantage < 0 and unc.advantage == 0 and unc.stalemate[unc.start()] == 1
