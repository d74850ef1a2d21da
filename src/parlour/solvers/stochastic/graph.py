"""The package's graph algorithms, for the stage-LP engine's components and the turn-based fast path's
millions of states alike: strongly connected components (Tarjan), the states that lie in an end component
of a decision problem (where one player can keep play going for ever) and those from which play never ends.

One source, run two ways: as plain Python here (the stage-LP engine's graphs have thousands of states, and
a cow-trade end game must not pay numba's start, a second or so), and compiled by numba from this same code
for the fast path (`compiled_graph`: `register_jitable` makes the helpers callable from the compiled code).
So the functions keep to what numba compiles: numpy arrays and scalars, no Python objects.

A graph is given in CSR form: the edges of node v are target[ptr[v]:ptr[v + 1]]; a negative target leaves
the graph (an end of the game, or a state outside the part solved) and is no edge."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["compiled_graph", "end_states", "never_ending", "tarjan"]


def tarjan(ptr: np.ndarray, target: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Strongly connected components, iteratively: the nodes in component order (sinks first: every
    component after the components it can reach; each component's nodes in the order they leave Tarjan's
    stack) and the components' offsets into that order."""
    n = ptr.shape[0] - 1
    index = np.full(n, -1, np.int64)
    low = np.zeros(n, np.int64)
    onstack = np.zeros(n, np.bool_)
    stack = np.empty(n, np.int64)
    call_node = np.empty(n, np.int64)
    call_edge = np.empty(n, np.int64)
    order = np.empty(n, np.int64)
    comp_ptr = np.zeros(n + 1, np.int64)
    counter = 0
    sp = 0
    cs = 0
    out = 0
    ncomp = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        w = root  # the node to open next (-1: none): the root, then each new node an edge finds
        while True:
            if w >= 0:
                index[w] = counter
                low[w] = counter
                counter += 1
                stack[sp] = w
                sp += 1
                onstack[w] = True
                call_node[cs] = w
                call_edge[cs] = ptr[w]
                cs += 1
                w = -1
            if cs == 0:
                break
            v = call_node[cs - 1]
            e = call_edge[cs - 1]
            if e < ptr[v + 1]:
                call_edge[cs - 1] = e + 1
                x = target[e]
                if x < 0:
                    continue
                if index[x] < 0:
                    w = x
                elif onstack[x] and index[x] < low[v]:
                    low[v] = index[x]
            else:
                cs -= 1
                if cs > 0:
                    u = call_node[cs - 1]
                    if low[v] < low[u]:
                        low[u] = low[v]
                if low[v] == index[v]:
                    while True:
                        sp -= 1
                        x = stack[sp]
                        onstack[x] = False
                        order[out] = x
                        out += 1
                        if x == v:
                            break
                    ncomp += 1
                    comp_ptr[ncomp] = out
    return order, comp_ptr[: ncomp + 1]


def _inside(o: int, s: int, block: np.ndarray, opt_item: np.ndarray, item_ptr: np.ndarray,
            target: np.ndarray) -> bool:
    """Whether option o of state s keeps play in s's block whatever chance does."""
    item = opt_item[o]
    for e in range(item_ptr[item], item_ptr[item + 1]):
        t = target[e]
        if t < 0 or block[t] != block[s]:
            return False
    return True


def _drop_leavers(block: np.ndarray, grp_ptr: np.ndarray, opt_ptr: np.ndarray, opt_item: np.ndarray,
                  item_ptr: np.ndarray, target: np.ndarray) -> None:
    """Drop (block -1) every state with a group of options none of which stays in its block, until none."""
    changed = True
    while changed:
        changed = False
        for s in range(block.shape[0]):
            if block[s] < 0:
                continue
            for g in range(grp_ptr[s], grp_ptr[s + 1]):
                stays = False
                for o in range(opt_ptr[g], opt_ptr[g + 1]):
                    if _inside(o, s, block, opt_item, item_ptr, target):
                        stays = True
                        break
                if not stays:
                    block[s] = -1
                    changed = True
                    break


def end_states(grp_ptr: np.ndarray, opt_ptr: np.ndarray, opt_item: np.ndarray, item_ptr: np.ndarray,
               target: np.ndarray) -> np.ndarray:
    """Which states lie in some end component of a player's decision problem, the other's strategy fixed.

    State s has groups grp_ptr[s]..grp_ptr[s+1]; the player picks one option in every group (a group per
    signal the other may send: each is played with positive probability), option o of group g in
    opt_ptr[g]..opt_ptr[g+1]; option o may lead to the targets of item opt_item[o] (its chance branches,
    target[item_ptr[i]:item_ptr[i + 1]]; negative: play ends or leaves). The classic refinement: drop the
    states that cannot stay, split the rest by the components of the options that stay, until it settles."""
    n = grp_ptr.shape[0] - 1
    block = np.zeros(n, np.int64)
    while True:
        _drop_leavers(block, grp_ptr, opt_ptr, opt_item, item_ptr, target)
        edges = 0
        for s in range(n):
            if block[s] >= 0:
                for o in range(opt_ptr[grp_ptr[s]], opt_ptr[grp_ptr[s + 1]]):
                    if _inside(o, s, block, opt_item, item_ptr, target):
                        edges += item_ptr[opt_item[o] + 1] - item_ptr[opt_item[o]]
        ptr = np.zeros(n + 1, np.int64)
        succ = np.empty(edges, np.int64)
        k = 0
        for s in range(n):
            if block[s] >= 0:
                for o in range(opt_ptr[grp_ptr[s]], opt_ptr[grp_ptr[s + 1]]):
                    if _inside(o, s, block, opt_item, item_ptr, target):
                        for e in range(item_ptr[opt_item[o]], item_ptr[opt_item[o] + 1]):
                            succ[k] = target[e]
                            k += 1
            ptr[s + 1] = k
        order, comp_ptr = tarjan(ptr, succ)
        seen = np.zeros(n + 1, np.bool_)
        before = 0
        for s in range(n):
            if block[s] >= 0 and not seen[block[s]]:
                seen[block[s]] = True
                before += 1
        after = 0
        for c in range(comp_ptr.shape[0] - 1):
            if block[order[comp_ptr[c]]] >= 0:  # a component lies in one block: kept or dropped whole
                for i in range(comp_ptr[c], comp_ptr[c + 1]):
                    block[order[i]] = after
                after += 1
        if after == before:
            return block >= 0


def never_ending(ptr: np.ndarray, target: np.ndarray, order: np.ndarray, comp_ptr: np.ndarray) -> np.ndarray:
    """Which nodes can never leave the graph, whatever is chosen and drawn (from them play never ends), given
    Tarjan's components of the same graph (`tarjan`, sinks first): a component can leave when one of its edges
    leaves (a negative target) or leads to an earlier component that can, so one pass in that order decides."""
    n = ptr.shape[0] - 1
    leaves = np.zeros(n, np.bool_)
    for c in range(comp_ptr.shape[0] - 1):
        can = False
        for i in range(comp_ptr[c], comp_ptr[c + 1]):
            v = order[i]
            for e in range(ptr[v], ptr[v + 1]):
                if target[e] < 0 or leaves[target[e]]:
                    can = True
                    break
            if can:
                break
        if can:
            for i in range(comp_ptr[c], comp_ptr[c + 1]):
                leaves[order[i]] = True
    return ~leaves


_COMPILED: list[Any] = []


def compiled_graph() -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]:
    """(tarjan, end_states, never_ending) compiled by numba from the code above (on the first call; cached on
    disk)."""
    if not _COMPILED:
        from numba import njit
        from numba.extending import register_jitable

        for helper in (tarjan, _inside, _drop_leavers):  # called from compiled code: compiled inline
            register_jitable(helper)
        _COMPILED.extend((njit(cache=True)(tarjan), njit(cache=True)(end_states), njit(cache=True)(never_ending)))
    return _COMPILED[0], _COMPILED[1], _COMPILED[2]
