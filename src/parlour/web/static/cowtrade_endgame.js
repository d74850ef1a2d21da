// The cow-trade end game: a whole set played against the optimal bidder (the server keeps no game state:
// the page sends the game and the state with every move), and the hidden-money last trade.
"use strict";
(function () {
  const { api, $, showError, wait, said, exactNode } = window.parlour;
  const frac = (s) => String(s).replace("-", "−");
  let game = null;   // the start as the server checked it (sent back with every move)
  let state = null;  // the state as the server last described it
  let start = null;  // the start's solution summary
  let over = false;
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

  function drawHand(box, cards, mine) {
    box.replaceChildren();
    if (!cards.length) box.appendChild(el("span", "hint", "no money cards"));
    cursor = Math.min(cursor, Math.max(cards.length - 1, 0));
    cards.forEach((c, i) => {
      const b = el(mine ? "button" : "span", "eg-card v" + c, String(c));
      if (mine) {
        b.type = "button";
        b.setAttribute("aria-pressed", picked.includes(i) ? "true" : "false");
        b.tabIndex = i === cursor ? 0 : -1;
        b.disabled = over;
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
    const next = cards[Math.max(0, Math.min(cards.length - 1, to))];
    for (const c of cards) c.tabIndex = c === next ? 0 : -1;
    next.focus();
  }

  // After a move the next control has the focus (never the page's body, where the disabled button left it):
  // your hand's first card while the game runs, Play again at its end.
  function focusNext() {
    const first = $("eg-hand1").querySelector("button.eg-card:not(:disabled)");
    (first || $("eg-offer")).focus({ preventScroll: true });
  }

  function pickedCards() {
    return picked.map((i) => state.cards1[i]);
  }

  function showPicked() {
    const sum = pickedCards().reduce((a, b) => a + b, 0);
    const what = picked.length ? picked.length + " card" + (picked.length === 1 ? "" : "s") + " (" + sum + ")" : "nothing";
    $("eg-offer").textContent = (state.challenger === 1 ? "Offer " : "Counter with ") + what;
  }

  function animals(n) {
    return "· " + n + " animal" + (n === 1 ? "" : "s");
  }

  function render() {
    picked = [];
    cursor = 0;
    $("eg-board").hidden = false;
    $("eg-animals1").textContent = animals(state.animals1);
    $("eg-animals2").textContent = animals(state.animals2);
    drawHand($("eg-hand1"), state.cards1, true);
    drawHand($("eg-hand2"), state.cards2, false);
    $("eg-money1").textContent = "money " + state.money1;
    $("eg-money2").textContent = "money " + state.money2;
    const again = state.tied ? " (the trade is repeated after a tie)" : "";
    const stake = state.traded === 2 ? " for two animals" : "";
    if (state.challenger === 1) {
      $("eg-turn").textContent = "You challenge" + stake + again + ": pick the money cards to offer (none is a bluff).";
    } else if (state.computer_count !== undefined) {
      const n = state.computer_count;
      $("eg-turn").textContent = "The computer challenges" + stake + again + " with an offer of " + n + " card" +
        (n === 1 ? "" : "s") + " (face down). Accept it, or pick cards for a counter-offer.";
    } else {
      $("eg-turn").textContent = "The computer challenges" + stake + again + " with a hidden offer: pick your counter-offer.";
    }
    $("eg-accept").hidden = !state.can_accept;
    $("eg-value").textContent = valueText(state);
    $("eg-how").textContent = state.how;
    // a strategy of many answers is a long table on a phone: there it opens from its one-line summary
    // (the command line's shape: [{offer, probability}] when leading, [{seen, answers}] when responding)
    const strategyBox = (s, who) => {
      const leads = !s.length || s[0].seen === undefined;
      const rows = leads ? s.length : s.reduce((n, g) => n + g.answers.length, 0);
      const said = who + (leads ? ": " + rows + " offer" + (rows === 1 ? "" : "s") + " to mix"
        : ": " + rows + " answer" + (rows === 1 ? "" : "s") + " to " + s.length + " offer size" + (s.length === 1 ? "" : "s"));
      return window.parlour.collapsible(said, mixtureTable(s), rows);
    };
    $("eg-strategy1").replaceChildren(strategyBox(state.strategy1, "yours"));
    $("eg-strategy2").replaceChildren(strategyBox(state.strategy2, "the computer's"));
    showPicked();
  }

  // ---- the game's story: your value after every trade; money cards slide from hand to hand -----------
  let tale = null;
  let trades = 0;
  const signed = (x) => (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(x).toFixed(3);
  const valueOf = (v) => Number(v.value);  // exact, or the midpoint of proven bounds a hair apart

  function beginStory() {
    trades = 0;
    tale = window.parlour.story($("eg-tale"), { title: "Your value after every trade (+1: you complete the set, −1: the computer does)",
      series: ["your value"], lo: -1, hi: 1, format: signed, axis: (x) => signed(x).replace(".000", "") });
    tale.reset([valueOf(state)], "the start");
  }

  function storyTrade(before, after, text) {
    if (!tale) return;
    trades += 1;
    const yours = after < before;  // a trade moves both players: the one whose value fell paid for it
    tale.add({ values: [after], label: text, loss: Math.abs(after - before), mover: 0,
               lossText: yours ? "your value fell from " + signed(before) + " to " + signed(after)
                 : "the computer's value fell from " + signed(-before) + " to " + signed(-after) });
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
      window.parlour.glide(card, [{ transform: "translate(" + dx + "px," + dy + "px)" }, { transform: "none" }], 350);
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
        if (!(await window.parlour.ask("Solving this quintet", data.expect, ["eg-status"]))) return null;
        body = Object.assign({}, body, { start: true });
      } else {
        const what = "solving the quintet (up to " + data.states + " states; expect " + data.expect + ")";
        if (!(await wait(data.job, 400, { placeholders: ["eg-status"], what: what }))) return null;
      }
      data = await api(url, body, busyText);
    }
    return data && data.ready === false ? null : data;
  }

  async function begin(ev, again) {
    if (ev) ev.preventDefault();
    const asked = !!ev || !!again;
    const size = Number($("eg-size").value);
    const spec = {
      set_size: size, animals1: Number($("eg-animals").value), challenger: Number($("eg-challenger").value),
      // the text as typed: the server reads it and quotes it in an error ("abc" would be NaN, sent as null)
      cards1: $("eg-cards1").value, cards2: $("eg-cards2").value,
      rules: $("eg-rules").value, next: $("eg-next").value,
    };
    const data = await solvedCall("/cowtrade/api/endgame/state", { game: spec }, "solving the end game…");
    if (!data) return;
    game = spec;
    start = data.start;
    state = data.state;
    over = false;
    $("eg-log").replaceChildren();
    $("eg-story").textContent = "";
    $("eg-result").hidden = true;
    $("eg-again").hidden = true;
    $("eg-actions").hidden = false;
    $("eg-stakes").textContent = stakes(start);
    $("eg-start-value").textContent = valueText(start) + " — " + start.how;
    $("eg-board").hidden = false;  // before the chart is drawn: it takes its box's width
    beginStory();
    $("eg-start-odds").textContent = "you complete the set " + pct(start.completes1) + ", the computer " +
      pct(start.completes2) + (start.endless > 1e-12 ? ", never ends " + pct(start.endless) : "") +
      "; expected trades " + (Number.isFinite(start.expected_trades) ? start.expected_trades.toFixed(3) : "∞") +
      " (" + start.states + " states)";
    render();
    if (asked) {  // Start or Play again (not the page's own first game, which takes no focus)
      focusNext();
      window.parlour.reveal($("eg-you"), $("eg-actions"));
    }
  }

  async function move(response) {
    const body = { game, state: stateOf(state) };
    if (state.challenger === 1) body.offer = pickedCards();
    else {
      body.response = response === "accept" ? "accept" : pickedCards();
      if (state.computer_count !== undefined) body.count = state.computer_count;
    }
    const before = valueText(state);
    const was = valueOf(state);
    const data = await solvedCall("/cowtrade/api/endgame/move", body, "the computer moves…");
    if (!data) return;
    storyTrade(was, data.end ? Number(data.end.payoff) : valueOf(data.next), data.story);
    const li = el("li", "", data.story + " Value before the trade: " + before + ".");
    $("eg-log").appendChild(li);
    $("eg-story").textContent = data.story;
    if (data.end) {
      over = true;
      picked = [];  // no card of the last offer stays marked as picked
      const won = data.end.winner === 1;
      $("eg-result").textContent = (won ? "You complete the set." : "The computer completes the set.") +
        " You end with " + handText(data.end.cards1) + ", the computer with " + handText(data.end.cards2) + "." +
        " Optimal play from the start: you would have completed it with probability " + pct(start.completes1) +
        " (value " + (start.value_is_exact ? frac(start.value_exact) : start.value.toFixed(6)) + ").";
      $("eg-result").hidden = false;
      $("eg-actions").hidden = true;
      state.cards1 = data.end.cards1;
      state.cards2 = data.end.cards2;
      state.animals1 = won ? start.set_size : 0;
      state.animals2 = start.set_size - state.animals1;
      $("eg-animals1").textContent = animals(state.animals1);
      $("eg-animals2").textContent = animals(state.animals2);
      $("eg-turn").textContent = "The game is over.";
      drawHand($("eg-hand1"), state.cards1, true);
      drawHand($("eg-hand2"), state.cards2, false);
      $("eg-money1").textContent = "money " + state.cards1.reduce((a, b) => a + b, 0);
      $("eg-money2").textContent = "money " + state.cards2.reduce((a, b) => a + b, 0);
      $("eg-value").textContent = (won ? "+1" : "−1") + " (the game is over)";
      slideMoney(data);
      if (tale) tale.end((won ? "You complete the set" : "The computer completes the set") + " after " + trades +
                         (trades === 1 ? " trade." : " trades.") + " You end with " + state.cards1.reduce((a, b) => a + b, 0) +
                         " in money, the computer with " + state.cards2.reduce((a, b) => a + b, 0) + ".",
                         "Optimal play from the start: you would have completed the set with probability " + pct(start.completes1) +
                         " (value " + (start.value_is_exact ? frac(start.value_exact) : start.value.toFixed(6)) + ").");
      $("eg-how").textContent = "the end of the game";
      $("eg-again").hidden = false;
      $("eg-again").focus({ preventScroll: true });
      // the hands, the last trade, the result and Play again on screen; when all do not fit, the last three
      window.parlour.reveal($("eg-you"), $("eg-again"));
      window.parlour.reveal($("eg-story"), $("eg-again"));
      return;
    }
    state = data.next;
    render();
    slideMoney(data);
    focusNext();
    window.parlour.reveal($("eg-you"), $("eg-story"));
  }

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

  const handText = (cards) => (cards.length ? cards.slice().sort((a, b) => b - a).join(" ") +
    " (" + cards.reduce((a, b) => a + b, 0) + ")" : "no cards");
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
  begin();
})();
