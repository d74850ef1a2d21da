"""Rules of the Game of the Goose (and other pure-chance race games) as data, and pure moves.

A rule set is a frozen value; everything else (state tables, the Markov chain, the simulator) is
derived from it. The study's rules (Groote & Zantema 2014, details as in the public mCRL2 model) are
the default; named variants and TOML files give other race games (any board length, any dice).
"""

from __future__ import annotations

import itertools
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from parlour.errors import FormatError, InvalidInput, shown
from parlour.infra.files import read_text

STUDY_GEESE = (5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59)


@dataclass(frozen=True)
class RuleSet:
    """A race game of pure chance on squares 0..end; every player starts on `start`.

    Mappings are stored as sorted tuples of pairs so the value is hashable (it keys caches).
    """

    name: str = "study"
    end: int = 63  # land exactly here to win
    dice: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6))  # faces of each die
    geese: tuple[int, ...] = STUDY_GEESE  # move the same number again, in the current direction
    jumps: tuple[tuple[int, int], ...] = ((6, 12), (42, 30), (58, 0))  # bridge, maze, death
    inns: tuple[int, ...] = (19,)  # landing here: skip your next turn
    wells: tuple[int, ...] = (31, 52)  # well, prison: stay until another player arrives
    # From the start square, a throw whose faces (sorted) are a key jumps straight to the value.
    start_jumps: tuple[tuple[tuple[int, ...], int], ...] = (((3, 6), 26), ((4, 5), 53))
    bounce: bool = True  # overshooting `end` walks back; False: an overshooting throw is void
    occupancy: bool = True  # a chain ending on another player's square returns the mover
    start: int = 0

    def __post_init__(self) -> None:
        check(self)

    # --- derived views -------------------------------------------------------------------------
    @property
    def jump_map(self) -> dict[int, int]:
        return dict(self.jumps)

    @property
    def start_jump_map(self) -> dict[tuple[int, ...], int]:
        return dict(self.start_jumps)

    @property
    def standable(self) -> tuple[int, ...]:
        """Squares a player can stand on: no goose, no jump square (plus the winning square)."""
        bad = set(self.geese) | set(self.jump_map)
        return tuple(s for s in range(self.end + 1) if s not in bad)

    @property
    def throws(self) -> tuple[tuple[tuple[int, ...], int], ...]:
        """(sorted faces, multiplicity) for every distinct throw; multiplicities sum to `denominator`."""
        counts = Counter(tuple(sorted(f)) for f in itertools.product(*self.dice))
        return tuple(sorted(counts.items()))

    @property
    def denominator(self) -> int:
        n = 1
        for die in self.dice:
            n *= len(die)
        return n


# Beyond these a rule set is not a board game but a request for memory: every table is end x throws.
MAX_END = 10_000
MAX_DICE = 6
MAX_FACES = 100


def check(rules: RuleSet) -> None:
    """Reject rule sets that describe no playable race (raises InvalidInput)."""
    if not 1 <= rules.end <= MAX_END:
        raise InvalidInput(f"the board must have 2 to {MAX_END + 1} squares, got end={shown(rules.end)}")
    if not rules.dice or any(len(d) == 0 for d in rules.dice):
        raise InvalidInput("every die needs at least one face")
    if len(rules.dice) > MAX_DICE or any(len(d) > MAX_FACES or max(d) > MAX_END for d in rules.dice):
        raise InvalidInput(f"at most {MAX_DICE} dice of at most {MAX_FACES} faces each, every face at most {MAX_END}")
    if any(f < 0 for d in rules.dice for f in d):
        raise InvalidInput("dice faces must be >= 0 (moves go forward)")
    inside = range(rules.end)  # special squares lie strictly before the winning square
    for what, squares in (
        ("goose", rules.geese),
        ("inn", rules.inns),
        ("well", rules.wells),
        ("jump source", [a for a, _ in rules.jumps]),
    ):
        for s in squares:
            if s not in inside or s == rules.start:
                raise InvalidInput(f"{what} square {s} must lie between {rules.start + 1} and {rules.end - 1}")
    specials = [*rules.geese, *rules.inns, *rules.wells, *(a for a, _ in rules.jumps)]
    if len(specials) != len(set(specials)):
        raise InvalidInput("a square can have only one special role (goose, jump, inn or well)")
    stand = set(rules.standable)
    for a, b in rules.jumps:
        if b not in stand:
            raise InvalidInput(f"jump {a} -> {b} must end on a plain square")
    for faces, target in rules.start_jumps:
        if target not in stand or target == rules.end:
            raise InvalidInput(f"start jump {faces} -> {target} must end on a plain square")
    if not 0 <= rules.start < rules.end:
        raise InvalidInput("the start square must lie on the board")


# --- variants and files ---------------------------------------------------------------------------
STUDY = RuleSet()
VARIANTS: dict[str, RuleSet] = {
    "study": STUDY,
    # Some editions send the maze (42) back to 37 instead of 30.
    "maze37": replace(STUDY, name="maze37", jumps=((6, 12), (42, 37), (58, 0))),
    # The inn (19) is a plain square: nobody skips a turn there.
    "no-inn-skip": replace(STUDY, name="no-inn-skip", inns=()),
}


def variant(name: str) -> RuleSet:
    try:
        return VARIANTS[name]
    except KeyError:
        known = ", ".join(sorted(VARIANTS))
        raise InvalidInput(f"unknown goose variant {shown(name)} (known: {known})") from None


def _pairs(value: Any, what: str) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, Mapping):
        raise FormatError(f"{what} must be a table of square = target")
    try:
        return tuple(sorted((int(k), int(v)) for k, v in value.items()))
    except (TypeError, ValueError):
        raise FormatError(f"{what} must map whole numbers to whole numbers") from None


def from_mapping(data: Mapping[str, Any], name: str = "custom") -> RuleSet:
    """A rule set from a parsed TOML document; missing keys take the study's values (`base = "goose"`, which
    `parlour solve` needs for them, may say so)."""
    known = {f for f in RuleSet.__dataclass_fields__}
    if data.get("base", "goose") != "goose":
        raise FormatError(f"base = {shown(data['base'])}: a Goose rule file starts from the Goose's board")
    unknown = set(data) - known - {"base"}
    if unknown:
        said = ", ".join(sorted(known | {"base"}))
        raise FormatError(f"unknown rule keys: {', '.join(sorted(unknown))} (known: {said})")
    kw: dict[str, Any] = {"name": str(data.get("name", name))}
    try:
        for key in ("end", "start"):
            if key in data:
                kw[key] = int(data[key])
        for key in ("bounce", "occupancy"):
            if key in data:
                if not isinstance(data[key], bool):
                    raise FormatError(f"{key} must be true or false")
                kw[key] = data[key]
        for key in ("geese", "inns", "wells"):
            if key in data:
                kw[key] = tuple(sorted(int(s) for s in data[key]))
        if "dice" in data:
            kw["dice"] = tuple(tuple(int(f) for f in die) for die in data["dice"])
    except (TypeError, ValueError):
        raise FormatError("rule values must be whole numbers or lists of whole numbers") from None
    if "jumps" in data:
        kw["jumps"] = _pairs(data["jumps"], "jumps")
    if "start_jumps" in data:
        raw = data["start_jumps"]
        if not isinstance(raw, Mapping):
            raise FormatError('start_jumps must be a table like { "3+6" = 26 }')
        try:
            kw["start_jumps"] = tuple(
                sorted((tuple(sorted(int(f) for f in k.split("+"))), int(v)) for k, v in raw.items())
            )
        except (TypeError, ValueError):
            raise FormatError('start_jumps keys must be faces joined by "+", like "3+6"') from None
    return RuleSet(**kw)


def load_toml(path: str | Path) -> RuleSet:
    text = read_text(path, "the rule file")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FormatError(f"{path} is not valid TOML: {exc}") from None
    return from_mapping(data, name=Path(path).stem)


def shipped(name: str) -> RuleSet:
    """A rule set shipped with parlour (games/goose/rulesets/<name>.toml), e.g. the study's toy game."""
    res = resources.files("parlour.games.goose").joinpath("rulesets", f"{name}.toml")
    if not res.is_file():
        raise InvalidInput(f"no shipped rule set {shown(name)}")
    return from_mapping(tomllib.loads(res.read_text()), name=name)


# --- one move -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Chain:
    """Where a throw takes a player before occupancy is looked at: the squares visited in order."""

    path: tuple[int, ...]  # every square the token touched at the end of a step (first = start)
    end: int  # the square where the chain of moves ends


def _step(rules: RuleSet, square: int, amount: int, forward: bool) -> tuple[int, bool]:
    """Move `amount` in a direction; bouncing off the last square flips the direction."""
    pos = square + amount if forward else square - amount
    if pos > rules.end:
        pos = 2 * rules.end - pos
        forward = not forward
    # Walking back past the start square cannot happen on the study's board; a general rule set stops there.
    return max(pos, rules.start), forward


def chain(rules: RuleSet, square: int, faces: tuple[int, ...]) -> Chain:
    """The squares a throw of `faces` (sorted) from `square` visits, ignoring the other players."""
    if square == rules.start and faces in rules.start_jump_map:
        return Chain((square, rules.start_jump_map[faces]), rules.start_jump_map[faces])
    amount = sum(faces)
    if not rules.bounce and square + amount > rules.end:
        return Chain((square,), square)  # overshooting throw is void
    path = [square]
    pos, forward = _step(rules, square, amount, True)
    path.append(pos)
    geese = set(rules.geese)
    jumps = rules.jump_map
    guard = 0
    while pos in geese and amount > 0:
        if not rules.bounce and forward and pos + amount > rules.end:
            return Chain((square,), square)  # without bouncing, a goose move past the end voids the throw
        pos, forward = _step(rules, pos, amount, forward)
        path.append(pos)
        guard += 1
        if guard > 4 * (rules.end + 1):
            raise InvalidInput("the geese send a token round in circles for ever")
    if pos in jumps:
        pos = jumps[pos]  # bridge, maze, death: the target is a plain square (checked), no further chain
        path.append(pos)
    return Chain(tuple(path), pos)


# --- states ---------------------------------------------------------------------------------------
# A player's "code": his square, or end + 1 + i for "on inn i with the skip still to come".
def pending_code(rules: RuleSet, inn: int) -> int:
    return rules.end + 1 + rules.inns.index(inn)


def square_of(rules: RuleSet, code: int) -> int:
    """The square a code stands for (the inn and its pending skip are the same square)."""
    return rules.inns[code - rules.end - 1] if code > rules.end else code


@dataclass(frozen=True, order=True)
class State:
    """Whose turn (0-based), and every player's code (square, or inn-with-skip-pending)."""

    to_move: int
    codes: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.codes)


def start_state(rules: RuleSet, players: int) -> State:
    if players < 2:
        raise InvalidInput(f"the game needs at least 2 players, got {players}")
    return State(0, (rules.start,) * players)


@dataclass(frozen=True)
class Move:
    """One outcome of a turn: its probability, the throw (None for a skipped turn), the next state,
    and the winner when the game is over."""

    probability: Fraction
    faces: tuple[int, ...] | None
    state: State
    winner: int | None = None
    note: str = ""


def skips(rules: RuleSet, state: State) -> str | None:
    """Why the player to move skips his turn ("inn" or "well"), or None when he throws."""
    me = state.codes[state.to_move]
    if me > rules.end:
        return "inn"
    if me in rules.wells and not any(
        square_of(rules, c) == me for i, c in enumerate(state.codes) if i != state.to_move
    ):
        return "well"
    return None


def play(rules: RuleSet, state: State, faces: tuple[int, ...] | None) -> Move:
    """The result of the player to move throwing `faces` (None: he skips). Probability left at 1."""
    n = state.players
    me = state.to_move
    nxt = (me + 1) % n
    codes = list(state.codes)
    if faces is None:
        why = skips(rules, state)
        if why is None:
            raise InvalidInput("this player throws; he does not skip")
        if why == "inn":
            codes[me] = square_of(rules, codes[me])  # skip served: plain inn square from now on
        return Move(Fraction(1), None, State(nxt, tuple(codes)), None, f"skips ({why})")
    here = codes[me]
    ch = chain(rules, here, faces)
    if ch.end == rules.end:
        codes[me] = rules.end
        return Move(Fraction(1), faces, State(nxt, tuple(codes)), me, "wins")
    others = {square_of(rules, c) for i, c in enumerate(codes) if i != me}
    if rules.occupancy and ch.end in others and ch.end not in rules.wells and ch.end != here:
        note = f"{'->'.join(map(str, ch.path))} occupied, back to {here}"
        return Move(Fraction(1), faces, State(nxt, tuple(codes)), None, note)
    new = pending_code(rules, ch.end) if ch.end in rules.inns and ch.end != here else ch.end
    codes[me] = new
    return Move(Fraction(1), faces, State(nxt, tuple(codes)), None, "->".join(map(str, ch.path)))


def successors(rules: RuleSet, state: State) -> tuple[Move, ...]:
    """The successor distribution of a non-terminal state (pure; probabilities are exact)."""
    if rules.end in state.codes:
        raise InvalidInput("the game is over in this state")
    if skips(rules, state) is not None:
        return (play(rules, state, None),)
    den = rules.denominator
    merged: dict[tuple[State, int | None], Fraction] = {}
    for faces, mult in rules.throws:
        mv = play(rules, state, faces)
        key = (mv.state, mv.winner)
        merged[key] = merged.get(key, Fraction(0)) + Fraction(mult, den)
    return tuple(Move(p, None, s, w) for (s, w), p in merged.items())


def state_from_squares(rules: RuleSet, squares: Iterable[int], to_move: int, pending: Iterable[int] = ()) -> State:
    """A state from plain squares (0-based mover); `pending` lists players whose inn skip is to come."""
    sq = list(squares)
    n = len(sq)
    if n < 2:
        raise InvalidInput(f"the game needs at least 2 players, got {n}")
    if not 0 <= to_move < n:
        raise InvalidInput(f"player to move must be between 1 and {n}")
    stand = set(rules.standable) - {rules.end}
    for s in sq:
        if s not in stand:
            raise InvalidInput(f"nobody can stand on square {s} (goose, jump, off the board or the finish)")
    codes = list(sq)
    for p in pending:
        if sq[p] not in rules.inns:
            raise InvalidInput(f"player {p + 1} is not on an inn, so no skip can be pending")
        codes[p] = pending_code(rules, sq[p])
    shared = Counter(s for s in sq if s != rules.start and s not in rules.wells)
    if any(k > 1 for k in shared.values()):
        raise InvalidInput("two players share a square that only the start and the wells allow")
    return State(to_move, tuple(codes))


__all__ = [
    "MAX_DICE", "MAX_END", "MAX_FACES", "STUDY", "STUDY_GEESE", "VARIANTS", "Chain", "Move", "RuleSet", "State",
    "chain", "check", "from_mapping", "load_toml", "pending_code", "play", "shipped", "skips", "square_of",
    "start_state", "state_from_squares", "successors", "variant",
]
