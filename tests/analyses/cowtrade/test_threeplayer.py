"""Three players' security levels: small games by hand, the two-player game as a special case, the sum
of the levels, and relabelling the players by a turn of the table."""

from __future__ import annotations

from fractions import Fraction

import pytest

from parlour.analyses.cowtrade.endgame import EndgameRules, solve_endgame
from parlour.analyses.cowtrade.threeplayer import (
    CONCEPT,
    SecuritySolution,
    ThreeRules,
    describe_solution,
    solve_security,
)
from parlour.errors import InvalidInput
from parlour.games.cowtrade.endgame import hand_from_cards
from parlour.results import Status

TOL = Fraction(1, 10**12)


def holds(result: SecuritySolution, player: int, value: Fraction) -> bool:
    """The proven level of `player` contains `value` and is no wider than the tolerance."""
    lv = result.level(player)
    return lv.level_low <= value <= lv.level_high and lv.level_high - lv.level_low <= TOL


def test_the_richest_challenger_guarantees_the_set_by_hand() -> None:
    # A set of 3, one animal each, the study's trade (simultaneous, the challenger wins a tie); player 1
    # has 1, the others nothing. Player 1 on turn challenges anyone, both offer 0, he wins the tie and
    # keeps his 1 (2 animals). The one left with an animal challenges him with 0; player 1 counters 1 and
    # completes the set. So his level is 1, and the others can guarantee nothing.
    result = solve_security(ThreeRules.study(3), (1, 1, 1), (1, 0, 0), 1)
    assert holds(result, 1, Fraction(1)) and holds(result, 2, Fraction(0)) and holds(result, 3, Fraction(0))
    # Player 2 on turn instead: the coalition has him challenge player 1. If player 1 counters 1 he wins
    # the animal but pays his 1 to player 2, who is out; player 3 and player 1, both penniless, then
    # take an animal from each other on each turn for ever (the challenger wins every tie). If he
    # counters 0 he loses the tie and his only animal. Either way he does not get the set: level 0.
    assert holds(solve_security(ThreeRules.study(3), (1, 1, 1), (1, 0, 0), 2, players=(1,)), 1, Fraction(0))


def test_a_cycle_solved_by_hand() -> None:
    # A set of 3: player 1 owns 2, player 2 owns 1 (player 3 none), both have 1; the study's trade.
    # A: player 2 challenges. Rows his offer, columns player 1's, in player 1's probability of the set:
    #   (0, 0) tie: player 2 takes an animal, money stays: B;  (0, 1): player 1 completes: 1;
    #   (1, 0): player 2 takes it and pays 1 -> player 1 has 2 against 0 and wins: 1;  (1, 1): tie, B.
    # B (1-2, money 1 and 1, player 1 challenges): (0, 0) tie, he takes an animal: A;  (0, 1): player 2
    #   completes: 0;  (1, 0): he takes it but is left with 0 against 2: 0;  (1, 1): tie, A.
    # So A = val [[B, 1], [1, B]] = (1 + B) / 2 and B = val [[A, 0], [0, A]] = A / 2: A = 2/3, B = 1/3.
    # Player 2's level mirrors it (play ends for sure under these mixtures): 1/3 at A.
    result = solve_security(ThreeRules.study(3), (2, 1, 0), (1, 1, 0), 2)
    assert holds(result, 1, Fraction(2, 3)) and holds(result, 2, Fraction(1, 3)) and holds(result, 3, Fraction(0))
    assert holds(solve_security(ThreeRules.study(3), (1, 2, 0), (1, 1, 0), 1, players=(1,)), 1, Fraction(1, 3))


@pytest.mark.parametrize("study", [False, True])
def test_with_the_third_player_out_it_is_the_two_player_game(study: bool) -> None:
    # the two-player quartet cannot cycle, so P(player 1 gets the set) = (1 + value) / 2 exactly
    rules3 = ThreeRules.study(4) if study else ThreeRules(4)
    rules2 = EndgameRules.study(4) if study else EndgameRules(4)
    for animals1, m1, m2, challenger in ((1, 5, 2, 1), (1, 3, 3, 2), (2, 2, 3, 1), (3, 1, 4, 2)):
        two = solve_endgame(rules2, animals1, m1, m2, challenger).value
        three = solve_security(rules3, (animals1, 4 - animals1, 0), (m1, m2, 7), challenger)
        assert three.level(1).level_low == three.level(1).level_high == (1 + two) / 2
        assert three.level(2).level_low == (1 - two) / 2 and three.level(3).level_high == 0


@pytest.mark.parametrize(("rules", "animals", "hands", "turn"), [
    (ThreeRules.study(3), (1, 1, 1), (2, 1, 0), 1),
    # the rest take 10-50 s each on a shared 2-core machine
    pytest.param(ThreeRules.study(4), (1, 1, 2), (2, 1, 1), 2, marks=pytest.mark.slow),
    pytest.param(ThreeRules(3), (1, 1, 1), (1, 1, 1), 3, marks=pytest.mark.slow),
    pytest.param(ThreeRules.study(4), (1, 2, 1), tuple(hand_from_cards(c) for c in ([0, 10], [10], [0])), 1,
                 marks=pytest.mark.slow),
])
def test_the_levels_sum_to_at_most_one_and_turn_with_the_table(
        rules: ThreeRules, animals: tuple[int, int, int], hands: tuple[object, ...], turn: int) -> None:
    result = solve_security(rules, animals, hands, turn)  # type: ignore[arg-type]
    assert result.status in (Status.EXACT, Status.CERTIFIED)
    assert result.sum_low <= 1  # each plays his guaranteeing strategy: each gets at least his level
    assert result.sum_low <= result.sum_high <= 1 and result.to_json()["sum_bounds"][1] <= 1.0  # no float noise above 1
    # relabel by a turn of the table (1 -> 2 -> 3 -> 1 keeps the turn order): the levels turn with it
    turned = solve_security(rules, (animals[2], animals[0], animals[1]), (hands[2], hands[0], hands[1]),  # type: ignore[arg-type]
                            turn % 3 + 1)
    for p in (1, 2, 3):
        a, b = result.level(p), turned.level(p % 3 + 1)
        assert max(a.level_low, b.level_low) <= min(a.level_high, b.level_high) + TOL
        assert a.states == b.states


@pytest.mark.parametrize("rules", [ThreeRules.study(3), ThreeRules(3)])
def test_more_money_never_hurts_its_owner(rules: ThreeRules) -> None:
    # With money as totals a richer player can play as the poorer one would and never offer the extra:
    # every trade goes as before (nobody sees a total), so his level cannot fall; extra money of a
    # coalition member cannot raise it (the coalition may leave it unused).
    def level(hands: tuple[int, int, int]) -> tuple[Fraction, Fraction]:
        lv = solve_security(rules, (1, 1, 1), hands, 1, players=(1,)).level(1)
        return lv.level_low, lv.level_high

    poorer, richer, rival = level((0, 1, 1)), level((1, 1, 1)), level((1, 2, 1))
    assert richer[1] + TOL >= poorer[0] and richer[0] + TOL >= poorer[0]
    assert rival[0] <= richer[1] + TOL
    # and the checks are not vacuous: here both changes move the level (strictly; which way is the claim)
    assert richer[0] > poorer[1] and rival[1] < richer[0]


def test_the_answer_says_it_is_no_equilibrium() -> None:
    result = solve_security(ThreeRules.study(3), (1, 1, 1), (1, 0, 0), 1)
    data = result.to_json()
    assert data["concept"] == CONCEPT and "not an equilibrium" in data["message"]
    assert [lv["player"] for lv in data["levels"]] == [1, 2, 3]
    assert data["levels"][0]["first_move"]  # player 1 moves first: his guaranteeing choice is shown
    assert "NOT an equilibrium" in describe_solution(result)


def test_first_moves_say_whom_or_what() -> None:
    # set of 2, player 3 on turn against player 1 (player 2 owns none): he offers 1 of his 1 and wins for
    # sure (player 1 has 1: 1 against 1 ties twice, and the second tie is the challenger's); his first
    # move is an offer of 1, not a challenge of player 1
    result = solve_security(ThreeRules(2), (1, 0, 1), (1, 5, 1), 2)
    assert holds(result, 3, Fraction(1)) and holds(result, 1, Fraction(0))
    assert all(not m["move"].startswith("challenge") for m in result.level(3).first_move or [])
    choosing = solve_security(ThreeRules.study(3), (1, 1, 1), (1, 0, 0), 1, players=(1,))
    assert all(m["move"].startswith("challenge player") for m in choosing.level(1).first_move or [])


def test_the_size_guard_and_bad_input() -> None:
    with pytest.raises(InvalidInput, match=r"states.*force"):
        solve_security(ThreeRules(), (1, 1, 2), (100, 100, 100), 1)
    with pytest.raises(InvalidInput, match="levels of players"):
        solve_security(ThreeRules(), (1, 1, 2), (1, 1, 1), 1, players=(1, 1))
    with pytest.raises(InvalidInput, match="add up"):
        solve_security(ThreeRules(), (1, 1, 1), (1, 1, 1), 1)
