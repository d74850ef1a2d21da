"""The guessing-game page's analysis board through its API: stepping to any move restores exactly the view the
game had there (/guess/api/at), the record every answer carries (Alice's number only once the game is over), a
link's round trip, a scripted game with a known bad guess graded with its exact loss (Bob's guesses never
flagged), the chart's steps equal to the grades, and `parlour review RECORD --json` equal to POST /api/review."""

from __future__ import annotations

import warnings
from fractions import Fraction

import pytest
from pagecaches import own_guess_cache

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2; httpx is what is installed
    from fastapi.testclient import TestClient

from boardcheck import post, review_everywhere

from parlour.analyses.guess import play
from parlour.analyses.review.core import decode_link, encode_link, parse_record, read_record
from parlour.web import guess as web
from parlour.web.app import create_app

SAME = ("guesses", "answers", "low", "high", "over", "story", "steps", "record", "hidden", "result", "next_guess",
        "tree")


@pytest.fixture(scope="module", autouse=True)
def _cache(tmp_path_factory):
    yield from own_guess_cache(tmp_path_factory)


@pytest.fixture(scope="module")
def client(_cache):
    c = TestClient(create_app())
    assert c.post("/guess/api/strategy", json={"n": 10}).json()["ready"]
    return c



@pytest.fixture(scope="module")
def guessed(client):
    """A game of N = 10 as the guesser, guessing the lowest number still possible: every live view, in order."""
    data = post(client, "/guess/api/new", {"n": 10, "mode": "guess", "seed": 12345})
    views = [data]
    while not data["over"]:
        body = {"state": views[0]["state"], "guesses": [*data["guesses"], data["low"]]}
        data = post(client, "/guess/api/guess", body)
        views.append(data)
    return views


@pytest.fixture(scope="module")
def hid(client):
    """A game of N = 10 as the hider of 7: every live view, in order."""
    data = post(client, "/guess/api/new", {"n": 10, "mode": "hide", "seed": 99})
    views = [data]
    while not data["over"]:
        g = data["next_guess"]
        data = post(client, "/guess/api/search", {"state": views[0]["state"],
                                                  "answers": [*data["answers"], play.answer(7, g)]})
        views.append(data)
    return views


@pytest.mark.parametrize("game", ["guessed", "hid"])
def test_step_restores_exactly_the_view_of_each_move(client, game, request):
    views = request.getfixturevalue(game)
    record = views[-1]["record"]
    for live in views:
        ply = len(live["record"]["moves"])
        at = post(client, "/guess/api/at", {"record": record, "ply": ply})
        assert at["ply"] == ply
        assert {k: at.get(k) for k in SAME} == {k: live.get(k) for k in SAME}, ply
    post(client, "/guess/api/at", {"record": record, "ply": len(record["moves"]) + 1}, 400)


def test_step_between_a_guess_and_its_answer(client, guessed):
    record = guessed[-1]["record"]
    for ply in range(1, len(record["moves"]), 2):
        at = post(client, "/guess/api/at", {"record": record, "ply": ply})
        before = guessed[ply // 2]
        assert at["pending"] == record["moves"][ply - 1]["guess"]
        assert (at["low"], at["high"], at["guesses"]) == (before["low"], before["high"], before["guesses"])
        assert at["steps"] == guessed[-1]["steps"][:ply + 1] and not at["over"]


def test_record_hides_alices_number_until_the_game_is_over(guessed, hid):
    for live in guessed[:-1]:
        settings = live["record"]["settings"]
        assert set(settings) == {"n", "mode", "seed", "certificate"} and settings["seed"] == 12345
        parse_record(live["record"])
    assert guessed[-1]["record"]["settings"]["hidden"] == guessed[-1]["hidden"]
    # hiding, the record ends on Bob's guess awaiting your answer
    assert [m["by"] for m in hid[1]["record"]["moves"]] == ["Bob", "you", "Bob"]
    assert hid[-1]["record"]["settings"]["hidden"] == 7


def test_link_round_trip_restores_the_game(client, guessed):
    record = parse_record(guessed[-1]["record"])
    link = "http://example.org/guess/" + encode_link(record)
    assert read_record(link) == record and decode_link(link) == record.to_json()
    at = post(client, "/guess/api/at", {"record": decode_link(link), "ply": len(record.moves)})
    assert {k: at.get(k) for k in SAME} == {k: guessed[-1].get(k) for k in SAME}
    # from a server whose strategies differ (another certificate): the same game, stepped, with no seed kept
    stranger = {**record.to_json(), "settings": {**record.settings, "certificate": "0" * 64}}
    other = post(client, "/guess/api/at", {"record": stranger, "ply": len(record.moves)})
    assert other["steps"] == guessed[-1]["steps"] and "seed" not in other["record"]["settings"]


# N = 10, you guess 1 first (Alice says higher), then 5 (correct): guessing 1 wastes almost a whole number.
BAD = {"parlour_record": 1, "game": "guess", "settings": {"n": 10, "mode": "guess"},
       "moves": [{"by": "you", "guess": 1}, {"by": "Alice", "answer": "higher"},
                 {"by": "you", "guess": 5}, {"by": "Alice", "answer": "correct"}]}


def test_grade_known_bad_guess_has_its_exact_loss(client):
    r = post(client, "/api/review", BAD)
    first = r["decisions"][0]
    s = web.cache.ready(10)
    assert s is not None
    # its exact loss: guessing 1 leaves 2..10 to an optimal search against Alice's odds there; the best guess
    # does better by exactly this much (the page's own arithmetic, from N's strategies)
    assert Fraction(first["value_exact"]) == web.guess_value(s, 1, 10, 1)
    assert Fraction(first["best_value_exact"]) == s.value == Fraction(35, 12)
    assert first["loss_exact"] == str(web.guess_value(s, 1, 10, 1) - s.value) == "5/12"
    assert first["grade"] == "inaccuracy" and r["costliest"]["ply"] == 1
    # the chart's step at that guess is the same loss
    at = post(client, "/guess/api/at", {"record": BAD, "ply": 4})
    assert at["steps"][1]["loss_exact"] == "5/12" and at["steps"][1]["total_exact"] == first["value_exact"]
    assert [p["loss_exact"] for p in at["steps"] if p["by"] == "you"] == [d["loss_exact"] for d in r["decisions"]]


def test_step_refuses_a_guess_bob_never_makes(client, hid):
    record = hid[-1]["record"]
    first = record["moves"][0]["guess"]
    bad = {**record, "moves": [{"by": "Bob", "guess": 1 if first != 1 else 2}, *record["moves"][1:]]}
    said = post(client, "/guess/api/at", {"record": bad, "ply": 1}, 400)["error"]
    assert "never guesses" in said


def test_grade_never_flags_bobs_guesses(client, hid):
    r = post(client, "/api/review", hid[-1]["record"])
    assert all(d["player"] == "you" for d in r["decisions"])  # Bob is optimal: no decision of his is graded
    assert r["costliest"] is None or r["costliest"]["player"] == "you"
    guessed_by_bob = [m["guess"] for m in hid[-1]["record"]["moves"] if m["by"] == "Bob"]
    assert [e["event"] for e in r["luck"]] == guessed_by_bob


def test_review_cli_equals_the_page(client, guessed, tmp_path, capsys):
    page = review_everywhere(client, guessed[-1]["record"], "/guess/", tmp_path, capsys)
    assert page["record_game"] == "guess" and page["unit"] == "expected guesses"
    # the chart's points are the review's numbers: each guess's value and each answer's luck
    steps = guessed[-1]["steps"]
    assert [steps[d["ply"]]["total_exact"] for d in page["decisions"]] == [d["value_exact"] for d in page["decisions"]]
    assert [steps[e["ply"]]["total_exact"] for e in page["luck"]] == [e["after_exact"] for e in page["luck"]]
