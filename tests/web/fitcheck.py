"""What the browser tests measure of a page's fit, shared by test_fit_browser.py and test_phone_browser.py:
boxes whose content spills out of them or out of their panel, and text rendered smaller than a phone can read
(an SVG's text counts at the size it is drawn, after the SVG is scaled to its box; a picture's text too)."""

from __future__ import annotations

from typing import Any

# Boxes that scroll sideways on purpose, with the keyboard able to reach them: the docs' code blocks and wide
# tables, and drawings wider than any screen (Bob's search tree), which the page scrolls to what matters.
SCROLLS_ON_PURPOSE = ".docs pre, .docs table, [data-scrolls]"
# `.sr-only` text is for screen readers only (a 1 px clipped box that no one sees), so it is neither measured
# for fit nor for size.

OVERFLOWS = """(allowed) => {
  const out = [];
  const main = document.querySelector("main");
  if (!main) return ["no <main> on the page"];
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\\s+/).join(".") : "");
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const svgInside = (el) => el.namespaceURI === "http://www.w3.org/2000/svg" && el.tagName.toLowerCase() !== "svg";
  for (const el of main.querySelectorAll("*")) {
    if (svgInside(el) || !shown(el) || el.closest(allowed + ", .skip, .skip-board, .sr-only")) continue;
    const cs = getComputedStyle(el);
    if (cs.position === "fixed" || el.closest("[data-sticky-bottom]")) continue;
    // content wider than its box: spilt out (overflow visible), cut off (hidden) or behind a scroll bar
    if (cs.display !== "inline" && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      out.push(name(el) + ": content " + el.scrollWidth + " px wide in a box of " + el.clientWidth +
               " px (overflow-x " + cs.overflowX + ")");
      continue;
    }
    // a box that pokes out of its panel (or of the page's main column)
    const panel = el.parentElement.closest(".panel, main");
    const r = el.getBoundingClientRect(), p = panel.getBoundingClientRect();
    if (r.right > p.right + 1 || r.left < p.left - 1)
      out.push(name(el) + ": " + Math.round(r.left) + ".." + Math.round(r.right) + " px pokes out of " +
               name(panel) + " (" + Math.round(p.left) + ".." + Math.round(p.right) + ")");
  }
  if (document.documentElement.scrollWidth > window.innerWidth)
    out.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " px in " + window.innerWidth);
  return [...new Set(out)];
}"""

SMALL_TEXT = """(least) => {
  // every element that holds text of its own, at the size it is drawn: CSS font size times the SVG's scale
  const out = [];
  const main = document.querySelector("main");
  for (const el of main.querySelectorAll("*")) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || el.closest(".skip, .skip-board, .sr-only, [hidden]")) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el.namespaceURI === "http://www.w3.org/2000/svg" && el.getScreenCTM) {
      const m = el.getScreenCTM();
      if (m) size *= Math.hypot(m.a, m.b);
    }
    if (size < least - 0.05) out.push((el.id ? "#" + el.id : el.tagName.toLowerCase() +
      (el.getAttribute("class") ? "." + el.getAttribute("class").trim().split(/\\s+/).join(".") : "")) +
      " '" + el.textContent.trim().slice(0, 20) + "' at " + size.toFixed(1) + " px");
  }
  return [...new Set(out)];
}"""

# The pictures (static/pictures/*.svg) are <img>s: their text is not in the page's DOM, so each is read and its
# text measured at the size the picture is drawn (its font size, inherited as SVG does, times the drawn width
# over the viewBox's).
PICTURE_TEXT = """async (least) => {
  const out = [];
  for (const img of document.querySelectorAll("img[src*='/static/pictures/']")) {
    const drawn = img.getBoundingClientRect().width;
    if (!drawn) continue;
    const svg = new DOMParser().parseFromString(await (await fetch(img.src)).text(), "image/svg+xml").documentElement;
    const scale = drawn / parseFloat(svg.getAttribute("viewBox").split(/[ ,]+/)[2]);
    for (const t of svg.querySelectorAll("text")) {
      const size = parseFloat(t.closest("[font-size]").getAttribute("font-size")) * scale;
      if (size < least - 0.05)
        out.push(img.getAttribute("src").split("/").pop() + " '" + t.textContent.trim() + "' at " +
                 size.toFixed(1) + " px");
    }
  }
  return out;
}"""

# A page's short motions (parlour.glide, at most 400 ms: a money card sliding from one hand into the other) move
# a box across its panel on purpose while they run; the layout is measured once they have ended. Endless ones
# (the busy spinner) are not waited for: they move nothing sideways.
SETTLE = """() => Promise.all((document.getAnimations ? document.getAnimations() : [])
  .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
  .map((a) => a.finished.catch(() => null)))"""


def settle(page: Any) -> None:
    """Wait until every finite animation on the page has ended (a cancelled one counts as ended)."""
    page.evaluate(SETTLE)


def overflows(page: Any) -> list[str]:
    """Every box in main whose content does not fit it or that pokes out of its panel (none is allowed), once
    the page's motions have ended."""
    settle(page)
    return list(page.evaluate(OVERFLOWS, SCROLLS_ON_PURPOSE))


def small_text(page: Any, least: float = 11.0) -> list[str]:
    """Every piece of text in main drawn smaller than `least` px, and in the page's pictures (anywhere on it)."""
    return list(page.evaluate(SMALL_TEXT, least)) + list(page.evaluate(PICTURE_TEXT, least))
