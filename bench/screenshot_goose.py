"""The Goose page's screenshot for docs/goose.md: two players after eight moves of the game with seed 23 (the board,
each player's exact chance and the last move told in words), in Debian's chromium at 1200 x 900.

Run: python bench/screenshot_goose.py [--out docs/screenshots/goose.png] [--moves 8] [--seed 23] [--full]
(the first run solves the 2-player chain, ≈5-15 s, and keeps it under $PARLOUR_CACHE or ~/.cache/parlour)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))  # this checkout's parlour, whatever the environment installed
from bench.web import CHROMIUM, serve_in_thread  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "goose.png")
    parser.add_argument("--moves", type=int, default=8, help="moves to play before the picture")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--width", type=int, default=1200)
    parser.add_argument("--full", action="store_true", help="the whole page, not only the first 900 px")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    url, server = serve_in_thread()
    idle = "!document.body.classList.contains('busy')"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": args.width, "height": 900})
        page.goto(url + f"/goose/?seed={args.seed}")
        page.wait_for_selector("#heat-cells rect", timeout=180_000)
        page.wait_for_function(idle)
        for _ in range(args.moves):
            page.click("#roll")
            page.wait_for_function(idle)
        page.hover("#sq-42")
        page.evaluate("window.scrollTo(0, 0)")
        args.out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(args.out), full_page=args.full)
        browser.close()
    server.should_exit = True  # type: ignore[attr-defined]
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
