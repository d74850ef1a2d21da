"""The pages in Debian's chromium after issue 36's fit changes (intervals as <details>, SVG text kept legible,
the next control moved under the result): each game page's first load (navigation until its first result is
on screen, the page's solved tables warm in the server) and its moves (a click until the move is drawn), at
390 x 844 and at 1280 x 800, against issue 36's targets: load <= 1 s, a move <= 200 ms.

Run: python bench/bench_fit_browser.py [--moves 10]   (needs Playwright and /usr/bin/chromium; writes
bench/results/fit_browser.json; note the machine's load average, which it records)
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # `python bench/...` from the root
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # this checkout's parlour, not the venv's

from bench.common import write
from bench.web import CHROMIUM, serve_in_thread

LOAD_TARGET_S, MOVE_TARGET_S = 1.0, 0.2

# page: (what shows it is loaded, what a move clicks, what shows the move is drawn): the two pages whose moves
# this changes touch (Goose's chances as <details>, Win or Lose's "Next round" under the result)
PAGES: dict[str, tuple[str, str, str]] = {
    "goose": ("#chances td.pwin", "#roll", "document.querySelectorAll('#log li').length > {n}"),
    "winorlose": ("#deal", "#deal", "!!document.querySelector('#predict-win:not([disabled])')"),
}


def _stats(xs: list[float]) -> dict[str, float]:
    return {"median_s": round(statistics.median(xs), 4), "max_s": round(max(xs), 4), "n": len(xs)}


def measure(page: Any, base: str, name: str, moves: int) -> dict[str, Any]:
    ready, click, drawn = PAGES[name]
    loads = []
    for _ in range(3):
        t = time.perf_counter()
        page.goto(base + f"/{name}/")
        page.wait_for_selector(ready)
        loads.append(time.perf_counter() - t)
    times = []
    for n in range(moves):
        if name == "goose" and page.is_disabled("#roll"):
            break
        t = time.perf_counter()
        page.click(click)
        page.wait_for_function(drawn.format(n=n))
        times.append(time.perf_counter() - t)
        if name == "winorlose":  # a round is a deal and a prediction: the prediction is the move timed
            t = time.perf_counter()
            page.click("#predict-win")
            page.wait_for_selector("#you-result .round-result")
            times[-1] = time.perf_counter() - t
            if page.is_visible("#you-ending"):
                break
    return {"load": _stats(loads), "moves": _stats(times) if times else None,
            "load_ok": max(loads) <= LOAD_TARGET_S, "moves_ok": bool(times) and max(times) <= MOVE_TARGET_S}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--moves", type=int, default=10)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    base, server = serve_in_thread()
    figures: dict[str, Any] = {"targets": {"load_s": LOAD_TARGET_S, "move_s": MOVE_TARGET_S},
                               "load_average_before": os.getloadavg()[0]}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            for width, height in ((390, 844), (1280, 800)):
                page = browser.new_page(viewport={"width": width, "height": height})
                page.goto(base + "/goose/")  # warm: the 2-player table is solved once per server
                page.wait_for_selector("#chances td.pwin", timeout=120_000)
                figures[f"{width}x{height}"] = {name: measure(page, base, name, args.moves) for name in PAGES}
                page.close()
            browser.close()
    finally:
        server.should_exit = True
    figures["load_average_after"] = os.getloadavg()[0]
    write("fit_browser", figures)


if __name__ == "__main__":
    main()
