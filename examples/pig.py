"""Pig, the dice game (Neller & Presser, "Optimal Play of the Dice Game Pig", The UMAP Journal 25(1), 2004).

Two players alternate turns; player 1 starts; both at 0. In a turn the player rolls a die as often as he
likes: a 1 ends the turn and scores nothing for it; 2-6 add to the turn total; he may hold at any time (after
at least one roll) to bank the turn total and end the turn. The first whose score reaches GOAL wins.

    parlour solve examples/pig.py            # GOAL = 100: player 1's chance, certified to +-1e-10

The value is player 1's probability of winning (payoff 1 if he wins, 0 if player 2 does). A state is
(player to move, player 1's score, player 2's score, turn total). A roll that brings the banked score plus
the turn total to GOAL wins at once: holding there wins, so no optimal player would roll on.
Change GOAL (or set the environment variable PIG_GOAL) for a smaller game.
"""

import os

from parlour.toolkit import Chance, End

GOAL = int(os.environ.get("PIG_GOAL", "100"))
PAYOFF_RANGE = (0, 1)  # player 1's chance of winning
ENDLESS = 0  # two players who never hold never finish: nobody wins

START = (1, 0, 0, 0)


def moves(state):
    """Player 1's moves and player 2's: only the player to move has any; no hold before the first roll."""
    mover, _mine, _yours, turn = state
    mine = ("roll", "hold") if turn > 0 else ("roll",)
    return (mine, ()) if mover == 1 else ((), mine)


def play(state, move1, move2):
    mover, score1, score2, turn = state
    move = move1 if mover == 1 else move2
    banked = score1 if mover == 1 else score2
    won = End(1 if mover == 1 else 0)
    other = 2 if mover == 1 else 1
    if move == "hold":
        if banked + turn >= GOAL:
            return won
        if mover == 1:
            return (other, score1 + turn, score2, 0)
        return (other, score1, score2 + turn, 0)
    outcomes = [(other, score1, score2, 0)]  # a 1: the turn total is lost
    for face in range(2, 7):
        outcomes.append(won if banked + turn + face >= GOAL else (mover, score1, score2, turn + face))
    return Chance.uniform(outcomes)
