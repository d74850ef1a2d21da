"""parlour's web app: one FastAPI app (`app`), a page per game mounted from the registry, and the jobs behind
the long computations (`jobs`)."""

# its modules, each imported on its own (the package itself loads none of them)
__all__ = [
    "app", "common", "cowtrade", "cowtrade_common", "cowtrade_endgame", "cowtrade_quartets", "goose", "guess", "jobs",
    "memory", "winorlose",
]
