"""Matplotlib figures as inline SVG, so the report is one file that reads offline."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def new_figure(width: float = 6.4, height: float = 4.0) -> Figure:
    # The object-oriented API avoids pyplot's global state and needs no display.
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def svg_of(fig: Figure) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg")
    text = buffer.getvalue()
    return text[text.index("<svg") :]  # drop the XML prolog so it can be inlined in HTML


def save(fig: Figure, path: str) -> None:
    fig.savefig(path)


__all__ = ["new_figure", "save", "svg_of"]
