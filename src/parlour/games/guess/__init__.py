"""The higher–lower guessing game (Dresher's game): trees, oracles and the certified solver."""
