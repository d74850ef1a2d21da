"""Shared test helpers: `run_cli` (the CLI in-process), and for the web tests a live server on a free loopback
port (`server`) and a page in Debian's chromium driven by Playwright (`page`, skipped with a reason when either
is missing; it opens the home page, and a test goes to its game with `page.goto(server + "/<game>/")`)."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time

import pytest

from parlour.cli import main


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run `parlour ARGS` in-process; return (exit code, stdout, stderr)."""
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="session", autouse=True)
def _own_cache_root(tmp_path_factory: pytest.TempPathFactory):
    """The tests never write into the user's cache (kept Goose spaces, page tables): one root per run,
    which the command-line subprocesses inherit; a test may still point it elsewhere."""
    mp = pytest.MonkeyPatch()
    mp.setenv("PARLOUR_CACHE", str(tmp_path_factory.mktemp("parlour-cache")))
    yield
    mp.undo()


CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server():
    uvicorn = pytest.importorskip("uvicorn")
    from parlour.web.app import create_app

    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not srv.started:
        if time.time() > deadline:
            pytest.fail("uvicorn did not start within 20 s")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def page(server):
    sync_api = pytest.importorskip("playwright.sync_api", reason="python playwright is not installed")
    if not (os.path.exists(CHROMIUM) and shutil.which(CHROMIUM)):
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    # The home page's headlines (the page opens it first), computed before it does, once per process: the first
    # goto allows 30 s, and on a busy machine the first headline alone (the Goose's solve) can take longer.
    from parlour.registry import GAMES
    from parlour.web.app import headline

    for g in GAMES:
        headline(g.name)
    profile = tempfile.mkdtemp(prefix="parlour-chromium-")
    with sync_api.sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=ARGS)
        pg = context.new_page()
        pg.goto(server + "/")
        yield pg
        context.close()
    shutil.rmtree(profile, ignore_errors=True)


