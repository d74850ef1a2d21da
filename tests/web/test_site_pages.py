"""Every page is the site (issue 36 item 7): an unknown address is a page with the site's header for a browser
and one JSON sentence for a script; the reproduction report is a page of the site when served and one
self-contained file on disk; and the rough messages say what was wrong and what is allowed, quoting what the
person typed."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

from parlour import claims, report
from parlour.claims import Claim, Outcome, Status
from parlour.web.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def test_an_unknown_address_is_a_page_for_a_browser_and_json_for_a_script(client: TestClient) -> None:
    page = client.get("/no/such/page", headers=BROWSER)
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    html = page.text
    assert '<header class="site">' in html and 'name="viewport"' in html and "parlour.css" in html
    assert "There is no page at /no/such/page." in html and 'href="/goose/"' in html
    assert '{"error"' not in html
    script = client.get("/no/such/page")  # a page's fetch or an API client: */*
    assert script.status_code == 404 and script.json() == {"error": "no such page"}
    posted = client.post("/no/such/page", headers=BROWSER, json={})  # not a page load: JSON
    assert posted.status_code in (404, 405) and "error" in posted.json()


def _write_report(folder: Path) -> Path:
    result = claims.run_claim(Claim("guess.v3", "study", "§2", "V(3) = 2", "2", False,
                                    lambda: Outcome("2", Status.REPRODUCED, "by hand",
                                                    figures=("<svg viewBox='0 0 9 9'></svg>",))))
    return report.write([result], folder / "report", "parlour reproduce --only guess.v3")


def test_the_report_file_stands_alone_with_the_sites_look(tmp_path: Path) -> None:
    html = _write_report(tmp_path).read_text()
    assert 'name="viewport"' in html and '<header class="site">' in html
    assert "<link" not in html  # opened from disk, offline: nothing to fetch
    assert "--brand:" in html  # the site's stylesheet, inlined
    assert "V(3) = 2" in html and "<svg viewBox='0 0 9 9'></svg>" in html


def test_the_served_report_is_a_page_of_the_site(client: TestClient, tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    none_yet = client.get("/report/", headers=BROWSER)
    assert none_yet.status_code == 404 and "run `parlour reproduce` in this folder" in none_yet.text
    assert '<header class="site">' in none_yet.text
    _write_report(tmp_path)
    page = client.get("/report/", headers=BROWSER)
    assert page.status_code == 200
    html = page.text
    assert html.count('<header class="site">') == 1 and 'href="/guess/"' in html  # the site's nav
    assert 'rel="stylesheet"' in html and "parlour.css" in html and 'name="viewport"' in html
    assert "--brand:" not in html  # served: the stylesheet is linked, not inlined again
    assert ".report table.claims" in html and "V(3) = 2" in html


def test_goose_squares_typed_wrong_are_quoted(client: TestClient) -> None:
    r = client.post("/goose/api/chances", json={"rules": "study", "players": 2, "squares": "abc", "to_move": 1})
    assert r.status_code == 400
    assert r.json()["error"] == "squares must be 2 whole numbers from 0 to 63, comma-separated, got 'abc'"
    r = client.post("/goose/api/chances", json={"rules": "study", "players": 3, "squares": "1,2", "to_move": 1})
    assert r.json()["error"] == "squares must be 3 whole numbers from 0 to 63, comma-separated, got '1,2'"


def test_the_guessing_game_speaks_of_your_one_guess(client: TestClient) -> None:
    game = client.post("/guess/api/new", json={"n": 10, "mode": "guess", "seed": 3}).json()
    r = client.post("/guess/api/guess", json={"state": game["state"], "guesses": ["abc"]})
    assert r.status_code == 400 and r.json()["error"] == "your guess must be a whole number from 1 to 10, got 'abc'"
    r = client.post("/guess/api/guess", json={"state": game["state"], "guesses": [5, "11"]})
    assert r.json()["error"] == "your guess must be a whole number from 1 to 10, got 11"


@pytest.mark.parametrize("typed", ["abc", "10^40", "1e40", "10,x"])
def test_end_game_cards_typed_wrong_are_quoted_as_typed(client: TestClient, typed: str) -> None:
    # the page sends the text as typed (a number parsed in the browser was null for "abc", 1e+40 for "1e40")
    r = client.post("/cowtrade/api/endgame/state", json={"game": {"cards1": typed}})
    assert r.status_code == 400
    said = r.json()["error"]
    bad = typed.split(",")[-1]
    assert said == f"a money card of player 1 must be a whole number from 0 to 500, got '{bad}'"


def test_the_end_games_default_start_is_worth_playing(client: TestClient) -> None:
    from parlour.web import cowtrade_endgame  # after the app (web.cowtrade imports it as it loads)

    start = cowtrade_endgame.DEFAULT_START
    got = client.post("/cowtrade/api/endgame/state", json={"game": {"set_size": 4, **start}}).json()["start"]
    assert got["value_exact"] == "-87/215"  # neither won nor lost before it starts
    assert 0.05 < got["completes1"] < 0.95 and got["expected_trades"] > 1.5
    page = client.get("/cowtrade/endgame").text
    assert 'value="0,0,10,10,10,10,50,50"' in page and '<option value="2" selected>the computer</option>' in page


def test_a_trade_is_told_without_animal_s(client: TestClient) -> None:
    from parlour.web import cowtrade_endgame

    start = {"set_size": 4, **cowtrade_endgame.DEFAULT_START}
    got = client.post("/cowtrade/api/endgame/state", json={"game": start}).json()["state"]
    state = {k: got[k] for k in ("animals1", "cards1", "cards2", "challenger", "tied")}
    body: dict[str, Any] = {"game": start, "state": state, "seed": 1, "response": [50]}
    if "computer_count" in got:
        body["count"] = got["computer_count"]
    r = client.post("/cowtrade/api/endgame/move", json=body)
    assert r.status_code == 200, r.text
    story = r.json()["story"]
    assert "(s)" not in story and ("animal" in story or "tie" in story)
    assert cowtrade_endgame._animals(1) == "1 animal" and cowtrade_endgame._animals(2) == "2 animals"
    assert cowtrade_endgame._animals(1, "the") == "the animal"
