"""The higher-lower guessing game (Dresher): certified exact solutions."""
