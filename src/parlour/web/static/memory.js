// The Memory page: carries the game object ({pairs, first, nonce, moves}) between requests, draws the
// table, the analysis's hint for the person's move and both players' expected pairs.
"use strict";
(function () {
  const $ = window.parlour.$;
  const FACES = "ABCDEFGHIJKLMNOPQRST";
  const KIND_WORDS = {
    kp: "a seen card whose partner is seen",
    ks: "a seen card whose partner is not seen",
    onb: "an unseen card",
    nek: "its partner",
    bmn: "another seen card whose partner is seen",
    bzn: "a seen card whose partner is not seen",
  };
  let game = null; // the game object of the last answer
  let lastData = null; // the last answer, redrawn when the hints are switched or a request fails
  let turnsShown = 0;

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
      b.disabled = data.over || c.status === "taken" || c.status === "up";
      b.addEventListener("click", () => flip(i));
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

  function drawLog(data) {
    const log = $("log");
    log.replaceChildren();
    for (let i = data.turns.length - 1; i >= 0; i--) {
      const li = document.createElement("li");
      li.textContent = turnText(data.turns[i], i);
      if (i >= turnsShown && data.turns[i].player === "computer") li.className = "new";
      log.appendChild(li);
    }
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
    let line = "w = " + window.parlour.said(h.w_exact, h.w, 4) + " cards for you; optimal: " + h.optimal.join(", ") + ".";
    if (h.stage === "second") {
      line = "Your first card was " + KIND_WORDS[h.first_card === "us" ? "onb" : h.first_card === "uu" ? "onb" : h.first_card] +
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

  function drawStory(data) {
    const total = data.game.pairs;
    if (!tale || tale.total !== total) {  // the y axis runs from 0 to the game's pairs
      tale = window.parlour.story($("story"), { title: "Expected pairs after every turn (optimal play from there)",
        series: ["you", "computer"], lo: 0, hi: total, format: pairsFmt, axis: (x) => String(Math.round(x * 10) / 10) });
      tale.total = total;
    }
    const pts = data.story || [];
    if (!pts.length) return;
    tale.all({ values: [pts[0].you, total - pts[0].you], label: "the deal" }, pts.slice(1).map((pt, i) => {
      const before = pts[i].you, after = pt.you, you = pt.mover === "you";
      const from = you ? before : total - before, to = you ? after : total - after;
      return { values: [after, total - after], label: turnText(data.turns[i], i), loss: from - to, mover: you ? 0 : 1,
               lossText: (you ? "your" : "the computer's") + " expected pairs fell from " + pairsFmt(from) + " to " + pairsFmt(to) };
    }));
  }

  function show(data) {
    lastData = data;
    drawStory(data);
    game = data.game;
    drawBoard(data);
    drawHint(data);
    drawLog(data);
    turnsShown = data.turns.length;
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
    }
    let status;
    if (!data.over) $("ending").hidden = true;
    if (data.over) {
      const f = data.final;
      const verdict = f.you.pairs > f.computer.pairs ? "You win" : f.you.pairs < f.computer.pairs ? "The computer wins" : "A draw";
      status = (data.stalemate ? "Stalemate: both passed in a row, so the pairs left are shared equally. " : "Game over. ") +
        verdict + ": you " + pairsWords(f.you.pairs_exact) + ", computer " + pairsWords(f.computer.pairs_exact) + ".";
      showEnding(f, verdict, data.stalemate);
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

  let atStart = null;  // the expected pairs when the game began, for its ending

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

  function showEnding(f, verdict, stalemate) {
    const box = $("ending");
    box.replaceChildren();
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
    box.hidden = false;
    if (tale) tale.end(h.textContent + " You " + pairsWords(f.you.pairs_exact) + ", the computer " + pairsWords(f.computer.pairs_exact) + ".",
                       atStart ? "From the deal, optimal play expected " + atStart.you.pairs.toFixed(2) + " pairs for you and " +
                       atStart.computer.pairs.toFixed(2) + " for the computer." : "");
  }

  async function newGame() {
    const data = await window.parlour.api("api/new", { pairs: $("pairs").value, first: $("first").value },
                                          "dealing…");
    if (data === null) { if (lastData) show(lastData); return; }
    turnsShown = 0;
    atStart = data.expected;
    show(data);
    const first = document.querySelector("#board button:not(:disabled)");
    if (first) first.focus({ preventScroll: true });
  }

  async function flip(position) {
    if (!game) return;
    const data = await window.parlour.api("api/flip", { game: game, card: position }, "turning…");
    if (data === null) { if (lastData) show(lastData); return; }  // parlour.api re-enabled every card
    show(data);
    const turned = document.querySelector('#board button[data-position="' + position + '"]');
    if (turned && turned.classList.contains("up")) window.parlour.animate(turned, "flipping");
    for (const c of document.querySelectorAll("#board button.just")) window.parlour.animate(c, "flipping");  // the computer's
    window.parlour.reveal($("board"), $("status"));
    const same = document.querySelector('#board button[data-position="' + position + '"]');
    const target = same && !same.disabled ? same : document.querySelector("#board button:not(:disabled)");
    if (target) target.focus();
  }

  $("controls").addEventListener("submit", (ev) => { ev.preventDefault(); newGame(); });
  $("hints").addEventListener("change", () => {
    if (lastData) { drawBoard(lastData); drawHint(lastData); }
  });
  newGame();
})();
