"""Rock-paper-scissors to two wins: a simultaneous-move stochastic game whose play can cycle (a tie replays
the round). It exercises the other corner of `parlour solve`: stages that are matrix games, solved by LP
with exact certificates, inside cycles.

    parlour solve examples/rps_race.py       # the value is exactly 1/2 (the game is symmetric), and both
                                             # players mix rock, paper and scissors equally everywhere

A state is (player 1's wins, player 2's wins). Player 1 receives 1 for winning the match, 0 for losing.
"""

PAYOFF_RANGE = (0, 1)
WINS = 2
START = (0, 0)
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
HANDS = tuple(BEATS)


def moves(state):
    return HANDS, HANDS  # both move at once


def play(state, hand1, hand2):
    from parlour.toolkit import End

    mine, yours = state
    if hand1 == hand2:
        return state  # a tie: the round is played again
    if BEATS[hand1] == hand2:
        mine += 1
    else:
        yours += 1
    if mine == WINS:
        return End(1)
    if yours == WINS:
        return End(0)
    return (mine, yours)
