"""The Memory page over HTTP: page load (the HTML, its two static files and the first deal) and the answer to
every flip of whole games, 1 to 20 pairs, against a uvicorn server on loopback in this process.

Targets (issue 16): the page loads in <= 1 s and a move answers in <= 200 ms for n <= 20 pairs. The server
replays the whole match on every flip, so the slowest flips are the last ones of the longest games.

Games: the person follows the hint's best card (moving first and second) or turns random cards (longer
games, so longer replays).

Run: python bench/bench_web_memory.py [--games 3] [--pairs 1,8,14,20]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # `python bench/bench_web_memory.py` from the root

from bench.common import write
from bench.web import serve_in_thread

LOAD_TARGET_S = 1.0
MOVE_TARGET_S = 0.2


def _best_card(data: dict) -> int:
    """The hint's best card (what a careful player would turn); the longest games come from following it."""
    cards = data["hint"]["cards"]
    return min(int(q) for q, h in cards.items() if h["best"])


def _random_card(data: dict, rng: random.Random) -> int:
    """Any card that can be turned: a careless player's games are longer (no stalemate ends them early)."""
    return rng.choice([q for q, c in enumerate(data["cards"]) if c["status"] in ("down", "seen")])


def _load(client, base: str) -> float:
    start = time.perf_counter()
    for path in ("/memory/", "/static/parlour.css", "/static/memory.css", "/static/parlour.js",
                 "/static/memory.js"):
        client.get(base + path).raise_for_status()
    client.post(base + "/memory/api/new", json={"pairs": 20, "first": "computer"}).raise_for_status()
    return time.perf_counter() - start


def _game(client, base: str, pairs: int, first: str, rng: random.Random | None) -> tuple[list[float], int, bool]:
    data = client.post(base + "/memory/api/new", json={"pairs": pairs, "first": first}).json()
    times = []
    while not data["over"]:
        card = _best_card(data) if rng is None else _random_card(data, rng)
        start = time.perf_counter()
        reply = client.post(base + "/memory/api/flip", json={"game": data["game"], "card": card})
        times.append(time.perf_counter() - start)
        reply.raise_for_status()
        data = reply.json()
    return times, len(data["game"]["moves"]), bool(data["stalemate"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="whole games per size and first player")
    parser.add_argument("--pairs", default="1,8,14,20", help="table sizes, comma-separated")
    args = parser.parse_args()
    sizes = [int(x) for x in args.pairs.split(",")]
    import httpx

    # a cold start: the first page load also solves every state up to 20 pairs (and makes the deal key)
    os.environ.setdefault("PARLOUR_CACHE", tempfile.mkdtemp(prefix="parlour-bench-"))
    base, _server = serve_in_thread()
    figures: dict[str, object] = {"over": "HTTP to uvicorn on 127.0.0.1, one client, sequential requests"}
    with httpx.Client(timeout=30) as client:
        first_load = _load(client, base)
        warm = [_load(client, base) for _ in range(5)]
        figures["page_load_s"] = {"cold": first_load, "warm_median": statistics.median(warm), "warm_max": max(warm),
                                  "target_s": LOAD_TARGET_S, "meets_target": max(first_load, *warm) <= LOAD_TARGET_S}
        per_size = {}
        worst = 0.0
        for pairs in sizes:
            times: list[float] = []
            flips, stalemates = [], 0
            for g in range(args.games):
                for first, rng in (("you", None), ("computer", None), ("you", random.Random(g))):
                    t, n_flips, stalemate = _game(client, base, pairs, first, rng)
                    times += t
                    flips.append(n_flips)
                    stalemates += stalemate
            times.sort()
            worst = max(worst, times[-1])
            per_size[str(pairs)] = {
                "games": 3 * args.games,  # by the hint moving first and second, and random moving first
                "flips": len(times),
                "longest_game_flips": max(flips),
                "stalemates": stalemates,
                "move_median_s": statistics.median(times),
                "move_p95_s": times[int(0.95 * (len(times) - 1))],
                "move_max_s": times[-1],
            }
        figures["moves"] = per_size
        figures["move_target_s"] = MOVE_TARGET_S
        figures["move_meets_target"] = worst <= MOVE_TARGET_S
    write("web_memory", figures)


if __name__ == "__main__":
    main()
