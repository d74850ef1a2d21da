"""Win or Lose's grader: a scripted bad call graded with its exact loss (recomputed here over the opponent's 300
holdings card by card, not from the grid), the optimal calls (by the odds as Frank, the Bayesian Tina's) never
flagged, losses and luck adding up to the points scored, and bad records refused naming the move."""

import random
from fractions import Fraction
from itertools import combinations

import pytest

from parlour.analyses.review import winorlose
from parlour.analyses.review.core import GameRecord, review
from parlour.errors import FormatError
from parlour.games.winorlose.cards import DECK_SIZE, card_text, rank_counts
from parlour.games.winorlose.chance import deal_grid, win_chance
from parlour.games.winorlose.characters import Frank, Tina, frank_says_win, simple_tina_says_win
from parlour.games.winorlose.evaluate import multiset_code, score7
from parlour.games.winorlose.rules import Rules

RULES = Rules()  # the page's default scoring: right win 2, right lose 1, wrong win -2, wrong lose -1, ties 0


def score(cards):
    return score7(multiset_code(rank_counts(cards)))


def holdings(seen):
    return list(combinations([c for c in range(DECK_SIZE) if c not in seen], 2))


def outcome(mine, theirs, board):
    a, b = score([*mine, *board]), score([*theirs, *board])
    return "win" if a > b else "tie" if a == b else "lose"


def points_by_call(mine, board, keep=lambda theirs: True):
    """Each call's expected points over the opponent's holdings that `keep` allows, card by card."""
    out = {}
    for call in ("win", "lose"):
        kept = [h for h in holdings({*mine, *board}) if keep(h)]
        out[call] = Fraction(sum(RULES.points(call == "win", outcome(mine, h, board)) for h in kept), len(kept))
    return out


def deal_moves(mine, board):
    return {"by": "chance", "cards": [card_text(c) for c in mine], "table": [card_text(c) for c in board]}


MINE, BOARD = (28, 29), (0, 5, 10, 15, 20)  # a pair of 7s over 0 1 2 3 5: a strong hand


def test_calling_lose_with_a_strong_hand_as_frank_loses_exactly_the_difference():
    ev = points_by_call(MINE, BOARD)
    assert ev["win"] > ev["lose"]
    moves = [deal_moves(MINE, BOARD), {"by": "you", "prediction": "lose"}]
    r = review(GameRecord("winorlose", {"seat": "frank", "opponent": "smart"}, tuple(moves)))
    (d,) = r.decisions
    assert (d.move, d.best, d.loss) == ("lose", "win", ev["win"] - ev["lose"])
    assert d.grade == winorlose.THRESHOLDS.grade(d.loss) != "best"


def test_as_tina_the_call_is_worth_its_points_given_what_frank_said():
    frank = Frank.TIGHT

    def frank_says(theirs):
        return bool(frank_says_win(frank, win_chance(theirs, BOARD).wins, 300))

    said_win = False  # tight Frank saying lose leaves more of the weak hands
    ev = points_by_call(MINE, BOARD, keep=lambda h: frank_says(h) == said_win)
    worse = min(ev, key=lambda c: ev[c])
    moves = [deal_moves(MINE, BOARD), {"by": "opponent", "prediction": "lose"}, {"by": "you", "prediction": worse}]
    r = review(GameRecord("winorlose", {"seat": "tina", "opponent": "tight"}, tuple(moves)))
    (d,) = r.decisions
    assert d.loss == max(ev.values()) - ev[worse] and d.value == ev[worse]


def _bayesian_call(mine, board, frank, said):
    ev = points_by_call(mine, board, keep=lambda h: bool(frank_says_win(frank, win_chance(h, board).wins, 300)) == said)
    return "win" if ev["win"] >= ev["lose"] else "lose"


@pytest.mark.parametrize("seed", range(6))
def test_the_optimal_calls_are_never_flagged_and_luck_adds_up_to_the_points(seed):
    rng = random.Random(seed)
    cards = rng.sample(range(DECK_SIZE), 9)
    mine, theirs, board = tuple(cards[:2]), tuple(cards[2:4]), tuple(cards[4:])
    shown = {"by": "chance", "opponent_cards": [card_text(c) for c in theirs]}
    # as Frank: the call by the odds; smart Tina answers by her rule
    ev = points_by_call(mine, board)
    call = "win" if ev["win"] >= ev["lose"] else "lose"
    tina = simple_tina_says_win(Tina.SMART, win_chance(theirs, board).wins, call == "win", 300)
    moves = [deal_moves(mine, board), {"by": "you", "prediction": call},
             {"by": "opponent", "prediction": "win" if tina else "lose"}, shown]
    r = review(GameRecord("winorlose", {"seat": "frank", "opponent": "smart"}, tuple(moves)))
    assert [d.grade for d in r.decisions] == ["best"]
    scored = RULES.points(call == "win", outcome(mine, theirs, board))
    assert winorlose.deal_average(winorlose.settings_of(r_record(moves))) + sum(e.swing for e in r.luck) == scored
    # as Tina against normal Frank (the opponent's cards are Frank's): the Bayesian Tina's call
    said = bool(frank_says_win(Frank.NORMAL, win_chance(theirs, board).wins, 300))
    mine_call = _bayesian_call(mine, board, Frank.NORMAL, said)
    moves = [deal_moves(mine, board), {"by": "opponent", "prediction": "win" if said else "lose"},
             {"by": "you", "prediction": mine_call}, shown]
    settings = {"seat": "tina", "opponent": "normal"}
    r = review(GameRecord("winorlose", settings, tuple(moves)))
    assert [d.grade for d in r.decisions] == ["best"] and len(r.luck) == 3
    scored = RULES.points(mine_call == "win", outcome(mine, theirs, board))
    start = winorlose.deal_average(winorlose.settings_of(GameRecord("winorlose", settings, ())))
    assert start + sum(e.swing for e in r.luck) == scored


def r_record(moves):
    return GameRecord("winorlose", {"seat": "frank", "opponent": "smart"}, tuple(moves))


@pytest.mark.parametrize("settings", [{"seat": "frank", "opponent": "smart"}, {"seat": "tina", "opponent": "loose"}])
def test_the_average_before_the_deal_is_the_views_values_averaged(settings):
    grid = deal_grid()
    table = winorlose.settings_of(GameRecord("winorlose", settings, ()))
    total = weight = Fraction(0)
    for t in range(len(grid.table_ways)):
        for p in range(36):
            w = int(grid.table_ways[t]) * int(grid.own_ways[t, p])
            if w:
                total += w * winorlose.view_value(grid, table, t, p)
                weight += w
    assert total / weight == winorlose.deal_average(table)


@pytest.mark.parametrize(("moves", "words"), [
    ([{"by": "you", "prediction": "win"}], "move 1 must be by chance"),
    ([{"by": "chance", "cards": ["7c"], "table": ["0c", "1c", "2c", "3c", "4c"]}], "move 1's cards"),
    ([{"by": "chance", "cards": ["7c", "7c"], "table": ["0c", "1c", "2c", "3c", "4c"]}], "move 1: the card 7c"),
    ([deal_moves(MINE, BOARD), {"by": "you", "prediction": "maybe"}], "move 2's prediction"),
    ([deal_moves(MINE, BOARD), {"by": "you", "prediction": "win"}, {"by": "opponent", "prediction": "lose"},
      {"by": "chance", "opponent_cards": ["7c", "1h"]}], "move 4: the card 7c"),
])
def test_a_bad_win_or_lose_record_is_refused_naming_the_move(moves, words):
    with pytest.raises(FormatError, match=words):
        review(r_record(moves))


def test_bad_settings_are_refused():
    with pytest.raises(FormatError, match="seat"):
        review(GameRecord("winorlose", {"seat": "dealer"}, ()))
    with pytest.raises(FormatError, match="as Frank you play"):
        review(GameRecord("winorlose", {"seat": "frank", "opponent": "bayesian"}, ()))


def test_a_call_the_character_would_not_make_is_refused_naming_the_move():
    theirs = (30, 31)  # the other two 7s
    rule = simple_tina_says_win(Tina.SMART, win_chance(theirs, BOARD).wins, True, 300)
    moves = [deal_moves(MINE, BOARD), {"by": "you", "prediction": "win"},
             {"by": "opponent", "prediction": "lose" if rule else "win"},
             {"by": "chance", "opponent_cards": [card_text(c) for c in theirs]}]
    with pytest.raises(FormatError, match=f"move 3: smart Tina says {'win' if rule else 'lose'}"):
        review(r_record(moves))
