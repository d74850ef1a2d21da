"""The game registry: every registered game has rules, an analysis, a command, claims and a docs page."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour import claims, registry

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game", registry.GAMES, ids=lambda g: g.name)
def test_every_game_is_complete(game: registry.Game) -> None:
    assert game.load("rules").__doc__, f"{game.rules} has no docstring"
    assert game.load("analysis").__doc__, f"{game.analysis} has no docstring"
    command = game.load("command")
    assert hasattr(command, "app"), f"{game.command} defines no Typer app"
    claims.load_all()
    own = [c for c in claims.REGISTRY.values() if c.game == game.name]
    assert own, f"{game.name} registers no claims"
    assert any(not c.heavy for c in own), f"{game.name} has only heavy claims"
    page = ROOT / game.docs
    assert page.is_file() and page.read_text().strip(), f"{game.docs} is missing"
    if game.web is not None:
        assert hasattr(game.load("web"), "router"), f"{game.web} defines no router"


def test_names_are_unique_and_looked_up() -> None:
    names = [g.name for g in registry.GAMES]
    assert len(names) == len(set(names))
    assert registry.game("goose").analysis == "parlour.analyses.goose"
    with pytest.raises(LookupError, match="no game 'chess'"):
        registry.game("chess")


def test_every_claim_belongs_to_a_registered_game() -> None:
    known = {g.name for g in registry.GAMES}
    assert {c.game for c in claims.load_all().values()} <= known


def test_the_cli_mounts_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    from conftest import run_cli

    code, out, _ = run_cli(["--help"], capsys)
    assert code == 0
    for g in registry.GAMES:
        assert g.name in out
