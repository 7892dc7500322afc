// The replay viewer (web/replay.html): lists finished games, loads one, and steps forward and
// back through it from any seat's point of view, a spectator's, or everyone's (all cards open:
// the game is over), with the log beside the table. The server computes every step with the
// engine (GET /api/games/{id}/replay); this page only renders. State lives in the URL hash
// (#game=42&viewer=all&step=10), so a position can be shared.

import * as api from "./api.js";
import { describe, describeAction } from "./log.js";
import { Names } from "./names.js";
import { el, renderTable } from "./table.js";

const $ = (id) => document.getElementById(id);

const state = {
  names: null,
  before: null, // paging cursor of the game list
  game: null, // the loaded replay: {game, viewer, steps}
  viewer: "all",
  step: 0,
  timer: null,
};

function status(text, error = false) {
  const node = $("status");
  node.textContent = text;
  node.classList.toggle("error", error);
}

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  return {
    game: params.get("game"),
    viewer: params.get("viewer") ?? "all",
    step: Number(params.get("step") ?? 0) || 0,
  };
}

function writeHash() {
  if (!state.game) return;
  const params = new URLSearchParams({
    game: String(state.game.game.id),
    viewer: String(state.viewer),
    step: String(state.step),
  });
  history.replaceState(null, "", `#${params}`);
}

// ---- the game list -----------------------------------------------------------------------

function gameEntry(game) {
  const names = state.names;
  const when = new Date(game.finished_at ?? game.started_at).toLocaleString();
  const players = game.players.map((p) => p.name).join(", ");
  return el(
    "li",
    {},
    el(
      "button",
      { class: "game", onclick: () => load(game.id, state.viewer, 0) },
      el("strong", { text: `#${game.id}` }),
      ` ${when}`,
      el("br"),
      el("span", { class: "muted", text: `${names.ui("players", { n: game.players.length })} · ${game.actions} · ${names.outcome(game.outcome)}` }),
      el("br"),
      el("span", { class: "muted", text: players }),
      seriesLine(game.series),
    ),
  );
}

/** A game of a 计分赛 series: which game of how many, its points and the totals after it. */
function seriesLine(series) {
  if (!series || !series.played.length) return null;
  const totals = new Array(series.games).fill(0);
  for (const game of series.played) game.points.forEach((p, i) => { totals[i] += p; });
  const last = series.played[series.played.length - 1];
  const text = state.names.ui("series", {
    k: series.played.length, n: series.games, points: last.points.join("/"), totals: totals.join("/"),
  });
  return [el("br"), el("span", { class: "series", "data-testid": "game-series", text })];
}

async function loadList(more = false) {
  try {
    const page = await api.listGames(more ? state.before : null);
    const list = $("games");
    if (!more) list.replaceChildren();
    if (!more && page.games.length === 0) {
      list.append(el("li", { class: "muted", text: state.names.ui("no_games") }));
    }
    for (const game of page.games) list.append(gameEntry(game));
    state.before = page.next_before;
    $("more").hidden = page.next_before == null;
  } catch (error) {
    status(state.names.ui("cannot_list", { error: error.message }), true);
  }
}

// ---- one game ------------------------------------------------------------------------------

function viewerOptions(game) {
  const select = $("viewer");
  const options = [
    el("option", { value: "all", text: state.names.ui("everyone") }),
    el("option", { value: "spectator", text: state.names.ui("spectator") }),
    ...game.players.map((p) =>
      el("option", { value: String(p.seat), text: `${state.names.seatLabel(p.seat)} — ${p.name}` })),
  ];
  select.replaceChildren(...options);
  select.value = String(state.viewer);
}

async function load(id, viewer, step) {
  stop();
  status(state.names.ui("loading_game", { id }));
  try {
    let replay;
    try {
      replay = await api.replay(id, viewer);
    } catch (error) {
      // Open cards are for the game's players: anyone else watches as a spectator.
      if (error.code !== "forbidden" || viewer === "spectator") throw error;
      viewer = "spectator";
      replay = await api.replay(id, viewer);
    }
    state.names.setDeck(replay.deck);
    state.game = replay;
    state.viewer = viewer;
    state.names.players = replay.game.players.map((p) => p.name);
    // The mode, as far as the table tells it (a replay names no ruleset): 斗地主's camps, 2v2's
    // four seats dealt loyalist, rebel, rebel, loyalist.
    const winner = replay.game.outcome?.winner;
    const roles = (replay.game.outcome?.roles ?? []).join(",");
    state.names.mode = winner === "landlord" || winner === "farmers" ? "doudizhu"
      : roles === "loyalist,rebel,rebel,loyalist" ? "2v2" : "identity";
    viewerOptions(replay.game);
    $("step").max = String(replay.steps.length - 1);
    buildLog();
    show(Math.min(Math.max(0, step), replay.steps.length - 1));
    state.loaded = { id, actions: replay.steps.length - 1, outcome: replay.game.outcome };
    status(state.names.ui("game", { ...state.loaded, outcome: state.names.outcome(replay.game.outcome) }));
    $("viewer-box").hidden = false;
  } catch (error) {
    // A record of another engine version says so (code engine_version / record_version).
    status(state.names.ui("cannot_replay", { id, error: error.message, code: error.code }), true);
  }
}

/** The whole log, one block per step; lines are shown up to the current step. */
function buildLog() {
  const log = $("log");
  log.replaceChildren();
  for (const step of state.game.steps) {
    const lines = step.events.map((e) => describe(e, state.names)).filter((line) => line != null);
    const head = step.index === 0 ? state.names.ui("deal") : `${step.index}. ${state.names.seat(step.seat)}`;
    const action = step.action ? describeAction(step.action, state.names) : null;
    const block = el(
      "div",
      { class: "entry", "data-step": step.index, onclick: () => show(step.index) },
      el("div", { class: "entry-head" }, head, action ? el("span", { class: "action", text: ` · ${action}` }) : null),
      lines.map((line) => el("div", { text: line })),
    );
    log.append(block);
  }
}

function show(index) {
  const steps = state.game.steps;
  state.step = Math.min(Math.max(0, index), steps.length - 1);
  const step = steps[state.step];
  $("table").replaceChildren(renderTable(step.view, state.names));
  $("step").value = String(state.step);
  $("position").textContent = `${state.step} / ${steps.length - 1}`;
  for (const entry of $("log").children) {
    const n = Number(entry.dataset.step);
    entry.hidden = n > state.step;
    entry.classList.toggle("now", n === state.step);
  }
  const now = $("log").querySelector(".now");
  now?.scrollIntoView({ block: "nearest" });
  writeHash();
}

function stop() {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  $("play").textContent = state.names?.ui("play") ?? "▶";
}

function togglePlay() {
  if (!state.game) return;
  if (state.timer) return stop();
  $("play").textContent = state.names.ui("pause");
  state.timer = setInterval(() => {
    if (state.step >= state.game.steps.length - 1) return stop();
    show(state.step + 1);
  }, 400);
}

/** The next (or previous) step that starts a turn. */
function turnStep(direction) {
  const steps = state.game.steps;
  for (let i = state.step + direction; i >= 0 && i < steps.length; i += direction) {
    if (steps[i].events.some((e) => e.type === "turn_started")) return i;
  }
  return direction > 0 ? steps.length - 1 : 0;
}

function wire() {
  $("first").onclick = () => state.game && show(0);
  $("prev-turn").onclick = () => state.game && show(turnStep(-1));
  $("prev").onclick = () => state.game && show(state.step - 1);
  $("next").onclick = () => state.game && show(state.step + 1);
  $("next-turn").onclick = () => state.game && show(turnStep(1));
  $("last").onclick = () => state.game && show(state.game.steps.length - 1);
  $("play").onclick = togglePlay;
  $("step").oninput = (e) => state.game && show(Number(e.target.value));
  $("more").onclick = () => loadList(true);
  $("refresh").onclick = () => loadList(false);
  $("viewer").onchange = (e) => state.game && load(state.game.game.id, e.target.value, state.step);
  $("lang").onchange = (e) => {
    state.names.lang = e.target.value;
    try { localStorage.setItem("sgs.lang", e.target.value); } catch { /* private mode */ }
    translateStatic();
    if (state.loaded) status(state.names.ui("game", { ...state.loaded, outcome: state.names.outcome(state.loaded.outcome) }));
    loadList(false);
    if (state.game) {
      viewerOptions(state.game.game);
      buildLog();
      show(state.step);
    }
  };
  document.addEventListener("keydown", (e) => {
    if (!state.game || e.target.tagName === "SELECT" || e.target.tagName === "INPUT") return;
    const keys = {
      ArrowRight: () => show(state.step + 1),
      ArrowLeft: () => show(state.step - 1),
      Home: () => show(0),
      End: () => show(state.game.steps.length - 1),
      PageDown: () => show(turnStep(1)),
      PageUp: () => show(turnStep(-1)),
      " ": togglePlay,
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
}

/** The page's own words (`data-r` keys, `data-r-title` for tooltips) in the chosen language. */
function translateStatic() {
  const names = state.names;
  document.documentElement.lang = names.lang === "en" ? "en" : "zh-CN";
  document.title = names.ui("title");
  for (const node of document.querySelectorAll("[data-r]")) node.textContent = names.ui(node.dataset.r);
  for (const node of document.querySelectorAll("[data-r-title]")) node.title = names.ui(node.dataset.rTitle);
  if (!state.timer) $("play").textContent = names.ui("play");
}

async function main() {
  // The language the game's page chose (the same key), else Chinese.
  let saved = null;
  try { saved = localStorage.getItem("sgs.lang"); } catch { /* private mode */ }
  $("lang").value = saved === "en" ? "en" : "zh";
  wire();
  try {
    state.names = new Names(await api.catalog(), $("lang").value);
  } catch (error) {
    status(`无法加载目录 Cannot load the catalog: ${error.message}`, true);
    return;
  }
  translateStatic();
  await loadList(false);
  const wanted = readHash();
  if (wanted.game) {
    await load(wanted.game, wanted.viewer, wanted.step);
  } else {
    status(state.names.ui("choose"));
  }
}

main();
