"""The same solve through the command line, the web API and Python gives the same JSON (issue 27, item 2):
one per game. The answers differ only in what each interface adds around the result (the CLI's envelope,
the page's extra fields) and in the time a solve took."""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest

import parlour
from conftest import run_cli
from parlour.results import Result

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2; httpx is what is installed
    from fastapi.testclient import TestClient

from parlour.web.app import create_app

ENVELOPE = ("game", "command", "parlour_version")
TIMING = ("seconds", "counters")  # how long a run took and its timing counters differ between two runs


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def cli_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, out, err = run_cli([*args, "--json"], capsys)
    assert code == 0, err
    return dict(json.loads(out))


def untimed(body: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in body.items() if k not in ENVELOPE + TIMING}


def agree(python: Result, cli: dict[str, Any] | None, web: dict[str, Any] | None) -> None:
    """The CLI prints exactly the Python result (plus its envelope); the web answer holds every field of it."""
    mine = untimed(python.to_json())
    if cli is not None:
        assert [cli[k] for k in ENVELOPE[:2]] != [None, None]
        assert untimed(cli) == mine
    if web is not None:
        assert {k: web.get(k) for k in mine} == mine


def test_guess_value(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    python = parlour.guess.value(100)
    cli = cli_json(["guess", "value", "100"], capsys)
    web = client.get("/guess/api/value", params={"n": "100"}).json()
    assert cli["game"] == "guess" and cli["command"] == "value"
    # the page reads V(N) without the bookkeeping of a run
    agree(python, cli, None)
    assert {k: web[k] for k in python.payload()} == {k: cli[k] for k in python.payload()}


def test_memory_state(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    python = parlour.memory.state(8, 3, 2)
    cli = cli_json(["memory", "state", "8", "3", "2"], capsys)
    web = client.get("/memory/api/state", params={"k": "8", "B": "3", "P": "2"}).json()
    agree(python, cli, web)


def test_memory_solve(capsys: pytest.CaptureFixture[str]) -> None:
    agree(parlour.memory.solve(pairs=12), cli_json(["memory", "solve", "--pairs", "12"], capsys), None)


def test_cowtrade_solve(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    python = parlour.cowtrade.solve(money=(8, 5), initiative=3)
    cli = cli_json(["cowtrade", "solve", "--money1", "8", "--money3", "5", "--initiative", "3"], capsys)
    web = client.post("/cowtrade/api/solve", json={"mode": "money", "money1": 8, "money3": 5, "initiative": 3}).json()
    agree(python, cli, web)
    cards = parlour.cowtrade.solve(cards=([0, 10, 10], [10, 50]))
    agree(cards, cli_json(["cowtrade", "solve", "--cards1", "0,10,10", "--cards3", "10,50"], capsys),
          client.post("/cowtrade/api/solve", json={"mode": "cards", "cards1": [0, 10, 10], "cards3": [10, 50]}).json())


def test_winorlose_chance(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    python = parlour.winorlose.chance("3h,5", "0,1,2,6,7")
    cli = cli_json(["winorlose", "chance", "--hand", "3h,5", "--table", "0,1,2,6,7"], capsys)
    web = client.get("/winorlose/api/chance", params={"hand": "3h,5", "table": "0,1,2,6,7"}).json()
    agree(python, cli, web)


def test_goose_solve(capsys: pytest.CaptureFixture[str]) -> None:
    # The Goose's page answers positions, not `solve`: the command line and Python here (its rebuild moves
    # the command's policy below the interface; the front door already applies it)
    agree(parlour.goose.solve(players=2, exact=True), cli_json(["goose", "solve", "-n", "2", "--exact"], capsys), None)
    agree(parlour.goose.solve(players=2, squares=[31, 52], to_move=2, tol=1e-10),
          cli_json(["goose", "solve", "-n", "2", "--from", "31,52", "--to-move", "2", "--tol", "1e-10"], capsys), None)


def test_size_guards_name_the_flag_on_the_cli_and_the_parameter_in_python(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(["cowtrade", "solve", "--money1", "100000000", "--money3", "5"], capsys)
    assert code == 2 and "--force" in err and "force=True" not in err
    with pytest.raises(parlour.errors.InvalidInput, match=r"force=True"):
        parlour.cowtrade.solve(money=(10**8, 5))
    code, _, err = run_cli(["winorlose", "table", "--rounds", "0"], capsys)
    assert code == 2 and err.startswith("error: --rounds must")
    code, _, err = run_cli(["memory", "simulate", "--pairs", "3", "--games", "1"], capsys)
    assert code == 2 and err.startswith("error: --games must")
    code, _, err = run_cli(["winorlose", "chance", "--hand", "3", "--table", "0,1,2,6,7"], capsys)
    assert code == 2 and err.startswith("error: --hand needs exactly 2 cards")
