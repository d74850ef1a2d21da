"""Game of the Goose: rules as data, state tables, simulation."""

# its modules, each imported on its own (the package itself loads none of them)
__all__ = ["kernels", "playthrough", "rules", "simulate", "tables"]
