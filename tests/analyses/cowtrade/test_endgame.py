"""The end game of one set: the study's last trade as a special case, small games by hand, quintets that
cycle, and values that do not change when the players are relabelled."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from parlour.analyses.cowtrade.endgame import (
    EndgameRules,
    describe_solution,
    hand_from_cards,
    play_chain,
    quartet_table,
    solve_endgame,
)
from parlour.analyses.cowtrade.model import solve as last_trade
from parlour.errors import InvalidInput
from parlour.games.cowtrade import CowTrade, SecondInitiative
from parlour.games.cowtrade.endgame import NextChallenger
from parlour.results import Status
from parlour.solvers import stochastic

VARIANTS = [(SecondInitiative.ALTERNATE, NextChallenger.ALTERNATE), (SecondInitiative.LOSER, NextChallenger.LOSER)]


@pytest.mark.parametrize(("second", "nxt"), VARIANTS)
def test_the_last_trade_is_a_special_case(second: SecondInitiative, nxt: NextChallenger) -> None:
    rules = EndgameRules.study(4, nxt)
    for t1 in range(7):
        for t3 in range(7):
            for initiative in (1, 3):
                got = solve_endgame(rules, 1, t1, t3, 1 if initiative == 1 else 2)
                assert got.status is Status.EXACT
                assert got.value == last_trade(CowTrade(t1, t3, initiative, second_initiative=second)).value


def test_the_last_trade_with_cards_is_a_special_case() -> None:
    rng = random.Random(7)
    pool = [0, 0, 10, 10, 10, 10, 50, 50, 100]
    for _ in range(12):
        c1, c3 = rng.sample(pool, rng.randint(0, 4)), rng.sample(pool, rng.randint(0, 4))
        for initiative in (1, 3):
            got = solve_endgame(EndgameRules.study(4), 1, hand_from_cards(c1), hand_from_cards(c3),
                                1 if initiative == 1 else 2)
            assert got.value == last_trade(CowTrade.from_cards(c1, c3, initiative)).value


def test_two_two_by_hand() -> None:
    # 2-2 in a quartet: both animals go to the higher offer, the set is complete. With 3 against 2 the
    # richer player 1 offers all 3 and cannot lose: value +1 whoever challenges. With 2 against 2 the
    # challenger offers everything and wins the (second) tie: value +1 for player 1 when he challenges.
    assert solve_endgame(EndgameRules(), 2, 3, 2, 2).value == 1
    assert solve_endgame(EndgameRules(), 2, 2, 2, 1).value == 1
    assert solve_endgame(EndgameRules(), 2, 2, 2, 2).value == -1


def test_accepting_by_hand() -> None:
    # 1-3, player 1 has 1, player 2 has 0, player 2 challenges. Player 2 can only offer nothing. As the
    # rules play it player 1 may counter with 1 (wins the animal: 2-2, then he has 0 and player 2 has 1,
    # player 1 challenges, player 2 offers 1 > 0 and completes the set) or 0 (a tie, then player 2 wins
    # the second tie): player 2 completes the set either way, value -1. In the study's simplification
    # the same. With money 2 against 0, player 1 counters 1, keeps 1 against 1 at 2-2 and challenges:
    # he wins the tie twice, value +1.
    assert solve_endgame(EndgameRules(), 1, 1, 0, 2).value == -1
    assert solve_endgame(EndgameRules(), 1, 2, 0, 2).value == 1


@pytest.mark.parametrize("rules", [EndgameRules(5), EndgameRules.study(5)])
def test_a_quintet_cycles_and_is_certified(rules: EndgameRules) -> None:
    result = solve_endgame(rules, 1, 4, 4, 1)
    assert result.cyclic
    assert result.status in (Status.EXACT, Status.CERTIFIED)
    assert result.value_high - result.value_low <= Fraction(1, 10**12)
    assert result.completes1 + result.completes2 + result.endless == pytest.approx(1)
    assert 1 <= result.expected_trades < 100
    # the strategies' own guarantee: player 1 completes the set with probability (1 + v) / 2 when play
    # ends for sure; the chain built from the strategies must agree with the certified value
    assert result.completes1 - result.completes2 == pytest.approx(float(result.value_low), abs=1e-9)


@pytest.mark.parametrize("start", [(1, 3, 2, 1), (2, 3, 2, 2), (3, 2, 3, 1),
                                   pytest.param((1, 4, 4, 1), marks=pytest.mark.slow)])  # 28 s loaded
def test_relabelling_the_players(start: tuple[int, int, int, int]) -> None:
    a1, m1, m2, challenger = start
    for rules in (EndgameRules(5), EndgameRules.study(4)):
        if a1 >= rules.set_size:
            continue
        one = solve_endgame(rules, a1, m1, m2, challenger)
        other = solve_endgame(rules, rules.set_size - a1, m2, m1, 3 - challenger)
        assert one.value_low == -other.value_high and one.value_high == -other.value_low


def test_the_quartet_table_of_a_small_pool() -> None:
    rows, solution = quartet_table([0, 10, 10, 50], EndgameRules())
    assert solution.status is Status.EXACT
    assert len(rows) == 2 * 3 * 2 * 3 * 2  # splits of the cards x animal splits x challenger
    two_two = [r for r in rows if r.animals1 == 2]
    assert two_two and all(r.all_in_optimal for r in two_two)  # a quartet's 2-2 trade is the last
    for r in rows:  # the richer player at 2-2 gets the set
        if r.animals1 == 2 and sum(r.hand1[k] * v for k, v in enumerate((0, 10, 50, 100, 200, 500))) > \
                sum(r.hand2[k] * v for k, v in enumerate((0, 10, 50, 100, 200, 500))):
            assert r.value == 1


def test_size_guard_names_the_parameter() -> None:
    with pytest.raises(InvalidInput, match="force=True"):
        solve_endgame(EndgameRules(4), 1, 10**6, 10**6, 1)


def test_the_text() -> None:
    text = describe_solution(solve_endgame(EndgameRules(5), 1, 3, 2, 1), plays=2)
    assert "play can cycle" in text and "player 1" in text


def test_the_shipped_quartet_table_holds() -> None:
    """Rows of the table the repo keeps (analyses/cowtrade/quartet_endgames.csv) recomputed: a sample,
    chosen by a fixed seed, under both stage rules."""
    import csv
    from importlib import resources

    text = resources.files("parlour.analyses.cowtrade").joinpath("quartet_endgames.csv").read_text()
    rows = list(csv.DictReader(text.splitlines()))
    assert len(rows) == 810
    for row in random.Random(3).sample(rows, 6):
        cards = [hand_from_cards([int(c) for c in row[k].split()]) for k in ("cards1", "cards2")]
        start = (int(row["animals1"]), cards[0], cards[1], int(row["challenger"]))
        assert solve_endgame(EndgameRules(), *start).value == Fraction(row["value_rules"])
        assert solve_endgame(EndgameRules.study(), *start).value == Fraction(row["value_study"])


@pytest.mark.slow
def test_everett_quintet_gets_a_proven_interval() -> None:
    # 3-2 in a quintet, money 1 against 3, rules as played: value iteration creeps (only nearly optimal
    # stationary strategies), so the engine proves bounds from pessimistic games; they must be a real
    # interval, far narrower than the trivial [-1, 1], and narrower than the 2.4e-2 that the pessimistic
    # games' value iteration (beta = 0.995, 0.9995) proved
    result = solve_endgame(EndgameRules(5), 3, 1, 3, 1)
    assert result.status is Status.STOPPED and -1 < result.value_low < result.value_high < 0
    assert result.value_high - result.value_low < Fraction(1, 100)


@pytest.mark.slow
def test_the_quartet_table_by_totals_is_the_shipped_table() -> None:
    """The reduced quartet game (offers by total and card count, 2-2 by totals) gives every value of
    the shipped table, and the same verdict on all-in at 2-2, under both stage rules."""
    import csv
    from importlib import resources

    from parlour.games.cowtrade.endgame import cards_of
    from parlour.games.cowtrade.rules import STARTING_HAND

    text = resources.files("parlour.analyses.cowtrade").joinpath("quartet_endgames.csv").read_text()
    shipped = list(csv.DictReader(text.splitlines()))
    rules, _ = quartet_table(list(STARTING_HAND) * 2, EndgameRules(), by_totals=True)
    study, _ = quartet_table(list(STARTING_HAND) * 2, EndgameRules.study(), by_totals=True)
    assert len(shipped) == len(rules) == len(study) == 810
    for row, a, b in zip(shipped, rules, study, strict=True):
        assert row["cards1"] == " ".join(map(str, sorted(cards_of(a.hand1))))
        assert row["cards2"] == " ".join(map(str, sorted(cards_of(a.hand2))))
        assert (int(row["animals1"]), int(row["challenger"])) == (a.animals1, a.challenger)
        assert (Fraction(row["value_rules"]), Fraction(row["value_study"])) == (a.value, b.value)
        all_in = "" if a.all_in_optimal is None else str(int(bool(a.all_in_optimal and b.all_in_optimal)))
        assert row["all_in_optimal_at_2_2"] == all_in


def test_the_shipped_bonus_money_table_holds() -> None:
    """Rows of the bonus-money table (analyses/cowtrade/quartet_endgames_bonus.csv.gz, every start the
    bench has solved so far) recomputed exactly: a sample by a fixed seed, one of each split of the
    animals, under both stage rules."""
    import csv
    import gzip
    from importlib import resources

    from parlour.analyses.cowtrade.endgame import quartet_values
    from parlour.games.cowtrade.endgame import TradeState

    data = resources.files("parlour.analyses.cowtrade").joinpath("quartet_endgames_bonus.csv.gz").read_bytes()
    rows = list(csv.DictReader(gzip.decompress(data).decode().splitlines()))
    assert rows and len(rows) <= 36_450
    rng = random.Random(11)
    for animals in ("1", "2", "3"):
        row = rng.choice([r for r in rows if r["animals1"] == animals])
        cards = [hand_from_cards([int(c) for c in row[k].split()]) for k in ("cards1", "cards2")]
        start = TradeState(int(animals), cards[0], cards[1], int(row["challenger"]))
        verdicts = []
        for rules, column in ((EndgameRules(), "value_rules"), (EndgameRules.study(), "value_study")):
            values, all_in, _ = quartet_values(rules, [start])
            written = [Fraction(v) for v in row[column].split("..")]  # "p/q", or a proven "lower..upper"
            assert list(values[0]) == (written * 2)[:2]
            verdicts.append(all_in[0])
        if animals == "2":  # the column says whether all-in is optimal under both stage rules
            assert row["all_in_optimal_at_2_2"] == str(int(bool(verdicts[0] and verdicts[1])))
        else:
            assert row["all_in_optimal_at_2_2"] == "" and verdicts == [None, None]


@pytest.mark.slow
def test_everett_quintet_won_in_the_limit_is_nearly_closed() -> None:
    # 1-4 in a quintet, 2 against 2, player 2 challenges: player 2 completes the set in the limit (the
    # value is -1), but only with nearly optimal strategies. The old fallback proved [-1, -0.999]; the
    # pessimistic games near beta = 1, solved by Newton's method, must close it to below 1e-5.
    result = solve_endgame(EndgameRules(5), 1, 2, 2, 2)
    assert result.status is Status.STOPPED and result.value_low <= -1 < result.value_high
    assert result.value_high - result.value_low < Fraction(1, 10**5)


class Rounds:
    """A chain without choices: from A chance moves to B, to C or ends (player 1 wins), a third each; from B
    back to A or ends (player 2 wins), a half each; C and D pass play to each other for ever."""

    def stage(self, state: str) -> stochastic.Stage:
        third, half = Fraction(1, 3), Fraction(1, 2)
        moves = {"A": ((third, "B"), (third, "C"), (third, stochastic.End(Fraction(1)))),
                 "B": ((half, "A"), (half, stochastic.End(Fraction(-1)))), "C": ((Fraction(1), "D"),),
                 "D": ((Fraction(1), "C"),)}
        return stochastic.Stage(1, ("-",), ("-",), ((0,),), (stochastic.Lottery(moves[state]),))


def test_reach_is_the_chance_of_passing_through_not_the_expected_visits() -> None:
    # From A: B is reached only by the first move out of A's round trips that goes there before C or an end:
    # 1/3 (its expected visits are 2/5). The closed pair C, D is entered with c = 1/3 + c/6, c = 2/5, and
    # then both are passed through; play never ends with that chance.
    solution = stochastic.solve(Rounds(), ["A"])
    chain = play_chain(solution, "A")  # type: ignore[arg-type]
    reach = {solution.states[k]: p for k, p in chain.reach.items()}
    assert reach == pytest.approx({"A": 1.0, "B": 1 / 3, "C": 2 / 5, "D": 2 / 5})
    assert chain.exact is not None and chain.exact[2] == Fraction(2, 5)  # endless
