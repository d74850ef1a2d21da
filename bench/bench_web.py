"""Benchmark of `parlour serve` over HTTP on loopback: 100 concurrent clients each playing 20 rounds of Win or
Lose with Learning Tina (issue 14: no error, p99 below 1 s), the cost of the largest request a client can
abandon, and the load time of the home page and of every game's page.

    .venv/bin/python bench/bench_web.py                 # writes bench/results/web.json
    .venv/bin/python bench/bench_web.py --clients 20    # a lighter run
"""

from __future__ import annotations

import argparse
import asyncio
import json
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


async def post(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, host: str, path: str,
               body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """One HTTP/1.1 POST on a kept-alive connection. Written by hand because the crowd's client must cost
    little: httpx's async client spent more CPU per request than the server on this 2-core machine."""
    data = json.dumps(body).encode()
    writer.write(f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    status = int(lines[0].split()[1])
    length = next(int(h.split(":", 1)[1]) for h in lines[1:] if h.lower().startswith("content-length:"))
    return status, json.loads(await reader.readexactly(length))


async def one_client(base: str, requests: int, seed: int) -> tuple[list[float], int]:
    host, port = base.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    latencies, errors, state = [], 0, None
    try:
        for k in range(requests):
            body = {"frank": "normal", "tina": "learning", "rounds": 1, "seed": seed * 1000 + k, "state": state}
            began = time.perf_counter()
            status, answer = await post(reader, writer, f"{host}:{port}", "/winorlose/api/play", body)
            latencies.append(time.perf_counter() - began)
            if status != 200:
                errors += 1
                continue
            state = answer["state"]
    finally:
        writer.close()
    return latencies, errors


async def crowd(base: str, clients: int, requests: int) -> dict[str, Any]:
    httpx.get(f"{base}/winorlose/api/types")  # warm the server's caches
    began = time.perf_counter()
    results = await asyncio.gather(*(one_client(base, requests, c) for c in range(clients)))
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
