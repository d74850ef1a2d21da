"""The guessing-game page's JSON API through FastAPI's TestClient: every endpoint, the numbers against the
command line's --json, bad input as a 4xx {"error"}, and generated junk that never gets a 5xx."""

from __future__ import annotations

import gzip
import json
import time
import warnings
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pagecaches import own_guess_cache
from typer.testing import CliRunner

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2; httpx is what is installed
    from fastapi.testclient import TestClient

from parlour.analyses.guess import play
from parlour.cli import app as cli_app
from parlour.web import guess as web
from parlour.web.app import create_app
from parlour.web.jobs import jobs


@pytest.fixture(scope="module", autouse=True)
def fresh_cache(tmp_path_factory):
    """A cache folder and an in-memory cache of this module's own, so no other run's files are read."""
    yield from own_guess_cache(tmp_path_factory)


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


def cli_json(*args: str) -> dict:
    result = CliRunner().invoke(cli_app, ["guess", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def new(client, n: int, mode: str, seed: int = 7) -> dict:
    reply = client.post("/guess/api/new", json={"n": n, "mode": mode, "seed": seed})
    assert reply.status_code == 200, reply.text
    return reply.json()


def wait_for(key: str, limit: float = 60.0) -> None:
    deadline = time.time() + limit
    while jobs.get(key).state == "running":
        assert time.time() < deadline, f"job {key} still running"
        time.sleep(0.05)
    assert jobs.get(key).state == "done", jobs.get(key).to_json()


def test_page_loads_without_a_solve_and_shows_the_tables_value(client):
    html = client.get("/guess/").text
    for needle in ('id="n"', 'id="new-game"', 'id="alice-chart"', 'id="tree"', "guess.js", "296/51"):
        assert needle in html
    for asset in ("guess.js", "guess.css"):
        assert client.get(f"/static/{asset}").status_code == 200
    assert "http" not in client.get("/static/guess.js").text.replace("http://www.w3.org", "")  # no CDN


@pytest.mark.parametrize("n", [1, 10, 100, 815])
def test_value_is_the_command_lines(client, n):
    ours = client.get(f"/guess/api/value?n={n}").json()
    theirs = cli_json("value", str(n))
    for key in ("numbers", "value", "value_exact", "max_guesses", "source", "certificate_sha256"):
        assert ours[key] == theirs[key]


def test_strategy_is_the_command_lines_solve(client):
    ours = client.post("/guess/api/strategy", json={"n": 12}).json()
    theirs = cli_json("solve", "12")
    assert ours["ready"] and ours["certified"] and theirs["certified"]
    assert ours["value_exact"] == theirs["value_exact"] == cli_json("value", "12")["value_exact"]
    assert ours["alice"] == theirs["alice"]
    assert ours["max_guesses"] == theirs["max_guesses"]
    assert ours["trees"] == sum(1 for t in theirs["bob"] if Fraction(t["probability_exact"]) > 0)
    assert sum(Fraction(a["probability_exact"]) for a in ours["alice"]) == 1


def test_a_whole_game_as_the_guesser(client):
    game = new(client, 10, "guess", seed=11)
    state = game["state"]
    assert (game["low"], game["high"], game["over"]) == (1, 10, False)
    hidden = play.draw(web.cache.in_memory(10).alice, 11) + 1
    guesses: list[int] = []
    while True:
        guesses.append((game["low"] + game["high"]) // 2)
        game = client.post("/guess/api/guess", json={"state": state, "guesses": guesses}).json()
        if game["over"]:
            break
    assert game["hidden"] == hidden and guesses[-1] == hidden
    r = game["result"]
    assert r["guesses"] == len(guesses) and r["value_exact"] == "35/12"
    assert Fraction(r["difference_exact"]) == len(guesses) - Fraction(35, 12)
    assert Fraction(r["alice_probability_exact"]) == web.cache.in_memory(10).alice[hidden - 1]
    again = client.post("/guess/api/guess", json={"state": state, "guesses": [*guesses, 1]})
    assert again.status_code == 400 and "over" in again.json()["error"]


def test_a_whole_game_as_the_hider_by_answers_and_by_number(client):
    state = new(client, 20, "hide", seed=3)["state"]
    answers: list[str] = []
    game = client.post("/guess/api/search", json={"state": state, "answers": answers}).json()
    hidden = 13
    while not game["over"]:
        answers.append(play.answer(hidden, game["next_guess"]))
        game = client.post("/guess/api/search", json={"state": state, "answers": answers}).json()
    by_number = client.post("/guess/api/search", json={"state": state, "hidden": hidden}).json()
    assert game == by_number
    assert game["hidden"] == hidden and game["guesses"][-1] == hidden
    tree = game["tree"]
    assert len(game["guesses"]) == tree["depths"][hidden - 1] == game["result"]["guesses"]
    s = web.cache.in_memory(20)
    assert Fraction(game["result"]["bob_average_exact"]) == play.expected_guesses(s.bob, hidden) <= s.value
    assert (tuple(tree["depths"]), Fraction(tree["probability_exact"])) in s.bob


def test_inconsistent_answers_are_refused_with_a_sentence(client):
    state = new(client, 10, "hide", seed=3)["state"]
    reply = client.post("/guess/api/search", json={"state": state, "answers": ["lower"] * 6})
    assert reply.status_code == 400 and "no number is lower" in reply.json()["error"]
    reply = client.post("/guess/api/search", json={"state": state, "answers": ["correct", "higher"]})
    assert reply.status_code == 400 and "over" in reply.json()["error"]


@pytest.mark.timing
def test_a_larger_n_is_a_job_then_cached_on_disk_and_read_back(client, monkeypatch):
    first = client.post("/guess/api/strategy", json={"n": 150}).json()
    assert first["ready"] is False
    wait_for(first["job"])
    ready = client.post("/guess/api/strategy", json={"n": 150}).json()
    assert ready["ready"] and ready["value_exact"] == cli_json("value", "150")["value_exact"]
    assert web.store.path(150).is_file()
    fresh = web.strategy_cache()
    monkeypatch.setattr(web, "cache", fresh)  # a restarted server: nothing in memory, the file on disk
    began = time.perf_counter()
    again = client.post("/guess/api/strategy", json={"n": 150}).json()
    assert again["ready"] and again["certificate_sha256"] == ready["certificate_sha256"]
    assert time.perf_counter() - began < 2.0  # read back and re-checked inside the request


def test_a_damaged_cache_file_is_solved_again(client, monkeypatch):
    client.post("/guess/api/strategy", json={"n": 30})
    path = web.store.path(30)
    doc = json.loads(gzip.decompress(path.read_bytes()))
    doc["alice"][0] = "0"  # no longer a probability vector
    path.write_bytes(gzip.compress(json.dumps(doc).encode()))
    monkeypatch.setattr(web, "cache", web.strategy_cache())
    assert web.store.load(30) is None  # the exact check (or the digest) refuses it
    reply = client.post("/guess/api/strategy", json={"n": 30}).json()
    assert reply["ready"] and reply["value_exact"] == cli_json("value", "30")["value_exact"]


def test_the_same_seed_draws_the_same_game(client):
    a, b = new(client, 10, "hide", seed=99), new(client, 10, "hide", seed=99)
    assert a == b
    one = client.post("/guess/api/search", json={"state": a["state"], "hidden": 4}).json()
    two = client.post("/guess/api/search", json={"state": b["state"], "hidden": 4}).json()
    assert one["tree"] == two["tree"]
    assert isinstance(new(client, 10, "guess")["state"]["seed"], int)
    unseeded = client.post("/guess/api/new", json={"n": 10, "mode": "guess"}).json()["state"]["seed"]
    assert 0 <= unseeded <= web.SEED_MAX


@pytest.mark.parametrize(
    ("path", "body", "message"),
    [
        ("/guess/api/strategy", {"n": "abc"}, "whole number"),
        ("/guess/api/strategy", {"n": 0}, "from 1 to 2828"),
        ("/guess/api/strategy", {"n": 2829}, "from 1 to 2828"),
        ("/guess/api/strategy", {"n": "٣"}, "whole number"),
        ("/guess/api/strategy", {"n": "9" * 5000}, "digits"),
        ("/guess/api/strategy", {}, "missing"),
        ("/guess/api/new", {"n": 10, "mode": "cheat"}, "mode must be one of"),
        ("/guess/api/new", {"n": 10, "seed": -1}, "seed"),
        ("/guess/api/guess", {"guesses": [1]}, "state is missing"),
        ("/guess/api/guess", {"state": {"n": 10, "mode": "guess", "seed": 1, "certificate": "x"}}, "64"),
        ("/guess/api/guess", {"state": {"n": 10, "mode": "guess", "seed": 1, "certificate": "0" * 64}},
         "not the ones"),
        ("/guess/api/guess", {"state": {"n": 10, "mode": "hide", "seed": 1, "certificate": "0" * 64}},
         "not one where"),
        ("/guess/api/search", {"state": {"n": 10, "mode": "hide", "certificate": "0" * 64}}, "seed is missing"),
    ],
)
def test_bad_input_is_a_400_with_one_sentence(client, path, body, message):
    client.post("/guess/api/strategy", json={"n": 10})
    reply = client.post(path, json=body)
    assert reply.status_code == 400, reply.text
    error = reply.json()["error"]
    assert message in error and len(error) < 300 and "\n" not in error


def test_bad_moves_in_a_real_game(client):
    state = new(client, 10, "guess")["state"]
    for guesses, message in ((["11"], "from 1 to 10"), ("1,2,x", "whole number"),
                             ([1] * 11, "must be 0 to 10 whole numbers"), ({"a": 1}, "list")):
        reply = client.post("/guess/api/guess", json={"state": state, "guesses": guesses})
        assert reply.status_code == 400 and message in reply.json()["error"], reply.text
    hide = new(client, 10, "hide")["state"]
    for body, message in (({"answers": ["up"]}, "higher, lower, correct"), ({"answers": "higher"}, "a list"),
                          ({"hidden": 0}, "from 1 to 10"), ({"hidden": 3, "answers": []}, "not both")):
        reply = client.post("/guess/api/search", json={"state": hide, **body})
        assert reply.status_code == 400 and message in reply.json()["error"], reply.text
    assert client.get("/guess/api/value?n=-3").status_code == 400
    assert client.post("/guess/api/guess", content=b"{not json", headers={"content-type": "application/json"}
                       ).json()["error"].startswith("the request body")


def test_headline_is_computed_from_the_table():
    line = web.headline()
    assert "296/51" in line and "1..100" in line
    assert "296/51" in TestClient(create_app()).get("/").text


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=True)
    | st.text(max_size=40) | st.sampled_from(["10", "٣", "1e3", " 5 ", "guess", "hide", "higher", "0" * 64]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=20,
)
ENDPOINTS = ["/guess/api/strategy", "/guess/api/new", "/guess/api/guess", "/guess/api/search"]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(ENDPOINTS), body=junk, n=junk, guesses=junk, seed=junk, mode=junk)
def test_fuzz_never_a_5xx(client, monkeypatch, path, body, n, guesses, seed, mode):
    # Only N = 10's strategies exist: generated N never start a solve (a job of N = 1,000 is minutes).
    client.post("/guess/api/strategy", json={"n": 10})
    monkeypatch.setattr(web, "start_job", lambda size: "fuzz")
    monkeypatch.setattr(web.cache, "ready", web.cache.in_memory)
    cert = web.cache.in_memory(10).digest
    state = {"n": n, "mode": mode, "seed": seed, "certificate": cert}
    for payload in (body, {"n": n, "mode": mode, "seed": seed}, {"state": state, "guesses": guesses},
                    {"state": {**state, "n": 10}, "answers": guesses, "hidden": seed},
                    {"state": {"n": 10, "mode": "guess", "seed": 5, "certificate": cert}, "guesses": guesses}):
        text = json.dumps(payload)  # NaN and Infinity as Python writes them: not JSON, a 400 too
        reply = client.post(path, content=text, headers={"content-type": "application/json"})
        assert reply.status_code < 500, (path, payload, reply.text)
        if reply.status_code >= 400:
            assert set(reply.json()) == {"error"}
    reply = client.get("/guess/api/value", params={"n": str(n)[:60]})
    assert reply.status_code < 500


@pytest.mark.timing
def test_a_small_n_answers_while_jobs_take_every_worker(client):
    import functools

    from jobworks import silent

    keys = [f"busy-{k}-{time.monotonic_ns()}" for k in range(jobs.workers)]
    for key in keys:  # long jobs of large N are running, in every worker
        jobs.submit(key, functools.partial(silent, 60.0))
    try:
        began = time.perf_counter()
        reply = client.post("/guess/api/strategy", json={"n": 7}).json()
        assert time.perf_counter() - began < 2.0
    finally:
        for key in keys:
            jobs.cancel(key)
    assert reply["ready"] and reply["value_exact"] == cli_json("value", "7")["value_exact"]


def test_jobs_of_other_n_are_bounded(client, monkeypatch):
    started: set[str] = set()  # jobs that never start, and so run for ever
    monkeypatch.setattr(web, "cache", web.strategy_cache())
    monkeypatch.setattr(web.jobs, "running", lambda key: key in started)
    monkeypatch.setattr(web.jobs, "submit", lambda key, work, **how: started.add(key))
    assert web.start_job(501) == "guess-501-0"
    assert web.start_job(502) == "guess-502-0"
    assert web.start_job(501) == "guess-501-0"  # asking again for one being solved is fine
    reply = client.post("/guess/api/strategy", json={"n": 503})
    assert reply.status_code == 400 and "already solving N = 501, 502" in reply.json()["error"]


def test_the_page_takes_every_n_of_the_table_and_beyond_it_what_the_command_line_takes():
    from parlour.analyses.guess import table
    from parlour.web import guess as web_guess

    top = max(table.shipped())
    assert top < web_guess.MAX_N  # the table's whole range, and more as jobs
    assert web_guess._size(top) == top and web_guess._size(str(top + 1)) == top + 1
    assert "minute" in web_guess.estimate_words(top + 1)  # a job's wait, said before it starts
