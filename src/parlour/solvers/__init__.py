"""Game-independent numerics: exact and float, with certificates."""
