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
// The analysis board (board.js) keeps the game as its record (docs/json.md, "Game records": per round the deal,
// the calls, the showdown; never the deal's seed): the address carries it (#record=), ←/→/Home/End, the move list
// and the chart's points step through it, "Retry from here" calls a finished round again (the same cards, as a
// side line), and POST /api/review grades your calls. A link of a round in progress shows your cards and the table
// only: its hidden cards are in no link, so that round cannot be called from it (Deal plays a new one instead).
(function () {
  const $ = (id) => document.getElementById(id);
  const P = window.parlour;
  const OPPONENTS = {
    frank: [["smart", "Smart Tina"], ["blind", "Blind Tina"], ["competitive", "Competitive Tina"],
            ["cooperative", "Cooperative Tina"]],
    tina: [["normal", "Normal Frank (win at ≥ 1/2)"], ["loose", "Loose Frank (win at ≥ 1/4)"],
           ["tight", "Tight Frank (win at ≥ 3/4)"]],
  };
  const ROUNDS = Number(($("you-title").textContent.match(/(\d+) rounds/) || [0, 10])[1]);
  const PER_ROUND = 4;  // a round's moves: the deal, two calls, the showdown
  let deal = null;  // the deal being played live: {deal (its seed), seat, opponent, cards, table, opponent_prediction}
  let state = null;  // running totals after the main line's finished rounds, as the server returned them
  let answers = [];  // the main line's finished rounds: each the server's answer to its call
  let moves = [];  // the main line's moves (the record's)
  let settings = null;  // the record's settings: {seat, opponent, tie, chance}
  let mode = "live";  // "live" (the main line's end), "step" (an earlier move), "line" (a retry)
  let retry = null;  // the retry being played: {k (its round, 0-based), start (the ply of your call)}
  let board = null;

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
    const seat = settings ? settings.seat : $("you-seat").value;
    const found = OPPONENTS[seat].find((o) => o[0] === (settings ? settings.opponent : $("you-opponent").value));
    return found ? found[1].split(" (")[0] : "the opponent";
  }

  function fillOpponents() {
    const seat = $("you-seat").value;
    $("you-opponent").replaceChildren(...OPPONENTS[seat].map(([v, t]) => new Option(t, v)));
  }

  function callOffset() { return settings && settings.seat === "tina" ? 2 : 1; }  // your call's place in a round
  function cardWord(c) { return c.slice(0, -1) + ({ c: "♣", d: "♦", h: "♥", s: "♠" }[c.slice(-1)] || c.slice(-1)); }
  function pts(x) { return (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(x); }
  const signed = (x) => (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(x).toFixed(2).replace(/\.00$/, "");

  function record() {
    return { parlour_record: 1, game: "winorlose", settings: { ...settings }, moves: moves.slice() };
  }

  // ---- the game's story: the running score against the odds, round by round ------------------------
  let tale = null;

  function beginStory() {
    tale = P.story($("you-story"), { title: "Points round by round: yours, " + opponentName() + "'s, and calling by the odds",
      series: ["you", opponentName(), "by the odds (expected)"], format: (x) => signed(x), axis: (x) => signed(Math.round(x)) });
    tale.reset([0, 0, 0], "before the first deal");
  }

  function verdictOf(data) {
    const you = data.you, them = data.them;
    const verdict = you.outcome === "tie" ? "A tie" : "You " + (you.outcome === "win" ? "won" : "lost") + " the hand";
    return verdict + " and said “I " + you.prediction + "”: " + pts(you.points) + " for you, " +
      pts(them.points) + " for " + opponentName() + ".";
  }

  // One point per finished round; its loss is the review's for your call once it came (Frank's word counted, as
  // the grader counts it), else the call by the odds': the chart's costliest round is the costliest call.
  function storyPoint(data, i, decisions) {
    const mine = data.you.prediction === "win" ? data.expected_win_call : data.expected_lose_call;
    const best = Math.max(data.expected_win_call, data.expected_lose_call);
    const d = decisions ? decisions.find((x) => Math.floor((x.ply - 1) / PER_ROUND) === i) : null;
    const lossText = d ? "“I " + d.move + "” expected " + P.said(d.value_exact, d.value, 2) + " points, “I " + d.best + "” " +
      P.said(d.best_value_exact, d.best_value, 2) + ": the call cost " + P.said(d.loss_exact, d.loss, 2) + " points (" + d.grade + ")"
      : "“I " + data.you.prediction + "” expected " + signed(mine) + " points by the odds, “I " + data.by_the_odds +
        "” " + signed(best) + ": the call cost " + signed(best - mine).replace("+", "") + " points";
    return { values: [data.state.you_points, data.state.opponent_points, data.odds_total], label: verdictOf(data),
             loss: d ? d.loss : best - mine, mover: 0, lossText };
  }

  function drawStory(review) {
    if (!tale) beginStory();
    tale.all({ values: [0, 0, 0], label: "before the first deal" },
             answers.map((data, i) => storyPoint(data, i, review ? review.decisions : null)));
    if (over()) endStory();
  }

  function over() { return answers.length >= ROUNDS && moves.length === PER_ROUND * answers.length; }

  // ---- the move list: one item per move of the main line, each steps there --------------------------------
  function moveText(m, i) {
    const round = Math.floor(i / PER_ROUND) + 1;
    if (m.by === "chance" && m.cards) {
      return "Round " + round + ": the deal, your " + m.cards.map(cardWord).join(" ") + ", the table " + m.table.map(cardWord).join(" ");
    }
    if (m.by === "chance") {
      const a = answers[round - 1];
      return "Showdown: " + opponentName() + " holds " + m.opponent_cards.map(cardWord).join(" ") +
        (a ? "; " + verdictOf(a) : "");
    }
    return (m.by === "you" ? "You say" : opponentName() + " says") + " “I " + m.prediction + "”";
  }

  // ---- drawing a position ---------------------------------------------------------------------------------
  // the score after the finished rounds `s`; `playing`: the round in progress (dealt, not yet shown down)
  function showScore(s, playing) {
    const done = playing || (s ? s.rounds : 0);
    $("you-round").textContent = done ? done + " of " + ROUNDS : "–";
    $("you-points").textContent = s ? s.you_points : 0;
    $("them-points").textContent = s ? s.opponent_points : 0;
  }

  function stateBefore(k) { return k > 0 ? answers[k - 1].state : null; }

  function clearTable() {
    $("you-cards").replaceChildren();
    $("you-board").replaceChildren();
    $("them-cards").replaceChildren();
    $("you-result").replaceChildren();
  }

  // A round before its showdown: your cards, the table, the opponent's backs, the calls made so far.
  function showPartial(part, flip) {
    const dealt = part[0];
    showCards($("you-cards"), dealt.cards, flip);
    showCards($("you-board"), dealt.table, flip);
    backs($("them-cards"), 2);
    $("you-result").replaceChildren();
    const said = part.slice(1).map((m) => (m.by === "you" ? "You said" : opponentName() + " says") + " “I " + m.prediction + "”.");
    return said.join(" ");
  }

  // A round after its showdown: both hands, the verdict, the exact chances, what each character would have said;
  // `next`: the control under it (Next round, Back to the main line), or none.
  function showRound(data, next) {
    const you = data.you, them = data.them;
    showCards($("you-cards"), you.cards);
    showCards($("you-board"), data.table);
    showCards($("them-cards"), them.cards, mode !== "step");
    $("them-says").textContent = opponentName() + " said “I " + them.prediction + "” holding " + handWords(them.score) +
      ", against your " + handWords(you.score) + ".";
    const box = $("you-result");
    box.replaceChildren();
    const head = document.createElement("p");
    head.className = "round-result " + (you.points > 0 ? "good" : "bad");
    head.textContent = (mode === "line" ? "Your retry: " : "") + verdictOf(data);
    const chance = document.createElement("p");
    chance.textContent = "Your exact chance with these cards, over the opponent's 300 possible hands: win " +
      you.chance.win_exact + " (" + (100 * you.chance.win).toFixed(1) + " %), tie " + you.chance.tie_exact +
      ", lose " + you.chance.lose_exact + ".";
    const chars = document.createElement("p");
    const who = data.seat === "frank" ? "Each Frank with your cards" : "Each Tina with your cards (after Frank's “" + them.prediction + "”)";
    chars.textContent = who + " would have said: " +
      Object.entries(data.characters).map(([k, v]) => k + " “" + v + "”").join(", ") + ".";
    const odds = document.createElement("p");
    odds.textContent = "By the odds, “I win” expects " + P.said(data.expected_win_call_exact, data.expected_win_call, 2) +
      " points and “I lose” " + P.said(data.expected_lose_call_exact, data.expected_lose_call, 2) +
      ": the better call was “I " + data.by_the_odds + "”" + (data.by_the_odds === you.prediction ? " (yours)." : ".");
    box.append(head, chance, odds, chars, ...(next ? [next] : []));
    return head;
  }

  function controls(callable) {
    $("predict-win").disabled = $("predict-lose").disabled = !callable;
    $("deal").disabled = mode === "line";
    $("deal").textContent = over() ? "New game" : answers.length || deal ? "Next round" : "Deal";
  }

  // The main line's end: the round in progress, or the last round with its next control, or the start.
  function showLive() {
    mode = "live";
    $("you-ending").hidden = true;
    const done = PER_ROUND * answers.length;
    showScore(state, moves.length > done ? answers.length + 1 : 0);
    if (moves.length > done) {
      const words = showPartial(moves.slice(done), false);
      $("them-says").textContent = deal
        ? (deal.seat === "tina" ? opponentName() + " says: “I " + deal.opponent_prediction + ".” Now you."
          : "You speak first; " + opponentName() + " answers after you.")
        : "This round was dealt before the link was made: " + (words ? words + " " : "") + opponentName() +
          "'s hidden cards are in no link, so it cannot be called here; Deal plays a new round in its place.";
      controls(!!deal);
      return null;
    }
    controls(false);
    if (!answers.length) {
      clearTable();
      $("them-says").textContent = "Press Deal for the first of " + ROUNDS + " rounds.";
      return null;
    }
    const next = over() ? null : P.primaryButton("you-next", "Next round", () => dealRound());
    showRound(answers[answers.length - 1], next);
    if (over()) ending();
    return over() ? $("you-again") : next;
  }

  // An earlier position of the main line: the round as it stood after move `ply`.
  function showAt(ply) {
    mode = "step";
    $("you-ending").hidden = true;
    const k = Math.floor(ply / PER_ROUND), j = ply % PER_ROUND;
    const hint = " Stepping: ← and → move, End goes back to the game.";
    if (j === 0) {
      showScore(stateBefore(k));
      if (k === 0) { clearTable(); $("them-says").textContent = "The start, before the first deal." + hint; }
      else { showRound(answers[k - 1], null); $("them-says").textContent += hint; }
    } else {
      showScore(stateBefore(k), k + 1);
      const words = showPartial(moves.slice(PER_ROUND * k, ply), false);
      $("them-says").textContent = "Round " + (k + 1) + ", after move " + ply + ". " + words + hint;
    }
    controls(false);
  }

  // ---- playing ----------------------------------------------------------------------------------------------
  function newGame() {
    settings = { seat: $("you-seat").value, opponent: $("you-opponent").value, tie: $("tie").value, chance: $("chance").value };
    deal = null;
    state = null;
    answers = [];
    moves = [];
    retry = null;
    beginStory();
    $("them-title").textContent = opponentName();
    $("them-points-label").textContent = opponentName() + "'s points";
    $("you-grades").replaceChildren(gradesIntro());
    board.recorded(record(), { fresh: true });
  }

  async function dealRound(ev) {
    if (ev) ev.preventDefault();
    if (mode === "line") return;
    if (over()) newGame();
    const body = { seat: settings.seat, opponent: settings.opponent, tie: settings.tie, chance: settings.chance };
    const data = await P.api("api/deal", body, "dealing…");
    if (data === null) return;
    deal = data;
    moves = [...moves.slice(0, PER_ROUND * answers.length), ...data.moves];  // a restored round in progress gives way
    board.recorded(record());
    if (!board.atEnd()) await board.go(moves.length);  // a deal made while stepping: the board goes to it
    showCards($("you-cards"), data.cards, true);
    showCards($("you-board"), data.table, true);
    $("predict-win").focus({ preventScroll: true });
    P.reveal($("you-table"), $("predict-row"));
  }

  async function predict(word) {
    if (mode === "line") { retryCall(word); return; }
    if (!deal || mode !== "live") return;
    const body = { seat: deal.seat, opponent: deal.opponent, deal: deal.deal, prediction: word, state: state,
                   tie: settings.tie, chance: settings.chance };
    const data = await P.api("api/predict", body, "the cards are shown…");
    if (data === null) return;
    deal = null;
    state = data.state;
    answers.push(data);
    moves.push(...data.moves);
    // the next control right under the verdict, focused: "Next round", or the ending's "Play again"
    const control = board.recorded(record(), { story: null });
    control.focus({ preventScroll: true });
    P.reveal($("you-table"), $("you-result"));
    P.reveal($("you-result").firstChild, control);  // when the cards and the whole result do not fit: verdict and control
    grade();
  }

  async function grade() {
    const r = await board.review();
    if (r && mode !== "line") drawStory(r);
  }

  function ending() {
    const diff = state.you_points - state.opponent_points;
    const last = answers[answers.length - 1];
    const box = $("you-ending");
    box.replaceChildren();
    const h = document.createElement("h3");
    h.textContent = diff > 0 ? "You win the game by " + diff + (diff === 1 ? " point" : " points") + "!"
      : diff < 0 ? opponentName() + " wins the game by " + (-diff) + (diff === -1 ? " point." : " points.")
      : "The game is a draw.";
    const p = document.createElement("p");
    p.textContent = "After " + state.rounds + " rounds: you " + state.you_points + ", " + opponentName() + " " +
      state.opponent_points + ". Calling by the odds every round would have expected " +
      P.said(last.odds_total_exact, last.odds_total, 2) + " points on these hands; your call " +
      "was the right one in " + state.right + " of " + state.rounds + " rounds.";
    const again = P.primaryButton("you-again", "Play again", () => { newGame(); dealRound(); });
    box.append(h, p, again);
    box.hidden = false;
  }

  function endStory() {
    const last = answers[answers.length - 1], s = last.state;
    const diff = s.you_points - s.opponent_points;
    const h = diff > 0 ? "You win the game by " + diff + (diff === 1 ? " point" : " points") + "!"
      : diff < 0 ? opponentName() + " wins the game by " + (-diff) + (diff === -1 ? " point." : " points.") : "The game is a draw.";
    tale.end(h + " You " + s.you_points + ", " + opponentName() + " " + s.opponent_points + ".",
             "Calling by the odds every round would have expected " + P.said(last.odds_total_exact, last.odds_total, 2) +
             " points on these hands.");
  }

  // ---- the analysis board: stepping, retry from here ----------------------------------------------------
  function canRetry(ply) { return mode !== "line" && Math.floor(ply / PER_ROUND) < answers.length; }

  // Retry from here: the round at `ply` called again from your call, with the same cards (a side line).
  function startRetry(ply) {
    if (!canRetry(ply)) return;
    const k = Math.floor(ply / PER_ROUND), start = PER_ROUND * k + callOffset();
    mode = "line";
    retry = { k, start };
    board.setLine({ from: start, moves: [] });
    showScore(stateBefore(k), k + 1);
    $("you-ending").hidden = true;
    const words = showPartial(moves.slice(PER_ROUND * k, start), false);
    $("them-says").textContent = "Retry of round " + (k + 1) + " from your call, with the same cards. " + words +
      " In the game you said “I " + answers[k].you.prediction + "”: call again.";
    controls(true);
    $("predict-win").focus({ preventScroll: true });
    board.remember();
  }

  async function retryCall(word) {
    const data = await P.api("api/line", { record: board.record, start: retry.start, prediction: word }, "the cards are shown…");
    if (data === null) return;
    board.setLine(data.line);
    showScore(data.state);
    const back = P.primaryButton("you-back", "Back to the main line", () => board.leaveLine());
    showRound(data, back);
    controls(false);
    board.remember();
    back.focus({ preventScroll: true });
    P.reveal($("you-result").firstChild, back);
  }

  function gradesIntro() {
    return parlour.board.intro("Grades", "After each round your call is graded against the better call, exactly, in " +
      "expected points (inaccuracy from 1/10 point, mistake from 1/2, blunder from 1). The characters' calls are " +
      "their fixed rules, never graded; the luck of the deal, of Frank's word and of the showdown is measured apart.");
  }

  // A link's record: the settings, every finished round (replayed by the server from the cards it names) and
  // the round in progress as far as it went (it cannot be called: its hidden cards are not in the link).
  async function restore(rec) {
    const s = rec.settings || {};
    if (OPPONENTS[s.seat]) $("you-seat").value = s.seat;
    fillOpponents();
    if (OPPONENTS[$("you-seat").value].some((o) => o[0] === s.opponent)) $("you-opponent").value = s.opponent;
    for (const id of ["tie", "chance"]) if ([...$(id).options].some((o) => o.value === s[id])) $(id).value = s[id];
    const data = await P.api("api/at", { record: rec, ply: rec.moves.length }, "restoring the game…");
    if (data === null) return false;
    settings = { seat: data.seat, opponent: data.opponent, tie: $("tie").value, chance: $("chance").value };
    answers = data.rounds;
    state = answers.length ? data.state : null;
    moves = rec.moves.slice();
    deal = null;
    beginStory();
    $("them-title").textContent = opponentName();
    $("them-points-label").textContent = opponentName() + "'s points";
    $("you-grades").replaceChildren(gradesIntro());
    board.recorded(record(), { link: rec, story: null });
    if (answers.length) grade();
    return true;
  }

  // Under the board's grades: the luckiest and unluckiest deal and showdown apart (the board names the extremes of
  // all chance events together), each a button to its move.
  function luckByKind(review) {
    const list = document.createElement("ul");
    list.className = "grade-facts wol-luck";
    for (const [kind, test] of [["deal", (e) => e.event === "deal"], ["showdown", (e) => e.event.startsWith("showdown")]]) {
      const events = review.luck.filter(test);
      if (!events.length) continue;
      const best = events.reduce((a, e) => (e.swing > a.swing ? e : a));
      const worst = events.reduce((a, e) => (e.swing < a.swing ? e : a));
      for (const [word, e] of [["Luckiest " + kind, best], ["Unluckiest " + kind, worst]]) {
        const li = document.createElement("li");
        const label = document.createElement("b");
        label.textContent = word + ": ";
        const go = document.createElement("button");
        go.type = "button";
        go.className = "link jump";
        go.dataset.keepEnabled = "";
        go.textContent = "round " + (Math.floor((e.ply - 1) / PER_ROUND) + 1) + " (move " + e.ply + "), " +
          (e.swing > 0 ? "+" : "") + P.said(e.swing_exact, e.swing, 3) + " expected points";
        go.addEventListener("click", () => board.go(e.ply));
        li.append(label, go);
        list.appendChild(li);
      }
    }
    const facts = $("you-grades").querySelector(".grade-facts");
    if (facts) facts.after(list);
  }

  board = P.board({
    game: "winorlose", tools: $("you-tools"), grades: $("you-grades"), moves: $("you-moves"), story: $("you-story"),
    pliesPerPoint: PER_ROUND,
    live: showLive, at: showAt, tell: drawStory, moveText, keep: () => moves.length > 0,
    retry: async (ply) => startRetry(ply),
    canRetry,
    leave: () => { mode = "step"; retry = null; },
    onReview: luckByKind,
    moveName: (ply) => "move " + ply + " (round " + (Math.floor((ply - 1) / PER_ROUND) + 1) + ", " +
      (["the deal", "a call", "a call", "the showdown"][(ply - 1) % PER_ROUND]) + ")",
  });

  // the two modes
  function showMode() {
    const mode = document.querySelector("input[name=wol-mode]:checked").value;
    $("you-play").hidden = mode !== "you";
    $("two-play").hidden = mode !== "two";
  }
  for (const r of document.querySelectorAll("input[name=wol-mode]")) r.addEventListener("change", showMode);
  $("you-seat").addEventListener("change", () => { fillOpponents(); newGame(); });
  $("you-opponent").addEventListener("change", newGame);
  $("you-setup").addEventListener("submit", dealRound);
  $("predict-win").addEventListener("click", () => predict("win"));
  $("predict-lose").addEventListener("click", () => predict("lose"));
  for (const id of ["tie", "chance"]) $(id).addEventListener("change", newGame);
  fillOpponents();
  showMode();
  const linked = P.board.fromLink(location.hash);
  if (linked && linked.game === "winorlose") restore(linked).then((ok) => { if (!ok) newGame(); });
  else newGame();
})();
