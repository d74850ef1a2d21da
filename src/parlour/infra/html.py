"""HTML fragments for the report: one table builder, escaped."""

from __future__ import annotations

import html
from collections.abc import Sequence


def esc(x: object) -> str:
    return html.escape(str(x))


def table(header: Sequence[object], rows: Sequence[Sequence[object]], *, css_class: str = "") -> str:
    """A <table> with one header row; every cell is escaped text."""
    cls = f" class='{esc(css_class)}'" if css_class else ""
    head = "".join(f"<th>{esc(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table{cls}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


__all__ = ["esc", "table"]
