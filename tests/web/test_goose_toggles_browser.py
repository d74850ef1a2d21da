"""The Goose's rules by toggles in Debian's chromium: a change asks who is favoured before any number shows, then
redraws 2 players' chances within 2 s, equal to `parlour goose solve` under the same rules; an answer to an older
change never replaces a newer one's."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from typer.testing import CliRunner

from parlour.cli import app as cli_app

pytestmark = [pytest.mark.browser, pytest.mark.timing]  # wall-clock bounds: run alone (Makefile)


def cli_win(toml: str, tmp_path: Any) -> list[float]:
    path = tmp_path / "rules.toml"
    path.write_text(toml, encoding="utf-8")
    result = CliRunner().invoke(cli_app, ["goose", "solve", "--players", "2", "--rules", str(path), "--tol", "1e-7",
                                          "--json"])
    assert result.exit_code == 0, result.output
    return [float(v) for v in json.loads(result.stdout)["win"]]


def shown(page: Any) -> list[float]:
    """The changed rules' column: P(player 1 wins), P(player 2 wins)."""
    cells = page.eval_on_selector_all("#toggles-table tbody td[data-value]", "cs => cs.map(c => c.dataset.value)")
    return [float(v) for v in cells[:2]]


def test_a_toggle_asks_a_guess_then_redraws_within_2_s_as_the_command_line(page, server, tmp_path):
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(server + "/goose/")
    page.wait_for_selector("#chances td.pwin", timeout=120_000)
    began = time.monotonic()
    page.uncheck("#t-geese")
    page.wait_for_selector("#guess-box:not([hidden])")
    assert page.locator("#toggles-table").count() == 0  # no number before the guess
    page.click("#guess-box button[data-guess='1']")
    page.wait_for_selector("#toggles-table", timeout=10_000)
    took = time.monotonic() - began
    toml = page.get_attribute("#toggles-table", "data-toml")
    assert "geese = []" in toml and "bounce" not in toml
    want = cli_win(toml, tmp_path)
    assert all(abs(a - b) <= 2e-7 for a, b in zip(shown(page), want, strict=True)), (shown(page), want)
    verdict = page.text_content("#guess-verdict")
    assert "Your guess: player 1" in verdict and ("right" if want[0] - want[1] >= 0.01 else "not this time") in verdict
    assert took <= 2.0, took

    # two changes in a row: whatever order the answers come in, the last change's numbers stand
    page.uncheck("#t-bounce")
    page.uncheck("#t-occupancy")
    page.click("#guess-box button[data-guess='skip']")
    page.wait_for_function("(document.getElementById('toggles-table') || {dataset: {}}).dataset.toml"
                           "?.includes('occupancy = false')", timeout=20_000)
    page.wait_for_timeout(500)  # the first change's answer, if late, has come by now
    toml = page.get_attribute("#toggles-table", "data-toml")
    assert "bounce = false" in toml and "occupancy = false" in toml
    want = cli_win(toml, tmp_path)
    assert all(abs(a - b) <= 2e-7 for a, b in zip(shown(page), want, strict=True))
