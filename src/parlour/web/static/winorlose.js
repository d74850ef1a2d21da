// The Win or Lose page: keeps the game state, asks api/play for rounds, shows the last one.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
  let state = null; // running totals and Learning Tina's bounds, as the server returned them

  const showError = window.parlour.showError;

  function cardsHtml(target, cards) {
    target.replaceChildren();
    for (const c of cards || []) {
      const span = document.createElement("span");
      const suit = c.slice(-1);
      span.className = "card" + (suit === "d" || suit === "h" ? " red" : "");
      span.textContent = c.slice(0, -1) + (SUITS[suit] || suit);
      span.dataset.card = c;
      target.appendChild(span);
    }
  }

  function pct(x) {
    return (100 * x).toFixed(1) + "%";
  }

  function show(data) {
    const last = data.last;
    for (const who of ["frank", "tina"]) {
      const p = last[who];
      cardsHtml($(who + "-cards"), p.cards);
      $(who + "-points").textContent = data[who + "_points"];
      $(who + "-prediction").textContent = p.prediction;
      $(who + "-score").textContent = p.score + " (" + p.combination + ")";
      $(who + "-chance").textContent =
        "win " + p.chance.win_exact + " (" + pct(p.chance.win) + "), tie " + p.chance.tie_exact +
        ", lose " + p.chance.lose_exact;
      $("board-" + who).textContent = p.prediction;
    }
    cardsHtml($("table-cards"), last.table);
    const f = last.frank, t = last.tina;
    $("result").textContent = "Frank " + f.outcome + "s (" + (f.points >= 0 ? "+" : "") + f.points +
      "), Tina " + t.outcome + "s (" + (t.points >= 0 ? "+" : "") + t.points + ")";
    $("before-first").hidden = true;
    $("predictions").hidden = false;
    let text = data.rounds + (data.rounds === 1 ? " round" : " rounds") + " played; Tina scored more in " + data.tina_rounds_ahead +
      ", Frank in " + data.frank_rounds_ahead + ".";
    if (data.tina_type === "learning") {
      const l = data.learning;
      text += " Learning's bounds on Frank's threshold: above " + (l.highest_lose_exact ?? "–") +
        ", at most " + (l.lowest_win_exact ?? "–") + " (estimate " + l.estimate_exact + ").";
    }
    $("summary").textContent = text;
  }

  async function play(rounds) {
    const body = {
      frank: $("frank-type").value,
      tina: $("tina-type").value,
      tie: $("tie").value,
      chance: $("chance").value,
      rounds: rounds,
      state: state,
    };
    const data = await window.parlour.api("api/play", body, "playing…");
    if (data === null) return;
    state = data.state;
    show(data);
  }

  function clearAll() {
    state = null;
    showError("");
    for (const id of ["frank-cards", "tina-cards", "table-cards"]) $(id).replaceChildren();
    for (const who of ["frank", "tina"]) {
      for (const field of ["points", "prediction", "score", "chance"]) $(who + "-" + field).textContent = "";
      $("board-" + who).textContent = "";
    }
    $("result").textContent = "";
    $("summary").textContent = "";
    $("before-first").hidden = false;
    $("predictions").hidden = true;
  }

  $("start").addEventListener("click", () => play(1));
  // Loop! is the form's submit button: a click or Enter in the count field plays the count.
  $("controls").addEventListener("submit", (event) => {
    event.preventDefault();
    play($("count").value);
  });
  $("clear").addEventListener("click", clearAll);
  // The types stay fixed within a game: a new choice starts a new one.
  for (const id of ["frank-type", "tina-type", "tie", "chance"]) $(id).addEventListener("change", clearAll);
})();
