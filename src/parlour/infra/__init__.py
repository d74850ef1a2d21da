"""Shared infrastructure with one home each: Dask clients, memory and disk checks, HTML tables, statistics.

Nothing here knows a game or a solver; solvers, analyses and commands import from here.
"""
