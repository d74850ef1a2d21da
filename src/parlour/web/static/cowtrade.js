// The cow-trade page: asks api/solve for a game, draws its winner matrix and replays the elimination one step
// at a time, shows the inspection game and both optimal mixtures, then plays trades through api/play.
// The server keeps nothing: the game and the score travel with every request.
// The game played is an analysis board (board.js): the page keeps it as its record (docs/json.md, "Game records":
// per trade your bid, then the computer's), the address carries it (#record=), ←/→/Home/End, the move list and the
// story chart's points step through it, "Retry from here" plays a trade again, and on, as a side line, and
// POST /api/review grades every bid against the game's value (the computer's draw is luck, apart).
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const P = window.parlour;
  const SVG = "http://www.w3.org/2000/svg";
  const WHO = { 1: "player 1", 3: "player 3" };

  let sol = null; // the last solution, as api/solve returned it
  let step = 0; // how many removals are shown as done

  const num = (x, d) => (x >= 0 ? "" : "−") + Math.abs(x).toFixed(d === undefined ? 3 : d);
  const frac = (s) => window.parlour.said(s);  // a long fraction as a decimal (the JSON keeps it exact)

  function gameBody() {
    const mode = document.querySelector("input[name=mode]:checked").value;
    const body = { mode: mode, initiative: $("initiative").value, second: $("second").value };
    if (mode === "money") {
      body.money1 = $("money1").value;
      body.money3 = $("money3").value;
    } else {
      body.cards1 = $("cards1").value;
      body.cards3 = $("cards3").value;
    }
    return body;
  }

  function showMode() {
    const cards = document.querySelector("input[name=mode]:checked").value === "cards";
    $("money-inputs").hidden = cards;
    $("cards-inputs").hidden = !cards;
  }

  // ---- the matrices ------------------------------------------------------------------------------------
  function geometry(nRows, nCols) {
    const n = Math.max(nRows, nCols);
    const cell = n <= 12 ? 30 : n <= 25 ? 18 : n <= 50 ? 10 : 6;
    const every = cell >= 14 ? 1 : cell >= 10 ? 5 : 10;
    return { cell: cell, every: every, left: 34, top: 22, text: cell >= 18 };
  }

  // Draws rows x cols with the winners (1 or 3) into svg; returns the geometry for overlays.
  function drawMatrix(svg, rows, cols, winners) {
    const g = geometry(rows.length, cols.length);
    const w = g.left + g.cell * cols.length + 2, h = g.top + g.cell * rows.length + 2;
    svg.setAttribute("viewBox", "0 0 " + w + " " + h);
    svg.setAttribute("width", w);
    svg.setAttribute("height", h);
    const parts = [];
    cols.forEach((b, j) => {
      if (j % g.every === 0) {
        parts.push('<text class="label" x="' + (g.left + g.cell * (j + 0.5)) + '" y="' + (g.top - 6) +
          '" text-anchor="middle">' + b + "</text>");
      }
    });
    rows.forEach((b, i) => {
      if (i % g.every === 0) {
        parts.push('<text class="label" x="' + (g.left - 4) + '" y="' + (g.top + g.cell * (i + 0.5) + 4) +
          '" text-anchor="end">' + b + "</text>");
      }
      const y = g.top + g.cell * i;
      for (let j = 0; j < cols.length; j++) {
        const who = winners[i][j];
        const x = g.left + g.cell * j;
        parts.push('<rect class="cell p' + who + '" x="' + x + '" y="' + y + '" width="' + g.cell + '" height="' +
          g.cell + '" data-r="' + i + '" data-c="' + j + '"/>');
        if (g.text) {
          parts.push('<text class="mark" x="' + (x + g.cell / 2) + '" y="' + (y + g.cell / 2 + 4) +
            '" text-anchor="middle">' + who + "</text>");
        }
      }
    });
    parts.push('<g class="overlay"></g><g class="played"></g><g class="cursor"></g>');
    svg.innerHTML = parts.join("");
    return g;
  }

  function rect(cls, x, y, w, h) {
    const r = document.createElementNS(SVG, "rect");
    r.setAttribute("class", cls);
    r.setAttribute("x", x);
    r.setAttribute("y", y);
    r.setAttribute("width", w);
    r.setAttribute("height", h);
    return r;
  }

  // The elimination as it stands after `step` removals: removed bids greyed, the last removal's dominated bid
  // outlined in red and its witness in green.
  function drawStep() {
    const svg = $("matrix");
    const overlay = svg.querySelector(".overlay");
    if (!sol || !overlay) return;
    const g = geometry(sol.bids1.length, sol.bids3.length);
    const row = new Map(sol.bids1.map((b, i) => [b, i]));
    const col = new Map(sol.bids3.map((b, j) => [b, j]));
    const width = g.cell * sol.bids3.length, height = g.cell * sol.bids1.length;
    const line = (player, bid, cls) => player === 1
      ? rect(cls, g.left, g.top + g.cell * row.get(bid), width, g.cell)
      : rect(cls, g.left + g.cell * col.get(bid), g.top, g.cell, height);
    overlay.replaceChildren();
    const removals = sol.removals;
    for (let k = 0; k < step; k++) overlay.appendChild(line(removals[k].player, removals[k].bid, "gone"));
    const total = removals.length;
    if (step > 0) {
      const r = removals[step - 1];
      for (const w of r.witness) overlay.appendChild(line(r.player, w.bid, "witness"));
      overlay.appendChild(line(r.player, r.bid, "dominated"));
      $("step-text").textContent = "Step " + step + " of " + total + ": " + explainStep(r);
    } else {
      $("step-text").textContent = total === 0
        ? "No bid is dominated: the whole matrix is the game."
        : total + " removals lead to the inspection game. Press Next step to see the first.";
    }
    if (step === total && total > 0) $("step-text").textContent += " That was the last: what is left is the inspection game below.";
    $("first-step").disabled = $("prev-step").disabled = step === 0;
    $("next-step").disabled = $("last-step").disabled = step === total;
    for (const [k, li] of Array.from($("step-list").children).entries()) li.classList.toggle("current", k === step - 1);
  }

  function explainStep(r) {
    const who = WHO[r.player];
    const witness = r.witness.map((w) => (w.weight_exact === "1" ? "" : frac(w.weight_exact) + "·") + "bid " + w.bid).join(" + ");
    const where = r.player === 1 ? "against every bid player 3 still has" : "against every bid player 1 still has";
    if (r.kind === "equal") {
      return who + " drops bid " + r.bid + ": it wins and loses exactly where " + witness +
        " does (a duplicate). [" + r.text + "]";
    }
    const how = r.kind === "strict" ? "wins wherever bid " + r.bid + " does, and more" :
      "wins wherever bid " + r.bid + " does, and somewhere more";
    return who + " drops bid " + r.bid + ": " + where + ", " + witness + " " + how + " (" + r.kind +
      " dominance; red: dropped, green: its witness). [" + r.text + "]";
  }

  function setStep(k) {
    if (!sol) return;
    step = Math.max(0, Math.min(sol.removals.length, k));
    drawStep();
  }

  // What one cell means, for the pointer (hover) and the keyboard (arrow keys on the focused matrix).
  function tell(svg, i, j) {
    const inspection = svg.id === "inspection";
    const rows = inspection ? sol.inspection.rows : sol.bids1;
    const cols = inspection ? sol.inspection.cols : sol.bids3;
    const winners = inspection ? sol.inspection.winners : sol.matrix;
    $(inspection ? "inspection-info" : "cell-info").textContent = "Player 1 bids " + rows[i] + ", player 3 bids " + cols[j] + ": " +
      WHO[winners[i][j]] + " ends with the quartet.";
  }

  function cellInfo(event) {
    const t = event.target;
    if (!sol || !t.dataset || t.dataset.r === undefined) return;
    tell(t.ownerSVGElement, Number(t.dataset.r), Number(t.dataset.c));
  }

  let cursor = { r: 0, c: 0 };
  function cursorKey(event) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (!sol || !(event.key in moves)) return;
    event.preventDefault();
    event.stopPropagation();  // the arrows move the cursor here, not the game's step (board.js listens on the page)
    const [dr, dc] = moves[event.key];
    cursor = { r: Math.max(0, Math.min(sol.bids1.length - 1, cursor.r + dr)),
               c: Math.max(0, Math.min(sol.bids3.length - 1, cursor.c + dc)) };
    drawCursor(true);
  }

  function drawCursor(show) {
    const group = $("matrix").querySelector(".cursor");
    if (!group) return;
    group.replaceChildren();
    if (!show) return;
    const g = geometry(sol.bids1.length, sol.bids3.length);
    group.appendChild(rect("at", g.left + g.cell * cursor.c, g.top + g.cell * cursor.r, g.cell, g.cell));
    tell($("matrix"), cursor.r, cursor.c);
  }

  // ---- the solution -------------------------------------------------------------------------------------
  function mixtureTable(table, strategy) {
    table.replaceChildren();
    const head = table.insertRow();
    for (const h of ["bid", "probability", ""]) {
      const th = document.createElement("th");
      th.textContent = h;
      head.appendChild(th);
    }
    for (const s of strategy) {
      const tr = table.insertRow();
      tr.insertCell().textContent = s.bid;
      const p = tr.insertCell();
      p.className = "exact";
      p.textContent = frac(s.probability_exact) + " (" + (100 * s.probability).toFixed(1) + " %)";
      const bar = document.createElement("span");
      bar.className = "bar";
      bar.style.width = (6 * s.probability).toFixed(3) + "rem";
      tr.insertCell().appendChild(bar);
    }
  }

  function showSolution(data) {
    sol = data;
    $("before-solve").hidden = true;
    const r = data.request;
    const hands = r.mode === "cards"
      ? "player 1's cards " + (r.cards1.join(", ") || "none") + " (" + data.money1 + "), player 3's " +
        (r.cards3.join(", ") || "none") + " (" + data.money3 + ")"
      : "player 1 has " + data.money1 + ", player 3 has " + data.money3;
    $("game-line").textContent = hands + "; " + WHO[data.initiative] + " holds the initiative; " +
      data.bids1.length + " × " + data.bids3.length + " bids";
    $("value").replaceChildren(window.parlour.exactNode(data.value_exact));
    $("value-note").textContent = "= " + num(data.value) + " for player 1 (+1 win, −1 loss)";
    $("win1").textContent = frac(data.win1_exact) + " (" + (100 * data.win1).toFixed(2) + " %) of last trades";
    const n = data.inspection_size;
    $("inspection-size").textContent = n === null ? "none: player 3 always wins" :
      n === 1 ? "1: player 1 has a bid that always wins" : n + " × " + n;
    $("closed-form").textContent = data.closed_form_exact === undefined
      ? "only for money totals (every amount can be bid)"
      : "2/⌈(t3+1)/w⌉ − 1 with band width w = " + data.band_width + ": " + frac(data.closed_form_exact) +
        (data.closed_form_exact === data.value_exact ? " (agrees)" : " (differs!)");
    // in plain words, with the solver's own name for its method one (?) away
    $("certified").textContent = data.certified ? "yes, proven in exact arithmetic" : "no";
    if (data.certified) {
      const how = document.createElement("span");
      how.dataset.term = "The bids that can never help were struck out first; a linear-programming solver (HiGHS) " +
        "then found optimal mixtures in floating point, and a check in exact fractions proved them optimal. " +
        "The method's technical name: " + data.method + ".";
      how.dataset.termName = "how it was proven";
      how.textContent = " (how)";
      $("certified").append(how);
      window.parlour.terms($("certified"));
    }
    mixtureTable($("strategy1"), data.strategy1);
    mixtureTable($("strategy3"), data.strategy3);

    drawMatrix($("matrix"), data.bids1, data.bids3, data.matrix);
    cursor = { r: 0, c: 0 };
    const list = $("step-list");
    list.replaceChildren();
    data.removals.forEach((rm, k) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "link";
      b.textContent = rm.text;
      b.addEventListener("click", () => setStep(k + 1));
      li.appendChild(b);
      list.appendChild(li);
    });
    $("step-count").textContent = data.removals.length;
    step = 0;
    drawStep();

    const ins = data.inspection;
    drawMatrix($("inspection"), ins.rows, ins.cols, ins.winners);
    $("inspection-text").textContent = n === null
      ? "Elimination leaves one cell, and player 3 wins it: whatever player 1 bids, player 3 can outbid or " +
        "outlast him. The value is −1."
      : n === 1
        ? "Elimination leaves one cell that player 1 wins: bid " + ins.rows[0] + " wins against every bid of " +
          "player 3. The value is +1."
        : "Elimination leaves " + article(n) + " " + n + " × " + n + " inspection game: player 1 wins only on " +
          "the diagonal, when his bid meets the one bid of player 3 it beats, so each plays his " + n + " bids " +
          "with probability 1/" + n + " and player 1 wins 1/" + n + " of the time: the value is 2/" + n +
          " − 1 = " + frac(data.value_exact) + ". (Columns are reordered so the diagonal shows.)" +
          (sameBids(ins.rows, data.strategy1) && sameBids(ins.cols, data.strategy3) ? "" :
            " The solver's optimal bids above are another optimal mixture with the same value: weak dominance " +
            "keeps the value, not every optimal strategy.");

  }

  function article(n) {
    const s = String(n);
    return s.startsWith("8") || s === "11" || s === "18" ? "an" : "a";
  }

  function sameBids(bids, strategy) {
    const used = strategy.map((x) => x.bid).sort((a, b) => a - b);
    const kept = bids.slice().sort((a, b) => a - b);
    return used.length === kept.length && used.every((b, k) => b === kept[k]);
  }

  async function solve(event) {
    if (event) event.preventDefault();
    if (!mayDropGame("Solving a game")) return;
    const data = await P.api("api/solve", gameBody(), "solving…");
    if (data !== null) {
      showSolution(data);
      newGame();
    }
    drawStep();
    syncPlay();
  }

  // ---- playing: a game of TRADES last trades against the optimal bidder ----------------------------------
  const TRADES = Number($("play-panel").dataset.trades) || 10;
  let settings = null;  // the record's settings: the solved game (sol.request) and the side you play
  let moves = [];  // the main line's moves: per trade your bid, then the computer's
  let answers = [];  // the main line's finished trades, each as api/play (or api/at) answered it
  let mode = "live";  // "live" (the main line's end), "step" (an earlier move), "line" (a retry)
  let retry = null;  // the retry being played: {from (a trade's start), moves, answers}
  let tale = null;  // the story chart
  let board = null;

  const signed = (x) => (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(x).toFixed(2).replace(/\.00$/, "");

  function side() {
    return Number($("side").value);
  }

  function fillBids() {
    const select = $("bid");
    const was = select.value;
    select.replaceChildren();
    for (const b of side() === 1 ? sol.bids1 : sol.bids3) {
      const o = document.createElement("option");
      o.value = b;
      o.textContent = b;
      select.appendChild(o);
    }
    if ([...select.options].some((o) => o.value === was)) select.value = was;
  }

  // The moves and finished trades of the position being played: the main line's end, or the retry's.
  function playing() { return mode === "line" ? retry : { from: 0, moves, answers }; }
  function sealedBid() {
    const m = playing().moves;
    return m.length % 2 ? m[m.length - 1].bid : null;
  }
  function tradesDone() { return mode === "line" ? retry.from / 2 + retry.answers.length : answers.length; }
  function over() { return tradesDone() >= TRADES && sealedBid() === null; }
  function scoreBefore() {
    const done = mode === "line" ? [...answers.slice(0, retry.from / 2), ...retry.answers] : answers;
    return done.length ? done[done.length - 1].score : { rounds: 0, wins: 0 };
  }

  // parlour.api enables every control when a request ends; the play buttons follow the game's own state.
  function syncPlay() {
    const live = sol !== null && settings !== null && mode !== "step";
    const sealed = sealedBid();
    $("seal").disabled = $("bid").disabled = !live || sealed !== null || over();
    $("reveal").disabled = !live || sealed === null;
    $("side").disabled = mode === "line" || sealed !== null;
  }

  function card(id, text, face) {
    const turning = $(id).parentElement.classList.contains("down") !== (face === "down");
    $(id).textContent = text;
    $(id).parentElement.classList.toggle("down", face === "down");
    if (turning) P.animate($(id).parentElement, "flipping");  // a short flip (none if motion is off)
  }

  function negate(p) {
    return p === "0" ? "0" : p.startsWith("-") ? p.slice(1) : "-" + p;
  }

  // n times an exact "p/q", reduced (the value over a whole game)
  function times(exact, n) {
    const [a, b] = String(exact).split("/");
    let p = BigInt(a) * BigInt(n), q = BigInt(b || "1");
    let x = p < 0n ? -p : p, y = q;
    while (y) [x, y] = [y, x % y];
    if (x > 1n) { p /= x; q /= x; }
    return q === 1n ? String(p) : p + "/" + q;
  }

  function verdict(a) {
    return (a.won ? "You win. " : "You lose. ") + a.story + " Your bid's expected payoff against the computer's " +
      "mixture: " + frac(a.expected_exact) + " (the value for you: " + frac(a.value_exact) + ").";
  }

  // The table at a position: `done` the finished trades, `sealed` a bid sealed in the next one (or null).
  function showPosition(done, sealed) {
    const last = done.length ? done[done.length - 1] : null;
    if (sealed !== null) {
      card("your-bid", "sealed", "down");
      card("computer-bid", "sealed", "down");
      $("outcome").textContent = "Trade " + (done.length + 1) + ": both bids are in, face down.";
    } else if (last) {
      card("your-bid", String(last.bid), "up");
      card("computer-bid", String(last.computer_bid), "up");
      $("outcome").textContent = verdict(last);
    } else {
      card("your-bid", "–", "up");
      card("computer-bid", "–", "up");
      $("outcome").textContent = "No trade yet.";
    }
    markPlayed(sealed === null ? last : null);
    $("rounds").textContent = last ? last.score.rounds : 0;
    $("wins").textContent = last ? last.score.wins : 0;
    $("average").textContent = last ? frac(last.average_exact) + " = " + num(last.average) + " per trade (total " +
      (last.total > 0 ? "+" : "") + String(last.total).replace("-", "−") + ")" : "–";
  }

  // The pair of bids of the trade shown, ringed in the winner matrix (the marker's violet: not a player's colour).
  function markPlayed(trade) {
    const group = $("matrix").querySelector(".played");
    if (!group) return;
    group.replaceChildren();
    if (!trade || !sol) return;
    const i1 = trade.side === 1 ? trade.bid : trade.computer_bid;
    const i3 = trade.side === 1 ? trade.computer_bid : trade.bid;
    const r = sol.bids1.indexOf(i1), c = sol.bids3.indexOf(i3);
    if (r < 0 || c < 0) return;
    const g = geometry(sol.bids1.length, sol.bids3.length);
    group.appendChild(rect("at", g.left + g.cell * c, g.top + g.cell * r, g.cell, g.cell));
  }

  function showSideValue() {
    if (!sol || !settings) return;
    const v = settings.side === 1 ? sol.value_exact : negate(sol.value_exact);
    $("side-value").textContent = frac(v) + " per trade for " + WHO[settings.side] +
      ": against the optimal bidder no bid of yours can expect more";
  }

  // The main line's end: the trade in progress or the last one, and the control to press next.
  function showLive() {
    mode = "live";
    const sealed = sealedBid();
    showPosition(answers, sealed);
    $("play-note").textContent = sealed !== null ? "Both bids are in: reveal them." : over() ? "" :
      "Trade " + (answers.length + 1) + " of " + TRADES + ": choose a bid and seal it.";
    ending();
    syncPlay();
    return over() ? $("play-again") : sealed !== null ? $("reveal") : $("seal");
  }

  // An earlier position of the main line: the table as it stood after move `ply`.
  function showAt(ply) {
    mode = "step";
    const k = Math.floor(ply / 2);
    showPosition(answers.slice(0, k), ply % 2 ? moves[ply - 1].bid : null);
    $("play-note").textContent = "Stepping through the game: ← and → move, End goes back to the game" +
      (k < answers.length ? ", Retry from here plays trade " + (k + 1) + " again." : ".");
    $("trade-ending").hidden = true;
    syncPlay();
  }

  // The retry: the main line's trades before it, the retry's own after; at the game's length, the way back.
  function showLine() {
    const k = retry.from / 2;
    const sealed = sealedBid();
    showPosition([...answers.slice(0, k), ...retry.answers], sealed);
    if (retry.answers.length && sealed === null) $("outcome").textContent = "Your retry: " + $("outcome").textContent;
    $("play-note").textContent = "Retry from trade " + (k + 1) + " (in the game you bid " + answers[k].bid + "): " +
      "play on against the optimal bidder; Back to the main line returns to the game.";
    const box = $("trade-ending");
    box.replaceChildren();
    box.hidden = !over();
    syncPlay();
    if (!over()) return sealed !== null ? $("reveal") : $("seal");
    const p = document.createElement("p");
    const s = scoreBefore();
    p.textContent = "Your retry reached trade " + TRADES + ": you won " + s.wins + " of " + s.rounds + " trades.";
    const back = P.primaryButton("line-back", "Back to the main line", () => board.leaveLine());
    box.append(p, back);
    return back;
  }

  function ending() {
    const box = $("trade-ending");
    box.replaceChildren();
    box.hidden = !over();
    if (!over()) return;
    const last = answers[answers.length - 1];
    const h = document.createElement("h3");
    h.textContent = last.total > 0 ? "You win the game: +" + last.total + "." : last.total < 0
      ? "The computer wins the game: " + String(last.total).replace("-", "−") + "." : "The game is even: 0.";
    const p = document.createElement("p");
    p.textContent = "You won " + last.score.wins + " of " + last.score.rounds + " trades. Against the optimal bidder " +
      "no bids of yours can expect more than " + frac(times(last.value_exact, TRADES)) + " over " + TRADES + " trades.";
    const again = P.primaryButton("play-again", "Play again", () => { newGame(); $("seal").focus({ preventScroll: true }); });
    box.append(h, p, again);
  }

  // ---- the record, its address, the story, the move list -----------------------------------------------
  function record() {
    return { parlour_record: 1, game: "cowtrade", settings: { ...settings }, moves: moves.slice() };
  }

  function beginStory() {
    tale = P.story($("play-story"), {
      title: "Your payoff trade by trade: what you scored, what your bids expected, what optimal play expects",
      series: ["you scored", "your bids expected", "optimal play expects"], format: signed,
      axis: (x) => signed(Math.round(x)) });
    tale.reset([0, 0, 0], "before the first trade");
  }

  // One point per finished trade. Its loss is your bid's (the review's once it came; before, the value less the
  // bid's expected payoff, the same number): the chart's costliest point is the costliest bid, never a draw.
  function drawStory(review) {
    if (!tale) beginStory();
    let scored = 0, expected = 0;
    const points = answers.map((a, i) => {
      scored += a.payoff;
      expected += a.expected;
      const d = review ? review.decisions.find((x) => x.ply === 2 * i + 1) : null;
      const loss = d ? d.loss : a.value - a.expected;
      const lossText = "bid " + a.bid + " expected " + frac(a.expected_exact) + " against the computer's mixture, the " +
        "value is " + frac(a.value_exact) + (d ? ": it cost " + P.said(d.loss_exact, d.loss, 3) + " (" + d.grade + ")" : "");
      return { values: [scored, expected, a.value * (i + 1)], loss, mover: 1, lossText,
               label: "trade " + (i + 1) + ": you bid " + a.bid + ", the computer " + a.computer_bid + "; you " +
                 (a.won ? "win" : "lose") + "." };
    });
    tale.all({ values: [0, 0, 0], label: "before the first trade" }, points);
    if (over() && answers.length) {
      const last = answers[answers.length - 1];
      tale.end("You scored " + signed(last.total) + " in " + answers.length + " trades.",
               "Optimal play expects " + frac(times(last.value_exact, answers.length)) + "; your bids expected " +
               signed(expected) + ".");
    }
  }

  function moveText(m, i) {
    const t = Math.floor(i / 2) + 1;
    if (m.by === "you") return "Trade " + t + ": you bid " + m.bid;
    const a = answers[t - 1];
    return "the computer bids " + m.bid + (a ? ": you " + (a.won ? "win" : "lose") + " the trade" : "");
  }

  function gradesIntro() {
    return P.board.intro("Grades", "After each trade every bid, yours and the computer's, is graded against the " +
      "game's value, exactly, in expected payoff (inaccuracy from 1/20, mistake from 1/5, blunder from 1/2). The " +
      "computer draws from its optimal mixture, so its bids are never flagged; its draw is your luck, measured apart.");
  }

  async function grade() {
    const r = await board.review();
    if (r && mode !== "line") drawStory(r);
  }

  // ---- the game's moves ---------------------------------------------------------------------------------
  // A game under way is dropped only when the person says so: a new side or a new solve starts a new game
  // (New game itself does not ask: that is what it is for).
  function mayDropGame(what) {
    const played = answers.length;
    if (!moves.length || played >= TRADES) return true;
    return window.confirm(what + " starts a new game: the game under way (" + played + " of " + TRADES +
                          " trades played) will be dropped. Go on?");
  }

  function otherSide() {
    if (mayDropGame("Playing the other side")) newGame();
    else $("side").value = String(settings.side);
  }

  function newGame() {
    if (!sol) return;
    settings = { ...sol.request, side: side() };
    moves = [];
    answers = [];
    retry = null;
    fillBids();
    showSideValue();
    beginStory();
    $("play-grades").replaceChildren(gradesIntro());
    board.recorded(record(), { fresh: true });
  }

  function seal() {
    if (!sol || !settings || mode === "step" || sealedBid() !== null || over()) return;
    const move = { by: "you", bid: Number($("bid").value) };
    if (mode === "line") {
      retry.moves.push(move);
      board.setLine({ from: retry.from, moves: retry.moves.slice() });
      showLine();
      board.remember();
    } else {
      moves.push(move);
      board.recorded(record());
    }
    $("reveal").focus();
  }

  async function reveal() {
    const bid = sealedBid();
    if (!sol || !settings || mode === "step" || bid === null) return;
    const body = { game: sol.request, side: settings.side, bid: bid, score: scoreBefore() };
    const data = await P.api("api/play", body, "the computer bids…");
    if (data === null) { syncPlay(); return; }
    let next;
    if (mode === "line") {
      retry.moves = [...retry.moves.slice(0, -1), ...data.moves];
      retry.answers.push(data);
      board.setLine({ from: retry.from, moves: retry.moves.slice() });
      next = showLine();
      board.remember();
    } else {
      moves = [...moves.slice(0, -1), ...data.moves];
      answers.push(data);
      next = board.recorded(record(), { story: null });
    }
    drawStep();
    // the next control, focused and in view with the bids: Seal, or the ending's "Play again", or the way back
    next.focus({ preventScroll: true });
    P.reveal(document.querySelector("#play-panel .table-top"), next);
    if (mode === "live") grade();
  }

  // ---- the analysis board: stepping, retry from here ---------------------------------------------------
  function canRetry(ply) { return mode !== "line" && Math.floor(ply / 2) < answers.length; }

  // Retry from here: the trade at `ply` played again from its start, and on, against the optimal bidder.
  function startRetry(ply) {
    if (!canRetry(ply)) return;
    const from = 2 * Math.floor(ply / 2);
    mode = "line";
    retry = { from, moves: [], answers: [] };
    board.setLine({ from, moves: [] });
    showLine();
    $("seal").focus({ preventScroll: true });
    board.remember();
  }

  // A link's record: the game solved from its settings, every trade replayed by the server (api/at), a bid
  // sealed and not yet revealed kept sealed (Reveal draws the computer's bid, which never depends on yours).
  async function restore(rec) {
    const s = rec.settings || {};
    const cards = s.mode === "cards";
    document.querySelector("input[name=mode][value=" + (cards ? "cards" : "money") + "]").checked = true;
    for (const k of ["1", "3"]) {
      if (cards) $("cards" + k).value = (s["cards" + k] || []).join(",");
      else if (s["money" + k] !== undefined) $("money" + k).value = s["money" + k];
    }
    if (["1", "3"].includes(String(s.initiative))) $("initiative").value = String(s.initiative);
    if (["alternate", "loser"].includes(s.second)) $("second").value = s.second;
    if (["1", "3"].includes(String(s.side))) $("side").value = String(s.side);
    showMode();
    const data = await P.api("api/solve", gameBody(), "solving…");
    if (data === null) return false;
    showSolution(data);
    const at = await P.api("api/at", { record: rec, ply: rec.moves.length }, "restoring the game…");
    if (at === null) {  // a record the page could not have made: its game, new, under the server's sentence
      newGame();
      drawStep();
      return true;
    }
    $("side").value = String(at.side);
    settings = { ...sol.request, side: at.side };
    moves = rec.moves.slice();
    answers = at.trades;
    retry = null;
    fillBids();
    showSideValue();
    beginStory();
    $("play-grades").replaceChildren(gradesIntro());
    board.recorded(record(), { link: rec, story: null });
    drawStep();
    if (moves.length) grade();
    return true;
  }

  board = P.board({
    game: "cowtrade", tools: $("play-tools"), grades: $("play-grades"), moves: $("trade-moves"), story: $("play-story"),
    pliesPerPoint: 2,
    live: showLive, at: showAt, tell: drawStory, moveText, keep: () => moves.length > 0,
    retry: startRetry,
    canRetry,
    leave: () => { mode = "step"; retry = null; },
    moveName: (ply) => "move " + ply + " (trade " + (Math.floor((ply - 1) / 2) + 1) + ", " +
      (ply % 2 ? "your bid" : "the computer's") + ")",
  });

  // ---- wiring -------------------------------------------------------------------------------------------
  for (const r of document.querySelectorAll("input[name=mode]")) r.addEventListener("change", showMode);
  $("game-form").addEventListener("submit", solve);
  $("first-step").addEventListener("click", () => setStep(0));
  $("prev-step").addEventListener("click", () => setStep(step - 1));
  $("next-step").addEventListener("click", () => setStep(step + 1));
  $("last-step").addEventListener("click", () => setStep(sol ? sol.removals.length : 0));
  $("matrix").addEventListener("mousemove", cellInfo);
  $("matrix").addEventListener("keydown", cursorKey);
  $("matrix").addEventListener("focus", () => drawCursor(true));
  $("matrix").addEventListener("blur", () => drawCursor(false));
  $("inspection").addEventListener("mousemove", cellInfo);
  $("side").addEventListener("change", otherSide);
  $("seal").addEventListener("click", seal);
  $("reveal").addEventListener("click", reveal);
  $("reset-score").addEventListener("click", () => { newGame(); $("seal").focus({ preventScroll: true }); });
  showMode();
  syncPlay();
  const linked = P.board.fromLink(location.hash);
  // the study's example, so the page reads well before anything is touched; or the game a link carries
  if (linked && linked.game === "cowtrade") {
    restore(linked).then((ok) => { if (!ok) solve(); });
  } else {
    solve();
  }
})();
