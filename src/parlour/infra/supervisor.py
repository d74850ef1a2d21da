"""Ctrl-C within a second, whatever the command is doing.

A command runs in a child process; the parent only waits. Ctrl-C first asks the child to stop (it saves its
checkpoint and exits 130, as it always did); if the child is still running GRACE_S later (inside a numba
compile, a HiGHS call, a compiled kernel, or slow because the machine is busy) the parent kills it and
everything it started, and says "interrupted" itself. So no piece of work has to be able to hear the signal
for the command to stop on time, and a checkpoint is never left half written: checkpoints are written to a
temporary file and renamed (infra.storage), so a kill leaves the previous one.

The terminal sends Ctrl-C to the parent and the child alike (they share the foreground process group); a
`kill -INT` reaches the parent alone, which then passes it on. The parent tells the two apart by the
signal's origin (si_code), so the child never counts one press twice: a second press kills at once.

Not supervised: in-process calls of `parlour.cli.main(argv)` (tests, notebooks), systems without fork, and
runs with PARLOUR_SUPERVISE=0 (a debugger, a profiler).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from pathlib import Path

GRACE_S = 0.6  # the child's time to stop by itself after Ctrl-C; the rest of the second is the kill's
INTERRUPTED = 130  # the shell's code for a command stopped by SIGINT
SI_KERNEL = 0x80  # siginfo's si_code of a signal the kernel sent: the terminal's Ctrl-C (kill(2) gives 0)
WATCHED = frozenset({signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGCHLD})

_notes: int | None = None  # in the child: the pipe through which it names its checkpoint to the parent


def supervised() -> bool:
    """Whether this process is a supervised child (its parent reports an interrupt)."""
    return _notes is not None


def note_checkpoint(path: str) -> None:
    """Tell the parent where the command saves its work, for the line it prints if it has to kill."""
    if _notes is not None:
        with contextlib.suppress(OSError):  # the parent is gone: nobody to tell
            os.write(_notes, (path.replace("\n", " ") + "\n").encode())


def start() -> None:
    """Fork: return in the child, which runs the command; the parent waits and exits with its code."""
    global _notes
    if not hasattr(os, "fork") or os.environ.get("PARLOUR_SUPERVISE", "1") == "0":
        return
    notes_in, notes_out = os.pipe()
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, WATCHED)  # before fork: no signal is missed
    pid = os.fork()
    if pid == 0:
        os.close(notes_in)
        _notes = notes_out
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        return
    os.close(notes_out)
    os._exit(_wait(pid, notes_in))


def _wait(pid: int, notes: int) -> int:
    deadline: float | None = None
    stopped_by = 0  # the signal the parent passed on, whose code it gives when it must kill
    while True:
        info: signal.struct_siginfo | None
        if deadline is None:
            info = signal.sigwaitinfo(WATCHED)
        else:
            info = signal.sigtimedwait(WATCHED, max(0.0, deadline - time.monotonic()))
        if info is None:  # the child did not stop in time
            return _kill(pid, notes, stopped_by)
        if info.si_signo == signal.SIGCHLD:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done == pid:
                code = os.waitstatus_to_exitcode(status)
                code = 128 - code if code < 0 else code  # killed by signal N: 128 + N, as a shell says
                if code == INTERRUPTED:
                    _say_interrupted(notes)
                return code
            continue
        if deadline is not None and info.si_signo == signal.SIGINT:  # pressed again: the user means it
            return _kill(pid, notes, signal.SIGINT)
        if not (info.si_signo == signal.SIGINT and info.si_code == SI_KERNEL):  # the child did not get it
            _send(pid, info.si_signo)
        stopped_by = stopped_by or info.si_signo
        deadline = deadline or time.monotonic() + GRACE_S


def _send(pid: int, signo: int) -> None:
    with contextlib.suppress(ProcessLookupError):  # already gone
        os.kill(pid, signo)


def _kill(pid: int, notes: int, signo: int) -> int:
    """Kill the child and every process it started (page workers, a local Dask cluster), then report."""
    for victim in [pid, *_descendants(pid)]:
        _send(victim, signal.SIGKILL)
    os.waitpid(pid, 0)
    if signo == signal.SIGINT:
        _say_interrupted(notes)
        return INTERRUPTED
    return 128 + signo


def _descendants(pid: int) -> list[int]:
    """The processes below `pid`, from Linux's /proc (elsewhere: none, and only the child is killed)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            # "pid (name) state ppid ...": the name may hold spaces and parentheses, so read after the last ")"
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    found: list[int] = []
    todo = [pid]
    while todo:
        below = children.get(todo.pop(), [])
        found.extend(below)
        todo.extend(below)
    return found


def _say_interrupted(notes: int) -> None:
    """The one line of an interrupted command, naming the checkpoint a rerun resumes from."""
    where = ""
    os.set_blocking(notes, False)
    try:
        while chunk := os.read(notes, 65536):
            lines = chunk.decode(errors="replace").splitlines()
            where = lines[-1] if lines else where
    except (BlockingIOError, OSError):
        pass
    if sys.stderr.isatty():  # a killed progress bar leaves the cursor hidden
        sys.stderr.write("\x1b[?25h\r\x1b[K")
    sys.stderr.write(interrupted_line(where) + "\n")
    sys.stderr.flush()


def interrupted_line(checkpoint: str) -> str:
    return f"interrupted; checkpoint at {checkpoint} (rerun the command to resume)" if checkpoint else "interrupted"


__all__ = [
    "GRACE_S", "INTERRUPTED", "SI_KERNEL", "WATCHED", "interrupted_line", "note_checkpoint", "start", "supervised",
]
