"""Shared infrastructure with one home each: Dask clients, memory and disk checks, HTML tables, statistics.

Nothing here knows a game or a solver; solvers, analyses and commands import from here.
"""

# its modules, each imported on its own (the package itself loads none of them)
__all__ = [
    "cache", "checks", "dask", "files", "html", "hugepages", "interrupt", "jobs", "lazy", "resources", "spelling",
    "stats", "storage", "supervisor",
]
