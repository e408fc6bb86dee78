// lenwordle's page: the game is the server's (a cookie names it); this file shows it as the
// game does (a board of rows, a keyboard), takes the colours of the new row's tiles and the
// letters typed, and asks the server for each move and each preview.
// Over 300 lines: the page's one script, no framework; its parts are marked below (the
// game's rules, the board, the keyboard, the end, the setup form, moves, typing).
"use strict";

const COLOURS = ["grey", "yellow", "green"];
const MARKS = [".", "y", "g"];
const TILES = { false: ["⬛", "🟨", "🟩"], true: ["⬛", "🟦", "🟧"] };
const KEYS = { g: 2, G: 2, "2": 2, y: 1, Y: 1, "1": 1, ".": 0, "0": 0, "-": 0 };
const PASTED = { "🟩": 2, "🟧": 2, "🟨": 1, "🟦": 1, "⬛": 0, "⬜": 0, g: 2, G: 2, y: 1, Y: 1,
  ".": 0, "2": 2, "1": 1, "0": 0 };
// the share grid's squares, drawn by the page (no emoji font needed): their class
const SQUARES = { "🟩": "c2", "🟨": "c1", "⬛": "c0", "⬜": "c0", "🟧": "c2", "🟦": "c1",
  "🔼": "p0", "🔽": "p1" };
// the keyboards of the languages, row by row (a game of tiles of its own, Nerdle, has its
// own layout); a language's letters not in its layout get a row of their own
const LAYOUTS = {
  latin: ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"],
  es: ["QWERTYUIOP", "ASDFGHJKLÑ", "ZXCVBNM"],
  de: ["QWERTZUIOPÜ", "ASDFGHJKLÖÄ", "YXCVBNM"],
  fr: ["AZERTYUIOP", "QSDFGHJKLM", "WXCVBN"],
  sv: ["QWERTYUIOPÅ", "ASDFGHJKLÖÄ", "ZXCVBNM"],
  tr: ["QWERTYUIOPĞÜ", "ASDFGHJKLŞİ", "ZXCVBNMÖÇ"],
  ru: ["ЙЦУКЕНГШЩЗХЪ", "ФЫВАПРОЛДЖЭ", "ЯЧСМИТЬБЮ"],
  uk: ["ЙЦУКЕНГШЩЗХЇ", "ФІВАПРОЛДЖЄ", "ЯЧСМИТЬБЮҐ"],
};

let game = null; // the game as the server last sent it
let colours = []; // per open board (in game.open's order): a colour (0-2) per letter
let shownLetters = []; // the letters on the new row: the suggestion's or the typed word's
let touched = false; // the new row was set (a tile, a paste, a count): previews may follow
let previewed = 0; // previews asked for; an answer to an older one is dropped
let previewing = false; // a preview is on its way: the next waits for its answer
let again = false; // the row changed while a preview was on its way
let moving = false; // a move is on its way: the buttons wait
let languages = [];
let variants = []; // the rules of the rows: Wordle's, then each variant's (/api/languages)
let games = []; // the games the Game select offers: Wordle, Absurdle, SUTOM, each variant
let renders = 0; // games shown: a test (or a person) can tell a new one has come

const $ = (id) => document.getElementById(id);
let WORDLE_HELP = ""; // the page's help for Wordle's tiles, as index.html has it

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function plural(n, word, words = word + "s") {
  return `${n} ${n === 1 ? word : words}`;
}

function contrast() {
  return $("contrast").checked;
}

// ---- the game's rules: Wordle's, or a variant's marks

const ARROWS = ["▲", "▼", ""]; // Peaks: the answer's letter later, earlier, the same

function rules(v = game) {
  // the rules of the game v (default: the game solved): its variant's, Wordle's first
  const found = v ? variants.find((r) => r.name === v.variant) : variants[0];
  return found || { name: "wordle", marks: [".", "y", "g"], names: COLOURS, counts: false,
    keys: KEYS, noun: "word", plain: true, avoid: false, tile: "letter", layout: null };
}

function plainWordle() {
  // Wordle's own rows: its squares and digits typed, its help, the keyboard coloured
  return rules().plain;
}

function arrows(v = game) {
  // Peaks' marks are arrows: its tiles show them, and no colours are pasted
  return rules(v).marks[0] === "^";
}

async function send(path, body) {
  // Return [status, JSON] of a request to the server (body: a POST of JSON).
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  try {
    const response = await fetch(path, options);
    return [response.status, await response.json()];
  } catch (error) {
    return [0, { error: "the server does not answer: is lenwordle serve still running?" }];
  }
}

const NOTE_MS = 2500; // a note's least time on the screen (a longer one stays longer)
const noteTimers = new Map();

function note(box, message, board) {
  // a short note over the board (an alert for screen readers), fading after a while; the
  // text stays until the next note (the page says it once, and a test can read it). It is
  // put over the board's top where the board is on the screen, else at the screen's top.
  box.textContent = message || "";
  box.classList.toggle("shown", Boolean(message));
  if (message && board) {
    const top = board.getBoundingClientRect().top + 8;
    box.style.top = `${Math.round(Math.min(Math.max(top, 8), window.innerHeight / 3))}px`;
  }
  clearTimeout(noteTimers.get(box));
  if (message) {
    const time = Math.max(NOTE_MS, 60 * message.length);
    noteTimers.set(box, setTimeout(() => box.classList.remove("shown"), time));
  }
}

function say(message) {
  note($("message"), message, $("boards-shown"));
}

// ---- the game, shown

function render(view) {
  game = view;
  document.body.dataset.turns = String(game.turns.length);
  document.body.dataset.rendered = String(++renders);
  document.documentElement.style.setProperty("--k", String(game.length));
  $("word").value = "";
  $("paste").value = "";
  $("word").setAttribute("lang", game.lang);
  document.querySelector("main").setAttribute("lang", game.lang);
  colours = game.open.map(() => new Array(game.length).fill(0));
  shownLetters = game.letters || new Array(game.length).fill("");
  touched = false;
  previewed++; // (an answer to a preview of the game before is dropped)
  again = false;
  renderStatus();
  renderBoards();
  renderKeyboard();
  renderPossible();
  renderBest();
  renderEnd();
  chooseSetup();
  const going = !game.done;
  $("paste-field").hidden = arrows() || rules().counts;
  $("tile-help").textContent = tileHelp();
  $("tile-help").hidden = !going;
  $("submit").disabled = !going;
  $("refuse").disabled = !going || !game.suggestion;
  $("word").disabled = !going;
  $("paste").disabled = !going;
  $("undo").disabled = game.turns.length === 0 && game.refused.length === 0;
  $("refused").textContent = game.refused.length
    ? `Refused by the game: ${game.refused.join(", ")}` : "";
  if (going && !game.suggestion) showPreview(null); // (it asks for the word played)
}

function renderStatus() {
  let text;
  const n = game.turns.length;
  if (game.done) {
    text = game.won ? `Solved in ${plural(n, "guess", "guesses")}.`
      : rules().avoid ? `The answer hit after ${plural(n, "guess", "guesses")}.`
        : `Out of guesses: ${plural(game.open.length, "board")} not solved.`;
  } else if (game.suggestion) {
    const probe = game.probing ? " (no word lenwordle knows fits: it tests letters)" : "";
    const of = n < game.limit ? ` of ${game.limit}` : ""; // (one board may go on past it)
    text = `Guess ${n + 1}${of}: play ${game.suggestion}${probe}. ${countsText()}${allBegin()}.`;
  } else {
    text = `No word to suggest: type the word you played. ${countsText()}${allBegin()}.`;
  }
  $("status").textContent = text;
}

function begins(v = game) {
  // SUTOM: the answer's first letter, as the game shows it
  return v.first_letter ? ` beginning with ${v.first_letter}` : "";
}

function allBegin() {
  // SUTOM: the words possible all begin with the letter shown
  return game.first_letter ? `, all${begins()}` : "";
}

function countsText() {
  if (game.boards === 1) return `${plural(game.count, game.noun)} possible`;
  return "Words possible: " + game.counts
    .map((c, i) => `board ${i + 1} ${c === null ? "solved" : c}`).join(", ");
}

function tileLabel(letter, position, colour) {
  const k = game.length;
  const said = rules().counts ? "" : `: ${rules().names[colour]}`;
  return `${letter || "blank"}, letter ${position + 1} of ${k}${said}`;
}

function tileClass(colour) {
  if (rules().counts) return "tile plain";
  return arrows() ? `tile p${colour}` : `tile c${colour}`;
}

function tileText(tile, letter, colour, v = game) {
  // a tile's letter, and Peaks' arrow beside it (hidden from screen readers: the label says)
  tile.textContent = letter;
  if (arrows(v) && ARROWS[colour]) {
    tile.append(el("span", { class: "arrow", "aria-hidden": "true", text: ARROWS[colour] }));
  }
}

// ---- the board: each board's rows played, its new row to set, the rows still to come

function renderBoards() {
  const shown = $("boards-shown");
  shown.replaceChildren();
  shown.className = game.boards > 1 ? "several" : "one";
  for (let board = 0; board < game.boards; board++) {
    const row = game.open.indexOf(board); // its new row's index, -1 once solved
    const name = `Board ${board + 1}`;
    const grid = el("div", { class: "grid" });
    for (const turn of game.turns) {
      if (turn.replies[board] === null) continue; // (solved before this turn)
      grid.append(playedRow(turn.letters, turn.replies[board]));
    }
    if (row >= 0 && !game.done) grid.append(newRow(row, name));
    const waiting = game.limit - game.turns.length - (row >= 0 && !game.done ? 1 : 0);
    if (row >= 0 && game.boards <= 4) { // (more boards: the rows to come would fill a page)
      for (let i = 0; i < waiting; i++) grid.append(emptyRow());
    }
    const parts = [];
    if (game.boards > 1) {
      const count = game.counts[board];
      parts.push(el("p", { class: "board-name", text: count === null ? `${name}: solved`
        : `${name}: ${plural(count, game.noun)}` }));
    }
    parts.push(grid);
    if (row >= 0) parts.push(el("p", { class: "left", id: `left-${row}`, "aria-live": "polite" }));
    shown.append(el("div", { class: "board", "data-board": String(board),
      role: "group", "aria-label": name }, ...parts));
  }
  showLetters();
}

function newRow(row, name) {
  const label = game.boards > 1 ? `${name}: your reply` : "Your reply";
  const tiles = el("div", { class: "row current", role: "group", "aria-label": label });
  for (let i = 0; i < game.length; i++) {
    tiles.append(rules().counts
      ? el("span", { class: "tile plain", "data-row": String(row), "data-pos": String(i) })
      : el("button", { type: "button", class: tileClass(0), "data-row": String(row),
        "data-pos": String(i), "aria-describedby": "tile-help" }));
  }
  if (!rules().counts) return tiles;
  return el("div", { class: "woodle-row" }, tiles, countInputs());
}

function emptyRow(v = game) {
  const tiles = el("div", { class: "row empty", "aria-hidden": "true" });
  for (let i = 0; i < v.length; i++) tiles.append(el("span", { class: "tile blank" }));
  return tiles;
}

function playedRow(letters, reply, v = game) {
  // a guess played and its reply on one board, as the game v shows it
  const row = el("div", { class: "row played", role: "img" });
  if (rules(v).counts) { // Woodle's '2g1y': the letters, then the counts
    const [, greens, yellows] = reply.match(/(\d+)g(\d+)y/);
    row.setAttribute("aria-label", `${letters.join("")}: ${greens} green, ${yellows} yellow`);
    letters.forEach((letter) => row.append(el("span", { class: "tile plain", text: letter })));
    row.append(el("span", { class: "count c2", text: greens }),
      el("span", { class: "count c1", text: yellows }));
    return row;
  }
  const values = Array.from(reply).map((mark) => rules(v).marks.indexOf(mark));
  row.setAttribute("aria-label",
    letters.map((l, i) => `${l} ${rules(v).names[values[i]]}`).join(", "));
  letters.forEach((letter, i) => {
    const tile = el("span", { class: arrows(v) ? `tile p${values[i]}` : `tile c${values[i]}` });
    tileText(tile, letter, values[i], v);
    row.append(tile);
  });
  return row;
}

function countInputs() {
  // Woodle: the row is how many tiles are green and how many yellow, not which
  const field = (id, label) => {
    const input = el("input", { id, type: "number", min: "0", max: String(game.length),
      value: "0", inputmode: "numeric" });
    input.addEventListener("input", () => { touched = true; preview(); });
    return el("label", { class: "count-field" }, label, input);
  };
  return el("div", { class: "counts" }, field("greens", "Greens"), field("yellows", "Yellows"));
}

function tileAt(row, position) {
  return document.querySelector(`#boards-shown .current .tile[data-row="${row}"]`
    + `[data-pos="${position}"]`);
}

function showLetters() {
  colours.forEach((row, r) => {
    row.forEach((colour, i) => {
      const tile = tileAt(r, i);
      if (!tile) return;
      const letter = shownLetters[i] || "";
      tileText(tile, letter, colour);
      tile.className = tileClass(colour) + (letter ? "" : " unset");
      tile.setAttribute("aria-label", tileLabel(letter, i, colour));
    });
  });
}

function setColour(row, position, colour) {
  colours[row][position] = colour;
  touched = true;
  showLetters();
  preview();
}

// ---- the keyboard: each key coloured as the game colours it, typing a word of one's own

function keyRows(v = game) {
  const keys = v.keyboard;
  const layout = rules(v).layout || LAYOUTS[v.lang]
    || (keys.includes("Q") ? LAYOUTS.latin : null);
  if (!layout) { // an alphabet of its own: in its order, rows of at most 11
    const rows = [];
    for (let i = 0; i < keys.length; i += 11) rows.push(keys.slice(i, i + 11));
    return rows;
  }
  const rows = layout.map((row) => Array.from(row).filter((key) => keys.includes(key)));
  const extra = keys.filter((key) => !rows.some((row) => row.includes(key)));
  if (extra.length) rows.splice(rows.length - 1, 0, extra);
  return rows.filter((row) => row.length);
}

function renderKeyboard(v = game, board = $("keyboard")) {
  board.replaceChildren();
  board.hidden = v.done;
  if (v.done) return;
  const rows = keyRows(v);
  // (every letter key as wide: the widest row fills the width; Enter and ⌫ a key and a half)
  const columns = Math.max(...rows.map((keys, r) => keys.length + (r === rows.length - 1 ? 3 : 0)));
  board.style.setProperty("--columns", String(columns));
  rows.forEach((keys, r) => {
    const line = el("div", { class: "keys" });
    if (r === rows.length - 1) {
      line.append(el("button", { type: "button", class: "key wide", "data-key": "Enter",
        text: "Enter", "aria-label": v === game ? "Submit the reply" : "Guess the word" }));
    }
    for (const key of keys) line.append(letterKey(key, v));
    if (r === rows.length - 1) {
      line.append(el("button", { type: "button", class: "key wide", "data-key": "Backspace",
        text: "⌫", "aria-label": "Delete a letter" }));
    }
    board.append(line);
  });
}

function letterKey(key, v = game) {
  // a key: its letter, coloured by its best reply on each board (split on several boards)
  const button = el("button", { type: "button", class: "key", "data-key": key, text: key });
  const states = (v.keys || []).map((board) => board[key]);
  const said = [];
  if (states.length === 1 && states[0] !== undefined) {
    button.classList.add(`k${states[0]}`);
    said.push(COLOURS[states[0]]);
  } else if (states.some((state) => state !== undefined)) {
    const parts = el("span", { class: "parts", "aria-hidden": "true" });
    states.forEach((state, b) => {
      parts.append(el("span", { class: state === undefined ? "part" : `part k${state}` }));
      if (state !== undefined) said.push(`board ${b + 1} ${COLOURS[state]}`);
    });
    button.classList.add("split");
    button.append(parts);
  }
  button.setAttribute("aria-label", said.length ? `${key}: ${said.join(", ")}` : key);
  return button;
}

function onKeyboardClick(event) {
  const key = event.target.closest(".key");
  if (!key || moving) return;
  press(key.dataset.key);
}

function press(key) {
  // a key pressed, on the page's keyboard or the computer's
  if (key === "Enter") submit(false);
  else if (key === "Backspace") typeWord(Array.from(typedWord() || "").slice(0, -1).join(""));
  else if (key === "Escape") typeWord("");
  else if (Array.from(typedWord() || "").length < game.length) {
    typeWord((typedWord() || "") + key);
  }
}

function onDocumentKey(event) {
  // the computer's keyboard types the word played, as the game's does (not in the fields
  // and the form, nor on a tile: there g, y and . set its colour)
  if (mode === "practice") {
    onPracticeKey(event);
    return;
  }
  if (!game || game.done || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target.closest("input, select, textarea, form, .current")) return;
  if (target.closest("button:not(.key)") && (event.key === "Enter" || event.key === " ")) {
    return; // (Enter on the page's other buttons presses them)
  }
  const key = event.key.length === 1 ? event.key.toLocaleUpperCase(game.lang) : event.key;
  const known = game.keyboard.includes(key) || /^\p{L}$/u.test(key);
  if (known || ["Enter", "Backspace", "Escape"].includes(key)) {
    event.preventDefault();
    if (!moving) press(key);
  }
}

// ---- the words left

function renderPossible() {
  $("counts").textContent = game.done ? "" : countsText() + ".";
  const box = $("possible");
  box.replaceChildren();
  for (const board of game.possible) {
    if (game.boards > 1) {
      box.append(el("h3", { text: `Board ${board.board + 1}: ${plural(board.count, "word")}` }));
    }
    const list = el("ol", { class: "chances" });
    for (const c of board.words) {
      list.append(el("li", {}, el("span", { class: "w", text: c.word }),
        el("span", { class: "p", text: percent(c.chance) })));
    }
    box.append(list);
  }
  $("left").hidden = game.done && game.possible.length === 0;
}

// ---- the suggestion and the next best guesses (a click plays one instead)

function renderBest() {
  const best = game.done ? [] : game.alternatives || [];
  const body = $("best").tBodies[0];
  body.replaceChildren();
  best.forEach((a, i) => {
    const left = wordsLeft(a.left);
    const label = `${a.word}: about ${left} ${a.left === 1 ? "word" : "words"} left, `
      + (a.could_win ? "could be the answer" : "cannot be the answer");
    const word = el("button", { type: "button", class: "alt", text: a.word,
      "aria-label": (i === 0 ? "The suggestion, " : "Play instead ") + label });
    word.dataset.word = i === 0 ? "" : a.word; // (the suggestion: back to it)
    body.append(el("tr", { class: i === 0 ? "suggested" : "" },
      el("td", {}, word), el("td", { class: "n", text: left }),
      el("td", { text: a.could_win ? "yes" : "no" })));
  });
  $("best").hidden = best.length === 0;
}

function wordsLeft(value) {
  return value >= 10 ? String(Math.round(value)) : value.toFixed(1);
}

function onBestClick(event) {
  const button = event.target.closest("button.alt");
  if (!button || game.done || moving) return;
  typeWord(button.dataset.word);
}

function percent(chance) {
  const value = 100 * chance;
  return value >= 0.1 ? `${value.toFixed(1)} %` : `${value.toPrecision(2)} %`;
}

// ---- the end: the share grid, drawn, and the review

function renderEnd() {
  $("end").hidden = !game.done;
  $("review").replaceChildren();
  if (!game.done) return;
  $("share-text").textContent = game.share;
  $("share").replaceChildren(...game.share.split("\n").map(shareLine));
  $("share").setAttribute("aria-label", `The share grid: ${game.share.split("\n")[0]}`);
  $("review").textContent = "Reviewing the game…";
  review();
}

function shareLine(line) {
  const shown = el("div", { class: "share-line" });
  for (const ch of Array.from(line.replace(/\ufe0f/g, ""))) {
    if (ch in SQUARES) {
      const square = el("span", { class: `sq ${SQUARES[ch]}` });
      if (ch === "⬜") square.classList.add("light");
      if (ch === "🔼" || ch === "🔽") square.textContent = ch === "🔼" ? "▲" : "▼";
      shown.append(square);
    } else if (ch === "💡") { // (a row played after a hint: said, as no emoji font is needed)
      shown.append(el("span", { class: "tag", text: "hint" }));
    } else {
      shown.append(ch);
    }
  }
  return shown;
}

async function review() {
  const turns = game.turns.length;
  const [status, answer] = await send("/api/review");
  if (!game || !game.done || game.turns.length !== turns) return; // a move since
  const box = $("review");
  box.replaceChildren();
  if (status !== 200) {
    box.textContent = answer.error;
    return;
  }
  showReview(box, answer.review, game);
  document.body.dataset.reviewed = String(turns);
}

function showReview(box, review, v) {
  // the review of the game v, a table a board (a card a turn on a phone); a turn played
  // after a hint is marked so
  review.boards.forEach((board, b) => {
    if (review.boards.length > 1) box.append(el("h4", { text: `Board ${b + 1}` }));
    const heads = ["", "Guess", "Words", "Skill", "Luck", "Best guess"];
    const table = el("table", { class: "review" });
    table.append(el("thead", {}, el("tr", {}, ...heads.map((h) => el("th", { scope: "col",
      text: h })))));
    const body = el("tbody");
    board.turns.forEach((t, i) => {
      const guess = playedRow(t.letters, t.reply, v);
      if (t.hinted) {
        guess.append(el("span", { class: "tag", text: "hint" }));
        guess.setAttribute("aria-label", `${guess.getAttribute("aria-label")} (after a hint)`);
      }
      const cells = [String(i + 1), guess,
        `${t.possible_before} → ${t.possible_after}`, t.skill === null ? "–" : String(t.skill),
        t.luck === null ? "–" : String(t.luck), t.best_guess === null ? "–" : t.best_guess];
      body.append(el("tr", t.hinted ? { class: "after-hint" } : {},
        ...cells.map((cell, c) => el("td", { "data-label": heads[c] }, cell))));
    });
    table.append(body);
    box.append(table);
    const f = board.figures;
    box.append(el("p", { class: "figures",
      text: `Skill ${f.skill ?? "–"}, luck ${f.luck ?? "–"}. ${f.verdict}` }));
  });
}

function tileHelp() {
  const r = rules();
  if (plainWordle()) return WORDLE_HELP;
  if (r.counts) return "Woodle says only how many tiles are green and how many yellow: give "
    + "the two numbers.";
  const keys = r.marks.map((m, i) => `${m} ${r.names[i]}`).join(", ");
  return `A tile's state: click it (${r.names.join(", ")}), or Tab to it and press Space or `
    + `Enter; the keys ${keys} set it and move on.`;
}

// ---- the setup form

function fillSetup() {
  $("variant").replaceChildren(...games.map((g) => el("option", { value: g.name,
    text: g.label })));
  const lang = $("lang");
  lang.replaceChildren(...languages.map((l) => el("option", { value: l.code, text: l.name })));
  $("boards").replaceChildren(...Array.from({ length: window.maxBoards }, (_, i) =>
    el("option", { value: String(i + 1), text: String(i + 1) })));
  fillLengths();
  document.dispatchEvent(new Event("lenwordle:setup")); // (other scripts' lists: filled)
}

function chosenGame() {
  // the game of the Game select: its lengths, boards, hard mode, words, first letter
  return games.find((g) => g.name === $("variant").value) || games[0];
}

function fillLengths(chosen) {
  const lang = languages.find((l) => l.code === $("lang").value) || languages[0];
  const chosenRules = chosenGame();
  const lengths = chosenRules.lengths || lang.lengths;
  const length = $("length");
  const keep = chosen || Number(length.value) || 5;
  length.replaceChildren(...lengths.map((k) => el("option", { value: String(k),
    text: String(k) })));
  length.value = String(lengths.includes(keep) ? keep : lengths.includes(5) ? 5 : lengths[0]);
  // a variant has rules of its own: one board, no hard mode; Nerdle has its own words;
  // Absurdle and SUTOM are one board; in Solve, SUTOM asks the letter the game shows
  $("boards").disabled = chosenRules.boards === 1;
  if (chosenRules.boards === 1) $("boards").value = "1";
  $("hard").disabled = !chosenRules.hard;
  $("ultra-hard").disabled = !chosenRules.hard; // (where hard mode is: it is hard mode and more)
  $("lang").disabled = chosenRules.own_words;
  $("letter-field").hidden = !chosenRules.letter;
  $("about").textContent = chosenRules.about ? `${chosenRules.label}: ${chosenRules.about}`
    : "";
}

function askedGame() {
  // the options of the game the form asks for (SUTOM's letter: Solve's alone)
  const chosen = chosenGame();
  const asked = {
    variant: chosen.name,
    lang: chosen.own_words ? "en" : $("lang").value,
    length: Number($("length").value),
    boards: chosen.boards > 1 ? Number($("boards").value) : 1,
    hard: chosen.hard && $("hard").checked,
    ultra_hard: chosen.hard && $("ultra-hard").checked,
  };
  if (chosen.letter && mode !== "practice") asked.first_letter = $("first-letter").value.trim();
  return asked;
}

function chooseSetup(v = game) {
  // the form as the game v was set up (the mode's game)
  if (v !== (mode === "practice" ? practiced : game)) return; // (the other mode's)
  $("variant").value = v.game;
  $("lang").value = v.lang;
  fillLengths(v.length);
  $("boards").value = String(v.boards);
  $("hard").checked = v.hard;
  $("ultra-hard").checked = Boolean(v.ultra_hard);
  if (v.first_letter && v === game) $("first-letter").value = v.first_letter;
}

// ---- moves

function replies() {
  if (rules().counts) return [`${Number($("greens").value)} ${Number($("yellows").value)}`];
  if (!plainWordle()) return colours.map((row) => row.map((c) => rules().marks[c]).join(""));
  return colours.map((row) => row.map((c) => contrast() ? TILES.true[c] : MARKS[c]).join(""));
}

function typedWord() {
  const word = $("word").value.trim();
  return word || null;
}

async function preview() {
  // ask what the new row would leave: once it was set, or a whole word of one's own typed;
  // one question at a time (a row clicked through fast asks for where it ends)
  if (!game || game.done) return;
  const asked = ++previewed;
  const word = typedWord();
  const typed = Array.from(word || "").length;
  if (word && typed < game.length) {
    showPreview({ ask: `Type ${plural(game.length - typed, "more letter")}.` });
  } else if (!word && !game.suggestion) {
    showPreview(null);
  } else if (!touched && !word) {
    showPreview({ ask: "" });
  } else if (previewing) {
    again = true; // (asked when the question on its way is answered)
  } else {
    previewing = true;
    const [status, answer] = await send("/api/preview", { replies: replies(), word });
    previewing = false;
    if (again) {
      again = false;
      preview(); // the row changed meanwhile: ask for it as it is now
    } else if (asked === previewed) { // (not a game shown since)
      showPreview(status === 200 ? answer : { problem: answer.error });
    }
  }
}

function previewText(answer, row) {
  if (answer.problem) return answer.problem;
  const n = answer.left[row];
  const ends = answer.ends ? " and ends the game" : "";
  if (answer.solves[row]) {
    if (rules().avoid) return "That reply hits the answer: the game ends.";
    return game.open.length === 1 || answer.ends ? "That reply solves it: the game ends."
      : "That reply solves this board.";
  }
  if (n === 0) return "No word lenwordle knows gives that reply: it would look past its list.";
  return `That reply leaves ${plural(n, game.noun)}${ends}.`;
}

function showPreview(answer) {
  game.open.forEach((_, row) => {
    const line = $(`left-${row}`);
    if (!line) return;
    line.classList.toggle("problem", Boolean(answer && answer.problem));
    if (!answer) line.textContent = "Type the word you played.";
    else if ("ask" in answer) line.textContent = answer.ask;
    else line.textContent = previewText(answer, row);
  });
  if (answer && answer.letters && typedWord()) {
    shownLetters = answer.letters;
    showLetters();
  }
  document.body.dataset.previewed = String(previewed);
}

async function move(path, body, focusTiles = false) {
  // Ask the server for a move; show the game it answers (the same game, for a move that
  // cannot be: the tiles keep their colours) and its message.
  if (moving) return 0;
  moving = true;
  document.body.classList.add("busy");
  const [status, answer] = await send(path, body);
  moving = false;
  document.body.classList.remove("busy");
  if (answer.game && (status === 200 || status === 410)) {
    render(answer.game);
    $("notes").replaceChildren(...(answer.notes || []).map((n) => el("li", { text: n })));
    if (focusTiles && tileAt(0, 0)) tileAt(0, 0).focus(); // the next reply's first tile
  }
  say(status === 200 ? answer.notice : answer.error);
  return status;
}

function submit(focusTiles) {
  // play the new row; focusTiles: the next row's first tile takes the focus (a keyboard's
  // player goes on there; one typing words, or clicking, keeps typing)
  const word = typedWord();
  if (word && Array.from(word).length < game.length) {
    say(`Type the ${game.length} letters of the word you played, or none for the suggestion.`);
    return 0;
  }
  return move("/api/tell", { replies: replies(), word }, focusTiles);
}

// ---- typing

function typeWord(text) {
  $("word").value = text;
  typedLetters();
}

function typedLetters() {
  const word = $("word").value.trim().toLocaleUpperCase(game.lang);
  // the game refuses the suggestion, not a word of one's own: the button is for it alone
  $("refuse").disabled = Boolean(word) || game.done || !game.suggestion;
  const typed = Array.from(word).slice(0, game.length);
  shownLetters = word ? typed.concat(new Array(game.length - typed.length).fill(""))
    : game.letters || [];
  showLetters();
  say("");
  preview();
}

function pasted() {
  const text = $("paste").value;
  if (!text.trim()) return false;
  const groups = text.replace(/\ufe0f/g, "").split(/[\s\u3000]+/)
    .map((g) => Array.from(g).filter((ch) => ch in PASTED)).filter((g) => g.length);
  const k = game.length;
  const n = colours.length;
  let rows = null;
  if (groups.length === n && groups.every((g) => g.length === k)) rows = groups;
  else if (groups.length === 1 && groups[0].length === k * n) {
    rows = colours.map((_, r) => groups[0].slice(r * k, (r + 1) * k));
  }
  if (!rows) {
    say(`paste ${plural(n, "row")} of ${k} tiles (🟩 🟨 ⬛, or 🟧 🟦 ⬛), one per open board`);
    return false;
  }
  say("");
  if (rows.flat().some((ch) => ch === "🟧" || ch === "🟦")) setContrast(true);
  rows.forEach((row, r) => row.forEach((ch, i) => { colours[r][i] = PASTED[ch]; }));
  touched = true;
  showLetters();
  preview();
  return true;
}

function onTileKey(event) {
  const tile = event.target.closest(".tile");
  if (!tile) return;
  const row = Number(tile.dataset.row);
  const pos = Number(tile.dataset.pos);
  const k = game.length;
  const keys = plainWordle() ? KEYS : rules().keys;
  const step = (by) => {
    const index = row * k + pos + by;
    if (index < 0 || index >= colours.length * k) return;
    tileAt(Math.floor(index / k), index % k).focus();
  };
  if (event.key in keys && !event.ctrlKey && !event.metaKey && !event.altKey) {
    event.preventDefault();
    setColour(row, pos, keys[event.key]);
    step(1);
  } else if (event.key === "ArrowRight") {
    event.preventDefault();
    step(1);
  } else if (event.key === "ArrowLeft") {
    event.preventDefault();
    step(-1);
  } else if (event.key === "Backspace") {
    event.preventDefault();
    press("Backspace");
  }
}

function onTileClick(event) {
  const tile = event.target.closest(".current button.tile");
  if (!tile || moving) return;
  const row = Number(tile.dataset.row);
  const pos = Number(tile.dataset.pos);
  setColour(row, pos, (colours[row][pos] + 1) % 3);
}

async function copyGrid(text, shown, tell) {
  // copy a share grid (shown: its hidden text, selected where the clipboard is refused)
  try {
    await navigator.clipboard.writeText(text);
    tell("The share grid is copied.");
  } catch (error) {
    const range = document.createRange();
    range.selectNodeContents(shown);
    window.getSelection().removeAllRanges();
    window.getSelection().addRange(range);
    tell("Copy the selected grid (Ctrl+C).");
  }
}

function setContrast(on) {
  $("contrast").checked = on;
  document.body.classList.toggle("contrast", on);
  try {
    localStorage.setItem("lenwordle-contrast", on ? "1" : "");
  } catch (error) {
    // (storage off: the choice lasts this page)
  }
}

async function start() {
  let stored = "";
  try {
    stored = localStorage.getItem("lenwordle-contrast") || "";
  } catch (error) {
    stored = "";
  }
  setContrast(Boolean(stored));
  WORDLE_HELP = $("tile-help").textContent;
  const [, answer] = await send("/api/languages");
  languages = answer.languages || [];
  variants = answer.variants || [];
  games = answer.games || [];
  window.maxBoards = answer.max_boards || 8;
  fillSetup();
  const [status, current] = await send("/api/game");
  if (current.game) render(current.game);
  say(status === 200 ? current.notice : current.error);

  $("lang").addEventListener("change", () => fillLengths());
  $("variant").addEventListener("change", () => fillLengths());
  // ultra-hard is hard mode and more: checking it checks hard mode, unchecking hard mode it
  $("ultra-hard").addEventListener("change", () => {
    if ($("ultra-hard").checked) $("hard").checked = true;
  });
  $("hard").addEventListener("change", () => {
    if (!$("hard").checked) $("ultra-hard").checked = false;
  });
  $("setup").addEventListener("submit", (event) => {
    event.preventDefault();
    const asked = askedGame();
    if (mode === "practice") newPractice(asked);
    else move("/api/new", asked);
  });
  $("boards-shown").addEventListener("click", onTileClick);
  $("boards-shown").addEventListener("keydown", onTileKey);
  $("keyboard").addEventListener("click", onKeyboardClick);
  $("best").addEventListener("click", onBestClick);
  document.addEventListener("keydown", onDocumentKey);
  // (a click from the keyboard, Enter or Space on the button, has no detail: no mouse's)
  $("submit").addEventListener("click", (event) => submit(event.detail === 0));
  $("refuse").addEventListener("click", () => move("/api/refuse", {}));
  $("undo").addEventListener("click", () => move("/api/undo", {}));
  $("word").addEventListener("input", typedLetters);
  $("word").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && tileAt(0, 0)) {
      event.preventDefault();
      tileAt(0, 0).focus();
    }
  });
  $("paste").addEventListener("input", pasted);
  $("paste").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      // a paste that is not a row of tiles is said, and nothing is played
      if (!$("paste").value.trim() || pasted()) submit(false);
    }
  });
  $("contrast").addEventListener("change", () => setContrast($("contrast").checked));
  $("copy").addEventListener("click", () => copyGrid(game.share, $("share-text"), say));
  await startPractice();
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", start);
