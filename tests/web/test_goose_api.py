"""The Goose page's JSON API through FastAPI's TestClient: the chances equal `parlour goose solve --json` for the same
position, moves follow the rules, the heat map is Figure 2's surfaces, the rule editor's numbers are the variants'
own, bad input is one sentence (4xx), and junk never makes a 5xx."""

from __future__ import annotations

import itertools
import json
import time
import warnings
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2; httpx is what is installed
    from fastapi.testclient import TestClient

from parlour.analyses.goose import figures, turns
from parlour.cli import app as cli_app
from parlour.games.goose.rules import STUDY, STUDY_GEESE, play, square_of, state_from_squares
from parlour.web import goose as web
from parlour.web.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    mp = pytest.MonkeyPatch()
    # one cache for the session's goose tests: the 2-player chain is solved once
    mp.setenv("PARLOUR_CACHE", str(tmp_path_factory.getbasetemp() / "goose-cache"))
    yield TestClient(create_app())
    mp.undo()


def cli(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli_app, ["goose", "solve", *args, "--json"])
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.stdout))


def ready(client: TestClient, method: str, path: str, body: Any = None) -> dict[str, Any]:
    """The answer once the chain it needs is solved (waiting for the job as the page does)."""
    for _ in range(3):
        reply = client.post(path, json=body) if method == "POST" else client.get(path)
        assert reply.status_code == 200, reply.text
        data = dict(reply.json())
        if data.get("ready", True) is not False:
            return data
        if data.get("ask"):  # a solve estimated beyond a minute: started as the page's Start button does
            body = {**body, "start": True}
            continue
        deadline = time.time() + 300
        while client.get(f"/jobs/{data['job']}").json()["state"] == "running":
            assert time.time() < deadline, "the job did not finish"
            time.sleep(0.1)
        assert client.get(f"/jobs/{data['job']}").json()["state"] == "done"
    raise AssertionError("still not ready after its job")


def position(squares: list[int], to_move: int = 1, pending: list[int] | None = None, rules: str = "study") -> dict:
    return {"rules": rules, "players": len(squares), "squares": squares, "to_move": to_move,
            "inn_pending": pending or []}


def test_page_and_assets(client: TestClient) -> None:
    html = client.get("/goose/").text
    for needle in ('id="board"', 'id="roll"', 'id="chances"', 'id="heatmap"', 'id="rules-form"', "goose.js",
                   "goose.css", 'id="sq-63"', 'id="sq-0"'):
        assert needle in html
    assert html.count('class="sq ') == 64 and html.count('tabindex="0" role="button"') == 64
    for asset in ("goose.js", "goose.css"):
        reply = client.get(f"/static/{asset}")
        assert reply.status_code == 200
        assert "https://" not in reply.text and "//cdn" not in reply.text
    assert "Game of the Goose" in client.get("/").text


def test_board_names_every_special_square(client: TestClient) -> None:
    board = client.get("/goose/api/board").json()
    roles = {s["square"]: s["role"] for s in board["squares"]}
    assert len(roles) == 64 and all(s["text"] for s in board["squares"])
    assert {q for q, r in roles.items() if r == "goose"} == set(STUDY_GEESE)
    assert (roles[0], roles[6], roles[19], roles[31], roles[42], roles[52], roles[58], roles[63]) == (
        "start", "bridge", "inn", "well", "maze", "prison", "death", "end")
    maze37 = client.get("/goose/api/board?rules=maze37").json()
    assert "37" in maze37["squares"][42]["text"] and "30" in board["squares"][42]["text"]


def test_spiral_covers_the_board_once() -> None:
    cells = web.spiral(8)
    assert len(cells) == len(set(cells)) == 64 and cells[0] == (0, 7) and cells[-1] in {(3, 3), (4, 4), (3, 4), (4, 3)}
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(cells))


NUMBERS = ("win", "win_exact", "win_bounds", "draw", "draw_exact", "draw_bounds", "denominator_digits",
           "position", "players", "rules")


@pytest.mark.parametrize(("squares", "to_move", "pending"), [
    ([0, 0], 1, []),
    ([31, 40], 2, []),
    ([19, 30], 1, [1]),
    ([31, 52], 1, []),  # one in the well, the other in the prison: a draw for sure
    ([62, 61], 2, []),
])
def test_chances_equal_the_command_line(client: TestClient, squares: list[int], to_move: int,
                                        pending: list[int]) -> None:
    got = ready(client, "POST", "/goose/api/chances", position(squares, to_move, pending))
    args = ["--players", "2", "--exact", "--from", ",".join(map(str, squares)), "--to-move", str(to_move)]
    if pending:
        args += ["--inn-pending", ",".join(map(str, pending))]
    want = cli(*args)
    for key in NUMBERS:
        assert got[key] == want[key], key
    assert sum(Fraction(x) for x in got["win_exact"]) + Fraction(got["draw_exact"]) == 1


def test_a_whole_game_by_seed(client: TestClient) -> None:
    pos = position([0, 0])
    over, turn = False, 0
    while not over:
        reply = client.post("/goose/api/move", json={"position": pos, "seed": 2024, "turn": turn})
        assert reply.status_code == 200, reply.text
        data = reply.json()
        state = state_from_squares(STUDY, pos["squares"], pos["to_move"] - 1, [p - 1 for p in pos["inn_pending"]])
        faces = turns.roll(STUDY, 2024, turn) if data["turn"]["faces"] is not None else None
        assert data["turn"]["faces"] == (list(faces) if faces else None)
        expected = play(STUDY, state, faces)  # the rules' own outcome
        assert data["position"]["squares"] == [square_of(STUDY, c) for c in expected.state.codes]
        assert data["turn"]["story"][0].startswith(f"Player {pos['to_move']}")
        chances = data["chances"]
        assert chances["ready"] is True
        assert sum(Fraction(x) for x in chances["win_exact"]) + Fraction(chances["draw_exact"]) == 1
        over, pos, turn = data["over"], data["position"], turn + 1
        assert turn < 1000
    assert data["winner"] in (1, 2) or data["draw"]
    if data["winner"]:
        assert chances["win_exact"][data["winner"] - 1] == "1"


def test_a_chosen_throw_is_told_in_words(client: TestClient) -> None:
    data = ready(client, "POST", "/goose/api/move", {"position": position([0, 0]), "faces": [6, 3]})
    assert data["position"]["squares"] == [26, 0] and "straight to 26" in " ".join(data["turn"]["story"])
    data = ready(client, "POST", "/goose/api/move", {"position": position([10, 0], 1), "faces": [4, 4]})
    story = " ".join(data["turn"]["story"])
    assert data["position"]["squares"] == [26, 0] and "18 is a goose" in story
    data = ready(client, "POST", "/goose/api/move", {"position": position([61, 0], 1), "faces": [1, 1]})
    assert data["over"] and data["winner"] == 1 and data["chances"]["win_exact"] == ["1", "0"]


def test_heatmap_is_figure_2(client: TestClient) -> None:
    s = figures.surfaces(STUDY)
    for surface, data in (("p1_1", s.p1_wins_1_to_move), ("p1_2", s.p1_wins_2_to_move), ("draw_1", s.draw_1_to_move)):
        got = ready(client, "GET", f"/goose/api/heatmap?surface={surface}")
        assert got["squares"] == list(s.squares)
        for i, row in enumerate(data.tolist()):
            assert got["values"][i] == [None if v != v else v for v in row]
    got = ready(client, "GET", "/goose/api/heatmap?surface=p1_2")
    i, j = got["squares"].index(31), got["squares"].index(40)
    chances = ready(client, "POST", "/goose/api/chances", position([31, 40], 2))
    assert got["values"][i][j] == chances["win"][0]


TOY = """end = 2
dice = [[0, 1]]
geese = []
jumps = {}
inns = []
wells = []
start_jumps = {}
occupancy = false
"""


def test_rule_editor_on_a_toy_board(client: TestClient, tmp_path: Any) -> None:
    got = ready(client, "POST", "/goose/api/rules", {"toml": TOY})
    (tmp_path / "toy.toml").write_text(TOY)
    want = cli("--players", "2", "--exact", "--rules", str(tmp_path / "toy.toml"))
    study = cli("--players", "2", "--exact")
    assert got["changed"]["win_exact"] == want["win_exact"] == ["16/27", "11/27"]  # the study's toy game
    assert got["study"]["win_exact"] == study["win_exact"] and got["study"]["draw_exact"] == study["draw_exact"]
    diff = [float(Fraction(a) - Fraction(b)) for a, b in zip(want["win_exact"], study["win_exact"], strict=True)]
    assert got["difference"]["win"] == diff and got["rules"]["end"] == 2


def test_the_study_written_out_is_the_study(client: TestClient) -> None:
    got = ready(client, "POST", "/goose/api/rules", {"toml": web.STUDY_TOML})
    assert got["changed"]["rules"] == "study" and got["difference"]["win"] == [0.0, 0.0]


@pytest.mark.slow
def test_rule_editor_equals_the_variants(client: TestClient) -> None:
    got = ready(client, "POST", "/goose/api/rules", {"variant": "maze37"})
    want = cli("--players", "2", "--exact", "--variant", "maze37")
    assert got["changed"]["win_exact"] == want["win_exact"] and got["changed"]["draw_exact"] == want["draw_exact"]
    toml = ready(client, "POST", "/goose/api/rules", {"toml": "inns = []"})
    plain = cli("--players", "2", "--exact", "--variant", "no-inn-skip")
    assert toml["changed"]["win_exact"] == plain["win_exact"] and toml["changed"]["rules"] == "no-inn-skip"


BAD = [
    ("POST", "/goose/api/chances", {}),
    ("POST", "/goose/api/chances", {"players": 2}),
    ("POST", "/goose/api/chances", {"players": 5, "squares": [0] * 5}),
    ("POST", "/goose/api/chances", {"players": "٢", "squares": [0, 0]}),
    ("POST", "/goose/api/chances", {"players": "9" * 5000, "squares": [0, 0]}),
    ("POST", "/goose/api/chances", position([0, 0, 0, 0, 0])),
    ("POST", "/goose/api/chances", {**position([0, 0]), "players": 3}),
    ("POST", "/goose/api/chances", position([5, 0])),  # a goose: nobody stands there
    ("POST", "/goose/api/chances", position([63, 0])),
    ("POST", "/goose/api/chances", position([10, 10])),
    ("POST", "/goose/api/chances", position([1, 0])),  # square 1 cannot be reached
    ("POST", "/goose/api/chances", position([0, 0], 3)),
    ("POST", "/goose/api/chances", position([0, 0], 1, [1])),
    ("POST", "/goose/api/chances", {**position([0, 0]), "rules": "nope"}),
    ("POST", "/goose/api/chances", {**position([0, 0]), "squares": "a,b"}),
    ("POST", "/goose/api/move", {}),
    ("POST", "/goose/api/move", {"position": position([0, 0])}),
    ("POST", "/goose/api/move", {"position": position([0, 0]), "seed": -1}),
    ("POST", "/goose/api/move", {"position": position([0, 0]), "seed": "1" * 50}),
    ("POST", "/goose/api/move", {"position": position([0, 0]), "seed": 1, "turn": 10**9}),
    ("POST", "/goose/api/move", {"position": position([0, 0]), "faces": [7, 1]}),
    ("POST", "/goose/api/move", {"position": position([0, 0]), "faces": [1]}),
    ("POST", "/goose/api/move", {"position": position([0, 0]), "faces": [1, 2], "seed": 1}),
    ("POST", "/goose/api/move", {"position": position([31, 52])}),
    ("POST", "/goose/api/move", {"position": position([31, 52]), "seed": 1}),
    ("POST", "/goose/api/move", "not an object"),
    ("GET", "/goose/api/board?rules=x", None),
    ("GET", "/goose/api/heatmap?surface=zzz", None),
    ("GET", "/goose/api/heatmap?rules=" + "x" * 5000, None),
    ("POST", "/goose/api/rules", {}),
    ("POST", "/goose/api/rules", {"variant": "maze37", "toml": "end = 5"}),
    ("POST", "/goose/api/rules", {"toml": "end = 1000"}),
    ("POST", "/goose/api/rules", {"toml": "end = inf"}),
    ("POST", "/goose/api/rules", {"toml": "dice = [[1,2,3,4,5,6]] \n[x"}),
    ("POST", "/goose/api/rules", {"toml": "dice = [[1,2,3,4,5,6],[1,2,3,4,5,6],[1,2,3,4,5,6],[1,2,3,4,5,6],[1,2]]"}),
    ("POST", "/goose/api/rules", {"toml": "geese = 5"}),
    ("POST", "/goose/api/rules", {"toml": "colour = 'red'"}),
    ("POST", "/goose/api/rules", {"toml": "geese = [70]"}),
    ("POST", "/goose/api/rules", {"toml": "x" * 20_000}),
    ("POST", "/goose/api/rules", {"toml": 5}),
    ("POST", "/goose/api/rules", {"variant": "nope"}),
]


@pytest.mark.parametrize(("method", "path", "body"), BAD)
def test_bad_input_is_one_sentence(client: TestClient, method: str, path: str, body: Any) -> None:
    reply = client.post(path, json=body) if method == "POST" else client.get(path)
    assert 400 <= reply.status_code < 500, reply.text
    error = reply.json()["error"]
    assert isinstance(error, str) and 0 < len(error) <= 240 and "\n" not in error


def test_bad_json_body(client: TestClient) -> None:
    reply = client.post("/goose/api/move", content=b"{nope", headers={"content-type": "application/json"})
    assert reply.status_code == 400 and "JSON" in reply.json()["error"]


junk = st.one_of(st.none(), st.booleans(), st.integers(-(10**20), 10**20), st.text(max_size=20),
                 st.lists(st.integers(-3, 70), max_size=5), st.sampled_from(["study", "maze37", "0,0", "٣", "1e9"]),
                 st.dictionaries(st.text(max_size=4), st.integers(), max_size=2))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rules=junk, players=junk, squares=junk, to_move=junk, pending=junk, seed=junk, turn=junk, faces=junk,
       variant=junk, toml=st.one_of(junk, st.text(max_size=60)), surface=junk)
def test_junk_never_makes_a_5xx(client: TestClient, rules: Any, players: Any, squares: Any, to_move: Any,
                                pending: Any, seed: Any, turn: Any, faces: Any, variant: Any, toml: Any,
                                surface: Any) -> None:
    pos = {"rules": rules, "players": players, "squares": squares, "to_move": to_move, "inn_pending": pending}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(web, "start_job", lambda rules, players: "fuzz")  # junk must not start minutes of solving
        replies = [
            client.post("/goose/api/chances", json=pos),
            client.post("/goose/api/move", json={"position": pos, "seed": seed, "turn": turn, "faces": faces}),
            client.post("/goose/api/move", json={"position": position([0, 0]), "seed": seed, "turn": turn}),
            client.post("/goose/api/move", json={"position": position([0, 0]), "faces": faces}),
            client.post("/goose/api/rules", json={"variant": variant, "toml": toml}),
            client.post("/goose/api/rules", json={"toml": toml}),
            client.get("/goose/api/heatmap", params={"rules": str(rules), "surface": str(surface)}),
            client.get("/goose/api/board", params={"rules": str(rules)}),
        ]
    for reply in replies:
        assert reply.status_code < 500, reply.text
        assert "error" in reply.json() or reply.status_code == 200


def test_headline_is_computed() -> None:
    text = web.headline()
    assert "39.36 %" in text and "38.00 %" in text


@pytest.mark.slow
def test_three_players_equal_the_command_line(client: TestClient) -> None:
    got = ready(client, "POST", "/goose/api/chances", position([12, 0, 26], 2))
    want = cli("--players", "3", "--from", "12,0,26", "--to-move", "2")
    assert got["tol"] == 1e-12 and got["exact"] is False
    for (lo, hi), (wlo, whi), w in zip(got["win_bounds"], want["win_bounds"], want["win"], strict=True):
        assert hi - lo <= 2e-12 and lo <= whi and wlo <= hi  # both certified: the intervals meet
        assert abs(w - (lo + hi) / 2) <= 2e-12
    assert got["position"] == want["position"]


@pytest.mark.slow
def test_four_players_run_as_a_job_and_equal_the_command_line(client: TestClient) -> None:
    """About a minute alone on the machine (more when shared): the job reports progress, then the chances from a
    position are certified to 1e-10 and meet the command line's intervals."""
    first = client.post("/goose/api/chances", json={**position([0, 0, 0, 0]), "start": True}).json()
    if first.get("ready") is False:
        seen: list[float] = []
        while (job := client.get(f"/jobs/{first['job']}").json())["state"] == "running":
            seen.append(job["done"])
            time.sleep(0.5)
        assert job["state"] == "done" and seen == sorted(seen)
    got = ready(client, "POST", "/goose/api/chances", position([12, 0, 26, 8], 3))
    want = cli("--players", "4", "--from", "12,0,26,8", "--to-move", "3", "--tol", "1e-10")
    assert got["tol"] == 1e-10 and got["position"] == want["position"]
    for (lo, hi), (wlo, whi) in zip(got["win_bounds"], want["win_bounds"], strict=True):
        assert hi - lo <= 2e-10 and lo <= whi and wlo <= hi
