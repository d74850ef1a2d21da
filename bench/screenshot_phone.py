"""Every page on a phone (390 x 844, Debian's chromium) after one scripted move, and Win or Lose played by a
person at the desktop width, for docs/screenshots/: <page>-phone.png and winorlose.png.

Run: python bench/screenshot_phone.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.web import page_at, shoot  # noqa: E402


def goose(page) -> None:
    page.wait_for_selector("#chances td.pwin")
    for _ in range(3):
        page.click("#roll")
        page.wait_for_function("!document.body.classList.contains('busy')")
    page.wait_for_function("document.getElementById('move-text').textContent.includes('throws')")


def memory(page) -> None:
    page.wait_for_selector("#board button.card")
    page.click("#board button >> nth=0")
    page.wait_for_function("document.getElementById('status').textContent.includes('second card')")
    page.click("#board button.card.best:not(:disabled) >> nth=0")
    page.wait_for_function("!document.body.classList.contains('busy')")


def guess(page) -> None:
    page.click("#new-game")
    page.wait_for_selector("#guess-form:not([hidden])")
    for g in ("50", "25"):
        page.fill("#guess", g)
        page.click("#guess-button")
        page.wait_for_function("!document.body.classList.contains('busy')")


def cowtrade(page) -> None:
    page.wait_for_selector("#bid option", state="attached")
    page.click("#seal")
    page.click("#reveal")
    page.wait_for_function("/^You (win|lose)/.test(document.getElementById('outcome').textContent)")


def winorlose(page) -> None:
    page.click("#deal")
    page.wait_for_selector("#predict-win:not([disabled])")
    page.click("#predict-win")
    page.wait_for_selector("#you-result .round-result")


MOVES = {"goose": goose, "memory": memory, "guess": guess, "cowtrade": cowtrade, "winorlose": winorlose}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    with page_at("/", width=390, height=844) as page:
        page.wait_for_selector(".game-card")
        shoot(page, args.out / "home-phone.png", False)
        for name, move in MOVES.items():
            page.goto(page.url.split("/", 3)[0] + "//" + page.url.split("/")[2] + f"/{name}/")
            move(page)
            page.wait_for_timeout(400)  # the dice and cards settle
            shoot(page, args.out / f"{name}-phone.png", False)
    with page_at("/winorlose/", width=1200, height=900) as page:
        winorlose(page)
        page.wait_for_timeout(400)
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, args.out / "winorlose.png", False)


if __name__ == "__main__":
    main()
