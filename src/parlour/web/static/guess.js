// The guessing-game page: loads N's certified strategies (waiting on a job for large N), draws Alice's
// distribution, plays one game at a time against the server (which replays it from the state's seed),
// draws Bob's tree after a game where you hid, and keeps your tally per N in this browser. The analysis board
// (board.js) keeps the game's record (docs/json.md, "Game records") in the address, steps through it (the
// server's view of any move: api/at), grades it (POST /api/review, N <= 300) and retries from a move.
"use strict";
(function () {
  const $ = window.parlour.$;
  const api = window.parlour.api;
  const SVG = "http://www.w3.org/2000/svg";
  const TALLY_KEY = "parlour-guess-tally";

  let strategy = null; // the answer of api/strategy for the N being played
  let state = null; // the game's state, as api/new returned it
  let moves = []; // your guesses (mode guess) or your answers (mode hide)
  const P = window.parlour;
  const REVIEW_MAX = 300; // the review solves N itself (analyses/review/guess.py)
  let live = null; // the main line's latest view
  let view = "live"; // "live" (the main line's end), "step" (an earlier move), "line" (a retry)
  let lineState = null; // the retry being played: {start, prefix (your earlier guesses or answers), moves}
  let foreign = false; // a running game this server cannot play on (another server's strategies): stepped only
  const views = new Map(); // ply -> the server's view of the main line there
  let board = null;

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
    live = null;
    view = "live";
    lineState = null;
    foreign = false;
    views.clear();
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
    begin(game);
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
    showTally();
    if (state.mode === "hide") {
      // Bob's first guess and the answer buttons on screen (on a phone they sat just below it), the first
      // answer focused
      $("answer-higher").focus({ preventScroll: true });
      window.parlour.reveal($("bob-says"), $("answer-buttons"));
    }
  }

  // Each exchange of the main line is a button that steps there (after its answer); a retry's are text. While
  // stepping, the exchanges after the shown move are dimmed and the guess awaiting its answer says so.
  function historyLine(guess, answer, ply) {
    const li = document.createElement("li");
    const said = answer === undefined ? "awaiting the answer" : answer === "correct" ? "correct!" : "the number is " + answer;
    if (view === "line" || ply === null) {
      li.textContent = guess + ": " + said;
      return li;
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "ply";
    b.dataset.ply = String(ply);
    b.dataset.keepEnabled = "";
    b.textContent = guess + ": " + said;
    li.appendChild(b);
    return li;
  }

  function drawHistory(data) {
    const shown = view === "step" && live ? live : data;  // a step keeps the main line's list, its items step
    const at = view === "step" ? data.record.moves.length : Infinity;
    const items = shown.guesses.map((g, i) => {
      const li = historyLine(g, shown.answers[i], 2 * i + 2);
      if (2 * i + 1 > at) li.classList.add("ahead");
      return li;
    });
    const pending = shown.pending !== undefined ? shown.pending : state && state.mode === "hide" ? null : undefined;
    if (pending !== undefined && pending !== null) {
      const li = historyLine(pending, undefined, 2 * shown.guesses.length + 1);
      if (2 * shown.guesses.length + 1 > at) li.classList.add("ahead");
      items.push(li);
    }
    $("history").replaceChildren(...items);
    if (board) board.update();
  }

  function showGame(game) {
    drawStory(view === "step" && live ? live : game);
    drawHistory(game);
    const left = game.low === game.high ? String(game.low) : game.low + " to " + game.high;
    const playing = view !== "step" && !foreign && !game.over;
    if (state.mode === "guess") {
      let text = game.over ? "" : "Still possible: " + left + ".";
      if (view === "step" && game.pending !== undefined) text += " You guessed " + game.pending + "; Alice's answer comes next.";
      $("possible").textContent = text;
      $("guess-form").hidden = !playing;
    } else {
      $("possible").textContent = game.over ? "" : view === "step" ? "Numbers the answers still allow: " + left +
        (game.next_guess !== null ? "; Bob guesses " + game.next_guess + "." : ".") : "Numbers your answers still allow: " + left +
        ". Think of one and answer truthfully, or type it below.";
      $("bob-guess").textContent = game.over || game.next_guess === null ? "" : game.next_guess;
      $("hide-controls").hidden = !playing;
    }
    $("tree-panel").hidden = !(game.over && game.tree);
    if (game.over) finish(game);
    else $("outcome").textContent = foreign ? "This game was drawn from strategies other than the ones solved here: " +
      "its moves can be stepped through and graded, not played on. New game starts one here." : "";
  }

  // ---- the game's story: after every move, the searcher's exact expected guesses in all (data.steps) ---------
  // Guessing, a second line adds to V(N) only your guesses' losses: each of its steps is a bad guess, luck apart.
  let tale = null;
  const g3 = (x) => x.toFixed(3);

  function drawStory(game) {
    const pts = game.steps || [];
    if (!pts.length) return;
    const guessing = state.mode === "guess";
    const hi = Math.max(...pts.map((p) => Math.max(p.total, p.lost || 0)), 1);
    tale = P.story($("guess-story"), {
      title: guessing ? "Expected guesses in all (made + still needed), after every move" :
        "The most guesses in all you can still make Bob expect, after every move",
      series: guessing ? ["expected guesses in all", "V(N) + your guesses' losses"] : ["Bob's expected guesses"],
      lo: 0, hi: hi, format: g3, axis: (x) => x.toFixed(1), lower: guessing });
    const label = (pt) => {
      const m = game.record.moves[pt.ply - 1];
      return m.guess !== undefined ? (m.by === "you" ? "you guess " : "Bob guesses ") + m.guess :
        (m.by === "you" ? "you answer " : "Alice answers ") + m.answer;
    };
    tale.all({ values: guessing ? [pts[0].total, pts[0].lost] : [pts[0].total], label: "before the first guess" },
      pts.slice(1).map((pt) => ({
        values: guessing ? [pt.total, pt.lost] : [pt.total], label: label(pt), mover: guessing ? 1 : undefined,
        loss: guessing ? pt.loss : 0,
        lossText: guessing && pt.loss > 0 ? "the guess lost " + P.said(pt.loss_exact, pt.loss, 3) +
          " expected guesses against the best guess" : "" })));
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
      if (game.tree) drawTree(game);
    }
    const fresh = view === "live" && live === game && !tallied;
    if (fresh) { tallied = true; record(r.guesses); }
    showTally();
    if (view === "line") $("outcome").prepend("Your retry: ");
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
    if (view === "line") {
      const back = document.createElement("button");
      back.type = "button";
      back.id = "back-to-main";
      back.textContent = "Back to the main line";
      back.addEventListener("click", () => board.leaveLine());
      $("outcome").append(" ", back);
    }
    // the game's end: Play again has the focus (the guess box or the answer buttons it had are hidden now); a step
    // to the end keeps it on the step buttons
    if (fresh || view === "line") again.focus({ preventScroll: true });
  }
  let tallied = false;

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
    if (!state || state.mode !== "guess" || view === "step") return;
    const data = await api("api/guess", { state: state, guesses: prefix().concat(moves, [g]) }, "asking Alice…");
    if (data === null) return;
    moves = data.guesses.slice(prefix().length);
    $("guess").value = "";
    played(data);
    window.parlour.reveal($("play-panel"), data.over ? $("outcome") : $("possible"));
    if (!data.over) $("guess").focus();
    else window.parlour.reveal($("outcome"), $("again"));
  }

  async function answer(event) {
    const button = event.currentTarget;  // gone from the event once it has been dispatched
    const a = button.dataset.answer;
    if (!state || state.mode !== "hide" || view === "step") return;
    const data = await api("api/search", { state: state, answers: prefix().concat(moves, [a]) }, "Bob thinks…");
    if (data === null) return;
    moves = data.answers.slice(prefix().length);
    played(data);
    window.parlour.reveal($("play-panel"), data.over ? $("outcome") : $("bob-says"));
    if (data.over) window.parlour.reveal($("outcome"), $("again"));
    else {  // the button pressed, disabled while Bob thought, has the focus back: the next answer is a key away
      button.focus({ preventScroll: true });
      window.parlour.reveal($("bob-says"), $("answer-buttons"));
    }
  }

  async function playHidden(event) {
    event.preventDefault();
    if (!state || state.mode !== "hide" || moves.length || view !== "live") {
      window.parlour.showError(moves.length || view !== "live" ? "you have answered already: finish this game or start a new one" : "");
      return;
    }
    const data = await api("api/search", { state: state, hidden: $("hidden").value.trim() }, "Bob searches…");
    if (data === null) return;
    moves = data.answers;
    played(data);
    window.parlour.reveal($("outcome"), $("again"));
  }

  // ---- the analysis board -----------------------------------------------------------------------------------

  // the main line's earlier guesses (or answers) a retry starts from
  function prefix() {
    return lineState ? lineState.prefix : [];
  }

  // A move's answer: on the main line the record grows (the board follows it when it was at the end); in a retry
  // the side line does.
  function played(data) {
    if (view === "line") {
      board.setLine({ from: lineState.start, moves: data.record.moves.slice(lineState.start) });
    } else {
      live = data;
      views.set(data.record.moves.length, data);
      board.setRecord(data.record);
      view = "live";
    }
    showGame(data);
    remember();
    if (data.over && view === "live") grade();
  }

  function begin(data, lines) {
    views.clear();
    view = "live";
    lineState = null;
    live = data;
    tallied = data.over;  // a restored game's end is not played again
    views.set(data.record.moves.length, data);
    $("grades").replaceChildren(gradesIntro());
    $("grades").hidden = false;
    board.setRecord({ ...data.record, lines: lines || [] }, true);
    showGame(data);
    remember();
    if (data.over) grade();
  }

  // The address carries the record (the main line and the retries): a reload restores the game.
  function remember() {
    board.remember();
  }

  async function grade() {
    if (live.record.settings.n > REVIEW_MAX) {
      $("grades").replaceChildren(gradesIntro(true));
      return;
    }
    await board.review();
  }

  function gradesIntro(tooLarge) {
    return parlour.board.intro("Grades", "At the end of the game every guess is graded against the best guess, " +
      "exactly, in expected guesses of the whole game when Alice hides by her optimal odds (best loses nothing; " +
      "inaccuracy from 1/10 guess, mistake from 1/2, blunder from 1 whole guess), and the luck of every answer is " +
      "measured apart. Hiding, your decision is the number you hid. The review is for N up to " + REVIEW_MAX +
      " (it solves N's strategies itself)" + (tooLarge ? ": this game's N is larger, so it is not graded." : "."),
      tooLarge ? null : () => board.review());
  }

  async function renderAt(ply, last) {
    if (view === "line") return;
    if (last && live) { view = "live"; showGame(live); return; }
    let data = views.get(ply);
    if (!data) {
      data = await api("api/at", { record: board.record, ply: ply }, "stepping…");
      if (data === null) return;
      views.set(ply, data);
    }
    view = "step";
    showGame(data);
  }

  // Retry from here: the main line's exchanges before the move, then your own moves against the same Alice (or
  // Bob's same tree), as a side line of the record.
  async function startRetry(ply) {
    const start = ply - (ply % 2);
    const rec = board.record;
    const key = state.mode === "guess" ? "guess" : "answer";
    const earlier = rec.moves.slice(0, start).filter((m) => m[key] !== undefined).map((m) => m[key]);
    lineState = { start: start, prefix: earlier };
    const url = state.mode === "guess" ? "api/guess" : "api/search";
    const body = state.mode === "guess" ? { state: state, guesses: earlier } : { state: state, answers: earlier };
    const data = await api(url, body, "setting up…");
    if (data === null) { lineState = null; return; }
    moves = [];
    view = "line";
    played(data);
    if (state.mode === "guess") $("guess").focus();
    else $("answer-higher").focus({ preventScroll: true });
  }

  function leaveRetry() {
    view = "step";
    lineState = null;
    moves = live ? (state.mode === "guess" ? live.guesses : live.answers) : [];
  }

  // A link's record: N's strategies first; then the game where it stands. A running game is played on when this
  // server's strategies are the ones it was drawn from (the certificate) and its seed gives the same answers;
  // else it is stepped through and graded only.
  async function restore(rec) {
    const st = rec.settings || {};
    $("n").value = String(st.n || 100);
    const radio = document.querySelector("input[name=mode][value=" + (st.mode === "hide" ? "hide" : "guess") + "]");
    if (radio) radio.checked = true;
    resetGame();
    const s = await loadStrategy(String(st.n));
    if (s === null) return false;
    strategy = s;
    showValue(s);
    drawAlice(s);
    const data = await api("api/at", { record: rec, ply: rec.moves.length }, "restoring the game…");
    if (data === null) return false;
    state = { n: s.numbers, mode: st.mode === "hide" ? "hide" : "guess", seed: st.seed, certificate: st.certificate };
    foreign = st.certificate !== s.certificate_sha256 || typeof st.seed !== "number";
    if (!foreign && !data.over) {
      const url = state.mode === "guess" ? "api/guess" : "api/search";
      const mine = state.mode === "guess" ? { state: state, guesses: data.guesses } : { state: state, answers: data.answers };
      const again = await api(url, mine, "restoring the game…");
      foreign = again === null || JSON.stringify(again.record.moves) !== JSON.stringify(rec.moves);
    }
    moves = state.mode === "guess" ? data.guesses : data.answers;
    $("intro").hidden = true;
    $("play-title").textContent = state.mode === "guess" ? "Guess Alice's number" : "Hide a number from Bob";
    begin(data, rec.lines);
    showTally();
    return true;
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

  board = P.board({
    game: "guess", tools: $("board-tools"), grades: $("grades"), moves: $("history"), story: $("guess-story"),
    render: renderAt,
    retry: startRetry,
    canRetry: (ply) => !!(state && !foreign && board && board.record && ply < board.record.moves.length),
    leave: leaveRetry,
    moveName: (ply) => {
      const m = board.record.moves[ply - 1];
      return "move " + ply + " (" + (m.guess !== undefined ? m.by + " guess" + (m.by === "you" ? " " : "es ") + m.guess :
        m.by + (m.by === "you" ? " answer " : " answers ") + m.answer) + ")";
    },
  });

  $("setup").addEventListener("submit", newGame);
  $("guess-form").addEventListener("submit", guess);
  $("hidden-form").addEventListener("submit", playHidden);
  for (const b of document.querySelectorAll("#answer-buttons button")) b.addEventListener("click", answer);
  const linked = P.board.fromLink(location.hash);
  if (linked && linked.game === "guess") restore(linked);
})();
