"""The same solve through the command line, the web API and Python gives the same JSON (issue 27, item 2):
one per game. The answers differ only in what each interface adds around the result (the CLI's envelope,
the page's extra fields) and in the time a solve took."""

from __future__ import annotations

import json
import time
import warnings
from pathlib import Path
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


def test_cowtrade_endgame(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    # the page answers a state (its value, the chances from the start, both strategies there) rather than the
    # whole result; what it answers is the Python result's, the strategies in the one shape (strategy_json)
    cards = ([0, 10, 10, 50], [10, 10, 10])
    python = parlour.cowtrade.endgame(cards=cards, challenger=2)
    cli = cli_json(["cowtrade", "endgame", "--cards1", "0,10,10,50", "--cards2", "10,10,10", "--challenger", "2"],
                   capsys)
    agree(python, cli, None)
    game = {"set_size": 4, "rules": "rules", "next": "alternate", "animals1": 1, "cards1": cards[0],
            "cards2": cards[1], "challenger": 2}
    web = client.post("/cowtrade/api/endgame/state", json={"game": game}).json()
    mine = untimed(python.to_json())
    keys = ["value", "value_exact", *python.chances(), "states"]
    assert {k: web["start"][k] for k in keys} == {k: mine[k] for k in keys}
    assert web["state"]["value_exact"] == mine["value_exact"]
    first = next(p for p in mine["plays"] if (p["animals1"], p["challenger"], p["tied"]) == (1, 2, False)
                 and sorted(p["hand1"]) == cards[0] and sorted(p["hand2"]) == cards[1])
    assert web["state"]["strategy1"] == first["offers1"] and web["state"]["strategy2"] == first["offers2"]
    assert first["offers2"] and "offer" in first["offers2"][0] and "seen" in first["offers1"][0]


def test_winorlose_chance(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    python = parlour.winorlose.chance("3h,5", "0,1,2,6,7")
    cli = cli_json(["winorlose", "chance", "--hand", "3h,5", "--table", "0,1,2,6,7"], capsys)
    web = client.get("/winorlose/api/chance", params={"hand": "3h,5", "table": "0,1,2,6,7"}).json()
    agree(python, cli, web)


def goose_chances(client: TestClient, squares: list[int], to_move: int) -> dict[str, Any]:
    """The page's chances from a position, once the job that solves its table is done (as the page polls)."""
    body = {"rules": "study", "players": len(squares), "squares": squares, "to_move": to_move, "inn_pending": []}
    for _ in range(3):
        data = dict(client.post("/goose/api/chances", json=body).json())
        if data.get("ready") is not False:
            return data
        deadline = time.time() + 120
        while client.get(f"/jobs/{data['job']}").json()["state"] == "running":
            assert time.time() < deadline, "the page's solve did not finish"
            time.sleep(0.05)
    raise AssertionError("the page's table is still not ready after its job")


def test_goose_solve(client: TestClient, capsys: pytest.CaptureFixture[str], tmp_path: Path,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    # The page answers a position from its table of every state (2 players: the exact fractions, solved by a job
    # and kept under the cache root, here a scratch folder); the command line and Python solve that position.
    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path))
    start = parlour.goose.solve(players=2, exact=True)
    agree(start, cli_json(["goose", "solve", "-n", "2", "--exact"], capsys), goose_chances(client, [0, 0], 1))
    moved = parlour.goose.solve(players=2, exact=True, squares=[31, 40], to_move=2)
    agree(moved, cli_json(["goose", "solve", "-n", "2", "--exact", "--from", "31,40", "--to-move", "2"], capsys),
          goose_chances(client, [31, 40], 2))
    # certified to a tolerance: the page's table is exact for 2 players, so the command line and Python only
    agree(parlour.goose.solve(players=2, squares=[31, 52], to_move=2, tol=1e-10),
          cli_json(["goose", "solve", "-n", "2", "--from", "31,52", "--to-move", "2", "--tol", "1e-10"], capsys), None)


def test_goose_size_guard_names_force_in_python_and_the_flag_on_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    # 9 players: 49^9 codes, beyond any machine's memory and a day's work; the one guard of analyses.goose.policy
    with pytest.raises(parlour.errors.InvalidInput, match=r"force=True") as refused:
        parlour.goose.solve(players=9)
    assert "--force" not in str(refused.value)
    code, _, err = run_cli(["goose", "solve", "--players", "9"], capsys)
    assert code == 2 and "--force" in err and "force=True" not in err
    assert err.removeprefix("error: ").strip().replace("--force", "force=True") == str(refused.value)
    # the same for the other names the policy checks: the position's squares are --from on the command line
    with pytest.raises(parlour.errors.InvalidInput, match=r"^squares lists 3 squares but players is 2$"):
        parlour.goose.solve(players=2, squares=[3, 4, 7])
    code, _, err = run_cli(["goose", "solve", "--from", "3,4,7"], capsys)
    assert code == 2 and err.strip() == "error: --from lists 3 squares but --players is 2"


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
