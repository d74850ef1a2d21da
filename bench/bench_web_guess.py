"""The guessing-game page over HTTP (uvicorn on loopback, timed with httpx): the page's load, the first
answer for N's strategies (a solve: inside the request up to N = 100, a polled job above), the same from
memory and read back from disk (a restarted server), and a move (a guess, an answer to Bob) in a whole game,
against issue 16's targets: load ≤ 1 s and a move ≤ 200 ms for N ≤ 300.

Run: python bench/bench_web_guess.py [--sizes 10,100,200,300] [--large 600] [--repeat 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # `python bench/...` from the root

from bench.common import write
from bench.web import serve_in_thread, timed

LOAD_TARGET_S = 1.0
MOVE_TARGET_S = 0.2


def strategy(http: Any, n: int) -> tuple[float, dict[str, Any]]:
    """Seconds until N's strategies are ready, as the page gets them (polling the job every 0.1 s)."""
    began = time.perf_counter()
    while True:
        data = http.post("/guess/api/strategy", json={"n": n}).json()
        if data.get("ready"):
            return time.perf_counter() - began, data
        while http.get(f"/jobs/{data['job']}").json()["state"] == "running":
            time.sleep(0.1)


def moves(http: Any, n: int) -> dict[str, Any]:
    """Every request of one binary-search game as the guesser and one game as the hider (by answers)."""
    times: list[float] = []

    def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
        began = time.perf_counter()
        reply = http.post(path, json=body)
        times.append(time.perf_counter() - began)
        reply.raise_for_status()
        return dict(reply.json())

    game = post("/guess/api/new", {"n": n, "mode": "guess", "seed": 1})
    state, guesses = game["state"], []
    while not game["over"]:
        guesses.append((game["low"] + game["high"]) // 2)
        game = post("/guess/api/guess", {"state": state, "guesses": guesses})
    game = post("/guess/api/new", {"n": n, "mode": "hide", "seed": 1})
    state, answers, hidden = game["state"], [], (n + 1) // 3
    while not game["over"]:
        g = game["next_guess"]
        answers.append("correct" if g == hidden else "higher" if hidden > g else "lower")
        game = post("/guess/api/search", {"state": state, "answers": answers})
    return {"requests": len(times), "median_s": round(statistics.median(times), 4),
            "max_s": round(max(times), 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,100,200,300")
    parser.add_argument("--large", default="", help="comma-separated larger N to time as jobs (slow)")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    os.environ["PARLOUR_CACHE"] = tempfile.mkdtemp(prefix="parlour-bench-guess-")  # cold: nothing cached
    import httpx

    from parlour.web import guess as web

    url, server = serve_in_thread()
    figures: dict[str, Any] = {"targets": {"load_s": LOAD_TARGET_S, "move_s": MOVE_TARGET_S}}
    with httpx.Client(base_url=url, timeout=600) as http:
        http.get("/guess/")  # the first request imports the app's templates
        figures["page_load"] = timed(lambda: http.get("/guess/").raise_for_status(), args.repeat)
        figures["page_assets"] = timed(lambda: [http.get(f"/static/{a}").raise_for_status()
                                                for a in ("parlour.js", "parlour.css", "guess.js", "guess.css")],
                                       args.repeat)
        sizes = [int(x) for x in args.sizes.split(",") if x] + [int(x) for x in args.large.split(",") if x]
        rows = []
        for n in sizes:
            cold, data = strategy(http, n)
            warm = timed(lambda n=n: strategy(http, n), args.repeat)
            web.cache = web.strategy_cache()  # a restarted server: N's strategies only on disk
            disk, _ = strategy(http, n)
            rows.append({"n": n, "value_exact": data["value_exact"], "trees": data["trees"],
                         "first_solve_s": round(cold, 3), "from_disk_s": round(disk, 3),
                         "from_memory": warm, "moves": moves(http, n)})
        figures["sizes"] = rows
    small = [r for r in rows if r["n"] <= 300]
    figures["meets_targets_up_to_300_once_solved"] = (
        figures["page_load"]["median_s"] <= LOAD_TARGET_S
        and all(r["moves"]["max_s"] <= MOVE_TARGET_S and r["from_memory"]["median_s"] <= MOVE_TARGET_S
                for r in small)
    )
    server.should_exit = True
    write("web_guess", figures)


if __name__ == "__main__":
    main()
