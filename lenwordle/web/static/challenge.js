// lenwordle's page, its challenges: a link /?challenge=CODE opens the game a friend set (the
// server reads the code: its game, length, language and word), its game said above the board
// before the first guess; and "Challenge a friend", a panel of Practice's (#p-panels), makes
// such a link of a word, in the game the form has chosen (named in the panel: the form is
// further down). Hooked to the page by its signals alone (body's data-ready, data-mode and
// data-practiced); it uses app.js's and practice.js's functions, loaded before it.
"use strict";

function challengeGame(v) {
  // a practice game's rules in words: "Fibble, Spanish, 5 letters, 6 guesses" (the guesses
  // of a game shown: the form's options name none)
  const kind = games.find((g) => g.name === v.game);
  const lang = languages.find((l) => l.code === v.lang);
  const parts = [kind ? kind.label : v.game];
  if (!(kind && kind.own_words)) parts.push(lang ? lang.name : v.lang);
  parts.push(plural(v.length, rules(v).tile));
  if (v.boards > 1) parts.push(plural(v.boards, "board"));
  if (v.hard) parts.push("hard mode");
  if (v.limit) parts.push(plural(v.limit, "guess", "guesses"));
  return parts.join(", ");
}

function showChallenge() {
  // the note above the board: the challenge's game, while a challenge is played
  const v = practiced;
  const note = $("p-challenge");
  note.hidden = !(v && v.challenge);
  note.textContent = v && v.challenge ? `A challenge: ${challengeGame(v)}.` : "";
}

async function openChallenge(code) {
  // the link's challenge, in Practice: asked after any game Practice opened by itself (the
  // last asked is the one kept), the form then showing its game (openPractice's, unless the
  // player changed the form meanwhile); the address loses its code (a reload goes on with
  // the game, not a new one)
  setMode("practice");
  history.replaceState(null, "", location.pathname);
  $("p-status").textContent = "Opening the challenge…";
  await openPractice({ challenge: code });
}

function showMadeGame() {
  // the game the link will be of: the form's (its options as the server is sent them)
  const asked = askedGame();
  $("c-game").textContent = `The game: ${challengeGame({ ...asked, game: asked.variant })}.`;
}

async function makeChallenge() {
  // a link to the form's game hiding the word typed
  const word = $("c-word").value.trim();
  const said = $("c-said");
  $("c-link").hidden = true;
  $("c-copy").hidden = true;
  if (!word) {
    said.textContent = "Type the word your friend will guess (one a board, apart by commas).";
    return;
  }
  said.textContent = "Making the challenge…";
  const [status, answer] = await send("/api/practice/challenge", { ...askedGame(), word });
  if (status !== 200) {
    said.textContent = answer.error;
    return;
  }
  $("c-link").value = location.origin + answer.path;
  $("c-link").hidden = false;
  $("c-copy").hidden = false;
  said.textContent = `Send the link (or the code ${answer.code}: lenwordle practice `
    + "--challenge plays it). It does not spell the word.";
  document.body.dataset.challengeMade = answer.code;
}

function challengeMaker() {
  // the note above the board, and the panel that makes a challenge, the first of Practice's
  // panels under the game (closed: one line)
  $("p-boards").before(el("p", { id: "p-challenge", class: "challenge-note", hidden: "" }));
  const word = el("input", { id: "c-word", autocomplete: "off", autocorrect: "off",
    spellcheck: "false", autocapitalize: "characters", size: "14" });
  const link = el("input", { id: "c-link", readonly: "", hidden: "",
    "aria-label": "The challenge's link" });
  const copy = el("button", { type: "button", id: "c-copy", hidden: "",
    text: "Copy the link" });
  const make = el("button", { type: "button", id: "c-make", text: "Make a link" });
  const panel = el("details", { id: "challenge-make" },
    el("summary", { text: "Challenge a friend" }),
    el("p", { class: "help", text: "A link to a game of the options under New game (below), "
      + "hiding your word: whoever opens it plays it." }),
    el("p", { id: "c-game" }),
    el("div", { class: "c-row" }, el("label", { for: "c-word", text: "Word" }), word, make),
    el("p", { id: "c-said", role: "status" }),
    el("div", { class: "c-row" }, link, copy));
  $("p-panels").prepend(panel);
  panel.addEventListener("toggle", showMadeGame);
  $("setup").addEventListener("change", showMadeGame); // (after app.js's: lengths refilled)
  make.addEventListener("click", makeChallenge);
  word.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      makeChallenge();
    }
  });
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link.value);
      $("c-said").textContent = "The link is copied.";
    } catch (error) {
      link.select();
      $("c-said").textContent = "Copy the selected link (Ctrl+C).";
    }
  });
}

function startChallenges() {
  challengeMaker();
  showChallenge();
  showMadeGame();
  const code = new URLSearchParams(location.search).get("challenge");
  if (code !== null) openChallenge(code);
}

new MutationObserver((changes) => {
  for (const change of changes) {
    if (change.attributeName === "data-ready" && !$("challenge-make")) startChallenges();
    if (!$("challenge-make")) continue;
    if (change.attributeName === "data-practiced") showChallenge();
    showMadeGame(); // (a game shown, or the mode chosen, may set the form: practice.js)
  }
}).observe(document.body,
  { attributes: true, attributeFilter: ["data-ready", "data-practiced", "data-mode"] });
