"""solvers.limits: a tree too large refused from the growth seen so far, a history too long or looping
refused with its path, float probabilities read as the nearest fractions. The bounds are counted (nodes read
before the refusal), never timed."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from parlour.errors import InvalidInput
from parlour.solvers import efg, limits, sequence
from parlour.solvers.sequence import Decision


def uniform(branching: int, depth: int, calls: list[int]):
    """A reader of the tree in which every history shorter than `depth` is a decision of `branching` moves
    (players alternate, each infoset the history: perfect recall), counting the nodes it reads."""
    def read(h: tuple) -> sequence.Read:
        calls[0] += 1
        if len(h) == depth:
            return F(0)
        return Decision(1 + len(h) % 2, h, tuple(range(branching)))
    return read


def nodes_of(branching: int, depth: int) -> int:
    return sum(branching**d for d in range(depth + 1))


def where(h: tuple) -> str:
    return f"node({h!r})"


def test_the_growth_of_a_uniform_tree_is_its_size() -> None:
    calls = [0]
    form = sequence.walk((), uniform(3, 9, calls), 10**6, where)
    assert form.nodes == calls[0] == nodes_of(3, 9)
    growth = limits.Growth(10**9)
    for depth in range(4):  # a breadth of 2 down to depth 3: 15 nodes, estimated exactly from the root's path
        growth.met(depth, 2 if depth < 3 else 0, ())
    assert growth.estimate() == 15


def test_a_tree_far_past_the_limit_is_refused_at_the_first_look() -> None:
    calls = [0]  # 4 moves to depth 13: 9x10^7 nodes; refused after FIRST_CHECK of them, not 2,000,000
    with pytest.raises(InvalidInput, match=r"^[^\n]*$") as caught:
        sequence.walk((), uniform(4, 13, calls), limits.MAX_NODES, where)
    assert calls[0] == limits.FIRST_CHECK
    said = str(caught.value)
    assert f"about {limits.about(nodes_of(4, 13))} nodes" in said and "8.9×10^7" in said
    assert f"more than the {limits.MAX_NODES:,} parlour solves" in said
    # the memory of the estimate: as much per node as so far, an infoset per decision (each infoset is its
    # history) and nothing per leaf (a payoff of 0 adds no pair of sequences): a quarter of the nodes
    assert f"would take {limits.gib(nodes_of(4, 13) / 4)}" in said and "about 7.3 GiB" in said


def test_a_tree_within_the_margin_is_walked_to_the_limit_itself() -> None:
    calls = [0]  # 3x10^4 nodes against a limit of 2x10^4: 1.5 times, under the first look's margin of 2
    with pytest.raises(InvalidInput, match=r"more than 20,000 nodes \(walked that far, then stopped; its sequence "
                       r"form so far takes under 0\.1 GiB\)"):
        sequence.walk((), uniform(3, 9, calls), 20_000, where)
    assert calls[0] == 20_001
    calls = [0]  # and a tree under the limit is never refused, however the estimate goes
    assert sequence.walk((), uniform(2, 14, calls), nodes_of(2, 14), where).nodes == nodes_of(2, 14)


def test_the_margin_shrinks_as_the_sample_grows() -> None:
    assert limits.margin(limits.FIRST_CHECK) == 2
    assert limits.margin(limits.FIRST_CHECK * 16) == 1.25


def endless(h: tuple) -> sequence.Read:
    """Play that goes on while the players say "go" (each infoset the depth: a history as an infoset would be
    quadratic in the depth to hash, and slow to test on a loaded machine)."""
    return Decision(1 + len(h) % 2, len(h), ("stop", "go")) if not h or h[-1] == "go" else F(1)


def test_play_that_never_ends_is_refused_at_the_history_limit_with_its_path() -> None:
    calls = [0]

    def read(h: tuple) -> sequence.Read:
        calls[0] += 1
        return endless(h)

    with pytest.raises(InvalidInput, match=r"^[^\n]*$") as caught:
        sequence.walk((), read, limits.MAX_NODES, where)
    said = str(caught.value)
    assert "a history of more than 10,000 moves, ('go', 'go', 'go', 'go', 'go', 'go', ... 9,995 more)" in said
    assert calls[0] <= limits.MAX_HISTORY + 2  # straight down the endless path, depth first
    with pytest.raises(InvalidInput, match="more than 10,000 moves"):  # writing it as .efg: the same walk
        efg.dumps(efg.walk((), lambda h: efg.node_of(endless(h))))


def test_play_that_comes_back_to_an_infoset_is_named() -> None:
    def read(h: tuple) -> sequence.Read:  # player 1 is asked the same question after answering it
        return Decision(1, "again?", ("yes", "no")) if len(h) < 3 else F(0)

    with pytest.raises(InvalidInput, match=r"^[^\n]*$") as caught:
        sequence.walk((), read, limits.MAX_NODES, where)
    assert str(caught.value).startswith("node(('no',)): play comes back to player 1's infoset 'again?' after his "
                                        "own move there")

    def forgets(h: tuple) -> sequence.Read:  # a lapse of memory that is no loop keeps its own sentence
        if not h:
            return Decision(1, "first", ("a", "b"))
        return Decision(1, "same", ("c",)) if len(h) == 1 else F(0)

    with pytest.raises(InvalidInput, match="perfect recall") as caught:
        sequence.walk((), forgets, 100, where)
    assert "comes back" not in str(caught.value)


def test_the_path_is_cut_to_its_first_moves() -> None:
    assert limits.path(("a", "b")) == "('a', 'b')"
    assert limits.path(tuple(range(10))) == "(0, 1, 2, 3, 4, 5, ... 4 more)"


@pytest.mark.parametrize(("floats", "read"), [
    ((0.1, 0.2, 0.7), (F(1, 10), F(1, 5), F(7, 10))),
    ((1 / 6,) * 6, (F(1, 6),) * 6),
    ((1 / 3, 1 / 3, 1 / 3), (F(1, 3),) * 3),
    ((0.3, 0.7), (F(3, 10), F(7, 10))),
    ((F(1, 2_000_000), F(7, 10) - F(1, 2_000_000), 0.3), (F(1, 2_000_000), F(1_399_999, 2_000_000), F(3, 10))),
])
def test_floats_summing_to_one_within_the_tolerance_are_the_nearest_fractions(floats, read) -> None:
    assert tuple(limits.nearest_fractions(floats)) == read


@pytest.mark.parametrize("floats", [
    (0.1, 0.2, 0.6),  # 0.9: not a distribution
    (1 / 3, 1 / 3, 1 / 3 - 1e-9),  # off by 1e-9, more than the tolerance
    (0.5, 0.5 - 1e-13, 1e-13),  # within the tolerance, but 1e-13 is no fraction of denominator 10^6 or less
])
def test_floats_that_are_no_distribution_are_not_read(floats) -> None:
    assert limits.nearest_fractions(floats) is None


def test_an_openspiel_game_too_large_is_refused_from_its_growth() -> None:
    pytest.importorskip("pyspiel")
    from parlour.solvers import openspiel

    spec = "openspiel:liars_dice(numdice=1)"  # 294,883 nodes, estimated within 2 % at every look
    walked = 0
    with pytest.raises(InvalidInput, match=r"^[^\n]*$") as caught:
        for _ in openspiel.nodes(openspiel.load(spec), spec, limit=100_000):
            walked += 1
    assert walked < limits.FIRST_CHECK and "has about 29" in str(caught.value)
    spec = "openspiel:liars_dice(numdice=1,dice_sides=5)"  # near its limit: looked at twice, never refused
    assert 2 * limits.FIRST_CHECK < sum(1 for _ in openspiel.nodes(openspiel.load(spec), spec, limit=55_000)) <= 55_000
