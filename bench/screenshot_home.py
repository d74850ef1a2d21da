"""The home page's screenshot for README.md: a live server, Debian's chromium at 1200x900, saved to
docs/screenshots/home.png.

Run: python bench/screenshot_home.py [--out docs/screenshots/home.png]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.web import page_at, shoot  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "home.png")
    args = parser.parse_args()
    with page_at("/", width=1200, height=900) as page:
        page.wait_for_selector(".game-card")
        shoot(page, args.out, True)


if __name__ == "__main__":
    main()
