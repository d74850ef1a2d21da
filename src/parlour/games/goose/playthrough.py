"""A seeded game, move by move, as text: the golden files in tests/ guard the rules against regressions."""

from __future__ import annotations

import random

from parlour.games.goose.rules import RuleSet, play, skips, square_of, start_state


def playthrough(rules: RuleSet, players: int, seed: int, max_turns: int = 2000) -> list[str]:
    """One line per turn: turn number, player (1-based), throw, what happened, every player's square.

    The throw is drawn with Python's `random.Random(seed)` (stable across versions for `randrange`),
    one die after the other, so a file records the dice as well as the rules' response.
    """
    rng = random.Random(seed)
    state = start_state(rules, players)
    lines = [f"# {rules.name} rules, {players} players, seed {seed}"]
    for turn in range(1, max_turns + 1):
        me = state.to_move
        if skips(rules, state) is not None:
            move = play(rules, state, None)
            throw = "-"
        else:
            faces = tuple(sorted(die[rng.randrange(len(die))] for die in rules.dice))
            move = play(rules, state, faces)
            throw = "+".join(map(str, faces))
        state = move.state
        where = " ".join(
            f"{square_of(rules, c)}{'*' if c > rules.end else ''}" for c in state.codes
        )
        lines.append(f"{turn:4d} P{me + 1} {throw:>5} {move.note:<40} [{where}]")
        if move.winner is not None:
            lines.append(f"# player {move.winner + 1} wins after {turn} turns")
            return lines
        if all(skips(rules, state.__class__(p, state.codes)) == "well" for p in range(players)):
            lines.append(f"# draw: every player is stuck alone in a well after {turn} turns")
            return lines
    lines.append(f"# unfinished after {max_turns} turns")
    return lines


__all__ = ["playthrough"]
