"""Numbers that fit (issue 36): at 360, 390, 768 and 1280 px no box on any page spills out of its panel, is cut
off or hides its content behind a scroll bar — every page in its start state, and each game's page after a
scripted game (Goose with 2, 3 and 4 players, the cow-trade end game to its end and its hidden-money tables);
no text is drawn under 11 px. A certified interval shows its certain digits ("26.69 ± 0.01 %"), the full
interval one click away; a new Goose game clears the last game's move; the rule editor shows what it solves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fitcheck import overflows, small_text
from test_phone_browser import MOVES

from parlour import claims, report
from parlour.claims import Claim, Outcome, Status

pytestmark = pytest.mark.browser

WIDTHS = (360, 390, 768, 1280)
# the scripted games at the two widths in between run with the slow tests (CI's default run stays short)
GAME_WIDTHS = [360, pytest.param(390, marks=pytest.mark.slow), pytest.param(768, marks=pytest.mark.slow), 1280]
STATIC = ("/", "/docs/goose", "/docs/cowtrade", "/guide/goose", "/guide/memory", "/report/", "/no/such/page")

# 4 players' certified chances from the start, as docs/goose.md gives them (±1e-10): the solve takes a minute
# or more, so the page's answers are replaced by these (the layout is under test here, not the solver)
FOUR = [0.2669459678, 0.2547074307, 0.2440832870, 0.2342633148]


def _four_players(position: dict) -> dict:
    return {"ready": True, "exact": False, "over": False, "players": 4, "rules": "study", "tol": 1e-10,
            "position": {"squares": position["squares"], "to_move": position["to_move"],
                         "waiting_at_inn": [False] * 4},
            "win": FOUR, "win_bounds": [[w - 1e-10, w + 1e-10] for w in FOUR], "draw": 0.0, "draw_bounds": [0, 0],
            "states": {"canonical_transient": 12_345_678}, "skips": None}


def _fake_four(route) -> None:  # type: ignore[no-untyped-def]
    body = json.loads(route.request.post_data or "{}")
    if route.request.url.endswith("/api/chances") and body.get("players") == 4:
        route.fulfill(status=200, content_type="application/json", body=json.dumps(_four_players(body)))
    elif route.request.url.endswith("/api/move") and (body.get("position") or {}).get("players") == 4:
        reply = route.fetch().json()
        if not reply.get("over"):
            reply["chances"] = _four_players({**reply["position"], "squares": reply["position"]["squares"]})
        route.fulfill(status=200, content_type="application/json", body=json.dumps(reply))
    else:
        route.continue_()


def _fits(page, where: str) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_timeout(60)  # a resize observer's frame
    assert overflows(page) == [], where
    assert small_text(page) == [], where


def _open_story(page) -> None:  # type: ignore[no-untyped-def]
    """Open the story's table ("The story in numbers"), which a player opens to read the numbers under the chart."""
    page.eval_on_selector_all("details.story-table", "ds => ds.forEach((d) => { d.open = true; })")


def _roll(page, times: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(times):
        page.wait_for_function("!document.body.classList.contains('busy')")  # the page's own first requests
        if page.is_disabled("#roll"):
            return
        moves = page.locator("#log li").count()
        page.click("#roll")
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {moves}")
        page.wait_for_selector("#chances td.pwin")


def _report(folder: Path) -> None:
    """A report with what makes one wide: a long statement, a wide detail table and a figure."""
    wide = "<table class='inner'>" + "<tr>" + "".join(f"<td>{k}/{k + 7}</td>" for k in range(40)) + "</tr></table>"
    rs = [claims.run_claim(Claim("goose.wide", "study", "table 1", "a statement " * 30, "42", False,
                                 lambda: Outcome("42", Status.REPRODUCED, "why " * 80, detail_html=wide,
                                                 figures=("<svg viewBox='0 0 900 300' width='900'></svg>",)))),
          claims.run_claim(Claim("guess.small", "study", "§2", "V(3) = 2", "2", False,
                                 lambda: Outcome("2", Status.FAILED, "expected 2")))]
    report.write(rs, folder / "report", "parlour reproduce")


@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_fits_in_its_start_state(page, server, width, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the server serves report/index.html of the folder it runs in
    _report(tmp_path)
    page.set_viewport_size({"width": width, "height": 844})
    try:
        for path in STATIC:
            page.goto(server + path)
            _fits(page, f"{path} at {width} px")
        for name in MOVES:
            page.goto(server + f"/{name}/")
            page.wait_for_load_state("networkidle")
            _fits(page, f"/{name}/ at {width} px")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("width", GAME_WIDTHS)
def test_every_game_fits_after_a_move(page, server, width):
    page.set_viewport_size({"width": width, "height": 844})
    try:
        for name, move in MOVES.items():
            page.goto(server + f"/{name}/")
            page.wait_for_load_state("networkidle")
            move(page)
            _fits(page, f"/{name}/ after a move at {width} px")
            _open_story(page)
            _fits(page, f"/{name}/ after a move, the story's table open, at {width} px")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("width", GAME_WIDTHS)
def test_goose_with_two_three_and_four_players_fits(page, server, width):
    page.set_viewport_size({"width": width, "height": 844})
    page.route("**/goose/api/*", _fake_four)
    try:
        page.goto(server + "/goose/?seed=7")
        page.wait_for_selector("#chances td.pwin")
        _roll(page, 3)
        assert "throws" in page.text_content("#move-text")
        _fits(page, f"goose, 2 players at {width} px")
        page.select_option("#players", "3")  # solved by a job, a few seconds the first time
        page.wait_for_function("document.querySelectorAll('#chances td.pwin').length === 3", timeout=120_000)
        assert "throws" not in page.text_content("#move-text")  # the 2-player game's move went with it
        _roll(page, 2)
        _fits(page, f"goose, 3 players at {width} px")
        page.select_option("#players", "4")
        page.wait_for_function("document.querySelectorAll('#chances td.pwin').length === 4")
        assert "throws" not in page.text_content("#move-text")
        assert page.locator("#pieces circle").count() == 4
        cells = page.eval_on_selector_all("#chances td.pwin summary", "s => s.map(x => x.textContent)")
        assert cells == ["26.69 ± 0.01 %", "25.47 ± 0.01 %", "24.41 ± 0.01 %", "23.43 ± 0.01 %"]
        _fits(page, f"goose, 4 players at {width} px")
        _roll(page, 2)
        _fits(page, f"goose, 4 players after 2 moves at {width} px")
        _open_story(page)  # four players' numbers and what happened, in a phone's panel
        _fits(page, f"goose, 4 players, the story's table open, at {width} px")
    finally:
        page.unroute("**/goose/api/*", _fake_four)
        page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("width", GAME_WIDTHS)
def test_the_cowtrade_end_game_and_its_hidden_money_fit(page, server, width):
    page.set_viewport_size({"width": width, "height": 844})
    try:
        page.goto(server + "/cowtrade/endgame")
        page.wait_for_selector("#eg-hand1 .eg-card")
        for trade in range(1, 30):
            if page.is_visible("#eg-result"):
                break
            if page.locator("#eg-hand1 .eg-card").count():
                page.click("#eg-hand1 .eg-card >> nth=-1")  # the largest card: offers of one card
            page.click("#eg-offer")
            page.wait_for_function(f"document.querySelectorAll('#eg-log li').length === {trade}")
        assert page.is_visible("#eg-result")
        _fits(page, f"the end game's end at {width} px")
        page.click("#hidden-form button[type=submit]")
        page.wait_for_selector("#hidden-bids details.collapsible", timeout=60_000)
        _fits(page, f"the hidden-money bids at {width} px")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_a_certified_interval_opens_to_its_bounds(page, server):
    page.goto(server + "/")
    node = page.evaluate("""(() => { const d = parlour.intervalNode(0.2669459677, 0.2669459679, 100, ' %', 2);
        return [d.tagName, d.querySelector('summary').textContent, d.querySelector('.exact').textContent]; })()""")
    assert node[0] == "DETAILS" and node[1] == "26.69 ± 0.01 %"
    assert "26.6945967700 %" in node[2] and "26.6945967900 %" in node[2]  # the full interval, one click away
    # a wide interval keeps its own digits: nothing is claimed beyond what it makes certain
    assert page.evaluate("parlour.intervalNode(0.25, 0.35, 100, ' %', 2).querySelector('summary').textContent") \
        == "30 ± 5 %"


def test_the_rule_editor_solves_what_it_shows(page, server):
    page.goto(server + "/goose/")
    page.wait_for_selector("#chances td.pwin")
    assert page.input_value("#rules-choice") == "toml"  # the text box (the study's rules) is what is chosen
    assert page.is_visible("#rules-toml")
    page.select_option("#rules-choice", "maze37")
    assert page.is_hidden("#rules-toml")  # a variant's name never stands beside the study's text
    page.select_option("#rules-choice", "toml")
    assert page.is_visible("#rules-toml")


def test_the_heat_map_tooltip_closes_its_bracket(page, server):
    page.goto(server + "/goose/")
    page.wait_for_selector("#heat-cells rect")
    page.hover("#heat-cells rect >> nth=0")
    info = page.text_content("#heat-info")
    assert "P(player 1 wins) = 0." in info and info.count("(") == info.count(")")


def test_an_error_greys_only_its_own_panel(page, server):
    """A contradiction in the hider's game says nothing about V(N) beside it: that panel stays as it is."""
    page.goto(server + "/guess/")
    page.fill("#n", "5")
    page.check("input[name=mode][value=hide]")
    page.click("#new-game")
    page.wait_for_selector("#hide-controls:not([hidden])")
    for _ in range(6):  # "higher" every time: once one number is left, "higher" again contradicts the answers
        page.click("#answer-higher")
        page.wait_for_function("!document.body.classList.contains('busy')")
        if page.is_visible("#error"):
            break
    assert page.is_visible("#error")
    assert page.evaluate("document.getElementById('outcome').classList.contains('stale')")
    assert not page.evaluate("document.getElementById('value-panel').classList.contains('stale')")
