"""Leduc hold'em on a deck of RANKS ranks in SUITS suits (Southey et al., "Bayes' Bluff", UAI 2005, play it with
six cards; here the deck is a parameter): 13 ranks and 4 suits, a 52-card deck, make a tree of 9,984,781 nodes.

Each player antes 1 and gets one card. Two betting rounds, player 1 first in each: "call" (a check when nothing
is to be matched), "raise" (by 2 in the first round, by 4 in the second; at most two raises a round) and "fold"
(only facing a raise). A round ends when both have acted and the stakes are equal; then a public card is turned,
or at the end of the second round the showdown: a pair with the public card wins, else the higher rank; equal
ranks split. With RANKS = 3 and SUITS = 2 this is OpenSpiel's leduc_poker (bench/leduc_poker.py, -0.0856...).

    parlour solve examples/leduc_poker.py                               # 52 cards
    LEDUC_RANKS=3 LEDUC_SUITS=2 parlour solve examples/leduc_poker.py   # six cards: exact, -0.0856...
    python -m bench.bench_cfr --ranks 13 --suits 4                      # 52 cards by CFR+, to +-1e-4

The walk adds up the leaves that the same moves of both players reach, so the 52-card tree's sequence form is
small (95,316 pairs of sequences, 6,007 sequences a player) and `parlour solve` hands it to the LP (1e-15
wide); CFR+ (`parlour.solvers.cfr`) bounds it to +-1e-4 in a few thousand iterations.

A history is (the deal, the first round's moves..., the public card, the second round's moves...); a card is a
number, its rank the number // SUITS. A player's infoset is his own card's rank, the public card's rank and
every move. The tree is large and the walk reads every node, so what a node is, but for the deal, is worked out
once for each history after the deal (`_FORMS`, a few thousand): a node is then two lookups.
"""

import os

from parlour.toolkit import Chance, End, Turn

RANKS = int(os.environ.get("LEDUC_RANKS", "13"))
SUITS = int(os.environ.get("LEDUC_SUITS", "4"))
CARDS = range(RANKS * SUITS)
PAYOFF_RANGE = (-13, 13)  # the ante and two raises in each round: 1 + 2 + 2 + 4 + 4
ROOT = ()
RAISE = (2, 4)  # the raise of each round


def _round(moves, stake, raise_by):
    """A round's moves so far from `stake`: (the stakes now, whether the round is over, who folded or None)."""
    stake = list(stake)
    for i, m in enumerate(moves):
        if m == "fold":
            return tuple(stake), True, i % 2
        stake[i % 2] = max(stake) + (raise_by if m == "raise" else 0)
    return tuple(stake), len(moves) >= 2 and stake[0] == stake[1], None


def _options(moves, stake):
    mover = len(moves) % 2
    return ("call",) + (("fold",) if stake[mover] < max(stake) else ()) + \
        (("raise",) if moves.count("raise") < 2 else ())


def _rounds(moves=()):
    """Every betting sequence of one round: (its moves, the stakes, over, who folded), from stakes (1, 1)."""
    stake, over, _ = _round(moves, (1, 1), RAISE[0])
    out = [moves]
    if not over:
        for m in _options(moves, stake):
            out.extend(_rounds((*moves, m)))
    return out


def _forms():
    """What the node after each history of moves and public card (all but the deal) is: ("turn", mover, the
    Turn for each rank of the mover's card), ("fold", who folded, his stake), ("deal",) or ("showdown", stake,
    the public card's rank). A few thousand forms, worked out once: a node is then two lookups."""
    def turn(mover, options, *seen):
        return ("turn", mover, tuple(Turn(mover + 1, (rank, *seen), options) for rank in range(RANKS)))

    forms = {}
    for first in _rounds():
        stake, over, folded = _round(first, (1, 1), RAISE[0])
        if folded is not None:
            forms[first] = ("fold", folded, stake[folded])
        elif not over:
            forms[first] = turn(len(first) % 2, _options(first, stake), None, first)
        else:
            forms[first] = ("deal",)
            for second in _rounds():
                end, done, fold2 = _round(second, stake, RAISE[1])
                for card in CARDS:
                    rank = card // SUITS
                    forms[(*first, card, *second)] = (
                        ("fold", fold2, end[fold2]) if fold2 is not None else ("showdown", end[0], rank) if done
                        else turn(len(second) % 2, _options(second, end), rank, first, second))
    return forms


_FORMS = _forms()
_DEALS = Chance.uniform([(a, b) for a in CARDS for b in CARDS if a != b])
_ENDS = {v: End(v) for v in range(-13, 14)}


def node(history):
    if not history:
        return _DEALS
    deal = history[0]
    form = _FORMS[history[1:]]
    kind = form[0]
    if kind == "turn":
        return form[2][deal[form[1]] // SUITS]
    if kind == "fold":  # the one who folded loses his stake
        return _ENDS[-form[2] if form[1] == 0 else form[2]]
    if kind == "deal":
        return Chance.uniform([c for c in CARDS if c != deal[0] and c != deal[1]])
    rank = form[2]
    strength = [(RANKS if c // SUITS == rank else 0) + c // SUITS for c in deal]
    return _ENDS[((strength[0] > strength[1]) - (strength[0] < strength[1])) * form[1]]
