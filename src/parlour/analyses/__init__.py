"""One module per game: builds the model, calls a solver, shapes the answer, registers claims."""
