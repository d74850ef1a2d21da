"""The cow-trade page over HTTP (uvicorn on loopback, timed with httpx): the page's load, a solve (cold: the
server's cache of solved games emptied first; warm: the same game again) and a trade against the optimal bidder,
for money totals up to 100 and a money-card game, against issue 16's targets: load <= 1 s, a move <= 200 ms.

Run: python bench/bench_web_cowtrade.py [--repeat 10] [--trades 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # `python bench/...` from the root
sys.path.insert(0, str(ROOT / "src"))  # this checkout's parlour, whatever the environment installed

from bench.common import write  # noqa: E402
from bench.web import serve_in_thread, timed  # noqa: E402

LOAD_TARGET_S = 1.0
MOVE_TARGET_S = 0.2
GAMES: list[dict[str, Any]] = [
    {"money1": 8, "money3": 5, "initiative": 1},  # the study's example
    {"money1": 50, "money3": 30, "initiative": 3},
    {"money1": 100, "money3": 60, "initiative": 1},
    {"money1": 100, "money3": 99, "initiative": 1},  # a 100 x 100 inspection game: the LP's hardest here
    {"money1": 100, "money3": 100, "initiative": 3},  # 200 removals
    {"mode": "cards", "cards1": [0, 0, 10, 10, 10, 10, 50, 100, 200, 500], "cards3": [0, 10, 10, 50, 100, 200],
     "initiative": 1},
]


def trades(http: Any, game: dict[str, Any], bids: list[int], count: int) -> dict[str, Any]:
    """A score of `count` trades as player 1, each bid from his optimal support, as the page plays them."""
    times: list[float] = []
    score = None
    for k in range(count):
        began = time.perf_counter()
        reply = http.post("/cowtrade/api/play", json={"game": game, "side": 1, "bid": bids[k % len(bids)],
                                                      "score": score})
        times.append(time.perf_counter() - began)
        reply.raise_for_status()
        score = reply.json()["score"]
    return {"trades": count, "median_s": round(statistics.median(times), 4), "max_s": round(max(times), 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--trades", type=int, default=20)
    args = parser.parse_args()
    import httpx

    from parlour.web import cowtrade as web

    url, server = serve_in_thread()
    figures: dict[str, Any] = {"targets": {"load_s": LOAD_TARGET_S, "move_s": MOVE_TARGET_S}}
    with httpx.Client(base_url=url, timeout=60) as http:
        http.get("/cowtrade/")  # the first request loads the templates
        figures["page_load"] = timed(lambda: http.get("/cowtrade/").raise_for_status(), args.repeat)
        figures["page_assets"] = timed(lambda: [http.get(f"/static/{a}").raise_for_status() for a in
                                                ("parlour.js", "parlour.css", "cowtrade.js", "cowtrade.css")],
                                       args.repeat)
        rows = []
        for game in GAMES:
            def cold(game: dict[str, Any] = game) -> None:
                web.solved.cache_clear()  # a game this server has not seen
                http.post("/cowtrade/api/solve", json=game).raise_for_status()

            data = http.post("/cowtrade/api/solve", json=game).json()
            rows.append({
                "game": game, "bids": [len(data["bids1"]), len(data["bids3"])], "value_exact": data["value_exact"],
                "removals": len(data["removals"]), "answer_kib": round(len(http.post(
                    "/cowtrade/api/solve", json=game).content) / 1024, 1),
                "solve_cold": timed(cold, args.repeat),
                "solve_warm": timed(lambda game=game: http.post("/cowtrade/api/solve", json=game).raise_for_status(),
                                    args.repeat),
                "play": trades(http, data["request"], [s["bid"] for s in data["strategy1"]], args.trades),
            })
        figures["games"] = rows
    figures["meets_targets"] = figures["page_load"]["median_s"] <= LOAD_TARGET_S and all(
        r["solve_cold"]["median_s"] <= MOVE_TARGET_S and r["play"]["max_s"] <= MOVE_TARGET_S for r in rows)
    server.should_exit = True
    write("web_cowtrade", figures)
    for r in rows:
        print(r["game"], r["bids"], "solve cold", r["solve_cold"]["median_s"], "warm", r["solve_warm"]["median_s"],
              "play max", r["play"]["max_s"])


if __name__ == "__main__":
    main()
