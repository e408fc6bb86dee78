// lenwordle's page, its Practice mode's statistics beyond a game: how a game counts (a daily
// puzzle finished before is practice, counted nowhere), the daily puzzles of recent days
// (played and won, or not; any of them, or another day, played), and the statistics that
// move (downloaded whole, a file of them merged). Loaded after practice.js, whose
// showPractice calls statsShown; $, el, send and askedGame are app.js's.
"use strict";

const KEPT_SAID = { // how a game counts, as the server says it (Kept), as the page words it
  replay: "You finished this puzzle before: this game is practice, counted nowhere.",
  "other day": "Another day's puzzle: counted in your daily figures, not in your daily streak.",
};

function statsShown(view) {
  // say how the game shown counts; at its end, the days as they stand now
  let note = $("p-kept");
  if (!note) {
    note = el("p", { id: "p-kept", class: "help" });
    $("p-status").after(note);
  }
  note.textContent = KEPT_SAID[view.kept] || "";
  if (view.done) recentDays();
}

async function recentDays() {
  // the daily puzzles of the game the form asks for, the latest first, each a button (in
  // Practice: Solve's form may ask what Practice does not take, SUTOM's letter)
  if (mode !== "practice") return;
  const [status, answer] = await send("/api/practice/days", askedGame());
  const list = $("p-days");
  if (status !== 200) {
    list.replaceChildren(el("li", { text: answer.error }));
    return;
  }
  list.replaceChildren(...answer.days.map((d) => {
    const state = d.won ? "won" : d.played ? "lost" : "not played";
    const late = d.played && !d.on_day ? ", on another day" : "";
    const button = el("button", { type: "button", class: `day ${state.replace(" ", "-")}`,
      "data-day": d.day, text: `${d.day}: ${state}${late}` });
    button.addEventListener("click", () => playDay(d.day));
    return el("li", {}, button);
  }));
  $("p-date").max = answer.days[0].day;
  document.body.dataset.days = String(answer.days.filter((d) => d.played).length);
}

function playDay(day) {
  // a new practice game: the daily puzzle of that day, of the game the form asks for (after
  // any game asked for before: practice.js's openPractice)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
  openPractice({ ...askedGame(), date: day }).then(() => {
    $("p-guess").focus({ preventScroll: true }); // (Enter then guesses, not the day again)
  });
}

async function importStatistics() {
  // merge the file chosen into this browser's statistics (sent as it is: the server checks)
  const file = $("p-import").files[0];
  if (!file) return;
  const said = $("p-import-said");
  let status, answer;
  try {
    const response = await fetch("/api/stats/import", { method: "POST",
      headers: { "Content-Type": "application/json" }, body: await file.text() });
    [status, answer] = [response.status, await response.json()];
  } catch (error) {
    [status, answer] = [0, { error: "the server does not answer: is lenwordle serve running?" }];
  }
  $("p-import").value = "";
  if (status !== 200) {
    said.textContent = answer.error;
    return;
  }
  const n = answer.imported;
  said.textContent = `Imported ${plural(n.added, "game")} (${n.known} kept already`
    + `${n.uncounted ? `, ${n.uncounted} counted nowhere` : ""}).`;
  document.body.dataset.imported = String(n.added);
  recentDays();
  if (practiced && practiced.done) statistics();
}

document.addEventListener("DOMContentLoaded", () => {
  $("p-date-play").addEventListener("click", () => playDay($("p-date").value));
  $("p-import").addEventListener("change", importStatistics);
  $("mode-practice").addEventListener("click", () => setTimeout(recentDays)); // (once in it)
  $("setup").addEventListener("change", () => {
    if (document.body.dataset.ready) recentDays();
  });
  // (the form's games come with app.js's start: the days are asked for once it is ready)
  new MutationObserver((changes, observer) => {
    if (!document.body.dataset.ready) return;
    observer.disconnect();
    recentDays();
  }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
});
