"""The guessing-game page's screenshot for docs/guess.md: N = 20, a game where you hide 13 from Bob (so his
drawn tree and Alice's distribution both show), in Debian's chromium at 1200 x 900.

Run: python bench/screenshot_guess.py [--out docs/screenshots/guess.png] [--n 20] [--hidden 13]
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
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "guess.png")
    parser.add_argument("--n", type=int, default=20)
    parser.add_argument("--hidden", type=int, default=13)
    args = parser.parse_args()
    with page_at("/guess/", width=1200, height=900) as page:
        page.fill("#n", str(args.n))
        page.check("input[name=mode][value=hide]")
        page.click("#new-game")
        page.wait_for_selector("#hide-controls:not([hidden])")
        page.fill("#hidden", str(args.hidden))
        page.click("#hidden-button")
        page.wait_for_selector("#tree-panel:not([hidden])")
        shoot(page, args.out, True)


if __name__ == "__main__":
    main()
