"""Benchmark of `parlour serve` over HTTP on loopback: 100 concurrent clients each playing 20 rounds of Win or
Lose with Learning Tina (issue 14: no error, p99 below 1 s), the cost of the largest request a client can
abandon, and the load time of the home page and of every game's page.

    .venv/bin/python bench/bench_web.py                 # writes bench/results/web.json
    .venv/bin/python bench/bench_web.py --clients 20    # a lighter run
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import httpx

from bench.common import write
from bench.web import live_server
from parlour.registry import GAMES
from parlour.web.winorlose import MAX_ROUNDS


async def one_client(client: httpx.AsyncClient, base: str, requests: int, seed: int) -> tuple[list[float], int]:
    latencies, errors, state = [], 0, None
    for k in range(requests):
        body = {"frank": "normal", "tina": "learning", "rounds": 1, "seed": seed * 1000 + k, "state": state}
        began = time.perf_counter()
        r = await client.post(f"{base}/winorlose/api/play", json=body)
        latencies.append(time.perf_counter() - began)
        if r.status_code != 200:
            errors += 1
            continue
        state = r.json()["state"]
    return latencies, errors


async def crowd(base: str, clients: int, requests: int) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        await client.get(f"{base}/winorlose/api/types")  # warm the server's caches
        began = time.perf_counter()
        results = await asyncio.gather(*(one_client(client, base, requests, c) for c in range(clients)))
        wall = time.perf_counter() - began
    lat = sorted(x for r in results for x in r[0])
    q = statistics.quantiles(lat, n=100)
    return {
        "clients": clients, "requests_per_client": requests, "requests": len(lat),
        "errors": sum(r[1] for r in results), "wall_s": round(wall, 2),
        "p50_s": round(q[49], 4), "p95_s": round(q[94], 4), "p99_s": round(q[98], 4), "max_s": round(lat[-1], 4),
        "target_p99_s": 1.0,
    }


def largest_request(base: str) -> dict[str, Any]:
    body = {"frank": "normal", "tina": "learning", "rounds": MAX_ROUNDS, "seed": 1}
    times = []
    for _ in range(3):
        began = time.perf_counter()
        httpx.post(f"{base}/winorlose/api/play", json=body, timeout=60).raise_for_status()
        times.append(time.perf_counter() - began)
    return {"max_rounds_per_request": MAX_ROUNDS, "seconds_median": round(statistics.median(times), 3),
            "what_it_bounds": "the CPU a client that leaves mid-request can waste"}


def page_loads(base: str) -> dict[str, Any]:
    out = {}
    for path in ["/", *(f"/{g.name}/" for g in GAMES if g.web)]:
        httpx.get(base + path, timeout=60)  # the first load computes the headline or warms caches
        began = time.perf_counter()
        r = httpx.get(base + path, timeout=60)
        out[path] = {"status": r.status_code, "seconds": round(time.perf_counter() - began, 4)}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--name", default="web")
    args = parser.parse_args()
    with live_server() as base:
        figures = {
            "concurrent_learning_tina": asyncio.run(crowd(base, args.clients, args.requests)),
            "largest_request": largest_request(base),
            "page_loads": page_loads(base),
        }
    write(args.name, figures)


if __name__ == "__main__":
    main()
