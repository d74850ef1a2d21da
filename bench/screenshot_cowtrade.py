"""The cow-trade page's screenshot for docs/cowtrade.md: the study's example (player 1 has 8, player 3 has 5,
player 1 holds the initiative) with the elimination shown up to its 7th step and one trade played, in Debian's
chromium at 1200 x 900.

Run: python bench/screenshot_cowtrade.py [--out docs/screenshots/cowtrade.png] [--steps 7] [--full]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.web import page_at, shoot

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # this checkout's parlour, whatever the environment installed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "cowtrade.png")
    parser.add_argument("--steps", type=int, default=7, help="elimination steps to show")
    parser.add_argument("--width", type=int, default=1200)
    parser.add_argument("--full", action="store_true", help="the whole page, not only the first 900 px")
    args = parser.parse_args()
    with page_at("/cowtrade/", width=args.width, height=900) as page:
        page.wait_for_selector("#before-solve", state="hidden")
        for _ in range(args.steps):
            page.click("#next-step")
        page.select_option("#bid", "3")
        page.click("#seal")
        page.click("#reveal")
        page.wait_for_function("document.getElementById('rounds').textContent === '1'")
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, args.out, args.full)


if __name__ == "__main__":
    main()
