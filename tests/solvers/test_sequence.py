"""The sequence-form solver (solvers/sequence): games fed to its Builder directly, as a Gambit or OpenSpiel
reader would, and solved exactly (the LP's basis re-solved in fractions, both strategies checked by exact best
replies)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from parlour.errors import InvalidInput
from parlour.solvers import exactlp, limits, sequence
from parlour.solvers.sequence import Builder, SequenceForm

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
F = Fraction


def stakes_pennies() -> SequenceForm:
    """Chance sets the stake s (1 or 3, each with probability 1/2, seen by both); then player 1 and player 2
    each show heads or tails, neither seeing the other's: a match on heads pays player 1 2s, on tails s, a
    mismatch costs him s. The matrix [[2, -1], [-1, 1]] has value 1/5 with heads 2/5 for both players, so the
    game's value is 1/5 * (1 + 3) / 2 = 2/5 and its equilibrium is unique."""
    b = Builder()
    nodes = 1
    for stake in (1, 3):
        first1 = b.infoset(1, ("stake", stake), 0, ("H", "T"))
        nodes += 2
        for i, c1 in enumerate("HT"):
            first2 = b.infoset(2, ("stake", stake), 0, ("H", "T"))
            nodes += 1
            for j, c2 in enumerate("HT"):
                pay = (2 if c1 == "H" else 1) if c1 == c2 else -1
                b.leaf(first1 + i, first2 + j, F(1, 2), F(pay * stake))
                nodes += 1
    return b.finish(nodes)


def test_a_hand_checked_game_with_chance_is_solved_exactly_by_the_basis() -> None:
    game = stakes_pennies()
    assert game.sequences == (5, 5) and [len(game.of(p)) for p in (1, 2)] == [2, 2]
    solved = sequence.solve(game)
    assert solved.exact and solved.value_low == F(2, 5) and solved.source == "basis"
    for behaviour in solved.strategies:  # the unique equilibrium: heads 2/5 at both stakes, for both players
        assert behaviour == {("stake", s): {"H": F(2, 5), "T": F(3, 5)} for s in (1, 3)}


def test_the_guarantees_are_exact_best_replies() -> None:
    game = stakes_pennies()
    pure = {("stake", s): {"H": F(1), "T": F(0)} for s in (1, 3)}
    # Player 1 always heads: player 2 answers tails, player 1 loses the stake: -(1 + 3) / 2 = -2.
    assert sequence.guarantee(game, 1, pure) == -2
    # Player 2 always heads: player 1 answers heads and wins twice the stake: 2 * 2 = 4.
    assert sequence.guarantee(game, 2, pure) == 4
    with pytest.raises(InvalidInput, match="not a distribution"):
        sequence.guarantee(game, 1, {("stake", s): {"H": F(1, 2), "T": F(1, 3)} for s in (1, 3)})
    with pytest.raises(InvalidInput, match="gives nothing"):
        sequence.guarantee(game, 1, {})


def test_without_the_basis_the_rounded_plans_prove_the_value(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exactlp, "basic_solution", lambda *args, **kw: None)
    solved = sequence.solve(stakes_pennies())
    assert solved.exact and solved.value_low == F(2, 5)
    assert solved.source.startswith("rounding")


def test_the_builder_refuses_a_player_who_forgets_and_moves_that_change() -> None:
    b = Builder()
    first = b.infoset(1, "a", 0, ("x", "y"))
    assert b.infoset(1, "a", 0, ("x", "y")) == first  # seen again: the same sequences
    b.infoset(1, "b", first, ("u",))
    with pytest.raises(InvalidInput, match="perfect recall"):
        b.infoset(1, "b", first + 1, ("u",))
    with pytest.raises(InvalidInput, match=r"offers \('u', 'v'\) here but \('u',\) elsewhere"):
        b.infoset(1, "b", first, ("u", "v"))
    with pytest.raises(InvalidInput, match="not hashable"):
        b.infoset(2, ["c"], 0, ("u",))
    with pytest.raises(InvalidInput, match="no move twice"):
        b.infoset(2, "c", 0, ("u", "u"))
    with pytest.raises(InvalidInput, match="player is 1 or 2"):
        b.infoset(3, "c", 0, ("u",))


def test_kuhn_poker_is_minus_one_eighteenth_with_its_family_of_strategies() -> None:
    from parlour.toolkit import reading, tree

    game = tree.build(vars(reading.load_module(EXAMPLES / "kuhn_poker.py")))
    assert game.nodes == 55 and game.sequences == (13, 13)
    solved = sequence.solve(game)
    assert solved.exact and solved.value_low == F(-1, 18)
    assert sequence.guarantee(game, 1, solved.strategies[0]) == F(-1, 18)
    assert sequence.guarantee(game, 2, solved.strategies[1]) == F(-1, 18)
    ranges = {(info.name, info.moves[i]): (low, high)
              for info, i, low, high in sequence.optimal_ranges(game, 1, solved.value_low)}
    assert ranges[(("J",), "bet")] == pytest.approx((0, 1 / 3), abs=1e-6)  # alpha in [0, 1/3]
    assert ranges[(("Q",), "bet")] == pytest.approx((0, 0), abs=1e-6)
    # player 2's optimal strategy is unique: with a J he bets a third of the time after a check
    second = {(info.name, info.moves[i]): (low, high)
              for info, i, low, high in sequence.optimal_ranges(game, 2, solved.value_low)}
    assert second[(("J", "check"), "bet")] == pytest.approx((1 / 3, 1 / 3), abs=1e-6)


# --- Leduc poker, walked into the Builder as a reader of another format would ----------------------------

CARDS = ("J1", "J2", "Q1", "Q2", "K1", "K2")


class Leduc:
    """Leduc hold'em as OpenSpiel plays it: six cards (J, Q, K twice), ante 1, two betting rounds of raises 2
    then 4 with at most two raises each, a public card between them; a pair with the public card wins, else
    the higher card; no fold without a bet to face. A player's information set: his card's rank, the public
    card's rank and the moves of both rounds."""

    def __init__(self) -> None:
        self.builder = Builder()
        self.nodes = 0

    def deal(self, cards: tuple[str, ...], prob: Fraction) -> None:
        if len(cards) == 2:
            self.bet(cards, None, (), (), (1, 1), prob, (0, 0))
            return
        self.nodes += 1
        rest = [c for c in CARDS if c not in cards]
        for c in rest:
            self.deal((*cards, c), prob / len(rest))

    def bet(self, cards: tuple[str, ...], public: str | None, past: tuple[str, ...], moves: tuple[str, ...],
            stake: tuple[int, int], prob: Fraction, seqs: tuple[int, int]) -> None:
        self.nodes += 1
        mover = len(moves) % 2
        options = ("call",) + (("fold",) if stake[mover] < max(stake) else ()) + \
            (("raise",) if moves.count("raise") < 2 else ())
        name = (cards[mover][0], public and public[0], past, moves)
        first = self.builder.infoset(mover + 1, name, seqs[mover], options)
        for i, m in enumerate(options):
            after = (first + i, seqs[1]) if mover == 0 else (seqs[0], first + i)
            if m == "fold":
                self.nodes += 1
                self.builder.leaf(*after, prob, F(-stake[0] if mover == 0 else stake[1]))
                continue
            raised = max(stake) + (0 if m == "call" else 2 if public is None else 4)
            new = (raised, stake[1]) if mover == 0 else (stake[0], raised)
            if len(moves) >= 1 and new[0] == new[1]:  # the round is over
                self.over(cards, public, (*moves, m), new, prob, after)
            else:
                self.bet(cards, public, past, (*moves, m), new, prob, after)

    def over(self, cards: tuple[str, ...], public: str | None, moves: tuple[str, ...], stake: tuple[int, int],
             prob: Fraction, seqs: tuple[int, int]) -> None:
        self.nodes += 1
        if public is None:
            rest = [c for c in CARDS if c not in cards]
            for c in rest:
                self.bet(cards, c, moves, (), stake, prob / len(rest), seqs)
            return
        strength = [(10 if c[0] == public[0] else 0) + "JQK".index(c[0]) for c in cards]
        sign = (strength[0] > strength[1]) - (strength[0] < strength[1])
        self.builder.leaf(*seqs, prob, F(sign * stake[0]))


def test_leduc_poker_is_exact_and_equals_openspiels_value() -> None:
    walk = Leduc()
    walk.deal((), F(1))
    game = walk.builder.finish(walk.nodes)
    assert game.nodes == 9457 and game.sequences == (337, 337)
    solved = sequence.solve(game)
    assert solved.exact and solved.source == "basis"
    assert float(solved.value_low) == pytest.approx(-0.085606424078, abs=1e-12)  # OpenSpiel's published value
    # inside the interval the rounded strategies proved before the basis was re-solved (main at d2a3861)
    assert F(-0.08560642407800122) <= solved.value_low <= F(-0.08560642407800005)


def test_leduc_without_the_basis_is_bracketed_by_the_rounded_strategies(monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond EXACT_BASIS only the rounded strategies are tried: proven bounds around the exact value."""
    walk = Leduc()
    walk.deal((), F(1))
    game = walk.builder.finish(walk.nodes)
    value = sequence.solve(game).value_low
    monkeypatch.setattr(sequence, "EXACT_BASIS", 0)
    bracket = sequence.solve(game)
    assert bracket.source.startswith("rounding") and not bracket.exact
    assert bracket.value_low <= value <= bracket.value_high and bracket.value_high - bracket.value_low < 1e-14


def test_rounding_that_overshoots_by_more_than_the_largest_stays_a_distribution() -> None:
    """Twelve bids near 1/12 rounded to sixths: eleven sixths overshoot 1 by 5/6, more than any one probability."""
    builder = Builder()
    builder.infoset(1, "bid", 0, tuple("abcdefghijkl"))
    game = builder.finish(1)
    plays = sequence.rounded_behaviour(game, 1, [1.0] + [0.0834] * 11 + [0.0826], 6)["bid"]
    assert sum(plays.values()) == 1 and min(plays.values()) >= 0


# --- a long walk is not silent ---------------------------------------------------------------------------

def _wide_tree(h: tuple[int, ...]) -> sequence.Read:
    """8 deals, then player 1, player 2 and player 1 again choose among 8 moves: 4,681 nodes."""
    if not h:
        return [(d, F(1, 8)) for d in range(8)]
    if len(h) == 4:
        return F(h[1] == h[2]) - F(h[3] == h[0], 2)
    player = 2 if len(h) == 2 else 1
    name = (h[1],) if player == 2 else (h[0],) if len(h) == 1 else (h[0], h[1], h[2])
    return sequence.Decision(player, name, tuple(range(8)))


def test_a_walk_tells_progress_the_nodes_walked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "TICK_NODES", 1000)  # a look at the clock every 1,000 nodes
    monkeypatch.setattr(limits, "PROGRESS_SECONDS", 0.0)  # and a line at every look
    said: list[str] = []
    game = sequence.walk((), _wide_tree, limits.MAX_NODES, str, said.append)
    assert game.nodes == 1 + 8 + 64 + 512 + 4096
    assert said == [f"walking the tree: {n:,} nodes" for n in (1000, 2000, 3000, 4000)]
    assert sequence.walk((), _wide_tree, limits.MAX_NODES, str).payoff == game.payoff  # the same tree, silent


def test_a_walk_stops_when_progress_says_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "TICK_NODES", 1000)
    monkeypatch.setattr(limits, "PROGRESS_SECONDS", 0.0)

    def stop(line: str) -> None:  # what Ctrl-C does in the CLI's progress bar
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        sequence.walk((), _wide_tree, limits.MAX_NODES, str, stop)

