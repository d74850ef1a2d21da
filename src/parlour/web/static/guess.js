// The guessing-game page: loads N's certified strategies (waiting on a job for large N), draws Alice's
// distribution, plays one game at a time against the server (which replays it from the state's seed),
// draws Bob's tree after a game where you hid, and keeps your tally per N in this browser.
"use strict";
(function () {
  const $ = window.parlour.$;
  const api = window.parlour.api;
  const SVG = "http://www.w3.org/2000/svg";
  const TALLY_KEY = "parlour-guess-tally";

  let strategy = null; // the answer of api/strategy for the N being played
  let state = null; // the game's state, as api/new returned it
  let moves = []; // your guesses (mode guess) or your answers (mode hide)

  function el(name, attrs, text) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function titled(node, text) {
    node.appendChild(el("title", {}, text));
    return node;
  }

  // ---- N's strategies ------------------------------------------------------------------------------

  async function loadStrategy(n) {
    let body = { n: n };
    for (let attempt = 0; attempt < 4; attempt++) {
      const data = await api("api/strategy", body, "loading the strategies for N = " + n + "…");
      if (data === null) return null;
      if (data.ready) return data;
      if (data.ask) {  // a solve beyond a minute: its estimate and a Start button first
        if (!(await window.parlour.ask("Solving the strategies for N = " + n, data.expect, ["trees", "alice-caption"]))) return null;
        body = { n: n, start: true };
        continue;
      }
      const what = "solving the strategies for N = " + n + (data.expect ? " (expect " + data.expect + ")" : "");
      if (!(await window.parlour.wait(data.job, 500, { what: what, placeholders: ["trees", "alice-caption"] }))) return null;
    }
    window.parlour.showError("the strategies for N = " + n + " could not be kept in memory; try again");
    return null;
  }

  const said = window.parlour.said;

  function showValue(s) {
    $("v-n").textContent = s.numbers;
    const known = s.value !== null;
    if (known) $("value-exact").replaceChildren(window.parlour.exactNode(s.value_exact));
    else $("value-exact").textContent = "being solved…";
    $("value-float").textContent = known ? s.value.toFixed(6) : "–";
    $("value-source").textContent = s.value_source === "table"
      ? "the shipped table of certified values" : known ? "solved and certified here" : "not in the table";
    $("max-guesses").textContent = known ? s.max_guesses : "–";
    $("trees").textContent = s.trees === null ? "being solved…" :
      s.trees + (s.trees === 1 ? " search tree" : " search trees") + " (he draws one per game)";
  }

  function drawAlice(s) {
    const svg = $("alice-chart");
    svg.replaceChildren();
    // the labels keep 11.5 screen pixels (guess.css, --u) on a chart scaled down to a phone: the margin under
    // the bars grows with them
    const u = 640 / (svg.getBoundingClientRect().width || 640);
    const n = s.numbers, W = 640, H = 200, top = Math.max(14, Math.ceil(12 * u)), bottom = Math.max(22, Math.ceil(12 * u + 10)), left = 4;
    const probs = s.alice.map((a) => a.probability);
    const peak = Math.max(...probs, 1 / n) * 1.05;
    const y = (p) => H - bottom - (H - top - bottom) * (p / peak);
    const w = (W - 2 * left) / n;
    svg.setAttribute("aria-label", "Alice's probability of hiding each number 1 to " + n +
      "; largest " + Math.max(...probs).toFixed(4) + ", uniform " + (1 / n).toFixed(4));
    s.alice.forEach((a, i) => {
      const bar = el("rect", { x: (left + i * w).toFixed(2), y: y(a.probability).toFixed(2),
        width: Math.max(w - (n <= 64 ? 1 : 0), 0.5).toFixed(2),
        height: (H - bottom - y(a.probability)).toFixed(2), class: "bar", "data-number": a.number });
      titled(bar, "P(Alice hides " + a.number + ") = " + said(a.probability_exact, a.probability, 5));
      if (n <= 64) bar.setAttribute("tabindex", "0");
      svg.appendChild(bar);
    });
    svg.appendChild(el("line", { x1: left, x2: W - left, y1: y(1 / n), y2: y(1 / n), class: "uniform" }));
    svg.appendChild(el("text", { x: W - left, y: y(1 / n) - 3, "text-anchor": "end", class: "label" }, "1/N"));
    const ticks = n <= 12 ? [...Array(n).keys()].map((i) => i + 1) : [1, Math.round(n / 4), Math.round(n / 2), Math.round(3 * n / 4), n];
    for (const k of new Set(ticks)) {
      const anchor = k === 1 && n > 12 ? "start" : k === n && n > 12 ? "end" : "middle";
      const at = anchor === "start" ? left : anchor === "end" ? W - left : left + (k - 0.5) * w;
      svg.appendChild(el("text", { x: at.toFixed(1), y: H - 6, "text-anchor": anchor, class: "label" }, String(k)));
    }
    // The numbers sharing the largest (smallest) exact probability, named up to three.
    const which = (p) => {
      const all = s.alice.filter((a) => a.probability_exact === p.probability_exact).map((a) => a.number);
      const named = all.slice(0, 3).join(", ") + (all.length > 3 ? " and " + (all.length - 3) + " more" : "");
      return named + ", with " + said(p.probability_exact) + (all.length > 1 ? " each" : "");
    };
    const most = s.alice[probs.indexOf(Math.max(...probs))], least = s.alice[probs.indexOf(Math.min(...probs))];
    $("alice-caption").textContent = "Probability that Alice hides each number 1.." + n +
      " (hover " + (n <= 64 ? "or focus " : "") + "a bar for its exact value), against the uniform 1/N " +
      "(dashed). Most likely: " + which(most) + "; least likely: " + which(least) + ".";
  }

  // ---- the game ------------------------------------------------------------------------------------

  function mode() {
    return document.querySelector("input[name=mode]:checked").value;
  }

  function resetGame() {
    state = null;
    moves = [];
    $("history").replaceChildren();
    $("guess-story").replaceChildren();
    tale = null;
    $("outcome").textContent = "";
    $("possible").textContent = "";
    $("tree-panel").hidden = true;
    $("guess-form").hidden = true;
    $("hide-controls").hidden = true;
  }

  async function newGame(event) {
    if (event) event.preventDefault();
    const text = $("n").value.trim();
    resetGame();
    // V(N) from the shipped table at once (and N checked), before any solve starts.
    const v = await api("api/value?n=" + encodeURIComponent(text));
    if (v === null) return;
    showValue({ numbers: v.numbers, value: v.value, value_exact: v.value_exact, value_source: v.source,
      max_guesses: v.max_guesses, trees: null });
    const s = await loadStrategy(text);
    if (s === null) return;
    strategy = s;
    showValue(s);
    drawAlice(s);
    const game = await api("api/new", { n: s.numbers, mode: mode() }, "drawing…");
    if (game === null) return;
    state = game.state;
    $("intro").hidden = true;
    if (state.mode === "guess") {
      $("play-title").textContent = "Guess Alice's number";
      $("guess-form").hidden = false;
      $("guess").value = "";
      $("guess").focus();
    } else {
      $("play-title").textContent = "Hide a number from Bob";
      $("hide-controls").hidden = false;
    }
    showGame(game);
    showTally();
    if (state.mode === "hide") {
      // Bob's first guess and the answer buttons on screen (on a phone they sat just below it), the first
      // answer focused
      $("answer-higher").focus({ preventScroll: true });
      window.parlour.reveal($("bob-says"), $("answer-buttons"));
    }
  }

  function historyLine(guess, answer) {
    const li = document.createElement("li");
    const said = answer === "correct" ? "correct!" : "the number is " + answer;
    li.textContent = guess + ": " + said;
    return li;
  }

  function showGame(game) {
    drawStory(game);
    $("history").replaceChildren(...game.guesses.map((g, i) => historyLine(g, game.answers[i])));
    const left = game.low === game.high ? String(game.low) : game.low + " to " + game.high;
    if (state.mode === "guess") {
      $("possible").textContent = game.over ? "" : "Still possible: " + left + ".";
      $("guess-form").hidden = game.over;
    } else {
      $("possible").textContent = game.over ? "" : "Numbers your answers still allow: " + left +
        ". Think of one and answer truthfully, or type it below.";
      $("bob-guess").textContent = game.over ? "" : game.next_guess;
      $("hide-controls").hidden = game.over;
    }
    if (game.over) finish(game);
  }

  // ---- the game's story: the searcher's exact expected guesses left after every move (data.story) ------
  let tale = null;
  const g3 = (x) => x.toFixed(3);

  function drawStory(game) {
    const pts = game.story || [];
    if (!pts.length) return;
    const guessing = state.mode === "guess";
    tale = window.parlour.story($("guess-story"), {
      title: (guessing ? "Your" : "Bob's") + " expected guesses still needed, after every " + (guessing ? "guess" : "answer"),
      series: ["guesses left"], lo: 0, hi: Math.max(...pts.map((p) => p.left), 1), format: g3, axis: (x) => x.toFixed(1) });
    tale.all({ values: [pts[0].left], label: "before the first guess" }, pts.slice(1).map((pt, i) => {
      const was = pts[i].guesses + pts[i].left, now = pt.guesses + pt.left;  // guesses made plus expected left
      const g = game.guesses[i], a = game.answers[i];
      return { values: [pt.left], mover: 0, label: "guess " + g + ": " + (a === "correct" ? "correct" : a),
               loss: guessing ? now - was : was - now,
               lossText: guessing ? "the guesses you could expect in all rose from " + g3(was) + " to " + g3(now)
                 : "the guesses you could still make Bob expect in all fell from " + g3(was) + " to " + g3(now) };
    }));
  }

  function count(k, word) {
    return k + " " + word + (k === 1 ? "" : "es");
  }

  function finish(game) {
    const r = game.result, v = said(r.value_exact, r.value, 3);
    const diff = (r.difference >= 0 ? "+" : "") + said(r.difference_exact, r.difference, 3);
    if (state.mode === "guess") {
      $("outcome").textContent = "Alice hid " + game.hidden + " (she hides it with probability " +
        said(r.alice_probability_exact, r.alice_probability, 5) + "). You needed " + count(r.guesses, "guess") + "; V(" + strategy.numbers +
        ") = " + v + " is what the best guesser averages against her ";
      // the difference, explained where it appears: an exact fraction with its rounded decimal
      const d = document.createElement("span");
      d.dataset.term = "Your guesses minus V(N): below zero you needed fewer than perfect play averages, above zero more. " +
        "The fraction is exact; the decimal after ≈ is rounded.";
      d.dataset.termName = "this difference";
      d.textContent = "(" + diff + ")";
      $("outcome").append(d, ".");
      window.parlour.terms($("outcome"));
    } else {
      $("outcome").textContent = "Bob found " + game.hidden + " in " + count(r.guesses, "guess") +
        ". His mixture needs " + said(r.bob_average_exact, r.bob_average, 3) +
        " guesses on average for that number, never more than V(" + strategy.numbers + ") = " + v + ".";
      drawTree(game);
    }
    record(r.guesses);
    showTally();
    if (tale) tale.end((state.mode === "guess" ? "You found Alice's " + game.hidden : "Bob found your " + game.hidden) + " in " +
                       count(r.guesses, "guess") + ": " + (r.difference > 0 ? "more" : r.difference < 0 ? "fewer" : "as many") +
                       " than V(" + strategy.numbers + ") (" + (r.difference >= 0 ? "+" : "") + said(r.difference_exact, r.difference, 3) + ").",
                       "Optimal play on both sides expects V(" + strategy.numbers + ") = " + v + " guesses.");
    const again = document.createElement("button");
    again.type = "button";
    again.id = "again";
    again.className = "primary again";
    again.textContent = "Play again";
    again.addEventListener("click", () => $("setup").requestSubmit());
    $("outcome").append(" ", again);
    // the game's end: Play again has the focus (the guess box or the answer buttons it had are hidden now)
    again.focus({ preventScroll: true });
  }

  // ---- your tally, per N and mode, in this browser only --------------------------------------------

  function readTally() {
    try { return JSON.parse(localStorage.getItem(TALLY_KEY) || "{}"); } catch (_) { return {}; }
  }

  function record(guesses) {
    const all = readTally(), key = state.n + ":" + state.mode;
    const t = all[key] || { games: 0, guesses: 0 };
    all[key] = { games: t.games + 1, guesses: t.guesses + guesses };
    try { localStorage.setItem(TALLY_KEY, JSON.stringify(all)); } catch (_) { /* private mode: no tally */ }
  }

  function showTally() {
    if (!strategy || !state) return;
    const t = readTally()[state.n + ":" + state.mode];
    if (!t || !t.games) { $("tally").textContent = ""; return; }
    const avg = t.guesses / t.games, who = state.mode === "guess" ? "you needed" : "Bob needed";
    $("tally").textContent = "Over " + t.games + (t.games === 1 ? " game" : " games") + " with N = " +
      state.n + ", " + who + " " + avg.toFixed(3) + " guesses on average, against V(" + state.n + ") ≈ " +
      strategy.value.toFixed(3) + ".";
    $("tally").dataset.games = t.games;
  }

  async function guess(event) {
    event.preventDefault();
    const g = $("guess").value.trim();
    if (!state || state.mode !== "guess") return;
    const data = await api("api/guess", { state: state, guesses: moves.concat([g]) }, "asking Alice…");
    if (data === null) return;
    moves = data.guesses;
    $("guess").value = "";
    showGame(data);
    window.parlour.reveal($("play-panel"), data.over ? $("outcome") : $("possible"));
    if (!data.over) $("guess").focus();
    else window.parlour.reveal($("outcome"), $("again"));
  }

  async function answer(event) {
    const button = event.currentTarget;  // gone from the event once it has been dispatched
    const a = button.dataset.answer;
    if (!state || state.mode !== "hide") return;
    const data = await api("api/search", { state: state, answers: moves.concat([a]) }, "Bob thinks…");
    if (data === null) return;
    moves = data.answers;
    showGame(data);
    window.parlour.reveal($("play-panel"), data.over ? $("outcome") : $("bob-says"));
    if (data.over) window.parlour.reveal($("outcome"), $("again"));
    else {  // the button pressed, disabled while Bob thought, has the focus back: the next answer is a key away
      button.focus({ preventScroll: true });
      window.parlour.reveal($("bob-says"), $("answer-buttons"));
    }
  }

  async function playHidden(event) {
    event.preventDefault();
    if (!state || state.mode !== "hide" || moves.length) {
      window.parlour.showError(moves.length ? "you have answered already: finish this game or start a new one" : "");
      return;
    }
    const data = await api("api/search", { state: state, hidden: $("hidden").value.trim() }, "Bob searches…");
    if (data === null) return;
    moves = data.answers;
    showGame(data);
    window.parlour.reveal($("outcome"), $("again"));
  }

  // ---- Bob's tree ----------------------------------------------------------------------------------

  function drawTree(game) {
    const t = game.tree, n = t.depths.length, height = Math.max(...t.depths);
    const dx = n <= 40 ? 26 : n <= 128 ? 10 : 4, dy = 34, pad = 14;
    const W = pad * 2 + dx * (n - 1), H = pad * 2 + dy * (height - 1) + 10;
    const svg = $("tree");
    svg.replaceChildren();
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    svg.setAttribute("width", W);
    svg.setAttribute("height", H);
    const x = (k) => pad + dx * (k - 1), y = (k) => pad + dy * (t.depths[k - 1] - 1);
    const path = new Set(game.guesses);
    for (let k = 1; k <= n; k++) {
      const p = t.parents[k - 1];
      if (p) {
        svg.appendChild(el("line", { x1: x(p), y1: y(p), x2: x(k), y2: y(k),
          class: path.has(k) && path.has(p) ? "edge on-path" : "edge" }));
      }
    }
    for (let k = 1; k <= n; k++) {
      const on = path.has(k), labelled = n <= 40 || on;
      const g = el("g", { class: "node" + (on ? " on-path" : "") + (k === game.hidden ? " found" : ""),
        "data-number": k });
      g.appendChild(el("circle", { cx: x(k), cy: y(k), r: labelled ? 9 : 2 }));
      if (labelled) {
        g.appendChild(el("text", { x: x(k), y: y(k) + 4, "text-anchor": "middle" }, String(k)));
      }
      if (on) g.setAttribute("tabindex", "0");
      titled(g, k + ": found after " + count(t.depths[k - 1], "guess"));
      svg.appendChild(g);
    }
    $("tree-caption").textContent = "Bob drew this tree with probability " + said(t.probability_exact, t.probability, 4) + " (first guess " + t.preorder[0] + "; the number k sits at depth " +
      "= the guesses k needs). This game's path is highlighted." + (n > 40 ? " Hover a dot for its number." : "");
    $("tree-panel").hidden = false;
    // a tree wider than the screen scrolls sideways: it opens on this game's path, not on its left edge;
    // a path wider than the box shows its end, the number found, with as much of the way to it as fits
    const box = svg.parentElement, xs = game.guesses.map(x);
    if (box && xs.length) {
      const scale = svg.getBoundingClientRect().width / W || 1, margin = 24;
      const lo = scale * Math.min(...xs), hi = scale * Math.max(...xs), end = scale * xs[xs.length - 1];
      let left = (lo + hi) / 2 - box.clientWidth / 2;
      if (hi - lo > box.clientWidth - 2 * margin) {
        left = end === hi ? hi + margin - box.clientWidth : end === lo ? lo - margin : end - box.clientWidth / 2;
      }
      box.scrollLeft = Math.max(0, left);
    }
  }

  function mirrorBusy() {
    const on = !$("busy").hidden;
    $("progress").hidden = !on;
    $("progress-text").textContent = on ? $("busy-text").textContent : "";
  }
  new MutationObserver(mirrorBusy).observe($("busy"), { attributes: true, childList: true, subtree: true,
    characterData: true });

  $("setup").addEventListener("submit", newGame);
  $("guess-form").addEventListener("submit", guess);
  $("hidden-form").addEventListener("submit", playHidden);
  for (const b of document.querySelectorAll("#answer-buttons button")) b.addEventListener("click", answer);
})();
