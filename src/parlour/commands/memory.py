"""`parlour memory ...`: Memory with perfect memory: the optimal tactic in every state."""

from __future__ import annotations

import typer

app = typer.Typer(no_args_is_help=True)
