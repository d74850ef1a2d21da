// The Win or Lose page: keeps the game state, asks api/play for rounds, shows the last one.
"use strict";

// A score code A.BB.CCCCC (a sort key: combination, grouped ranks, kickers) in words: "two pair, 4s and 3s, kicker 7".
function handWords(code) {
  const m = /^(\d)\.(\d)(\d)\.(\d{5})$/.exec(code || "");
  if (!m) return code || "";
  const hi = m[2], lo = m[3];
  const kick = m[4].replace(/^0+/, "").split("");
  const kickers = (n) => (kick.length ? ", kicker" + (kick.length > 1 ? "s " : " ") + kick.slice(0, n).join(", ") : "");
  switch (m[1]) {
    case "0": return "high card " + m[4].split("").join(", ");
    case "1": return "a pair of " + hi + "s" + kickers(3);
    case "2": return "two pair, " + hi + "s and " + lo + "s" + kickers(1);
    case "3": return "three " + hi + "s" + kickers(2);
    case "4": return "full house, three " + hi + "s and two " + lo + "s";
    case "5": return "four " + hi + "s" + kickers(1);
    default: return code;
  }
}

// Cards as faces ("3h" -> 3♥, red for hearts and diamonds), named for a screen reader; `flip` turns each over
// (parlour.css's flip, off under reduced motion). Both panels of the page draw their cards with it.
const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };

function showCards(target, list, flip) {
  target.replaceChildren();
  for (const c of list || []) {
    const span = document.createElement("span");
    const suit = c.slice(-1);
    span.className = "card" + (suit === "d" || suit === "h" ? " red" : "");
    span.textContent = c.slice(0, -1) + (SUITS[suit] || suit);
    span.dataset.card = c;
    // a card is a picture with a name ("3 of hearts"): aria-label needs a role on a span
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", c.slice(0, -1) + " of " + (SUIT_NAMES[suit] || suit));
    target.appendChild(span);
    if (flip) window.parlour.animate(span, "flipping");
  }
}

(function () {
  const $ = (id) => document.getElementById(id);
  let state = null; // running totals and Learning Tina's bounds, as the server returned them

  const showError = window.parlour.showError;

  function pct(x) {
    return (100 * x).toFixed(1) + "%";
  }

  function show(data) {
    const last = data.last;
    for (const who of ["frank", "tina"]) {
      const p = last[who];
      showCards($(who + "-cards"), p.cards);
      $(who + "-points").textContent = data[who + "_points"];
      $(who + "-prediction").textContent = p.prediction;
      $(who + "-score").textContent = handWords(p.score);
      $(who + "-score").dataset.code = p.score;
      $(who + "-score").title = "score code " + p.score + " (" + p.combination + ")";
      $(who + "-chance").textContent =
        "win " + p.chance.win_exact + " (" + pct(p.chance.win) + "), tie " + p.chance.tie_exact +
        ", lose " + p.chance.lose_exact;
      $("board-" + who).textContent = p.prediction;
    }
    showCards($("table-cards"), last.table);
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

// You play: a hand against a chosen character, a game of a few rounds; the server deals (naming the deal by a
// seed, so the opponent's cards stay hidden until you have predicted) and scores each round.
(function () {
  const $ = (id) => document.getElementById(id);
  const OPPONENTS = {
    frank: [["smart", "Smart Tina"], ["blind", "Blind Tina"], ["competitive", "Competitive Tina"],
            ["cooperative", "Cooperative Tina"]],
    tina: [["normal", "Normal Frank (win at ≥ 1/2)"], ["loose", "Loose Frank (win at ≥ 1/4)"],
           ["tight", "Tight Frank (win at ≥ 3/4)"]],
  };
  const ROUNDS = Number(($("you-title").textContent.match(/(\d+) rounds/) || [0, 10])[1]);
  let deal = null;  // the deal being played: {deal, seat, opponent, cards, table, opponent_prediction}
  let state = null;  // running totals, as the server returned them
  let log = [];  // one line per round
  let lastOdds = null;  // the last answer: its odds_total is what calling by the odds expects over the game

  function backs(target, n) {
    target.replaceChildren();
    for (let i = 0; i < n; i++) {
      const span = document.createElement("span");
      span.className = "card back";
      span.setAttribute("role", "img");
      span.setAttribute("aria-label", "a hidden card");
      target.appendChild(span);
    }
  }

  function opponentName() {
    const seat = $("you-seat").value;
    const found = OPPONENTS[seat].find((o) => o[0] === $("you-opponent").value);
    return found ? found[1].split(" (")[0] : "the opponent";
  }

  function fillOpponents() {
    const seat = $("you-seat").value;
    $("you-opponent").replaceChildren(...OPPONENTS[seat].map(([v, t]) => new Option(t, v)));
    newGame();
  }

  // ---- the game's story: the running score against the odds, round by round ------------------------
  let tale = null;
  const signed = (x) => (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(x).toFixed(2).replace(/\.00$/, "");

  function beginStory() {
    tale = window.parlour.story($("you-story"), { title: "Points round by round: yours, " + opponentName() + "'s, and calling by the odds",
      series: ["you", opponentName(), "by the odds (expected)"], format: (x) => signed(x), axis: (x) => signed(Math.round(x)) });
    tale.reset([0, 0, 0], "before the first deal");
  }

  function storyRound(data, head) {
    if (!tale) beginStory();
    const mine = data.you.prediction === "win" ? data.expected_win_call : data.expected_lose_call;
    const best = Math.max(data.expected_win_call, data.expected_lose_call);
    tale.add({ values: [data.state.you_points, data.state.opponent_points, data.odds_total], label: head, loss: best - mine, mover: 0,
               lossText: "“I " + data.you.prediction + "” expected " + signed(mine) + " points by the odds, “I " + data.by_the_odds +
               "” " + signed(best) + ": the call cost " + signed(best - mine).replace("+", "") + " points" });
  }

  function newGame() {
    beginStory();
    deal = null;
    state = null;
    log = [];
    $("you-cards").replaceChildren();
    $("you-board").replaceChildren();
    $("them-cards").replaceChildren();
    $("them-says").textContent = "Press Deal for the first of " + ROUNDS + " rounds.";
    $("you-result").replaceChildren();
    $("you-round").textContent = "–";
    $("you-points").textContent = "0";
    $("them-points").textContent = "0";
    $("them-title").textContent = opponentName();
    $("them-points-label").textContent = opponentName() + "'s points";
    $("you-ending").hidden = true;
    $("deal").textContent = "Deal";
    $("predict-win").disabled = $("predict-lose").disabled = true;
  }

  function rules() {
    return { tie: $("tie").value, chance: $("chance").value };
  }

  async function dealRound(ev) {
    if (ev) ev.preventDefault();
    if (state && state.rounds >= ROUNDS) newGame();
    const body = { seat: $("you-seat").value, opponent: $("you-opponent").value, ...rules() };
    const data = await window.parlour.api("api/deal", body, "dealing…");
    if (data === null) return;
    deal = data;
    showCards($("you-cards"), data.cards, true);
    showCards($("you-board"), data.table, true);
    backs($("them-cards"), 2);
    $("you-result").replaceChildren();
    $("you-round").textContent = ((state ? state.rounds : 0) + 1) + " of " + ROUNDS;
    $("them-says").textContent = data.seat === "tina"
      ? opponentName() + " says: “I " + data.opponent_prediction + ".” Now you."
      : "You speak first; " + opponentName() + " answers after you.";
    $("predict-win").disabled = $("predict-lose").disabled = false;
    $("deal").disabled = true;
    $("predict-win").focus({ preventScroll: true });
    window.parlour.reveal($("you-table"), $("predict-row"));
  }

  function pts(x) { return (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(x); }

  async function predict(word) {
    if (!deal) return;
    const body = { seat: deal.seat, opponent: deal.opponent, deal: deal.deal, prediction: word, state: state, ...rules() };
    const data = await window.parlour.api("api/predict", body, "the cards are shown…");
    if (data === null) return;
    deal = null;
    state = data.state;
    const you = data.you, them = data.them;
    showCards($("them-cards"), them.cards, true);
    $("them-says").textContent = opponentName() + " said “I " + them.prediction + "” holding " + handWords(them.score) +
      ", against your " + handWords(you.score) + ".";
    const box = $("you-result");
    box.replaceChildren();
    const head = document.createElement("p");
    head.className = "round-result " + (you.points > 0 ? "good" : "bad");
    const verdict = you.outcome === "tie" ? "A tie" : "You " + (you.outcome === "win" ? "won" : "lost") + " the hand";
    head.textContent = verdict + " and said “I " + you.prediction + "”: " + pts(you.points) + " for you, " +
      pts(them.points) + " for " + opponentName() + ".";
    const chance = document.createElement("p");
    chance.textContent = "Your exact chance with these cards, over the opponent's 300 possible hands: win " +
      you.chance.win_exact + " (" + (100 * you.chance.win).toFixed(1) + " %), tie " + you.chance.tie_exact +
      ", lose " + you.chance.lose_exact + ".";
    const chars = document.createElement("p");
    const who = deal === null && data.seat === "frank" ? "Each Frank with your cards" : "Each Tina with your cards (after Frank's “" + them.prediction + "”)";
    chars.textContent = who + " would have said: " +
      Object.entries(data.characters).map(([k, v]) => k + " “" + v + "”").join(", ") + ".";
    const odds = document.createElement("p");
    odds.textContent = "By the odds, “I win” expects " + window.parlour.said(data.expected_win_call_exact, data.expected_win_call, 2) +
      " points and “I lose” " + window.parlour.said(data.expected_lose_call_exact, data.expected_lose_call, 2) +
      ": the better call was “I " + data.by_the_odds + "”" + (data.by_the_odds === you.prediction ? " (yours)." : ".");
    lastOdds = data;
    // the next control right under the verdict: on a phone "Next round" (in the form above the cards) was
    // off screen after every prediction
    const next = window.parlour.primaryButton("you-next", "Next round", () => dealRound());
    box.append(head, chance, odds, chars, ...(state.rounds >= ROUNDS ? [] : [next]));
    storyRound(data, head.textContent);
    $("you-round").textContent = state.rounds + " of " + ROUNDS;
    $("you-points").textContent = state.you_points;
    $("them-points").textContent = state.opponent_points;
    log.push(you.points);
    $("predict-win").disabled = $("predict-lose").disabled = true;
    $("deal").disabled = false;
    if (state.rounds >= ROUNDS) ending();
    else $("deal").textContent = "Next round";
    // the next control in view with the verdict: "Next round", or the ending's "Play again"
    const control = state.rounds >= ROUNDS ? $("you-again") : next;
    control.focus({ preventScroll: true });
    window.parlour.reveal($("you-table"), box);
    window.parlour.reveal(head, control);  // when the cards and the whole result do not fit: verdict and control
  }

  function ending() {
    const diff = state.you_points - state.opponent_points;
    const box = $("you-ending");
    box.replaceChildren();
    const h = document.createElement("h3");
    h.textContent = diff > 0 ? "You win the game by " + diff + (diff === 1 ? " point" : " points") + "!"
      : diff < 0 ? opponentName() + " wins the game by " + (-diff) + (diff === -1 ? " point." : " points.")
      : "The game is a draw.";
    const p = document.createElement("p");
    p.textContent = "After " + state.rounds + " rounds: you " + state.you_points + ", " + opponentName() + " " +
      state.opponent_points + ". Calling by the odds every round would have expected " +
      window.parlour.said(lastOdds.odds_total_exact, lastOdds.odds_total, 2) + " points on these hands; your call " +
      "was the right one in " + state.right + " of " + state.rounds + " rounds.";
    const again = window.parlour.primaryButton("you-again", "Play again", () => { newGame(); dealRound(); });
    box.append(h, p, again);
    box.hidden = false;
    $("deal").textContent = "New game";
    if (tale) tale.end(h.textContent + " You " + state.you_points + ", " + opponentName() + " " + state.opponent_points + ".",
                       "Calling by the odds every round would have expected " +
                       window.parlour.said(lastOdds.odds_total_exact, lastOdds.odds_total, 2) + " points on these hands.");
  }

  // the two modes
  function showMode() {
    const mode = document.querySelector("input[name=wol-mode]:checked").value;
    $("you-play").hidden = mode !== "you";
    $("two-play").hidden = mode !== "two";
  }
  for (const r of document.querySelectorAll("input[name=wol-mode]")) r.addEventListener("change", showMode);
  $("you-seat").addEventListener("change", fillOpponents);
  $("you-opponent").addEventListener("change", newGame);
  $("you-setup").addEventListener("submit", dealRound);
  $("predict-win").addEventListener("click", () => predict("win"));
  $("predict-lose").addEventListener("click", () => predict("lose"));
  for (const id of ["tie", "chance"]) $(id).addEventListener("change", newGame);
  fillOpponents();
  showMode();
})();
