// The cow-trade end game: a whole set played against the optimal bidder (the server keeps no game state:
// the page sends the game and the state with every move), and the hidden-money last trade.
// The analysis board (board.js) keeps the game as its record (docs/json.md, "Game records": per trade the
// challenger's offer, then the other's answer): the address carries it (#record=), ←/→/Home/End, the trades'
// moves and the chart's points step through it (/cowtrade/api/endgame/replay restores a link's game, every
// position as /move answered it), "Retry from here" plays on from the start of a trade against the optimal
// computer as a side line, and POST /api/review grades every offer and answer exactly.
"use strict";
(function () {
  const P = window.parlour;
  const { api, $, showError, wait, said, exactNode } = P;
  const frac = (s) => String(s).replace("-", "−");
  let game = null;   // the record's settings, as the server checked them (sent back with every move)
  let state = null;  // the position being played (the main line's end, or the retry's)
  let start = null;  // the start's solution summary
  let first = null;  // the start's state, as the server described it
  let trades = [];   // the main line: per trade {before: the state, answer: /move's answer}
  let moves = [];    // the main line's moves (the record's)
  let playable = false;  // whether the position shown takes a move (not while stepping, not at the end)
  let mode = "live"; // "live" (the main line's end), "step" (an earlier move), "line" (a retry)
  let line = null;   // the retry: {from, moves, trades}
  let board = null;
  let picked = [];   // indices into the person's hand

  const pct = (x) => (100 * x).toFixed(1) + " %";
  const probOf = (m) => (m.probability_exact !== undefined
    ? frac(m.probability_exact) + (m.probability_exact === "1" ? "" : " (" + pct(m.probability) + ")")
    : pct(m.probability));

  function valueText(v) {
    if (v.value_is_exact) {
      const chance = (1 + v.value) / 2;
      return frac(v.value_exact) + " (you complete the set with probability " + pct(chance) + ")";
    }
    return "between " + v.value_bounds[0].toFixed(12) + " and " + v.value_bounds[1].toFixed(12) + " (proven bounds)";
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Your hand is one stop of the Tab key: the arrow keys (Home, End) move between its cards and Space or Enter
  // picks one, so that a trade takes a few keys (pick, Tab to the offer, Enter), not a Tab per card.
  let cursor = 0;  // the card of your hand that the Tab key reaches

  // `offered`: the cards of an offer on the table (stepping to an offer), marked in the hand that offers them
  function drawHand(box, cards, mine, offered) {
    box.replaceChildren();
    if (!cards.length) box.appendChild(el("span", "hint", "no money cards"));
    cursor = Math.min(cursor, Math.max(cards.length - 1, 0));
    const left = (offered || []).slice();
    cards.forEach((c, i) => {
      const b = el(mine ? "button" : "span", "eg-card v" + c, String(c));
      const at = left.indexOf(c);
      if (at >= 0) { left.splice(at, 1); b.classList.add("offered"); }
      if (mine) {
        b.type = "button";
        b.setAttribute("aria-pressed", picked.includes(i) ? "true" : "false");
        b.tabIndex = i === cursor ? 0 : -1;
        b.disabled = !playable;
        b.addEventListener("click", () => {
          picked = picked.includes(i) ? picked.filter((k) => k !== i) : picked.concat([i]);
          b.setAttribute("aria-pressed", picked.includes(i) ? "true" : "false");
          showPicked();
        });
        b.addEventListener("focus", () => { cursor = i; });
      }
      box.appendChild(b);
    });
  }

  function handKey(e) {
    const cards = [...$("eg-hand1").querySelectorAll("button.eg-card")];
    const at = cards.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: cards.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    e.stopPropagation();  // the hand's arrows move between its cards; elsewhere they step through the game
    const next = cards[Math.max(0, Math.min(cards.length - 1, to))];
    for (const c of cards) c.tabIndex = c === next ? 0 : -1;
    next.focus();
  }

  // After a move the next control has the focus (never the page's body, where the disabled button left it):
  // your hand's first card while the game runs, Play again at its end.
  function focusNext() {
    const firstCard = $("eg-hand1").querySelector("button.eg-card:not(:disabled)");
    (firstCard || $("eg-offer")).focus({ preventScroll: true });
  }

  const sum = (cards) => cards.reduce((a, b) => a + b, 0);

  function pickedCards() {
    return picked.map((i) => state.cards1[i]);
  }

  function showPicked() {
    if (!state) return;
    const what = picked.length ? picked.length + " card" + (picked.length === 1 ? "" : "s") + " (" + sum(pickedCards()) + ")" :
      "nothing";
    $("eg-offer").textContent = (state.challenger === 1 ? "Offer " : "Counter with ") + what;
  }

  function animals(n) {
    return "· " + n + " animal" + (n === 1 ? "" : "s");
  }

  function turnText(s) {
    const again = s.tied ? " (the trade is repeated after a tie)" : "";
    const stake = s.traded === 2 ? " for two animals" : "";
    if (s.challenger === 1) return "You challenge" + stake + again + ": pick the money cards to offer (none is a bluff).";
    if (s.computer_count !== undefined) {
      const n = s.computer_count;
      return "The computer challenges" + stake + again + " with an offer of " + n + " card" +
        (n === 1 ? "" : "s") + " (face down). Accept it, or pick cards for a counter-offer.";
    }
    return "The computer challenges" + stake + again + " with a hidden offer: pick your counter-offer.";
  }

  // A state on the table: hands, animals, money, whose turn, the value and both optimal strategies. `offer`:
  // stepping to a trade's first move, the offer made (its cards marked in its hand).
  function render(s, offer) {
    picked = [];
    cursor = 0;
    $("eg-board").hidden = false;
    $("eg-animals1").textContent = animals(s.animals1);
    $("eg-animals2").textContent = animals(s.animals2);
    const mine = offer && s.challenger === 1 ? offer : null, theirs = offer && s.challenger === 2 ? offer : null;
    drawHand($("eg-hand1"), s.cards1, true, mine);
    drawHand($("eg-hand2"), s.cards2, false, theirs);
    $("eg-money1").textContent = "money " + s.money1;
    $("eg-money2").textContent = "money " + s.money2;
    $("eg-turn").textContent = turnText(s);
    $("eg-actions").hidden = !playable;
    $("eg-accept").hidden = !s.can_accept;
    $("eg-value").textContent = valueText(s);
    $("eg-how").textContent = s.how;
    // a strategy of many answers is a long table on a phone: there it opens from its one-line summary
    // (the command line's shape: [{offer, probability}] when leading, [{seen, answers}] when responding)
    const strategyBox = (st, who) => {
      const leads = !st.length || st[0].seen === undefined;
      const rows = leads ? st.length : st.reduce((n, g) => n + g.answers.length, 0);
      const text = who + (leads ? ": " + rows + " offer" + (rows === 1 ? "" : "s") + " to mix"
        : ": " + rows + " answer" + (rows === 1 ? "" : "s") + " to " + st.length + " offer size" + (st.length === 1 ? "" : "s"));
      return P.collapsible(text, mixtureTable(st), rows);
    };
    $("eg-strategy1").replaceChildren(strategyBox(s.strategy1, "yours"));
    $("eg-strategy2").replaceChildren(strategyBox(s.strategy2, "the computer's"));
    if (playable) showPicked();
  }

  const handText = (cards) => (cards.length ? cards.slice().sort((a, b) => b - a).join(" ") + " (" + sum(cards) + ")" :
    "no cards");
  const startValue = () => (start.value_is_exact ? frac(start.value_exact) : start.value.toFixed(6));

  // The end of a game (the main line's or a retry's): the hands after the last trade, who completed the set.
  function renderEnd(t, retry) {
    const end = t.answer.end, won = end.winner === 1;
    picked = [];  // no card of the last offer stays marked as picked
    playable = false;
    $("eg-result").textContent = (retry ? "Your retry: " : "") +
      (won ? "You complete the set." : "The computer completes the set.") +
      " You end with " + handText(end.cards1) + ", the computer with " + handText(end.cards2) + "." +
      " Optimal play from the start: you would have completed it with probability " + pct(start.completes1) +
      " (value " + startValue() + ").";
    $("eg-result").hidden = false;
    $("eg-actions").hidden = true;
    const a1 = won ? start.set_size : 0;
    $("eg-animals1").textContent = animals(a1);
    $("eg-animals2").textContent = animals(start.set_size - a1);
    $("eg-turn").textContent = "The game is over.";
    drawHand($("eg-hand1"), end.cards1, true);
    drawHand($("eg-hand2"), end.cards2, false);
    $("eg-money1").textContent = "money " + sum(end.cards1);
    $("eg-money2").textContent = "money " + sum(end.cards2);
    $("eg-value").textContent = (won ? "+1" : "−1") + " (the game is over)";
    $("eg-how").textContent = "the end of the game";
  }

  // ---- the game's story: your value after every move; money cards slide from hand to hand -----------
  let tale = null;
  const signed = (x) => (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(x).toFixed(3);
  const valueOf = (v) => Number(v.value);  // exact, or the midpoint of proven bounds a hair apart
  const after = (t) => (t.answer.end ? Number(t.answer.end.payoff) : valueOf(t.answer.next));
  const offerOf = (t) => (t.before.challenger === 1 ? t.answer.offer1 : t.answer.offer2);
  const offerCards = (t) => { const o = offerOf(t); return o && Array.isArray(o.move) ? o.move : []; };
  const answerOf = (t) => (t.answer.accepted ? "accept" : (t.before.challenger === 1 ? t.answer.offer2 : t.answer.offer1).text);

  function beginStory() {
    tale = P.story($("eg-tale"), { title: "Your value after every trade (+1: you complete the set, −1: the computer does)",
      series: ["your value"], lo: -1, hi: 1, format: signed,
      axis: (x) => signed(x).replace(".000", "") });
    tale.reset([first ? valueOf(first) : 0], "the start");
  }

  function offerWords(t) {
    const you = t.before.challenger === 1;
    return (you ? "You offer " : "The computer offers ") + offerOf(t).text +
      (!you && t.before.computer_count !== undefined ? " (you see " + t.before.computer_count + " card" +
        (t.before.computer_count === 1 ? "" : "s") + ")" : "");
  }

  function answerWords(t) {
    const you = t.before.challenger === 2, word = answerOf(t);
    return (you ? "You " : "The computer ") + (word === "accept" ? (you ? "accept" : "accepts") :
      (you ? "counter with " : "counters with ") + word);
  }

  // A point per trade (the chart's "move n" is trade n; the board's marker sits halfway at its offer). A point's
  // loss is the review's costliest decision of yours in that trade (the computer plays its optimal mixture, never
  // blamed), so the chart's costliest point is the trade of the costliest decision, never a stroke of luck.
  function storyPoints(review) {
    return trades.map((t, k) => {
      const mine = review ? review.decisions.filter((d) => d.player === "you" && Math.ceil(d.ply / 2) === k + 1) : [];
      const d = mine.reduce((a, b) => (!a || b.loss > a.loss ? b : a), null);
      return { values: [after(t)], label: t.answer.story, mover: 0, loss: d ? d.loss : 0,
               lossText: d && d.loss > 0 ? "at move " + d.ply + " you played " + d.move + " where " + d.best +
                 " was best: it lost " + said(d.loss_exact, d.loss, 3) + " in expected payoff (" + d.grade + ")" : "" };
    });
  }

  function drawStory(review) {
    if (!tale) beginStory();
    tale.all({ values: [valueOf(first)], label: "the start" }, storyPoints(review));
    const last = trades[trades.length - 1];
    if (!last || !last.answer.end) return;
    const won = last.answer.end.winner === 1, end = last.answer.end;
    tale.end((won ? "You complete the set" : "The computer completes the set") + " after " + trades.length +
             (trades.length === 1 ? " trade." : " trades.") + " You end with " + sum(end.cards1) +
             " in money, the computer with " + sum(end.cards2) + ".",
             "Optimal play from the start: you would have completed the set with probability " + pct(start.completes1) +
             " (value " + startValue() + ").");
  }

  // ---- the move list: a trade per item, its two moves buttons that step there -------------------------------
  function logItem(t, k) {
    const li = el("li", k === null ? "new" : "");
    for (const [j, text] of [[1, offerWords(t)], [2, answerWords(t)]]) {
      const b = el(k === null ? "span" : "button", k === null ? "" : "ply", text);
      if (k !== null) { b.type = "button"; b.dataset.ply = String(2 * k + j); b.dataset.keepEnabled = ""; }
      li.appendChild(b);
    }
    li.appendChild(el("span", "eg-told", t.answer.story + " Value before the trade: " + valueText(t.before) + "."));
    return li;
  }

  // `quiet`: the board is about to step (leaving a retry), which marks the current move itself
  function drawLog(quiet) {
    $("eg-log").replaceChildren(...trades.map((t, k) => logItem(t, k)),
                                ...(line ? line.trades.map((t) => logItem(t, null)) : []));
    if (board && !quiet) board.update();
  }

  // The cards each offer paid slide into the other hand (they change hands whatever the outcome).
  function slide(into, from, values) {
    const used = new Set();
    const origin = from.getBoundingClientRect();
    for (const v of values || []) {
      const card = [...into.querySelectorAll(".eg-card")].find((c) => !used.has(c) && Number(c.textContent) === v);
      if (!card) continue;
      used.add(card);
      const at = card.getBoundingClientRect();
      const dx = origin.left + origin.width / 2 - (at.left + at.width / 2), dy = origin.top + origin.height / 2 - (at.top + at.height / 2);
      P.glide(card, [{ transform: "translate(" + dx + "px," + dy + "px)" }, { transform: "none" }], 350);
    }
  }

  function slideMoney(data) {
    const paid1 = data.offer1 && Array.isArray(data.offer1.move) ? data.offer1.move : [];
    const paid2 = data.offer2 && Array.isArray(data.offer2.move) ? data.offer2.move : [];
    slide($("eg-hand2"), $("eg-hand1"), paid1);
    slide($("eg-hand1"), $("eg-hand2"), paid2);
  }

  // What the start puts at stake, said before the first trade: who completes the set how often with both
  // playing well (a start decided before it begins says so).
  function stakes(v) {
    const value = v.value_is_exact ? frac(v.value_exact) : v.value.toFixed(6);
    if (v.completes1 >= 1 - 1e-12) return "The stakes: this start is yours whatever the computer does (value " + value + ").";
    if (v.completes2 >= 1 - 1e-12) return "The stakes: this start is the computer's whatever you do (value " + value + ").";
    return "The stakes: with both playing well you complete the set " + pct(v.completes1) + " of the time and the " +
      "computer " + pct(v.completes2) + " (value " + value + " for you, +1 a set of yours, −1 the computer's).";
  }

  function stateOf(s) {
    return { animals1: s.animals1, cards1: s.cards1, cards2: s.cards2, challenger: s.challenger, tied: s.tied };
  }

  // The end game's answer: at once for a quartet; a quintet is solved by a job the first time, which this
  // waits for (after its estimate and a Start button when it is long) before asking again.
  async function solvedCall(url, body, busyText) {
    let data = await api(url, body, busyText);
    for (let round = 0; data && data.ready === false && round < 4; round++) {
      if (data.ask) {
        if (!(await P.ask("Solving this quintet", data.expect, ["eg-status"]))) return null;
        body = Object.assign({}, body, { start: true });
      } else {
        const what = "solving the quintet (up to " + data.states + " states; expect " + data.expect + ")";
        if (!(await wait(data.job, 400, { placeholders: ["eg-status"], what: what }))) return null;
      }
      data = await api(url, body, busyText);
    }
    return data && data.ready === false ? null : data;
  }

  // ---- the record and the board -----------------------------------------------------------------------------
  function record() {
    return { parlour_record: 1, game: "cowtrade_endgame", settings: { ...game }, moves: moves.slice() };
  }

  const mainOver = () => trades.length > 0 && !!trades[trades.length - 1].answer.end;
  const liveState = () => (trades.length ? trades[trades.length - 1].answer.next : first);

  // A new game (the server's answer for its start, or a restored record's): the table at its start.
  function setup(settings, summary, firstState) {
    game = settings;
    start = summary;
    first = firstState;
    trades = [];
    moves = [];
    line = null;
    mode = "live";
    $("eg-story").textContent = "";
    $("eg-stakes").textContent = stakes(start);
    $("eg-start-value").textContent = valueText(start) + " — " + start.how;
    $("eg-board").hidden = false;  // before the chart is drawn: it takes its box's width
    beginStory();
    $("eg-start-odds").textContent = "you complete the set " + pct(start.completes1) + ", the computer " +
      pct(start.completes2) + (start.endless > 1e-12 ? ", never ends " + pct(start.endless) : "") +
      "; expected trades " + (Number.isFinite(start.expected_trades) ? start.expected_trades.toFixed(3) : "∞") +
      " (" + start.states + " states)";
    $("eg-grades").replaceChildren(P.board.intro("Grades", $("eg-grades").dataset.intro));
  }

  // The main line's end: the position to play, or the end with Play again. Returns the control to focus.
  function showLive() {
    mode = "live";
    $("eg-again").hidden = true;
    $("eg-result").hidden = true;
    const last = trades[trades.length - 1];
    $("eg-story").textContent = last ? last.answer.story : "";
    if (mainOver()) {
      renderEnd(last, false);
      $("eg-again").hidden = false;
      return $("eg-again");
    }
    playable = true;
    state = liveState();
    render(state);
    return null;
  }

  // An earlier position of the main line: before a trade (even ply) or after its offer (odd ply).
  function showAt(ply) {
    mode = "step";
    playable = false;
    const k = Math.floor(ply / 2), t = trades[k];
    $("eg-again").hidden = true;
    $("eg-result").hidden = true;
    render(t.before, ply % 2 ? offerCards(t) : null);
    const hint = " Stepping: ← and → move, End goes back to the game.";
    $("eg-turn").textContent = (ply % 2 ? "Trade " + (k + 1) + ", move " + ply + ": " + offerWords(t) + "." :
      (k ? "Before trade " + (k + 1) + " (move " + ply + ")." : "The start.") + " " + turnText(t.before)) + hint;
    $("eg-story").textContent = k && ply % 2 === 0 ? trades[k - 1].answer.story : "";
  }

  // One review at a time (a trade made while one runs asks again once it is back), the chart redrawn with its
  // losses.
  let grading = false, regrade = false;
  async function grade() {
    if (!start.value_is_exact) {  // a quintet that can go round: proven bounds, and the grades are exact only
      $("eg-grades").replaceChildren(P.board.intro("Grades", "This end game can go round and round: its values are " +
        "proven bounds, not exact fractions, so its moves are not graded (the grades compare exact values)."));
      return;
    }
    if (grading) { regrade = true; return; }
    grading = true;
    const r = await board.review();
    grading = false;
    if (regrade) { regrade = false; grade(); return; }
    if (r && mode !== "line") drawStory(r);
  }

  async function begin(ev, again) {
    if (ev) ev.preventDefault();
    const asked = !!ev || !!again;
    const spec = {
      set_size: Number($("eg-size").value), animals1: Number($("eg-animals").value),
      challenger: Number($("eg-challenger").value),
      // the text as typed: the server reads it and quotes it in an error ("abc" would be NaN, sent as null)
      cards1: $("eg-cards1").value, cards2: $("eg-cards2").value,
      rules: $("eg-rules").value, next: $("eg-next").value,
    };
    const data = await solvedCall("/cowtrade/api/endgame/state", { game: spec }, "solving the end game…");
    if (!data) return;
    setup(data.settings, data.start, data.state);
    drawLog();
    board.recorded(record(), { fresh: true });
    if (asked) {  // Start or Play again (not the page's own first game, which takes no focus)
      focusNext();
      P.reveal($("eg-you"), $("eg-actions"));
    }
  }

  async function move(response) {
    if (!playable) return;
    const body = { game, state: stateOf(state) };
    if (state.challenger === 1) body.offer = pickedCards();
    else {
      body.response = response === "accept" ? "accept" : pickedCards();
      if (state.computer_count !== undefined) body.count = state.computer_count;
    }
    const data = await solvedCall("/cowtrade/api/endgame/move", body, "the computer moves…");
    if (!data) return;
    const t = { before: state, answer: data };
    if (mode === "line") { lineTrade(t); return; }
    trades.push(t);
    moves.push(...data.moves);
    drawLog();
    const control = board.recorded(record(), { story: null });
    slideMoney(data);
    if (control) {
      control.focus({ preventScroll: true });
      // the hands, the last trade, the result and Play again on screen; when all do not fit, the last three
      P.reveal($("eg-you"), control);
      P.reveal($("eg-story"), control);
    } else {
      focusNext();
      P.reveal($("eg-you"), $("eg-story"));
    }
    grade();
  }

  // ---- retry from here: a side line from the start of a trade, against the optimal computer ----------------
  const canRetry = (ply) => mode !== "line" && Math.floor(ply / 2) < trades.length;

  async function startRetry(ply) {
    if (!canRetry(ply)) return;
    const from = ply - (ply % 2), k = from / 2;
    // the state afresh: the computer draws its card count again (the game's own was the game's)
    const fresh = await solvedCall("/cowtrade/api/endgame/state", { game, state: stateOf(trades[k].before) }, "…");
    if (!fresh) return;
    mode = "line";
    line = { from, moves: [], trades: [] };
    board.setLine({ from, moves: [] });
    playable = true;
    state = fresh.state;
    $("eg-again").hidden = true;
    $("eg-result").hidden = true;
    render(state);
    $("eg-story").textContent = "Your retry from move " + from + " (trade " + (k + 1) + "): play on against the " +
      "optimal computer; the game itself stays in the record.";
    drawLog();
    board.remember();
    focusNext();
  }

  function lineTrade(t) {
    line.trades.push(t);
    line.moves.push(...t.answer.moves);
    board.setLine({ from: line.from, moves: line.moves.slice() });
    drawLog();
    board.remember();
    $("eg-story").textContent = "Your retry: " + t.answer.story;
    if (t.answer.end) {
      renderEnd(t, true);
      const back = $("eg-tools").querySelector(".main-line");
      back.focus({ preventScroll: true });
      P.reveal($("eg-result"), back);
      return;
    }
    state = t.answer.next;
    render(state);
    slideMoney(t.answer);
    focusNext();
  }

  // A link's record: its settings in the form, its main line replayed by the server, the board at its end.
  async function restore(rec) {
    const s = rec.settings || {};
    const pick = (id, v) => { if (v !== undefined && [...$(id).options].some((o) => o.value === String(v))) $(id).value = String(v); };
    pick("eg-size", s.set_size);
    $("eg-size").dispatchEvent(new Event("change"));
    pick("eg-animals", s.animals1);
    pick("eg-challenger", s.challenger);
    pick("eg-rules", s.rules);
    pick("eg-next", s.next);
    for (const k of [1, 2]) if (Array.isArray(s["cards" + k])) $("eg-cards" + k).value = s["cards" + k].join(",");
    const data = await solvedCall("/cowtrade/api/endgame/replay", { record: rec }, "restoring the game…");
    if (!data) return false;
    setup(data.settings, data.start, data.first);
    trades = data.trades.map((t) => ({ before: t.before, answer: t }));
    moves = rec.moves.slice();
    drawLog();
    board.recorded(record(), { link: rec, story: null });
    if (trades.length) grade();
    return true;
  }

  board = P.board({
    game: "cowtrade_endgame", tools: $("eg-tools"), grades: $("eg-grades"), moves: $("eg-log"),
    story: $("eg-tale"),
    plyOfPoint: (i) => 2 * i,
    pointOfPly: (ply) => ply / 2,
    live: showLive, at: showAt, tell: drawStory, keep: () => moves.length > 0 || !!line,
    retry: async (ply) => startRetry(ply),
    canRetry,
    leave: () => { mode = "step"; line = null; drawLog(true); board.remember(); },
    moveName: (ply) => "move " + ply + " (trade " + Math.ceil(ply / 2) + ", " + (ply % 2 ? "the offer" : "the answer") + ")",
  });

  const HEADS = ["hand", "P(hand)", "hidden money", "money known"];

  function bidsTable(rows, who) {
    const box = document.createDocumentFragment();
    box.appendChild(el("p", "eg-seen", who + "'s optimal bid per hand (★: a mixture that is not optimal once the " +
      "money is known: bluffing or shading)"));
    const t = el("table", "eg-bids");
    box.appendChild(t);
    const head = el("tr", "head");
    for (const h of HEADS) head.appendChild(el("th", "", h));
    t.appendChild(head);
    const nb = (t) => t.replace(/ /g, "\u00a0");
    const mix = (m) => m.map((b) => nb(b.bid + (b.probability === 1 ? "" : ": " + pct(b.probability)))).join(", ");
    for (const r of rows) {
      const tr = el("tr", r.differs ? "bluff" : "");
      const counts = {};
      for (const c of r.hand) counts[c] = (counts[c] || 0) + 1;
      const hand = Object.keys(counts).map(Number).sort((a, b) => b - a)
        .map((c) => (counts[c] > 1 ? counts[c] + "×" : "") + c).join(" ");
      const cells = [nb(hand) + " (" + r.money + ")", (100 * r.probability).toFixed(r.probability < 0.001 ? 3 : 1) + "\u00a0%",
                     (r.differs ? "★ " : "") + mix(r.hidden), mix(r.informed)];
      // each cell names its column: on a phone a row is a card of four lines (cowtrade_endgame.css)
      cells.forEach((text, k) => { const td = el("td", "", text); td.dataset.label = HEADS[k]; tr.appendChild(td); });
      t.appendChild(tr);
    }
    return box;
  }

  async function hidden(ev) {
    ev.preventDefault();
    const body = { players: Number($("hidden-players").value), donkeys: Number($("hidden-donkeys").value),
      initiative: Number($("hidden-initiative").value) };
    const data = await api("/cowtrade/api/endgame/hidden", body, "solving the hidden-money trade…");
    if (!data) return;
    $("hidden-facts").hidden = false;
    const short = (x, e) => x.toFixed(6) + (e.length <= 24 ? " = " + frac(e) : " (exact: " + e.length + " digits)");
    $("hidden-value").textContent = short(data.value, data.value_exact);
    $("hidden-informed").textContent = short(data.value_informed, data.value_informed_exact);
    $("hidden-worth").textContent = short(data.value_of_information, data.value_of_information_exact) +
      " for player 1 (both informed vs. neither)";
    $("hidden-size").textContent = data.deals + " deals, " + data.hands1 + " hands each";
    // a table of a row per hand is thousands of pixels long on a phone: there it opens from a one-line summary
    const summary = (rows, who) => who + "'s optimal bid for each of " + rows.length + " hands (" +
      rows.filter((r) => r.differs).length + " ★)";
    $("hidden-bids").replaceChildren(
      window.parlour.collapsible(summary(data.bids1, "Player 1"), bidsTable(data.bids1, "Player 1"), data.bids1.length),
      window.parlour.collapsible(summary(data.bids3, "Player 3"), bidsTable(data.bids3, "Player 3"), data.bids3.length));
  }


  // ---- two open quartets: the choice of quartet (an analysis, solved as a background job) ----------------

  // A mixture in the analyses' list shape (the end game's strategies and the two quartets' alike):
  // [{offer, probability}] when leading, [{seen, answers}] when not.
  function mixtureTable(moves) {
    const box = document.createDocumentFragment();
    const leads = !moves.length || moves[0].seen === undefined;
    const groups = leads ? [{ seen: null, answers: moves }] : moves;
    for (const g of groups) {
      box.appendChild(el("p", "eg-seen", leads ? "challenges with" : "seeing " + g.seen + ":"));
      const t = el("table", "eg-mix");
      for (const m of g.answers) {
        const tr = el("tr");
        tr.appendChild(el("th", "", leads ? m.offer : m.answer));
        tr.appendChild(el("td", "", probOf(m)));
        t.appendChild(tr);
      }
      box.appendChild(t);
    }
    return box;
  }

  const splitText = (a) => a + "–" + (4 - a);
  const points = (exact, value) => said(exact, value, 2) + " points";

  function quartetsBody() {
    return {
      points: [$("q-points0").value, $("q-points1").value], animals1: [$("q-animals0").value, $("q-animals1").value],
      cards1: $("q-cards1").value, cards2: $("q-cards2").value, held1: $("q-held1").value, held2: $("q-held2").value,
      challenger: Number($("q-challenger").value), rules: $("q-rules").value, next: $("q-next").value,
    };
  }

  function showQuartets(data) {
    const c = data.choice;
    const who = "player " + data.challenger;
    $("q-value").replaceChildren(exactNode(data.value_exact, { approx: true }),
      document.createTextNode(" points (player 1's final score minus player 2's)"));
    if (c === null) {
      $("q-each").textContent = "only one quartet is open: there is nothing to choose";
      $("q-best").textContent = "—";
      $("q-separate").textContent = "—";
    } else {
      $("q-each").textContent = c.quartets.map((q, i) => "quartet " + q + " (" + data.points[q] + "): " +
        points(c.quartet_values_exact[i], c.quartet_values[i])).join("; ");
      $("q-best").textContent = who + " trades quartet " + c.best.join(" or ") + " first";
      const alone = c.quartets.map((q, i) => "quartet " + q + " alone " + said(c.one_set_values_exact[i],
        c.one_set_values[i], 4) + " × " + data.points[q]).join(", ");
      const verdict = el("strong", c.loss === 0 ? "" : "q-wrong", c.loss === 0 ? "optimal here"
        : "wrong here: it costs " + who + " " + points(c.loss_exact, c.loss));
      $("q-separate").replaceChildren(document.createTextNode("quartet " + c.separate + " (the best for " + who +
        " by one-set value × points, the one-set value +1 when player 1 completes that quartet alone: " + alone +
        ") — "), verdict);
    }
    $("q-how").textContent = data.message + "; " + data.states.toLocaleString("en") + " states, " +
      data.seconds.toFixed(1) + " s";
    const first = data.plays[0];
    $("q-strategy1").replaceChildren(mixtureTable(first.moves1));
    $("q-strategy2").replaceChildren(mixtureTable(first.moves2));
    const list = document.createDocumentFragment();
    for (const p of data.plays.slice(0, 40)) {
      const d = el("details", "q-play");
      const tie = p.tied_quartet === null ? "" : " (after a tie in quartet " + p.tied_quartet + ")";
      d.appendChild(el("summary", "", pct(p.reach) + ": animals " + splitText(p.animals1[0]) + " and " +
        splitText(p.animals1[1]) + ", money " + handText(p.hand1) + " against " + handText(p.hand2) +
        ", player " + p.challenger + " challenges" + tie + "; value " + points(p.value_exact, p.value)));
      const cols = el("div", "two-columns eg-strategies");
      for (const [name, moves] of [["Player 1", p.moves1], ["Player 2", p.moves2]]) {
        const col = el("div", "scroll");
        col.appendChild(el("h4", "", name));
        col.appendChild(mixtureTable(moves));
        cols.appendChild(col);
      }
      d.appendChild(cols);
      list.appendChild(d);
    }
    if (data.plays.length > 40) list.appendChild(el("p", "hint", "… and " + (data.plays.length - 40) + " more"));
    $("q-plays").replaceChildren(list);
    $("q-out").hidden = false;
  }

  async function quartets(ev) {
    if (ev) ev.preventDefault();
    const body = quartetsBody();
    const url = "/cowtrade/api/endgame/quartets";
    let data = await api(url, body, "solving the two quartets…");
    if (!data) return;
    if (!data.ready) {
      const done = await wait(data.job, 400, { placeholders: ["q-status"], what: "solving the two quartets" });
      if (!done) return;
      data = await api(url, body, "reading the solution…");
      if (!data || !data.ready) return;
    }
    showQuartets(data);
  }

  $("eg-size").addEventListener("change", () => {
    const k = Number($("eg-size").value);
    const sel = $("eg-animals");
    const was = sel.value;
    sel.replaceChildren(...Array.from({ length: k - 1 }, (_, i) => el("option", "", String(i + 1))));
    sel.value = Number(was) < k ? was : "1";
  });
  $("eg-form").addEventListener("submit", begin);
  $("eg-offer").addEventListener("click", () => move(null));
  $("eg-accept").addEventListener("click", () => move("accept"));
  $("eg-hand1").addEventListener("keydown", handKey);
  $("eg-again").addEventListener("click", () => begin(null, true));
  $("eg-clear").addEventListener("click", () => { picked = []; drawHand($("eg-hand1"), state.cards1, true); showPicked(); });
  $("hidden-form").addEventListener("submit", hidden);
  $("q-form").addEventListener("submit", quartets);
  showError("");
  const linked = P.board.fromLink(location.hash);
  if (linked && linked.game === "cowtrade_endgame") restore(linked).then((ok) => { if (!ok) begin(); });
  else begin();
})();
