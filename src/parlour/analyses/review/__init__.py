"""Game records and their reviews: decisions graded exactly against the best move, luck measured apart."""

__all__ = ["core", "scales"]
