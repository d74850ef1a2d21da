"""The relabelled state space as an absorbing chain for `parlour.solvers.markov`: the stored chain (up to 4
players on the study's board) or, beyond, the chain-free operator; where a long run keeps its bounds."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np

from parlour.analyses.goose.space import Layout, Space, build
from parlour.errors import InvalidInput
from parlour.games.goose.rules import RuleSet, State
from parlour.games.goose.tables import code_of, tables
from parlour.infra import storage
from parlour.solvers import markov


@cache
def space(rules: RuleSet, players: int) -> Space:
    """The relabelled chain, with the count of full states from which the game can never end."""
    sp = build(rules, players)
    stuck = markov.stuck_states(markov_chain(sp))
    bits = np.unpackbits(sp.movers[stuck][:, None], axis=1).sum() if stuck.any() else 0
    return replace(sp, counts=replace(sp.counts, stuck=int(bits)))


def rotation_perms(players: int) -> np.ndarray:
    """Outcome labels: relative player i (0 = mover). After a move the old mover is last in line, so
    relative player i of a state is relative player i - 1 of its successor."""
    return np.array([list(range(players)), [(i - 1) % players for i in range(players)]], np.int8)


def markov_chain(sp: Space) -> markov.Chain:
    """Outcome o = "relative player o wins"; target -1 (the mover wins) is outcome 0."""
    eperm = (sp.target >= 0).astype(np.int8)
    return markov.Chain(
        sp.indptr, sp.target, sp.weight, sp.den, sp.players, eperm, rotation_perms(sp.players), sp.blocks
    )


def fits_chain(rules: RuleSet, players: int) -> bool:
    """Whether `build` enumerates this game with its stored chain (up to 4 players on the study's
    board); beyond, `analyses.goose.operator.OnTheFly` solves it without one."""
    return tables(rules).codes ** players * 9 <= 2**30


def default_checkpoint(rules: RuleSet, players: int) -> Path:
    """Where a long chain-free run keeps its bounds unless told otherwise: the goose folder of the one cache
    root (`infra.storage.cache_root`: $PARLOUR_CACHE, else $XDG_CACHE_HOME/parlour, else ~/.cache/parlour)."""
    return storage.cache_root() / "goose" / f"{rules.name}-{players}p.npy"


def locate(sp: Space | Layout, state: State) -> tuple[int, int]:
    """(canonical state index, absolute player who is relative player 0) of a full state."""
    n = sp.players
    if state.players != n:
        raise InvalidInput(f"the position lists {state.players} players, the game has {n}")
    t = tables(sp.rules)
    try:
        compact = [code_of(sp.rules)[c] if c <= sp.rules.end else t.codes - len(sp.rules.inns) + (c - sp.rules.end - 1)
                   for c in state.codes]
    except KeyError:
        raise InvalidInput("nobody can stand on one of these squares") from None
    rel = tuple(compact[(state.to_move + i) % n] for i in range(n))
    i = int(sp.index[sum(d * t.codes**k for k, d in enumerate(rel))])
    if i < 0:
        raise InvalidInput("this position cannot be reached from the start of the game")
    return i, state.to_move


def absolute(values_rel: np.ndarray, mover: int, players: int) -> np.ndarray:
    """Per-player values from relative ones (relative i is player (mover + i) mod n); extra columns
    (the draw) stay at the end."""
    out = values_rel.copy()
    for i in range(players):
        out[(mover + i) % players] = values_rel[i]
    return out
