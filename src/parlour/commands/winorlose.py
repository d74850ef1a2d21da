"""`parlour winorlose ...`: Win or Lose (simplified poker): win chances, types, tournaments."""

from __future__ import annotations

import typer

app = typer.Typer(no_args_is_help=True)
