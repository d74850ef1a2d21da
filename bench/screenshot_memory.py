"""The Memory page's screenshot for docs/memory.md: a live server, Debian's chromium at 1200x900, a game of
8 pairs played a few turns in (the optimal second card taken each time, so the hints show), saved to
docs/screenshots/memory.png.

Run: python bench/screenshot_memory.py [--out docs/screenshots/memory.png] [--width 1200] [--flips 6]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.web import page_at, shoot

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "memory.png")
    parser.add_argument("--width", type=int, default=1200)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--flips", type=int, default=6)
    args = parser.parse_args()
    with page_at("/memory/", width=args.width, height=args.height) as page:
        page.wait_for_selector("#board button.card")
        for _ in range(args.flips):
            status = page.text_content("#status") or ""
            if status.startswith(("Game over", "Stalemate")):
                break
            # the hint's best card (outlined), else the first card that can be turned
            target = page.locator("#board button.card.best:not([disabled])")
            if target.count() == 0:
                target = page.locator("#board button.card:not([disabled])")
            before = page.evaluate("document.getElementById('log').children.length + ':' + "
                                   "document.querySelectorAll('#board .card.up').length")
            target.first.click()
            page.wait_for_function(
                "b => (document.getElementById('log').children.length + ':' + "
                "document.querySelectorAll('#board .card.up').length) !== b "
                "&& !document.body.classList.contains('busy')",
                arg=before)
        shoot(page, args.out, False)


if __name__ == "__main__":
    main()
