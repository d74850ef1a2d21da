"""Kuhn poker (H. W. Kuhn, "A simplified two-person poker", Contributions to the Theory of Games I, 1950).

A deck of three cards J < Q < K; each player antes 1 and gets one card; the third is unseen. Player 1
checks or bets 1. After a check, player 2 checks (showdown for the pot of 2) or bets 1; then player 1
folds or calls. After a bet, player 2 folds or calls. At a showdown the higher card takes the pot.

    parlour solve examples/kuhn_poker.py     # the value, exactly -1/18, and both optimal strategies

A history is (card of player 1, card of player 2, moves...). A player's infoset is his own card and the
moves so far: he does not see the other's card.
"""

from parlour.toolkit import Chance, End, Turn

RANK = {"J": 0, "Q": 1, "K": 2}
DEALS = [(a, b) for a in RANK for b in RANK if a != b]
PAYOFF_RANGE = (-2, 2)  # player 1's winnings: the ante and at most one bet
ROOT = ()


def node(history):
    if not history:
        return Chance.uniform(DEALS)  # the deal: six equally likely ways
    (card1, card2), *moves = history
    moves = tuple(moves)
    showdown = 1 if RANK[card1] > RANK[card2] else -1
    if moves == ():
        return Turn(1, (card1,), ("check", "bet"))
    if moves == ("check",):
        return Turn(2, (card2, "check"), ("check", "bet"))
    if moves == ("bet",):
        return Turn(2, (card2, "bet"), ("fold", "call"))
    if moves == ("check", "bet"):
        return Turn(1, (card1, "check", "bet"), ("fold", "call"))
    if moves == ("check", "check"):
        return End(showdown)
    if moves in (("bet", "call"), ("check", "bet", "call")):
        return End(2 * showdown)
    if moves == ("bet", "fold"):
        return End(1)
    if moves == ("check", "bet", "fold"):
        return End(-1)
    raise ValueError(f"no such history {history}")
