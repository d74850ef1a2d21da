"""Typer command groups, one module per game; cli.py mounts them."""
