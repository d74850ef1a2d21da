"""One turn of the Game of the Goose told in words, and the board's special squares explained: what a page shows
beside the numbers. The outcome is always `rules.play`'s (the reference the solver's chain is built from); this
module only retells the chain of squares `rules.chain` visits, so the words cannot disagree with the rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from parlour.errors import InvalidInput
from parlour.games.goose.rules import RuleSet, State, chain, play, skips, square_of


@dataclass(frozen=True)
class Square:
    """A square of the board with its role ("plain", "start", "goose", "bridge", "maze", "death", "jump", "inn",
    "well", "prison", "end") and one sentence that explains it."""

    square: int
    role: str
    text: str


def _jump_role(rules: RuleSet, source: int, target: int) -> str:
    if target == rules.start:
        return "death"
    return "bridge" if target > source else "maze"


def _well_role(rules: RuleSet, square: int) -> str:
    # the study's board has two: the well (31) and the prison (52); a rule set's later wells are prisons too
    return "well" if rules.wells.index(square) == 0 else "prison"


def squares(rules: RuleSet) -> tuple[Square, ...]:
    """Every square 0..end with its role and its explanation (the board's legend, hover and focus texts)."""
    jumps = rules.jump_map
    starts = ", ".join(f"{'+'.join(map(str, f))} goes to {t}" for f, t in rules.start_jumps)
    out: list[Square] = []
    for s in range(rules.end + 1):
        if s == rules.start:
            extra = f"; a first throw of {starts}" if starts else ""
            out.append(Square(s, "start", f"Start: every piece begins here, any number of them{extra}."))
        elif s == rules.end:
            back = ("a throw that goes further walks back the extra squares" if rules.bounce
                    else "a throw that goes further is void")
            out.append(Square(s, "end", f"The end: land exactly on {s} to win; {back}."))
        elif s in rules.geese:
            out.append(Square(s, "goose", "Goose: move the same number again, in the direction you are going."))
        elif s in jumps:
            role = _jump_role(rules, s, jumps[s])
            what = {"bridge": f"Bridge: go on to {jumps[s]}.", "maze": f"Maze: lost, back to {jumps[s]}.",
                    "death": "Death: back to the start."}[role]
            out.append(Square(s, role, what))
        elif s in rules.inns:
            out.append(Square(s, "inn", "Inn: arriving here, skip your next turn."))
        elif s in rules.wells:
            role = _well_role(rules, s)
            out.append(Square(s, role, f"{role.title()}: stay here, skipping your turns, until another player "
                                       "arrives; from then on both play."))
        else:
            taken = " If another player stands where your move ends, you go back to where your turn began." \
                if rules.occupancy else ""
            out.append(Square(s, "plain", f"Square {s}.{taken}"))
    return tuple(out)


def roll(rules: RuleSet, seed: int, turn: int) -> tuple[int, ...]:
    """The throw of turn `turn` of the game `seed` (sorted faces): a pure function of both, so the server keeps no
    game and a test can replay it. Each die is drawn uniformly from its faces."""
    rng = random.Random(f"goose:{seed}:{turn}")  # str seeds hash with SHA-512: stable across versions
    return tuple(sorted(die[rng.randrange(len(die))] for die in rules.dice))


@dataclass(frozen=True)
class Turn:
    """What happened in one turn: the mover (0-based), the throw (None: a skipped turn), the squares the piece
    visited, the sentences that tell it, the position after it, and the end of the game if it came."""

    player: int
    faces: tuple[int, ...] | None
    path: tuple[int, ...]
    story: tuple[str, ...]
    after: State
    winner: int | None
    draw: bool  # nobody can ever move again (two players each alone in a well)


def stuck_for_ever(rules: RuleSet, state: State) -> bool:
    """Whether every player, whoever is to move, only skips in a well: the game can never end (a draw)."""
    return all(skips(rules, State(p, state.codes)) == "well" for p in range(state.players))


def _steps(rules: RuleSet, path: tuple[int, ...], amount: int) -> list[str]:
    """The chain of squares told step by step: the throw's move, goose repeats, bounces off the end, a jump."""
    jumps = rules.jump_map
    told: list[str] = []
    forward = True
    for i in range(1, len(path)):
        a, b = path[i - 1], path[i]
        if i > 1 and a in jumps and b == jumps[a]:
            role = _jump_role(rules, a, b)
            told.append({"bridge": f"{a} is the bridge: on to {b}.", "maze": f"{a} is the maze: back to {b}.",
                         "death": f"{a} is death: back to the start ({b})."}[role])
            continue
        lead = "Moves" if i == 1 else f"{a} is a goose: {amount} again,"
        target = a + amount if forward else a - amount
        if forward and target > rules.end:
            forward = False
            told.append(f"{lead} from {a} past {rules.end} and walks back {target - rules.end} to {b}.")
        else:
            told.append(f"{lead} from {a} to {b}.")
    return told


def take_turn(rules: RuleSet, state: State, faces: tuple[int, ...] | None) -> Turn:
    """The turn of the player to move with this throw (None when he must skip), told in words."""
    me = state.to_move
    who = f"Player {me + 1}"
    here = square_of(rules, state.codes[me])
    why = skips(rules, state)
    if why is not None:
        if faces is not None:
            raise InvalidInput(f"{who} cannot throw: he skips this turn ({why})")
        move = play(rules, state, None)
        place = "the inn" if why == "inn" else f"the {_well_role(rules, here)} ({here})"
        said = (f"{who} skips this turn at {place}; he plays again next round." if why == "inn"
                else f"{who} waits in {place} until another player arrives.")
        return Turn(me, None, (here,), (said,), move.state, None, stuck_for_ever(rules, move.state))
    if faces is None:
        raise InvalidInput(f"{who} throws this turn; there is no turn to skip")
    faces = tuple(sorted(faces))
    move = play(rules, state, faces)
    ch = chain(rules, here, faces)
    amount = sum(faces)
    story = [f"{who} throws {' + '.join(map(str, faces))} = {amount}."]
    if here == rules.start and faces in rules.start_jump_map:
        story.append(f"From the start, {'+'.join(map(str, faces))} goes straight to {ch.end}.")
    elif len(ch.path) == 1:
        story.append(f"Past {rules.end} without bouncing: the throw is void, he stays on {here}.")
    else:
        story.extend(_steps(rules, ch.path, amount))
    end_square = square_of(rules, move.state.codes[me])
    if move.winner is not None:
        story.append(f"{who} lands exactly on {rules.end} and wins!")
    elif end_square != ch.end:
        holder = next(i for i, c in enumerate(state.codes) if i != me and square_of(rules, c) == ch.end)
        story.append(f"{ch.end} is taken by player {holder + 1}: back to {here}, where the turn began.")
    elif ch.end in rules.inns and ch.end != here:
        story.append(f"{ch.end} is the inn: {who.lower()} skips his next turn.")
    elif ch.end in rules.wells and ch.end != here:
        freed = [i + 1 for i, c in enumerate(state.codes) if i != me and square_of(rules, c) == ch.end]
        role = _well_role(rules, ch.end)
        story.append(f"{ch.end} is the {role}: " + (
            f"player {', '.join(map(str, freed))} is freed, and both play on." if freed
            else "he waits there until another player arrives."))
    return Turn(me, faces, ch.path, tuple(story), move.state, move.winner,
                move.winner is None and stuck_for_ever(rules, move.state))
