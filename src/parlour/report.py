"""Writes report/index.html (one offline file: tables, inline SVG figures) and report/claims.json."""

from __future__ import annotations

import datetime as dt
import json
import platform
from collections import Counter
from pathlib import Path

import jinja2

from parlour import __version__
from parlour.claims import ClaimResult, Status
from parlour.registry import GAMES

GAME_TITLES = {g.name: g.title for g in GAMES}
# The site's stylesheet, inlined into the report file so that it looks like the site when opened from disk
SITE_CSS = Path(__file__).resolve().parent / "web" / "static" / "parlour.css"

_TEMPLATE = jinja2.Environment(
    loader=jinja2.PackageLoader("parlour", "templates"),
    autoescape=jinja2.select_autoescape(["html"]),
).get_template("report.html")


def machine() -> dict[str, str]:
    import os

    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": str(os.cpu_count()),
        "parlour": __version__,
    }


def write(results: list[ClaimResult], out_dir: Path, command: str) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    generated = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    counts = Counter(r.outcome.status.value for r in results)
    games: dict[str, list[ClaimResult]] = {}
    for r in results:
        games.setdefault(r.claim.game, []).append(r)
    payload = {
        "generated": generated,
        "command": command,
        "machine": machine(),
        "counts": dict(counts),
        "ok": all(r.outcome.status.ok for r in results),
        "claims": [r.to_json() for r in results],
    }
    (out_dir / "claims.json").write_text(json.dumps(payload, indent=2, default=str))
    html = _TEMPLATE.render(
        generated=generated,
        command=command,
        machine=payload["machine"],
        counts=counts,
        statuses=[s.value for s in Status],
        games=[(g, GAME_TITLES.get(g, g), rs) for g, rs in games.items()],
        total_seconds=sum(r.seconds for r in results),
        site_css=SITE_CSS.read_text(encoding="utf-8") if SITE_CSS.is_file() else "",
    )
    index = out_dir / "index.html"
    index.write_text(html)
    return index


__all__ = ["GAME_TITLES", "SITE_CSS", "machine", "write"]
