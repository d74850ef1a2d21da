"""solvers.bimatrix: textbook games with known equilibria, degenerate games, pygambit's enummixed on random
games and on the two-player games of Gambit's catalog, nashpy's support and vertex enumeration and
Lemke-Howson on nondegenerate games, Lemke-Howson against the enumeration, the certificate, and the input
checks."""

import functools
import json
import random
import warnings
from decimal import Decimal
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from parlour.errors import CertificateError, InvalidInput, InvalidType
from parlour.results import Status
from parlour.solvers import bimatrix, zerosum
from parlour.solvers.bimatrix import Equilibrium


def profiles(solution: bimatrix.BimatrixSolution) -> set[tuple[tuple[F, ...], tuple[F, ...]]]:
    return {e.strategies for e in solution.equilibria}


def random_game(rng: random.Random, m: int, n: int, high: int) -> tuple[list[list[int]], list[list[int]]]:
    def table() -> list[list[int]]:
        return [[rng.randint(0, high) for _ in range(n)] for _ in range(m)]

    return table(), table()


# ---- textbook games ----------------------------------------------------------------------------------------

def test_battle_of_the_sexes_has_three_equilibria() -> None:
    s = bimatrix.equilibria([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    assert s.status is Status.EXACT and s.complete and s.infinite is False
    assert {(e.strategies, e.payoffs) for e in s.equilibria} == {
        (((F(1), F(0)), (F(1), F(0))), (F(3), F(2))),
        (((F(0), F(1)), (F(0), F(1))), (F(2), F(3))),
        # the mixed one: each player makes the other indifferent (x1 = 3/5 from 2 y1 = 3 y2, ...)
        (((F(3, 5), F(2, 5)), (F(2, 5), F(3, 5))), (F(6, 5), F(6, 5))),
    }


def test_prisoners_dilemma_has_one_equilibrium_both_defect() -> None:
    a = [[3, 0], [5, 1]]  # rows: cooperate, defect
    s = bimatrix.equilibria(a, np.array(a).T)
    assert [(e.strategies, e.payoffs) for e in s.equilibria] == [(((F(0), F(1)), (F(0), F(1))), (F(1), F(1)))]


def test_von_stengels_3x2_example() -> None:
    # B. von Stengel, "Equilibrium computation for two-player games in strategic and extensive form"
    # (Algorithmic Game Theory, ch. 3): three equilibria, with these payoffs
    s = bimatrix.equilibria([[3, 3], [2, 5], [0, 6]], [[3, 2], [2, 6], [3, 1]])
    assert {(e.strategies, e.payoffs) for e in s.equilibria} == {
        (((F(1), F(0), F(0)), (F(1), F(0))), (F(3), F(3))),
        (((F(4, 5), F(1, 5), F(0)), (F(2, 3), F(1, 3))), (F(3), F(14, 5))),
        (((F(0), F(1, 3), F(2, 3)), (F(1, 3), F(2, 3))), (F(4), F(8, 3))),
    }
    assert not s.infinite


def test_degenerate_game_lists_the_extreme_points_of_its_segment() -> None:
    # the degenerate variant of the same example (B's top row 3, 3): against the top row the column player
    # has two pure best replies, so the top row is an equilibrium strategy against a whole segment of y
    a = [[3, 3], [2, 5], [0, 6]]
    b = [[3, 3], [2, 6], [3, 1]]
    s = bimatrix.equilibria(a, b)
    top = (F(1), F(0), F(0))
    assert profiles(s) == {(top, (F(1), F(0))), (top, (F(2, 3), F(1, 3))),
                           ((F(0), F(1, 3), F(2, 3)), (F(1, 3), F(2, 3)))}
    assert s.infinite and "segments" in s.message
    # the segment between the two extreme points that share the top row is made of equilibria as well
    midpoint = Equilibrium.of(top, (F(5, 6), F(1, 6)), bimatrix.payoff_table(a, "A"), bimatrix.payoff_table(b, "B"))
    midpoint.check(bimatrix.payoff_table(a, "A"), bimatrix.payoff_table(b, "B"))
    assert midpoint.payoffs == (3, 3)


def test_a_game_with_a_whole_face_of_equilibria() -> None:
    # every payoff equal: every profile is an equilibrium, and the extreme ones are the pure profiles
    s = bimatrix.equilibria([[1, 1], [1, 1]], [[0, 0], [0, 0]])
    pure = [(F(1), F(0)), (F(0), F(1))]
    assert profiles(s) == {(x, y) for x in pure for y in pure} and s.infinite


@pytest.mark.parametrize("a", [[[1, -1], [-1, 1]], [[3, -1, 2, 0], [-2, 4, 1, 1], [0, 1, -3, 2]]])
def test_zero_sum_games_agree_with_the_zero_sum_solver(a: list[list[int]]) -> None:
    s = bimatrix.equilibria(a, -np.array(a))
    value = zerosum.solve(a).value_exact
    assert s.equilibria and all(e.payoffs == (value, -value) for e in s.equilibria)
    if len(a) == 2:  # matching pennies: the unique equilibrium is both players mixing evenly
        half = (F(1, 2), F(1, 2))
        assert profiles(s) == {(half, half)} and value == 0


# ---- random games: pygambit's enummixed, and Lemke-Howson -------------------------------------------------

def gambit_equilibria(a: list[list[int]], b: list[list[int]]) -> set[tuple[tuple[F, ...], tuple[F, ...]]]:
    gbt = pytest.importorskip("pygambit", reason="pygambit (Gambit's Python API) is not installed")
    game = gbt.Game.from_arrays(np.array(a, dtype=object), np.array(b, dtype=object))
    found = set()
    for eq in gbt.nash.enummixed_solve(game, rational=True).equilibria:
        x, y = ([F(eq[s]) for s in player.strategies] for player in game.players)
        found.add((tuple(x), tuple(y)))
    return found


@functools.cache
def catalog_games() -> list[str]:
    """The two-player games of Gambit's catalog that pygambit ships (.nfg, and .efg in strategic form)."""
    try:
        import pygambit
    except ImportError:
        return []
    root = Path(pygambit.__file__).parent / "catalog_data"
    return sorted(str(p.relative_to(root)) for p in [*root.rglob("*.nfg"), *root.rglob("*.efg")]
                  if len(_read(p).players) == 2)


def _read(path: object) -> object:
    import pygambit as gbt

    return gbt.read_nfg(str(path)) if str(path).endswith(".nfg") else gbt.read_efg(str(path))


@pytest.mark.skipif(not catalog_games(), reason="pygambit (Gambit's Python API and its catalog) is not installed")
@pytest.mark.parametrize("name", catalog_games())
def test_gambits_catalog_games_match_its_enummixed(name: str) -> None:
    import pygambit as gbt

    a, b = _read(Path(gbt.__file__).parent / "catalog_data" / name).to_arrays()  # type: ignore[attr-defined]
    ours = bimatrix.equilibria(a, b)
    assert profiles(ours) == gambit_equilibria(a.tolist(), b.tolist()), name
    assert bimatrix.one_equilibrium(a, b).equilibria[0] in ours.equilibria


# payoffs 0..2 make most of these games degenerate, 0..20 few of them
CASES = [(seed, m, n, high) for seed, (m, n) in enumerate([(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 3), (4, 4)])
         for high in (2, 20)]


@pytest.mark.parametrize(("seed", "m", "n", "high"), CASES)
def test_random_games_match_gambits_enummixed(seed: int, m: int, n: int, high: int) -> None:
    a, b = random_game(random.Random(seed), m, n, high)
    assert profiles(bimatrix.equilibria(a, b)) == gambit_equilibria(a, b)


@pytest.mark.parametrize(("seed", "m", "n", "high"), CASES)
def test_lemke_howson_finds_an_enumerated_equilibrium_from_every_label(seed: int, m: int, n: int, high: int) -> None:
    a, b = random_game(random.Random(100 + seed), m, n, high)
    listed = bimatrix.equilibria(a, b)
    for label in range(m + n):
        one = bimatrix.one_equilibrium(a, b, label=label)
        assert not one.complete and one.infinite is None and one.status is Status.EXACT and len(one.equilibria) == 1
        assert one.equilibria[0] in listed.equilibria, (label, one.equilibria[0])


def test_lemke_howson_on_a_game_too_large_to_list() -> None:
    a, b = random_game(random.Random(7), 12, 12, 50)
    with pytest.raises(InvalidInput, match="one_equilibrium"):
        bimatrix.equilibria(a, b)
    one = bimatrix.one_equilibrium(a, b)
    one.equilibria[0].check(bimatrix.payoff_table(a, "A"), bimatrix.payoff_table(b, "B"))
    assert one.counters["pivots"] >= 1


def test_lemke_howson_on_a_degenerate_game() -> None:
    # the top row ties the column player's replies: the lexicographic rule still ends on an equilibrium
    a, b = [[3, 3], [2, 5], [0, 6]], [[3, 3], [2, 6], [3, 1]]
    listed = bimatrix.equilibria(a, b).equilibria
    assert all(bimatrix.one_equilibrium(a, b, label=k).equilibria[0] in listed for k in range(5))


# ---- nashpy: support enumeration, vertex enumeration and Lemke-Howson in floats ---------------------------

Profile = tuple[tuple[float, ...], tuple[float, ...]]


def nondegenerate(a: object, b: object) -> bool:
    """No mixed strategy has more pure best replies than its support (von Stengel's definition): every vertex
    of P carries exactly m labels and every vertex of Q exactly n. nashpy's algorithms assume it."""
    ta, tb = bimatrix.payoff_tables(a, b)
    m, n = len(ta), len(ta[0])
    p, _ = bimatrix.vertices(bimatrix.positive_integers(tb))
    q, _ = bimatrix.vertices([list(col) for col in zip(*bimatrix.positive_integers(ta), strict=True)])
    return (all(v.zeros.bit_count() + v.tight.bit_count() == m for v in p)
            and all(v.zeros.bit_count() + v.tight.bit_count() == n for v in q))


def as_floats(solution: bimatrix.BimatrixSolution) -> list[Profile]:
    return [(tuple(map(float, x)), tuple(map(float, y))) for x, y in profiles(solution)]


def same_profiles(ours: list[Profile], theirs: list[Profile], tol: float = 1e-9) -> bool:
    """The same set of profiles, each matched within `tol` in every probability (nashpy's are floats)."""
    def near(p: Profile, q: Profile) -> bool:
        return all(len(u) == len(v) and all(abs(s - t) <= tol for s, t in zip(u, v, strict=True))
                   for u, v in zip(p, q, strict=True))

    return (len(ours) == len(theirs) and all(any(near(p, q) for q in theirs) for p in ours)
            and all(any(near(p, q) for q in ours) for p in theirs))


def is_equilibrium(a: object, b: object, profile: Profile, tol: float = 1e-9) -> bool:
    """A float profile of the right shape with no pure deviation gaining more than `tol`."""
    x, y = (np.asarray(s, dtype=float) for s in profile)
    pa, pb = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if x.shape != (pa.shape[0],) or y.shape != (pa.shape[1],) or not (np.isfinite(x).all() and np.isfinite(y).all()):
        return False
    return bool((pa @ y).max() - x @ pa @ y <= tol and (x @ pb).max() - x @ pb @ y <= tol)


def nashpy_game(a: object, b: object) -> object:
    nash = pytest.importorskip("nashpy", reason="nashpy (an optional peer, requirements-peers.lock) is not installed")
    return nash.Game(np.asarray(a, dtype=float), np.asarray(b, dtype=float))


def float_profiles(found: object) -> list[Profile]:
    return [(tuple(map(float, x)), tuple(map(float, y))) for x, y in found]  # type: ignore[attr-defined]


NONDEGENERATE = {
    "battle of the sexes": ([[3, 0], [0, 2]], [[2, 0], [0, 3]]),
    "prisoner's dilemma": ([[3, 0], [5, 1]], [[3, 5], [0, 1]]),
    "von Stengel 3x2": ([[3, 3], [2, 5], [0, 6]], [[3, 2], [2, 6], [3, 1]]),
    "rock-paper-scissors": ([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], [[0, 1, -1], [-1, 0, 1], [1, -1, 0]]),
    **{f"random {m}x{n} (seed {seed})": random_game(random.Random(seed), m, n, high)
       for seed, m, n, high in [*(c for c in CASES if c[3] == 20 and c[0] != 6), (1000, 5, 5, 100),
                                (1001, 6, 4, 100), (1002, 6, 6, 100)]},
}


@pytest.mark.parametrize("name", sorted(NONDEGENERATE))
def test_nashpys_vertex_and_support_enumeration_agree(name: str) -> None:
    """Vertex enumeration: the same extreme equilibria. Support enumeration: nashpy's are all among parlour's,
    and the same on the textbook games; on a few random ones nashpy drops one, whose solved probabilities come
    out as -1e-17 where they are 0 and fail its sign test, which has no tolerance (random 3x4, seed 4: the
    equilibrium with supports {0, 1, 2} and {0, 2, 3})."""
    a, b = NONDEGENERATE[name]
    assert nondegenerate(a, b)
    game: Any = nashpy_game(a, b)
    ours = as_floats(bimatrix.equilibria(a, b))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # nashpy's note that an even count means degeneracy
        vertex, support = float_profiles(game.vertex_enumeration()), float_profiles(game.support_enumeration())
    assert same_profiles(ours, vertex)
    assert same_profiles([p for p in ours if any(same_profiles([p], [q]) for q in support)], support)
    if not name.startswith("random"):
        assert same_profiles(ours, support)


NASHPY_LEMKE_HOWSON_FAILS = {"random 6x4 (seed 1001)"}


@pytest.mark.parametrize("name", sorted(NONDEGENERATE))
def test_nashpys_lemke_howson_reaches_parlours_equilibrium_from_each_label(name: str) -> None:
    """From each dropped label (the same numbering: rows 0..m-1, columns m..m+n-1) nashpy's Lemke-Howson ends
    where parlour's does. Except in the 6x4 game, where nashpy 0.0.43 returns from every label a profile that is
    no equilibrium (the column player's probabilities rotated by two places): those are not compared."""
    a, b = NONDEGENERATE[name]
    game: Any = nashpy_game(a, b)
    m, n = len(a), len(a[0])
    compared = 0
    for label in range(m + n):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            theirs = float_profiles([game.lemke_howson(initial_dropped_label=label)])
        if not is_equilibrium(a, b, theirs[0]):
            continue
        compared += 1
        assert same_profiles(as_floats(bimatrix.one_equilibrium(a, b, label=label)), theirs), label
    assert compared == m + n or name in NASHPY_LEMKE_HOWSON_FAILS


@pytest.mark.skipif(not catalog_games(), reason="pygambit (Gambit's Python API and its catalog) is not installed")
@pytest.mark.parametrize("name", catalog_games())
def test_nashpy_agrees_on_gambits_catalog_games(name: str) -> None:
    """The catalog's two-player games (trees in strategic form): where the game is nondegenerate, nashpy's
    vertex enumeration finds parlour's equilibria, its support enumeration some of them, and its Lemke-Howson
    from each label the one parlour's reaches."""
    import pygambit as gbt

    a, b = (np.vectorize(F, otypes=[object])(t) for t in
            _read(Path(gbt.__file__).parent / "catalog_data" / name).to_arrays())  # type: ignore[attr-defined]
    if not nondegenerate(a, b):
        pytest.skip("degenerate: nashpy's algorithms are for nondegenerate games (its documentation)")
    game: Any = nashpy_game(a, b)
    ours = as_floats(bimatrix.equilibria(a, b))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        assert same_profiles(ours, float_profiles(game.vertex_enumeration()))
        support = float_profiles(game.support_enumeration())
        assert same_profiles([p for p in ours if any(same_profiles([p], [q]) for q in support)], support)
        for label in range(sum(a.shape)):
            theirs = float_profiles([game.lemke_howson(initial_dropped_label=label)])
            assert is_equilibrium(a, b, theirs[0]), label
            assert same_profiles(as_floats(bimatrix.one_equilibrium(a, b, label=label)), theirs), label


# ---- the certificate and the JSON -------------------------------------------------------------------------

def test_the_certificate_refuses_what_is_no_equilibrium() -> None:
    a, b = bimatrix.payoff_tables([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    with pytest.raises(CertificateError, match="not an equilibrium"):
        Equilibrium.of((F(1), F(0)), (F(0), F(1)), a, b).check(a, b)
    with pytest.raises(CertificateError, match="payoffs"):
        Equilibrium(((F(1), F(0)), (F(1), F(0))), (F(3), F(3))).check(a, b)
    with pytest.raises(CertificateError, match="probability"):
        Equilibrium(((F(1), F(1)), (F(1), F(0))), (F(6), F(4))).check(a, b)


def test_json_follows_the_exact_convention() -> None:
    s = bimatrix.equilibria([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    body = s.to_json()
    json.dumps(body, allow_nan=False)
    assert body["count"] == 3 and body["complete"] is True and body["status"] == "exact"
    mixed = next(e for e in body["equilibria"] if e["payoffs_exact"] == ["6/5", "6/5"])
    assert mixed["payoffs"] == [1.2, 1.2]
    rows, cols = mixed["strategies"]
    assert rows == [{"row": 0, "probability": 0.6, "probability_exact": "3/5"},
                    {"row": 1, "probability": 0.4, "probability_exact": "2/5"}]
    assert [c["probability_exact"] for c in cols] == ["2/5", "3/5"] and cols[0]["column"] == 0
    named = s.payload(["opera", "football"], ["opera", "football"])
    assert named["equilibria"][0]["strategies"][0][0]["row"] == "opera"


# ---- reading the payoffs ----------------------------------------------------------------------------------

def test_payoffs_are_read_exactly_in_every_form() -> None:
    expected = profiles(bimatrix.equilibria([[6, 0], [0, 4]], [[4, 0], [0, 6]]))  # battle of the sexes doubled
    for a, b in [
        (np.array([[3.0, 0.0], [0.0, 2.0]]), np.array([[2, 0], [0, 3]])),
        ([[F(3, 2), 0], [0, 1]], [[1, 0], [0, F(3, 2)]]),
        ([[Decimal("0.3"), 0], [0, Decimal("0.2")]], [[0.5, 0.0], [0.0, 0.75]]),
        (np.array([[3, 0], [0, 2]], dtype=object), [np.array([2, 0]), np.array([0, 3])]),
    ]:
        assert profiles(bimatrix.equilibria(a, b)) == expected
    # a float is its exact binary value: 0.1 is not 1/10, and the payoff says so
    s = bimatrix.equilibria([[0.1]], [[1]])
    assert s.equilibria[0].payoffs == (F(0.1), F(1)) and F(0.1) != F(1, 10)


@pytest.mark.parametrize(("a", "b", "error", "words"), [
    ([[1, 2], [3]], [[1, 2], [3, 4]], InvalidInput, "A must be rectangular"),
    ([[1, 2], [3, 4]], [], InvalidInput, "B must have at least one row"),
    ([[]], [[]], InvalidInput, "A must have at least one row and one column"),
    ([[1, float("nan")]], [[1, 2]], InvalidInput, r"A\[0\]\[1\] must be a finite number"),
    ([[1, 2]], np.array([[1, np.inf]]), InvalidInput, r"B\[0\]\[1\] must be a finite number"),
    ([[1, 2]], [[1, 2], [3, 4]], InvalidInput, "A is 1x2 but B is 2x2"),
    ([[1, "2"]], [[1, 2]], InvalidType, r"A\[0\]\[1\] must be a number, got '2'"),
    ([[1, True]], [[1, 2]], InvalidType, r"A\[0\]\[1\] must be a number"),
    ([[1, None]], [[1, 2]], InvalidType, r"A\[0\]\[1\] must be a number"),
    ("12", [[1, 2]], InvalidType, "A must be a table"),
    (5, [[1, 2]], InvalidType, "A must be a table"),
    ([1, 2], [[1, 2]], InvalidType, "A must be a table"),
    (np.array([1, 2]), [[1, 2]], InvalidInput, "A must be a 2-D table"),
    (np.array([["a", "b"]]), [[1, 2]], InvalidType, "A must be a table of numbers"),
    ([[1, 2]], [[1, 2 + 1j]], InvalidType, r"B\[0\]\[1\] must be a number"),
])
def test_bad_tables_are_refused_naming_the_argument(a: object, b: object, error: type, words: str) -> None:
    for solve in (bimatrix.equilibria, bimatrix.one_equilibrium):
        with pytest.raises(error, match=words):
            solve(a, b)


def test_a_bad_label_is_refused() -> None:
    with pytest.raises(InvalidInput, match="label"):
        bimatrix.one_equilibrium([[1, 0], [0, 1]], [[1, 0], [0, 1]], label=4)
    with pytest.raises(InvalidType, match="label"):
        bimatrix.one_equilibrium([[1, 0], [0, 1]], [[1, 0], [0, 1]], label=1.0)  # type: ignore[arg-type]
