"""Two open quartets solved exactly: by hand, against the one-set end game, under relabelling, and
against the separate-games suggestion."""

from fractions import Fraction

import pytest

from parlour.analyses.cowtrade.endgame import solve_endgame
from parlour.analyses.cowtrade.quartets import (
    money_splits,
    quartet_values,
    quartets_table,
    solve_quartets,
)
from parlour.errors import InvalidInput
from parlour.games.cowtrade.endgame import EndgameRules, NextChallenger, hand_from_cards
from parlour.games.cowtrade.quartets import Quartets, QuartetsRules
from parlour.solvers import stochastic


def test_no_money_solved_by_hand():
    # Points 2 and 1, nobody has money: every trade ties twice (or is accepted), so the challenger
    # always takes the animal(s); challengers alternate, player 1 first; he owns 3 of quartet 0, 1 of
    # quartet 1.
    # - He takes quartet 0 (4-0); player 2 then takes quartet 1 (1-3 -> 0-4): scores 2x1 - 1x1 = +1.
    # - He takes an animal of quartet 1 (2-2). Player 2 either completes quartet 1 (two animals), and
    #   player 1 completes quartet 0: +1; or takes one of quartet 0 (2-2, 2-2), and player 1 takes
    #   quartet 0 (two animals), player 2 quartet 1: +1 (taking quartet 1 instead would give -1).
    # So the value is +1 and both first quartets are optimal. The separate games: quartet 0 alone
    # is +1 for player 1, quartet 1 alone -1 (he takes one, player 2 then both): they pick quartet 0.
    result = solve_quartets(QuartetsRules(points=(2, 1)), (3, 1), 0, 0, 1)
    assert result.value == 1
    assert result.choice is not None
    assert result.choice.quartet_values == {0: 1, 1: 1}
    assert result.choice.one_set_values == {0: 1, 1: -1}
    assert result.choice.separate == 0 and result.choice.loss == 0


def test_one_money_solved_by_hand():
    # Player 1 holds 1, player 2 nothing; player 1 owns 3 and 3. He offers 0 for either quartet: player 2
    # can only accept or tie (0), and a second tie goes to him, so he completes it keeping his 1. Then
    # player 2 challenges the other with 0, and player 1 counters 1 and completes it too: (2+1) x 2 = 6.
    result = solve_quartets(QuartetsRules(points=(2, 1)), (3, 3), 1, 0, 1)
    assert result.value == 6


@pytest.mark.parametrize("money1,money2", [(3, 2), (5, 4), (2, 6), (0, 0)])
@pytest.mark.parametrize("animals,owner", [(1, 4), (2, 4), (3, 0), (2, 0)])
@pytest.mark.parametrize("challenger", [1, 2])
def test_one_quartet_complete_agrees_with_the_endgame(money1, money2, animals, owner, challenger):
    rules = QuartetsRules(points=(1000, 300), held1=(100,), held2=())
    result = solve_quartets(rules, (animals, owner), money1, money2, challenger)
    one = solve_endgame(EndgameRules(), animals, money1, money2, challenger).value
    win = rules.score_difference((4, owner))
    lose = rules.score_difference((0, owner))
    assert result.value == lose + (win - lose) * (one + 1) / 2
    assert result.choice is None


def test_one_quartet_complete_agrees_with_the_endgame_with_cards():
    h1, h2 = hand_from_cards([0, 10, 10]), hand_from_cards([10, 50])
    rules = QuartetsRules(points=(500, 200))
    result = solve_quartets(rules, (4, 1), h1, h2, 2)
    one = solve_endgame(EndgameRules(), 1, h1, h2, 2).value
    win, lose = rules.score_difference((4, 4)), rules.score_difference((4, 0))
    assert result.value == lose + (win - lose) * (one + 1) / 2


@pytest.mark.parametrize("start", [((1, 3), 3, 2, 1), ((2, 1), 4, 4, 2), ((3, 2), 1, 5, 1), ((2, 2), 3, 3, 1)])
@pytest.mark.parametrize("next_challenger", list(NextChallenger))
def test_relabelling_the_players_negates_the_value(start, next_challenger):
    (a, b), m1, m2, c = start
    trade = EndgameRules(next_challenger=next_challenger)
    mine = solve_quartets(QuartetsRules((700, 400), (100,), (), trade), (a, b), m1, m2, c).value
    theirs = solve_quartets(QuartetsRules((700, 400), (), (100,), trade), (4 - a, 4 - b), m2, m1, 3 - c).value
    assert theirs == -mine


def test_relabelling_with_cards():
    h1, h2 = hand_from_cards([0, 10]), hand_from_cards([10, 10])
    mine = solve_quartets(QuartetsRules(), (1, 2), h1, h2, 1).value
    theirs = solve_quartets(QuartetsRules(), (3, 2), h2, h1, 2).value
    assert theirs == -mine


def test_separate_games_choice_is_wrong_here():
    # Money 5 against 4, player 1 challenges, owns 1 of quartet 0 (1000) and 2 of quartet 1 (500).
    # Alone, quartet 1 is won by player 1 (+1: he bids 5, more than player 2 has) and quartet 0 is
    # nearly lost (-0.92), so the separate games say: trade quartet 1 (500 x 1 > 1000 x -0.92). But
    # winning quartet 1 costs him 5 for player 2's 4, and then player 2 (5 against 4) takes quartet 0:
    # 500 against 1000, -500. Trading quartet 0 first does better for him.
    result = solve_quartets(QuartetsRules(points=(1000, 500)), (1, 2), 5, 4, 1)
    choice = result.choice
    assert choice is not None
    assert choice.separate == 1
    assert choice.quartet_values[1] == -500
    assert choice.best == (0,)
    assert choice.loss == choice.quartet_values[0] - choice.quartet_values[1] > 0
    assert result.value == choice.quartet_values[0]


@pytest.mark.parametrize("total", [3, 5])
def test_root_value_is_the_best_quartet_at_every_start(total):
    # the challenged sees which quartet is traded, so mixing over quartets cannot help the challenger:
    # the root's value is the best of the restricted stages (checked at every start, exactly)
    game = Quartets()
    table = quartets_table(QuartetsRules(), money_splits(total))
    solution = stochastic.solve(game, [row.state for row in table.rows])
    for row in table.rows:
        values = quartet_values(solution, row.state)
        best = max(values.values()) if row.state.challenger == 1 else min(values.values())
        assert row.value == best == solution.at(row.state).lower
    assert len(table.rows) == (total + 1) * 9 * 2
    # mirrored starts have mirrored verdicts: as many wrong choices with each challenger
    wrong = table.wrong
    assert sum(r.state.challenger == 1 for r in wrong) == sum(r.state.challenger == 2 for r in wrong)
    assert all(r.choice.loss > 0 for r in wrong)


def test_no_cycles():
    result = solve_quartets(QuartetsRules(), (1, 3), 4, 4, 1)
    assert result.counters["cyclic_components"] == 0
    assert sum(p.reach for p in result.plays if p.state.animals1 == (1, 3)) == pytest.approx(1.0)


def test_size_guard():
    with pytest.raises(InvalidInput, match="force"):
        solve_quartets(QuartetsRules(), (1, 3), 3000, 2, 1)


@pytest.mark.parametrize("money1,money2", [(3, 1), (2, 2), (0, 3), (5, 2)])
@pytest.mark.parametrize("challenger", [1, 2])
def test_all_in_check_agrees_with_the_endgame_when_the_other_quartet_is_complete(money1, money2, challenger):
    from parlour.analyses.cowtrade.endgame import all_in_is_optimal
    from parlour.analyses.cowtrade.quartets import all_in_optimal
    from parlour.games.cowtrade.endgame import Endgame, TradeState

    game = Quartets(QuartetsRules(points=(800, 300)))
    start = game.start((2, 4), money1, money2, challenger)
    mine = all_in_optimal(stochastic.solve(game, [start]), start, 0)
    one = TradeState(2, money1, money2, challenger)
    assert mine == all_in_is_optimal(stochastic.solve(Endgame(), [one]), one)


def test_table_with_money_cards():
    pool = [0, 10, 50]
    table = quartets_table(QuartetsRules(), money_splits(pool=pool))
    assert len(table.rows) == 2 ** 3 * 9 * 2
    for row in table.rows[:6]:
        alone = solve_quartets(QuartetsRules(), row.state.animals1, row.state.hand1, row.state.hand2,
                               row.state.challenger)
        assert alone.value == row.value
        assert alone.choice is not None and alone.choice.loss == row.choice.loss


def test_mixtures_have_the_one_set_end_games_list_shape():
    # both games' mixtures are lists with exact probabilities beside the floats, so one text serves both
    from parlour.analyses.cowtrade.endgame import _moves_text

    result = solve_quartets(QuartetsRules(), (2, 3), hand_from_cards([10, 50]), hand_from_cards([10, 10]), 1)
    first = result.plays[0]
    assert first.state == result.start
    offers = first.moves1  # player 1 challenges: his (quartet, offer) mixture
    assert all(set(m) == {"offer", "probability", "probability_exact"} for m in offers)
    assert sum(Fraction(m["probability_exact"]) for m in offers) == 1
    assert all(m["offer"].startswith("quartet ") for m in offers)
    for seen in first.moves2:  # player 2 answers per quartet and card count he sees
        assert seen["seen"].startswith("quartet ")
        assert sum(Fraction(a["probability_exact"]) for a in seen["answers"]) == 1
    assert _moves_text(first.moves2).startswith("[quartet ")
