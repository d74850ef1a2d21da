"""What the web benchmarks and screenshot scripts share: the app on a free loopback port, in this process (a
script that inspects the server's caches) or in its own (timings not disturbed by the client's own work)."""

from __future__ import annotations

import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"


def timed(fn: Callable[[], Any], repeat: int) -> dict[str, float]:
    """Best, median and longest wall seconds of `repeat` calls of fn (requests, as a page makes them)."""
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        fn()
        times.append(time.perf_counter() - began)
    return {"best_s": round(min(times), 4), "median_s": round(statistics.median(times), 4),
            "max_s": round(max(times), 4)}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_in_thread() -> tuple[str, Any]:
    """(base URL, uvicorn server) of the app served from a daemon thread of this process; set
    `server.should_exit = True` to stop it."""
    import uvicorn

    from parlour.web.app import create_app

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


@contextmanager
def page_at(path: str, width: int = 1200, height: int = 900, reduced_motion: bool = False) -> Iterator[Any]:
    """A Playwright page in Debian's chromium at `path` of the app served in this process (the screenshot
    scripts); the browser and the server stop with the block. `reduced_motion` emulates the system setting, so
    that the pages' motions are off and no picture catches a piece or a card mid-flight."""
    from playwright.sync_api import sync_playwright

    base, server = serve_in_thread()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": width, "height": height},
                                    reduced_motion="reduce" if reduced_motion else "no-preference")
            page.goto(base + path)
            yield page
            browser.close()
    finally:
        server.should_exit = True


def shoot(page: Any, out: Path, full_page: bool) -> None:
    """The page's screenshot into `out` (its folder made if missing)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out), full_page=full_page)
    print(f"wrote {out}")


@contextmanager
def live_server() -> Iterator[str]:
    """`parlour serve` on a free loopback port in its own process (the clients must not share its GIL), for
    as long as the block runs."""
    import httpx

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "parlour", "serve", "--port", str(port), "--log-level",
                               "warning"], stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while True:
        try:
            httpx.get(base + "/favicon.ico", timeout=1)
            break
        except httpx.TransportError:
            if time.time() > deadline or server.poll() is not None:
                server.kill()
                raise RuntimeError("parlour serve did not start") from None
            time.sleep(0.1)
    try:
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)
