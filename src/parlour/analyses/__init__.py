"""One module per game: builds the model, calls a solver, shapes the answer, registers claims."""

# its modules, each imported on its own (the package itself loads none of them)
__all__ = ["cowtrade", "estimates", "goose", "guess", "memory", "winorlose", "yourgame"]
