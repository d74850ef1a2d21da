from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from parlour.errors import FormatError
from parlour.solvers import nfg, zerosum


def test_round_trip(tmp_path: Path) -> None:
    a = np.array([[1, -1, 0], [Fraction(-1, 2), 1, 2]], dtype=object)
    path = tmp_path / "g.nfg"
    nfg.write(path, a, row_names=["up", "down"])
    b, rows, cols, title = nfg.read(path)
    assert (b == a).all()
    assert rows == ["up", "down"] and cols == ["1", "2", "3"]
    assert title == "parlour game"


def test_reads_gambit_payoff_form() -> None:
    text = 'NFG 1 R "pennies" { "Player 1" "Player 2" } { 2 2 }\n\n1 -1 -1 1 -1 1 1 -1\n'
    a, *_ = nfg.parse(text)
    # player 1's strategy varies fastest: (1,1) (2,1) (1,2) (2,2)
    assert a.tolist() == [[1, -1], [-1, 1]]
    assert zerosum.solve(a).value_exact == 0


def test_reads_outcome_form() -> None:
    text = """NFG 1 R "g" { "A" "B" }
{ { "a1" "a2" } { "b1" "b2" } }
{ { "o1" 3, -3 } { "o2" 0, 0 } }
1 2 2 1
"""
    a, rows, _, _ = nfg.parse(text)
    assert a.tolist() == [[3, 0], [0, 3]] and rows == ["a1", "a2"]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "NFG 2 R",
        'NFG 1 R "x" { "a" "b" "c" } { 1 1 1 } 0 0 0',
        'NFG 1 R "x" { "a" "b" } { 2 2 } 1 -1 2',
        'NFG 1 R "x" { "a" "b" } { 2 1 } 1 1 0 0',
        'NFG 1 R "x" { "a" "b" } { 1 1 } 1 zz',
        'NFG 1 R "x" { "a" "b" } { 2 1 ',
    ],
)
def test_malformed(text: str) -> None:
    with pytest.raises(FormatError):
        nfg.parse(text)


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(FormatError):
        nfg.read(tmp_path / "missing.nfg")


# ---- any two-player game, both layouts (Gambit's docs: "The strategic game (.nfg) file format") -------------

# Selten (IJGT 1975) figure 2 in strategic form, the example of Gambit's own format pages, in both layouts:
# profiles in the order (1,1) (2,1) (3,1) (1,2) (2,2) (3,2), player 1's strategy varying fastest
SELTEN_PAYOFFS = 'NFG 1 R "Selten (IJGT, 75), Figure 2, normal form"\n{ "Player 1" "Player 2" } { 3 2 }\n\n' \
                 "1 1 0 2 0 2 1 1 0 3 2 0\n"
SELTEN_OUTCOMES = """NFG 1 R "Selten (IJGT, 75), Figure 2, normal form" { "Player 1" "Player 2" }

{
{ "1" "2" "3" }
{ "1" "2" }
}

{
{ "" 1, 1 }
{ "" 0, 2 }
{ "" 0, 2 }
{ "" 1, 1 }
{ "" 0, 3 }
{ "" 2, 0 }
}
1 2 3 4 5 6
"""


def test_both_layouts_give_both_tables() -> None:
    for text in (SELTEN_PAYOFFS, SELTEN_OUTCOMES):
        game = nfg.parse_game(text)
        assert game.payoffs == (((1, 1), (0, 0), (0, 2)), ((1, 1), (2, 3), (2, 0)))
        assert game.shape == (3, 2) and game.strategies == (("1", "2", "3"), ("1", "2"))
        assert game.players == ("Player 1", "Player 2") and game.constant is None
        assert game.title == "Selten (IJGT, 75), Figure 2, normal form"
        assert all(type(v) is Fraction for table in game.payoffs for row in table for v in row)


def test_outcomes_shared_the_null_outcome_names_and_exact_numbers() -> None:
    text = """NFG 1 R "a \\"quoted\\" title" { "Ann" "Bo" }
{ { "up" "" } { "left" "right" } }
"a comment"
{ { "win" 1/3, 2.5 } { "lose" -1e-2 7 } }
1 0
2 1
"""
    game = nfg.parse_game(text)
    assert game.title == 'a "quoted" title' and game.comment == "a comment"
    assert game.strategies == (("up", "2"), ("left", "right"))  # an empty name is its number
    third, half = Fraction(1, 3), Fraction(5, 2)
    assert game.payoffs == (((third, Fraction(-1, 100)), (0, third)), ((half, 7), (0, half)))


def test_a_constant_sum_game_keeps_the_zero_sum_reader() -> None:
    # a pot of 2 shared: the old reader gives player 1's table, as `zerosum` has always taken it
    text = 'NFG 1 R "pot" { "a" "b" } { 2 2 }\n2 0 0 2 1 1 3/2 1/2\n'
    a, rows, cols, title = nfg.parse(text)
    assert a.tolist() == [[2, 1], [0, Fraction(3, 2)]] and (rows, cols, title) == (["1", "2"], ["1", "2"], "pot")
    assert nfg.parse_game(text).constant == 2
    with pytest.raises(FormatError, match=r"not constant-sum.*parlour solve"):
        nfg.parse(SELTEN_PAYOFFS)


@pytest.mark.parametrize(("text", "words"), [
    ('NFG 1 R "x" { "a" "b" "c" } { 1 1 1 } 0 0 0', r"line 1: parlour reads two-player games; this .nfg has 3"),
    ('NFG 1 R "x" { "a" "b" }\n{ 2 2 }\n1 -1 2', r"line 3: expected 8 payoffs \(two for each of the 4 profiles\), "
                                                 "the file ends after 3"),
    ('NFG 1 R "x" { "a" "b" }\n{ 1 1 }\n1 2\n3', r"line 4: the 1x1 game's payoffs are complete, but the file goes on"),
    ('NFG 1 R "x" { "a" "b" } { 1 1 }\n1 zz', r"line 2: expected a payoff \(a number such as 2, -1.5 or 1/3\), "
                                            "found 'zz'"),
    ('NFG 1 R "x" { "a" "b" } { 1 1 } 1 1/0', r"'1/0' is not a number"),
    ('NFG 1 R "x" { "a" "b" }\n{ { "u" } { "l" } }\n{ { "o" 1, 2 } }\n3', r"line 4: outcome 3 is not defined"),
    ('NFG 1 R "x" { "a" "b" }\n{ { "u" } { "l" } }\n{ { "o" 1 2 3 } }\n1', r"line 3: outcome 1 has 3 payoffs"),
    ('NFG 1 R "x" { "a" "b" }\n{ { "u" "d" } { "l" } }\n{ { "o" 1 2 } }\n1', r"line 4: expected an outcome "
                                                                               "number for each of the 2 profiles"),
    ('NFG 1 R "x" { "a" "b" }\n{ { } { "l" } }\n1 2', r"line 2: player 1 has no strategy"),
    ('NFG 1 R "x" { "a" "b" }\n{ 0 2 }\n1 2', r"line 2: player 1 has no strategy"),
    ('NFG 1 R "x" { "a" "b" }\n{ 2 }\n1 2 3 4', r"line 2: the strategies of 2 players are expected, found 1"),
    ('NFG 1 R "x" { "a" "b" } { 99999999999999999999 2 }\n1 -1', r"no room to give payoffs"),
    ('NFG 1 R "x" { "a" "b" } { 30 30 }\n1 -1', r"a 30x30 game needs more payoffs than the file has room"),
    ('NFG 1 R "x" { "a" "b" } { 2 x }', r"expected player 2's strategies \(a count, or their names in braces\)"),
    ('NFG 1 R "x" { "a" "b" } { 2 1 ', r"line 1: expected player 3's strategies .* found the end of the file"),
    ('NFG 1 R "x { "a" "b" }', r"line 1: expected '\{' before the players' names"),
    ('NFG 1 R "x" { "a" "b } { 1 1 } 1 1', r"a label opened with \" is never closed"),
    ("NFG 2 R", r"only version 1"),
    ("EFG 2 R", r"an .nfg file starts with 'NFG 1 R'"),
    ("", r"an .nfg file starts with 'NFG 1 R'"),
])
def test_a_bad_file_is_one_sentence_naming_the_line(text: str, words: str) -> None:
    with pytest.raises(FormatError, match=words):
        nfg.parse_game(text, "bad.nfg")
    with pytest.raises(FormatError, match=r"bad\.nfg line"):
        nfg.parse_game(text, "bad.nfg")


def test_read_game_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cut.nfg"
    path.write_text('NFG 1 R "x" { "a" "b" }\n{ 2 2 }\n1 -1 2\n')
    with pytest.raises(FormatError, match=r"cut.nfg line 3: expected 8 payoffs"):
        nfg.read_game(path)
    with pytest.raises(FormatError, match="cannot read"):
        nfg.read_game(tmp_path / "missing.nfg")


# ---- Gambit's catalog, as pygambit ships it --------------------------------------------------------------

def _gambit() -> object:
    return pytest.importorskip("pygambit", reason="pygambit (Gambit's Python API and its catalog) is not installed")


def _catalog(pattern: str) -> list[Path]:
    try:
        import pygambit
    except ImportError:
        return []
    return sorted((Path(pygambit.__file__).parent / "catalog_data").rglob(pattern))


def _tables(game: object) -> tuple[list[list[Fraction]], list[list[Fraction]]]:
    a, b = game.to_arrays()  # type: ignore[attr-defined]
    return ([[Fraction(str(v)) for v in row] for row in a.tolist()],
            [[Fraction(str(v)) for v in row] for row in b.tolist()])


def _payoff_layout(game: nfg.NfgGame) -> str:
    """The same game in the payoff layout (the catalog's files are all in the outcome layout)."""
    (m, n), (a, b) = game.shape, game.payoffs
    flat = " ".join(f"{a[i][j]} {b[i][j]}" for j in range(n) for i in range(m))
    return f'NFG 1 R "{game.title}" {{ "1" "2" }} {{ {m} {n} }}\n{flat}\n'


@pytest.mark.parametrize("path", _catalog("*.nfg"), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_catalog_nfg_is_read_and_its_equilibria_are_gambits(path: Path) -> None:
    import parlour

    gbt: Any = _gambit()
    theirs = gbt.read_nfg(str(path))
    if len(theirs.players) != 2:
        with pytest.raises(FormatError, match=f"{path.name} line 1: parlour reads two-player games"):
            nfg.read_game(path)
        return
    game = nfg.read_game(path)
    assert ([list(r) for r in game.payoffs[0]], [list(r) for r in game.payoffs[1]]) == _tables(theirs)
    assert game.strategies == tuple(tuple(s.label for s in p.strategies) for p in theirs.players)
    assert nfg.parse_game(_payoff_layout(game)).payoffs == game.payoffs
    found = {(e.strategies, e.payoffs) for e in parlour.solve(path).equilibria}
    assert found == _gambits_equilibria(gbt, theirs)


def _gambits_equilibria(gbt: Any, game: Any) -> set[tuple[tuple[tuple[Fraction, ...], ...], tuple[Fraction, ...]]]:
    found = set()
    for eq in gbt.nash.enummixed_solve(game, rational=True).equilibria:
        x, y = (tuple(Fraction(str(eq[s])) for s in p.strategies) for p in game.players)
        found.add(((x, y), tuple(Fraction(str(eq.payoff(p))) for p in game.players)))
    return found


@pytest.mark.parametrize("path", [p for p in _catalog("*.efg") if p.stat().st_size < 20_000],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_catalog_trees_written_as_nfg_by_gambit_are_read(path: Path) -> None:
    # pygambit writes each game tree's strategic form (the outcome layout): both tables come back as Gambit has them
    gbt: Any = _gambit()
    theirs = gbt.read_efg(str(path))
    if len(theirs.players) != 2:
        return
    game = nfg.parse_game(theirs.to_nfg())
    a, b = _tables(theirs)
    assert ([list(r) for r in game.payoffs[0]], [list(r) for r in game.payoffs[1]]) == (a, b), path.name
    assert nfg.parse_game(_payoff_layout(game)).payoffs == game.payoffs
    if game.constant is not None:  # a zero-sum game in disguise: its value is every equilibrium's payoff
        import parlour

        solved = parlour.solve(*game.payoffs)
        assert solved.kind == "matrix" and Fraction(solved.extra.get("constant_sum_exact", "0")) == game.constant
        x, y = ([Fraction(e["probability_exact"]) for e in solved.strategies[p]] for p in ("player1", "player2"))
        # in strategic form: Gambit's enummixed refuses trees of imperfect recall (wichardt2008)
        table = gbt.Game.from_arrays(np.array(a, dtype=object), np.array(b, dtype=object))
        theirs_eq = _gambits_equilibria(gbt, table)
        assert {pay[0] for _, pay in theirs_eq} == {solved.value_exact}
        assert ((tuple(x), tuple(y)), (solved.value_exact, game.constant - solved.value_exact)) in theirs_eq
