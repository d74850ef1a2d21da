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
from bench.web import page_at, shoot  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "goose.png")
    parser.add_argument("--moves", type=int, default=8, help="moves to play before the picture")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--width", type=int, default=1200)
    parser.add_argument("--full", action="store_true", help="the whole page, not only the first 900 px")
    args = parser.parse_args()
    idle = "!document.body.classList.contains('busy')"
    with page_at(f"/goose/?seed={args.seed}", width=args.width, height=900) as page:
        page.wait_for_selector("#heat-cells rect", timeout=180_000)
        page.wait_for_function(idle)
        for _ in range(args.moves):
            page.click("#roll")
            page.wait_for_function(idle)
        page.hover("#sq-42")
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, args.out, args.full)


if __name__ == "__main__":
    main()
