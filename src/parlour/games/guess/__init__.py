"""The higher–lower guessing game (Dresher's game): trees, oracles and the certified solver."""

# its modules, each imported on its own (the package itself loads none of them)
__all__ = ["trees"]
