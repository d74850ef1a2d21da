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
from bench.web import CHROMIUM, serve_in_thread  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "home.png")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    base, server = serve_in_thread()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.goto(base + "/")
        page.wait_for_selector(".game-card")
        page.screenshot(path=str(args.out), full_page=True)
        browser.close()
    server.should_exit = True
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
