"""The Memory page's JSON API through FastAPI's TestClient: every endpoint, the hidden deal, the numbers
against `parlour memory state --json`, bad input as 4xx {"error"}, and a fuzzer that finds no 5xx."""

from __future__ import annotations

import json
import warnings
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2; httpx is what is installed
    from fastapi.testclient import TestClient

from parlour.cli import app as cli_app
from parlour.web.app import create_app
from parlour.web.memory import max_flips


@pytest.fixture(scope="module", autouse=True)
def _cache(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("PARLOUR_CACHE", str(tmp_path_factory.mktemp("cache")))
    yield
    mp.undo()


@pytest.fixture(scope="module")
def client(_cache):
    return TestClient(create_app())


def cli_state(k: int, B: int, P: int) -> dict:
    res = CliRunner().invoke(cli_app, ["memory", "state", str(k), str(B), str(P), "--json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


def new(client, pairs=6, first="you") -> dict:
    r = client.post("/memory/api/new", json={"pairs": pairs, "first": first})
    assert r.status_code == 200, r.text
    return r.json()


def flip(client, data, card) -> dict:
    r = client.post("/memory/api/flip", json={"game": data["game"], "card": card})
    assert r.status_code == 200, r.text
    return r.json()


def best_card(data) -> int:
    cards = data["hint"]["cards"]
    return min(int(q) for q, h in cards.items() if h["best"])


def test_page_and_assets(client):
    html = client.get("/memory/").text
    for needle in ('id="board"', 'id="pairs"', 'id="first"', 'id="new"', 'id="hints"', 'id="tactics"',
                   'id="stalemate-note"', "memory.js", "memory.css", "stalemate"):
        assert needle in html
    for asset in ("memory.js", "memory.css"):
        r = client.get("/static/" + asset)
        assert r.status_code == 200
        assert "http" not in r.text  # nothing from a CDN
    assert "stalemate" in client.get("/").text  # the headline on the home page


def test_new_game_hides_the_deal(client):
    data = new(client, 8, "computer")
    assert set(data["game"]) == {"pairs", "first", "nonce", "moves"}
    assert len(data["cards"]) == 16
    for c in data["cards"]:
        assert ("face" in c) == (c["status"] != "down")
    assert data["mover"] == "you" or data["over"]
    # two games never share a nonce, and the nonce is not the deal
    other = new(client, 8, "computer")
    assert other["game"]["nonce"] != data["game"]["nonce"]


def test_numbers_equal_the_command_line(client):
    data = new(client, 6, "you")
    st = data["state"]
    assert st == {"k": 12, "B": 0, "P": 0}
    ref = cli_state(12, 0, 0)
    assert data["hint"]["w_exact"] == ref["w_exact"]
    assert data["hint"]["optimal"] == ref["optimal"]
    assert {n: t["value_exact"] for n, t in data["hint"]["tactics"].items()} == {
        n: t["value_exact"] for n, t in ref["tactics"].items()}
    assert Fraction(data["expected"]["you"]["pairs_exact"]) == Fraction(ref["w_exact"]) / 2
    # two moves on, in whatever state the match is in
    data = flip(client, data, best_card(data))
    data = flip(client, data, best_card(data))
    if not data["over"]:
        s = data["state"]
        ref = cli_state(s["k"], s["B"], s["P"])
        assert data["hint"]["w_exact"] == ref["w_exact"]
        assert {n: t["value"] for n, t in data["hint"]["tactics"].items()} == {
            n: t["value"] for n, t in ref["tactics"].items()}
    api = client.get("/memory/api/state", params={"k": 10, "B": 4, "P": 2}).json()
    ref = cli_state(10, 4, 2)
    for key in ("state", "w", "w_exact", "optimal", "tactics", "method", "status"):
        assert api[key] == ref[key], key


def test_a_whole_game_by_the_hint(client):
    data = new(client, 5, "you")
    steps = 0
    while not data["over"]:
        before = len(data["game"]["moves"])
        data = flip(client, data, best_card(data))
        assert len(data["game"]["moves"]) == before + 1
        e = data["expected"]
        assert Fraction(e["you"]["pairs_exact"]) + Fraction(e["computer"]["pairs_exact"]) == 5
        steps += 1
        assert steps <= max_flips(5)
    final = data["final"]
    assert Fraction(final["you"]["pairs_exact"]) + Fraction(final["computer"]["pairs_exact"]) == 5
    # a finished game takes no more flips
    r = client.post("/memory/api/flip", json={"game": data["game"], "card": 0})
    assert r.status_code == 400 and "error" in r.json()
    # and its view is the same
    again = client.post("/memory/api/view", json={"game": data["game"]}).json()
    assert again["final"] == final and again["turns"] == data["turns"]


def test_mid_turn_hint_lists_second_cards(client):
    data = new(client, 6, "you")
    data = flip(client, data, 0)
    h = data["hint"]
    assert h["stage"] == "second"
    assert "0" not in h["cards"]  # the open card cannot be turned again
    assert data["cards"][0]["status"] == "up"
    assert Fraction(data["expected"]["you"]["pairs_exact"]) == max(
        Fraction(c["value_exact"]) for c in h["choices"].values()) / 2


def test_stalemate_is_explained_when_passing_is_optimal(client):
    # <10,4,0> (5 pairs, 4 known singletons): the P = 0 rule says pass
    api = client.get("/memory/api/state", params={"k": 10, "B": 4, "P": 0}).json()
    assert "T2" in api["optimal"]


@pytest.mark.parametrize(
    ("path", "body", "needle"),
    [
        ("new", {"pairs": 0}, "pairs"),
        ("new", {"pairs": 21}, "pairs"),
        ("new", {"pairs": "٣"}, "pairs"),
        ("new", {"pairs": "9" * 5000}, "digits"),
        ("new", {"pairs": 4, "first": "me"}, "first player"),
        ("flip", {}, "no game"),
        ("flip", {"game": {"pairs": 4, "first": "you", "nonce": "xyz", "moves": []}, "card": 1}, "nonce"),
        ("flip", {"game": {"pairs": 4, "first": "you", "nonce": "0" * 32, "moves": []}, "card": 8}, "card"),
        ("flip", {"game": {"pairs": 4, "first": "you", "nonce": "0" * 32, "moves": [1, 1]}, "card": 2},
         "face up"),
        ("flip", {"game": {"pairs": 4, "first": "you", "nonce": "0" * 32, "moves": [-1]}, "card": 2}, "flips"),
        ("flip", {"game": {"pairs": 4, "first": "you", "nonce": "0" * 32, "moves": [0] * 500}, "card": 2}, "flips"),
        ("flip", {"game": {"pairs": 4, "first": "you", "nonce": "0" * 32, "moves": "junk"}, "card": 2}, "flips"),
        ("flip", {"game": [], "card": 2}, "game"),
        ("view", {"game": {"pairs": True, "first": "you", "nonce": "0" * 32, "moves": []}}, "pairs"),
    ],
)
def test_bad_requests_are_one_sentence(client, path, body, needle):
    r = client.post(f"/memory/api/{path}", json=body)
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert needle in err and len(err) < 250


def test_bad_state_queries(client):
    for params in ({"k": 4, "B": 3, "P": 0}, {"k": 42, "B": 0, "P": 0}, {"k": "x"}, {}, {"k": 0, "B": 0, "P": 0}):
        r = client.get("/memory/api/state", params=params)
        assert r.status_code == 400 and "error" in r.json(), (params, r.text)
    assert client.post("/memory/api/new", content=b"{nope").status_code == 400


def test_a_tampered_history_is_refused_not_trusted(client):
    data = new(client, 4, "you")
    data = flip(client, data, 0)
    data = flip(client, data, 1)
    game = dict(data["game"])
    # sending flips that take an already taken card, or continue after the end, is refused
    taken = [int(q) for q, c in enumerate(data["cards"]) if c["status"] == "taken"]
    if taken:
        bad = {**game, "moves": [*game["moves"], taken[0], taken[0]]}
        assert client.post("/memory/api/view", json={"game": bad}).status_code == 400


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)
games = st.fixed_dictionaries({}, optional={
    "pairs": json_values | st.integers(0, 25),
    "first": json_values | st.sampled_from(["you", "computer"]),
    "nonce": json_values | st.just("0" * 32) | st.text("0123456789abcdef", min_size=30, max_size=34),
    "moves": json_values | st.lists(st.integers(-2, 45), max_size=60),
})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    path=st.sampled_from(["new", "flip", "view"]),
    body=json_values | st.fixed_dictionaries({}, optional={"game": games | json_values, "card": json_values,
                                                            "pairs": json_values, "first": json_values}),
)
def test_fuzz_posts_never_5xx(client, path, body):
    r = client.post(f"/memory/api/{path}", json=body)
    assert r.status_code < 500, (body, r.text)
    if r.status_code >= 400:
        assert isinstance(r.json()["error"], str)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(params=st.dictionaries(st.sampled_from(["k", "B", "P", "x"]),
                              st.text(max_size=30) | st.integers(-5, 50).map(str), max_size=4))
def test_fuzz_state_never_5xx(client, params):
    r = client.get("/memory/api/state", params=params)
    assert r.status_code < 500, (params, r.text)
