"""The Goose page in Debian's chromium: readable before the first move, squares explained on focus and hover, a
whole game played with the keyboard (the chances shown equal `parlour goose solve --json` for the position shown),
the heat map's value and click, the rule editor, an error from the server, the busy state and a 390 px screen."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from pagecaches import shared_goose_cache
from typer.testing import CliRunner

from parlour.cli import app as cli_app
from parlour.web import goose as web

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module", autouse=True)
def shared_cache(tmp_path_factory: pytest.TempPathFactory) -> Any:
    yield from shared_goose_cache(tmp_path_factory)


@pytest.fixture(scope="module")
def gp(page: Any, server: str) -> Any:
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(server + "/goose/")
    page.wait_for_selector("#chances tbody tr:nth-child(3)", timeout=120_000)
    page.wait_for_function("!document.body.classList.contains('busy')", timeout=120_000)
    return page


def cli(squares: list[int], to_move: int, pending: list[int]) -> dict[str, Any]:
    args = ["goose", "solve", "--players", str(len(squares)), "--exact", "--json",
            "--from", ",".join(map(str, squares)), "--to-move", str(to_move)]
    if pending:
        args += ["--inn-pending", ",".join(map(str, pending))]
    result = CliRunner().invoke(cli_app, args)
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.stdout))


def shown(gp: Any) -> tuple[dict[str, Any], list[float], list[str]]:
    """The position the chances panel shows, its P(wins) column and its exact fractions."""
    pos = json.loads(gp.get_attribute("#chances-panel", "data-position"))
    values = [float(v) for v in gp.eval_on_selector_all("#chances td.pwin", "cs => cs.map(c => c.dataset.value)")]
    fractions = gp.eval_on_selector_all("#exact-list p", "ps => ps.map(p => p.textContent.split(' = ')[1])")
    return pos, values, fractions


def idle(gp: Any) -> None:
    gp.wait_for_function("!document.body.classList.contains('busy')", timeout=60_000)


def test_readable_before_the_first_move(gp: Any) -> None:
    assert gp.is_visible("#before-first")
    assert gp.locator("#board .sq").count() == 64
    pos, values, fractions = shown(gp)
    assert pos["squares"] == [0, 0] and pos["to_move"] == 1
    want = cli([0, 0], 1, [])
    assert values == [*want["win"], want["draw"]]
    assert fractions == [*want["win_exact"], want["draw_exact"]]
    assert "39.363 %" in gp.text_content("#chances")


def test_squares_explained_on_focus_and_hover(gp: Any) -> None:
    gp.focus("#sq-6")
    assert "Bridge: go on to 12" in gp.text_content("#square-info")
    gp.hover("#sq-58")
    assert "Death" in gp.text_content("#square-info")
    gp.focus("#sq-52")
    assert "Prison" in gp.text_content("#square-info")
    for sq, word in ((5, "goose"), (19, "inn"), (31, "well"), (42, "maze"), (63, "end")):
        assert word in gp.text_content(f"#sq-{sq} .what")


def test_a_whole_game_with_the_keyboard(gp: Any) -> None:
    gp.click("#new-game")
    idle(gp)
    checked = made = 0
    for move in range(500):
        if gp.is_disabled("#roll"):
            break
        made += 1
        gp.focus("#roll")
        gp.keyboard.press("Enter")
        idle(gp)
        pos, values, fractions = shown(gp)
        # the numbers shown are the command line's for the position shown: the first two such positions (a short
        # random game has few every-7th moves), then every 7th move
        if pos["to_move"] and (checked < 2 or move % 7 == 0):
            want = cli(pos["squares"], pos["to_move"], pos["inn_pending"])
            assert values == [*want["win"], want["draw"]]
            assert fractions == [*want["win_exact"], want["draw_exact"]]
            checked += 1
    assert gp.is_disabled("#roll") and checked >= 2
    outcome = gp.text_content("#last-move .outcome")
    assert "wins the game" in outcome or "draw" in outcome
    _, values, _ = shown(gp)
    assert sorted(values) == [0.0, 0.0, 1.0] or values[-1] == 1.0
    # the log keeps the moves (a random game can end early: both players stuck is a draw after a few throws)
    assert gp.locator("#log li").count() >= min(10, made)


def test_heat_map_hover_and_click(gp: Any) -> None:
    gp.select_option("#surface", "p1_2")
    idle(gp)
    gp.wait_for_selector("#heat-cells rect")
    data = web.heatmap(web.STUDY, "p1_2")
    i, j = data["squares"].index(31), data["squares"].index(40)
    cell = f"#heat-cells rect[data-i='{i}'][data-j='{j}']"
    gp.hover(cell)
    info = gp.text_content("#heat-info")
    assert "player 1 on 31, player 2 on 40" in info and f"{data['values'][i][j]:.6f}" in info
    gp.click(cell)
    idle(gp)
    pos, values, _ = shown(gp)
    assert pos["squares"] == [31, 40] and pos["to_move"] == 2
    assert values[0] == data["values"][i][j] == cli([31, 40], 2, [])["win"][0]
    assert not gp.is_disabled("#roll")


def test_heat_map_by_keyboard(gp: Any) -> None:
    gp.focus("#heatmap")
    gp.keyboard.press("ArrowUp")
    gp.keyboard.press("ArrowRight")
    assert "player 1 on" in gp.text_content("#heat-info")


def test_rule_editor_with_a_toml_board(gp: Any) -> None:
    gp.select_option("#rules-choice", "toml")
    gp.fill("#rules-toml", "end = 2\ndice = [[0, 1]]\ngeese = []\njumps = {}\ninns = []\nwells = []\n"
                           "start_jumps = {}\noccupancy = false\n")
    gp.click("#rules-solve")
    gp.wait_for_selector("#rules-table")
    text = gp.text_content("#rules-table")
    assert f"{100 * float(Fraction(16, 27)):.3f} %" in text and "39.363 %" in text


def test_an_error_from_the_server_is_shown(gp: Any) -> None:
    gp.click("#place summary")
    gp.fill("#place-squares", "5,0")
    gp.click("#place-set")
    idle(gp)
    assert gp.is_visible("#error") and "nobody can stand on square 5" in gp.text_content("#error").lower()
    gp.fill("#place-squares", "12,0")
    gp.click("#place-set")
    idle(gp)
    assert not gp.is_visible("#error") and shown(gp)[0]["squares"] == [12, 0]


def test_controls_are_disabled_while_busy(gp: Any) -> None:
    # the page's fetch answers 0.5 s late; meanwhile every control is disabled and the busy sign is shown
    states = gp.evaluate("""async () => {
        const real = window.fetch;
        window.fetch = (...args) => new Promise((ok) => setTimeout(() => ok(real(...args)), 500));
        try {
            document.getElementById("roll").click();
            await new Promise((ok) => setTimeout(ok, 150));
            return ["roll", "new-game", "players", "place-set", "rules-solve"].map(
                (id) => document.getElementById(id).disabled).concat([!document.getElementById("busy").hidden]);
        } finally { window.fetch = real; }
    }""")
    assert states == [True] * 6
    idle(gp)
    assert not gp.is_disabled("#new-game")


@pytest.mark.slow
def test_three_players_from_the_select(gp: Any) -> None:
    gp.select_option("#players", "3")
    idle(gp)
    assert gp.locator("#pieces circle").count() == 3
    gp.select_option("#players", "2")
    idle(gp)


def test_fits_a_phone(gp: Any) -> None:
    gp.set_viewport_size({"width": 390, "height": 800})
    try:
        gp.reload()
        gp.wait_for_selector("#chances tbody tr:nth-child(3)")
        assert gp.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        gp.set_viewport_size({"width": 1200, "height": 900})
