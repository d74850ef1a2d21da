// The Memory page: carries the game object ({pairs, first, nonce, moves}) between requests, draws the
// table, the analysis's hint for the person's move and both players' expected pairs. The analysis board
// (board.js) steps through the game's record (the server's view of any move: api/at), grades it (POST
// /api/review), retries from a move of a finished game (api/line) and shares it by a link.
"use strict";
(function () {
  const $ = window.parlour.$;
  const P = window.parlour;
  const FACES = "ABCDEFGHIJKLMNOPQRST";
  const KIND_WORDS = {
    kp: "a seen card whose partner is seen",
    ks: "a seen card whose partner is not seen",
    onb: "an unseen card",
    nek: "its partner",
    bmn: "another seen card whose partner is seen",
    bzn: "a seen card whose partner is not seen",
  };
  let game = null; // the game object of the last answer (null: a game this server cannot play on)
  let lastData = null; // the last view shown, redrawn when the hints are switched or a request fails
  let live = null; // the main line's latest view: the game as it stands (its story is the whole main line)
  let mode = "live"; // "live" (the main line's end), "step" (an earlier move), "line" (a retry)
  let lineState = null; // the retry being played: {start, moves (your flips), seed}
  let foreign = false; // an unfinished game restored from another server's link: it can be stepped, not played
  const views = new Map(); // ply -> the server's view of the main line at that ply (a record never changes its past)
  let turnsShown = 0;
  let board = null; // the analysis board (made below, once the page's functions exist)

  function faceText(face) { return FACES[face] || String(face); }

  function cardLabel(i, c) {
    const name = "card " + (i + 1);
    if (c.status === "down") return name + ", face down";
    if (c.status === "taken") return name + ", " + faceText(c.face) + ", taken by " + c.by;
    if (c.status === "up") return name + ", " + faceText(c.face) + ", face up";
    return name + ", seen: " + faceText(c.face);
  }

  function drawBoard(data) {
    const board = $("board");
    board.replaceChildren();
    const hintCards = (data.hint && $("hints").checked) ? data.hint.cards : {};
    const last = data.turns.length ? data.turns[data.turns.length - 1] : null;
    data.cards.forEach((c, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "card " + c.status + (c.status === "taken" ? " by-" + c.by : "");  // who took it stays visible
      b.dataset.position = String(i);
      if (c.face !== undefined) {
        b.dataset.face = String(c.face);
        b.textContent = faceText(c.face);
        b.style.setProperty("--hue", String((c.face * 137) % 360));
      } else {
        b.textContent = "";
      }
      let label = cardLabel(i, c);
      const h = hintCards[String(i)];
      if (h) {
        label += "; hint: value " + window.parlour.said(h.value_exact, h.value, 4) + (h.best ? " (best)" : "");
        b.title = KIND_WORDS[h.kind] + ": " + window.parlour.said(h.value_exact, h.value, 4);
        if (h.best) b.classList.add("best");
      }
      if (last && last.player === "computer" && last.cards.includes(i)) b.classList.add("just");
      b.setAttribute("aria-label", label);
      b.disabled = data.over || mode === "step" || foreign || c.status === "taken" || c.status === "up";
      b.addEventListener("click", () => (mode === "line" ? lineFlip(i) : flip(i)));
      board.appendChild(b);
    });
    board.style.setProperty("--columns", String(columns(data.cards.length)));
  }

  function columns(n) {
    // a near-square grid, never wider than 8 cards (the board must fit a 390 px screen)
    return Math.min(8, Math.max(2, Math.ceil(Math.sqrt(n))));
  }

  function turnText(t, index) {
    const who = t.player === "you" ? "You" : "Computer";
    const cards = "cards " + (t.cards[0] + 1) + " (" + faceText(t.faces[0]) + ") and " + (t.cards[1] + 1) +
      " (" + faceText(t.faces[1]) + ")";
    // the state ⟨k,B,P⟩ and the tactic's number in plain words (the tactics table above explains T1–T9)
    const how = t.tactic ? ", playing " + t.tactic + " of the tactics table" : "";
    const what = t.matched ? "a pair, and moves again" : t.passed ? "a pass (both were known)" : "no pair";
    return who + ", with " + t.state.k + " cards left (" + t.state.B + " seen, " + t.state.P + " of them with their partner seen)" + how +
      ": " + cards + ": " + what + ".";
  }

  // Each turn of the main line is a button that steps there (the position after its second card); a retry's
  // turns are text.
  function drawLog(data) {
    const log = $("log");
    log.replaceChildren();
    for (let i = data.turns.length - 1; i >= 0; i--) {
      const li = document.createElement("li");
      if (mode === "line") {
        li.textContent = turnText(data.turns[i], i);
      } else {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "ply";
        b.dataset.ply = String(2 * (i + 1));
        b.dataset.keepEnabled = "";
        b.textContent = turnText(data.turns[i], i);
        li.appendChild(b);
      }
      if (i >= turnsShown && data.turns[i].player === "computer") li.className = "new";
      log.appendChild(li);
    }
    if (board) board.update();
  }

  function row(cells, optimal) {
    const tr = document.createElement("tr");
    if (optimal) tr.className = "optimal";
    cells.forEach((text, j) => {
      const td = document.createElement(j === 0 ? "th" : "td");
      if (j === 0) td.scope = "row";
      // the fraction (a decimal first when it is long); the float is the last cell
      if (j === cells.length - 2) td.replaceChildren(window.parlour.exactNode(text));
      else td.textContent = text;
      tr.appendChild(td);
    });
    return tr;
  }

  function drawHint(data) {
    const on = $("hints").checked;
    $("hint-box").hidden = !on || !data.hint;
    $("hints-off").hidden = on;
    const body = $("tactics").querySelector("tbody");
    body.replaceChildren();
    const choices = $("choices").querySelector("tbody");
    choices.replaceChildren();
    $("stalemate-note").hidden = true;
    $("hint-line").textContent = "";  // no line left over from the last move once the game is over
    if (!data.hint) return;
    const h = data.hint;
    for (const [name, t] of Object.entries(h.tactics)) {
      body.appendChild(row([name + (t.optimal ? " ★" : ""), t.label, t.value_exact, t.value.toFixed(4)], t.optimal));
    }
    const best = Math.max(...Object.values(h.choices).map((c) => c.value));
    for (const [kind, c] of Object.entries(h.choices)) {
      choices.appendChild(row([KIND_WORDS[kind] + (c.value === best ? " ★" : ""), c.value_exact, c.value.toFixed(4)],
                              c.value === best));
    }
    $("choices").hidden = false;
    const forWhom = data.mover === "computer" ? "the computer" : "you";
    // the best move in words (the card to turn), not the study's tactic numbers: those stay in the table below
    const bestKinds = Object.entries(h.choices).filter(([, c]) => c.value === best).map(([kind]) => KIND_WORDS[kind]);
    const bestWords = bestKinds.length ? "turn " + bestKinds.join(" or ") :
      Object.values(h.tactics).filter((t) => t.optimal).map((t) => t.label).join("; or ");
    let line = "w = " + window.parlour.said(h.w_exact, h.w, 4) + " cards for " + forWhom + "; best: " + bestWords + ".";
    if (h.stage === "second") {
      line = (data.mover === "computer" ? "The computer's" : "Your") + " first card was " + KIND_WORDS[h.first_card === "us" ? "onb" : h.first_card === "uu" ? "onb" : h.first_card] +
        (h.first_card === "us" ? " (its partner is seen: take it!)" : h.first_card === "uu" ? " (its partner is not seen yet)" : "") +
        ". The first table gives the value of each kind of second card (★ best; best cards outlined), the " +
        "second every tactic's value at the start of the turn: " + line;
    } else {
      line += " The first table gives the best value for each kind of first card (★ best; best cards outlined), " +
        "the second every tactic's (★ optimal).";
    }
    $("hint-line").textContent = line;
    $("stalemate-note").hidden = !h.pass_optimal;
  }

  // ---- the game's story: both players' exact expected pairs after every turn (the server's data.story) --
  let tale = null;
  const pairsFmt = (x) => x.toFixed(2);

  // The points' losses are the decisions' (the review's, once it came): luck never makes a point the costliest.
  function drawStory(data, review) {
    const total = data.record.settings.pairs;
    if (!tale || tale.total !== total) {  // the y axis runs from 0 to the game's pairs
      tale = window.parlour.story($("story"), { title: "Expected pairs after every turn (optimal play from there)",
        series: ["you", "computer"], lo: 0, hi: total, format: pairsFmt, axis: (x) => String(Math.round(x * 10) / 10) });
      tale.total = total;
    }
    const pts = data.story || [];
    if (!pts.length) return;
    const decisions = review ? review.decisions : [];
    tale.all({ values: [pts[0].you, total - pts[0].you], label: "the deal" }, pts.slice(1).map((pt, i) => {
      const mine = decisions.filter((d) => d.ply === 2 * i + 1 || d.ply === 2 * i + 2);
      const loss = mine.reduce((a, d) => a + d.loss, 0);
      const worst = mine.reduce((a, d) => (a && a.loss >= d.loss ? a : d), null);
      return { values: [pt.you, total - pt.you], label: turnText(data.turns[i], i), loss, mover: pt.mover === "you" ? 0 : 1,
               lossText: worst && loss > 0 ? (pt.mover === "you" ? "you" : "the computer") + " lost " +
                 P.said(worst.loss_exact, worst.loss, 2) + " expected pairs by " + worst.move + " instead of " + worst.best +
                 " (" + worst.grade + ")" : "" };
    }));
    taleOf = data === live ? "main" : "other";
  }
  let taleOf = null;

  function show(data) {
    lastData = data;
    if (mode !== "step") drawStory(data, mode === "live" && board ? board.lastReview : null);
    else if (taleOf !== "main" && live) drawStory(live, board.lastReview);
    if (mode === "live" && data.game) game = data.game;
    drawBoard(data);
    drawHint(data);
    if (mode !== "step") {  // a step keeps the main line's log (its items step) and what it marked as new
      drawLog(data);
      turnsShown = data.turns.length;
    }
    $("won-you").textContent = data.won.you;
    $("won-computer").textContent = data.won.computer;
    for (const who of ["you", "computer"]) {
      const e = data.expected[who];
      $("exp-" + who).replaceChildren(window.parlour.exactNode(e.pairs_exact));
      $("exp-" + who + "-float").textContent = "≈ " + e.pairs.toFixed(4);
    }
    if (data.state) {
      const s = data.state;
      $("state").textContent = "⟨" + s.k + ", " + s.B + ", " + s.P + "⟩";
      $("state-words").textContent = s.k + " cards on the table, " + s.B + " of them seen, " + s.P +
        " seen cards whose partner is seen too";
    } else {  // the game is over: no state to move from (not the last one shown)
      $("state").textContent = "–";
      $("state-words").textContent = "the game is over";
    }
    let status;
    if (!data.over || mode === "step") $("ending").hidden = true;
    if (mode === "step") {
      status = stepWords(data);
    } else if (data.over) {
      const f = data.final;
      const verdict = f.you.pairs > f.computer.pairs ? "You win" : f.you.pairs < f.computer.pairs ? "The computer wins" : "A draw";
      status = (data.stalemate ? "Stalemate: both passed in a row, so the pairs left are shared equally. " : "Game over. ") +
        verdict + ": you " + pairsWords(f.you.pairs_exact) + ", computer " + pairsWords(f.computer.pairs_exact) + ".";
      showEnding(f, verdict, data.stalemate, data);
    } else if (foreign) {
      status = "This game was dealt on another server: its moves so far can be stepped through here, but it cannot " +
        "be played on (the deal is that server's secret). New game starts one here.";
    } else if (data.hint && data.hint.stage === "second") {
      status = "Your turn: turn a second card.";
    } else {
      status = "Your turn: turn a card.";
      const last = data.turns.length ? data.turns[data.turns.length - 1] : null;
      if (last && last.player === "computer" && last.passed) {
        status = "The computer passed (two known cards that do not match). If you pass too, the game stops " +
          "in a stalemate and the pairs left are shared equally. " + status;
      }
    }
    $("status").textContent = status;
  }


  // 9/2 pairs as a person says it: 4½ pairs
  function pairsOf(x) {
    const whole = Math.floor(x), half = x - whole >= 0.5;
    const text = (whole || !half ? String(whole) : "") + (half ? "½" : "");
    return text + (x === 1 ? " pair" : " pairs");
  }
  function pairsWords(exact) {
    const m = /^(\d+)\/2$/.exec(exact);
    return m ? pairsOf(Number(m[1]) / 2) : pairsOf(Number(exact));
  }

  // The person's and the computer's expected pairs at the deal, from the story's first point.
  function startOf(data) {
    const pt = data.story && data.story[0];
    if (!pt) return null;
    const n = data.record.settings.pairs;
    const m = /^(\d+)(?:\/(\d+))?$/.exec(pt.you_exact);
    const q = m && m[2] ? Number(m[2]) : 1, p = m ? Number(m[1]) : 0;
    const rest = n * q - p;
    return { you: { pairs: pt.you, pairs_exact: pt.you_exact },
             computer: { pairs: n - pt.you, pairs_exact: q === 1 ? String(rest) : rest + "/" + q } };
  }

  function stepWords(data) {
    const rec = board.record, ply = board.ply, n = rec.moves.length;
    const by = ply ? rec.moves[ply - 1].by : null;
    const at = ply === 0 ? "The deal, before any card is turned" : "After move " + ply + " of " + n + " (" +
      (by === "you" ? "your" : "the computer's") + " " + (data.cards.some((c) => c.status === "up") ? "first" : "second") + " card)";
    const next = data.over ? "" : " " + (data.mover === "you" ? "You" : "The computer") + " to move.";
    return at + "." + next + " Step with ← and →; End goes back to " + (live && !live.over ? "the game." : "the end.") +
      (board.record.settings.deal ? " Retry from here plays on from this position." : "");
  }

  function showEnding(f, verdict, stalemate, data) {
    const box = $("ending");
    box.replaceChildren();
    const atStart = startOf(data);
    const h = document.createElement("h3");
    const by = Math.abs(f.you.pairs - f.computer.pairs);
    h.textContent = verdict + (by > 0 ? " by " + pairsOf(by) : "") + (verdict === "You win" ? "!" : ".");
    const p = document.createElement("p");
    p.textContent = "You " + pairsWords(f.you.pairs_exact) + ", computer " + pairsWords(f.computer.pairs_exact) +
      (stalemate ? " (a stalemate: the pairs left were shared)" : "") + "." +
      (atStart ? " Playing optimally from the deal on, you could expect " +
        window.parlour.said(atStart.you.pairs_exact, atStart.you.pairs, 2) + " pairs and the computer " +
        window.parlour.said(atStart.computer.pairs_exact, atStart.computer.pairs, 2) + "." : "");
    const again = window.parlour.primaryButton("again", "Play again", newGame);
    box.append(h, p, again);
    if (mode === "line") {
      h.textContent = "Your retry: " + h.textContent;
      const back = document.createElement("button");
      back.type = "button";
      back.id = "back-to-main";
      back.textContent = "Back to the main line";
      back.addEventListener("click", () => board.leaveLine());
      box.appendChild(back);
    }
    box.hidden = false;
    if (mode === "live" && board.lastReview) endStory(data);
  }

  // The chart's ending: the verdict, what optimal play expected, and the costliest decision (once graded).
  function endStory(data) {
    const f = data.final, atStart = startOf(data);
    const verdict = verdictOf(f);
    const by = Math.abs(f.you.pairs - f.computer.pairs);
    if (tale) tale.end(verdict + (by > 0 ? " by " + pairsOf(by) : "") + ". You " + pairsWords(f.you.pairs_exact) +
                       ", the computer " + pairsWords(f.computer.pairs_exact) + ".",
                       atStart ? "From the deal, optimal play expected " + atStart.you.pairs.toFixed(2) + " pairs for you and " +
                       atStart.computer.pairs.toFixed(2) + " for the computer." : "");
  }

  // After a move that ended a game: the focused Play again, in view (a phone's 844 px included).
  function focusEnd() {
    const again = $("again");
    if (!again || $("ending").hidden) return false;
    again.focus({ preventScroll: true });
    again.scrollIntoView({ block: "nearest" });
    return true;
  }

  // The page's address carries the record (the main line and the retries), so that a reload restores the game
  // (docs/json.md, "Game records"); the main line's views are kept for stepping.
  function remember(data) {
    board.remember();
    if (data && mode === "live") views.set(data.record.moves.length, data);
  }

  async function gradeEnd() {
    const r = await board.review();
    if (!live || mode === "line") return;
    drawStory(live, r);
    if (live.over) endStory(live);
  }

  function verdictOf(f) {
    return f.you.pairs > f.computer.pairs ? "You win" : f.you.pairs < f.computer.pairs ? "The computer wins" : "A draw";
  }

  function begin(data) {
    views.clear();
    mode = "live";
    lineState = null;
    live = data;
    turnsShown = 0;
    $("grades").replaceChildren(gradesIntro());
    board.setRecord(data.record, true);
    show(data);
    remember(data);
    if (data.over) gradeEnd();
  }

  async function newGame() {
    const data = await P.api("api/new", { pairs: $("pairs").value, first: $("first").value }, "dealing…");
    if (data === null) { if (lastData) show(lastData); return; }
    foreign = false;
    begin(data);
    const first = document.querySelector("#board button:not(:disabled)");
    if (first) first.focus({ preventScroll: true });
  }

  function afterMove(position) {
    const turned = document.querySelector('#board button[data-position="' + position + '"]');
    if (turned && turned.classList.contains("up")) P.animate(turned, "flipping");
    for (const c of document.querySelectorAll("#board button.just")) P.animate(c, "flipping");  // the computer's
    P.reveal($("board"), $("status"));
    if (focusEnd()) return;
    const same = document.querySelector('#board button[data-position="' + position + '"]');
    const target = same && !same.disabled ? same : document.querySelector("#board button:not(:disabled)");
    if (target) target.focus();
  }

  async function flip(position) {
    if (!game || mode !== "live") return;
    const data = await P.api("api/flip", { game: game, card: position }, "turning…");
    if (data === null) { if (lastData) show(lastData); return; }  // parlour.api re-enabled every card
    live = data;
    board.setRecord(data.record);
    show(data);
    remember(data);
    afterMove(position);
    if (data.over) gradeEnd();
  }

  // ---- the analysis board --------------------------------------------------------------------------------
  async function renderAt(ply, last) {
    if (mode === "line") return;
    if (last && live) { mode = "live"; show(live); return; }
    let data = views.get(ply);
    if (!data) {
      data = await P.api("api/at", { record: board.record, ply: ply }, "stepping…");
      if (data === null) return;
      views.set(ply, data);
    }
    mode = "step";
    show(data);
  }

  function lineBody(moves) {
    return { record: board.record, start: lineState.start, moves: moves, seed: lineState.seed };
  }

  async function startRetry(ply) {
    const rec = board.record;
    // a retry starts at a turn's start, or within your own turn; within the computer's turn, at its start
    const start = ply % 2 === 1 && rec.moves[ply - 1].by === "computer" ? ply - 1 : ply;
    lineState = { start: start, moves: [], seed: Math.floor(Math.random() * 4294967295) };
    const data = await P.api("api/line", lineBody([]), "setting up…");
    if (data === null) { lineState = null; return; }
    mode = "line";
    turnsShown = 0;
    board.setLine(data.line);
    show(data);
    remember(null);
    afterMove(-1);
  }

  async function lineFlip(position) {
    const moves = [...lineState.moves, position];
    const data = await P.api("api/line", lineBody(moves), "turning…");
    if (data === null) { if (lastData) show(lastData); return; }
    lineState.moves = moves;
    board.setLine(data.line);
    show(data);
    remember(null);
    afterMove(position);
  }

  function gradesIntro() {
    return parlour.board.intro("Grades", "At the end of the game every decision is graded against the best move, " +
      "exactly, in expected pairs (inaccuracy from 1/10 pair, mistake from 1/4, blunder from 1/2), and the luck of " +
      "every card turned is measured apart.", () => board.review());
  }


  // A link's record: a finished game anywhere (it carries the deal); an unfinished one on the server that dealt
  // it (the nonce and your flips replay to the same cards), else stepped through but not played on.
  async function restore(rec) {
    const s = rec.settings || {};
    $("pairs").value = String(s.pairs || 8);
    if (s.first) $("first").value = s.first;
    if (!s.deal && typeof s.nonce === "string") {
      const mine = { pairs: s.pairs, first: s.first, nonce: s.nonce,
                     moves: rec.moves.filter((m) => m.by === "you").map((m) => m.card) };
      let data = null;
      try {
        const reply = await fetch("api/view", { method: "POST", headers: { "Content-Type": "application/json" },
                                               body: JSON.stringify({ game: mine }) });
        data = reply.ok ? await reply.json() : null;
      } catch (_) { data = null; }
      if (data && JSON.stringify(data.record.moves) === JSON.stringify(rec.moves)) {
        foreign = false;
        begin({ ...data, record: { ...data.record, lines: rec.lines || [] } });
        return true;
      }
    }
    const data = await P.api("api/at", { record: rec, ply: rec.moves.length }, "restoring the game…");
    if (data === null) return false;
    foreign = !data.over;
    game = null;
    begin({ ...data, record: rec });
    return true;
  }

  board = P.board({
    game: "memory", tools: $("board-tools"), grades: $("grades"), moves: $("log"), story: $("story"),
    pliesPerPoint: 2,
    render: renderAt,
    retry: startRetry,
    canRetry: (ply) => !!(board && board.record && board.record.settings.deal && ply < board.record.moves.length),
    leave: () => { mode = "step"; lineState = null; },
    moveName: (ply) => "move " + ply + " (" + (board.record.moves[ply - 1].by === "you" ? "yours" : "the computer's") + ")",
  });

  $("controls").addEventListener("submit", (ev) => { ev.preventDefault(); newGame(); });
  $("hints").addEventListener("change", () => {
    if (lastData) { drawBoard(lastData); drawHint(lastData); }
  });
  const linked = P.board.fromLink(location.hash);
  if (linked) restore(linked).then((ok) => { if (!ok) newGame(); });
  else newGame();
})();
