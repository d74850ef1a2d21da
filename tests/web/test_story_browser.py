"""The game's story on every game page, in Debian's chromium (issue 36 items 2-4): a scripted game ends with
the chart showing one point per move and an ending that names the winner (or the score) and the costliest
move; motion is off under prefers-reduced-motion and never holds up the next move; every page opens with its
one idea and its terms explain themselves by keyboard; no console error in a whole game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

pytestmark = pytest.mark.browser

IDLE = "!document.body.classList.contains('busy')"
PAGES = ["goose", "memory", "guess", "winorlose", "cowtrade", "cowtrade/endgame"]


@pytest.fixture(scope="module", autouse=True)
def goose_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The Goose tests' cache folder: the 2-player chain they solved is read back, not solved again."""
    mp = pytest.MonkeyPatch()
    mp.setenv("PARLOUR_CACHE", str(tmp_path_factory.getbasetemp() / "goose-cache"))
    yield
    mp.undo()


@pytest.fixture()
def pg(page: Any) -> Iterator[Any]:
    """The shared page with its console errors collected, at a desktop width, motion as the system says."""
    errors: list[str] = []

    def seen(msg: Any) -> None:
        if msg.type == "error":
            errors.append(msg.text)

    page.on("console", seen)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.emulate_media(reduced_motion="no-preference")
    page.errors = errors
    yield page
    page.remove_listener("console", seen)


def idle(page: Any, timeout: float = 120_000) -> None:
    page.wait_for_function(IDLE, timeout=timeout)


def story_points(page: Any, box: str) -> list[int]:
    """How many points each line of the chart in `box` has."""
    count = "gs => gs.map(g => g.querySelectorAll('circle').length)"
    return page.eval_on_selector_all(f"{box} .story-chart g.pts", count)


def ending(page: Any, box: str) -> str:
    page.wait_for_selector(f"{box} .story-end:not([hidden])")
    return page.text_content(f"{box} .story-end") or ""


def costliest_named(page: Any, box: str, text: str, moves: int) -> None:
    m = re.search(r"costliest move: move (\d+)", text)
    assert m or "No move lost anything" in text, text
    if m:
        assert 1 <= int(m.group(1)) <= moves
    # the warning colour only for a move that lost something
    assert page.locator(f"{box} .story-costliest").count() == (1 if m else 0)


# ---- a whole game per page: one point per move, and the ending ---------------------------------------------


def test_goose_story(pg: Any, server: str) -> None:
    pg.goto(server + "/goose/?seed=3")  # the server's dice from seed 3: this game takes 5 moves
    pg.wait_for_selector("#chances td.pwin", timeout=120_000)
    idle(pg)
    # near the end, so that the game is short: both pieces placed by hand
    pg.click("#place summary")
    pg.fill("#place-squares", "56,57")
    pg.click("#place-set")
    idle(pg)
    assert story_points(pg, "#story") == [1, 1]
    moves = 0
    while not pg.is_disabled("#roll") and moves < 300:
        pg.click("#roll")
        idle(pg)
        moves += 1
    assert moves >= 2 and story_points(pg, "#story") == [moves + 1, moves + 1]
    text = ending(pg, "#story")
    assert re.search(r"Player [12] wins after \d+ moves|A draw", text), text
    assert "At the start the exact analysis gave" in text
    assert "Luck only" in text and "costliest" not in text  # nobody decides in the Goose: no move is blamed
    assert pg.locator("#story .story-table tbody tr:not(.said-below)").count() == moves + 1  # one row per point
    assert pg.errors == []


def test_memory_story(pg: Any, server: str) -> None:
    pg.goto(server + "/memory/")
    pg.wait_for_selector("#board button.card")
    idle(pg)
    pg.fill("#pairs", "4")
    pg.click("#new")
    idle(pg)
    for _ in range(100):
        if pg.is_visible("#ending"):
            break
        best = pg.locator("#board button.card.best:not([disabled])")
        (best.first if best.count() else pg.locator("#board button.card:not([disabled])").first).click()
        idle(pg)
    turns = pg.locator("#log li").count()
    assert turns >= 4 and story_points(pg, "#story") == [turns + 1, turns + 1]
    text = ending(pg, "#story")
    assert re.search(r"(You win|The computer wins|A draw).* You \d.* the computer \d", text), text
    assert "From the deal, optimal play expected" in text
    costliest_named(pg, "#story", text, turns)
    # at the end, each pair taken shows its face and who took it
    taken = pg.locator("#board button.card.taken")
    assert taken.count() == pg.locator("#board .card.taken.by-you, #board .card.taken.by-computer").count()
    assert all((c.text_content() or "").strip() for c in taken.all())
    assert pg.errors == []


def test_winorlose_story(pg: Any, server: str) -> None:
    pg.goto(server + "/winorlose/")
    pg.wait_for_selector("#deal")
    idle(pg)
    rounds = 0
    while not pg.is_visible("#you-ending") and rounds < 30:
        pg.click("#deal")
        idle(pg)
        pg.click("#predict-win" if rounds % 3 else "#predict-lose")
        idle(pg)
        rounds += 1
    assert rounds >= 5 and story_points(pg, "#you-story") == [rounds + 1] * 3
    text = ending(pg, "#you-story")
    assert re.search(r"(You win the game by|wins the game by|The game is a draw).* You -?\d+, .* -?\d+\.", text), text
    assert "Calling by the odds every round would have expected" in text
    costliest_named(pg, "#you-story", text, rounds)
    assert pg.errors == []


def endgame_start(pg: Any, server: str) -> None:
    """A small end game (a few hundred states, solved in a moment): two animals each, little money."""
    pg.goto(server + "/cowtrade/endgame")
    pg.select_option("#eg-animals", "2")
    pg.fill("#eg-cards1", "0,10,10,50")
    pg.fill("#eg-cards2", "10,10,50")
    pg.click("#eg-start")
    idle(pg)


def test_cowtrade_endgame_story(pg: Any, server: str) -> None:
    endgame_start(pg, server)
    trades = 0
    while not pg.is_visible("#eg-result") and trades < 60:
        if pg.is_visible("#eg-accept") and trades % 2:
            pg.click("#eg-accept")
        else:
            pg.locator("#eg-hand1 button.eg-card").first.click()
            pg.click("#eg-offer")
        idle(pg)
        trades += 1
    assert trades >= 1 and story_points(pg, "#eg-tale") == [trades + 1]
    text = ending(pg, "#eg-tale")
    assert re.search(r"(You complete|The computer completes) the set after \d+ trades?\. You end with \d+", text), text
    assert "Optimal play from the start" in text
    costliest_named(pg, "#eg-tale", text, trades)
    assert pg.errors == []


@pytest.mark.parametrize("mode", ["guess", "hide"])
def test_guess_story(pg: Any, server: str, mode: str) -> None:
    pg.goto(server + "/guess/")
    pg.fill("#n", "20")
    pg.check(f"input[name=mode][value={mode}]")
    pg.click("#new-game")
    idle(pg)
    moves, low, high, hidden = 0, 1, 20, 7
    while not pg.is_visible("#again") and moves < 25:
        if mode == "guess":
            pg.fill("#guess", str((low + high) // 2))
            pg.click("#guess-button")
            idle(pg)
            m = re.search(r"Still possible: (\d+)(?: to (\d+))?", pg.text_content("#possible") or "")
            if m:
                low, high = int(m.group(1)), int(m.group(2) or m.group(1))
        else:
            bob = int(pg.text_content("#bob-guess") or 0)
            pg.click("#answer-" + ("correct" if bob == hidden else "higher" if hidden > bob else "lower"))
            idle(pg)
        moves += 1
    # one point per move (each guess and each answer: a guess's loss is a step of its own); guessing, a second
    # line adds to V(N) only the guesses' losses
    plies = 2 * moves + 1
    assert moves >= 1 and story_points(pg, "#guess-story") == ([plies, plies] if mode == "guess" else [plies])
    text = ending(pg, "#guess-story")
    assert re.search(r"(You found Alice's|Bob found your) \d+ in \d+ guess(es)?", text), text
    assert "Optimal play on both sides expects V(20) =" in text
    costliest_named(pg, "#guess-story", text, 2 * moves)
    assert pg.errors == []


# ---- motion: short, off under reduced motion, never in the way of the next move ---------------------------

ROLL_AND_READ = """async () => {
  const busy = () => document.body.classList.contains('busy');
  const idle = async () => { while (busy()) await new Promise(r => setTimeout(r, 2)); };
  document.getElementById('roll').click();
  await idle();
  const first = document.getAnimations();
  const running = first.filter(a => a.playState === 'running').length;
  const longest = Math.max(0, ...first.map(a => a.effect.getComputedTiming().duration));
  document.getElementById('roll').click();  // a second move while the first one's motion runs
  const finishedAtOnce = first.every(a => a.playState === 'finished' || a.playState === 'idle');
  await idle();
  return { running, longest, finishedAtOnce, moves: document.getElementById('log').children.length };
}"""


def goose_near_the_start(pg: Any, server: str) -> None:
    pg.goto(server + "/goose/")
    pg.wait_for_selector("#chances td.pwin", timeout=120_000)
    idle(pg)
    pg.click("#new-game")
    idle(pg)


def test_pieces_walk_briefly_and_a_new_move_does_not_wait(pg: Any, server: str) -> None:
    goose_near_the_start(pg, server)
    seen = pg.evaluate(ROLL_AND_READ)
    assert seen["running"] >= 1, seen  # the piece walks (and the dice roll)
    assert 0 < seen["longest"] <= 400, seen
    assert seen["finishedAtOnce"], seen
    assert seen["moves"] == 2, seen  # the second roll was taken at once
    assert pg.errors == []


def test_reduced_motion_turns_every_animation_off(pg: Any, server: str) -> None:
    pg.emulate_media(reduced_motion="reduce")
    goose_near_the_start(pg, server)
    seen = pg.evaluate(ROLL_AND_READ)
    assert seen["running"] == 0 and seen["moves"] == 2, seen
    assert pg.evaluate("document.getAnimations().length") == 0
    # a Memory card turned, and a cow-trade end game's money changing hands: nothing moves either
    pg.goto(server + "/memory/")
    pg.wait_for_selector("#board button.card")
    idle(pg)
    pg.locator("#board button.card:not([disabled])").first.click()
    idle(pg)
    assert pg.evaluate("document.getAnimations().length") == 0
    endgame_start(pg, server)
    pg.locator("#eg-hand1 button.eg-card").first.click()
    pg.click("#eg-offer")
    idle(pg)
    assert pg.evaluate("document.getAnimations().length") == 0
    assert pg.errors == []


# ---- say it where it happens: the page's one idea, and every term explained -------------------------------

TERMS = {
    "goose": ["exact fraction", "certified interval", "P(wins)"],
    "memory": ["a state ⟨k, B, P⟩", "a value", "a tactic", "stalemate"],
    "guess": ["a mixed strategy", "certified", "V(N)", "a search tree"],
    "winorlose": ["the tie rule", "the win chance", "By the odds"],
    "cowtrade": ["the value", "inspection game", "dominated bids", "certified"],
    "cowtrade/endgame": ["the value", "an optimal strategy", "what knowing is worth"],
}


@pytest.mark.parametrize("name", PAGES)
def test_each_page_opens_with_its_idea_and_explains_its_terms(pg: Any, server: str, name: str) -> None:
    pg.goto(server + f"/{name}" + ("" if "/" in name else "/"))
    pg.wait_for_selector("h1 + p.idea")
    pg.wait_for_load_state("networkidle")
    idle(pg)  # a job's placeholder (the Goose's first solve) holds some panels until it is done
    idea = (pg.text_content("h1 + p.idea") or "").strip()
    assert 30 < len(idea) < 200 and idea.endswith(".") and ". " not in idea[:-1], idea  # one sentence
    buttons = pg.locator("button.term-q")
    names = [(b.get_attribute("aria-label") or "") for b in buttons.all()]
    for term in TERMS[name]:
        assert f"what is {term}?" in names, (term, names)
    for b in buttons.all():
        tip = pg.locator("#" + (b.get_attribute("aria-describedby") or "none"))
        assert len((tip.text_content() or "").strip()) > 20  # a sentence, heard with the button
        if not b.is_visible():
            continue  # inside a closed panel (a phone's clamped introduction, say)
        b.focus()  # by keyboard: focus shows it, Escape hides it
        assert tip.is_visible()
        pg.keyboard.press("Escape")
        assert tip.is_hidden()
        b.click()  # by touch: a tap shows it, another hides it
        assert tip.is_visible() and b.get_attribute("aria-expanded") == "true"
        b.click()
        assert tip.is_hidden()
    assert pg.errors == []


@pytest.mark.parametrize("name", ["memory", "guess"])
def test_no_serious_violation_at_a_games_end(pg: Any, server: str, name: str) -> None:
    axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-playwright-python is not installed")
    if name == "memory":
        test_memory_story(pg, server)
        box = "#story"
    else:
        test_guess_story(pg, server, "hide")
        box = "#guess-story"
    pg.click(f"{box} .story-table summary")  # the table of the story open too
    found = axe.Axe().run(pg).response.get("violations", [])
    assert [v["id"] for v in found if v.get("impact") in ("serious", "critical")] == []
