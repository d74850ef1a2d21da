// What every page shares.
// - `parlour.api` calls the server with the page's controls disabled and a busy sign shown; an error (JSON or
//   not, or no answer at all) is said in one sentence beside the control that caused it, and the page's
//   results (elements marked data-result) are greyed until the next answer.
// - `parlour.wait` polls a background job, fills the panels it will fill with a placeholder that says what is
//   being computed, and offers Cancel (which ends the job's process on the server at once).
// - `parlour.ask` shows a long job's estimate with Start and "Not now" before anything starts (the server starts
//   no job estimated beyond a minute at the machine's load until the page says start: true); `parlour.unask`
//   withdraws the open question when the page moves on (other settings).
// - Numbers for people: `exactNode` shows a long exact fraction as a decimal with the fraction one click away,
//   `intervalText` a certified interval as value ± half-width to its certain digits.
"use strict";
window.parlour = (function () {
  const $ = (id) => document.getElementById(id);
  let pending = 0;
  let lastControl = null;  // the control the person used last: an error is shown beside it

  document.addEventListener("click", (e) => { if (e.target.closest) lastControl = e.target.closest("button, input, select, a, [tabindex], svg") || lastControl; }, true);
  document.addEventListener("submit", (e) => { lastControl = e.submitter || e.target; }, true);
  document.addEventListener("change", (e) => { lastControl = e.target; }, true);
  document.addEventListener("keydown", (e) => { if (e.key === "Enter" && e.target.matches && e.target.matches("input")) lastControl = e.target; }, true);

  function sentence(text) {
    const s = String(text || "").trim();
    if (!s) return "";
    const first = s.charAt(0).toUpperCase() + s.slice(1);
    return /[.!?…]$/.test(first) ? first : first + ".";
  }

  // Where an error about `control` goes: right after the form, control row or panel that holds it.
  function anchorOf(control) {
    if (!control || !control.closest || !document.body.contains(control)) return null;
    return control.closest("[data-error-here], form, .controls, .panel, section, details") || null;
  }

  // Grey the results an error makes doubtful: those of the panel where the error is shown (a contradiction
  // in the hider's game says nothing about V(N) beside it); all of them when the error comes from outside
  // any panel or from a panel of inputs only (a setup feeds every result).
  function markStale(on, anchor) {
    for (const el of document.querySelectorAll(".stale[data-result]")) el.classList.remove("stale");
    if (!on) return;
    const panel = anchor && anchor.closest ? anchor.closest(".panel") : null;
    const own = panel ? [...panel.querySelectorAll("[data-result]")].concat(panel.matches("[data-result]") ? [panel] : []) : [];
    for (const el of own.length ? own : document.querySelectorAll("[data-result]")) el.classList.add("stale");
  }

  // showError(text, near): the sentence beside `near` (default: the control used last), scrolled into view;
  // showError("") hides it and un-greys the results.
  function showError(text, near) {
    const box = $("error");
    if (!box) return;
    for (const el of document.querySelectorAll("[aria-invalid='true']")) el.removeAttribute("aria-invalid");
    if (!text) {
      box.hidden = true;
      box.textContent = "";
      markStale(false);
      return;
    }
    const control = near || lastControl;
    const anchor = anchorOf(control);
    if (anchor && anchor.parentNode && box.previousElementSibling !== anchor) anchor.after(box);
    if (control && control.matches && control.matches("input, select, textarea")) control.setAttribute("aria-invalid", "true");
    box.textContent = sentence(text);
    box.hidden = false;
    markStale(true, anchor);
    if (box.scrollIntoView) box.scrollIntoView({ block: "nearest" });
  }

  const CONTROLS = "[data-busy-disable] button, [data-busy-disable] input, [data-busy-disable] select, " +
                   "button[data-busy-disable]";
  let heldBack = [];  // the controls this busy spell disabled (not those the page had disabled itself)
  let focusHeld = null;  // the one of them that had the focus

  function setBusy(on, text) {
    const was = pending > 0;
    pending = Math.max(0, pending + (on ? 1 : -1));
    const busy = pending > 0;
    document.body.classList.toggle("busy", busy);
    document.body.setAttribute("aria-busy", busy ? "true" : "false");
    if (busy && !was) {
      heldBack = [...document.querySelectorAll(CONTROLS)].filter((el) => !el.disabled && !el.matches("[data-keep-enabled]"));
      // a disabled control loses the focus to the page's body: it gets it back when the request is done
      focusHeld = heldBack.includes(document.activeElement) ? document.activeElement : null;
      for (const el of heldBack) el.disabled = true;
    } else if (!busy && was) {
      for (const el of heldBack) el.disabled = false;
      heldBack = [];
      const at = document.activeElement;
      if (focusHeld && (!at || at === document.body) && document.contains(focusHeld) && !focusHeld.disabled &&
          !focusHeld.hidden) focusHeld.focus({ preventScroll: true });
      focusHeld = null;
    }
    const sign = $("busy");
    if (sign) {
      if (text) $("busy-text").textContent = text;
      sign.hidden = !busy;
    }
  }

  // GET when body is undefined, else POST it as JSON; resolves to the parsed answer, or null after an error
  // that has been shown.
  async function api(url, body, busyText) {
    const near = lastControl;
    setBusy(true, busyText || "working…");
    try {
      const init = body === undefined ? {} : {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      };
      let reply;
      try {
        reply = await fetch(url, init);
      } catch (err) {
        showError("the server did not answer; is it still running?", near);
        return null;
      }
      const text = await reply.text();
      let data = null;
      try { data = JSON.parse(text); } catch (_) { data = null; }
      if (!reply.ok) {
        const said = data && typeof data.error === "string" ? data.error : "";
        showError(said || (reply.status >= 500 ? "the server failed on this request" : "the server refused this request"), near);
        return null;
      }
      if (data === null) {
        showError("the server's answer could not be read", near);
        return null;
      }
      showError("");
      return data;
    } finally {
      setBusy(false);
    }
  }

  // Poll GET /jobs/{key} until the job is done (resolves true), failed or cancelled (resolves false). While it
  // runs, each element of opts.placeholders (ids) shows what is being computed and how far it is, with a
  // Cancel button that stops the job on the server.
  async function wait(key, everyMs, opts) {
    const o = opts || {};
    const near = lastControl;
    const holders = (o.placeholders || []).map((id) => $(id)).filter(Boolean);
    const saved = holders.map((el) => [...el.childNodes]);
    const what = o.what || "computing";
    const lines = [];
    let wake = null;  // ends the pause between two polls: after Cancel the page hears the outcome at once
    for (const el of holders) {
      const box = document.createElement("div");
      box.className = "placeholder";
      box.setAttribute("role", "status");
      const line = document.createElement("p");
      line.className = "job-line";
      line.textContent = what + "…";
      const cancel = document.createElement("button");
      cancel.type = "button";
      cancel.className = "job-cancel";
      cancel.textContent = "Cancel";
      cancel.dataset.keepEnabled = "";
      cancel.addEventListener("click", () => {
        cancel.disabled = true;
        fetch("/jobs/" + encodeURIComponent(key) + "/cancel", { method: "POST" }).catch(() => {})
          .finally(() => { if (wake) wake(); });
      });
      box.append(line, cancel);
      el.replaceChildren(box);
      lines.push(line);
    }
    setBusy(true, what + "…");
    try {
      for (;;) {
        let job;
        try {
          const reply = await fetch("/jobs/" + encodeURIComponent(key));
          job = await reply.json();
          if (!reply.ok) { showError(job.error || "the computation was lost", near); return false; }
        } catch (err) {
          showError("the server did not answer; is it still running?", near);
          return false;
        }
        const said = what + ": " + job.message + " (" + Math.round(100 * job.done) + " %)";
        $("busy-text").textContent = said;
        for (const line of lines) line.textContent = said;
        if (job.state === "done") return true;
        if (job.state === "failed") {
          if (job.error === "cancelled") showError("stopped: the computation was cancelled", near);
          else showError(job.error || "the computation failed", near);
          return false;
        }
        await new Promise((r) => { wake = r; setTimeout(r, everyMs || 300); });
        wake = null;
      }
    } finally {
      setBusy(false);
      // the panels get their own content back: the page fills it anew after a success, and after a failure
      // or a cancel the error greys it (it is not current)
      holders.forEach((el, i) => el.replaceChildren(...saved[i]));
    }
  }

  // A long computation's estimate in each of `placeholders` (ids), with a Start button: resolves true when
  // the person presses it, false after "Not now", null after `unask()` (the panels get their own content back
  // first).
  // The page stays usable meanwhile, and nothing runs on the server until Start.
  const asking = new Set();  // the open questions' endings: unask() ends them all (the page moved on)
  function ask(what, expect, placeholders) {
    const holders = (placeholders || []).map((id) => $(id)).filter(Boolean);
    const saved = holders.map((el) => [...el.childNodes]);
    return new Promise((resolve) => {
      const end = (yes) => {
        asking.delete(end);
        holders.forEach((el, i) => el.replaceChildren(...saved[i]));
        resolve(yes);
      };
      if (!holders.length) { resolve(true); return; }
      asking.add(end);
      // A button that answers the question (`go`: start the job or not); it stays usable while the page waits.
      const answer = (className, text, go) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = className;
        button.textContent = text;
        button.dataset.keepEnabled = "";
        button.addEventListener("click", () => end(go));
        return button;
      };
      holders.forEach((el, i) => {
        const box = document.createElement("div");
        box.className = "placeholder ask";
        box.setAttribute("role", "status");
        const line = document.createElement("p");
        line.className = "job-line";
        line.textContent = what + " is expected to take " + expect + " on this server; it starts when you press Start.";
        const start = answer("job-start", "Start", true);
        const not = answer("job-not-now", "Not now", false);
        box.append(line, start, " ", not);
        el.replaceChildren(box);
        if (i === 0) start.focus({ preventScroll: true });
      });
    });
  }
  function unask() { for (const end of [...asking]) end(null); }

  function pct(x, digits) {
    return (100 * x).toFixed(digits === undefined ? 2 : digits) + " %";
  }

  // ---- numbers for people -----------------------------------------------------------------------------

  const LONG = 12;  // an exact value with more digits than this is shown as a decimal first

  function digitsOf(exact) { return String(exact).replace(/[^0-9]/g, "").length; }

  // "p/q" (or an integer) as a decimal with `sig` significant digits, computed exactly with BigInt.
  function decimalOf(exact, sig) {
    const s = String(exact).trim();
    const m = /^(-?)(\d+)(?:\/(\d+))?$/.exec(s);
    if (!m) return s;
    const neg = m[1] === "-";
    let p = BigInt(m[2]);
    const q = BigInt(m[3] || "1");
    const whole = p / q;
    let rest = p % q;
    const wholeText = whole.toString();
    const n = sig || 10;
    let places = Math.max(0, n - (whole === 0n ? 0 : wholeText.length));
    if (whole === 0n && rest !== 0n) {  // leading zeros after the point do not count as significant
      let probe = rest * 10n;
      while (probe < q) { places += 1; probe *= 10n; }
    }
    const scale = 10n ** BigInt(places);
    let frac = (rest * scale * 2n + q) / (2n * q);  // rounded to nearest
    let w = whole;
    if (frac >= scale) { w += 1n; frac -= scale; }
    let text = w.toString() + (places > 0 ? "." + frac.toString().padStart(places, "0") : "");
    if (places > 0) text = text.replace(/0+$/, "").replace(/\.$/, "");
    return (neg && text !== "0" ? "−" : "") + text;
  }

  // An element for an exact value: short ones as written; long ones as a decimal whose fraction opens on a
  // click (a <details>), so no wall of digits shows and the full value is one click away.
  function exactNode(exact, opts) {
    const o = opts || {};
    const s = String(exact);
    if (digitsOf(s) <= LONG && !o.always) {
      const span = document.createElement("span");
      span.className = "num";
      span.textContent = s.replace("-", "−") + (o.approx && s.includes("/") ? " ≈ " + decimalOf(s, o.sig || 6) : "");
      return span;
    }
    const d = document.createElement("details");
    d.className = "fraction";
    const sum = document.createElement("summary");
    sum.textContent = "≈ " + decimalOf(s, o.sig || 10);
    sum.title = "show the exact fraction";
    const full = document.createElement("span");
    full.className = "exact";
    full.textContent = s + "  (" + digitsOf(s).toLocaleString("en") + " digits)";
    d.append(sum, full);
    return d;
  }

  // An exact value inside a sentence: as written when short (with "≈ decimal" when `value` is given), else
  // as a decimal of `sig` digits (the full fraction is in the page's value panel and the JSON API).
  function said(exact, value, places) {
    const s = String(exact);
    if (digitsOf(s) <= LONG) {
      const text = s.replace(/^-/, "−");
      const dec = Number(value).toFixed(places === undefined ? 4 : places).replace("-", "−");
      return value === undefined || !s.includes("/") ? text : text + " ≈ " + dec;
    }
    return "≈ " + decimalOf(s, places === undefined ? 10 : Math.max(places + 2, 6));
  }

  // [lo, hi] as "m ± h" where m keeps only the digits the interval makes certain (scale: 100 for percent).
  function intervalText(lo, hi, scale, unit) {
    const k = scale || 1;
    const a = lo * k, b = hi * k;
    const mid = (a + b) / 2, half = Math.max((b - a) / 2, 0);
    if (half === 0) return mid.toString() + (unit || "");
    // the tolerances keep float noise (0.0100000001) from costing a digit
    const places = Math.max(0, Math.min(15, Math.floor(-Math.log10(half) + 1e-9)));
    const unitStep = Math.pow(10, -places);
    const shownHalf = Math.ceil(half / unitStep - 1e-6) * unitStep;
    return mid.toFixed(places) + " ± " + shownHalf.toFixed(places) + (unit || "");
  }

  // After a move: scroll (only if needed) so that the board and the move's result are on screen together;
  // when both do not fit, the result wins.
  function reveal(board, result) {
    if (!board || !result || !board.getBoundingClientRect) return;
    const vh = window.innerHeight;
    const sticky = [...document.querySelectorAll("[data-sticky-bottom]")].reduce((h, el) =>
      Math.max(h, ["sticky", "fixed"].includes(getComputedStyle(el).position) ? el.offsetHeight : 0), 0);
    const room = vh - sticky;
    const b = board.getBoundingClientRect(), r = result.getBoundingClientRect();
    const top = Math.min(b.top, r.top), bottom = Math.max(b.bottom, r.bottom);
    if (top >= 0 && bottom <= room) return;
    const by = bottom - top <= room - 8 ? top - 4 : r.bottom - room + 4;
    window.scrollBy({ top: by, left: 0, behavior: "instant" });
  }

  // A short motion (the CSS turns it off under prefers-reduced-motion).
  function animate(el, cls) {
    if (!el) return;
    el.classList.remove(cls);
    void el.offsetWidth;  // restart the animation
    el.classList.add(cls);
  }

  // ---- fit: long tables, drawings and intervals -------------------------------------------------------

  const PHONE = "(max-width: 40rem)";
  const LONG_ROWS = 8;  // a table of more rows than this is a summary line first on a phone
  const onPhone = () => !!(window.matchMedia && window.matchMedia(PHONE).matches);

  // `content` under a one-line summary (a <details>): open on a wide screen, closed on a phone when it has
  // more than LONG_ROWS rows, so that a long table does not push the game off a phone's screen.
  function collapsible(summary, content, rows) {
    const d = document.createElement("details");
    d.className = "collapsible";
    const s = document.createElement("summary");
    s.textContent = summary;
    d.append(s, content);
    d.open = !(onPhone() && rows > LONG_ROWS);
    return d;
  }

  // A certified interval as a person reads it: the value to the digits the interval makes certain, but no
  // more than `places` decimals (the error of the rounding is added to the ± so the statement stays true:
  // "26.69 ± 0.01 %"), with the full interval one click away (a <details>).
  function intervalNode(lo, hi, scale, unit, places) {
    const k = scale || 1, u = unit || "";
    const most = places === undefined ? 2 : places;
    let text = intervalText(lo, hi, k, u);
    const a = lo * k, b = hi * k;
    const step = Math.pow(10, -most);
    if ((b - a) / 2 < step / 2) {
      // rounded to `most` places: the true value lies within half a step of the midpoint's rounding plus the
      // half-width, which is under one step
      text = ((a + b) / 2).toFixed(most) + " ± " + step.toFixed(most) + u;
    }
    const d = document.createElement("details");
    d.className = "interval";
    const s = document.createElement("summary");
    // "26.69" and "± 0.01 %" may go on two lines in a narrow column, never the ± apart from its digits
    const cut = text.indexOf(" ± ");
    const pm = document.createElement("span");
    pm.className = "pm";
    pm.textContent = cut < 0 ? "" : text.slice(cut + 1);
    s.append(cut < 0 ? text : text.slice(0, cut), ...(cut < 0 ? [] : [" ", pm]));
    s.title = "show the certified interval";
    const full = document.createElement("span");
    full.className = "exact";
    full.textContent = "certified: between " + a.toPrecision(12) + u + " and " + b.toPrecision(12) + u +
      " (" + intervalText(lo, hi, k, u) + ")";
    d.append(s, full);
    return d;
  }

  // SVG drawings scale with their box: a drawing marked data-legible gets --u, its user units per CSS pixel,
  // so that its stylesheet can keep text at a readable size however small the drawing is drawn
  // (font-size: max(10px, calc(11.5px * var(--u)))).
  function legible(svg) {
    const set = () => {
      const vb = svg.viewBox && svg.viewBox.baseVal;
      const w = svg.getBoundingClientRect().width;
      if (vb && vb.width && w) svg.style.setProperty("--u", (vb.width / w).toFixed(4));
    };
    set();
    if (window.ResizeObserver) new ResizeObserver(set).observe(svg);
    return set;
  }
  function legibleAll() { for (const svg of document.querySelectorAll("svg[data-legible]")) legible(svg); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", legibleAll);
  else legibleAll();

  // On a phone a long introduction shows three lines and a "More" button, so that the game is on the first
  // screen (the whole text stays in the page for screen readers).
  function clampIntros() {
    if (!window.matchMedia || !window.matchMedia("(max-width: 40rem)").matches) return;
    for (const p of document.querySelectorAll("main > .sub, main > .intro-note")) {
      const line = parseFloat(getComputedStyle(p).lineHeight) || 20;
      if (p.scrollHeight <= 3.5 * line) continue;
      p.classList.add("clamped");
      const more = document.createElement("button");
      more.type = "button";
      more.className = "more";
      more.textContent = "More";
      more.setAttribute("aria-expanded", "false");
      more.addEventListener("click", () => {
        const open = !p.classList.toggle("clamped");
        more.setAttribute("aria-expanded", String(open));
        more.textContent = open ? "Less" : "More";
      });
      p.after(more);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", clampIntros);
  else clampIntros();

  // The page's next step as its one primary button ("Play again", "Next round"), placed by the caller right
  // under the result it follows.
  function primaryButton(id, text, onClick) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "primary";
    button.id = id;
    button.textContent = text;
    button.addEventListener("click", onClick);
    return button;
  }

  return { api, wait, ask, unask, showError, setBusy, pct, $, exactNode, said, reveal, decimalOf, intervalText, digitsOf, animate,
           sentence, collapsible, intervalNode, legible, onPhone, primaryButton };
})();

// ---- The game's story, motion and terms (issue 36: a game told as it goes) -------------------------------
// - `parlour.story(box, opts)`: a small line chart, like lichess's evaluation graph, of the player's exact
//   chance (or expected score) after every move, with a table of the same numbers for screen readers and
//   the ending's sentence: who won, by how much, what optimal play expected and the move that cost most.
// - `parlour.glide(el, keyframes, ms)`: a short motion (at most 400 ms, none under prefers-reduced-motion);
//   `parlour.finishMotion()` ends every running one at once, so that a new move never waits for it (every
//   request through `parlour.api` calls it first).
// - `parlour.terms(root)`: each [data-term] gets a (?) button whose one-line explanation shows on hover,
//   focus or tap (aria-describedby: a screen reader hears it with the button).
(function (p) {
  const NS = "http://www.w3.org/2000/svg";
  const L = 40, R = 8, T = 10, B = 20;  // margins in px: the chart is drawn at its box's width, so 11 px stays 11 px
  let made = 0;  // ids for the charts' tables and captions

  function svg(name, attrs, text) {
    const n = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) n.setAttribute(k, String(v));
    if (text !== undefined) n.textContent = text;
    return n;
  }

  function reduced() {
    return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  function finishMotion() {
    if (!document.getAnimations) return;
    for (const a of document.getAnimations()) {
      try { a.finish(); } catch (_) { a.cancel(); }  // an endless one cannot finish: it stops
    }
  }

  function glide(el, keyframes, ms) {
    if (!el || !el.animate || reduced()) return null;
    return el.animate(keyframes, { duration: Math.min(ms || 300, 400), easing: "ease-out" });
  }

  // opts: {title, series: [names], format(v) -> text, lo, hi (the y range; else the data's), lower (true when
  // a lower value is better for the player: the guesser's guesses left)}
  function story(box, opts) {
    const o = opts || {};
    const id = "story-" + (++made);
    const names = o.series || ["value"];
    const fmt = o.format || ((v) => Number(v).toFixed(3));
    const axis = o.axis || fmt;  // the y axis's labels: short
    const points = [];  // {label, values, loss, lossText}
    const fig = document.createElement("figure");
    fig.className = "story";
    fig.id = id;
    const cap = document.createElement("figcaption");
    cap.id = id + "-cap";
    cap.textContent = o.title || "The game so far";
    const chart = svg("svg", { role: "img", "aria-labelledby": id + "-cap " + id + "-sum", class: "story-chart" });
    const sum = document.createElement("p");
    sum.className = "story-sum sr-only";
    sum.id = id + "-sum";
    const details = document.createElement("details");
    details.className = "story-table";
    const dsum = document.createElement("summary");
    dsum.textContent = "The story in numbers";
    const table = document.createElement("table");
    const head = document.createElement("tr");
    for (const t of ["move", ...names, "what happened"]) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = t;
      if (t === "what happened") th.className = "said";
      head.appendChild(th);
    }
    const thead = document.createElement("thead");
    thead.appendChild(head);
    const tbody = document.createElement("tbody");
    table.append(thead, tbody);
    const scroll = document.createElement("div");
    scroll.className = "scroll";
    scroll.tabIndex = 0;  // a wide table scrolls sideways on a phone: the keyboard must reach it
    scroll.setAttribute("role", "group");
    scroll.setAttribute("aria-label", "the story in numbers");
    scroll.appendChild(table);
    details.append(dsum, scroll);
    const end = document.createElement("div");
    end.className = "story-end";
    end.setAttribute("aria-live", "polite");
    end.hidden = true;
    const legend = document.createElement("p");
    legend.className = "story-legend";
    legend.setAttribute("aria-hidden", "true");  // the summary and the table name the lines
    names.forEach((name, s) => {
      const key = document.createElement("span");
      key.className = "key s" + (s + 1);
      key.textContent = name;
      legend.appendChild(key);
    });
    legend.hidden = names.length < 2;
    fig.append(cap, legend, chart, sum, end, details);
    box.replaceChildren(fig);

    function worst() {
      let at = -1;
      points.forEach((pt, i) => { if (pt.loss > 1e-12 && (at < 0 || pt.loss > points[at].loss)) at = i; });
      return at;
    }

    function draw() {
      chart.replaceChildren();
      const W = Math.round(Math.max(260, Math.min(640, fig.clientWidth - 20 || 320)));
      const H = Math.round(Math.max(130, Math.min(200, W * 0.36)));
      chart.setAttribute("viewBox", "0 0 " + W + " " + H);
      chart.setAttribute("width", W);
      chart.setAttribute("height", H);
      const all = points.flatMap((pt) => pt.values).filter((v) => Number.isFinite(v));
      let lo = o.lo !== undefined ? o.lo : Math.min(...all, 0);
      let hi = o.hi !== undefined ? o.hi : Math.max(...all, 1e-9);
      if (hi - lo < 1e-9) { hi = lo + 1; }
      const n = Math.max(points.length - 1, 1);
      const x = (i) => L + (W - L - R) * i / n;
      const y = (v) => T + (H - T - B) * (1 - (v - lo) / (hi - lo));
      for (const v of [lo, (lo + hi) / 2, hi]) {
        chart.appendChild(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }));
        chart.appendChild(svg("text", { x: L - 3, y: y(v) + 3, class: "axis", "text-anchor": "end" }, axis(v)));
      }
      chart.appendChild(svg("text", { x: L, y: H - 4, class: "axis" }, "start"));
      if (points.length > 1) chart.appendChild(svg("text", { x: W - R, y: H - 4, class: "axis", "text-anchor": "end" },
                                                   "move " + (points.length - 1)));
      const bad = worst();
      names.forEach((name, s) => {
        const line = points.map((pt, i) => Number.isFinite(pt.values[s]) ? x(i).toFixed(1) + "," + y(pt.values[s]).toFixed(1) : null)
          .filter(Boolean).join(" ");
        chart.appendChild(svg("polyline", { points: line, class: "line s" + (s + 1) }));
        const dots = svg("g", { class: "pts s" + (s + 1), "data-series": name });
        points.forEach((pt, i) => {
          if (!Number.isFinite(pt.values[s])) return;
          const c = svg("circle", { cx: x(i), cy: y(pt.values[s]), r: points.length > 40 ? 2 : 3, "data-i": i,
                                    class: "pt" + (i === bad && [undefined, s].includes(pt.mover) ? " worst" : "") });
          c.appendChild(svg("title", {}, (i ? "move " + i : "start") + ": " + name + " " + fmt(pt.values[s])));
          dots.appendChild(c);
        });
        chart.appendChild(dots);
      });
      chart.dataset.points = String(points.length);
      const last = points[points.length - 1];
      sum.textContent = points.length ? names.map((name, s) => name + " " + fmt(points[0].values[s]) + " at the start, " +
        fmt(last.values[s]) + (points.length > 1 ? " after move " + (points.length - 1) : "")).join("; ") + "." : "";
    }

    // One row per point. In a narrow panel (a phone) the "what happened" column gives way to a line of its own
    // under the point's numbers (tr.said-below, colspan over the visible columns), so that the numbers of up to
    // four players fit the panel; the stylesheet shows one of the two, never both (display: none leaves the other
    // out of the accessibility tree too).
    function row(pt, i) {
      const tr = document.createElement("tr");
      const cells = [i ? String(i) : "start", ...pt.values.map((v) => (Number.isFinite(v) ? fmt(v) : "–")), pt.label || ""];
      cells.forEach((t, k) => {
        const td = document.createElement(k === 0 ? "th" : "td");
        if (k === 0) td.scope = "row";
        if (k === cells.length - 1) td.className = "said";
        td.textContent = t;
        tr.appendChild(td);
      });
      tbody.appendChild(tr);
      if (!pt.label) return;
      const below = document.createElement("tr");
      below.className = "said-below";
      const td = document.createElement("td");
      td.colSpan = names.length + 1;
      td.textContent = pt.label;
      below.appendChild(td);
      tbody.appendChild(below);
    }

    const api = {
      // a new game: its first point, what the analysis expects from the start
      reset(values, label) {
        points.length = 0;
        tbody.replaceChildren();
        end.hidden = true;
        end.replaceChildren();
        fig.classList.remove("ended");
        api.add({ values, label: label || "the start" });
      },
      // after a move: every series' value, what happened, and what it cost its mover (loss > 0: the mover's
      // value fell; lossText says it in words; mover: the series of the player who moved, if it has one)
      add(pt, later) {
        points.push({ label: pt.label || "", values: pt.values.map(Number), loss: Number(pt.loss) || 0, lossText: pt.lossText || "",
                      mover: pt.mover });
        row(points[points.length - 1], points.length - 1);
        if (!later) draw();
      },
      // the whole story at once (a page whose server sends it with every answer): drawn once, not per point
      all(start, moves) {
        api.reset(start.values, start.label);
        for (const pt of moves) api.add(pt, true);
        draw();
      },
      // the ending: the verdict, what optimal play expected, and the costliest move, under the chart
      end(verdict, expected) {
        end.replaceChildren();
        const h = document.createElement("p");
        h.className = "story-verdict";
        h.textContent = verdict;
        end.appendChild(h);
        if (expected) {
          const e = document.createElement("p");
          e.textContent = expected;
          end.appendChild(e);
        }
        const bad = worst();
        const c = document.createElement("p");
        c.className = bad > 0 ? "story-costliest" : "story-clean";  // red only for a move that lost something
        c.textContent = bad > 0 ? "The costliest move: move " + bad + " (" + points[bad].label.replace(/\.$/, "") + "): " +
          points[bad].lossText + "." : "No move lost anything: no drop in the chart.";
        end.appendChild(c);
        end.hidden = false;
        fig.classList.add("ended");
        draw();
      },
      count() { return points.length; },
      element: fig,
    };
    return api;
  }

  // ---- terms: a (?) with a one-line explanation, by mouse, keyboard and touch ----------------------------
  let tips = 0;
  function closeAll(except) {
    for (const b of document.querySelectorAll("button.term-q[aria-expanded='true']")) {
      if (b !== except) { b.setAttribute("aria-expanded", "false"); b.nextElementSibling.hidden = true; }
    }
  }
  function terms(root) {
    for (const t of (root || document).querySelectorAll("[data-term]:not([data-term-ready])")) {
      t.dataset.termReady = "";
      const tip = document.createElement("span");
      tip.className = "term-tip";
      tip.id = "term-tip-" + (++tips);
      tip.setAttribute("role", "tooltip");
      tip.textContent = t.dataset.term;
      tip.hidden = true;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "term-q";
      b.textContent = "?";
      b.dataset.keepEnabled = "";
      b.setAttribute("aria-label", "what is " + (t.dataset.termName || t.textContent.trim()) + "?");
      b.setAttribute("aria-describedby", tip.id);
      b.setAttribute("aria-expanded", "false");
      // hover and focus show it for as long as they last; a click or tap pins it open, a second one closes it
      let pinned = false;
      const show = (on) => { if (on) closeAll(b); else pinned = false; b.setAttribute("aria-expanded", String(on)); tip.hidden = !on; };
      b.addEventListener("click", (e) => {
        e.preventDefault();
        e.stopPropagation();
        if (pinned) { show(false); return; }
        show(true);
        pinned = true;
      });
      b.addEventListener("mouseenter", () => show(true));
      b.addEventListener("mouseleave", () => { if (!pinned) show(false); });
      b.addEventListener("focus", () => show(true));
      b.addEventListener("blur", () => show(false));
      b.addEventListener("keydown", (e) => { if (e.key === "Escape") show(false); });
      const wrap = document.createElement("span");
      wrap.className = "term-help";
      wrap.append(b, tip);
      t.after(wrap);
    }
  }
  document.addEventListener("click", () => closeAll(null));
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => terms(document));
  else terms(document);

  // every request finishes the motions still running: the move it answers must not wait for them
  const call = p.api;
  p.api = function (url, body, busyText) { finishMotion(); return call(url, body, busyText); };
  Object.assign(p, { story, glide, finishMotion, reduced, terms });
})(window.parlour);
