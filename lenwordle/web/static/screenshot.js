// lenwordle's page, the review of a screenshot (Solve's "Review a screenshot"): a picture
// dropped, pasted or chosen is sent to the page's own server (lenwordle serve, this
// computer: nothing leaves it), which reads the boards it shows (one for Wordle, Dordle's
// two, Quordle's four; a variant of colour tiles when chosen here, its accents by the rule
// chosen here); the boards read are shown as tiles to correct (a click changes a tile's
// colour, a letter typed on it its letter, on every board showing that row: one guess; a
// tile not read shows ? and must be given its letter), then reviewed as a game typed is, a
// board each. It uses app.js's functions and lists (loaded before it): $, el, send,
// showReview, languages, variants, MARKS, COLOURS.
"use strict";

const PICTURE_TYPES = ["image/png", "image/jpeg"];
const UNREAD_TILE = "?"; // a tile whose letter was not read (the library's UNREAD)
// the boards read: {lang, accents, variant, boards: [{rows: [{letters, colours: [0-2]}]}]}
let shot = null;
let shots = 0; // pictures sent: an answer to an older one is dropped

function shotSay(line) {
  $("shot-said").textContent = line || "";
}

function fillShotOptions() {
  // the screenshot's game (Wordle, or a variant whose rows a picture shows) and the accent
  // rules of the language chosen above (its game's first; none to choose: hidden)
  const variant = $("shot-variant");
  const kept = variant.value || "wordle";
  const readable = variants.filter((v) => v.picture && !v.avoid);
  variant.replaceChildren(...readable.map((v) => el("option", { value: v.name,
    text: v.name === "wordle" ? "Wordle" : v.name[0].toUpperCase() + v.name.slice(1) })));
  variant.value = readable.some((v) => v.name === kept) ? kept : "wordle";
  const lang = languages.find((l) => l.code === $("lang").value) || languages[0];
  const rules = (lang && lang.accents) || ["fold"];
  const accents = $("shot-accents");
  const keep = accents.value;
  accents.replaceChildren(...rules.map((rule) => el("option", { value: rule, text: rule })));
  accents.value = rules.includes(keep) ? keep : rules[0];
  $("shot-accents-field").hidden = rules.length < 2;
}

async function sendPicture(file) {
  // the picture to the server; its boards read shown, or its one line said
  if (!file) return;
  if (!PICTURE_TYPES.includes(file.type)) {
    shotSay("Give a PNG or JPEG screenshot.");
    return;
  }
  const asked = ++shots;
  const query = new URLSearchParams({ lang: $("lang").value || "en",
    accents: $("shot-accents").value || "", variant: $("shot-variant").value || "wordle" });
  shot = null;
  showShot();
  shotSay("Reading the screenshot…");
  let status = 0;
  let answer = {};
  try {
    const response = await fetch(`/api/review/image?${query}`, {
      method: "POST", headers: { "Content-Type": file.type }, body: file });
    status = response.status;
    answer = await response.json();
  } catch (error) {
    answer = { error: "the server does not answer: is lenwordle serve still running?" };
  }
  if (asked !== shots) return;
  if (status !== 200) {
    shotSay(answer.error);
    document.body.dataset.shot = "refused";
    return;
  }
  shot = {
    lang: answer.lang,
    accents: answer.accents,
    variant: answer.variant,
    boards: answer.boards.map((read) => ({
      rows: read.shown.map((row, r) => ({
        letters: Array.from(row),
        colours: Array.from(read.replies[r]).map((mark) => MARKS.indexOf(mark)),
      })),
    })),
  };
  const unread = shot.boards.reduce((n, board) => n + shotUnreadOf(board), 0);
  const several = shot.boards.length > 1 ? `${shot.boards.length} boards read. ` : "";
  shotSay(several + (unread ? `${unread} tile${unread > 1 ? "s" : ""} not read (marked ?): `
    + "type their letters, then review." : "Check the board read, then review."));
  showShot();
  document.body.dataset.shot = "read";
}

function shotUnreadOf(board) {
  return board.rows.reduce((n, row) => n + row.letters.filter((l) => l === UNREAD_TILE).length,
    0);
}

function showShot() {
  // the boards read, a button a tile, and the Review button
  const shown = $("shot-board");
  shown.replaceChildren();
  $("shot-reviewed").replaceChildren();
  $("shot-review").hidden = !shot;
  if (!shot) return;
  shown.style.setProperty("--k", String(shot.boards[0].rows[0].letters.length));
  shown.classList.toggle("several", shot.boards.length > 1);
  shot.boards.forEach((board, b) => {
    const grid = el("div", { class: "grid", "data-board": String(b) });
    if (shot.boards.length > 1) {
      grid.setAttribute("role", "group");
      grid.setAttribute("aria-label", `Board ${b + 1}`);
    }
    board.rows.forEach((row, r) => {
      const line = el("div", { class: "row", "data-row": String(r) });
      row.letters.forEach((letter, c) => line.append(shotTile(b, r, c)));
      grid.append(line);
    });
    shown.append(grid);
  });
}

function shotTile(b, r, c) {
  const letter = shot.boards[b].rows[r].letters[c];
  const colour = shot.boards[b].rows[r].colours[c];
  const unread = letter === UNREAD_TILE;
  const board = shot.boards.length > 1 ? `Board ${b + 1}, row` : "Row";
  return el("button", { type: "button", class: `tile c${colour}${unread ? " unread" : ""}`,
    "data-board": String(b), "data-row": String(r), "data-pos": String(c), text: letter,
    "aria-label": `${board} ${r + 1}, tile ${c + 1}: ${unread ? "not read" : letter}, `
      + COLOURS[colour] });
}

function shotTileAt(b, r, c) {
  return document.querySelector(
    `#shot-board .tile[data-board="${b}"][data-row="${r}"][data-pos="${c}"]`);
}

function redrawTile(b, r, c, focus) {
  const tile = shotTile(b, r, c);
  shotTileAt(b, r, c).replaceWith(tile);
  if (focus) tile.focus();
}

function focusTile(b, r, c) {
  const tile = shotTileAt(b, r, c);
  if (tile) tile.focus();
}

function shotPlaceOf(tile) {
  return [Number(tile.dataset.board), Number(tile.dataset.row), Number(tile.dataset.pos)];
}

function onShotClick(event) {
  const tile = event.target.closest("#shot-board .tile");
  if (!tile || !shot) return;
  const [b, r, c] = shotPlaceOf(tile);
  const row = shot.boards[b].rows[r];
  row.colours[c] = (row.colours[c] + 1) % 3;
  redrawTile(b, r, c, true);
}

function onShotKey(event) {
  // a letter typed on a tile is its letter, on every board showing its row (the next tile
  // then); the arrows move; none of the section's keys types into the game being solved
  event.stopPropagation();
  const tile = event.target.closest("#shot-board .tile");
  if (!tile || !shot || event.ctrlKey || event.metaKey || event.altKey) return;
  const [b, r, c] = shotPlaceOf(tile);
  const rows = shot.boards[b].rows;
  const k = rows[0].letters.length;
  if (/^\p{L}$/u.test(event.key)) {
    event.preventDefault();
    const letter = event.key.toLocaleUpperCase(shot.lang);
    shot.boards.forEach((board, other) => {
      if (r >= board.rows.length) return;
      board.rows[r].letters[c] = letter;
      redrawTile(other, r, c, false);
    });
    if (c + 1 < k) focusTile(b, r, c + 1);
    else if (r + 1 < rows.length) focusTile(b, r + 1, 0);
    else focusTile(b, r, c);
  } else if (event.key === "ArrowRight" && c + 1 < k) {
    event.preventDefault();
    focusTile(b, r, c + 1);
  } else if (event.key === "ArrowLeft" && c > 0) {
    event.preventDefault();
    focusTile(b, r, c - 1);
  }
}

async function reviewShot() {
  // the corrected boards reviewed, a board each (a tile not read must have its letter first)
  const left = shot.boards.reduce((n, board) => n + shotUnreadOf(board), 0);
  if (left) {
    shotSay(`${left} tile${left > 1 ? "s" : ""} still not read (marked ?): type `
      + `${left > 1 ? "their letters" : "its letter"} first.`);
    return;
  }
  const longest = shot.boards.reduce((a, b) => (b.rows.length > a.rows.length ? b : a));
  const words = longest.rows.map((row) => row.letters.join(""));
  const repliesOf = (board) => board.rows.map((row) => row.colours.map((v) => MARKS[v])
    .join(""));
  const body = { words, lang: shot.lang, accents: shot.accents, variant: shot.variant };
  if (shot.boards.length > 1) body.boards = shot.boards.map(repliesOf);
  else body.replies = repliesOf(shot.boards[0]);
  const box = $("shot-reviewed");
  box.textContent = "Reviewing the game…";
  const [status, answer] = await send("/api/review/board", body);
  box.replaceChildren();
  if (status !== 200) {
    shotSay(answer.error);
    return;
  }
  shotSay("");
  showReview(box, answer.review, { variant: shot.variant, length: words[0].length,
    lang: shot.lang });
  document.body.dataset.shot = "reviewed";
}
function pictureOf(list) {
  // the first picture of a drop's or a paste's files (null: none)
  return Array.from(list || []).find((file) => file.type.startsWith("image/")) || null;
}

function startShots() {
  const section = $("shot");
  $("shot-file").addEventListener("change", () => {
    sendPicture($("shot-file").files[0]);
    $("shot-file").value = ""; // (the same file chosen again is sent again)
  });
  section.addEventListener("dragover", (event) => {
    event.preventDefault();
    section.classList.add("dropping");
  });
  section.addEventListener("dragleave", () => section.classList.remove("dropping"));
  section.addEventListener("drop", (event) => {
    event.preventDefault();
    section.classList.remove("dropping");
    const file = pictureOf(event.dataTransfer.files);
    if (file) sendPicture(file);
    else shotSay("Give a PNG or JPEG screenshot.");
  });
  document.addEventListener("paste", (event) => {
    // a picture pasted anywhere in Solve (text pasted is the page's other fields')
    if (document.body.dataset.mode === "practice") return;
    const file = pictureOf(event.clipboardData && event.clipboardData.files);
    if (!file) return;
    event.preventDefault();
    sendPicture(file);
  });
  $("shot-board").addEventListener("click", onShotClick);
  section.addEventListener("keydown", onShotKey);
  $("shot-review").addEventListener("click", reviewShot);
  // (the lists come with the setup form, filled once the page has them: app.js's signal)
  document.addEventListener("lenwordle:setup", fillShotOptions);
  $("lang").addEventListener("change", fillShotOptions);
}

document.addEventListener("DOMContentLoaded", startShots);
