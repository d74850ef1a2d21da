"""The relabelled state space as an absorbing chain for `parlour.solvers.markov`: the stored chain (up to 4
players on the study's board) or, beyond, the chain-free operator; where a long run keeps its bounds.

A built space is kept on disk under the cache root (`infra.storage`, folder goose/spaces): building the 4-player
chain (search, sort, successor lists, reachable counts) costs ~15 s of CPU, about a third of a one-thread
solve, and a later process reads it back in a fraction of a second. The file's name carries a digest of the
rule set and of the source of every module that builds the chain, so a changed rule or builder never reads an
old file; a damaged file fails the zip archive's CRC or the shape checks and is rebuilt. (The bounds proven
on a chain are only as good as the chain: hence the digest of the builder, not a version number to bump.)
"""

from __future__ import annotations

import hashlib
import logging
import zipfile
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np

import parlour.analyses.goose.space as space_module
from parlour.analyses.goose.space import Counts, Layout, Space, build
from parlour.errors import InvalidInput
from parlour.games.goose import kernels
from parlour.games.goose import rules as rules_module
from parlour.games.goose import tables as tables_module
from parlour.games.goose.rules import RuleSet, State
from parlour.games.goose.tables import code_of, tables
from parlour.infra import storage
from parlour.infra.interrupt import deferred
from parlour.solvers import markov

log = logging.getLogger("parlour.analyses.goose.chain")

KEPT_FROM_STATES = 50_000  # spaces this large (3 players on) are kept on disk; smaller ones build in ms
_ARRAYS = ("codes", "index", "indptr", "target", "weight", "movers", "blocks")
_COUNTS = ("throw", "inn_skip", "well_skip", "terminal", "canonical", "stuck")


@cache
def space(rules: RuleSet, players: int) -> Space:
    """The relabelled chain, with the count of full states from which the game can never end: read back from
    the disk cache when an earlier process built it, else built (and kept when large)."""
    path = _kept_path(rules, players)
    found = _read_space(path, rules, players) if path.exists() else None
    if found is not None:
        return found
    sp = build(rules, players)
    stuck = markov.stuck_states(markov_chain(sp))
    bits = np.unpackbits(sp.movers[stuck][:, None], axis=1).sum() if stuck.any() else 0
    sp = replace(sp, counts=replace(sp.counts, stuck=int(bits)))
    if sp.size >= KEPT_FROM_STATES:
        _keep_space(path, sp)
    return sp


def _builder_digest(rules: RuleSet, players: int) -> str:
    h = hashlib.blake2b(digest_size=10)
    h.update(f"{rules!r}|{players}".encode())
    builders = sorted(Path(space_module.__file__ or "").parent.glob("*.py"))  # every module of the package
    for source in (*builders, *(Path(m.__file__ or "") for m in (kernels, tables_module, rules_module))):
        h.update(source.read_bytes())
    h.update(Path(__file__).read_bytes())
    return h.hexdigest()


def _kept_path(rules: RuleSet, players: int) -> Path:
    name = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in rules.name)[:32]
    return storage.cache_root() / "goose" / "spaces" / f"{name}-{players}p-{_builder_digest(rules, players)}.npz"


def _keep_space(path: Path, sp: Space) -> None:
    """Write the space atomically; a full or read-only disk only costs the next process a rebuild."""
    arrays = {k: getattr(sp, k) for k in _ARRAYS}
    counts = np.array([getattr(sp.counts, k) for k in _COUNTS] + [sp.den], np.int64)

    def write(tmp: Path) -> None:
        with open(tmp, "wb") as f:
            np.savez(f, counts=counts, **arrays)

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        storage.atomic_write(path, write)
    except OSError as e:
        log.warning("the %d-player space was not kept on disk (%s)", sp.players, e)


def _read_space(path: Path, rules: RuleSet, players: int) -> Space | None:
    """The kept space, or None when the file is damaged or does not describe this chain."""
    try:
        with np.load(path) as z, deferred() as check:
            got = {}
            for k in (*_ARRAYS, "counts"):  # Ctrl-C is heard between two arrays (4 players: ~0.3 GB in all)
                got[k] = z[k]
                check()
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError) as e:
        log.warning("rebuilding the %d-player space: the kept file is unreadable (%s)", players, e)
        return None
    n = got["codes"].size
    c = got["counts"]
    if (got["indptr"].size != n + 1 or got["index"].size != tables(rules).codes**players
            or got["target"].size != got["weight"].size or int(got["indptr"][-1]) != got["target"].size
            or got["movers"].size != n or c.size != len(_COUNTS) + 1 or int(c[4]) != n
            or got["blocks"].size < 2 or int(got["blocks"][-1]) != n):
        log.warning("rebuilding the %d-player space: the kept file does not describe it", players)
        return None
    counts = Counts(players, *(int(x) for x in c[: len(_COUNTS)]))
    return Space(rules, players, got["codes"], got["index"], got["indptr"], got["target"], got["weight"],
                 int(c[-1]), counts, got["movers"], got["blocks"])


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
    """(the row of its canonical state, absolute player who is relative player 0) of a full state."""
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
    i = sp.row(sum(d * t.codes**k for k, d in enumerate(rel)))
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


__all__ = [
    "KEPT_FROM_STATES", "absolute", "default_checkpoint", "fits_chain", "locate", "markov_chain", "rotation_perms",
    "space",
]
