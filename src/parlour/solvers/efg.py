"""Gambit's extensive-form (.efg) files, read into the sequence form (`solvers.sequence`) and written.

The format (Gambit's `formats.efg`, version 2): a prologue `EFG 2 R "title" { "Player 1" "Player 2" }` and an
optional comment string, then the nodes in prefix order (a node, then each child's subtree in the order of
its moves), one of

    p "node" player infoset ["infoset" { "move" ... }] outcome ["outcome" { payoff payoff }]
    c "node" infoset ["infoset" { "move" probability ... }] outcome ["outcome" { payoffs }]
    t "node" outcome ["outcome" { payoffs }]

An information set's name and moves may be left out where its number was defined before (and must match
where repeated); so may an outcome's name and payoffs; outcome 0 is no outcome. An outcome may sit on any
node: a leaf's payoffs are the sum of the outcomes on its path (Gambit's meaning). Numbers are integers,
decimals (`.25`, `1e-3`) or fractions (`1/3`), all read exactly as Fractions; commas between payoffs are
optional. `R` (rational) and `D` (decimal) files read the same way.

parlour solves two-player constant-sum games (the payoffs at every leaf sum to the same number) with chance
and perfect recall; a general-sum game, a third player or a player who forgets his own moves is refused
with one sentence naming the line. So is every malformed file. Limits: the file's size
(`infra.files.MAX_TEXT_BYTES`, 16 MiB) and MAX_NODES nodes.

The pieces, each one pass and linear in the nodes:

* `nodes(text)` parses the file into a stream of `PlayerNode`, `ChanceNode` and `Terminal` (the payoffs of a
  leaf already summed along its path), each with its line;
* `form(nodes)` feeds any such stream to the sequence-form `Builder`, checking what a game must be (players
  1 and 2, chance probabilities summing to 1, constant sum, perfect recall): `read(path)` is the two;
* `walk(root, expand)` turns a tree given as a function of the history (a toolkit module's `node`, read by
  the tree's one reader and made a node by `node_of`) into the same stream, and `write(path, nodes)` writes any
  stream as an .efg file, checked by `form` as it goes.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, TextIO

from parlour.errors import FormatError, InvalidInput, shown
from parlour.results import exact, frac_str
from parlour.results import label as infoset_label
from parlour.solvers import limits
from parlour.solvers.sequence import Builder, Decision, Read, SequenceForm

MAX_NODES = limits.MAX_NODES  # as many as a game tree module may have (one figure: solvers/limits.py)

# ---- the stream both the reader and the toolkit produce ------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerNode:
    """A decision of `player` (1 or 2) at his information set `infoset` (a key: the file's number, a module's
    own infoset), shown as `label`; `moves` in order (the children follow in this order)."""

    player: int
    infoset: Hashable
    label: str
    moves: tuple[Hashable, ...]
    line: int = 0


@dataclass(frozen=True, slots=True)
class ChanceNode:
    """Chance picks move i with `probabilities[i]`; `infoset` is the file's chance information set (None for
    a module's chance nodes, each then a set of its own)."""

    moves: tuple[Hashable, ...]
    probabilities: tuple[Fraction, ...]
    infoset: Hashable = None
    label: str = ""
    line: int = 0


@dataclass(frozen=True, slots=True)
class Terminal:
    """A leaf: each player's payoff (summed over the outcomes on the path)."""

    payoffs: tuple[Fraction, Fraction]
    line: int = 0


Node = PlayerNode | ChanceNode | Terminal


@dataclass(frozen=True)
class EfgGame:
    """An .efg file read: its `title`, `players` (the file's names) and `comment`; the game in sequence
    form, whose information sets and moves carry the file's names (`form.of(p)[k].name`, `.moves`); player
    1's and player 2's payoffs sum to `constant` at every leaf (0: zero-sum), and `form` holds player 1's."""

    title: str
    players: tuple[str, str]
    comment: str
    form: SequenceForm
    constant: Fraction

    def described(self) -> dict[str, Any]:
        """What a solution's JSON says of the file: its format, title, players and, where not zero, the sum
        (player 2's payoff is it minus player 1's)."""
        said: dict[str, Any] = {"format": "Gambit .efg", "title": self.title, "players": list(self.players)}
        if self.constant:
            said.update(exact("constant_sum", self.constant))
        return said


def read(path: str | Path) -> EfgGame:
    """The game of an .efg file (the module's docstring); a FormatError naming the line if it is not one."""
    from parlour.infra.files import read_text

    header, stream = nodes(read_text(path, "the game file"), str(path))
    former = _formed(stream, str(path))
    return EfgGame(header.title, header.players, header.comment, former.finish(), former.constant or Fraction(0))


def form(stream: Iterable[Node], source: str = "the tree") -> SequenceForm:
    """Any stream of nodes in prefix order as a `SequenceForm` (checked as `read` checks a file)."""
    return _formed(stream, source).finish()


def _formed(stream: Iterable[Node], source: str) -> _Former:
    former = _Former(source)
    for node in stream:
        former.add(node)
    return former


# ---- checking a stream into the sequence form ---------------------------------------------------------

class _Former:
    """Feeds a prefix-order stream to the sequence-form Builder: a stack holds, for each node still to come,
    its chance probability and each player's last sequence (the next node's on top)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.builder = Builder()
        self.stack: list[tuple[Fraction, int, int]] = [(Fraction(1), 0, 0)]
        self.names: dict[tuple[int, Hashable], str] = {}
        self.used: tuple[set[str], set[str]] = (set(), set())
        self.constant: Fraction | None = None
        self.constant_at = ""
        self.count = 0

    def where(self, node: Node) -> str:
        return f"{self.source} line {node.line}" if node.line else f"{self.source}, node {self.count}"

    def fail(self, node: Node, message: str) -> FormatError:
        return FormatError(f"{self.where(node)}: {message}")

    def add(self, node: Node) -> None:
        if not self.stack:
            raise self.fail(node, "a node after the tree is complete")
        prob, s1, s2 = self.stack.pop()
        self.count += 1
        if isinstance(node, Terminal):
            self._leaf(node, prob, s1, s2)
        elif isinstance(node, ChanceNode):
            self._chance(node)
            self.stack.extend((prob * p, s1, s2) for p in reversed(node.probabilities))
        else:
            first = self._infoset(node, s1 if node.player == 1 else s2)
            n = len(node.moves)
            if node.player == 1:
                self.stack.extend((prob, first + i, s2) for i in range(n - 1, -1, -1))
            else:
                self.stack.extend((prob, s1, first + i) for i in range(n - 1, -1, -1))

    def _leaf(self, node: Terminal, prob: Fraction, s1: int, s2: int) -> None:
        total = node.payoffs[0] + node.payoffs[1]
        if self.constant is None:
            self.constant, self.constant_at = total, self.where(node)
        elif total != self.constant:
            raise self.fail(node, f"the payoffs here sum to {frac_str(total)}, at {self.constant_at} to "
                            f"{frac_str(self.constant)}: parlour solves two-player zero-sum (constant-sum) games; "
                            "general-sum extensive games are out of scope")
        self.builder.leaf(s1, s2, prob, node.payoffs[0])

    def _chance(self, node: ChanceNode) -> None:
        if not node.moves or len(node.moves) != len(node.probabilities):
            raise self.fail(node, "a chance node needs at least one move, each with its probability")
        if any(p < 0 for p in node.probabilities):
            raise self.fail(node, f"a chance probability is negative: {frac_str(min(node.probabilities))}")
        total = sum(node.probabilities, Fraction(0))
        if total != 1:
            raise self.fail(node, f"the chance probabilities sum to {frac_str(total)}, not 1 (write them as "
                            "fractions, 1/3, where decimals cannot be exact)")

    def _infoset(self, node: PlayerNode, parent: int) -> int:
        if node.player not in (1, 2):
            raise self.fail(node, f"a decision's player is 1 or 2, not {shown(node.player)}")
        key = (node.player, node.infoset)
        try:
            name = self.names.get(key)
        except TypeError:
            raise self.fail(node, f"the infoset {shown(node.infoset)} is not hashable") from None
        if name is None:
            name = self.names[key] = self._new_name(node)
        try:
            return self.builder.infoset(node.player, name, parent, tuple(node.moves))
        except InvalidInput as exc:
            raise self.fail(node, str(exc)) from None

    def _new_name(self, node: PlayerNode) -> str:
        """The name an information set is shown by: its label where that is given and no other set of the
        player's has it, else the label with the set's number (`infoset 3` where there is no label)."""
        used = self.used[node.player - 1]
        name = node.label or f"infoset {node.infoset}"
        if name in used:
            name = f"{node.label} (infoset {node.infoset})" if node.label else f"{name} ({len(used)})"
        while name in used:
            name += "'"
        used.add(name)
        return name

    def finish(self) -> SequenceForm:
        if self.stack:
            raise FormatError(f"{self.source}: the tree ends after {self.count} nodes with {len(self.stack)} "
                              "more expected (is the file cut short?)")
        return self.builder.finish(self.count)


# ---- the lexer ---------------------------------------------------------------------------------------

_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|([{},])|([^\s{}",]+)|(")', re.DOTALL)
# An exponent of at most three digits: `1e999` is read, `1e9999999` (ten million digits) is not a number here.
_NUMBER = re.compile(r"[+-]?(?:\d+/\d+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d{1,3})?)")
_UNESCAPE = re.compile(r"\\([\\\"])")
_ZERO = (Fraction(0), Fraction(0))


class Lexer:
    """The file's tokens, one at a time, each with its line: ("text", label), ("{", ...), ("}", ...),
    (",", ...), ("word", a number or a symbol) and ("end", "") after the last."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self._tokens = _scan(text, self)
        self.line = 1  # the line of the last token taken: what a message names
        self._ahead: tuple[str, str, int] | None = None
        self._numbers: dict[str, Fraction] = {}

    def fail(self, message: str) -> FormatError:
        return FormatError(f"{self.source} line {self.line}: {message}")

    def peek(self) -> tuple[str, str]:
        ahead = self._ahead
        if ahead is None:
            ahead = self._ahead = next(self._tokens)
        return ahead[0], ahead[1]

    def next(self) -> tuple[str, str]:
        ahead = self._ahead
        if ahead is None:
            ahead = next(self._tokens)
        self._ahead = None
        self.line = ahead[2]
        return ahead[0], ahead[1]

    def expect(self, kind: str, what: str) -> str:
        got, text = self.next()
        if got != kind:
            raise self.fail(f"expected {what}, found {_said(got, text)}")
        return text

    def label(self, what: str) -> str:
        return self.expect("text", f"{what} (a quoted label)")

    def integer(self, what: str) -> int:
        got, text = self.next()
        if got != "word" or not (text.isascii() and text.isdigit()) or len(text) > 9:
            raise self.fail(f"expected {what} (a whole number), found {_said(got, text)}")
        return int(text)

    def number(self, what: str) -> Fraction:
        got, text = self.next()
        known = self._numbers.get(text)
        if known is not None:  # a file repeats its few payoffs and probabilities many times: parsed once each
            return known
        if got != "word" or not _NUMBER.fullmatch(text):
            raise self.fail(f"expected {what} (a number such as 2, -1.5 or 1/3), found {_said(got, text)}")
        try:
            value = self._numbers[text] = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise self.fail(f"{shown(text)} is not a number") from None
        return value


def _scan(text: str, lex: Lexer) -> Iterator[tuple[str, str, int]]:
    """The tokens of `text` with their lines, then ("end", "", the last line) for ever."""
    line, pos = 1, 0
    for m in _TOKEN.finditer(text):
        start = m.start()
        line += text.count("\n", pos, start)
        pos = start
        label, brace, word, _unclosed = m.groups()
        if word is not None:
            yield ("word", word, line)
        elif label is not None:
            yield ("text", _UNESCAPE.sub(r"\1", label) if "\\" in label else label, line)
        elif brace is not None:
            yield (brace, brace, line)
        else:
            lex.line = line
            raise lex.fail("a label opened with \" is never closed")
    while True:  # the end: named by the last line that holds something
        yield ("end", "", line)


def _said(kind: str, text: str) -> str:
    if kind == "end":
        return "the end of the file"
    return f"the label {shown(text, 40)}" if kind == "text" else shown(text, 40)


# ---- the parser -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Header:
    title: str
    players: tuple[str, str]
    comment: str


def prologue(lex: Lexer, magic: str, version: str, does: str) -> tuple[str, tuple[str, str]]:
    """The opening every Gambit file shares (`EFG 2 R "title" { "P1" "P2" }`, or `NFG 1 R ...`): the title and
    the two players' names; a FormatError naming the line where it differs. `does`: what parlour does with
    such a file, for the refusal of a third player ("solves", "reads")."""
    if lex.next() != ("word", magic):
        raise lex.fail(f"an .{magic.lower()} file starts with '{magic} {version} R'")
    if lex.next() != ("word", version):
        raise lex.fail(f"only version {version} of the .{magic.lower()} format is read ('{magic} {version} R')")
    if lex.next() not in (("word", "R"), ("word", "D")):
        raise lex.fail(f"expected the number type R or D after '{magic} {version}'")
    title = lex.label("the game's title")
    lex.expect("{", "'{' before the players' names")
    players: list[str] = []
    while lex.peek()[0] == "text":
        players.append(lex.next()[1])
    lex.expect("}", "'}' after the players' names")
    if len(players) != 2:
        raise lex.fail(f"parlour {does} two-player games; this .{magic.lower()} has {len(players)} players")
    return title, (players[0], players[1])


def nodes(text: str, source: str = "the .efg file") -> tuple[Header, Iterator[Node]]:
    """The prologue of .efg text and its nodes in prefix order, parsed as the stream is read (a FormatError
    naming the line at the first thing wrong)."""
    lex = Lexer(text, source)
    title, players = prologue(lex, "EFG", "2", "solves")
    comment = lex.next()[1] if lex.peek()[0] == "text" else ""
    return Header(title, players, comment), _Parser(lex).tree()


class _Parser:
    """The node lines: what the file defined (information sets, chance sets, outcomes, by number) and, on a
    stack, each node still to come with the payoffs of the outcomes above it."""

    def __init__(self, lex: Lexer) -> None:
        self.lex = lex
        self.infosets: dict[tuple[int, int], tuple[str, tuple[str, ...], tuple[str, ...]]] = {}
        self.chances: dict[int, tuple[str, tuple[str, ...], tuple[Fraction, ...], tuple[str, ...]]] = {}
        self.outcomes: dict[int, tuple[str, tuple[Fraction, Fraction]]] = {}

    def tree(self) -> Iterator[Node]:
        lex = self.lex
        stack = [_ZERO]
        count = 0
        while stack:
            above = stack.pop()
            kind, word = lex.next()
            if kind == "end":
                raise lex.fail(f"the file ends inside the tree, {len(stack) + 1} more nodes expected (is it cut "
                               "short?)")
            if kind != "word" or word not in ("p", "c", "t"):
                raise lex.fail(f"expected a node (p, c or t), found {_said(kind, word)}")
            count += 1
            if count > MAX_NODES:
                raise lex.fail(f"the tree has more than {MAX_NODES:,} nodes: too large to solve here")
            line = lex.line
            lex.label("the node's label")
            node: Node
            if word == "t":
                yield Terminal(_plus(above, self.outcome()), line)
                continue
            node = self.player(line) if word == "p" else self.chance(line)
            stack.extend([_plus(above, self.outcome())] * len(node.moves))
            yield node
        kind, word = lex.next()
        if kind != "end":
            raise lex.fail(f"{_said(kind, word)} after the end of the tree")

    def player(self, line: int) -> PlayerNode:
        lex = self.lex
        player = lex.integer("the player's number")
        if player not in (1, 2):
            raise lex.fail(f"player {player}: the file names 2 players (chance moves at 'c' nodes)")
        number = lex.integer("the information set's number")
        known = self.infosets.get((player, number))
        if lex.peek()[0] == "text":
            label = lex.label("the information set's name")
            raw = self.move_list(chance=False)[0]
            if known is None:
                known = self.infosets[(player, number)] = (label, _distinct(raw), raw)
            elif (label, raw) != (known[0], known[2]):
                raise lex.fail(f"player {player}'s information set {number} is defined again with another name "
                               f"or other moves than before ({shown(known[0], 40)}: {shown(known[2], 60)})")
        elif known is None:
            raise lex.fail(f"player {player}'s information set {number} is used before its moves are given")
        return PlayerNode(player, number, known[0], known[1], line)

    def chance(self, line: int) -> ChanceNode:
        lex = self.lex
        number = lex.integer("the chance information set's number")
        known = self.chances.get(number)
        if lex.peek()[0] == "text":
            label = lex.label("the chance information set's name")
            raw, probs = self.move_list(chance=True)
            if known is None:
                known = self.chances[number] = (label, _distinct(raw), probs, raw)
            elif (label, raw, probs) != (known[0], known[3], known[2]):
                raise lex.fail(f"chance information set {number} is defined again with another name, other "
                               "moves or other probabilities than before")
        elif known is None:
            raise lex.fail(f"chance information set {number} is used before its moves are given")
        return ChanceNode(known[1], known[2], number, known[0], line)

    def move_list(self, *, chance: bool) -> tuple[tuple[str, ...], tuple[Fraction, ...]]:
        lex = self.lex
        lex.expect("{", "'{' before the moves")
        moves: list[str] = []
        probs: list[Fraction] = []
        while True:
            kind, text = lex.next()
            if kind == "}":
                break
            if kind == ",":
                continue
            if kind != "text":
                raise lex.fail(f"expected a move's quoted label or '}}', found {_said(kind, text)}")
            moves.append(text)
            if chance:
                probs.append(lex.number(f"the probability of the move {shown(text, 40)}"))
        if not moves:
            raise lex.fail("an information set needs at least one move")
        return tuple(moves), tuple(probs)

    def outcome(self) -> tuple[Fraction, Fraction]:
        lex = self.lex
        number = lex.integer("the outcome's number (0 for none)")
        if lex.peek()[0] != "text":
            if number == 0:
                return _ZERO
            if number not in self.outcomes:
                raise lex.fail(f"outcome {number} is used before its payoffs are given")
            return self.outcomes[number][1]
        if number == 0:
            raise lex.fail("outcome 0 is no outcome: it has no name or payoffs")
        label = lex.label("the outcome's name")
        lex.expect("{", "'{' before the payoffs")
        values: list[Fraction] = []
        while lex.peek()[0] != "}":
            if lex.peek()[0] == ",":
                lex.next()
                continue
            values.append(lex.number("a payoff"))
        lex.next()
        if len(values) != 2:
            raise lex.fail(f"outcome {number} has {len(values)} payoffs; the game has 2 players")
        pay = (values[0], values[1])
        known = self.outcomes.setdefault(number, (label, pay))
        if known != (label, pay):
            raise lex.fail(f"outcome {number} is defined again with another name or other payoffs than before")
        return pay


def _plus(above: tuple[Fraction, Fraction], pay: tuple[Fraction, Fraction]) -> tuple[Fraction, Fraction]:
    """The payoffs of the outcomes above a node and its own (most nodes have none: no new Fractions)."""
    if not (pay[0] or pay[1]):
        return above
    return pay if not (above[0] or above[1]) else (above[0] + pay[0], above[1] + pay[1])


def _distinct(labels: tuple[str, ...]) -> tuple[str, ...]:
    """Moves as they are shown: the file's labels, an empty one by its position (1, 2, ...) and a repeated one
    with `_2`, `_3`, ... on its later copies (the solver tells moves apart by name)."""
    if all(labels) and len(set(labels)) == len(labels):
        return labels
    out: list[str] = []
    seen = set(labels)
    for i, label in enumerate(labels):
        name, k = label or str(i + 1), 1
        while name in out or (name != label and name in seen):
            k += 1
            name = f"{label or i + 1}_{k}"
        out.append(name)
    return tuple(out)


# ---- a tree given as a function of the history -----------------------------------------------------

def walk(root: tuple[Hashable, ...], expand: Callable[[tuple[Hashable, ...]], Node],
         limit: int = MAX_NODES) -> Iterator[Node]:
    """The nodes of the tree whose node at `history` is `expand(history)` (the children of a history are
    `history + (move,)`), in prefix order; an InvalidInput beyond `limit` nodes (or as soon as the growth seen
    so far puts the tree past them) or `limits.MAX_HISTORY` moves."""
    base = len(root)
    stack: list[tuple[int, Hashable]] = [(base, None)]  # depth and move; the history is copied from `moves`
    moves = list(root)  # the path to the node on the stack's top (as in `sequence.walk`)
    growth = limits.Growth(limit)
    while stack:
        depth, move = stack.pop()
        if depth > base:
            del moves[depth - 1:]
            moves.append(move)
        history = tuple(moves)
        node = expand(history)
        growth.met(depth - base, 0 if isinstance(node, Terminal) else len(node.moves), history)
        yield node
        if not isinstance(node, Terminal):
            stack.extend((depth + 1, m) for m in reversed(node.moves))


def node_of(read: Read) -> Node:
    """A node as the sequence form's walk reads it (`sequence.Read`: a payoff, chance's moves with their
    probabilities, a decision) as a node of the stream: player 2's payoff the negative of player 1's."""
    if isinstance(read, Decision):
        return PlayerNode(read.player, read.name, infoset_label(read.name), read.moves)
    if isinstance(read, list):
        return ChanceNode(tuple(m for m, _ in read), tuple(p for _, p in read))
    return Terminal((read, -read))


# ---- the writer --------------------------------------------------------------------------------------

def write(path: str | Path, stream: Iterable[Node], *, title: str = "",
          players: tuple[str, str] = ("Player 1", "Player 2"), comment: str = "") -> SequenceForm:
    """Write a stream of nodes as an .efg file, each node checked as `read` checks a file (the file appears
    only when the whole tree is written and checked); returns the game in sequence form."""
    target = Path(path)
    former = _Former(str(target))
    partial = target.with_name(target.name + ".partial")
    try:
        with partial.open("w", encoding="utf-8") as out:
            _write_to(out, former, stream, title, players, comment)
        game = former.finish()
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return game


def dumps(stream: Iterable[Node], *, title: str = "", players: tuple[str, str] = ("Player 1", "Player 2"),
          comment: str = "") -> str:
    """The .efg text of a stream of nodes (checked as `write` checks it)."""
    import io

    out = io.StringIO()
    former = _Former("the tree")
    _write_to(out, former, stream, title, players, comment)
    former.finish()
    return out.getvalue()


def _write_to(out: TextIO, former: _Former, stream: Iterable[Node], title: str, players: tuple[str, str],
              comment: str) -> None:
    out.write(f"EFG 2 R {_quoted(title)} {{ {_quoted(players[0])} {_quoted(players[1])} }}\n{_quoted(comment)}\n\n")
    numbers: dict[tuple[int, Hashable], int] = {}  # (player, infoset key) -> the file's number; 0: chance
    counts = [0, 0, 0]
    outcomes: dict[tuple[Fraction, Fraction], int] = {}
    for node in stream:
        former.add(node)
        if isinstance(node, Terminal):
            k = outcomes.setdefault(node.payoffs, len(outcomes) + 1)
            u1, u2 = (frac_str(u) for u in node.payoffs)
            out.write(f't "" {k} "Outcome {k}" {{ {u1}, {u2} }}\n')
            continue
        player = node.player if isinstance(node, PlayerNode) else 0
        key = (player, node.infoset if node.infoset is not None else ("node", former.count))
        k = numbers.get(key, 0)
        if not k:
            counts[player] += 1
            k = numbers[key] = counts[player]
        moves = " ".join(_quoted(_text(m)) for m in node.moves)
        if isinstance(node, PlayerNode):
            out.write(f'p "" {player} {k} {_quoted(node.label)} {{ {moves} }} 0\n')
        else:
            pairs = " ".join(f"{_quoted(_text(m))} {frac_str(p)}" for m, p in zip(node.moves, node.probabilities,
                                                                                  strict=True))
            out.write(f'c "" {k} {_quoted(node.label)} {{ {pairs} }} 0\n')


def _text(x: object) -> str:
    return x if isinstance(x, str) else repr(x)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


__all__ = [
    "MAX_NODES", "ChanceNode", "EfgGame", "Header", "Lexer", "Node", "PlayerNode", "Terminal", "dumps", "form",
    "node_of", "nodes", "prologue", "read", "walk", "write",
]
