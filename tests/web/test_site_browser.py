"""The site's one look, in a real browser: the home grid leaves no hole at any width, every game has its
picture, motion stops under prefers-reduced-motion, and the shared number helpers say long values for people."""

from __future__ import annotations

from fractions import Fraction

import pytest

pytestmark = pytest.mark.browser

GAMES = ("cowtrade", "goose", "guess", "memory", "winorlose")


@pytest.mark.parametrize("width", [390, 640, 900, 1100, 1280, 1700])
def test_the_home_grid_has_no_hole_at_any_width(page, server, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(server + "/")
    boxes = page.evaluate("""() => {
        const grid = document.querySelector('.cards-grid').getBoundingClientRect();
        return {right: grid.right, cards: [...document.querySelectorAll('.game-card')].map(c => {
            const r = c.getBoundingClientRect(); return [r.top, r.right]; })};
    }""")
    rows: dict[int, float] = {}
    for top, right in boxes["cards"]:
        rows[round(top)] = max(rows.get(round(top), 0.0), right)
    assert len(boxes["cards"]) == len(GAMES)
    for right in rows.values():  # every row, the last one included, reaches the grid's right edge
        assert abs(right - boxes["right"]) < 2
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_every_game_has_its_picture_on_the_home_page_and_its_own(page, server):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server + "/")
    loaded = "(sel) => { const i = document.querySelector(sel); return i.complete && i.naturalWidth > 0; }"
    for name in GAMES:
        assert page.evaluate(loaded, f"#card-{name} img.picture"), name
    for name in GAMES:
        page.goto(server + f"/{name}/")
        assert page.evaluate(loaded, "img.game-picture"), name


def test_dice_and_cards_keep_still_under_reduced_motion(page, server):
    page.goto(server + "/winorlose/")
    probe = ("(() => { const s = document.createElement('span'); s.className = 'rolling'; document.body.append(s);"
             " const a = getComputedStyle(s).animationName; s.remove(); return a; })()")
    page.emulate_media(reduced_motion="no-preference")
    assert page.evaluate(probe) == "roll"
    page.emulate_media(reduced_motion="reduce")
    try:
        assert page.evaluate(probe) == "none"
    finally:
        page.emulate_media(reduced_motion="no-preference")


def test_a_long_fraction_shows_as_a_decimal_with_the_fraction_one_click_away(page, server):
    page.goto(server + "/")
    value = Fraction(10**40 + 7, 3 * 10**39 + 1)
    node = page.evaluate(f"""(() => {{ const n = parlour.exactNode('{value}');
        return [n.tagName, n.querySelector('summary').textContent, n.querySelector('.exact').textContent]; }})()""")
    assert node[0] == "DETAILS"
    assert float(node[1].removeprefix("≈ ")) == pytest.approx(float(value), rel=1e-9)
    assert node[2].startswith(str(value))
    short = page.evaluate("parlour.exactNode('296/51').textContent")
    assert short == "296/51"


@pytest.mark.parametrize(("lo", "hi", "said"), [
    (0.393612, 0.393614, "39.3613 ± 0.0001 %"),
    (0.25, 0.35, "30 ± 5 %"),
    (0.0038, 0.0040, "0.39 ± 0.01 %"),
])
def test_an_interval_is_said_as_value_plus_minus_its_certain_digits(page, server, lo, hi, said):
    page.goto(server + "/")
    assert page.evaluate(f"parlour.intervalText({lo}, {hi}, 100, ' %')") == said


def test_while_a_job_runs_the_chances_say_so_and_cancel_stops_it(page, server, tmp_path):
    """The Goose page waiting on a solve: the chances panel shows what is computed (not the old numbers) and
    its Cancel button stops the job on the server (a stand-in job here: the real 4-player solve takes a
    minute)."""
    import functools
    import json
    import time

    from jobworks import steps as stepping

    from parlour.web.jobs import jobs

    log = tmp_path / "sweeps.log"

    def steps() -> list[str]:
        return log.read_text().split() if log.exists() else []

    key = f"browser-cancel-{time.monotonic_ns()}"
    jobs.submit(key, functools.partial(stepping, str(log), 100_000, word="sweep"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server + "/goose/")
    page.wait_for_selector("#chances td.pwin")
    reply = json.dumps({"ready": False, "players": 4, "rules": "study", "job": key, "expect": "about a minute"})
    page.route("**/goose/api/chances", lambda route: route.fulfill(status=200, body=reply,
                                                                     content_type="application/json"))
    try:
        page.select_option("#players", "4")
        page.wait_for_selector("#chances-box .placeholder")
        assert page.locator("#chances td.pwin").count() == 0  # no old number shown as current
        text = page.text_content("#chances-box .placeholder")
        assert "every position of 4 players" in text and "sweep" in text
        page.click("#chances-box .job-cancel")
        page.wait_for_selector("#error:not([hidden])")
        assert "cancelled" in page.text_content("#error")
        assert jobs.get(key).state == "failed"
        ran = len(steps())
        time.sleep(0.1)
        assert len(steps()) == ran  # stopped on the server: its process has ended
        box = page.evaluate("document.getElementById('error').getBoundingClientRect().bottom")
        assert 0 < box <= 844  # said where the eye is
    finally:
        page.unroute("**/goose/api/chances")
        page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
@pytest.mark.parametrize(("path", "setup"), [
    ("/guess/", lambda p: (p.fill("#n", "99999"), p.click("#new-game"))),
    ("/cowtrade/", lambda p: (p.wait_for_selector("#bid option", state="attached"), p.fill("#money1", "100000"),
                              p.click("#solve"))),
    ("/memory/", lambda p: (p.wait_for_selector("#board button.card"), p.fill("#pairs", "99"), p.click("#new"))),
])
def test_an_error_is_one_sentence_beside_its_control_on_screen_and_greys_the_result(page, server, path, setup,
                                                                                      width, height):
    page.set_viewport_size({"width": width, "height": height})
    try:
        page.goto(server + path)
        page.wait_for_load_state("networkidle")
        setup(page)
        page.wait_for_selector("#error:not([hidden])")
        said = page.text_content("#error")
        assert said[0].isupper() and said.endswith(".") and "error 4" not in said.lower() and "400" not in said
        box = page.evaluate("JSON.stringify(document.getElementById('error').getBoundingClientRect())")
        import json

        r = json.loads(box)
        assert r["top"] >= 0 and r["bottom"] <= height  # where the eye is
        # beside the control: right after the form (or row) that holds it
        assert page.evaluate("document.getElementById('error').previousElementSibling.matches('form, .controls')")
        grey = "[...document.querySelectorAll('[data-result]')].every(e => e.classList.contains('stale'))"
        assert page.evaluate(grey)
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_a_whole_guessing_game_ends_with_play_again_and_no_console_error(page, server, width, height):
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_viewport_size({"width": width, "height": height})
    try:
        page.goto(server + "/guess/")
        page.fill("#n", "6")
        page.click("#new-game")
        page.wait_for_selector("#guess-form:not([hidden])")
        for g in range(1, 7):  # a linear search ends by 6 guesses at the latest
            if page.is_visible("#again"):
                break
            page.fill("#guess", str(g))
            page.click("#guess-button")
            page.wait_for_function("!document.body.classList.contains('busy')")
        assert page.is_visible("#again") and "Alice hid" in page.text_content("#outcome")
        page.click("#again")
        page.wait_for_selector("#guess-form:not([hidden])")
        assert page.text_content("#outcome") == ""
        assert errors == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_a_whole_goose_game_ends_with_its_winner_and_play_again(page, server):
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.goto(server + "/goose/")
        page.wait_for_selector("#chances td.pwin")
        for _ in range(600):
            if page.is_visible("#again"):
                break
            page.click("#roll")
            page.wait_for_function("!document.body.classList.contains('busy')")
        else:
            pytest.fail("no ending in 600 moves")
        said = page.text_content("#last-move .outcome")
        assert ("wins the game" in said and "From the start, the analysis gave player" in said) or "draw" in said
        page.click("#again")
        page.wait_for_selector("#chances td.pwin")
        assert not page.is_visible("#again")
        assert errors == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
