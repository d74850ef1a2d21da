"""Ctrl-C during compiled work. A SIGINT that arrives while numba's threads run can surface as a
SystemError from inside the compiled call, or be noticed only when a long call returns. Work that runs in
compiled blocks therefore runs `deferred()`: inside, SIGINT only sets a flag, and the loop calls `check()`
between blocks, which raises KeyboardInterrupt there, cleanly; a second Ctrl-C stops at once."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

_flag = threading.Event()


def check() -> None:
    """Raise KeyboardInterrupt if Ctrl-C was pressed since the deferred section began."""
    if _flag.is_set():
        _flag.clear()
        raise KeyboardInterrupt


@contextmanager
def deferred() -> Iterator[Callable[[], None]]:
    """A section in which Ctrl-C waits for the next `check()` (yielded); outside the main thread, or where
    SIGINT is ignored, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield check
        return
    previous = signal.getsignal(signal.SIGINT)
    if previous is signal.SIG_IGN:
        yield check
        return

    def _note(signum: int, frame: FrameType | None) -> None:
        if _flag.is_set():  # the second Ctrl-C: the user means it
            os._exit(130)
        _flag.set()

    _flag.clear()
    signal.signal(signal.SIGINT, _note)
    try:
        yield check
        check()
    finally:
        signal.signal(signal.SIGINT, previous)
        _flag.clear()


RETRY_S = 0.05


def _inside_numba(frame: FrameType | None) -> bool:
    while frame is not None:
        if "/numba/" in frame.f_code.co_filename:
            return True
        frame = frame.f_back
    return False


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C as KeyboardInterrupt, except while Python code of numba's runs (typing or dispatching a
    compiled call, from C): an exception raised there crashed the process (a segmentation fault, seen
    building the 4-player chain), so the signal is sent again a moment later, when that code is done."""
    if _inside_numba(frame):
        threading.Timer(RETRY_S, os.kill, (os.getpid(), signal.SIGINT)).start()
        return
    raise KeyboardInterrupt


def install() -> None:
    """Ctrl-C for a command's run: `_on_sigint`, where SIGINT is not ignored (a background job)."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, _on_sigint)


__all__ = ["RETRY_S", "check", "deferred", "install"]
