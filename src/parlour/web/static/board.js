// The analysis board (issue 46): any game page can step through its game, have every decision graded apart from
// the luck, retry from a move, and share the game by a link. The page keeps its game record (docs/json.md,
// "Game records") and draws its own positions; the board keeps the main line, the current ply and the side
// lines, and owns the stepping, the link and the grades panel.
//
//   const board = parlour.board({
//     game: "memory",                   // the record's game (POST /api/review grades it)
//     tools: element,                   // where the step buttons, Retry and Copy link go
//     grades: element,                  // where the grades panel goes (fed by POST /api/review)
//     moves: element,                   // the move list: its [data-ply] elements step there on click
//     moveText: (move, i) => text,      // optional: the board draws the move list itself (moveList; the list's
//                                       //   parent is its box) from each record it is given
//     story: element,                   // the story chart's box (parlour.story(box, ...)), for clicks and the marker
//     pliesPerPoint: 2,                 // the chart's point i is the position after 2i moves (default 1), or:
//     plyOfPoint: (i) => ply,           // the chart's point i is the position after `ply` moves
//     pointOfPly: (ply) => x,           // and back (a fraction between two points is fine)
//     render: async (ply, last) => {},  // restore board, hands, odds at `ply` (last: the main line's end), or:
//     live: () => {}, at: (ply) => {},  // show the main line's end / its position after `ply` moves (never in a side line)
//     retry: async (ply) => {},         // optional: play on from `ply` as a new line; the page calls setLine
//     canRetry: (ply) => bool,          // optional: whether Retry from here is offered at `ply`
//     leave: () => {},                  // optional: the page leaves its retry (the board then steps to its start)
//     moveName: (ply) => text,          // optional: "move 5, yours"
//     onReview: (review) => {},         // optional: the review's JSON once it arrives
//     keep: () => bool,                 // optional: whether the address keeps the record now (default: always)
//     tell: (review) => {},             // optional: redraw the story with a review's losses (null: before one)
//   });
//   board.setRecord(record)  the main line (a new move: the board follows it when it was at the end)
//   board.recorded(record, {fresh, link, story})  the same for a page with `live`, which then shows the end
//   board.remember()         the page's address carries the record and its side lines (keep: else none)
//   board.go(ply) / board.ply / board.atEnd()   step; ←/→/Home/End and the chart and move list call go
//   board.setLine(line) / board.leaveLine()     the side line being played ({from, moves}); back to the main line
//   board.review()           POST /api/review for the record; draws the grades panel; resolves to the review
//   board.link() / board.copyLink()             the page's address with #record=...; put on the clipboard
//   parlour.board.fromLink(hash)                the record a '#record=' address carries, or null
"use strict";
(function (p) {
  const KEY = "#record=";
  const GRADES = ["best", "good", "inaccuracy", "mistake", "blunder"];
  const FLAGGED = new Set(["inaccuracy", "mistake", "blunder"]);
  const NS = "http://www.w3.org/2000/svg";

  function encode(record) {
    const bytes = new TextEncoder().encode(JSON.stringify(record));
    let bin = "";
    for (const b of bytes) bin += String.fromCharCode(b);
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromLink(hash) {
    const at = String(hash || "").indexOf(KEY);
    if (at < 0) return null;
    try {
      const b64 = String(hash).slice(at + KEY.length).replace(/-/g, "+").replace(/_/g, "/");
      const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
      const record = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
      return record && record.parlour_record === 1 && Array.isArray(record.moves) ? record : null;
    } catch (_) {
      return null;
    }
  }

  function el(name, attrs, text) {
    const n = document.createElement(name);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") n.className = v; else n.setAttribute(k, String(v));
    }
    if (text !== undefined) n.textContent = text;
    return n;
  }

  function typing(target) {
    return !!(target && target.closest && target.closest("input, select, textarea, [contenteditable='true']"));
  }

  // The move list every page draws the same way: a button a move, which the board steps to on click.
  function moveList(list, box, texts) {
    list.replaceChildren();
    texts.forEach((text, i) => {
      const b = el("button", { type: "button", class: "ply" }, text);
      b.dataset.ply = String(i + 1);
      b.dataset.keepEnabled = "";
      const li = el("li");
      li.appendChild(b);
      list.appendChild(li);
    });
    box.hidden = texts.length === 0;
  }

  function board(opts) {
    const per = opts.pliesPerPoint || 1;
    const o = { plyOfPoint: (i) => per * i, pointOfPly: (ply) => ply / per, keep: () => true, ...opts };
    // a page that shows the main line's end and its earlier positions by itself: a side line shows its own
    if (!o.render) o.render = async (at, last) => { if (line) return; if (last) o.live(); else o.at(at); };
    let record = null;
    let ply = 0;
    let line = null;  // the side line being played: {from, moves}
    let lines = [];   // the side lines played so far (the record's "lines")
    let lastReview = null;
    let stepping = Promise.resolve();

    // ---- the tools: step buttons, where we are, Retry from here, Copy link --------------------------------
    const nav = el("div", { class: "board-nav", role: "toolbar", "aria-label": "step through the game" });
    const button = (cls, text, label, onClick) => {
      const b = el("button", { type: "button", class: cls, "aria-label": label, title: label }, text);
      b.dataset.keepEnabled = "";
      b.addEventListener("click", onClick);
      return b;
    };
    // «‹›» are in every font (the media-control signs are not in Debian's)
    const first = button("step first", "«", "to the start (Home)", () => go(0));
    const back = button("step back", "‹", "one move back (←)", () => go(ply - 1));
    const next = button("step next", "›", "one move on (→)", () => go(ply + 1));
    const last = button("step last", "»", "to the last move (End)", () => go(count()));
    const where = el("span", { class: "board-at", "aria-live": "polite" });
    const retry = button("retry", "Retry from here", "play on from this position against the optimal opponent", () => startRetry());
    const main = button("main-line", "Back to the main line", "leave the retry and step through the game again", () => leaveLine());
    main.hidden = true;
    const copy = button("copy-link", "Copy link", "put a link that restores this game on the clipboard", () => copyLink());
    const said = el("p", { class: "board-said", role: "status" });
    const shown = el("input", { class: "board-link", readonly: "", "aria-label": "the game's link", hidden: "" });
    nav.append(first, back, where, next, last, retry, main, copy);
    if (o.tools) o.tools.replaceChildren(nav, said, shown);

    function count() { return record ? record.moves.length : 0; }
    function atEnd() { return ply >= count(); }

    function update() {
      const n = count();
      const inLine = line !== null;
      first.disabled = back.disabled = inLine || ply <= 0;
      next.disabled = last.disabled = inLine || ply >= n;
      where.textContent = inLine ? "retry from move " + line.from + ": your new line" :
        ply === 0 ? "the start, of " + n + " moves" :
        (o.moveName ? o.moveName(ply) : "move " + ply) + " of " + n;
      retry.hidden = inLine;
      retry.disabled = !record || !(o.retry && (!o.canRetry || o.canRetry(ply)));
      main.hidden = !inLine;
      mark();
      for (const item of (o.moves ? o.moves.querySelectorAll("[data-ply]") : [])) {
        if (!inLine && Number(item.dataset.ply) === ply) item.setAttribute("aria-current", "step");
        else item.removeAttribute("aria-current");
      }
      annotate();
    }

    // lichess's signs in the move list: ?! an inaccuracy, ? a mistake, ?? a blunder, on the item that ends with
    // the decision (the smallest data-ply at or after it)
    const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
    function annotate() {
      if (!o.moves) return;
      for (const old of o.moves.querySelectorAll(".grade-sign")) old.remove();
      if (!lastReview || line) return;
      const items = [...o.moves.querySelectorAll("[data-ply]")].sort((a, b) => a.dataset.ply - b.dataset.ply);
      for (const d of lastReview.decisions) {
        if (!FLAGGED.has(d.grade)) continue;
        const item = items.find((it) => Number(it.dataset.ply) >= d.ply);
        if (!item) continue;
        const sign = el("span", { class: "grade-sign g-" + d.grade, title: d.grade + ": " + named(d, lastReview.unit) }, " " + SIGNS[d.grade]);
        sign.appendChild(el("span", { class: "sr-only" }, " (" + d.grade + " by " + d.player + ")"));
        item.appendChild(sign);
      }
    }

    // ---- stepping ------------------------------------------------------------------------------------------
    // Steps run one after another (a held arrow key queues them), each restoring the page at its ply.
    function go(to) {
      if (!record || line) return stepping;
      const target = Math.max(0, Math.min(count(), Math.round(Number(to))));
      stepping = stepping.then(async () => {
        if (target === ply) { update(); return; }
        ply = target;
        await o.render(ply, ply >= count());
        update();
        // a step redraws the page's board: focus that was on it would fall to the page's body; a control the
        // step disabled or hid (the last step at the end, a Roll) still holds it until the browser drops it
        const at = document.activeElement;
        const lost = !at || at === document.body || at.disabled || !!(at.closest && at.closest("[hidden]"));
        if (lost) (next.disabled ? back : next).focus({ preventScroll: true });
      }).catch(() => update());
      return stepping;
    }

    document.addEventListener("keydown", (e) => {
      if (!record || line || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: count() }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      go(to);
    });

    if (o.moves) {
      o.moves.addEventListener("click", (e) => {
        const item = e.target.closest && e.target.closest("[data-ply]");
        if (item && o.moves.contains(item)) go(Number(item.dataset.ply));
      });
    }

    // ---- the chart: a click steps to the nearest point; the marker shows the current ply --------------------
    let watched = null;
    const watcher = window.MutationObserver ? new MutationObserver(() => mark()) : null;

    function chartSvg() {
      return o.story ? o.story.querySelector("svg.story-chart") : null;
    }

    function points(svg) {
      const g = svg.querySelector("g.pts");  // the first series: one circle per point, data-i its index
      return g ? [...g.querySelectorAll("circle[data-i]")] : [];
    }

    function watch(svg) {
      if (watched === svg) return;
      watched = svg;
      if (watcher) { watcher.disconnect(); watcher.observe(svg, { childList: true }); }
      svg.classList.add("steppable");
      svg.addEventListener("click", (e) => {
        if (!record || line) return;
        const dots = points(svg);
        if (!dots.length) return;
        const box = svg.getBoundingClientRect();
        const scale = (svg.viewBox.baseVal.width || box.width) / (box.width || 1);
        const x = (e.clientX - box.left) * scale;
        const near = dots.reduce((a, b) => (Math.abs(b.cx.baseVal.value - x) < Math.abs(a.cx.baseVal.value - x) ? b : a));
        go(o.plyOfPoint(Number(near.dataset.i)));
      });
    }

    function mark() {
      const svg = chartSvg();
      if (!svg) return;
      watch(svg);
      const old = svg.querySelector("g.board-marker");
      const dots = points(svg);
      if (!record || line || !dots.length) { if (old) old.remove(); return; }
      const at = Math.max(0, Math.min(dots.length - 1, o.pointOfPly(ply)));
      const lo = dots[Math.floor(at)], hi = dots[Math.ceil(at)];
      const f = at - Math.floor(at);
      const cx = lo.cx.baseVal.value * (1 - f) + hi.cx.baseVal.value * f;
      const cy = lo.cy.baseVal.value * (1 - f) + hi.cy.baseVal.value * f;
      const key = cx.toFixed(2) + "," + cy.toFixed(2);
      if (old && old.dataset.at === key && old.dataset.ply === String(ply) && old === svg.lastElementChild) return;
      if (old) old.remove();
      const vb = svg.viewBox.baseVal;
      const g = document.createElementNS(NS, "g");
      g.setAttribute("class", "board-marker");
      g.dataset.at = key;
      g.dataset.ply = String(ply);
      const rule = document.createElementNS(NS, "line");
      for (const [k, v] of Object.entries({ x1: cx, x2: cx, y1: 6, y2: (vb.height || 150) - 18 })) rule.setAttribute(k, v);
      const ring = document.createElementNS(NS, "circle");
      for (const [k, v] of Object.entries({ cx, cy, r: 6 })) ring.setAttribute(k, v);
      g.append(rule, ring);
      svg.appendChild(g);
    }

    // ---- the record, the side lines, the link --------------------------------------------------------------
    function full() {
      return record ? { ...record, lines: lines.map((l) => ({ from: l.from, moves: l.moves })) } : null;
    }

    // The main line: a new move (the board follows it when it stood at the end), or with fresh a new game
    // (its side lines, a restored record's, given or none; the board at its end).
    function setRecord(r, fresh) {
      const follow = fresh || !record || ply >= count();
      record = { ...r };
      delete record.lines;
      if (o.moveText) moveList(o.moves, o.moves.parentElement, record.moves.map(o.moveText));
      if (fresh) { lines = (r.lines || []).map((l) => ({ from: l.from, moves: l.moves })); line = null; }
      if (follow) ply = count();
      ply = Math.min(ply, count());
      lastReview = null;
      update();
    }

    // A page that shows its main line's end itself (`live`): the main line changed (a move; fresh: a new game;
    // link: a link's record, whose side lines come along). The board follows it, `tell` redraws the story when a
    // story (the review; null before one) is given, the address keeps the game (a link's stays as it came) and
    // `live` shows the end: its control to press next is returned.
    function recorded(r, how) {
      const { fresh, link, story } = how || {};
      setRecord(link ? { ...r, lines: link.lines } : r, !!(fresh || link));
      if (story !== undefined) o.tell(story);
      if (!link) remember();
      return o.live();
    }

    function setLine(l) {
      if (line === null) lines.push(l); else lines[lines.length - 1] = l;
      line = l;
      update();
    }

    async function leaveLine() {
      if (!line) return;
      const from = line.from;
      line = null;
      if (o.leave) o.leave();
      ply = -1;  // forces the render
      await go(from);
      main.blur();
      retry.focus({ preventScroll: true });
    }

    async function startRetry() {
      if (!o.retry || !record) return;
      await o.retry(ply);
    }

    function link() {
      return location.origin + location.pathname + location.search + KEY + encode(full());
    }

    // The address carries the record (and the side lines): a reload, or the link on another machine, restores the game.
    function remember() {
      history.replaceState(null, "", location.pathname + location.search + (record && o.keep() ? KEY + encode(full()) : ""));
    }

    async function copyLink() {
      const text = link();
      shown.value = text;
      try {
        await navigator.clipboard.writeText(text);
        said.textContent = "Link copied: it restores this game on any machine.";
        shown.hidden = true;
      } catch (_) {  // no clipboard (an http page, a refused permission): the link to copy by hand
        shown.hidden = false;
        shown.focus();
        shown.select();
        said.textContent = "Copy this link by hand: it restores this game.";
      }
    }

    // ---- the grades panel -----------------------------------------------------------------------------------
    async function review() {
      if (!record) return null;
      let reply;
      try {
        reply = await fetch("/api/review", { method: "POST", headers: { "Content-Type": "application/json" },
                                            body: JSON.stringify(full()) });
      } catch (_) { return null; }
      if (!reply.ok) return null;
      lastReview = await reply.json();
      if (o.grades) drawGrades(lastReview);
      annotate();
      if (o.onReview) o.onReview(lastReview);
      return lastReview;
    }

    function amount(exact, value) { return p.said(exact, value, 3); }

    function jump(text, to) {
      const b = el("button", { type: "button", class: "link jump" }, text);
      b.dataset.keepEnabled = "";
      b.addEventListener("click", () => go(to));
      return b;
    }

    function named(d, unit) {
      const who = d.player === "you" ? "you" : d.player;
      return "move " + d.ply + " (" + who + "): " + d.move + " instead of " + d.best + ", lost " +
        amount(d.loss_exact, d.loss) + " " + unit;
    }

    function drawGrades(r) {
      const box = o.grades;
      const t = r.thresholds;
      const h = el("h2", { id: "grades-title" }, "Grades");
      const cut = (k) => p.said(t[k + "_exact"]);  // short fractions, written as they are
      const rule = el("p", { class: "note thresholds" },
        "Each decision against the best move, exactly, in " + r.unit + ": best loses nothing, good less than " +
        cut("inaccuracy") + "; inaccuracy from " + cut("inaccuracy") + ", mistake from " + cut("mistake") + ", blunder from " +
        cut("blunder") + ". Luck (a card turned, a throw, the computer's random pick among equally good moves) is measured apart and never counts against a player.");
      // one column per player, one row per grade: narrow enough for a phone with up to four players
      const table = el("table", { class: "grade-counts" });
      const head = el("tr");
      head.appendChild(el("th", { scope: "col" }, "grade"));
      r.player_names.forEach((name, s) => head.appendChild(el("th", { scope: "col", class: "s" + (s + 1) }, name)));
      table.appendChild(el("thead")).appendChild(head);
      const body = table.appendChild(el("tbody"));
      for (const g of [...GRADES, "loss"]) {
        const tr = el("tr", { class: "g-" + g });
        tr.appendChild(el("th", { scope: "row" }, g === "loss" ? "total loss" : g));
        for (const name of r.player_names) {
          const row = r.per_player[name];
          const td = el("td");
          if (g === "loss") td.appendChild(p.exactNode(row.loss_exact, { approx: true, sig: 4 }));
          else td.textContent = String(row[g]);
          tr.appendChild(td);
        }
        body.appendChild(tr);
      }
      const facts = el("ul", { class: "grade-facts" });
      const fact = (label, node) => { const li = el("li"); li.append(el("b", {}, label + ": "), node); facts.appendChild(li); };
      fact("Costliest decision", r.costliest ? jump(named(r.costliest, r.unit), r.costliest.ply - 1) :
        document.createTextNode("none: every decision was best"));
      for (const [label, e] of [["Luckiest chance event", r.luckiest], ["Unluckiest chance event", r.unluckiest]]) {
        fact(label, e ? jump("move " + e.ply + " (" + e.player + "): " + e.event + ", " + (e.swing > 0 ? "+" : "") +
          amount(e.swing_exact, e.swing) + " " + r.unit, e.ply) : document.createTextNode("none"));
      }
      const list = el("ol", { class: "grade-list" });
      for (const d of r.decisions) {
        const li = el("li", { class: "g-" + d.grade + (FLAGGED.has(d.grade) ? " flagged" : "") });
        li.value = d.ply;
        li.append(el("span", { class: "grade-badge g-" + d.grade }, d.grade), " ",
                  jump(d.loss > 0 ? named(d, r.unit) : "move " + d.ply + " (" + d.player + "): " + d.move, d.ply - 1));
        list.appendChild(li);
      }
      const flagged = r.decisions.filter((d) => FLAGGED.has(d.grade)).length;
      const all = p.collapsible("Every decision (" + r.decisions.length + ", " + flagged + " flagged)",
                                el("div", { class: "scroll grade-scroll", tabindex: "0", role: "group", "aria-label": "every decision" }), r.decisions.length);
      all.querySelector(".grade-scroll").appendChild(list);
      box.replaceChildren(h, rule, table, facts, all);
      box.hidden = false;
    }

    update();
    return {
      go, setRecord, recorded, setLine, leaveLine, review, link, copyLink, remember, atEnd, update,
      get ply() { return ply; },
      get record() { return full(); },
      get inLine() { return line !== null; },
      get lastReview() { return lastReview; },
    };
  }

  // What every page's grades panel starts with: its heading, a note with the thresholds in words and, given `now`,
  // a button that grades the moves so far.
  function intro(title, text, now) {
    const box = document.createDocumentFragment();
    box.append(el("h2", { id: "grades-title" }, title), el("p", { class: "note" }, text));
    if (now) {
      const button = el("button", { type: "button", id: "grade-now", "data-keep-enabled": "" }, "Grade the moves so far");
      button.addEventListener("click", now);
      box.appendChild(button);
    }
    return box;
  }

  board.intro = intro;
  board.fromLink = fromLink;
  board.encode = encode;
  p.board = board;
})(window.parlour);
