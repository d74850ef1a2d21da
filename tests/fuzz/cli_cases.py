"""The command line as a fuzzer sees it: every command, the valid and fast arguments it needs to run, and for
every parameter the classes of bad values a careful tester would try (issue 14). Shared by the CLI fuzz test and
`make fuzz`."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from parlour.cli import app, main
from parlour.commands.arguments import param_kind

SCRATCH = Path(tempfile.mkdtemp(prefix="parlour-fuzz-"))
BINARY = SCRATCH / "binary.nfg"
BINARY.write_bytes(bytes(range(256)) * 8)
HUGE = SCRATCH / "huge.nfg"  # a strategy count no file could hold payoffs for
HUGE.write_text('NFG 1 R "g" { "a" "b" } { 99999999999999999999 2 }\n1 -1\n')
GAME = SCRATCH / "game.nfg"
GAME.write_text('NFG 1 R "g" { "a" "b" } { 2 2 }\n1 -1 -1 1 -1 1 1 -1\n')

RACE = SCRATCH / "race.toml"  # `parlour solve`'s quick valid game: the study's toy board, one player
RACE.write_text("end = 2\ndice = [[0, 1]]\ngeese = []\njumps = {}\ninns = []\nwells = []\nstart_jumps = {}\n"
                "occupancy = false\n")


def _game_file(name: str, text: str) -> str:
    path = SCRATCH / name
    path.write_text(text)
    return str(path)


# Malformed Gambit .nfg files (both payoff layouts): each one sentence naming the line, for `parlour solve` and
# `parlour zerosum solve`; a game that is not constant-sum is good for the first, refused by the second.
BAD_NFGS = [
    _game_file("cut.nfg", 'NFG 1 R "g" { "a" "b" }\n{ 2 2 }\n1 -1 2\n'),
    _game_file("long.nfg", 'NFG 1 R "g" { "a" "b" }\n{ 1 1 }\n1 -1 5\n'),
    _game_file("three.nfg", 'NFG 1 R "g" { "a" "b" "c" } { 1 1 1 }\n0 0 0\n'),
    _game_file("outcome.nfg", 'NFG 1 R "g" { "a" "b" }\n{ { "u" } { "l" } }\n{ { "o" 1, 2 } }\n7\n'),
    _game_file("payoffs.nfg", 'NFG 1 R "g" { "a" "b" }\n{ { "u" } { "l" } }\n{ { "o" 1 2 3 } }\n1\n'),
    _game_file("word.nfg", 'NFG 1 R "g" { "a" "b" } { 1 1 }\n1 one\n'),
    _game_file("room.nfg", 'NFG 1 R "g" { "a" "b" } { 4000 4000 }\n1 -1\n'),
    _game_file("quote.nfg", 'NFG 1 R "g { "a" "b" } { 1 1 }\n1 -1\n'),
]
GENERAL_NFG = _game_file("general.nfg", 'NFG 1 R "g" { "a" "b" } { 2 2 }\n3 2 0 0 0 0 2 3\n')

# `parlour review`'s quick valid record (a 2-pair Memory game not begun) and records it must refuse in one sentence.
RECORD = _game_file("record.json", '{"parlour_record": 1, "game": "memory", "settings": {"pairs": 2, "first": "you"}, '
                    '"moves": []}')
BAD_RECORDS = [
    _game_file("not-a-record.json", '{"game": "memory"}'),
    _game_file("bad-move.json", '{"parlour_record": 1, "game": "guess", "settings": {"n": 5, "mode": "guess"}, '
               '"moves": [{"by": "you", "guess": 9}]}'),
    "http://127.0.0.1:8000/memory/#record=!!!",
]

_HEAD = "from fractions import Fraction\nfrom parlour.toolkit import Chance, End, Turn\n"
# Malformed games for `parlour solve` (docs/your-game.md): each must be one sentence naming the line or the state.
BAD_GAMES = [
    _game_file("syntax.py", "START = (\n"),
    _game_file("raises.py", "x = 1 / 0\n"),
    _game_file("nothing.py", "A = 1\n"),
    _game_file("weights.py", _HEAD + "START = 0\ndef moves(s): return (('go',), ())\n"
               "def play(s, a, b): return Chance({1: Fraction(1, 2), 2: Fraction(1, 3)})\n"),
    _game_file("payoff.py", _HEAD + "START = 0\ndef moves(s): return (('go',), ())\n"
               "def play(s, a, b): return End(5)\n"),
    _game_file("unknown.py", _HEAD + "START = 0\nSTATES = {0, 1}\ndef moves(s): return (('go',), ())\n"
               "def play(s, a, b): return s + 1\n"),
    _game_file("unhashable.py", _HEAD + "START = 0\ndef moves(s): return (('go',), ())\n"
               "def play(s, a, b): return [s]\n"),
    _game_file("crash.py", _HEAD + "START = 0\ndef moves(s): return (('go',), ())\n"
               "def play(s, a, b): return {}['x']\n"),
    _game_file("nomoves.py", _HEAD + "START = 0\ndef moves(s): return ((), ())\ndef play(s, a, b): return End(0)\n"),
    _game_file("tree_recall.py", _HEAD + "ROOT = ()\ndef node(h):\n    if not h: return Turn(1, 'a', ('x', 'y'))\n"
               "    if len(h) == 1: return Turn(1, 'b', ('u',))\n    return End(0)\n"),
    _game_file("tree_bad.py", _HEAD + "ROOT = ()\ndef node(h): return 42\n"),
    _game_file("tree_weights.py", _HEAD + "ROOT = ()\ndef node(h):\n"
               "    if not h: return Chance({'a': 0.5, 'b': 0.25})\n    return End(0)\n"),
    _game_file("race_bad.toml", "end = 100\njumps = { 5 = 500 }\n"),
    _game_file("race_keys.toml", "board = 3\n"),
    _game_file("game.txt", "hello\n"),
    _game_file("cut.efg", 'EFG 2 R "g" { "A" "B" }\np "" 1 1 "x" { "a" "b" } 0\nt "" 1 "o" { 1 -1 }\n'),
    _game_file("general.efg", 'EFG 2 R "g" { "A" "B" }\np "" 1 1 "x" { "a" "b" } 0\nt "" 1 "o" { 1 -1 }\n'
               't "" 2 "p" { 1 1 }\n'),
    *BAD_NFGS,
]

# What each command needs to run quickly when nothing is wrong; a bad value replaces one of these or is added.
BASE: dict[str, list[str]] = {
    "reproduce": ["--only", "no-such-claim", "--out", str(SCRATCH / "report")],
    "serve": ["--port", "0"],  # never reached: every case below makes it refuse before it listens
    "zerosum solve": [str(GAME)],
    "solve": [str(RACE), "--players", "1"],
    "review": [str(RECORD)],
    "cowtrade solve": ["--money1", "10", "--money3", "20"],
    "cowtrade endgame": ["--money1", "2", "--money2", "3"],
    "cowtrade quartets": ["--money1", "3", "--money2", "2", "--plays", "1"],
    "cowtrade security": ["--set-size", "3", "--animals", "1,1,1", "--money1", "1", "--money2", "0", "--money3", "0",
                          "--study"],
    "goose solve": ["--tol", "1e-3"],
    "goose simulate": ["--games", "100"],
    "goose plot": ["-o", str(SCRATCH / "fig.svg")],
    "goose states": [],
    "guess solve": ["5"],
    "guess sweep": ["--from", "1", "--to", "3", "--db", str(SCRATCH / "s.sqlite"), "--workers", "0"],
    "guess plot": ["--db", str(SCRATCH / "s.sqlite"), "--out", str(SCRATCH / "p.svg")],
    "guess value": ["5"],
    "guess verify": ["5"],
    "guess tabulate": ["--db", str(SCRATCH / "s.sqlite"), "--into", str(SCRATCH / "t.csv")],
    "guess export": ["--out", str(SCRATCH / "export")],
    "memory solve": ["3"],
    "memory table": ["3"],
    "memory state": ["3", "0", "0"],
    "memory tactics": [],
    "memory simulate": ["3", "--games", "10"],
    "winorlose chance": ["--hand", "3,4", "--table", "0,1,2,5,6"],
    "winorlose table": ["--rounds", "2", "--games", "10"],
    "winorlose play": ["--rounds", "2"],
}

INT_BAD = ["", "abc", "1.5", "³", "١٢", "99999999999999999999", "-99999999999999999999", "-1", "0x10", " "]
FLOAT_BAD = ["", "abc", "nan", "inf", "-1", "1e400", "³", "0"]
TEXT_BAD = ["", ",", "1,,2", "a,b", "³,4", "٣", "9" * 30, "1," * 5000, "\x00", "-"]
IN_PATH_BAD = ["/nonexistent/x.toml", str(SCRATCH), str(BINARY), str(HUGE)]
OUT_PATH_BAD = ["/nonexistent/folder/out.svg", "/proc/parlour-cannot-write/out.svg", str(SCRATCH / "binary.nfg" / "x")]


@dataclass(frozen=True)
class Param:
    command: str
    name: str
    flag: str | None  # None for a positional argument
    position: int  # index among the positional arguments
    kind: str  # int, float, text, in-path, out-path, choice, flag

    def bad_values(self) -> list[str]:
        allowed = ALLOWED.get((self.command, self.name), set())
        return [v for v in self._bad_values() + EXTRA_BAD.get((self.command, self.name), []) if v not in allowed]

    def _bad_values(self) -> list[str]:
        return {
            "int": INT_BAD,
            "float": FLOAT_BAD,
            "text": TEXT_BAD,
            "in-path": IN_PATH_BAD,
            "out-path": OUT_PATH_BAD,
            "choice": ["", "bogus", "³", "x" * 200],
        }.get(self.kind, [])


OUTPUTS = {"--out", "-o", "--output", "--nfg", "--checkpoint", "--into", "--db", "--write-efg"}
# Free text that any value is right for (a claim prefix selects nothing, a host name is looked up when serving).
FREE = {("reproduce", "only"), ("serve", "host")}
# Values of the bad classes that are right for one parameter: no scheduler address means a local cluster; "-" is
# standard input for a record.
ALLOWED = {("goose solve", "scheduler"): {""}, ("guess sweep", "scheduler"): {""}, ("review", "record"): {"-"}}
# Bad values beyond the classes, for one parameter: malformed game files for `parlour solve`.
EXTRA_BAD = {("solve", "game"): BAD_GAMES, ("review", "record"): BAD_RECORDS,
             ("zerosum solve", "game"): [*BAD_NFGS, GENERAL_NFG]}


def _kind(param: Any, flag: str | None) -> str:
    kind = param_kind(param)
    if kind == "path":
        return "out-path" if flag in OUTPUTS else "in-path"
    return kind


def params() -> list[Param]:
    out: list[Param] = []
    root = typer.main.get_command(app)

    def walk(cmd: Any, path: list[str]) -> None:
        if hasattr(cmd, "commands"):  # a group; the root loads its groups on request
            for name in cmd.list_commands(None):
                walk(cmd.get_command(None, name), [*path, name])
            return
        position = 0
        for p in cmd.params:
            flag = None if p.param_type_name == "argument" else p.opts[0]
            kind = _kind(p, flag)
            command = " ".join(path)
            if (command, p.name) not in FREE and kind != "flag":
                out.append(Param(command, p.name, flag, position, kind))
            if flag is None:
                position += 1

    walk(root, [])
    return out


def argv(param: Param, value: str) -> list[str]:
    """The command's base arguments with `value` put where `param` goes."""
    base = list(BASE[param.command])
    if param.flag is None:
        positional = [i for i, a in enumerate(base) if not a.startswith("-")]
        # positional arguments come first in every BASE entry
        if param.position < len(positional):
            base[positional[param.position]] = value
        else:
            base.append(value)
        return [*param.command.split(), *base]
    if param.flag in base:
        i = base.index(param.flag)
        base[i + 1] = value
    else:
        base += [param.flag, value]
    return [*param.command.split(), *base]


@dataclass(frozen=True)
class Outcome:
    code: int
    stdout: str
    stderr: str
    seconds: float


class Overtime(Exception):
    pass


def run(args: list[str], limit: float = 20.0) -> Outcome:
    """`parlour ARGS` in this process, with stdout/stderr captured and a time limit (SIGALRM)."""
    out, err = io.StringIO(), io.StringIO()

    def _alarm(signum: int, frame: Any) -> None:
        raise Overtime(f"parlour {' '.join(args)[:200]} ran past {limit} s")

    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, limit)
    began = time.perf_counter()
    code = 0
    env_ci = os.environ.get("CI")
    os.environ["CI"] = "true"  # no progress bars
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main(args)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        if env_ci is None:
            os.environ.pop("CI", None)
    return Outcome(code, out.getvalue(), err.getvalue(), time.perf_counter() - began)


def verdict(outcome: Outcome) -> str:
    """'' when the command refused properly: exit 2, one short sentence on stderr, no traceback."""
    if outcome.code != 2:
        return f"exit {outcome.code}"
    if "Traceback" in outcome.stderr or "Traceback" in outcome.stdout:
        return "traceback"
    if not outcome.stderr.strip():
        return "no message"
    if len(outcome.stderr) > 2000 and "Usage:" not in outcome.stderr:
        return f"message of {len(outcome.stderr)} characters"
    return ""


if __name__ == "__main__":
    bad = 0
    for p in params():
        for v in p.bad_values():
            args = argv(p, v)
            try:
                o = run(args)
            except Overtime as exc:
                print(f"HANG  {exc}")
                bad += 1
                continue
            except BaseException as exc:  # an exception main() let through
                print(f"RAISE {' '.join(args)[:120]!r}: {type(exc).__name__}: {str(exc)[:100]}")
                bad += 1
                continue
            why = verdict(o)
            if why:
                bad += 1
                print(f"BAD   {why:>10} {o.seconds:5.1f}s  {' '.join(args)[:120]!r}  {o.stderr.strip()[-150:]!r}")
    print(f"{bad} bad", file=sys.stderr)
