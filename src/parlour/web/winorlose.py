"""The Win or Lose page (the study's GUI rebuilt) and its JSON API, as a router the app factory mounts.

The server keeps no game state: the page sends the running totals and Learning Tina's bounds with each
request and gets the new ones back, so several tabs (and tests) never see each other's games and a
restart loses nothing that matters.

Mounted at /winorlose/ (paths below are relative to it):

  GET  /                   the page (templates/winorlose.html, static/winorlose.js and .css)
  GET  /api/types          the character types and rule options
  POST /api/play           play `rounds` rounds (Start: 1, Loop!: the count) after the given state
  GET  /api/chance         exact win chance of a view: ?hand=3,5&table=0,1,2,6,7
  POST /api/deal           you play: your two cards and the table (and Frank's prediction when you sit as Tina)
  POST /api/predict        you play: your prediction for that deal; the round scored by the study's rules, your
                           exact win chance and what each character would have predicted with your cards
  POST /api/at             the analysis board's step: a game record's main line replayed to move `ply`
  POST /api/line           retry from here: a finished round of a record called again (the same cards)

A game you play is kept by the page as a record (docs/json.md, "Game records"): each answer carries its `moves`.
The record names only cards you have seen (never a deal's seed), so a link of a round in progress hides the
opponent's cards; /api/at replays any record from its cards, checking each character's call against its rule.

Work is bounded rather than cancelled: one request plays at most MAX_ROUNDS rounds, about half a second
on the 2-core machine (bench/bench_web.py), so a client that leaves costs at most that; the page loops
longer runs as several requests.

Numbers in answers follow docs/json.md (`win` float + `win_exact` "p/q"); `state` is the page's own
opaque record (chance numerators), sent back unchanged with the next request.
"""

from __future__ import annotations

import secrets
from fractions import Fraction
from typing import Any

import numpy as np
from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, Field

from parlour.analyses.review.core import GameRecord
from parlour.analyses.review.winorlose import Round, rounds_of, settings_of
from parlour.analyses.winorlose import Series, resume, view_chance
from parlour.analyses.winorlose import play as play_rounds
from parlour.analyses.winorlose.tournament import exact_pairing
from parlour.errors import FormatError, InvalidInput, shown
from parlour.games.winorlose.cards import card_text, parse_cards
from parlour.games.winorlose.chance import HOLDINGS, WinChance, deal_grid
from parlour.games.winorlose.characters import (
    FRANK_THRESHOLD,
    Frank,
    Tina,
    best_prediction,
    conditional_outcomes,
    cutoff,
    frank_says_win,
    parse_frank,
    parse_tina,
    simple_tina_says_win,
)
from parlour.games.winorlose.evaluate import CATEGORY_NAMES, category_of, score_code
from parlour.games.winorlose.play import Deal, random_deal
from parlour.games.winorlose.rules import ChanceRule, Rules, TieRule, parse_chance_rule, parse_tie_rule
from parlour.results import exact, jsonable
from parlour.web.common import one_of, render, whole_number
from parlour.web.review import AtRequest, page_record

MAX_ROUNDS = 10_000  # one request: about 0.5 s on the 2-core machine (bench/bench_web.py)
MAX_TOTAL = 10**9  # rounds in one game: far beyond what a page plays, far below what breaks anything
POINTS = 2  # the most points one round wins or loses

router = APIRouter()


class GameState(BaseModel):
    rounds: int = Field(default=0, ge=0, le=MAX_TOTAL)
    frank_points: int = Field(default=0, ge=-POINTS * MAX_TOTAL, le=POINTS * MAX_TOTAL)
    tina_points: int = Field(default=0, ge=-POINTS * MAX_TOTAL, le=POINTS * MAX_TOTAL)
    tina_rounds_ahead: int = Field(default=0, ge=0, le=MAX_TOTAL)
    frank_rounds_ahead: int = Field(default=0, ge=0, le=MAX_TOTAL)
    highest_lose: int = Field(default=-1, ge=-1, le=10**6)
    lowest_win: int = Field(default=-1, ge=-1, le=10**6)

    def check(self) -> None:
        """The whole state must be one that playing could have produced."""
        if max(abs(self.frank_points), abs(self.tina_points)) > POINTS * self.rounds:
            raise InvalidInput(f"the state's points cannot be reached in {self.rounds} rounds")
        if self.tina_rounds_ahead + self.frank_rounds_ahead > self.rounds:
            raise InvalidInput(f"the state's rounds ahead add up to more than the {self.rounds} rounds played")
        if self.lowest_win >= 0 and self.highest_lose >= self.lowest_win:
            raise InvalidInput("the state's Learning bounds contradict each other (a loss at or above a win)")
        if self.rounds == 0 and (self.highest_lose, self.lowest_win) != (-1, -1):
            raise InvalidInput("the state has Learning bounds but no rounds played")


class PlayRequest(BaseModel):
    frank: str = "normal"
    tina: str = "blind"
    rounds: Any = 1  # checked by hand, so a bad field gets our sentence rather than pydantic's
    tie: str = TieRule.ZERO.value
    chance: str = ChanceRule.BEATS.value
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    state: GameState | None = None


def _state(series: Series) -> GameState:
    return GameState(
        rounds=series.rounds,
        frank_points=series.frank_points,
        tina_points=series.tina_points,
        tina_rounds_ahead=series.tina_rounds_ahead,
        frank_rounds_ahead=series.frank_rounds_ahead,
        highest_lose=series.learning.highest_lose,
        lowest_win=series.learning.lowest_win,
    )


def play(req: PlayRequest) -> dict[str, Any]:
    frank, tina = parse_frank(req.frank), parse_tina(req.tina)
    rules = Rules(tie=parse_tie_rule(req.tie), chance=parse_chance_rule(req.chance))
    rounds = whole_number(req.rounds, "the number of rounds", 1, MAX_ROUNDS)
    state = req.state or GameState()
    state.check()
    if state.rounds + rounds > MAX_TOTAL:
        raise InvalidInput(f"a game on this page ends at {MAX_TOTAL} rounds; press Clear to start a new one")
    start = resume(frank, tina, rules, **state.model_dump())
    series = play_rounds(frank, tina, rounds, seed=req.seed, rules=rules, start=start)
    out = jsonable(series)
    out["state"] = _state(series).model_dump()
    out["played"] = rounds
    return out


@router.get("/", response_class=HTMLResponse)
def page(request: Request) -> HTMLResponse:
    return render(
        request,
        "winorlose.html",
        game="winorlose",
        franks=[(f.value, str(FRANK_THRESHOLD[f])) for f in Frank],
        tinas=[t.value for t in Tina],
        ties=[t.value for t in TieRule],
        chances=[c.value for c in ChanceRule],
        you_rounds=YOU_ROUNDS,
    )


@router.get("/api/types")
def types() -> dict[str, Any]:
    return {
        "frank": {f.value: str(FRANK_THRESHOLD[f]) for f in Frank},
        "tina": [t.value for t in Tina],
        "tie": [t.value for t in TieRule],
        "chance": [c.value for c in ChanceRule],
        "max_rounds": MAX_ROUNDS,
    }


INLINE_ROUNDS = 100  # up to this many rounds (about a millisecond) a request is answered on the event loop


@router.post("/api/play")
async def api_play(req: PlayRequest) -> JSONResponse:
    # A short request is answered on the event loop itself: sent to the thread pool, a crowd of them made
    # forty threads fight the loop for the GIL, and p99 of bench/bench_web.py's 100 clients stayed above 1 s.
    # Longer loops (up to MAX_ROUNDS, ~0.5 s) go to the pool so that they do not stall the others.
    # `play` returns plain JSON values: a JSONResponse skips FastAPI's second encoding pass over them.
    small = isinstance(req.rounds, int) and not isinstance(req.rounds, bool) and req.rounds <= INLINE_ROUNDS
    return JSONResponse(play(req) if small else await run_in_threadpool(play, req))


@router.get("/api/chance")
def api_chance(hand: str, table: str) -> dict[str, Any]:
    for text, what in ((hand, "hand"), (table, "table")):
        if len(text) > 40 or not text.isascii():
            raise InvalidInput(f"{what} must be a few cards written in ASCII like 3,5h, got {shown(text)}")
    own, tab = parse_cards([(hand, "hand", 2), (table, "table", 5)])
    return view_chance(own, tab).to_json()


def headline() -> str:
    """Smart Tina against normal Frank over one round, counted over every deal."""
    result = exact_pairing(Frank.NORMAL, Tina.SMART, rounds=1)
    ahead = result.p_tina_more_in_a_round
    share = float(ahead) if isinstance(ahead, Fraction) else ahead.estimate
    return f"Smart Tina ends a round ahead of normal Frank in {100 * share:.1f} % of deals"


# ---- you play: a hand against a chosen character -------------------------------------------------------------
# The server keeps nothing: the deal is named by its seed, sent back with the prediction (the opponent's cards
# are only in the answer to that). The person sits as Frank (predicts first) against one of the study's
# rule-of-thumb Tinas, or as Tina (hears Frank first) against one of the three Franks.

SEATS = ("frank", "tina")
RULE_OF_THUMB_TINAS = (Tina.BLIND, Tina.COMPETITIVE, Tina.COOPERATIVE, Tina.SMART)
DEAL_SEED_MAX = 10**12 - 1  # twelve digits: what common.whole_number accepts
MAX_YOU_ROUNDS = 10**6
YOU_ROUNDS = 10  # a game on the page when you play (the score is the study's; the page counts the rounds)


class YouState(BaseModel):
    rounds: int = Field(default=0, ge=0, le=MAX_YOU_ROUNDS)
    you_points: int = Field(default=0, ge=-POINTS * MAX_YOU_ROUNDS, le=POINTS * MAX_YOU_ROUNDS)
    opponent_points: int = Field(default=0, ge=-POINTS * MAX_YOU_ROUNDS, le=POINTS * MAX_YOU_ROUNDS)
    right: int = Field(default=0, ge=0, le=MAX_YOU_ROUNDS)
    # 300 x the points that predicting by the odds (the call with more expected points) expects, summed
    odds_300: int = Field(default=0, ge=-POINTS * HOLDINGS * MAX_YOU_ROUNDS, le=POINTS * HOLDINGS * MAX_YOU_ROUNDS)

    def check(self) -> None:
        if max(abs(self.you_points), abs(self.opponent_points)) > POINTS * self.rounds or self.right > self.rounds \
                or abs(self.odds_300) > POINTS * HOLDINGS * self.rounds:
            raise InvalidInput(f"the state's points cannot be reached in {self.rounds} rounds")


class DealRequest(BaseModel):
    seat: Any = "frank"
    opponent: Any = "smart"
    tie: str = TieRule.ZERO.value
    chance: str = ChanceRule.BEATS.value
    deal: Any = None  # a seed, to replay a deal


class PredictRequest(DealRequest):
    prediction: Any = None
    state: YouState | None = None


def _seat_and_opponent(req: DealRequest) -> tuple[str, Frank | Tina]:
    seat = one_of(req.seat, "your seat", SEATS)
    if seat == "frank":
        tina = parse_tina(req.opponent) if isinstance(req.opponent, str) else None
        if tina not in RULE_OF_THUMB_TINAS:
            raise InvalidInput("as Frank you play one of the study's Tinas: blind, competitive, cooperative or "
                               f"smart, got {shown(req.opponent)}")
        return seat, tina
    if not isinstance(req.opponent, str):
        raise InvalidInput(f"as Tina you play one of the Franks: loose, normal or tight, got {shown(req.opponent)}")
    return seat, parse_frank(req.opponent)


def _rules(req: DealRequest) -> Rules:
    return Rules(tie=parse_tie_rule(req.tie), chance=parse_chance_rule(req.chance))


def _deal(req: DealRequest) -> tuple[int, Deal]:
    seed = secrets.randbelow(DEAL_SEED_MAX + 1) if req.deal is None else whole_number(
        req.deal, "the deal", 0, DEAL_SEED_MAX)
    return seed, random_deal(np.random.default_rng(seed))


def _views(deal: Deal, rules: Rules) -> dict[str, Any]:
    """Per seat: the grid's view index, the chance numerator the characters act on, the hand's key."""
    grid = deal_grid()
    numer = grid.chance_numerators(rules)
    t, f = grid.view(deal.frank, deal.table)
    _, g = grid.view(deal.tina, deal.table)
    return {"grid": grid, "numer": numer, "t": t, "frank": f, "tina": g,
            "c_frank": int(numer[t, f]), "c_tina": int(numer[t, g])}


def _frank_prediction(kind: Frank, v: dict[str, Any], den: int) -> bool:
    return bool(frank_says_win(kind, v["c_frank"], den))


def _tina_prediction(kind: Tina, frank: Frank | None, frank_win: bool, v: dict[str, Any], rules: Rules) -> bool | None:
    """What Tina of `kind` says with her cards after Frank's statement (Bayesian needs Frank's type)."""
    den = rules.chance_denominator
    if kind in RULE_OF_THUMB_TINAS:
        return bool(simple_tina_says_win(kind, v["c_tina"], frank_win, den))
    if kind is Tina.BAYESIAN and frank is not None:
        grid, t, g = v["grid"], v["t"], v["tina"]
        w, ti, lo = conditional_outcomes(int(grid.key[t, g]), grid.key[t], grid.opp_ways[t, g], v["numer"][t],
                                         frank_win, cutoff(FRANK_THRESHOLD[frank], den))
        return bool(best_prediction(rules, w, ti, lo))
    return None


def _word(win: bool) -> str:
    return "win" if win else "lose"


def _deal_moves(seat: str, cards: list[str], table: list[str], frank_said: str | None) -> list[dict[str, Any]]:
    """The record's moves of a deal (docs/json.md, "Game records"): your cards and the table; as Tina, Frank's word."""
    moves: list[dict[str, Any]] = [{"by": "chance", "cards": cards, "table": table}]
    if seat == "tina":
        moves.append({"by": "opponent", "prediction": frank_said})
    return moves


@router.post("/api/deal")
def deal_json(req: DealRequest) -> dict[str, Any]:
    seat, opponent = _seat_and_opponent(req)
    rules = _rules(req)
    seed, deal = _deal(req)
    out: dict[str, Any] = {"deal": seed, "seat": seat, "opponent": opponent.value,
                           "cards": [card_text(c) for c in (deal.frank if seat == "frank" else deal.tina)],
                           "table": [card_text(c) for c in deal.table]}
    if seat == "tina":  # Frank speaks first: you hear him
        assert isinstance(opponent, Frank)
        out["opponent_prediction"] = _word(_frank_prediction(opponent, _views(deal, rules), rules.chance_denominator))
    # no seed in the moves: a record (and the page's link) names only the cards you see
    out["moves"] = _deal_moves(seat, out["cards"], out["table"], out.get("opponent_prediction"))
    return out


@router.post("/api/predict")
def predict_json(req: PredictRequest) -> dict[str, Any]:
    seat, opponent = _seat_and_opponent(req)
    rules = _rules(req)
    if req.deal is None:
        raise InvalidInput("the deal is missing: press Deal first")
    seed, deal = _deal(req)
    said = one_of(req.prediction, "your prediction", ("win", "lose")) == "win"
    state = req.state or YouState()
    state.check()
    if state.rounds >= MAX_YOU_ROUNDS:
        raise InvalidInput(f"a game on this page ends at {MAX_YOU_ROUNDS} rounds; start a new one")
    return {"deal": seed, **round_answer(seat, opponent, rules, deal, said, state)}


def _characters(seat: str, opponent: Frank | Tina, frank_win: bool, v: dict[str, Any], rules: Rules) -> dict[str, str]:
    """What each character would have said with your cards (as Tina: after Frank's actual word)."""
    if seat == "frank":  # the Franks with your cards; each Tina's answer is to what that Frank would say
        return {f.value: _word(_frank_prediction(f, v, rules.chance_denominator)) for f in Frank}
    assert isinstance(opponent, Frank)
    characters = {}
    for kind in (*RULE_OF_THUMB_TINAS, Tina.BAYESIAN):
        says = _tina_prediction(kind, opponent, frank_win, v, rules)
        if says is not None:
            characters[kind.value] = _word(says)
    return characters


def round_answer(seat: str, opponent: Frank | Tina, rules: Rules, deal: Deal, said: bool,
                 state: YouState) -> dict[str, Any]:
    """One round you called `said` on `deal`, scored by the study's rules after `state`: what the page shows after
    a call (both hands, the opponent's call, the exact chances, the call by the odds) and the record's moves."""
    v = _views(deal, rules)
    den = rules.chance_denominator
    grid, t = v["grid"], v["t"]
    if seat == "frank":
        assert isinstance(opponent, Tina)
        frank_win, tina_win = said, bool(_tina_prediction(opponent, None, said, v, rules))
    else:
        assert isinstance(opponent, Frank)
        frank_win = _frank_prediction(opponent, v, den)
        tina_win = said
    key_f, key_t = int(grid.key[t, v["frank"]]), int(grid.key[t, v["tina"]])
    out_f = "win" if key_f > key_t else "tie" if key_f == key_t else "lose"
    out_t = {"win": "lose", "lose": "win", "tie": "tie"}[out_f]

    def player(cards: tuple[int, ...], index: int, key: int, says: bool, outcome: str) -> dict[str, Any]:
        wins, ties = int(grid.wins[t, index]), int(grid.ties[t, index])
        chance = WinChance(wins, ties, HOLDINGS - wins - ties)
        return {"cards": [card_text(c) for c in cards], "score": score_code(key),
                "combination": CATEGORY_NAMES[category_of(key)], "chance": chance.to_json(),
                **exact("acts_on", chance.chance(rules)),
                "prediction": _word(says), "outcome": outcome, "points": rules.points(says, outcome)}

    frank = player(deal.frank, v["frank"], key_f, frank_win, out_f)
    tina = player(deal.tina, v["tina"], key_t, tina_win, out_t)
    you, them = (frank, tina) if seat == "frank" else (tina, frank)
    best = "win" if rules.points(True, you["outcome"]) >= rules.points(False, you["outcome"]) else "lose"
    # by the odds: the call with more expected points over the opponent's 300 hands (his statement aside)
    c = you["chance"]
    lose_row, win_row = rules.points_table()
    ev = {word: sum(p * k for p, k in zip(row, (c["wins"], c["ties"], c["losses"]), strict=True))
          for word, row in (("win", win_row), ("lose", lose_row))}
    odds = "win" if ev["win"] >= ev["lose"] else "lose"
    new = YouState(rounds=state.rounds + 1, you_points=state.you_points + you["points"],
                   opponent_points=state.opponent_points + them["points"],
                   right=state.right + (you["prediction"] == best), odds_300=state.odds_300 + ev[odds])
    calls = [{"by": "you", "prediction": you["prediction"]}]
    if seat == "frank":  # Tina answers after you
        calls.append({"by": "opponent", "prediction": them["prediction"]})
    return {"seat": seat, "opponent": opponent.value, "table": [card_text(c) for c in deal.table],
            "you": you, "them": them, "characters": _characters(seat, opponent, frank_win, v, rules),
            "hindsight": best, "by_the_odds": odds,
            **exact("expected_win_call", Fraction(ev["win"], HOLDINGS)),
            **exact("expected_lose_call", Fraction(ev["lose"], HOLDINGS)),
            **exact("odds_total", Fraction(new.odds_300, HOLDINGS)), "state": new.model_dump(),
            "moves": [*calls, {"by": "chance", "opponent_cards": them["cards"]}]}


# ---- the analysis board: the page's record replayed ----------------------------------------------------------
# A record names the cards you saw and, once a round is over, the opponent's; never a deal's seed, so a link of a
# round in progress cannot show the opponent's cards (its round cannot be called from the link either).

ROUND_MOVES = 4  # deal, two calls, showdown


class LineRequest(BaseModel):
    record: Any = None
    start: Any = None
    prediction: Any = None


def _deal_of(seat: str, r: Round) -> Deal:
    assert r.shown is not None
    mine, board, theirs = (r.cards[0], r.cards[1]), tuple(r.cards[2:]), (r.shown[0], r.shown[1])
    frank, tina = (mine, theirs) if seat == "frank" else (theirs, mine)
    return Deal(frank, tina, (board[0], board[1], board[2], board[3], board[4]))


def _unfinished(r: Round) -> dict[str, Any]:
    """The round at a position before its showdown: what you saw (the opponent's cards stay hidden)."""
    return {"cards": [card_text(c) for c in r.cards[:2]], "table": [card_text(c) for c in r.cards[2:]],
            "calls": {who: _word(said) for who, (_, said) in r.calls.items()}}


def replay(record: GameRecord, ply: int) -> dict[str, Any]:
    """The position after the first `ply` moves of a record's main line: each finished round as the page's answer
    to its call (the same as /api/predict's, without the seed), the round in progress as far as it went, and the
    running state. The opponent's recorded calls must be the ones its rule makes."""
    table = settings_of(record)
    cut = GameRecord(record.game, record.settings, record.moves[:ply])
    state, answers, current = YouState(), [], None
    for r in rounds_of(cut, table, deal_grid()):
        if r.shown is None:
            current = _unfinished(r)
            break
        answer = round_answer(table.seat, table.opponent, table.rules, _deal_of(table.seat, r), r.calls["you"][1],
                              state)
        at, said = r.calls["opponent"]
        if answer["them"]["prediction"] != _word(said):
            raise FormatError(f"move {at}: {table.opponent.value} {'Frank' if table.seat == 'tina' else 'Tina'} "
                              f"says {answer['them']['prediction']} with the cards shown, not {_word(said)}")
        answers.append(answer)
        state = YouState(**answer["state"])
    return {"ply": ply, "seat": table.seat, "opponent": table.opponent.value, "rounds": answers, "current": current,
            "state": state.model_dump()}


@router.post("/api/at")
def api_at(req: AtRequest) -> dict[str, Any]:
    """The analysis board's step: the position after the first `ply` moves of a record (every finished round up to
    there as its answer, the round in progress as far as it went)."""
    record = page_record(req.record, "winorlose", "games of Win or Lose")
    return replay(record, whole_number(req.ply, "the move", 0, len(record.moves)))


@router.post("/api/line")
def api_line(req: LineRequest) -> dict[str, Any]:
    """Retry from here: a finished round of the record played again from your call (the same cards, the call
    `prediction`), the opponent answering by its rule; the answer as /api/predict's and the side line's moves."""
    record = page_record(req.record, "winorlose", "games of Win or Lose")
    table = settings_of(record)
    offset = 1 if table.seat == "frank" else 2  # your call's position in a round
    start = whole_number(req.start, "the move to retry from", 0, len(record.moves))
    if start % ROUND_MOVES != offset or start - offset + ROUND_MOVES > len(record.moves):
        raise InvalidInput("retry from here replays a finished round from your call; move " + str(start) +
                           " is not the position before your call in a finished round")
    said = one_of(req.prediction, "your prediction", ("win", "lose")) == "win"
    round_start = start - offset
    before = replay(record, round_start)
    cut = GameRecord(record.game, record.settings, record.moves[:round_start + ROUND_MOVES])
    r = rounds_of(cut, table, deal_grid())[-1]
    answer = round_answer(table.seat, table.opponent, table.rules, _deal_of(table.seat, r), said,
                          YouState(**before["state"]))
    # as Tina your call comes after Frank's word, which the line starts after
    return {**answer, "line": {"from": start, "moves": answer["moves"]}}


__all__ = [
    "DEAL_SEED_MAX", "INLINE_ROUNDS", "MAX_ROUNDS", "MAX_TOTAL", "MAX_YOU_ROUNDS", "POINTS", "ROUND_MOVES",
    "RULE_OF_THUMB_TINAS", "SEATS", "YOU_ROUNDS", "DealRequest", "GameState", "LineRequest", "PlayRequest",
    "PredictRequest", "YouState", "api_at", "api_chance", "api_line", "api_play", "deal_json", "headline", "page",
    "play", "predict_json", "replay", "round_answer", "router", "types",
]
