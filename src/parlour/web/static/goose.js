// The Game of the Goose page: the board and its pieces, a game played by server-side rolls (the seed and the
// turn travel with each request: the server keeps no game), each player's chance after every move (exact for
// 2 players, certified for 3 and 4), the Figure 2 heat map and the rule editor. The game is kept as a record
// (docs/json.md, "Game records": the settings and every throw's faces; the Goose hides nothing, so the dice are
// the whole game): the address carries it (#record=), and the analysis board (board.js) steps through it, retries
// from any throw as a side line and shows the luck of every throw from POST /api/review.
"use strict";
(function () {
  const $ = parlour.$;
  const NS = "http://www.w3.org/2000/svg";
  const CELL = 60;
  let board = JSON.parse($("goose-board").textContent);
  // The first game's seed: ?seed=N in the address replays a game (the screenshot does), else the server's draw.
  const asked = new URLSearchParams(window.location.search).get("seed");
  const game = { position: null, seed: /^\d{1,12}$/.test(asked || "") ? Number(asked) : JSON.parse($("goose-seed").textContent),
                 turn: 0, over: false, moves: 0, chances: null, fresh: true,
                 record: null, plies: [], line: null, linePlies: null };
  let ab = null;  // the analysis board (board.js), made once the page's functions are defined

  // ---- the board -------------------------------------------------------------------------------------
  function place(square) {
    const g = $("sq-" + square);
    const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(g.getAttribute("transform"));
    return { x: Number(m[1]), y: Number(m[2]) };
  }

  function textOf(square) {
    const s = board.squares[square];
    return s ? s.square + ": " + s.text : String(square);
  }

  function relabel() {  // the variant's texts (the maze of maze37 leads elsewhere) on titles and labels
    for (const s of board.squares) {
      const g = $("sq-" + s.square);
      if (!g) continue;
      g.setAttribute("aria-label", "square " + s.square + ": " + s.text);
      g.querySelector("title").textContent = s.square + ": " + s.text;
    }
  }

  function el(name, attrs, text) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // Corners of a square for up to four pieces, so that pieces sharing the start or a well stay visible.
  const SPOTS = [[18, 28], [42, 28], [18, 47], [42, 47]];

  function drawPieces() {
    const layer = $("pieces");
    layer.replaceChildren();
    const pos = game.position;
    if (!pos) return;
    pos.squares.forEach((sq, i) => {
      const at = place(sq);
      const [dx, dy] = SPOTS[i];
      const g = el("g", { class: "piece p" + (i + 1) + (pos.to_move === i + 1 && !game.over ? " mover" : "") });
      g.appendChild(el("circle", { cx: at.x + dx, cy: at.y + dy, r: 9, class: "p" + (i + 1) }));
      g.appendChild(el("text", { x: at.x + dx, y: at.y + dy + 4 }, String(i + 1)));
      layer.appendChild(g);
    });
  }

  // A role's name ("bridge", "prison") drawn at a readable size can be wider than its square on a small
  // board: it is narrowed to the square (textLength) rather than made smaller.
  function fitLabels() {
    for (const t of document.querySelectorAll("#board .what")) {
      t.removeAttribute("textLength");
      t.removeAttribute("lengthAdjust");
      if (t.getComputedTextLength() > CELL - 8) {
        t.setAttribute("textLength", String(CELL - 8));
        t.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    }
  }
  // (parlour.js's observer, made first, has set --u by the time this one runs)
  if (window.ResizeObserver) new ResizeObserver(fitLabels).observe($("board"));

  function markPath(path) {
    for (const g of document.querySelectorAll("#board .sq.path, #board .sq.last")) g.classList.remove("path", "last");
    if (!path || !path.length) return;
    for (const s of path.slice(1)) { const g = $("sq-" + s); if (g) g.classList.add("path"); }
    const last = $("sq-" + path[path.length - 1]);
    if (last) last.classList.add("last");
  }

  // ---- the chances -----------------------------------------------------------------------------------
  function pct(x) { return (100 * x).toFixed(3) + " %"; }

  function showChances(ch) {
    game.chances = ch;
    if (game.moves === 0) game.startChances = ch;  // for the ending: what the analysis expected at the start
    // the position these numbers belong to, for a reader's script (and the tests) to check them against
    $("chances-panel").dataset.position = JSON.stringify(game.position);
    const body = $("chances").querySelector("tbody");
    body.replaceChildren();
    const pos = game.position;
    const n = ch.win.length;
    const rows = [];
    for (let p = 0; p < n; p++) rows.push({ name: "Player " + (p + 1), who: p + 1, win: ch.win[p],
                                           bounds: ch.win_bounds ? ch.win_bounds[p] : null });
    if (ch.draw > 0 || n === 2) rows.push({ name: "draw", who: 0, win: ch.draw, bounds: ch.draw_bounds || null });
    for (const r of rows) {
      const tr = document.createElement("tr");
      if (r.who && pos && pos.to_move === r.who && !game.over) tr.className = "mover";
      const name = document.createElement("td");
      if (r.who) {
        const dot = document.createElement("span");
        dot.className = "dot p" + r.who;
        name.appendChild(dot);
      }
      name.appendChild(document.createTextNode(r.name));
      const sq = document.createElement("td");
      sq.textContent = r.who && pos ? String(pos.squares[r.who - 1]) + (pos.inn_pending.includes(r.who) ? " (skips)" : "") : "";
      const val = document.createElement("td");
      val.className = "pwin";
      val.dataset.value = String(r.win);
      if (!ch.exact && r.bounds && !ch.over) {
        // a certified interval: the value to its certain digits, two decimals at most ("26.69 ± 0.01 %", as
        // the guide promises: 26.69459678 ± 0.00000001 did not fit a phone), the full bounds one click away
        val.replaceChildren(window.parlour.intervalNode(r.bounds[0], r.bounds[1], 100, " %", 2));
      } else {
        val.textContent = pct(r.win);
      }
      const bar = document.createElement("td");
      bar.className = "barcol";
      const span = document.createElement("span");
      span.className = "bar";
      span.style.width = (100 * r.win).toFixed(1) + "%";
      bar.appendChild(span);
      tr.append(name, sq, val, bar);
      body.appendChild(tr);
    }
    let note;
    if (ch.over) note = "The game is over.";
    else if (ch.exact) note = "Exact: fractions with denominators of " + (ch.denominator_digits || 0).toLocaleString("en") +
      " digits, from the exact solution of every position (proven by an exact residual of zero).";
    else note = "Certified: each true value lies in its interval (half-width at most " + ch.tol + "), from the chain of " +
      (ch.states && ch.states.canonical_transient ? ch.states.canonical_transient.toLocaleString("en") + " " : "") +
      "relabelled positions solved once.";
    $("chances-note").textContent = note;
    const list = $("exact-list");
    list.replaceChildren();
    $("exact-box").hidden = !(ch.exact && ch.win_exact && !ch.over);
    if (ch.exact && ch.win_exact) {
      const all = ch.win_exact.map((f, i) => ["P(player " + (i + 1) + " wins)", f]);
      all.push(["P(draw)", ch.draw_exact]);
      for (const [label, f] of all) {
        const p = document.createElement("p");
        p.className = "fraction";
        p.dataset.label = label;
        p.textContent = label + " = " + f;
        list.appendChild(p);
      }
    }
  }

  function showMover() {
    const pos = game.position;
    const line = $("to-move");
    line.replaceChildren();
    if (!pos || game.over) return;
    const dot = document.createElement("span");
    dot.className = "dot p" + pos.to_move;
    line.append(dot, "Player " + pos.to_move + " to move" + (game.skips ? " (skips this turn: " + game.skips + ")" : ""));
    $("roll").textContent = game.skips ? "Skip the turn" : "Roll the dice";
  }

  // The chances of the current position: at once, or after the job that solves the chain (3-4 players the
  // first time) has run; the busy sign shows its progress. A solve beyond a minute (or of 4 players) waits for
  // Start; "Not now" or Cancel leaves these settings without numbers (never another setting's numbers beside
  // these pieces), and nothing restarts that solve until the person asks again ("Work them out").
  const keyOf = (pos) => (pos ? pos.rules + "/" + pos.players : "");
  const declined = () => !!game.position && game.declined === keyOf(game.position);
  // what a request that may need the chances adds: start nothing where the person declined the solve
  const withStart = (pos) => (declined() ? Object.assign({}, pos, { start: "never" }) : pos);

  function clearChances() {
    game.chances = null;
    $("chances").querySelector("tbody").replaceChildren();
    $("chances-panel").dataset.position = "";
    $("exact-box").hidden = true;
    $("chances-note").textContent = "";
  }

  function noChances(data, why) {
    clearChances();
    const note = $("chances-note");
    const n = game.position ? game.position.players : data.players;
    note.append("No chances for " + n + " players: " + (why || "their solve was not started") + ". Moves go on without them. ");
    const b = document.createElement("button");
    b.type = "button";
    b.id = "work-out";
    b.textContent = "Work them out" + (data && data.expect ? " (" + data.expect.replace(/, once.*$/, "") + ")" : "");
    b.addEventListener("click", workOut);
    note.appendChild(b);
  }

  async function workOut() {
    game.declined = null;
    const data = await parlour.api("api/chances", Object.assign({}, game.position, { start: true }));
    if (data && await settle(data)) beginStory(game.moves ? "move " + game.moves : "the start");
  }

  async function settle(ch) {
    let data = ch;
    const key = keyOf(game.position);
    const here = () => keyOf(game.position) === key;  // still these settings (the page may have moved on)
    if (data && data.ready === false && (data.idle || (data.ask && declined()))) {
      noChances(data, "their solve was cancelled");
      return false;
    }
    if (data && data.ask) {  // a long solve: its estimate, Start and "Not now" first
      clearChances();
      const what = "Working out every position of " + data.players + " players";
      const yes = await parlour.ask(what, data.expect, ["chances-box"]);
      if (!yes) {  // false: "Not now"; null: the page moved on (other settings), which declines nothing
        if (yes === false && here()) { game.declined = key; noChances(data, "their solve was not started"); }
        return false;
      }
      if (!here()) return false;
      data = await parlour.api("api/chances", Object.assign({}, game.position, { start: true }));
      if (!data) return false;
    }
    if (data && data.ready === false) {
      clearChances();
      const what = "Working out every position of " + data.players + " players, so that each player's chance " +
        "is known after every move (" + data.expect + ")";
      if (!(await parlour.wait(data.job, 400, { what: what, placeholders: ["chances-box"] }))) {
        if (here()) { game.declined = key; noChances(data, "their solve was cancelled"); }
        return false;
      }
      if (!here()) return false;
      const again = await parlour.api("api/chances", game.position);
      if (!again) return false;
      data = again;
      if (data.ready === false) return settle(data);
    }
    if (!data) return false;
    if (data.skips !== undefined) game.skips = data.skips;
    showChances(data);
    showMover();
    return true;
  }

  async function setPosition(position) {
    parlour.unask();  // a question about other settings is withdrawn
    const data = await parlour.api("api/chances", withStart(position));
    if (!data) return false;
    // the position as the server read it (numbers, not the strings a form holds)
    const seen = data.position;
    game.position = seen ? { rules: position.rules, players: seen.squares.length, squares: seen.squares,
                             to_move: seen.to_move,
                             inn_pending: seen.waiting_at_inn.flatMap((w, i) => (w ? [i + 1] : [])) } : position;
    game.over = false;
    game.skips = data.skips || null;
    drawPieces();
    markPath(null);
    updateHeatMark();
    const told = await settle(data);
    if (told) beginStory();
    else { tale = null; $("story").replaceChildren(); }  // no numbers: no story of other settings either
    newRecord(data);
    finishControls();
    return true;
  }

  // ---- the record: the settings and every throw (the main line); the board steps through it ------------
  function isStart(pos) {
    return pos.to_move === 1 && !pos.inn_pending.length && pos.squares.every((s) => s === 0);
  }

  function newRecord(data) {
    const pos = game.position;
    const settings = { players: pos.players, rules: pos.rules };
    if (!isStart(pos)) settings.start = { squares: pos.squares, to_move: pos.to_move, inn_pending: pos.inn_pending };
    game.record = { parlour_record: 1, game: "goose", settings: settings, moves: [] };
    game.plies = [{ turn: null, over: false, winner: null, draw: false, position: pos, skips: game.skips,
                    chances: game.chances || { ready: false } }];
    game.line = null;
    game.linePlies = null;
    $("grades").hidden = true;
    if (ab) ab.setRecord(copyOf(game.record), true);
    keepAddress();
    return data;
  }

  const copyOf = (record) => Object.assign({}, record, { moves: record.moves.slice() });

  function keepAddress() {  // a reload, or the address sent to another machine, restores this game
    if (ab && game.record) ab.remember();
  }

  // ---- the game's story: each player's chance after every move, and the ending that tells it ---------
  let tale = null;
  const pct1 = (x) => (100 * x).toFixed(1) + " %";

  function beginStory(label) {
    const n = game.position.players;
    tale = parlour.story($("story"), { title: "Each player's chance to win, move by move", lo: 0, hi: 1, format: pct1,
                                       axis: (x) => Math.round(100 * x) + " %",
                                       series: Array.from({ length: n }, (_, i) => "Player " + (i + 1)) });
    tale.reset(game.chances.win, label || "the start");
  }

  // Nobody decides in the Goose: a move's change is the dice's luck, never a mistake, so no move is marked as
  // costly; the ending names the luckiest and the unluckiest throw instead (as `parlour review` does).
  function storyMove(mover, before, data) {
    if (!tale || !game.chances) return;
    const after = game.chances.win;
    const i = mover - 1;
    tale.add({ values: after, label: data.turn.story.join(" "), loss: 0, mover: i });
    if (!data.over) return;
    const start = game.startChances;
    const verdict = data.winner ? "Player " + data.winner + " wins after " + game.moves + " moves." :
      "A draw after " + game.moves + " moves: nobody can ever move again.";
    const expected = start ? "At the start the exact analysis gave " +
      start.win.map((w, k) => "player " + (k + 1) + " " + pct1(w)).join(", ") + "." : "";
    tale.end(verdict, expected);
    const said = tale.element.querySelector(".story-costliest, .story-clean");
    if (said) said.textContent = "Luck only: nobody decides in the Goose. The luckiest and unluckiest throws follow from the review…";
  }

  // The luck, as `parlour review` measures it (POST /api/review: the same code, so the same numbers): each
  // throw's swing in the thrower's chance to win; the story's ending names the luckiest and the unluckiest.
  const luckPoints = (x) => (x >= 0 ? "+" : "−") + Math.abs(100 * x).toFixed(1) + " points";
  function luckWords(r) {
    const one = (e) => "move " + e.ply + " (" + e.player + ", " + luckPoints(e.swing) + ")";
    return "Luck only: nobody decides in the Goose. " + (r.luckiest ? "The luckiest throw: " + one(r.luckiest) +
      (r.unluckiest ? "; the unluckiest: " + one(r.unluckiest) : "") + "." : "No throw changed anyone's chance.");
  }

  async function reviewGame() {
    const box = $("grades");
    const record = ab.record;
    let r = null, why = "";
    const first = game.plies[0] && game.plies[0].chances;
    if (!first || first.ready === false) {  // the review would have to solve them: none is started by a review
      drawLuck(box, null, "the chances of " + record.settings.players + " players are not worked out on this page (Work them out, then play again)");
      return;
    }
    try {
      const reply = await fetch("/api/review", { method: "POST", headers: { "Content-Type": "application/json" },
                                                body: JSON.stringify(record) });
      r = await reply.json().catch(() => null);
      if (!reply.ok) { why = (r && r.error) || "the server could not review it"; r = null; }
    } catch (_) { why = "the server did not answer"; }
    if (ab.record !== null && JSON.stringify(ab.record.moves) !== JSON.stringify(record.moves)) return;  // moved on
    drawLuck(box, r, why);
    const said = tale && tale.element.querySelector(".story-costliest, .story-clean");
    if (said && r) said.textContent = luckWords(r);
  }

  function jumpTo(text, ply) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link jump";
    b.dataset.keepEnabled = "";
    b.textContent = text;
    b.addEventListener("click", () => ab.go(ply));
    return b;
  }

  function drawLuck(box, r, why) {
    box.replaceChildren(parlour.board.intro("Grades: luck only", "Nobody decides anything in the Game of the " +
      "Goose: the dice move the pieces, so there is no decision to grade (no best move, no mistake, no blunder). " +
      "Each throw's luck is the change it made to the thrower's chance to win."));
    box.hidden = false;
    if (!r) {
      const p = document.createElement("p");
      p.id = "luck-unavailable";
      p.textContent = "The review is unavailable: " + parlour.sentence(why);
      box.appendChild(p);
      return;
    }
    const how = document.createElement("p");
    how.className = "note";
    how.id = "luck-kind";
    how.textContent = r.status === "exact" ? "Exact: from the exact fractions of every position." :
      "Certified midpoints: each chance is the middle of an interval proven to hold the true value (" + r.chances + ").";
    const table = document.createElement("table");
    table.className = "grade-counts luck-counts";
    table.innerHTML = "<thead><tr><th scope='col'>player</th><th scope='col'>throws</th><th scope='col'>total luck</th></tr></thead>";
    const body = table.appendChild(document.createElement("tbody"));
    for (const name of r.player_names) {
      const mine = r.luck.filter((e) => e.player === name);
      const tr = body.appendChild(document.createElement("tr"));
      for (const text of [name, String(mine.length), luckPoints(mine.reduce((a, e) => a + e.swing, 0))]) {
        tr.appendChild(document.createElement("td")).textContent = text;
      }
    }
    const facts = document.createElement("ul");
    facts.className = "grade-facts";
    for (const [label, e] of [["Luckiest throw", r.luckiest], ["Unluckiest throw", r.unluckiest]]) {
      const li = facts.appendChild(document.createElement("li"));
      const b = document.createElement("b");
      b.textContent = label + ": ";
      li.append(b, e ? jumpTo("move " + e.ply + " (" + e.player + ", " + e.event.faces.join("+") + "): " +
        luckPoints(e.swing), e.ply) : "none");
      if (e) li.dataset.ply = String(e.ply);
    }
    box.append(how, table, facts);
  }

  // ---- motion: the mover's piece walks its path square by square; a goose's repeat and a jump flash ----
  function walkSquares(path, amount) {
    const jumps = new Set(["bridge", "maze", "death"]);
    const out = [path[0]];
    for (let i = 1; i < path.length; i++) {
      const a = path[i - 1], b = path[i];
      const role = board.squares[a] ? board.squares[a].role : "";
      if (i > 1 && jumps.has(role)) { out.push(b); continue; }  // a jump: straight there
      const end = board.squares.length - 1;
      let at = a;
      const target = a + amount;
      if (target > end && amount > 0) {  // past the end: walk to it and back
        while (at < end) out.push(++at);
        while (at > b) out.push(--at);
      } else if (target === b) {
        while (at < b) out.push(++at);
      } else {
        out.push(b);  // a jump from the start, or a move the page cannot retrace: straight there
      }
    }
    return out;
  }

  function walk(mover, path, faces) {
    if (!path || path.length < 2 || parlour.reduced()) return;
    const piece = $("pieces").children[mover - 1];
    if (!piece) return;
    const squares = walkSquares(path, faces ? faces.reduce((a, b) => a + b, 0) : 0);
    const end = place(squares[squares.length - 1]);
    const frames = squares.map((s) => { const at = place(s); return { transform: "translate(" + (at.x - end.x) + "px," + (at.y - end.y) + "px)" }; });
    parlour.glide(piece, frames, Math.min(400, 25 * squares.length + 100));
    for (const s of path.slice(1, -1)) {  // the squares that sent the piece on: a goose, the bridge, death
      const g = $("sq-" + s);
      const role = board.squares[s] ? board.squares[s].role : "";
      if (g && role !== "plain") parlour.glide(g.querySelector("rect"), [{ fill: role === "death" ? "#c0202a" : "#ffd25a" }, {}], 400);
    }
  }

  function startPosition(players, rules) {
    return { rules: rules, players: players, squares: Array(players).fill(0), to_move: 1, inn_pending: [] };
  }

  function fillMovers(n) {
    for (const id of ["place-mover", "place-who"]) {
      const sel = $(id);
      const keep = id === "place-who" ? [sel.options[0]] : [];
      sel.replaceChildren(...keep);
      for (let p = 1; p <= n; p++) sel.add(new Option("player " + p, String(p)));
    }
  }

  async function newGame() {
    const players = Number($("players").value);
    const rules = $("rules").value;
    if (rules !== board.rules) {
      const b = await parlour.api("api/board?rules=" + encodeURIComponent(rules));
      if (!b) return;
      board = b;
      relabel();
    }
    game.declined = null;  // a new game asks again (asking starts nothing)
    if (!game.fresh) game.seed = Math.floor(Math.random() * 1e12);
    game.fresh = false;
    game.turn = 0;
    game.moves = 0;
    $("log").replaceChildren();
    $("last-move").replaceChildren();
    if ($("again")) { $("again").remove(); $("roll").hidden = false; }
    // the last game's move line goes with it (after 2 -> 4 players it told of a game no longer on the board)
    $("dice").textContent = "";
    $("move-text").textContent = "Roll the dice to start.";
    const hint = document.createElement("p");
    hint.id = "before-first";
    hint.innerHTML = "Press <b>Roll the dice</b> (or Enter) to play the first move.";
    $("last-move").appendChild(hint);
    fillMovers(players);
    $("place-squares").value = Array(players).fill(0).join(",");
    await setPosition(startPosition(players, rules));
  }

  function finishControls() {
    $("roll").disabled = game.over || !game.position || (!!ab && !ab.atEnd() && !game.line);
  }

  // A throw joins the main line (or the retry being played): the record, the position told, the address.
  function recordMove(data) {
    const move = { by: "player " + data.turn.player, faces: data.turn.faces };
    if (game.line) {
      game.line.moves.push(move);
      game.linePlies.push(data);
      ab.setLine(game.line);
    } else {
      game.record.moves.push(move);
      game.plies.push(data);
      ab.setRecord(copyOf(game.record));  // a copy: the board compares its old length with the new
      if (data.over) reviewGame();
    }
    keepAddress();
  }

  // ---- stepping: the page at any throw of the main line, from the positions told (no request) ----------
  async function renderAt(ply, last) {
    const data = game.plies[ply];
    if (!data) return;
    parlour.unask();
    game.moves = ply;
    game.position = data.position;
    game.over = !!data.over;
    game.skips = data.skips || null;
    drawPieces();
    markPath(data.turn ? data.turn.path : null);
    updateHeatMark();
    if (data.chances && data.chances.ready !== false) showChances(data.chances); else clearChances();
    if (data.turn) tellMove(data, false);
    else {
      $("last-move").replaceChildren();
      $("dice").replaceChildren();
      $("move-text").textContent = ply ? "" : "The start.";
    }
    showAgain(last && game.over);
    showMover();
    finishControls();
  }

  // Retry from here: new dice from this position, as a side line (the record keeps the main line).
  async function retryFrom(ply) {
    await renderAt(ply, false);
    game.line = { from: ply, moves: [] };
    game.linePlies = [];
    game.seed = Math.floor(Math.random() * 1e12);
    game.turn = 0;
    ab.setLine(game.line);
    finishControls();
    $("roll").focus({ preventScroll: true });
  }

  function leaveRetry() {
    game.line = null;
    game.linePlies = null;
    keepAddress();
  }

  function tellMove(data, live) {
    const box = $("last-move");
    box.replaceChildren();
    const t = data.turn;
    t.story.forEach((s, i) => {
      const p = document.createElement("p");
      if (i === 0 && t.faces) p.className = "dice";
      p.textContent = s;
      box.appendChild(p);
    });
    if (data.over) {
      const p = document.createElement("p");
      p.className = "outcome";
      const moves = game.moves;
      p.textContent = data.winner ? "Player " + data.winner + " wins the game after " + moves + " moves."
        : "Nobody can ever move again: the game is a draw.";
      const start = game.startChances;
      if (start && data.winner && start.win[data.winner - 1] !== undefined) {
        p.textContent += " From the start, the analysis gave player " + data.winner + " a " +
          window.parlour.pct(start.win[data.winner - 1], 1) + " chance of winning" +
          (start.draw > 0 ? " (and the game a " + window.parlour.pct(start.draw, 1) + " chance of a draw)" : "") + ".";
      }
      box.appendChild(p);
      // in the Roll bar, in Roll's place: on the screen of a phone whatever is scrolled, where the thumb is
      showAgain(true);
    }
    if (live && !game.line) {
      const li = document.createElement("li");
      li.textContent = t.story.join(" ");
      li.dataset.ply = String(game.moves);
      li.tabIndex = 0;
      $("log").prepend(li);
    }
    // the move's line under the board: the dice (rolled, unless the reader asks for less motion) and the story
    const dice = $("dice");
    dice.replaceChildren(...(t.faces || []).map(die));
    window.parlour.animate(dice, "rolling");
    $("move-text").textContent = box.textContent.trim() ? [...box.querySelectorAll("p")].map((p) => p.textContent).join(" ") : "";
  }
  // A die as a picture: a white face with its pips (the move's line says the throw in words)
  const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
                 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };
  function die(face) {
    const s = el("svg", { viewBox: "0 0 40 40", width: 36, height: 36, class: "die" });
    s.appendChild(el("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7 }));
    for (const [i, j] of PIPS[face] || []) s.appendChild(el("circle", { cx: 10 * i, cy: 10 * j, r: 3.6 }));
    return s;
  }

  function showAgain(on) {
    if (on && !$("again")) {
      // in the Roll bar, in Roll's place: on the screen of a phone whatever is scrolled, where the thumb is
      const again = window.parlour.primaryButton("again", "Play again", async () => { await newGame(); nextFocus(); });
      $("controls").appendChild(again);
    }
    if (!on && $("again")) $("again").remove();
    $("roll").hidden = on;
  }

  async function roll(ev) {
    if (ev) ev.preventDefault();
    if (game.over || !game.position || (ab && !ab.atEnd() && !game.line)) return;
    const mover = game.position.to_move;
    const before = game.chances ? game.chances.win.slice() : null;
    const data = await parlour.api("api/move", { position: withStart(game.position), seed: game.seed, turn: game.turn },
                                   "rolling…");
    if (!data) { finishControls(); nextFocus(); return; }
    game.turn += 1;
    game.moves += 1;
    game.position = data.position;
    game.over = data.over;
    game.skips = data.skips || null;
    tellMove(data, true);
    drawPieces();
    walk(mover, data.turn.path, data.turn.faces);
    markPath(data.turn.path);
    updateHeatMark();
    if (data.position.to_move) $("place-squares").value = data.position.squares.join(",");
    const told = await settle(data.chances);
    if (told && before && !game.line) storyMove(mover, before, data);
    data.chances = game.chances || { ready: false };
    recordMove(data);
    showMover();
    finishControls();
    window.parlour.reveal($("board"), $("move-line"));
    nextFocus();
  }

  // After a move the keyboard stays where the game goes on: Roll (or Play again at the end), unless the person
  // has gone to another control meanwhile (a disabled Roll had dropped the focus to the page's body).
  function nextFocus() {
    const at = document.activeElement;
    if (at && at !== document.body && at !== $("roll") && document.contains(at) && !at.disabled) return;
    const next = game.over ? $("again") : $("roll");
    if (next && !next.disabled && !next.hidden) next.focus({ preventScroll: true });
  }

  // ---- placing pieces by hand ------------------------------------------------------------------------
  async function placeFromForm() {
    const text = $("place-squares").value;
    const squares = text.split(",").map((s) => s.trim());
    const players = Number($("players").value);
    await setPosition({ rules: $("rules").value, players: players, squares: squares,
                        to_move: Number($("place-mover").value || 1), inn_pending: [] });
  }

  async function squareChosen(square) {
    const who = Number($("place-who").value || 0);
    $("square-info").textContent = textOf(square);
    if (!who || !game.position || document.body.classList.contains("busy")) return;
    const squares = game.over ? Array(game.position.players).fill(0) : game.position.squares.slice();
    squares[who - 1] = square;
    $("place-squares").value = squares.join(",");
    await setPosition({ rules: game.position.rules, players: game.position.players, squares: squares,
                        to_move: game.over ? 1 : game.position.to_move,
                        inn_pending: (game.position.inn_pending || []).filter((p) => p !== who) });
  }

  for (const g of document.querySelectorAll("#board .sq")) {
    const square = Number(g.dataset.square);
    g.addEventListener("mouseenter", () => { $("square-info").textContent = textOf(square); });
    g.addEventListener("focus", () => { $("square-info").textContent = textOf(square); });
    g.addEventListener("click", () => squareChosen(square));
    g.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); squareChosen(square); }
    });
  }

  // ---- the heat map (Figure 2) -----------------------------------------------------------------------
  const heat = { data: null, cursor: [0, 0] };
  const HC = 8;
  let LEFT = 26, TOP = 6;  // the margins: heatLayout widens them with the labels

  function colour(v, lo, hi) {  // viridis, five stops, over the surface's own range (as Figure 2's colour bars)
    const stops = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
    const x = Math.max(0, Math.min(1, (v - lo) / Math.max(hi - lo, 1e-12))) * (stops.length - 1);
    const i = Math.min(stops.length - 2, Math.floor(x));
    const f = x - i;
    const c = stops[i].map((a, k) => Math.round(a + f * (stops[i + 1][k] - a)));
    return "rgb(" + c.join(",") + ")";
  }

  function heatText(i, j) {
    const d = heat.data;
    const v = d.values[i][j];
    const where = "player 1 on " + d.squares[i] + ", player 2 on " + d.squares[j] + ", player " + d.to_move + " to move";
    // "P(player 1 wins | player 1 to move)" says its condition in `where`: "P(player 1 wins)" is left
    return v === null ? where + ": not reachable" : where + ": " + d.title.replace(/ \|[^)]*\)$/, ")") + " = " + v.toFixed(6);
  }

  // The labels' size in the map's units: 12 screen pixels whatever the width the map is drawn at (9px
  // labels in a map scaled to a phone were 6 px); the margins grow with them.
  function heatLayout(svg, k) {
    const w = svg.getBoundingClientRect().width;
    let f = 9;
    for (let n = 0; n < 4; n++) {
      LEFT = Math.max(26, Math.ceil(1.4 * f + 4));
      const width = LEFT + k * HC + 30 + 2.6 * f;
      if (w > 0) f = Math.max(9, 12 * width / w);
    }
    LEFT = Math.max(26, Math.ceil(1.4 * f + 4));
    TOP = Math.max(6, Math.ceil(0.5 * f));
    return { f: f, width: Math.ceil(LEFT + k * HC + 30 + 2.6 * f), height: Math.ceil(TOP + k * HC + 3.4 * f + 8) };
  }

  function drawHeat(d) {
    heat.data = d;
    const svg = $("heatmap");
    const k = d.squares.length;
    svg.setAttribute("viewBox", "0 0 " + (LEFT + k * HC + 56) + " " + (TOP + k * HC + 30));
    const L = heatLayout(svg, k), f = L.f;
    svg.setAttribute("viewBox", "0 0 " + L.width + " " + L.height);
    svg.replaceChildren();
    const lab = (x, y, text) => el("text", { class: "lab", x: x, y: y, style: "font-size:" + f.toFixed(1) + "px" }, text);
    const all = d.values.flat().filter((v) => v !== null);
    const lo = Math.min(...all), hi = Math.max(...all);
    const cells = el("g", { id: "heat-cells" });
    // rows: player 1's square from the bottom up (as Figure 2, origin lower), columns: player 2's square
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) {
        const v = d.values[i][j];
        if (v === null) continue;
        const r = el("rect", { x: LEFT + j * HC, y: TOP + (k - 1 - i) * HC, width: HC, height: HC, fill: colour(v, lo, hi) });
        r.dataset.i = i;
        r.dataset.j = j;
        cells.appendChild(r);
      }
    }
    svg.appendChild(cells);
    d.squares.forEach((s, n) => {
      if (![0, 10, 19, 31, 40, 52, 62].includes(s)) return;
      svg.appendChild(lab(2, TOP + (k - 1 - n) * HC + HC / 2 + 0.35 * f, String(s)));
      svg.appendChild(lab(LEFT + n * HC - 1, TOP + k * HC + f + 1, String(s)));
    });
    svg.appendChild(lab(LEFT, TOP + k * HC + 2.2 * f + 3, "→ player 2's square"));
    svg.appendChild(lab(LEFT, TOP + k * HC + 3.3 * f + 5, "↑ player 1's square"));
    // the colour scale: the surface's lowest and highest value at either end
    const scale = el("g", { id: "heat-scale" });
    for (let n = 0; n < 20; n++) {
      scale.appendChild(el("rect", { x: LEFT + k * HC + 14, y: TOP + (19 - n) * (k * HC / 20), width: 12,
                                     height: k * HC / 20 + 0.5, fill: colour(lo + (n + 0.5) / 20 * (hi - lo), lo, hi) }));
    }
    scale.appendChild(lab(LEFT + k * HC + 30, TOP + 0.75 * f, hi.toFixed(2)));
    scale.appendChild(lab(LEFT + k * HC + 30, TOP + k * HC, lo.toFixed(2)));
    svg.appendChild(scale);
    svg.appendChild(el("rect", { id: "heat-cursor", class: "cursor", width: HC, height: HC, x: -50, y: -50 }));
    svg.appendChild(el("rect", { id: "heat-here", class: "here", width: HC, height: HC, x: -50, y: -50 }));
    updateHeatMark();
  }

  function moveCursor(i, j) {
    const d = heat.data;
    if (!d) return;
    const k = d.squares.length;
    i = Math.max(0, Math.min(k - 1, i));
    j = Math.max(0, Math.min(k - 1, j));
    heat.cursor = [i, j];
    const c = $("heat-cursor");
    c.setAttribute("x", LEFT + j * HC);
    c.setAttribute("y", TOP + (k - 1 - i) * HC);
    $("heat-info").textContent = heatText(i, j);
  }

  function updateHeatMark() {
    const d = heat.data;
    const mark = $("heat-here");
    if (!d || !mark) return;
    const pos = game.position;
    const k = d.squares.length;
    const ok = pos && pos.players === 2 && !game.over && pos.to_move === d.to_move;
    const i = ok ? d.squares.indexOf(pos.squares[0]) : -1;
    const j = ok ? d.squares.indexOf(pos.squares[1]) : -1;
    mark.setAttribute("x", i >= 0 && j >= 0 ? LEFT + j * HC : -50);
    mark.setAttribute("y", i >= 0 && j >= 0 ? TOP + (k - 1 - i) * HC : -50);
  }

  async function heatChosen(i, j) {
    const d = heat.data;
    if (!d || d.values[i][j] === null) return;
    $("players").value = "2";
    $("rules").value = d.rules;
    fillMovers(2);
    const squares = [d.squares[i], d.squares[j]];
    $("place-squares").value = squares.join(",");
    const ok = await setPosition({ rules: d.rules, players: 2, squares: squares, to_move: d.to_move, inn_pending: [] });
    if (ok) $("heat-info").textContent = heatText(i, j) + " — the game goes on from here.";
  }

  async function showHeat() {
    const surface = $("surface").value;
    const rules = $("rules").value;
    let d = await parlour.api("api/heatmap?rules=" + encodeURIComponent(rules) + "&surface=" + surface);
    if (d && d.ready === false) {
      if (!(await parlour.wait(d.job, 400, { what: "solving the 2-player chances for the map", placeholders: ["heat-info"] }))) return;
      d = await parlour.api("api/heatmap?rules=" + encodeURIComponent(rules) + "&surface=" + surface);
    }
    if (d && d.ready) drawHeat(d);
  }

  const hm = $("heatmap");
  // drawn for its width: a turned phone or a resized window draws it again, labels at their size
  let heatWidth = 0;
  if (window.ResizeObserver) new ResizeObserver(() => {
    const w = Math.round(hm.getBoundingClientRect().width);
    if (heat.data && w && Math.abs(w - heatWidth) > 8) { heatWidth = w; drawHeat(heat.data); moveCursor(heat.cursor[0], heat.cursor[1]); }
  }).observe(hm.parentElement);
  hm.addEventListener("mouseover", (ev) => {
    const t = ev.target;
    if (t.dataset && t.dataset.i !== undefined) moveCursor(Number(t.dataset.i), Number(t.dataset.j));
  });
  hm.addEventListener("click", (ev) => {
    const t = ev.target;
    if (t.dataset && t.dataset.i !== undefined) heatChosen(Number(t.dataset.i), Number(t.dataset.j));
  });
  hm.addEventListener("keydown", (ev) => {
    if (!heat.data) return;
    const [i, j] = heat.cursor;
    const moves = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[ev.key]) {
      ev.preventDefault();
      moveCursor(i + moves[ev.key][0], j + moves[ev.key][1]);
    } else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      heatChosen(i, j);
    }
  });
  hm.addEventListener("focus", () => { if (heat.data) moveCursor(heat.cursor[0], heat.cursor[1]); });

  // ---- the rule editor -------------------------------------------------------------------------------
  function points(x) { return (x >= 0 ? "+" : "−") + Math.abs(100 * x).toFixed(3); }

  function showRules(d, into) {
    const out = into || $("rules-result");
    out.replaceChildren();
    const t = document.createElement("table");
    t.id = into ? "toggles-table" : "rules-table";
    t.dataset.status = d.quick ? "certified" : "exact";
    t.innerHTML = "<thead><tr><th scope='col'></th><th scope='col'>study</th><th scope='col'></th>" +
      "<th scope='col'>change (points)</th></tr></thead>";
    t.querySelector("thead th:nth-child(3)").textContent = d.changed.rules;
    const body = document.createElement("tbody");
    const rows = [["Player 1 wins", d.study.win[0], d.changed.win[0], d.difference.win[0]],
                  ["Player 2 wins", d.study.win[1], d.changed.win[1], d.difference.win[1]],
                  ["draw", d.study.draw, d.changed.draw, d.difference.draw],
                  ["starter's advantage", d.study.advantage, d.changed.advantage, d.difference.advantage]];
    for (const [label, a, b, diff] of rows) {
      const tr = document.createElement("tr");
      const cells = [label, pct(a), pct(b), points(diff)];
      cells.forEach((c, i) => {
        const td = document.createElement("td");
        td.textContent = c;
        if (i === 2) td.dataset.value = String(b);
        if (i === 3) td.className = diff > 0 ? "up" : diff < 0 ? "down" : "";
        tr.appendChild(td);
      });
      body.appendChild(tr);
    }
    t.appendChild(body);
    out.appendChild(t);
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = (d.quick ? "Certified values (each within " + d.tol + " of the truth; the exact fractions follow)"
      : "Exact values") + " from the start (2 players), under the study's rules and under " + d.changed.rules +
      ". The starter's advantage is P(1 wins) over a fair share of the decided games, minus one.";
    out.appendChild(p);
    return t;
  }

  // ---- the rules by toggles: each change redraws the 2-player chances (certified at once, from the server's
  // quick solve, then exact when the job behind them is done); before the numbers, a one-click guess of who is
  // favoured (skippable). The answers are kept per rule set; a late answer to an older change is dropped.
  const tog = { seq: 0, answers: new Map(), guess: null, answer: null, toml: "", last: null };
  const JUMPS = { bridge: "6 = 12", maze: "42 = 30", death: "58 = 0" };

  function togglesToml() {
    const on = (id) => $("t-" + id).checked;
    const off = [...document.querySelectorAll("#toggles input")].filter((i) => !i.checked).map((i) => i.dataset.rule);
    const lines = off.length ? ["name = " + JSON.stringify("study without " + off.join(", "))] : [];
    if (!on("geese")) lines.push("geese = []");
    lines.push("jumps = { " + Object.keys(JUMPS).filter(on).map((k) => JUMPS[k]).join(", ") + " }");
    if (!on("wells")) lines.push("inns = []", "wells = []");
    if (!on("bounce")) lines.push("bounce = false");
    if (!on("occupancy")) lines.push("occupancy = false");
    if (!on("start")) lines.push("start_jumps = {}");
    return lines.join("\n") + "\n";
  }

  function favoured(win) {
    const gap = win[0] - win[1];
    return Math.abs(gap) < 0.01 ? "even" : gap > 0 ? "1" : "2";
  }
  const GUESS_WORDS = { 1: "player 1", 2: "player 2", even: "even" };

  function showToggles() {
    const d = tog.answer;
    const out = $("toggles-result");
    if (!tog.guess) { out.replaceChildren(); return; }
    if (!d) { out.textContent = "Working out these rules…"; return; }
    const table = showRules(d, out);
    table.dataset.toml = tog.toml;
    const truth = favoured(d.changed.win);
    const p = document.createElement("p");
    p.id = "guess-verdict";
    p.className = "story-verdict";
    const answer = truth === "even" ? "the players are even (within 1 point)" : "player " + truth + " is favoured";
    p.textContent = (tog.guess === "skip" ? "" : "Your guess: " + GUESS_WORDS[tog.guess] + ". ") + "The answer: " + answer +
      " (" + pct(d.changed.win[0]) + " against " + pct(d.changed.win[1]) + ")" +
      (tog.guess === "skip" ? "." : tog.guess === truth ? ": right." : ": not this time.");
    out.prepend(p);
  }

  function guessed(ev) {
    const b = ev.target.closest("button[data-guess]");
    if (!b) return;
    tog.guess = b.dataset.guess;
    $("guess-box").hidden = true;  // its button had the focus: back to the toggle just changed
    showToggles();
    if (tog.last && document.contains(tog.last)) tog.last.focus({ preventScroll: true });
    const t = $("toggles-result");
    if (t.scrollIntoView) t.scrollIntoView({ block: "nearest" });
  }

  async function postRules(body) {  // the toggles' own requests: no busy page, an error said in their panel
    const reply = await fetch("api/rules", { method: "POST", headers: { "Content-Type": "application/json" },
                                             body: JSON.stringify(body) });
    const data = await reply.json().catch(() => null);
    if (!reply.ok) throw new Error((data && data.error) || "the server refused these rules");
    return data;
  }

  async function exactLater(toml, seq) {  // the exact fractions behind the certified numbers, when their job is done
    for (let tries = 0; tries < 300 && seq === tog.seq; tries++) {
      let d;
      try { d = await postRules({ toml: toml }); } catch (_) { return; }  // busy server: the certified numbers stay
      if (d.ready) {
        tog.answers.set(toml, d);
        if (seq === tog.seq) { tog.answer = d; showToggles(); }
        return;
      }
      if (!d.job) return;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  async function togglesChanged(ev) {
    const seq = ++tog.seq;
    tog.last = ev && ev.target;
    const toml = togglesToml();
    tog.toml = toml;
    tog.guess = null;
    tog.answer = null;
    $("guess-box").hidden = false;
    showToggles();
    let d = tog.answers.get(toml);
    if (!d) {
      try { d = await postRules({ toml: toml, quick: true }); } catch (err) {
        if (seq === tog.seq) { $("toggles-result").textContent = parlour.sentence(err.message); $("guess-box").hidden = true; }
        return;
      }
    }
    if (seq !== tog.seq) return;  // a newer change was made meanwhile: this answer is stale
    if (!tog.answers.has(toml)) tog.answers.set(toml, d);
    tog.answer = d;
    showToggles();
    if (d.quick) exactLater(toml, seq);
  }

  // The editor's text box is what "my own" solves; a named variant hides it, so that the box never shows
  // the study's rules beside a variant's name.
  function rulesChoiceChanged() {
    const own = $("rules-choice").value === "toml";
    $("rules-toml").hidden = !own;
    $("rules-toml-label").hidden = !own;
  }

  async function solveRules(ev) {
    ev.preventDefault();
    const choice = $("rules-choice").value;
    const body = choice === "toml" ? { toml: $("rules-toml").value } : { variant: choice };
    let d = await parlour.api("api/rules", body, "solving the rules…");
    if (d && d.ask) {
      if (!(await parlour.ask("Solving these rules for 2 players", d.expect, ["rules-result"]))) return;
      body.start = true;
      d = await parlour.api("api/rules", body, "solving the rules…");
    }
    while (d && d.ready === false) {
      if (!(await parlour.wait(d.job, 400, { what: "solving these rules for 2 players", placeholders: ["rules-result"] }))) return;
      d = await parlour.api("api/rules", body);
    }
    if (d) showRules(d);
  }

  // ---- wiring ----------------------------------------------------------------------------------------
  $("controls").addEventListener("submit", roll);
  $("new-game").addEventListener("click", newGame);
  $("players").addEventListener("change", newGame);
  $("rules").addEventListener("change", newGame);
  $("place-set").addEventListener("click", placeFromForm);
  $("place-squares").addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); placeFromForm(); } });
  $("heat-show").addEventListener("click", showHeat);
  $("surface").addEventListener("change", showHeat);
  $("rules-form").addEventListener("submit", solveRules);
  $("rules-choice").addEventListener("change", rulesChoiceChanged);
  $("toggles").addEventListener("change", togglesChanged);
  $("guess-box").addEventListener("click", guessed);
  rulesChoiceChanged();
  document.addEventListener("keydown", (ev) => {  // Enter anywhere outside a control rolls
    const tag = (ev.target.tagName || "").toLowerCase();
    if (ev.key === "Enter" && (ev.target === document.body || tag === "main") && !$("roll").disabled) roll(ev);
  });

  // ---- a game restored from its record (a link, a reload): every position told by one request -------
  async function restore(linked) {
    const s = linked.settings || {};
    const players = Number(s.players || 2), rules = s.rules === undefined ? "study" : s.rules;
    if (linked.game !== "goose" || typeof rules !== "string" || ![...$("rules").options].some((o) => o.value === rules) ||
        ![...$("players").options].some((o) => Number(o.value) === players)) return false;
    $("players").value = String(players);
    $("rules").value = rules;
    if (rules !== board.rules) {
      const b = await parlour.api("api/board?rules=" + encodeURIComponent(rules));
      if (!b) return false;
      board = b;
      relabel();
    }
    fillMovers(players);
    const main = { parlour_record: 1, game: "goose", settings: s, moves: linked.moves };
    let data = await parlour.api("api/replay", { record: main }, "restoring the game…");
    if (!data) return false;
    game.position = data.plies[0].position;
    if (data.chances.ready === false && await settle(data.chances)) {
      data = (await parlour.api("api/replay", { record: main })) || data;
    }
    game.fresh = false;
    game.seed = Math.floor(Math.random() * 1e12);
    game.turn = linked.moves.length;
    game.record = { parlour_record: 1, game: "goose", settings: s, moves: linked.moves.slice() };
    game.plies = data.plies;
    retell();
    ab.setRecord(Object.assign(copyOf(game.record), { lines: linked.lines || [] }), true);
    await renderAt(game.plies.length - 1, true);
    keepAddress();
    if (linked.moves.length) reviewGame();
    return true;
  }

  // The move list and the story of a restored game, as they were told while it was played.
  function retell() {
    $("log").replaceChildren();
    const first = game.plies[0].chances;
    game.chances = first && first.ready !== false ? first : null;
    game.startChances = game.chances;
    game.position = game.plies[0].position;
    if (game.chances) beginStory(); else { tale = null; $("story").replaceChildren(); }
    game.plies.forEach((data, k) => {
      if (!k) return;
      game.moves = k;
      const li = document.createElement("li");
      li.textContent = data.turn.story.join(" ");
      li.dataset.ply = String(k);
      li.tabIndex = 0;
      $("log").prepend(li);
      game.chances = data.chances && data.chances.ready !== false ? data.chances : null;
      storyMove(data.turn.player, null, data);
    });
  }

  ab = parlour.board({
    game: "goose", tools: $("board-tools"), moves: $("log"), story: $("story"),
    render: renderAt, retry: retryFrom, leave: leaveRetry,
    canRetry: (ply) => !!game.plies[ply] && !game.plies[ply].over && ply < game.record.moves.length,
    moveName: (ply) => "move " + ply + " (player " + game.plies[ply].turn.player + ")",
  });

  (async function start() {
    fillMovers(2);
    game.position = startPosition(2, "study");
    drawPieces();
    const linked = parlour.board.fromLink(location.hash);
    if (!linked || !(await restore(linked))) await newGame();
    await showHeat();
  })();
})();
