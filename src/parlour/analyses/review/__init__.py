"""Game records and their reviews: decisions graded exactly against the best move, luck measured apart."""

# its modules: the shared record and review, the grading scales, and one grader per game (`core.GRADERS`)
__all__ = ["core", "cowtrade", "endgame", "goose", "guess", "memory", "scales", "winorlose"]
