"""The rules of each game as plain data and pure functions (no solving here)."""
