// lenwordle's page, the review of a screenshot (Solve's "Review a screenshot"): a picture
// dropped, pasted or chosen is sent to the page's own server (lenwordle serve, this
// computer: nothing leaves it), which reads the board it shows; the board read is shown as
// tiles to correct (a click changes a tile's colour, a letter typed on it its letter; a tile
// not read shows ? and must be given its letter), then reviewed as a game typed is. It uses
// app.js's functions (loaded before it): $, el, send, showReview.
"use strict";

const PICTURE_TYPES = ["image/png", "image/jpeg"];
const UNREAD_TILE = "?"; // a tile whose letter was not read (the library's UNREAD)
let shot = null; // the board read: {lang, rows: [{letters: [..], colours: [0-2, ..]}]}
let shots = 0; // pictures sent: an answer to an older one is dropped

function shotSay(line) {
  $("shot-said").textContent = line || "";
}

async function sendPicture(file) {
  // the picture to the server; its board read shown, or its one line said
  if (!file) return;
  if (!PICTURE_TYPES.includes(file.type)) {
    shotSay("Give a PNG or JPEG screenshot.");
    return;
  }
  const asked = ++shots;
  const lang = $("lang").value || "en";
  shot = null;
  showShot();
  shotSay("Reading the screenshot…");
  let status = 0;
  let answer = {};
  try {
    const response = await fetch(`/api/review/image?lang=${encodeURIComponent(lang)}`, {
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
  const read = answer.read;
  shot = {
    lang: answer.lang,
    rows: read.shown.map((row, r) => ({
      letters: Array.from(row),
      colours: Array.from(read.replies[r]).map((mark) => MARKS.indexOf(mark)),
    })),
  };
  const unread = read.unread.length;
  shotSay(unread ? `${unread} tile${unread > 1 ? "s" : ""} not read (marked ?): type `
    + "their letters, then review." : "Check the board read, then review.");
  showShot();
  document.body.dataset.shot = "read";
}

function showShot() {
  // the board read, a button a tile, and the Review button
  const board = $("shot-board");
  board.replaceChildren();
  $("shot-reviewed").replaceChildren();
  $("shot-review").hidden = !shot;
  if (!shot) return;
  board.style.setProperty("--k", String(shot.rows[0].letters.length));
  const grid = el("div", { class: "grid" });
  shot.rows.forEach((row, r) => {
    const shown = el("div", { class: "row", "data-row": String(r) });
    row.letters.forEach((letter, c) => shown.append(shotTile(r, c)));
    grid.append(shown);
  });
  board.append(grid);
}

function shotTile(r, c) {
  const letter = shot.rows[r].letters[c];
  const colour = shot.rows[r].colours[c];
  const unread = letter === UNREAD_TILE;
  const tile = el("button", { type: "button", class: `tile c${colour}${unread ? " unread" : ""}`,
    "data-row": String(r), "data-pos": String(c), text: letter,
    "aria-label": `Row ${r + 1}, tile ${c + 1}: ${unread ? "not read" : letter}, `
      + COLOURS[colour] });
  return tile;
}

function redrawTile(r, c, focus) {
  const old = document.querySelector(`#shot-board .tile[data-row="${r}"][data-pos="${c}"]`);
  const tile = shotTile(r, c);
  old.replaceWith(tile);
  if (focus) tile.focus();
}

function focusTile(r, c) {
  const tile = document.querySelector(`#shot-board .tile[data-row="${r}"][data-pos="${c}"]`);
  if (tile) tile.focus();
}

function onShotClick(event) {
  const tile = event.target.closest("#shot-board .tile");
  if (!tile || !shot) return;
  const r = Number(tile.dataset.row);
  const c = Number(tile.dataset.pos);
  shot.rows[r].colours[c] = (shot.rows[r].colours[c] + 1) % 3;
  redrawTile(r, c, true);
}

function onShotKey(event) {
  // a letter typed on a tile is its letter (the next tile then); the arrows move; none of
  // the section's keys types into the game being solved
  event.stopPropagation();
  const tile = event.target.closest("#shot-board .tile");
  if (!tile || !shot || event.ctrlKey || event.metaKey || event.altKey) return;
  const r = Number(tile.dataset.row);
  const c = Number(tile.dataset.pos);
  const k = shot.rows[0].letters.length;
  if (/^\p{L}$/u.test(event.key)) {
    event.preventDefault();
    shot.rows[r].letters[c] = event.key.toLocaleUpperCase(shot.lang);
    redrawTile(r, c, false);
    if (c + 1 < k) focusTile(r, c + 1);
    else if (r + 1 < shot.rows.length) focusTile(r + 1, 0);
    else focusTile(r, c);
  } else if (event.key === "ArrowRight" && c + 1 < k) {
    event.preventDefault();
    focusTile(r, c + 1);
  } else if (event.key === "ArrowLeft" && c > 0) {
    event.preventDefault();
    focusTile(r, c - 1);
  }
}

async function reviewShot() {
  // the corrected board reviewed (a tile not read must have its letter first)
  const left = shot.rows.reduce((n, row) => n + row.letters.filter(
    (l) => l === UNREAD_TILE).length, 0);
  if (left) {
    shotSay(`${left} tile${left > 1 ? "s" : ""} still not read (marked ?): type `
      + `${left > 1 ? "their letters" : "its letter"} first.`);
    return;
  }
  const words = shot.rows.map((row) => row.letters.join(""));
  const replies = shot.rows.map((row) => row.colours.map((v) => MARKS[v]).join(""));
  const box = $("shot-reviewed");
  box.textContent = "Reviewing the game…";
  const [status, answer] = await send("/api/review/board", { words, replies, lang: shot.lang });
  box.replaceChildren();
  if (status !== 200) {
    shotSay(answer.error);
    return;
  }
  shotSay("");
  showReview(box, answer.review, { variant: "wordle", length: words[0].length,
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
}

document.addEventListener("DOMContentLoaded", startShots);
