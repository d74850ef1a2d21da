"""Random race games (any board, any dice): the numba chain matches the pure rules, and the exact
solution is a probability distribution that the certified bounds contain."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.analyses.goose import solve
from parlour.analyses.goose.chain import space
from parlour.errors import InvalidInput
from parlour.games.goose.rules import RuleSet, State, successors
from parlour.games.goose.tables import code_of, tables


@st.composite
def rulesets(draw: st.DrawFn) -> RuleSet:
    end = draw(st.integers(6, 16))
    inner = list(range(1, end))
    special = draw(st.lists(st.sampled_from(inner), unique=True, max_size=5))
    roles = draw(st.lists(st.sampled_from(["goose", "inn", "well", "jump"]), min_size=len(special),
                          max_size=len(special)))
    geese = tuple(sorted(s for s, r in zip(special, roles, strict=True) if r == "goose"))
    inns = tuple(sorted(s for s, r in zip(special, roles, strict=True) if r == "inn"))
    wells = tuple(sorted(s for s, r in zip(special, roles, strict=True) if r == "well"))
    plain = [s for s in range(end) if s not in special]
    jumps = tuple(sorted((s, draw(st.sampled_from(plain))) for s, r in zip(special, roles, strict=True)
                         if r == "jump"))
    faces = draw(st.lists(st.integers(1, 4), min_size=2, max_size=4, unique=True))
    dice = (tuple(sorted(faces)),) * draw(st.integers(1, 2))
    return RuleSet(name="random", end=end, dice=dice, geese=geese, jumps=jumps, inns=inns, wells=wells,
                   start_jumps=(), bounce=draw(st.booleans()), occupancy=draw(st.booleans()))


@settings(max_examples=25, deadline=None)
@given(rulesets())
def test_random_race_games(rules: RuleSet) -> None:
    try:
        sp = space(rules, 2)
    except InvalidInput:
        return  # e.g. geese that send a token round in circles
    test_random_race_games.checked += 1  # type: ignore[attr-defined]
    t = tables(rules)
    c = t.codes
    for i in range(sp.size):
        code = int(sp.codes[i])
        digits = [(code // c**j) % c for j in range(2)]
        codes = tuple(int(t.squares[d]) if not t.pending[d] else rules.end + 1 + rules.inns.index(int(t.squares[d]))
                      for d in digits)
        expected: dict[int, Fraction] = {}
        for mv in successors(rules, State(0, codes)):
            if mv.winner is not None:
                key = -1
            else:
                nxt = mv.state.codes[1:] + mv.state.codes[:1]
                rel = tuple(code_of(rules)[x] if x <= rules.end else len(rules.standable) + x - rules.end - 1
                            for x in nxt)
                key = sp.state_index(rel)
            expected[key] = expected.get(key, Fraction(0)) + mv.probability
        got = {int(sp.target[e]): Fraction(int(sp.weight[e]), sp.den) for e in range(sp.indptr[i], sp.indptr[i + 1])}
        assert got == expected
    ex = solve(rules, 2, exact=True)
    cert = solve(rules, 2, tol=1e-9)
    assert ex.win_exact is not None and ex.draw_exact is not None
    assert sum(ex.win_exact) + ex.draw_exact == 1
    for p in range(2):
        lo, hi = cert.win_bounds[p]
        assert Fraction(lo) <= ex.win_exact[p] <= Fraction(hi)


test_random_race_games.checked = 0  # type: ignore[attr-defined]


def test_random_race_games_ran() -> None:
    test_random_race_games()
    assert test_random_race_games.checked >= 10  # type: ignore[attr-defined]
