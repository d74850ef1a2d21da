"""Leduc hold'em as OpenSpiel plays it, as a `parlour solve` game tree: the "Leduc-size tree" of
bench/bench_no_slower.py (9,457 nodes, 337 sequences a player; OpenSpiel's published value for player 1
is -0.085606424078).

Six cards, J, Q and K twice; each player antes 1 and gets one card. Two betting rounds, player 1 first in
each: "call" (a check when nothing is to be matched), "raise" (by 2 in the first round, by 4 in the second;
at most two raises a round) and "fold" (only facing a raise). A round ends when both have acted and the
stakes are equal; then a public card is turned, or at the end of the second round the showdown: a pair
with the public card wins, else the higher card; equal ranks split.

    parlour solve bench/leduc_poker.py

A history is (the deal, the first round's moves..., the public card, the second round's moves...). A
player's infoset is his own card's rank, the public card's rank ("-" before it is turned) and every move.
"""

from parlour.toolkit import Chance, End, Turn

CARDS = ("J1", "J2", "Q1", "Q2", "K1", "K2")
DEALS = [(a, b) for a in CARDS for b in CARDS if a != b]
PAYOFF_RANGE = (-13, 13)  # the ante and two raises in each round: 1 + 2 + 2 + 4 + 4
ROOT = ()
MOVES = ("call", "fold", "raise")


def _rounds(rest):
    """(the public card or None, the moves of the round being played, the moves of the first round when in
    the second, the stakes, whether the round just ended, whether the last move was a fold)."""
    public, past, moves, stake = None, (), (), [1, 1]
    for step in rest:
        if step not in MOVES:  # the public card, turned when the first round ended
            public, past, moves = step, moves, ()
            continue
        mover = len(moves) % 2
        if step == "fold":
            return public, past, (*moves, step), tuple(stake), False, True
        if step == "raise":
            stake[mover] = max(stake) + (2 if public is None else 4)
        else:
            stake[mover] = max(stake)
        moves = (*moves, step)
    ended = len(moves) >= 2 and stake[0] == stake[1]
    return public, past, moves, tuple(stake), ended, False


def _showdown(card1, card2, public, stake):
    strength = [(10 if c[0] == public[0] else 0) + "JQK".index(c[0]) for c in (card1, card2)]
    return End(((strength[0] > strength[1]) - (strength[0] < strength[1])) * stake)


def node(history):
    if not history:
        return Chance.uniform(DEALS)
    (card1, card2), *rest = history
    public, past, moves, stake, ended, folded = _rounds(rest)
    mover = len(moves) % 2
    if folded:  # the one who folded (the mover before this move) loses his stake
        return End(-stake[0] if (len(moves) - 1) % 2 == 0 else stake[1])
    if ended and public is None:
        return Chance.uniform([c for c in CARDS if c not in (card1, card2)])
    if ended:
        return _showdown(card1, card2, public, stake[0])
    options = ("call",) + (("fold",) if stake[mover] < max(stake) else ()) + \
        (("raise",) if moves.count("raise") < 2 else ())
    own = card1 if mover == 0 else card2
    return Turn(mover + 1, (own[0], public[0] if public else "-", past, moves), options)
