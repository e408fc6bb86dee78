// lenwordle's page, its Practice mode: lenwordle keeps the secret (the server's), the player
// types guesses (the page's keys or the computer's) and each row comes back as the game
// shows it. Practice opens a game at once (the last game chosen, kept in the browser, or
// today's puzzle). A hint, and at the end the secret, the share grid, the review and the
// player's statistics. The drawing of rows, keys and reviews is app.js's (loaded first).
// Hooks for other scripts: #p-tools (buttons beside Hint), #p-panels (panels under the
// game), openPractice(options) (a new game of these options), and body[data-practiced].
"use strict";

let mode = "solve"; // the page's mode: "solve" (app.js's game) or "practice"
let practiced = null; // the practice game as the server last sent it (null: none)
let typing = ""; // the letters of the guess being typed
let guessing = false; // a guess (or a hint) is on its way
let practiceRenders = 0; // practice games shown: a test can tell a new one has come
let opening = Promise.resolve(); // the new games asked for, one after the other
let formChanges = 0; // the player's changes to the form (its input and change events)
let formSeen = 0; // formChanges when the game shown was asked for: the form shows that game
// until the player changes it (a game that comes after a change leaves the form as it is)
const CHOSEN = "lenwordle-practice"; // the browser's last chosen game (its options)
const TODAY = { daily: true }; // the first game of a browser: today's puzzle of Wordle

function practiceSay(message) {
  note($("p-message"), message, $("p-boards")); // (a note over the board, app.js's)
}

function setMode(chosen) {
  // show the mode's part of the page; the form takes the mode's game's options
  mode = chosen;
  const practice = mode === "practice";
  document.body.dataset.mode = mode;
  $("mode-solve").setAttribute("aria-pressed", String(!practice));
  $("mode-practice").setAttribute("aria-pressed", String(practice));
  // (the parts of one mode, .solve-only and .practice-only, are hidden in the other by the
  // style sheet: each part's own hidden stays as its game sets it)
  $("new").textContent = practice ? "New practice game" : "New game";
  if (practice) formSeen = formChanges; // (the mode chosen: the form shows its game)
  if (practice && practiced) chooseSetup(practiced);
  if (!practice && game) chooseSetup(game);
  if (practice && !practiced) openPractice(lastChosen());
  try {
    localStorage.setItem("lenwordle-mode", mode);
  } catch (error) {
    // (storage off: the choice lasts this page)
  }
}

async function startPractice() {
  $("mode-solve").addEventListener("click", () => setMode("solve"));
  $("mode-practice").addEventListener("click", () => setMode("practice"));
  $("p-keyboard").addEventListener("click", (event) => {
    const key = event.target.closest(".key");
    if (key) practicePress(key.dataset.key);
  });
  $("p-guess").addEventListener("click", () => practicePress("Enter"));
  $("p-hint").addEventListener("click", hint);
  $("p-copy").addEventListener("click", () => copyGrid(shareText(), $("p-share-text"),
    practiceSay));
  $("p-review-button").addEventListener("click", reviewPractice);
  $("p-again").addEventListener("click", () => openPractice(sameGame()));
  $("p-settings").addEventListener("click", (event) => {
    event.preventDefault();
    $("setup").scrollIntoView({ behavior: "smooth", block: "start" });
    $("variant").focus({ preventScroll: true });
  });
  $("p-all-button").addEventListener("click", allStatistics);
  // (the script sets the form's fields without these events: each one is the player's)
  for (const kind of ["input", "change"]) {
    $("setup").addEventListener(kind, () => { formChanges++; });
  }
  for (const radio of document.querySelectorAll("input[name=puzzle]")) {
    radio.addEventListener("change", () => { $("seed").disabled = $("daily").checked; });
  }
  const [, answer] = await send("/api/practice");
  if (answer.practice) showPractice(answer.practice);
  let stored = "";
  try {
    stored = localStorage.getItem("lenwordle-mode") || "";
  } catch (error) {
    stored = "";
  }
  setMode(stored === "practice" ? "practice" : "solve");
}

function newPractice(asked) {
  // a new practice game of the form's options: Random (a seed, if given) or today's puzzle
  const body = { ...asked, daily: $("daily").checked };
  const seed = $("seed").value.trim();
  if (!body.daily && seed !== "") {
    if (!/^\d+$/.test(seed)) {
      practiceSay("The seed is a whole number (0 to 4294967295), or none for a random one.");
      return opening;
    }
    body.seed = Number(seed);
  }
  return openPractice(body, true);
}

function openPractice(body, chosen = false, changes = formChanges) {
  // open a practice game of these options (after any asked before: the last asked is the
  // one kept); chosen: the player chose them, and the browser keeps them (but the seed).
  // The form then shows the game, and typing goes to it, unless the player changed the form
  // since it was asked for (changes: formChanges then): a game Practice opens by itself
  // undoes no choice being made
  opening = opening.catch(() => {}).then(async () => { // (one that failed stops none after)
    guessing = true;
    const [status, answer] = await send("/api/practice/new", body);
    guessing = false;
    if (status === 200) {
      const unchanged = formChanges === changes;
      if (unchanged) formSeen = changes;
      showPractice(answer.practice);
      practiceSay("");
      if (chosen) {
        keepChosen(body);
        if (mode === "practice") window.scrollTo({ top: 0 }); // (the game's screen)
      }
      // typing goes on at the game (not the form's fields, nor the Practice button: Enter
      // guesses)
      const at = document.activeElement;
      const away = !at || at === document.body || at.closest("form, #modes");
      if (mode === "practice" && unchanged && away) {
        $("p-guess").focus({ preventScroll: true });
      }
    } else {
      practiceSay(answer.error);
      // (the game kept in the browser cannot be any more: today's puzzle instead)
      if (!chosen && !practiced && body !== TODAY) openPractice(TODAY, false, changes);
    }
  });
  return opening;
}

function lastChosen() {
  // the options of the game the player last chose (none: today's puzzle)
  try {
    const kept = JSON.parse(localStorage.getItem(CHOSEN) || "null");
    return kept && typeof kept === "object" ? kept : TODAY;
  } catch (error) {
    return TODAY;
  }
}

function keepChosen(body) {
  const { seed, ...kept } = body; // (a seed chose one game: the next is drawn anew)
  try {
    localStorage.setItem(CHOSEN, JSON.stringify(kept));
  } catch (error) {
    // (storage off: the choice lasts this page)
  }
}

function sameGame() {
  // the options of the game shown, for another of them (a random secret)
  const v = practiced;
  const body = { variant: v.game, lang: v.lang, length: v.length, boards: v.boards,
    hard: v.hard, daily: false };
  const chosen = games.find((g) => g.name === v.game);
  if (chosen && chosen.own_words) body.lang = "en";
  return body;
}

// ---- the game, shown

function showPractice(view) {
  practiced = view;
  typing = "";
  document.body.dataset.practiceTurns = String(view.turns.length);
  document.body.dataset.practiced = String(++practiceRenders);
  $("practice").style.setProperty("--k", String(view.length));
  $("practice").style.setProperty("--rows", String(view.limit));
  $("practice").classList.toggle("over", view.done);
  $("practice").setAttribute("lang", view.lang);
  $("p-hint-box").hidden = true;
  $("p-hint-box").replaceChildren();
  practiceStatus();
  practiceBoards();
  renderKeyboard(view, $("p-keyboard"));
  $("p-controls").hidden = view.done;
  $("p-help").hidden = view.done;
  practiceEnd();
  if (mode === "practice" && formChanges === formSeen) chooseSetup(view);
  statsShown(view); // (stats.js: how the game counts, the daily puzzles' days)
}

function practiceStatus() {
  const v = practiced;
  const n = v.turns.length;
  const puzzle = v.challenge ? "a challenge" : v.seed === null
    ? `the daily puzzle of ${v.puzzle.replace("daily ", "")}` : `seed ${v.seed}`;
  let text;
  if (!v.done) {
    const signs = plural(v.length, rules(v).tile);
    const a = /^[aeiou]/i.test(v.noun) ? "an" : "a"; // (an equation)
    text = `Guess ${n + 1} of ${v.limit} (${puzzle}): type ${a} ${v.noun} of ${signs}${begins(v)}.`;
  } else if (v.won) {
    text = `Solved in ${plural(n, "guess", "guesses")}.`;
  } else if (v.outcome === "hit") {
    text = `The answer hit after ${plural(n, "guess", "guesses")}.`;
  } else {
    text = "Out of guesses.";
  }
  $("p-status").textContent = text;
}

function practiceBoards() {
  // each board: its rows as the game showed them, the row being typed while it is open, the
  // rows still to come (on at most four boards)
  const v = practiced;
  const shown = $("p-boards");
  shown.replaceChildren();
  shown.className = v.boards > 1 ? "several" : "one";
  for (let board = 0; board < v.boards; board++) {
    const open = !v.done && v.open.includes(board);
    const name = `Board ${board + 1}`;
    const grid = el("div", { class: "grid" });
    for (const turn of v.turns) {
      if (turn.replies[board] === null) continue; // (solved before this turn)
      grid.append(playedRow(turn.letters, turn.replies[board], v));
    }
    if (open) grid.append(typingRow(v.boards > 1 ? `${name}: your guess` : "Your guess"));
    const waiting = v.limit - v.turns.length - (open ? 1 : 0);
    if (open && v.boards <= 4) for (let i = 0; i < waiting; i++) grid.append(emptyRow(v));
    const parts = [];
    if (v.boards > 1) {
      const solved = !v.open.includes(board);
      parts.push(el("p", { class: "board-name", text: solved ? `${name}: solved` : name }));
    }
    parts.push(grid);
    shown.append(el("div", { class: "board", "data-board": String(board), role: "group",
      "aria-label": name }, ...parts));
  }
}

function typingRow(label) {
  const row = el("div", { class: "row typing", role: "img", "aria-label": label });
  const letters = Array.from(typing);
  for (let i = 0; i < practiced.length; i++) {
    // (SUTOM shows the answer's first letter in the first tile until one is typed)
    const given = i === 0 && !letters[0] && practiced.first_letter;
    row.append(el("span", { class: letters[i] ? "tile typed" : given ? "tile given" : "tile blank",
      text: letters[i] || given || "" }));
  }
  row.setAttribute("aria-label", `${label}: ${typing || "nothing typed yet"}`);
  return row;
}

function showTyping() {
  for (const row of document.querySelectorAll("#p-boards .row.typing")) {
    const label = row.getAttribute("aria-label").split(":").slice(0, -1).join(":");
    row.replaceWith(typingRow(label));
  }
}

// ---- typing and guessing

function onPracticeKey(event) {
  // the computer's keyboard types the guess (not in the form's fields)
  if (!practiced || practiced.done || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target.closest("input, select, textarea, form")) return;
  if (target.closest("button:not(.key)") && (event.key === "Enter" || event.key === " ")) {
    return; // (Enter on the page's other buttons presses them)
  }
  const key = event.key.length === 1 ? event.key.toLocaleUpperCase(practiced.lang) : event.key;
  const known = practiced.keyboard.includes(key) || /^\p{L}$/u.test(key);
  if (known || ["Enter", "Backspace", "Escape"].includes(key)) {
    event.preventDefault();
    practicePress(key);
  }
}

function practicePress(key) {
  if (!practiced || practiced.done || guessing) return;
  const letters = Array.from(typing);
  if (key === "Enter") {
    guess();
    return;
  }
  if (key === "Backspace") typing = letters.slice(0, -1).join("");
  else if (key === "Escape") typing = "";
  else if (letters.length < practiced.length) typing += key;
  practiceSay("");
  showTyping();
}

async function guess() {
  // send the guess typed; a word the game does not take is said, and stays to be mended
  const missing = practiced.length - Array.from(typing).length;
  if (missing > 0) {
    practiceSay(`Type ${plural(missing, "more letter")}.`);
    return;
  }
  guessing = true;
  document.body.classList.add("busy");
  const [status, answer] = await send("/api/practice/guess", { word: typing });
  guessing = false;
  document.body.classList.remove("busy");
  if (status === 200 && answer.refused) { // the game's reply: the word stays, to be mended
    practiceSay(answer.refused.message);
    document.body.dataset.refused = String(Number(document.body.dataset.refused || 0) + 1);
  } else if (status === 200) {
    showPractice(answer.practice);
    practiceSay(answer.notice);
  } else {
    practiceSay(answer.error);
  }
}

async function hint() {
  if (!practiced || practiced.done || guessing) return;
  guessing = true;
  const [status, answer] = await send("/api/practice/hint", {});
  guessing = false;
  if (status !== 200) {
    practiceSay(answer.error);
    return;
  }
  const kept = typing;
  showPractice(answer.practice);
  typing = kept;
  showTyping();
  showHint(answer.hint);
  $("p-guess").focus(); // (Enter then guesses the word typed, not a hint again)
}

function hintCount(h) {
  // the words still possible, of those the host picks from (on the open boards together)
  const picks = `the ${plural(h.host_words, practiced.noun)} the host picks from`;
  return h.boards > 1 ? `${h.count} still possible on ${h.boards} boards, of ${picks}.`
    : `${h.count} of ${picks} still possible.`;
}

function showHint(h) {
  const box = $("p-hint-box");
  const close = el("button", { type: "button", class: "close", text: "×",
    "aria-label": "Close the hint" });
  close.addEventListener("click", () => { box.hidden = true; });
  const parts = [el("div", { class: "hint-head" }, el("h3", { text: "Hint" }), close),
    el("p", { text: hintCount(h) })];
  if (h.likeliest.length) {
    const list = el("ol", { class: "chances" });
    for (const c of h.likeliest) {
      list.append(el("li", {}, el("span", { class: "w", text: c.word }),
        el("span", { class: "p", text: percent(c.chance) })));
    }
    parts.push(el("p", { text: "The likeliest:" }), list);
  }
  if (h.suggestion) parts.push(el("p", { text: `lenwordle would play ${h.suggestion}.` }));
  if (h.last) {
    const l = h.last;
    const best = l.best_guess && l.best_guess !== l.guess ? ` The best guess then: ${l.best_guess}.`
      : l.best_guess ? " It was the best guess then." : "";
    parts.push(el("p", { class: "worth", text: `Your last guess, ${l.guess}: skill `
      + `${l.skill ?? "–"}, luck ${l.luck ?? "–"} (${l.possible_before} → `
      + `${l.possible_after} words).${best}` }));
  }
  box.replaceChildren(...parts);
  box.hidden = false;
}

// ---- the end: the secret, the share grid, the review, the statistics

function shareText() {
  // the share grid in the colours shown (high contrast: orange and blue, as the games do)
  const text = practiced.share;
  return contrast() ? text.replace(/🟩/g, "🟧").replace(/🟨/g, "🟦") : text;
}

function practiceEnd() {
  const v = practiced;
  $("p-end").hidden = !v.done;
  $("p-review").replaceChildren();
  $("p-all").replaceChildren();
  $("p-stats").replaceChildren();
  $("p-review-button").disabled = false;
  if (!v.done) return;
  // (the outcome is the status line's, said once: the panel names the secret)
  const words = v.secrets.join(", ");
  const noun = v.secrets.length > 1 ? `${v.noun}s were` : `${v.noun} was`;
  $("p-secret").textContent = v.secrets.length ? `The ${noun} ${words}.` : "The game is over.";
  $("p-share-text").textContent = v.share;
  $("p-share").replaceChildren(...v.share.split("\n").map(shareLine));
  $("p-share").setAttribute("aria-label", `The share grid: ${v.share.split("\n")[0]}`);
  statistics();
}

async function reviewPractice() {
  const box = $("p-review");
  box.textContent = "Reviewing the game…";
  const [status, answer] = await send("/api/practice/review");
  box.replaceChildren();
  if (status !== 200) {
    box.textContent = answer.error;
    return;
  }
  showReview(box, answer.review, practiced);
  $("p-review-button").disabled = true;
  document.body.dataset.practiceReviewed = String(practiced.turns.length);
}

async function statistics() {
  // the player's figures in this game, language and length
  const [status, answer] = await send("/api/stats");
  const box = $("p-stats");
  if (status !== 200) {
    box.textContent = answer.error;
    return;
  }
  const wanted = practiced.standing;
  const s = answer.stats.find((one) => one.game === wanted.game && one.lang === wanted.lang
    && one.length === wanted.length && one.daily === wanted.daily);
  if (!s) {
    box.textContent = "This game is not in your statistics.";
    return;
  }
  const figures = el("dl", { class: "figures-row" });
  for (const [name, value] of [["Played", s.played], ["Win %", s.win_percent],
    ["Current streak", s.streak], ["Best streak", s.best_streak]]) {
    figures.append(el("div", {}, el("dd", { text: String(value) }), el("dt", { text: name })));
  }
  box.replaceChildren(el("p", { class: "standing-of", text: standingName(s) }), figures,
    distribution(s));
  document.body.dataset.stats = String(s.played);
}

function standingName(s) {
  const lang = languages.find((l) => l.code === s.lang);
  return `${s.label}, ${lang ? lang.name : s.lang}, ${s.length} letters`;
}

function distribution(s) {
  // the games won in 1, 2, ... guesses, as bars (this game's, if won, marked)
  const most = Math.max(1, ...s.distribution);
  const won = practiced.won ? practiced.turns.length : 0;
  const bars = el("div", { class: "distribution", role: "img",
    "aria-label": "Games won by guesses: " + s.distribution
      .map((n, i) => `${i + 1}: ${n}`).join(", ") });
  s.distribution.forEach((n, i) => {
    const bar = el("span", { class: i + 1 === won ? "bar this" : "bar", text: String(n) });
    bar.style.width = `max(1.6rem, ${(100 * n) / most}%)`;
    bars.append(el("div", { class: "bar-row", "aria-hidden": "true" },
      el("span", { class: "bar-n", text: String(i + 1) }), el("span", { class: "bar-box" }, bar)));
  });
  return bars;
}

async function allStatistics() {
  // every game, language and length the player has played
  const [status, answer] = await send("/api/stats");
  const box = $("p-all");
  if (status !== 200) {
    box.textContent = answer.error;
    return;
  }
  const heads = ["Game", "Played", "Win %", "Streak", "Best"];
  const table = el("table", { class: "all-stats" },
    el("thead", {}, el("tr", {}, ...heads.map((h) => el("th", { scope: "col", text: h })))));
  const body = el("tbody");
  for (const s of answer.stats) {
    body.append(el("tr", {}, el("td", { text: standingName(s) }),
      ...[s.played, s.win_percent, s.streak, s.best_streak].map((n) => el("td",
        { class: "n", text: String(n) }))));
  }
  table.append(body);
  box.replaceChildren(table);
}
