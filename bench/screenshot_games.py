"""Every game page mid-game and at its ending, with the game's story chart, at a desktop width (1280 x 800) and
on a phone (390 x 844), in Debian's chromium with reduced motion (nothing caught mid-flight), for docs/screenshots/:
<game>-mid.png, <game>-end.png, <game>-phone-mid.png and <game>-phone-end.png (viewport shots, not full pages).

The games are the scripted ones of tests/web/test_story_browser.py (a whole game per page) and
tests/web/test_phone_browser.py (the first moves); the Goose's and Memory's moves follow the page's own best
move, so the pictures change only when the analysis does.

Run: python bench/screenshot_games.py [--out docs/screenshots] [--only goose,memory] [--phone-only|--desktop-only]
(the first run solves the Goose's 2-player chain, ≈5-15 s, and keeps it under $PARLOUR_CACHE or ~/.cache/parlour)
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))  # this checkout's parlour, whatever the environment installed
from bench.web import page_at, shoot  # noqa: E402

IDLE = "!document.body.classList.contains('busy')"
WIDTHS = {"": (1280, 800), "-phone": (390, 844)}


def idle(page: Any, timeout: float = 180_000) -> None:
    page.wait_for_function(IDLE, timeout=timeout)


SCROLL = """([sel, whole]) => {
  // the height of the bars fixed at the bottom of the screen (the Goose's controls): nothing to show under them
  const bars = [...document.querySelectorAll('body *')].filter(e => {
    const pos = getComputedStyle(e).position, r = e.getBoundingClientRect();
    return (pos === 'fixed' || pos === 'sticky') && r.height > 0 && r.bottom >= innerHeight - 1
           && r.top > innerHeight / 2;
  }).map(e => innerHeight - e.getBoundingClientRect().top);
  const room = innerHeight - Math.max(0, ...bars), r = document.querySelector(sel).getBoundingClientRect();
  // the whole box when it fits above the bars (its bottom 8 px above them), else its top 8 px from the top
  const by = whole && r.height + 16 <= room ? r.bottom - room + 8 : r.top - 8;
  window.scrollBy({top: by, behavior: 'instant'});
}"""


def into_view(page: Any, selector: str, whole: bool = False) -> None:
    """Scroll so that `selector` is on the screen: its top near the top, or with `whole` the whole of it where it
    fits (its ending, say, above the bars fixed at the bottom) — the viewport shot then shows what matters
    without a full-page picture."""
    page.evaluate(SCROLL, [selector, whole])


# ---- the games: each a (mid-game, ending) pair of steps; each step plays on and scrolls to what to show ------


def goose_mid(page: Any) -> None:
    page.wait_for_selector("#chances td.pwin", timeout=180_000)
    idle(page)
    for _ in range(8):  # seed 23's eight moves: a bounce off 63, a goose backwards, the maze (docs/goose.md)
        page.click("#roll")
        idle(page)
    into_view(page, "#board-panel")


def goose_end(page: Any) -> None:
    for _ in range(300):  # a whole game rarely takes a hundred moves; the cap only stops a runaway loop
        if page.is_disabled("#roll"):
            break
        page.click("#roll")
        idle(page)
    page.wait_for_selector("#story .story-end:not([hidden])")
    into_view(page, "#story", True)


def memory_mid(page: Any) -> None:
    page.wait_for_selector("#board button.card")
    idle(page)
    page.fill("#pairs", "6")
    page.click("#new")
    idle(page)
    for _ in range(6):  # three turns or so: the board with pairs taken and the chart under way
        best_or_first(page)
    into_view(page, "#board-panel")


def best_or_first(page: Any) -> None:
    """The page's best card when it marks one, else the first still open (as test_story_browser plays)."""
    best = page.locator("#board button.card.best:not([disabled])")
    (best.first if best.count() else page.locator("#board button.card:not([disabled])").first).click()
    idle(page)


def memory_end(page: Any) -> None:
    for _ in range(100):
        if page.is_visible("#ending"):
            break
        best_or_first(page)
    page.wait_for_selector("#story .story-end:not([hidden])")
    into_view(page, "#story", True)


def guess_mid(page: Any) -> None:
    page.fill("#n", "100")
    page.check("input[name=mode][value=guess]")
    page.click("#new-game")
    idle(page)
    for g in ("50", "25"):  # test_phone_browser's first guesses
        page.fill("#guess", g)
        page.click("#guess-button")
        idle(page)
    into_view(page, "#play-panel")


def guess_end(page: Any) -> None:
    low, high = 1, 100
    for _ in range(25):  # halving: at most seven guesses of a hundred
        if page.is_visible("#again"):
            break
        m = re.search(r"Still possible: (\d+)(?: to (\d+))?", page.text_content("#possible") or "")
        if m:
            low, high = int(m.group(1)), int(m.group(2) or m.group(1))
        page.fill("#guess", str((low + high) // 2))
        page.click("#guess-button")
        idle(page)
    page.wait_for_selector("#guess-story .story-end:not([hidden])")
    into_view(page, "#guess-story", True)


def winorlose_round(page: Any, rounds: int) -> None:
    page.click("#deal")
    idle(page)
    page.click("#predict-win" if rounds % 3 else "#predict-lose")  # test_story_browser's calls
    idle(page)


def winorlose_mid(page: Any) -> None:
    page.wait_for_selector("#deal")
    idle(page)
    for r in range(3):
        winorlose_round(page, r)
    into_view(page, "#you-table")


def winorlose_end(page: Any) -> None:
    for r in range(3, 30):
        if page.is_visible("#you-ending"):
            break
        winorlose_round(page, r)
    page.wait_for_selector("#you-story .story-end:not([hidden])")
    into_view(page, "#you-story", True)


def endgame_trade(page: Any, trades: int) -> None:
    if page.is_visible("#eg-accept") and trades % 2:
        page.click("#eg-accept")
    else:
        page.locator("#eg-hand1 button.eg-card").first.click()
        page.click("#eg-offer")
    idle(page)


def endgame_mid(page: Any) -> None:
    # the page's own end game (222 states): your two 50s offered win you an animal and the game goes on (one
    # card alone, as the tests offer, loses the set at the first trade: no middle to show)
    page.wait_for_selector("#eg-hand1 .eg-card")
    idle(page)
    page.click("#eg-hand1 .eg-card >> nth=0")
    page.click("#eg-hand1 .eg-card >> nth=1")
    page.click("#eg-offer")
    idle(page)
    into_view(page, "#eg-you")


def endgame_end(page: Any) -> None:
    for t in range(1, 60):
        if page.is_visible("#eg-result"):
            break
        endgame_trade(page, t)
    page.wait_for_selector("#eg-tale .story-end:not([hidden])")
    into_view(page, "#eg-tale", True)


def cowtrade_trades(page: Any, trades: int) -> None:
    """`trades` trades against the optimal bidder: the first bid each time (sealed, then revealed)."""
    for _ in range(trades):
        if not page.is_enabled("#seal"):
            break
        page.click("#seal")
        page.click("#reveal")
        idle(page)


def cowtrade_mid(page: Any) -> None:
    page.wait_for_selector("#seal:not([disabled])", timeout=180_000)
    idle(page)
    cowtrade_trades(page, 3)
    into_view(page, "#play-panel")


def cowtrade_end(page: Any) -> None:
    cowtrade_trades(page, 10)
    page.wait_for_selector("#play-grades table", timeout=60_000)
    into_view(page, "#play-story")


Step = Callable[[Any], None]
GAMES: dict[str, tuple[str, Step, Step]] = {
    "goose": ("/goose/?seed=23", goose_mid, goose_end),
    "memory": ("/memory/", memory_mid, memory_end),
    "guess": ("/guess/", guess_mid, guess_end),
    "winorlose": ("/winorlose/", winorlose_mid, winorlose_end),
    "cowtrade": ("/cowtrade/", cowtrade_mid, cowtrade_end),
    "cowtrade-endgame": ("/cowtrade/endgame", endgame_mid, endgame_end),
}


def base_of(url: str) -> str:
    """scheme://host:port of the page's address: the other games are at paths of the same server."""
    m = re.match(r"[a-z]+://[^/]+", url)
    assert m, url
    return m.group(0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", default=",".join(GAMES), help="comma-separated games (" + ", ".join(GAMES) + ")")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--phone-only", action="store_true")
    which.add_argument("--desktop-only", action="store_true")
    args = parser.parse_args()
    games = [g for g in args.only.split(",") if g]
    unknown = sorted(set(games) - set(GAMES))
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}: choose among {', '.join(GAMES)}")
    widths = {k: v for k, v in WIDTHS.items() if not (args.phone_only and not k) and not (args.desktop_only and k)}
    for suffix, (width, height) in widths.items():
        with page_at("/", width=width, height=height, reduced_motion=True) as page:
            base = base_of(page.url)
            for name in games:
                path, mid, end = GAMES[name]
                page.goto(base + path, timeout=180_000)
                page.wait_for_load_state("networkidle")
                mid(page)
                shoot(page, args.out / f"{name}{suffix}-mid.png", False)
                end(page)
                shoot(page, args.out / f"{name}{suffix}-end.png", False)


if __name__ == "__main__":
    main()
