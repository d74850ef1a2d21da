"""Game of the Goose: exact and certified win probabilities."""
