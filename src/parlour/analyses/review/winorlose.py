"""Win or Lose's grader: every prediction you make against the better call, exactly, in expected points.

A record of Win or Lose as the page plays it (you against one of the study's characters; docs/json.md, "Game records"):

    settings: {"seat": "frank" | "tina", "opponent": a Tina (blind, competitive, cooperative, smart) when you sit
               as Frank, a Frank (loose, normal, tight) when you sit as Tina, "tie": ..., "chance": ...}
    moves:    per round, in the order the page shows them:
              {"by": "chance", "cards": [your 2 cards], "table": [the 5 table cards]}           the deal
              {"by": "opponent", "prediction": "win" | "lose"}                                   Frank first (seat tina)
              {"by": "you", "prediction": "win" | "lose"}
              {"by": "opponent", "prediction": "win" | "lose"}                                   Tina's (seat frank)
              {"by": "chance", "opponent_cards": [the opponent's 2 cards]}                      the showdown
    (cards as the page writes them: rank 0..7 and suit letter, "3h")

**Your prediction** is worth its expected points given what you know: your cards and the table, the opponent's
300 possible holdings equally likely; as Tina, only those holdings with which Frank (whose rule the settings
name) says what he said. A player's points depend only on their own call and the hands, so the better call is a
plain maximum and the study's Bayesian Tina (and, as Frank, the call by the odds) always makes it: she is never
flagged. The characters' calls are the study's fixed rules of thumb, not decisions of a player: they are checked
against their rule once the cards are shown, never graded.

**Luck** (yours): the deal moves your expected points from their average over every deal (best calls
throughout) to your view's; as Tina, Frank's statement then moves them to the view given his statement; the
showdown moves them from your call's expected points to the points it scored. Losses and swings telescope.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from parlour.analyses.review.core import Decision, GameRecord, Luck, Review, Status, decision
from parlour.analyses.review.scales import scale
from parlour.errors import FormatError, InvalidInput, shown
from parlour.games.winorlose.cards import card_text, parse_cards
from parlour.games.winorlose.chance import HOLDINGS, DealGrid, deal_grid
from parlour.games.winorlose.characters import (
    FRANK_THRESHOLD,
    Frank,
    Tina,
    cutoff,
    frank_says_win,
    parse_frank,
    parse_tina,
    simple_tina_says_win,
)
from parlour.games.winorlose.rules import Rules, parse_chance_rule, parse_tie_rule

UNIT, THRESHOLDS = scale("winorlose")
TINAS = (Tina.BLIND, Tina.COMPETITIVE, Tina.COOPERATIVE, Tina.SMART)  # the page's opponents for Frank
CALLS = ("win", "lose")


@dataclass(frozen=True)
class Table:
    """The settings, parsed: your seat, the opponent's rule, the scoring."""

    seat: str
    opponent: Frank | Tina
    rules: Rules


def settings_of(record: GameRecord) -> Table:
    s = record.settings
    seat = s.get("seat", "frank")
    if seat not in ("frank", "tina"):
        raise FormatError(f"the record's seat must be frank or tina, got {shown(seat)}")
    text = s.get("opponent", "smart" if seat == "frank" else "normal")
    if not isinstance(text, str):
        raise FormatError(f"the record's opponent must be a character's name, got {shown(text)}")
    opponent: Frank | Tina = parse_tina(text) if seat == "frank" else parse_frank(text)
    if seat == "frank" and opponent not in TINAS:
        raise FormatError(f"as Frank you play blind, competitive, cooperative or smart Tina, got {shown(text)}")
    tie, chance = s.get("tie", "zero"), s.get("chance", "beats")
    if not isinstance(tie, str) or not isinstance(chance, str):
        raise FormatError(f"the record's tie and chance rules must be names, got {shown(tie)}, {shown(chance)}")
    return Table(str(seat), opponent, Rules(tie=parse_tie_rule(tie), chance=parse_chance_rule(chance)))


def expected(rules: Rules, counts: Sequence[int]) -> dict[str, Fraction]:
    """Each call's expected points given (wins, ties, losses) weights of the outcomes."""
    lose_row, win_row = rules.points_table()
    whole = sum(counts)
    return {call: Fraction(sum(p * c for p, c in zip(row, counts, strict=True)), whole)
            for call, row in (("win", win_row), ("lose", lose_row))}


@lru_cache(maxsize=4)
def numerators(rules: Rules) -> Any:
    """(T, 36): every view's win-chance numerator under `rules` (what the characters act on), made once."""
    return deal_grid().chance_numerators(rules)


def frank_cut(table: Table) -> int:
    assert isinstance(table.opponent, Frank)
    return cutoff(FRANK_THRESHOLD[table.opponent], table.rules.chance_denominator)


def view_counts(grid: DealGrid, table: Table, t: int, p: int, said: bool | None) -> tuple[int, int, int]:
    """Your (wins, ties, losses) over the opponent's holdings you cannot rule out: all 300 as Frank; as Tina
    the holdings with which Frank says `said` (weighted by their ways)."""
    if said is None:
        wins, ties = int(grid.wins[t, p]), int(grid.ties[t, p])
        return wins, ties, HOLDINGS - wins - ties
    numer = numerators(table.rules)[t]
    ways = grid.opp_ways[t, p] * ((numer >= frank_cut(table)) == said)
    key, theirs = grid.key[t, p], grid.key[t]
    return int((ways * (key > theirs)).sum()), int((ways * (key == theirs)).sum()), int((ways * (key < theirs)).sum())


def view_value(grid: DealGrid, table: Table, t: int, p: int) -> Fraction:
    """Your expected points with best calls once you see your view (as Tina, before Frank speaks)."""
    if table.seat == "frank":
        return max(expected(table.rules, view_counts(grid, table, t, p, None)).values())
    total = Fraction(0)
    for said in (True, False):
        counts = view_counts(grid, table, t, p, said)
        if sum(counts):
            total += max(expected(table.rules, counts).values()) * Fraction(sum(counts), HOLDINGS)
    return total


@lru_cache(maxsize=32)
def deal_average(table: Table) -> Fraction:
    """Your expected points before the deal, best calls throughout: `view_value` averaged over every deal."""
    import numpy as np

    grid = deal_grid()
    lose_row, win_row = table.rules.points_table()
    weight = grid.table_ways[:, None].astype(object) * grid.own_ways

    def best(w: Any, ti: Any, lo: Any) -> Any:
        return np.maximum(win_row[0] * w + win_row[1] * ti + win_row[2] * lo,
                          lose_row[0] * w + lose_row[1] * ti + lose_row[2] * lo)

    if table.seat == "frank":
        points = best(grid.wins, grid.ties, HOLDINGS - grid.wins - grid.ties)
    else:
        says = numerators(table.rules) >= frank_cut(table)  # (T, Frank's pair)
        mine, theirs = grid.key[:, :, None], grid.key[:, None, :]
        points = 0
        for said in (True, False):
            ways = grid.opp_ways * (says == said)[:, None, :]
            points = points + best((ways * (mine > theirs)).sum(2), (ways * (mine == theirs)).sum(2),
                                   (ways * (mine < theirs)).sum(2))
    return Fraction(int((weight * points).sum()), int(weight.sum()) * HOLDINGS)


def _cards(move: Mapping[str, Any], field: str, size: int, k: int) -> list[str]:
    cards = move.get(field)
    if not isinstance(cards, list) or len(cards) != size or not all(isinstance(c, str) for c in cards):
        raise FormatError(f"move {k}'s {field} must be a list of {size} cards such as \"3h\", got {shown(cards)}")
    return [str(c) for c in cards]


def _call(move: Mapping[str, Any], k: int) -> bool:
    said = move.get("prediction")
    if said not in CALLS:
        raise FormatError(f"move {k}'s prediction must be win or lose, got {shown(said)}")
    return bool(said == "win")


ROUND = {"frank": ("deal", "you", "opponent", "showdown"), "tina": ("deal", "opponent", "you", "showdown")}
BY = {"deal": "chance", "showdown": "chance", "you": "you", "opponent": "opponent"}


@dataclass
class Round:
    """One round of the record as it is read (plies of its moves, your view, the calls)."""

    deal_ply: int
    view: tuple[int, int]
    cards: list[int]
    calls: dict[str, tuple[int, bool]]  # "you" / "opponent" -> (ply, says win)
    shown: list[int] | None = None  # the opponent's cards, once the showdown is in the record
    showdown_ply: int = 0


def rounds_of(record: GameRecord, table: Table, grid: DealGrid) -> list[Round]:
    """The record's rounds, each move's player and fields checked in the page's order."""
    order = ROUND[table.seat]
    out: list[Round] = []
    for index, move in enumerate(record.moves):
        k, step = index + 1, order[index % len(order)]
        if move.get("by") != BY[step]:
            raise FormatError(f"move {k} must be by {BY[step]} ({'the ' + step if BY[step] == 'chance' else 'a call'})"
                              f", got {shown(move.get('by'))}")
        try:
            if step == "deal":
                mine, board = parse_cards([(",".join(_cards(move, "cards", 2, k)), "your cards", 2),
                                           (",".join(_cards(move, "table", 5, k)), "the table", 5)])
                out.append(Round(k, grid.view(mine, board), mine + board, {}))
            elif step == "showdown":
                theirs = _cards(move, "opponent_cards", 2, k)
                out[-1].shown = parse_cards([(",".join(card_text(c) for c in out[-1].cards), "the deal", 7),
                                             (",".join(theirs), "the opponent's cards", 2)])[1]
                out[-1].showdown_ply = k
            else:
                out[-1].calls[step] = (k, _call(move, k))
        except InvalidInput as exc:
            raise FormatError(f"move {k}: {exc}") from exc
    return out


def check_opponent(grid: DealGrid, table: Table, r: Round) -> None:
    """The opponent's call must be the one its rule makes with the cards shown."""
    assert r.shown is not None
    ply, said = r.calls["opponent"]
    t, _ = r.view
    _, theirs = grid.view(r.shown, r.cards[2:])
    c = int(numerators(table.rules)[t, theirs])
    den = table.rules.chance_denominator
    if isinstance(table.opponent, Frank):
        rule = bool(frank_says_win(table.opponent, c, den))
    else:
        rule = bool(simple_tina_says_win(table.opponent, c, r.calls["you"][1], den))
    if rule != said:
        raise FormatError(f"move {ply}: {table.opponent.value} {'Frank' if table.seat == 'tina' else 'Tina'} says "
                          f"{'win' if rule else 'lose'} with the cards shown, not {'win' if said else 'lose'}")


def round_review(grid: DealGrid, table: Table, r: Round) -> tuple[list[Decision], list[Luck]]:
    t, p = r.view
    now = view_value(grid, table, t, p)
    luck = [Luck(r.deal_ply, "you", "deal", deal_average(table), now)]
    heard = None
    if table.seat == "tina" and "opponent" in r.calls:
        ply, heard = r.calls["opponent"]
        counts = view_counts(grid, table, t, p, heard)
        if not sum(counts):
            raise FormatError(f"move {ply}: {table.opponent.value} Frank never says {'win' if heard else 'lose'} "
                              "when you hold these cards")
        after = max(expected(table.rules, counts).values())
        luck.append(Luck(ply, "you", f"Frank says {'win' if heard else 'lose'}", now, after))
    if "you" not in r.calls:
        return [], luck
    ply, says = r.calls["you"]
    values = expected(table.rules, view_counts(grid, table, t, p, heard))
    call = "win" if says else "lose"
    best = call if values[call] == max(values.values()) else "lose" if call == "win" else "win"
    graded = decision(ply, "you", call, best, values[call], values[best], THRESHOLDS)
    if r.shown is None:
        return [graded], luck
    if "opponent" in r.calls:
        check_opponent(grid, table, r)
    _, theirs = grid.view(r.shown, r.cards[2:])
    mine, other = int(grid.key[t, p]), int(grid.key[t, theirs])
    outcome = "win" if mine > other else "tie" if mine == other else "lose"
    points = Fraction(table.rules.points(says, outcome))
    luck.append(Luck(r.showdown_ply, "you", f"showdown: you {outcome}", values[call], points))
    return [graded], luck


def review(record: GameRecord) -> Review:
    """Your predictions graded against the better call, and the luck of each deal, statement and showdown."""
    table = settings_of(record)
    grid = deal_grid()
    decisions: list[Decision] = []
    luck: list[Luck] = []
    rounds = rounds_of(record, table, grid)
    for r in rounds:
        d, e = round_review(grid, table, r)
        decisions += d
        luck += e
    notes = {"seat": table.seat, "opponent": table.opponent.value, "rounds": len(rounds),
             "points": sum(int(e.after) for e in luck if e.event.startswith("showdown"))}
    return Review(game="winorlose", unit=UNIT, thresholds=THRESHOLDS, players=("you",), decisions=tuple(decisions),
                  luck=tuple(luck), notes=notes, status=Status.EXACT,
                  method="exact counts over the opponent's holdings (and Frank's statement)")


__all__ = ["THRESHOLDS", "UNIT", "Round", "deal_average", "expected", "review", "rounds_of", "settings_of",
           "view_counts", "view_value"]
