"""The values the pages' story charts draw after every move (issue 36 item 2), through the JSON API: Memory's
expected pairs after every turn against `parlour memory state --json`, and the guessing game's expected
guesses left against a brute-force search over every guessing strategy."""

from __future__ import annotations

import functools
import json
import random
import warnings
from fractions import Fraction

import pytest
from typer.testing import CliRunner

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2; httpx is what is installed
    from fastapi.testclient import TestClient

from parlour.analyses.guess import play
from parlour.cli import app as cli_app
from parlour.web import guess as guess_web
from parlour.web.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("PARLOUR_CACHE", str(tmp_path_factory.mktemp("cache")))
    mp.setattr(guess_web, "cache", guess_web.strategy_cache())
    yield TestClient(create_app())
    mp.undo()


def post(client, url: str, body: dict) -> dict:
    reply = client.post(url, json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()


@functools.cache
def cli_w(k: int, B: int, P: int) -> Fraction:
    res = CliRunner().invoke(cli_app, ["memory", "state", str(k), str(B), str(P), "--json"])
    assert res.exit_code == 0, res.output
    return Fraction(json.loads(res.output)["w_exact"])


# ---- Memory -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("first", ["you", "computer"])
def test_memory_story_has_a_point_per_turn_worth_what_the_command_line_says(client, first):
    data = post(client, "/memory/api/new", {"pairs": 5, "first": first})
    rng = random.Random(5)
    for _ in range(200):
        if data["over"]:
            break
        cards = [q for q, c in enumerate(data["cards"]) if c["status"] in ("down", "seen")]
        data = post(client, "/memory/api/flip", {"game": data["game"], "card": rng.choice(cards)})
    assert data["over"]
    story, turns = data["story"], data["turns"]
    assert len(story) == len(turns) + 1
    assert [p["mover"] for p in story] == [None, *(t["player"] for t in turns)]
    won = 0
    for point, turn in zip(story, turns, strict=False):
        # at a turn's start: the pairs taken plus half of what the command line says the cards to come are
        s = turn["state"]
        w = cli_w(s["k"], s["B"], s["P"])
        mine = w if turn["player"] == "you" else s["k"] - w
        assert Fraction(point["you_exact"]) == won + mine / 2
        won += turn["matched"] and turn["player"] == "you"
    assert Fraction(story[-1]["you_exact"]) == Fraction(data["final"]["you"]["pairs_exact"])


def test_memory_story_ends_on_the_expected_pairs_shown_while_the_game_goes_on(client):
    data = post(client, "/memory/api/new", {"pairs": 6, "first": "computer"})
    assert data["story"][-1]["you_exact"] == data["expected"]["you"]["pairs_exact"]
    assert len(data["story"]) == len(data["turns"]) + 1


# ---- the guessing game --------------------------------------------------------------------------------


def brute_cost(weights: list[Fraction]) -> Fraction:
    """Every higher-lower search tried: the least sum of weight x guesses (exponential, for small N)."""
    @functools.cache
    def cost(i: int, j: int) -> Fraction:
        if i >= j:
            return Fraction(0)
        return sum(weights[i:j], Fraction(0)) + min(cost(i, r) + cost(r + 1, j) for r in range(i, j))
    return cost(0, len(weights))


def test_search_cost_is_the_best_search():
    rng = random.Random(36)
    for _ in range(150):
        ws = [rng.randint(0, 9) for _ in range(rng.randint(1, 9))]
        assert guess_web.search_cost(ws) == brute_cost([Fraction(w) for w in ws]), ws


def test_guesser_story_starts_at_the_value_and_follows_the_interval(client):
    game = post(client, "/guess/api/new", {"n": 12, "mode": "guess", "seed": 4})
    state = game["state"]
    alice = guess_web.cache.in_memory(12).alice
    assert [p["left_exact"] for p in game["story"]] == [str(guess_web.cache.in_memory(12).value)]
    # V(N) is also the best search against Alice's optimal mixture: the brute force agrees at the start
    assert brute_cost(list(alice)) == guess_web.cache.in_memory(12).value
    guesses: list[int] = [12]  # a poor first guess (it can only be "lower" or correct)
    game = post(client, "/guess/api/guess", {"state": state, "guesses": guesses})
    while not game["over"]:
        guesses.append((game["low"] + game["high"]) // 2)
        game = post(client, "/guess/api/guess", {"state": state, "guesses": guesses})
    story = game["story"]
    assert len(story) == len(guesses) + 1 and [p["guesses"] for p in story] == list(range(len(guesses) + 1))
    assert story[-1]["left_exact"] == "0"
    low, high = 1, 12
    for point, g, a in zip(story[1:-1], game["guesses"], game["answers"], strict=False):
        low, high = (g + 1, high) if a == "higher" else (low, g - 1)
        part = list(alice[low - 1:high])
        assert Fraction(point["left_exact"]) == brute_cost(part) / sum(part)


def test_hider_story_starts_at_the_value_and_ends_at_zero(client):
    state = post(client, "/guess/api/new", {"n": 20, "mode": "hide", "seed": 3})["state"]
    s = guess_web.cache.in_memory(20)
    hidden, answers = 13, []
    game = post(client, "/guess/api/search", {"state": state, "answers": answers})
    # Bob's mixture needs at most V(N) for every number, and V(N) for some: the hider's best is V(N)
    assert Fraction(game["story"][0]["left_exact"]) == s.value
    while not game["over"]:
        answers.append(play.answer(hidden, game["next_guess"]))
        game = post(client, "/guess/api/search", {"state": state, "answers": answers})
    story = game["story"]
    assert len(story) == len(answers) + 1 and story[-1]["left_exact"] == "0"
    # after k answers: Bob's trees that would have guessed as he did, and the number still allowed that they
    # need longest for (recomputed here with replay_search and fractions, not the page's integer weights)
    for k, point in enumerate(story[:-1]):
        trees = [(d, p) for d, p in s.bob if p > 0
                 and play.replay_search(d, answers[:k]).guesses == tuple(game["guesses"][:k])]
        left = play.replay_search(trees[0][0], answers[:k])
        total = sum(p for _, p in trees)
        need = {x: sum(p * d[x - 1] for d, p in trees) / total - k for x in range(left.low, left.high + 1)}
        assert Fraction(point["left_exact"]) == max(need.values()) >= need[hidden]
