"""The higher–lower guessing game (Dresher), analysed: certified exact V(N) with optimal strategies.

Modules: `oracle` (Bob's best response, an optimal BST: the pricing oracle), `solve` (the column-
generation model over `parlour.solvers.colgen`, the exact check in the unfolded game, `GuessSolution`),
`dresher` (the study's lexicographic simplex trace), `conjectures` (Johnson's and Gilbert's conjectures
decided exactly by a second LP), `store` (the SQLite store of solved N), `sweep` (a warm-started sweep
over N, in-process or on Dask), `figures`, and `claims` (the study's claims, registered on import).
"""

# its modules, each imported on its own (the package itself loads none of them)
__all__ = [
    "claims", "conjectures", "cost", "dresher", "figures", "oracle", "play", "result", "solve", "store", "sweep",
    "table",
]
