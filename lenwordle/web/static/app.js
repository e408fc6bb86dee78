// lenwordle's page: the game is the server's (a cookie names it); this file shows it, takes
// the colours of the tiles, and asks the server for each move and each preview.
// Over 300 lines: the page's one script, no framework; its parts are marked below (the game
// shown, the setup form, moves, typing).
"use strict";

const COLOURS = ["grey", "yellow", "green"];
const MARKS = [".", "y", "g"];
const TILES = { false: ["⬛", "🟨", "🟩"], true: ["⬛", "🟦", "🟧"] };
const KEYS = { g: 2, G: 2, "2": 2, y: 1, Y: 1, "1": 1, ".": 0, "0": 0, "-": 0 };
const PASTED = { "🟩": 2, "🟧": 2, "🟨": 1, "🟦": 1, "⬛": 0, "⬜": 0, g: 2, G: 2, y: 1, Y: 1,
  ".": 0, "2": 2, "1": 1, "0": 0 };

let game = null; // the game as the server last sent it
let colours = []; // per open board (in game.open's order): a colour (0-2) per letter
let shownLetters = []; // the letters on the tiles: the suggestion's or the typed word's
let previewed = 0; // previews asked for; an answer to an older one is dropped
let moving = false; // a move is on its way: the buttons wait
let languages = [];
let variants = []; // the games the page plays: Wordle, then each variant (/api/languages)
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

function rules() {
  const name = game ? game.variant : "wordle";
  return variants.find((v) => v.name === name) || { name: "wordle", marks: [".", "y", "g"],
    names: COLOURS, counts: false, keys: KEYS, noun: "word" };
}

function plainWordle() {
  return rules().name === "wordle";
}

function arrows() {
  // Peaks' marks are arrows: its tiles show them, and no colours are pasted
  return rules().marks[0] === "^";
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

function say(message) {
  $("message").textContent = message || "";
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
  renderStatus();
  renderRows();
  renderTurns();
  renderPossible();
  renderEnd();
  chooseSetup();
  const going = !game.done;
  $("paste-field").hidden = arrows() || rules().counts;
  $("tile-help").textContent = tileHelp();
  $("submit").disabled = !going;
  $("refuse").disabled = !going || !game.suggestion || Boolean($("word").value.trim());
  $("word").disabled = !going;
  $("paste").disabled = !going;
  $("undo").disabled = game.turns.length === 0 && game.refused.length === 0;
  if (going) preview();
}

function renderStatus() {
  let text;
  const n = game.turns.length;
  if (game.done) {
    text = game.won ? `Solved in ${plural(n, "guess", "guesses")}.`
      : `Out of guesses: ${plural(game.open.length, "board")} not solved.`;
  } else if (game.suggestion) {
    const probe = game.probing ? " (no word lenwordle knows fits: it tests letters)" : "";
    const of = n < game.limit ? ` of ${game.limit}` : ""; // (one board may go on past it)
    text = `Guess ${n + 1}${of}: play ${game.suggestion}${probe}. ${countsText()}.`;
  } else {
    text = `No word to suggest: type the word you played. ${countsText()}.`;
  }
  $("status").textContent = text;
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

function tileText(tile, letter, colour) {
  // a tile's letter, and Peaks' arrow beside it (hidden from screen readers: the label says)
  tile.textContent = letter;
  if (arrows() && ARROWS[colour]) {
    tile.append(el("span", { class: "arrow", "aria-hidden": "true", text: ARROWS[colour] }));
  }
}

function renderRows() {
  const rows = $("rows");
  rows.replaceChildren();
  if (game.done) return;
  game.open.forEach((board, row) => {
    const name = game.boards > 1 ? `Board ${board + 1}` : "Your reply";
    const tiles = el("div", { class: "tiles", role: "group", "aria-label": name });
    for (let i = 0; i < game.length; i++) {
      const tile = rules().counts
        ? el("span", { class: "tile plain", "data-row": String(row), "data-pos": String(i) })
        : el("button", {
          type: "button",
          class: tileClass(0),
          "data-row": String(row),
          "data-pos": String(i),
          "aria-describedby": "tile-help",
        });
      tiles.append(tile);
    }
    const left = el("p", { class: "left", id: `left-${row}`, "aria-live": "polite" });
    const label = game.boards > 1 ? el("p", { class: "board-name", text: name }) : "";
    rows.append(el("div", { class: "row" }, label, tiles, rules().counts ? countInputs() : "",
      left));
  });
  showLetters();
}

function countInputs() {
  // Woodle: the row is how many tiles are green and how many yellow, not which
  const field = (id, label) => {
    const input = el("input", { id, type: "number", min: "0", max: String(game.length),
      value: "0", inputmode: "numeric" });
    input.addEventListener("input", preview);
    return el("label", { class: "count" }, label, input);
  };
  return el("div", { class: "counts" }, field("greens", "Greens"), field("yellows", "Yellows"));
}

function tileAt(row, position) {
  return document.querySelector(`#rows .tile[data-row="${row}"][data-pos="${position}"]`);
}

function showLetters() {
  colours.forEach((row, r) => {
    row.forEach((colour, i) => {
      const tile = tileAt(r, i);
      if (!tile) return;
      const letter = shownLetters[i] || "";
      tileText(tile, letter, colour);
      tile.className = tileClass(colour);
      tile.setAttribute("aria-label", tileLabel(letter, i, colour));
    });
  });
}

function setColour(row, position, colour) {
  colours[row][position] = colour;
  const tile = tileAt(row, position);
  const letter = shownLetters[position] || "";
  tileText(tile, letter, colour);
  tile.className = tileClass(colour);
  tile.setAttribute("aria-label", tileLabel(letter, position, colour));
  preview();
}

function renderTurns() {
  const list = $("turns");
  list.replaceChildren();
  for (const turn of game.turns) {
    const boards = turn.replies.map((reply, b) => {
      if (reply === null) {
        return el("span", { class: "mini solved", text: game.boards > 1 ? "solved" : "" });
      }
      return miniTiles(turn.letters, reply, game.boards > 1 ? `board ${b + 1}: ` : "");
    });
    list.append(el("li", {}, ...boards));
  }
  $("refused").textContent = game.refused.length
    ? `Refused by the game: ${game.refused.join(", ")}` : "";
  $("history").hidden = game.turns.length === 0 && game.refused.length === 0;
}

function miniTiles(letters, reply, prefix = "") {
  const marks = rules().marks;
  if (rules().counts) { // Woodle's '2g1y': the letters, then the counts
    const [, greens, yellows] = reply.match(/(\d+)g(\d+)y/);
    const said = `${letters.join("")}: ${greens} green, ${yellows} yellow`;
    const row = el("span", { class: "mini", role: "img", "aria-label": prefix + said });
    letters.forEach((letter) => row.append(el("span", { class: "m plain", text: letter })));
    row.append(el("span", { class: "m c2", text: greens }), el("span", { class: "m c1",
      text: yellows }));
    return row;
  }
  const values = Array.from(reply).map((mark) => marks.indexOf(mark));
  const described = letters.map((l, i) => `${l} ${rules().names[values[i]]}`);
  const row = el("span", { class: "mini", role: "img",
    "aria-label": prefix + described.join(", ") });
  letters.forEach((letter, i) => {
    const kind = arrows() ? `p${values[i]}` : `c${values[i]}`;
    const arrow = arrows() ? ARROWS[values[i]] : "";
    row.append(el("span", { class: `m ${kind}`, text: letter + arrow }));
  });
  return row;
}

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

function percent(chance) {
  const value = 100 * chance;
  return value >= 0.1 ? `${value.toFixed(1)} %` : `${value.toPrecision(2)} %`;
}

function renderEnd() {
  $("end").hidden = !game.done;
  $("review").replaceChildren();
  if (!game.done) return;
  $("share").textContent = game.share;
  $("review").textContent = "Reviewing the game…";
  review();
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
  answer.review.boards.forEach((board, b) => {
    if (answer.review.boards.length > 1) box.append(el("h4", { text: `Board ${b + 1}` }));
    const table = el("table", { class: "review" });
    table.append(el("thead", {}, el("tr", {}, ...["", "Guess", "Words", "Skill", "Luck",
      "Best guess"].map((h) => el("th", { scope: "col", text: h })))));
    const body = el("tbody");
    board.turns.forEach((t, i) => {
      body.append(el("tr", {},
        el("td", { text: String(i + 1) }),
        el("td", {}, miniTiles(t.letters, t.reply)),
        el("td", { text: `${t.possible_before} → ${t.possible_after}` }),
        el("td", { text: t.skill === null ? "–" : String(t.skill) }),
        el("td", { text: t.luck === null ? "–" : String(t.luck) }),
        el("td", { text: t.best_guess === null ? "–" : t.best_guess })));
    });
    table.append(body);
    box.append(el("div", { class: "scroll" }, table));
    const f = board.figures;
    box.append(el("p", { class: "figures",
      text: `Skill ${f.skill ?? "–"}, luck ${f.luck ?? "–"}. ${f.verdict}` }));
  });
  document.body.dataset.reviewed = String(turns);
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
  $("variant").replaceChildren(...variants.map((v) => el("option", { value: v.name,
    text: v.name === "wordle" ? "Wordle" : v.name[0].toUpperCase() + v.name.slice(1) })));
  const lang = $("lang");
  lang.replaceChildren(...languages.map((l) => el("option", { value: l.code, text: l.name })));
  $("boards").replaceChildren(...Array.from({ length: window.maxBoards }, (_, i) =>
    el("option", { value: String(i + 1), text: String(i + 1) })));
  fillLengths();
}

function chosenVariant() {
  return variants.find((v) => v.name === $("variant").value) || variants[0] || rules();
}

function fillLengths(chosen) {
  const lang = languages.find((l) => l.code === $("lang").value) || languages[0];
  const chosenRules = chosenVariant();
  const lengths = chosenRules.lengths || lang.lengths;
  const length = $("length");
  const keep = chosen || Number(length.value) || 5;
  length.replaceChildren(...lengths.map((k) => el("option", { value: String(k),
    text: String(k) })));
  length.value = String(lengths.includes(keep) ? keep : lengths.includes(5) ? 5 : lengths[0]);
  // a variant has rules of its own: one board, no hard mode; Nerdle has its own words
  const plain = chosenRules.name === "wordle";
  $("boards").disabled = !plain;
  $("hard").disabled = !plain;
  $("lang").disabled = chosenRules.own_words;
  $("about").textContent = plain ? "" : `${chosenRules.name}: ${chosenRules.about}`;
}

function chooseSetup() {
  $("variant").value = game.variant;
  $("lang").value = game.lang;
  fillLengths(game.length);
  $("boards").value = String(game.boards);
  $("hard").checked = game.hard;
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
  if (!game || game.done) return;
  const asked = ++previewed;
  const word = typedWord();
  if (!word && !game.suggestion) {
    showPreview(asked, null);
    return;
  }
  const [status, answer] = await send("/api/preview", { replies: replies(), word });
  if (asked !== previewed) return; // an older question: a newer one is on its way
  showPreview(asked, status === 200 ? answer : { error: answer.error });
}

function showPreview(asked, answer) {
  game.open.forEach((_, row) => {
    const line = $(`left-${row}`);
    if (!line) return;
    if (!answer) line.textContent = "Type the word you played.";
    else if (answer.error) line.textContent = answer.error;
    else {
      const n = answer.left[row];
      const solved = plainWordle() && colours[row].every((c) => c === 2);
      line.textContent = solved ? "That reply solves it."
        : n === 0 ? "That reply ends the game."
          : `That reply leaves ${plural(n, game.noun)}.`;
    }
  });
  if (answer && answer.letters && typedWord()) {
    shownLetters = answer.letters;
    showLetters();
  }
  document.body.dataset.previewed = String(asked);
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

function submit() {
  return move("/api/tell", { replies: replies(), word: typedWord() }, true);
}

// ---- typing

function typedLetters() {
  const word = $("word").value.trim().toLocaleUpperCase(game.lang);
  // the game refuses the suggestion, not a word of one's own: the button is for it alone
  $("refuse").disabled = Boolean(word) || game.done || !game.suggestion;
  shownLetters = word ? Array.from(word).slice(0, game.length) : game.letters || [];
  showLetters();
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
  }
}

function onTileClick(event) {
  const tile = event.target.closest("button.tile");
  if (!tile || moving) return;
  const row = Number(tile.dataset.row);
  const pos = Number(tile.dataset.pos);
  setColour(row, pos, (colours[row][pos] + 1) % 3);
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
  window.maxBoards = answer.max_boards || 8;
  fillSetup();
  const [status, current] = await send("/api/game");
  if (current.game) render(current.game);
  say(status === 200 ? current.notice : current.error);

  $("lang").addEventListener("change", () => fillLengths());
  $("variant").addEventListener("change", () => fillLengths());
  $("setup").addEventListener("submit", (event) => {
    event.preventDefault();
    const plain = chosenVariant().name === "wordle";
    move("/api/new", {
      variant: chosenVariant().name,
      lang: chosenVariant().own_words ? "en" : $("lang").value,
      length: Number($("length").value),
      boards: plain ? Number($("boards").value) : 1,
      hard: plain && $("hard").checked,
    });
  });
  $("rows").addEventListener("click", onTileClick);
  $("rows").addEventListener("keydown", onTileKey);
  $("submit").addEventListener("click", submit);
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
      if (!$("paste").value.trim() || pasted()) submit();
    }
  });
  $("contrast").addEventListener("change", () => setContrast($("contrast").checked));
  $("copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("share").textContent);
      say("The share grid is copied.");
    } catch (error) {
      const range = document.createRange();
      range.selectNodeContents($("share"));
      window.getSelection().removeAllRanges();
      window.getSelection().addRange(range);
      say("Copy the selected grid (Ctrl+C).");
    }
  });
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", start);
