"""What the end game's two keyboard tests share: the page opened with the computer's draws seeded (the same
game every run), and a whole game played by keyboard alone: Start, then per trade Space (the focused first card),
Tab (to the offer), Enter."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

IDLE = "!document.body.classList.contains('busy')"
FOCUSED_CARD = "document.activeElement.matches('#eg-hand1 button.eg-card')"
IN_VIEW = ("(() => { const r = document.activeElement.getBoundingClientRect();"
           " return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; })()")


def _seeded(route: Any) -> None:
    """The computer's draws from seed 0 (the API's own `seed`)."""
    body = json.loads(route.request.post_data or "{}")
    body["seed"] = 0
    route.continue_(post_data=json.dumps(body))


@contextmanager
def seeded_endgame(page: Any, server: str) -> Iterator[None]:
    """The end game's page at its own start, its board shown and the page idle, the computer's draws seeded
    until the block ends."""
    page.route("**/cowtrade/api/endgame/*", _seeded)
    try:
        page.goto(server + "/cowtrade/endgame")
        page.wait_for_selector("#eg-board:not([hidden])")
        page.wait_for_function(IDLE)  # a busy page's controls are disabled, and a disabled button takes no focus
        yield
    finally:
        page.unroute("**/cowtrade/api/endgame/*")


def play_by_keyboard(page: Any, after_trade: Callable[[int], None], most: int = 7) -> tuple[int, int]:
    """Start, then trades by Space, Tab, Enter until the result shows (at most `most` trades); after each trade
    the focus is on the hand or on Play again, and `after_trade(trades so far)` looks at the page. Returns the
    trades and the keys pressed."""
    page.focus("#eg-start")
    keys = 0

    def press(key: str) -> None:
        nonlocal keys
        keys += 1
        page.keyboard.press(key)

    press("Enter")
    page.wait_for_function(FOCUSED_CARD)
    trades = 0
    while not page.is_visible("#eg-result"):
        assert trades < most, "the seeded game did not end"
        press("Space")
        press("Tab")
        assert page.evaluate("document.activeElement.id") == "eg-offer"
        press("Enter")
        trades += 1
        page.wait_for_function(f"{IDLE} && ({FOCUSED_CARD} || document.activeElement.id === 'eg-again')")
        after_trade(trades)
    return trades, keys
