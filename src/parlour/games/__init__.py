"""The rules of each game as plain data and pure functions (no solving here)."""

# its modules, each imported on its own (the package itself loads none of them)
__all__ = ["cowtrade", "goose", "guess", "memory", "winorlose"]
