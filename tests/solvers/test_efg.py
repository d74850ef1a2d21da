"""Gambit's .efg files (solvers/efg): read exactly into the sequence form and solved, written from a game tree
module and read back to the same value, every bad file refused with one sentence naming its line, and the
values checked against pygambit's own LP where pygambit is installed."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from parlour.cli import main
from parlour.errors import FormatError, InvalidInput
from parlour.solvers import efg, sequence

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
F = Fraction

# One-card poker: chance deals Alice a high or a low card (1/2 each); she bets or checks; after a bet Bob, who
# sees nothing, calls or folds. High: bet and call +2, fold +1, check +1. Low: bet and call -2, fold +1, check
# -1. Bob calls with q, Alice bets low with p: indifference gives p = 1/3, q = 2/3 and the value
# (1/2)(1 + 2/3) + (1/2)(-1) = 1/3. Written with the format's liberties: a decimal probability, a comma
# between payoffs and none, an outcome (2) and an information set (Bob's 1) given once and then named by
# number only.
ONE_CARD = """EFG 2 R "one card" { "Alice" "Bob" }
"a bluffing game"

c "deal" 1 "deal" { "high" 0.5 "low" 1/2 } 0
p "" 1 1 "high" { "bet" "check" } 0
p "" 2 1 "facing bet" { "call" "fold" } 0
t "" 1 "win 2" { 2 -2 }
t "" 2 "win 1" { 1, -1 }
t "" 2
p "" 1 2 "low" { "bet" "check" } 0
p "" 2 1 0
t "" 3 "lose 2" { -2 2 }
t "" 2
t "" 4 "lose 1" { -1, 1 }
"""

# Matching pennies for a pot of 1 (each player's payoff his share: they sum to 1, a constant-sum game), with
# an outcome on the root that both players pay into and labels left empty: the value is 1/2 for Alice,
# whatever the ante, since it is paid by both.
PENNIES = """EFG 2 R "" { "Alice" "Bob" }
p "" 1 1 "" { "" "" } 1 "ante" { -1/4 1/4 }
p "" 2 1 "" { "H" "H" } 0
t "" 2 "Alice" { 5/4 -1/4 }
t "" 3 "Bob" { 1/4 3/4 }
p "" 2 1 "" { "H" "H" } 0
t "" 3
t "" 2
"""


def write(tmp_path: Path, text: str, name: str = "game.efg") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    return int(exc.value.code or 0), out.out, out.err


def test_one_card_poker_is_read_exactly_with_the_files_names(tmp_path: Path) -> None:
    game = efg.read(write(tmp_path, ONE_CARD))
    assert game.title == "one card" and game.players == ("Alice", "Bob") and game.comment == "a bluffing game"
    assert game.constant == 0 and game.form.nodes == 11
    assert [(i.name, i.moves) for i in game.form.of(1)] == [("high", ("bet", "check")), ("low", ("bet", "check"))]
    assert [(i.name, i.moves) for i in game.form.of(2)] == [("facing bet", ("call", "fold"))]
    solved = sequence.solve(game.form)
    assert solved.exact and solved.value_low == F(1, 3)
    assert solved.strategies[0]["low"] == {"bet": F(1, 3), "check": F(2, 3)}
    assert solved.strategies[1]["facing bet"] == {"call": F(2, 3), "fold": F(1, 3)}


def test_outcomes_on_inner_nodes_add_up_and_empty_or_repeated_labels_are_told_apart(tmp_path: Path) -> None:
    game = efg.read(write(tmp_path, PENNIES))
    assert game.constant == 1
    assert [(i.name, i.moves) for i in game.form.of(1)] == [("infoset 1", ("1", "2"))]
    assert [(i.name, i.moves) for i in game.form.of(2)] == [("infoset 1", ("H", "H_2"))]
    solved = sequence.solve(game.form)
    assert solved.exact and solved.value_low == F(1, 2)  # Alice's share of the pot: 1/2, the ante paid by both


def test_parlour_solve_reads_an_efg_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", str(write(tmp_path, ONE_CARD)), "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["value_exact"] == "1/3" and data["players"] == ["Alice", "Bob"]
    assert data["title"] == "one card" and data["strategies"]["player1"]["low"]["bet_exact"] == "1/3"
    code, out, _ = run(["solve", str(write(tmp_path, PENNIES, "pennies.efg")), "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["value_exact"] == "1/2" and data["constant_sum_exact"] == "1"


def test_kuhn_poker_written_by_write_efg_reads_back_to_minus_one_eighteenth(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "kuhn.efg"
    code, out, _ = run(["solve", str(EXAMPLES / "kuhn_poker.py"), "--write-efg", str(out_file), "--json"], capsys)
    assert code == 0 and json.loads(out)["value_exact"] == "-1/18"
    game = efg.read(out_file)
    assert game.form.nodes == 55 and game.form.sequences == (13, 13)
    assert {i.name for i in game.form.of(1)} >= {"('J',)", "('K', 'check', 'bet')"}  # the module's own infosets
    solved = sequence.solve(game.form)
    assert solved.exact and solved.value_low == F(-1, 18)
    # an .efg file written again from itself: the same game
    again = tmp_path / "again.efg"
    code, out, _ = run(["solve", str(out_file), "--write-efg", str(again), "--json"], capsys)
    assert code == 0 and json.loads(out)["value_exact"] == "-1/18"
    assert again.read_text() == out_file.read_text()


def test_a_tree_the_writer_refuses_leaves_no_file(tmp_path: Path) -> None:
    from parlour.toolkit import Chance, End, Turn
    from parlour.toolkit.front import write_efg

    def node(history: tuple[str, ...]) -> object:
        if not history:
            return Chance({"a": F(1, 2), "b": F(1, 3)})
        return Turn(1, "x", ("u",)) if len(history) == 1 else End(1)

    target = tmp_path / "bad.efg"
    with pytest.raises(InvalidInput, match=r"node\(\(\)\): the chance probabilities sum to 5/6, not 1"):
        write_efg({"ROOT": (), "node": node}, target)  # the module's own checks, as `parlour solve` makes them
    with pytest.raises(InvalidInput, match="not one"):
        write_efg({"START": 0, "moves": None, "play": None}, target)
    # the writer checks every node itself, whoever makes the stream, and leaves no file behind
    unequal = [efg.ChanceNode(("a", "b"), (F(1, 2), F(1, 3))), efg.Terminal((F(1), F(-1))),
               efg.Terminal((F(0), F(0)))]
    with pytest.raises(FormatError, match="sum to 5/6, not 1"):
        efg.write(target, unequal)
    forgets = [efg.PlayerNode(1, "a", "a", ("x", "y")), efg.PlayerNode(1, "b", "b", ("u",)),
               efg.Terminal((F(0), F(0))), efg.PlayerNode(1, "b", "b", ("u",)), efg.Terminal((F(0), F(0)))]
    with pytest.raises(FormatError, match="node 4: player 1's infoset 'b' is reached after different moves"):
        efg.write(target, forgets)
    with pytest.raises(FormatError, match="ends after 2 nodes with 2 more expected"):
        efg.write(target, forgets[:2])
    assert not list(tmp_path.iterdir())


HEAD = 'EFG 2 R "bad" { "A" "B" }\n'
BAD = {
    "truncated": (HEAD + 'p "" 1 1 "x" { "a" "b" } 0\nt "" 1 "o" { 1 -1 }\n',
                  r"line 3: the file ends inside the tree, 1 more nodes expected"),
    "unknown node type": (HEAD + 'x "" 1 "o" { 1 -1 }\n', r"line 2: expected a node \(p, c or t\), found 'x'"),
    "probabilities": (HEAD + 'c "" 1 "" { "a" 1/2 "b" 0.4 } 0\nt "" 1 "o" { 1 -1 }\nt "" 1\n',
                      r"line 2: the chance probabilities sum to 9/10, not 1"),
    "general sum": (HEAD + 'p "" 1 1 "x" { "a" "b" } 0\nt "" 1 "o" { 1 -1 }\nt "" 2 "o2" { 2 0 }\n',
                    r"line 4: the payoffs here sum to 2, at .* line 3 to 0: .*general-sum extensive games are "
                    r"out of scope"),
    "imperfect recall": (HEAD + 'p "" 1 1 "first" { "a" "b" } 0\np "" 1 2 "forgets" { "x" } 0\nt "" 0\n'
                         'p "" 1 2 "forgets" { "x" } 0\nt "" 0\n',
                         r"line 5: player 1's infoset 'forgets' is reached after different moves of his own"),
    "undefined outcome": (HEAD + 't "" 3\n', r"line 2: outcome 3 is used before its payoffs are given"),
    "undefined infoset": (HEAD + 'p "" 2 4 0\n', r"line 2: player 2's information set 4 is used before"),
    "three players": ('EFG 2 R "bad" { "A" "B" "C" }\nt "" 0\n', r"line 1: parlour solves two-player games"),
    "player 3": (HEAD + 'p "" 3 1 "x" { "a" } 0\nt "" 0\n', r"line 2: player 3: the file names 2 players"),
    "unclosed label": (HEAD + 't "oops 0\n', r"line 2: a label opened with \" is never closed"),
    "after the end": (HEAD + 't "" 0\nt "" 0\n', r"line 3: 't' after the end of the tree"),
    "not a number": (HEAD + 't "" 1 "o" { 1 minus1 }\n', r"line 2: expected a payoff .*found 'minus1'"),
    "huge exponent": (HEAD + 't "" 1 "o" { 1e99999 -1 }\n', r"line 2: expected a payoff"),
    "redefined": (HEAD + 'p "" 1 1 "x" { "a" "b" } 0\nt "" 0\np "" 1 1 "x" { "a" "c" } 0\nt "" 0\nt "" 0\n',
                  r"line 4: player 1's information set 1 is defined again"),
    "not efg": ('NFG 1 R "x" { "A" "B" } { 1 1 }\n1 -1\n', r"line 1: an .efg file starts with 'EFG 2 R'"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_files_are_refused_with_one_sentence_naming_the_line(tmp_path: Path, case: str) -> None:
    text, message = BAD[case]
    path = write(tmp_path, text)
    with pytest.raises(FormatError, match=message) as exc:
        efg.read(path)
    assert "\n" not in str(exc.value) and str(path) in str(exc.value)


def test_a_bad_file_exits_with_code_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["solve", str(write(tmp_path, BAD["truncated"][0]))], capsys)
    assert code == 2 and "line 3" in err and "Traceback" not in err


# ---- pygambit, an independent reader and solver ------------------------------------------------------


def pygambit_value(path: Path) -> Fraction:
    gbt = pytest.importorskip("pygambit", reason="pygambit (an optional peer) is not installed")
    game = gbt.read_efg(str(path))
    assert game.is_perfect_recall and game.is_const_sum
    result = gbt.nash.lp_solve(game, rational=True)
    return Fraction(str(result.equilibria[0].payoff(next(iter(game.players)))))


@pytest.mark.parametrize("text", [ONE_CARD, PENNIES], ids=["one card", "pennies"])
def test_pygambit_finds_the_same_value_in_the_hand_written_files(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, text)
    ours = sequence.solve(efg.read(path).form)
    assert ours.exact and pygambit_value(path) == ours.value_low


def test_pygambit_reads_the_files_parlour_writes(tmp_path: Path) -> None:
    from parlour.toolkit.front import write_efg

    path = write_efg(EXAMPLES / "kuhn_poker.py", tmp_path / "kuhn.efg")
    assert pygambit_value(path) == F(-1, 18)


def random_game(seed: int) -> Callable[[tuple[int, ...]], efg.Node]:
    """A small random game with chance and hidden moves, perfect recall by construction: the kinds of node by
    depth and the chance depths each player sees are drawn once; a player's information set is his own past
    moves and the chance moves he sees (never the other's moves); payoffs and chance odds drawn per history."""
    import random

    rng = random.Random(seed)
    depths = ["c", 1, 2, rng.choice(["c", 1]), 2]
    widths = [rng.choice([2, 3]) for _ in depths]
    sees = {p: {d for d, kind in enumerate(depths) if kind == "c" and rng.random() < 0.6} for p in (1, 2)}

    def expand(history: tuple[int, ...]) -> efg.Node:
        at = random.Random(f"{seed} {history}")
        d = len(history)
        if d == len(depths):
            pay = F(at.randint(-6, 6), at.choice([1, 2, 3]))
            return efg.Terminal((pay, -pay))
        kind, moves = depths[d], tuple(range(widths[d]))
        if kind == "c":
            weights = [at.randint(1, 4) for _ in moves]
            return efg.ChanceNode(moves, tuple(F(w, sum(weights)) for w in weights))
        key = tuple((e, m) for e, m in enumerate(history) if depths[e] == kind or e in sees[kind])
        return efg.PlayerNode(kind, key, str(key), moves)

    return expand


@pytest.mark.parametrize("seed", [2, 3, 5])  # pygambit takes under a second on each
def test_pygambit_agrees_on_random_games_with_hidden_moves(tmp_path: Path, seed: int) -> None:
    path = tmp_path / "random.efg"
    written = efg.write(path, efg.walk((), random_game(seed)), title=f"random {seed}")
    ours = sequence.solve(efg.read(path).form)
    assert ours.exact and ours.value_low == sequence.solve(written).value_low
    assert pygambit_value(path) == ours.value_low


def _catalog_trees() -> list[Path]:
    try:
        import pygambit
    except ImportError:
        return []
    return sorted((Path(pygambit.__file__).parent / "catalog_data").rglob("*.efg"))


def _preorder(node: Any) -> Iterator[Any]:
    yield node
    for child in node.children:
        yield from _preorder(child)


def _gambit_profile(game: Any, form: sequence.SequenceForm, solved: sequence.SequenceSolution) -> Any:
    """parlour's behaviour strategies as pygambit's exact profile. Both number a player's information sets in
    the order the file's tree first meets them (parlour reads the nodes in that order), and their moves as
    the file lists them."""
    met: dict[int, list[Any]] = {1: [], 2: []}
    players = list(game.players)
    for node in _preorder(game.root):
        if not node.is_terminal and not node.infoset.is_chance:
            known = met[players.index(node.infoset.player) + 1]
            if node.infoset not in known:
                known.append(node.infoset)
    profile = game.mixed_behavior_profile(rational=True)
    for p in (1, 2):
        assert len(form.of(p)) == len(met[p])
        for info, theirs in zip(form.of(p), met[p], strict=True):
            plays = solved.strategies[p - 1][info.name]
            for move, action in zip(info.moves, theirs.actions, strict=True):
                profile[action] = plays[move]
    return profile


@pytest.mark.skipif(not _catalog_trees(), reason="pygambit (Gambit's Python API and its catalog) is not installed")
@pytest.mark.parametrize("path", _catalog_trees(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_gambits_catalog_trees_have_gambits_values_and_its_best_replies_confirm_both_strategies(path: Path) -> None:
    """Every tree of Gambit's catalog: the two-player constant-sum ones with perfect recall solved exactly to the
    value of pygambit's own sequence-form LP (lp_solve, in rationals), and parlour's two strategies an
    equilibrium by pygambit's exact regret (no player gains by any deviation); every other tree refused in one
    sentence that says why."""
    gbt: Any = pytest.importorskip("pygambit")
    theirs = gbt.read_efg(str(path))
    reasons = [why for why, holds in [("two-player games", len(theirs.players) == 2),
                                      ("general-sum extensive games are out of scope", theirs.is_const_sum),
                                      ("perfect recall", theirs.is_perfect_recall)] if not holds]
    if reasons:  # the first the reader meets of what the tree breaks
        with pytest.raises(FormatError, match="|".join(reasons)):
            efg.read(path)
        return
    game = efg.read(path)
    solved = sequence.solve(game.form)
    assert solved.exact
    assert solved.value_low == pygambit_value(path)
    profile = _gambit_profile(theirs, game.form, solved)
    assert profile.max_regret() == 0
    assert Fraction(str(profile.payoff(next(iter(theirs.players))))) == solved.value_low


def test_labels_with_quotes_and_backslashes_survive_the_round_trip() -> None:
    stream = [efg.PlayerNode(1, 7, 'say "hi"', ("a\\b", 'c"', 3)), efg.Terminal((F(1, 3), F(-1, 3))),
              efg.Terminal((F(0), F(0))), efg.Terminal((F(-5, 2), F(5, 2)))]
    text = efg.dumps(stream, title='a "quoted" title', players=("A\\", "B"))
    header, again = efg.nodes(text)
    assert header.title == 'a "quoted" title' and header.players == ("A\\", "B")
    first = next(again)
    assert isinstance(first, efg.PlayerNode) and first.label == 'say "hi"' and first.moves == ("a\\b", 'c"', "3")
    assert [n.payoffs for n in again if isinstance(n, efg.Terminal)] == [(F(1, 3), F(-1, 3)), (0, 0),
                                                                          (F(-5, 2), F(5, 2))]
