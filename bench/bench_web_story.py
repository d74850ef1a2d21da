"""What the games' story charts cost (issue 36 item 2): the values the server adds after every move, and the
moves in the browser with the chart drawn.

Server side, in this process: the Memory view's `story` (the person's expected pairs after every turn) on the
longest 20-pair games, and the guessing game's story (the searcher's exact expected guesses left) over whole
games at N = 100 and N = 300, guessing (an optimal search tree against Alice's conditioned mixture, Knuth's
O(m^2), kept per interval) and hiding (Bob's conditioned mixture). Browser side, when Playwright and Debian's
chromium are there: each game page's first load (navigation to the end of its first request), every move
of a scripted game (Goose, Memory, Win or Lose, the cow trade, its end game), click to the page idle again with
its chart redrawn, and every step of the analysis board through that game afterwards (→ from the start).

Targets (issue 36 item 8, issue 46): a first load <= 1 s (after one untimed visit to the fresh server, which
solves what the page starts with; that visit's seconds are kept as cold_first_visit_s), a move and a step <= 200 ms
at the 95th percentile (the server side's story, its slowest).

Run: python bench/bench_web_story.py [--games 2] [--no-browser]
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # `python bench/bench_web_story.py` from the root

from bench.common import write
from bench.web import CHROMIUM, serve_in_thread

LOAD_TARGET_S = 1.0
MOVE_TARGET_S = 0.2
IDLE = "!document.body.classList.contains('busy')"


def _stats(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
    return {"n": len(times), "median_s": round(statistics.median(times), 5), "p95_s": round(p95, 5),
            "max_s": round(times[-1], 5)}


def memory_story(games: int) -> dict[str, Any]:
    """The Memory view's story alone, at every turn of 20-pair games played by random cards (the longest)."""
    from parlour.web import memory

    times: list[float] = []
    turns = 0
    for g in range(games):
        rng = random.Random(g)
        nonce = f"{g:032x}"
        moves: list[int] = []
        while True:
            m = memory._replayed(20, "you", nonce, moves)
            began = time.perf_counter()
            memory.story(m)
            times.append(time.perf_counter() - began)
            if m.over:
                turns = max(turns, len(m.turns))
                break
            on = [q for q in m.on_table if q != m.open_card]
            moves.append(rng.choice(on))
    return {"pairs": 20, "games": games, "longest_game_turns": turns, "story": _stats(times)}


def guess_story(n: int, games: int) -> dict[str, Any]:
    """The guessing game's story per request over whole games (the cache of intervals emptied first)."""
    from parlour.analyses.guess import play
    from parlour.web import guess

    s = guess._solve(n)  # solved here (the page solves N > 100 as a job)
    guess.guesses_left.cache_clear()
    guessing: list[float] = []
    hiding: list[float] = []
    for g in range(games):
        rng = random.Random(g)
        hidden = play.draw(s.alice, g) + 1
        low, high, guesses = 1, n, []
        while True:  # a guesser who picks at random among the numbers still possible
            guesses.append(rng.randint(low, high))
            game = play.replay_guesser(n, hidden, guesses)
            began = time.perf_counter()
            guess.guesser_story(s, game.guesses, game.answers)
            guessing.append(time.perf_counter() - began)
            if game.over:
                break
            low, high = game.low, game.high
        depths, _ = s.bob[play.draw([p for _, p in s.bob], g)]
        answers = play.answers_for(depths, rng.randint(1, n))
        for k in range(len(answers) + 1):
            searched = play.replay_search(depths, answers[:k])
            began = time.perf_counter()
            guess.hider_story(s, searched.guesses, searched.answers)
            hiding.append(time.perf_counter() - began)
    return {"n": n, "bob_trees": sum(1 for _, p in s.bob if p > 0), "games": games,
            "guesser_story": _stats(guessing), "hider_story": _stats(hiding)}


# A move timed inside the page: from the click to the page idle again with its chart drawn (the next frame),
# without Playwright's own round trips (tens of milliseconds on a busy machine).
MOVE = """async (selector) => {
  const t0 = performance.now();
  document.querySelector(selector).click();
  while (document.body.classList.contains('busy')) await new Promise(r => setTimeout(r, 1));
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return (performance.now() - t0) / 1000;
}"""

# A step of the analysis board (→ on the page), timed the same way: the key to the position and chart redrawn.
STEP = """async () => {
  const t0 = performance.now();
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
  await new Promise(r => setTimeout(r, 0));
  while (document.body.classList.contains('busy')) await new Promise(r => setTimeout(r, 1));
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return (performance.now() - t0) / 1000;
}"""

# The end game's next move: the first card of your hand offered, or the computer's offer accepted.
ENDGAME_CONTROL = """() => !document.getElementById('eg-offer').disabled ? '#eg-hand1 button.eg-card'
  : !document.getElementById('eg-accept').disabled ? '#eg-accept' : null"""


def browser(games: int) -> dict[str, Any]:
    """First load (navigation to the page idle after its first requests) and every move (timed in the page)
    of the pages whose charts grow with the game: whole Goose games (2 players), Memory games (the first card
    each turn) and Win or Lose games."""
    from playwright.sync_api import sync_playwright

    base, server = serve_in_thread()
    out: dict[str, Any] = {}
    try:
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = b.new_page(viewport={"width": 1280, "height": 800})
            page.goto(base + "/goose/")  # the 2-player chain solved once (a job), not timed
            page.wait_for_selector("#chances td.pwin", timeout=600_000)
            page.wait_for_function(IDLE, timeout=600_000)
            def endgame_controls() -> list[str]:
                control = page.evaluate(ENDGAME_CONTROL)
                return [control, "#eg-offer"] if control == "#eg-hand1 button.eg-card" else [control] if control else []

            scripts: dict[str, Any] = {  # the page, what shows it is ready, whether the game goes on, a move's controls
                "goose": ("/goose/", "#roll", lambda: not page.is_disabled("#roll"), ["#roll"]),
                "memory": ("/memory/", "#board button.card", lambda: not page.is_visible("#ending"),
                           ["#board button.card:not([disabled])"]),
                "winorlose": ("/winorlose/", "#deal", lambda: not page.is_visible("#you-ending"),
                              ["#deal", "#predict-win"]),
                "cowtrade": ("/cowtrade/", "#seal:not([disabled])", lambda: page.is_enabled("#seal"),
                             ["#seal", "#reveal"]),
                "endgame": ("/cowtrade/endgame", "#eg-start", lambda: not page.is_visible("#eg-result"),
                            endgame_controls),
            }
            for name, (path, ready, going, controls) in scripts.items():
                # a page's first visit to a fresh server also pays its first solve (the end game's default start:
                # 2.7 s with numba's kernels loaded cold): timed apart, as the Goose's chain is above
                began = time.perf_counter()
                page.goto(base + path)
                page.wait_for_selector(ready, timeout=600_000)
                page.wait_for_function(IDLE, timeout=600_000)
                cold = round(time.perf_counter() - began, 5)
                loads, moves, steps = [], [], []
                for _ in range(games):
                    first_move = len(moves)
                    began = time.perf_counter()
                    page.goto(base + path)
                    page.wait_for_selector(ready)
                    page.wait_for_function(IDLE)
                    loads.append(time.perf_counter() - began)
                    if name == "endgame":  # its Start solves the end game (a request, not a move)
                        page.click("#eg-start")
                        page.wait_for_selector("#eg-board:not([hidden])")
                        page.wait_for_function(IDLE)
                    for _ in range(40):
                        if not going():
                            break
                        for control in controls() if callable(controls) else controls:
                            moves.append(page.evaluate(MOVE, control))
                    page.keyboard.press("Home")  # the board at the start, then stepped through to the end
                    page.wait_for_function(IDLE)
                    steps += [page.evaluate(STEP) for _ in range(min(80, len(moves) - first_move))]
                out[name] = {"cold_first_visit_s": cold, "first_load": _stats(loads), "moves": _stats(moves),
                             "steps": _stats(steps)}
            b.close()
    finally:
        server.should_exit = True
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--no-browser", action="store_true", help="the server side only")
    args = ap.parse_args()
    os.environ.setdefault("PARLOUR_CACHE", tempfile.mkdtemp(prefix="parlour-bench-story-"))
    figures: dict[str, Any] = {"load_average_before": os.getloadavg()}
    figures["memory"] = memory_story(args.games)
    figures["guess"] = [guess_story(n, args.games) for n in (100, 300)]
    if not args.no_browser and Path(CHROMIUM).exists():
        try:
            figures["browser"] = browser(args.games)
        except ImportError:
            figures["browser"] = "playwright is not installed"
    worst_move = max([figures["memory"]["story"]["max_s"]]
                     + [g[k]["max_s"] for g in figures["guess"] for k in ("guesser_story", "hider_story")]
                     + [p[k]["p95_s"] for p in figures.get("browser", {}).values() if isinstance(p, dict)
                        for k in ("moves", "steps") if p[k]["n"]])
    loads = [p["first_load"]["max_s"] for p in figures.get("browser", {}).values() if isinstance(p, dict)]
    figures["targets"] = {"move_s": MOVE_TARGET_S, "load_s": LOAD_TARGET_S, "worst_move_s": worst_move,
                          "worst_load_s": max(loads) if loads else None,
                          "met": worst_move <= MOVE_TARGET_S and all(x <= LOAD_TARGET_S for x in loads)}
    figures["load_average_after"] = os.getloadavg()
    write("web_story", figures)


if __name__ == "__main__":
    main()
