// The cow-trade page: asks api/solve for a game, draws its winner matrix and replays the elimination one step
// at a time, shows the inspection game and both optimal mixtures, then plays trades through api/play.
// The server keeps nothing: the game and the score travel with every request.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  const WHO = { 1: "player 1", 3: "player 3" };

  let sol = null; // the last solution, as api/solve returned it
  let step = 0; // how many removals are shown as done
  let score = { rounds: 0, wins: 0 };
  let sealed = null; // the bid the person sealed, until it is revealed

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
    parts.push('<g class="overlay"></g><g class="cursor"></g>');
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

    fillBids();
    resetScore();
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
    const data = await window.parlour.api("api/solve", gameBody(), "solving…");
    if (data !== null) showSolution(data);
    drawStep();
    syncPlay();
  }

  // ---- playing ------------------------------------------------------------------------------------------
  function side() {
    return Number($("side").value);
  }

  function fillBids() {
    const select = $("bid");
    select.replaceChildren();
    for (const b of side() === 1 ? sol.bids1 : sol.bids3) {
      const o = document.createElement("option");
      o.value = b;
      o.textContent = b;
      select.appendChild(o);
    }
  }

  // parlour.api enables every control when a request ends; the play buttons follow the trade's own state.
  function syncPlay() {
    const ready = sol !== null;
    $("seal").disabled = !ready || sealed !== null;
    $("bid").disabled = !ready || sealed !== null;
    $("side").disabled = sealed !== null;
    $("reveal").disabled = sealed === null;
  }

  function card(id, text, face) {
    const turning = $(id).parentElement.classList.contains("down") !== (face === "down");
    $(id).textContent = text;
    $(id).parentElement.classList.toggle("down", face === "down");
    if (turning) window.parlour.animate($(id).parentElement, "flipping");  // a short flip (none if motion is off)
  }

  function resetScore() {
    score = { rounds: 0, wins: 0 };
    sealed = null;
    card("your-bid", "–", "up");
    card("computer-bid", "–", "up");
    $("rounds").textContent = "0";
    $("wins").textContent = "0";
    $("average").textContent = "–";
    $("outcome").textContent = "Choose a bid and seal it.";
    if (sol) {
      const v = side() === 1 ? sol.value_exact : negate(sol.value_exact);
      $("side-value").textContent = frac(v) + " per trade for " + WHO[side()] +
        ": against the optimal bidder no bid of yours can expect more";
    }
    syncPlay();
  }

  function negate(p) {
    return p === "0" ? "0" : p.startsWith("-") ? p.slice(1) : "-" + p;
  }

  function seal() {
    if (!sol || sealed !== null) return;
    sealed = $("bid").value;
    card("your-bid", "sealed", "down");
    card("computer-bid", "sealed", "down");
    $("outcome").textContent = "Both bids are in, face down. Reveal them.";
    syncPlay();
    $("reveal").focus();
  }

  async function reveal() {
    if (!sol || sealed === null) return;
    const body = { game: sol.request, side: side(), bid: sealed, score: score };
    const data = await window.parlour.api("api/play", body, "the computer bids…");
    if (data !== null) {
      sealed = null;
      score = data.score;
      card("your-bid", String(data.bid), "up");
      card("computer-bid", String(data.computer_bid), "up");
      $("outcome").textContent = (data.won ? "You win. " : "You lose. ") + data.story +
        " Your bid's expected payoff against the computer's mixture: " + frac(data.expected_exact) +
        " (the value for you: " + frac(data.value_exact) + ").";
      $("rounds").textContent = data.score.rounds;
      $("wins").textContent = data.score.wins;
      $("average").textContent = frac(data.average_exact) + " = " + num(data.average) + " per trade (total " +
        (data.total > 0 ? "+" : "") + String(data.total).replace("-", "−") + ")";
    }
    drawStep();
    syncPlay();
    if (data !== null) {
      $("seal").focus({ preventScroll: true });
      window.parlour.reveal(document.querySelector("#play-panel .table-top"), $("outcome"));
    }
  }

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
  $("side").addEventListener("change", () => { if (sol) { fillBids(); resetScore(); } });
  $("seal").addEventListener("click", seal);
  $("reveal").addEventListener("click", reveal);
  $("reset-score").addEventListener("click", resetScore);
  showMode();
  syncPlay();
  solve(); // the study's example, so the page reads well before anything is touched
})();
