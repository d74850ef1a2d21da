"""Typer command groups, one module per game; cli.py mounts them."""

# its modules, each imported on its own (the package itself loads none of them)
__all__ = [
    "arguments", "common", "cowtrade", "equilibria", "goose", "guess", "listing", "memory", "reproduce", "review",
    "root", "solve", "web", "winorlose", "zerosum",
]
