// Table app templates: pure functions from data to HTML text; every value is escaped
// (html`` from ../shared/html.js). No DOM access here.

import { html, pct } from "../shared/html.js";
import {
  ACTION_NAMES,
  CARD_LETTERS,
  CARD_NAMES,
  EQUIPMENT_NAMES,
  colourNeeds,
  colourOf,
  costsItsValue,
  handSlots,
  isXSlot,
  isXWire,
  labelsInPlay,
  openRedDeal,
  oxygenFor,
  oxygenKind,
  redsInPlay,
  setupProblems,
  slotLetter,
  standCounts,
  standName,
  standSizes,
  wireOf,
  wiresInPlay,
} from "./table-state.js";

export const btn = (act, label, attrs = {}) => {
  const { cls = "", testid = act, pressed = null, disabled = false, aria = null, arg = "" } = attrs;
  return html`<button type="button" class="${cls}" data-act="${act}" data-arg="${arg}" data-testid="${testid}"
    ${pressed === null ? "" : html`aria-pressed="${pressed ? "true" : "false"}"`}
    ${disabled ? html`disabled` : ""} ${aria ? html`aria-label="${aria}"` : ""}>${label}</button>`;
};
export const chip = (act, arg, label, on, testid, extra = {}) =>
  btn(act, label, { cls: `chip ${on ? "on" : ""} ${extra.cls ?? ""}`, arg, testid, pressed: on, aria: extra.aria ?? null, disabled: extra.disabled });

/** Probability -> background (pale = unsure, deep = sure) and text colour with contrast ≥ 4.5. */
export function probColour(p) {
  const light = Math.round(94 - 60 * Math.max(0, Math.min(1, p)));
  return { bg: `hsl(212 70% ${light}%)`, fg: light < 58 ? "#fff" : "#0b1726" };
}

export const valueName = (v) => (v === "Y" ? "yellow" : v?.[0] === "Y" ? `yellow ${v.slice(1)}` : v?.[0] === "R" ? `red ${v.slice(1)}` : v);
export const markName = (m) =>
  ({ E: "even", O: "odd", "1x": "x1", "2x": "x2", "3x": "x3", X: "unsorted" })[m] ?? (m?.startsWith("!") ? `not ${m.slice(1)}` : m);

// ---------------------------------------------------------------- setup

function colourPicker(colour, c, need, mission) {
  const letter = colour === "yellow" ? "Y" : "R";
  const numbers = Array.from({ length: 11 }, (_, i) => i + 1);
  const custom = mission === null;
  const modes = custom
    ? html`<div class="row" role="group" aria-label="${colour} wires">${["none", "list", "of"].map((m) =>
        chip("colour-mode", `${colour}:${m}`, { none: "none", list: "known", of: "a of b" }[m], c.mode === m, `setup-${colour}-mode-${m}`))}</div>`
    : "";
  if (c.mode === "none") return custom ? html`<fieldset class="box"><legend>${colour === "yellow" ? "Yellow" : "Red"}</legend>${modes}</fieldset>` : "";
  const row = (field, list, label) => html`<div class="numrow"><span class="lbl">${label}</span>${numbers.map((n) =>
    chip("colour-num", `${colour}:${field}:${n}`, `${letter}${n}`, list.includes(n), `setup-${colour}-${field}-${n}`))}</div>`;
  const needText = need?.need ? ` — pick ${need.need}` : "";
  return html`<fieldset class="box" data-testid="setup-${colour}">
    <legend>${colour === "yellow" ? "Yellow" : "Red"}${c.mode === "of" ? ` (${c.keep} kept of the drawn)` : ""}${needText}</legend>
    ${modes}
    ${need?.knownNeed ? row("known", c.known, `known (${need.knownNeed})`) : ""}
    ${row("nums", c.nums, c.mode === "of" ? "drawn" : "in play")}
    ${custom && c.mode === "of" ? html`<div class="row">keep ${[0, 1, 2, 3].map((k) => chip("colour-keep", `${colour}:${k}`, String(k), c.keep === k, `setup-${colour}-keep-${k}`))}</div>` : ""}
  </fieldset>`;
}

function redDealStepper(setup, p, counts, max) {
  return html`<span class="row reds" role="group" aria-label="Red wires dealt to ${setup.players[p]}">${counts.map((n, s) => html`
    <span class="lbl">${counts.length > 1 ? `reds ${s + 1}` : "reds"}</span>
    ${btn("red-deal", "−", { cls: "chip", arg: `${p}:${s}:-1`, testid: `setup-reds-${p}-${s}-minus`, disabled: n <= 0, aria: `one red fewer for ${standName(setup, p, s)}` })}
    <output data-testid="setup-reds-${p}-${s}" data-count="${n}" aria-live="polite">${n}</output>
    ${btn("red-deal", "+", { cls: "chip", arg: `${p}:${s}:1`, testid: `setup-reds-${p}-${s}-plus`, disabled: n >= max, aria: `one red more for ${standName(setup, p, s)}` })}`)}</span>`;
}

export function setupTemplate(state, missions) {
  const { setup } = state;
  const mission = missions?.find((m) => m.number === setup.mission) ?? null;
  const needs = colourNeeds(setup, mission);
  const problems = setupProblems(setup, mission);
  const n = setup.players.length;
  const sizes = standSizes(setup);
  const counts = standCounts(setup);
  const deal = openRedDeal(setup);
  const maxReds = redsInPlay(setup);
  const missionOptions = html`<option value="" ${setup.mission === null ? html`selected` : ""}>Custom setup</option>
    ${(missions ?? []).map((m) => html`<option value="${m.number}" ${m.number === setup.mission ? html`selected` : ""}>${m.number}. ${m.name || m.title}${m.notes ? ` — ${m.notes}` : ""}</option>`)}`;
  return html`<section class="screen setup" data-testid="setup-screen" aria-label="New game">
    <h2>New game</h2>
    <label class="field">Mission
      <select data-act="mission" data-testid="setup-mission">${missionOptions}</select>
      ${missions ? "" : html`<span class="hint" data-testid="missions-loading">loading the presets…</span>`}
    </label>
    ${setup.mission === null
      ? html`<fieldset class="box"><legend>Blue range</legend>
          <div class="row">from ${[1, 2, 3].map((k) => chip("blue-lo", k, String(k), setup.blue[0] === k, `setup-blue-lo-${k}`))}
            to ${[6, 8, 10, 12].map((k) => chip("blue-hi", k, String(k), setup.blue[1] === k, `setup-blue-hi-${k}`))}</div></fieldset>
        <fieldset class="box"><legend>Tokens</legend><div class="row">
          ${["value", "even_odd", "multiplicity", "none"].map((k) => chip("tokens", k, { value: "value", even_odd: "even/odd", multiplicity: "x1/x2/x3", none: "none" }[k], setup.tokens === k, `setup-tokens-${k}`))}
          ${chip("toggle", "x_tokens", "X (unsorted)", setup.x_tokens, "setup-x-tokens")}
          ${chip("toggle", "false_tokens", "false tokens", setup.false_tokens, "setup-false-tokens")}
          ${chip("toggle", "absent_tokens", "“I have none” tokens", setup.absent_tokens, "setup-absent-tokens")}
          ${chip("toggle", "open_red_deal", "open red deal", setup.open_red_deal, "setup-open-red")}
        </div></fieldset>`
      : html`<p class="hint" data-testid="mission-summary">Blue ${setup.blue[0]}–${setup.blue[1]}; tokens: ${setup.tokens.replace("_", "/")}${setup.x_tokens ? ", X" : ""}${setup.false_tokens ? ", false tokens" : ""}${setup.random_info_token ? ", random info token (or “I have none”)" : ""}${setup.absent_tokens ? ", “I have none” tokens" : ""}${setup.open_red_deal ? ", reds dealt openly" : ""}${setup.hidden_red ? ", a hidden blue value counts as red" : ""}</p>`}
    ${colourPicker("yellow", setup.yellow, needs.yellow, setup.mission)}
    ${colourPicker("red", setup.red, needs.red, setup.mission)}
    <fieldset class="box"><legend>Players</legend>
      <div class="row">${[2, 3, 4, 5].map((k) => chip("player-count", k, String(k), n === k, `setup-players-${k}`))}</div>
      <ol class="players">${setup.players.map((name, p) => html`<li>
        <input data-act="name" data-arg="${p}" data-testid="setup-name-${p}" value="${name}" maxlength="20"
          aria-label="Name of player ${p + 1}">
        ${chip("me", p, "me", setup.me === p, `setup-me-${p}`, { aria: `I am ${name}` })}
        ${chip("captain", p, "captain", setup.captain === p, `setup-captain-${p}`, { aria: `${name} is the captain` })}
        <span class="sizes" data-testid="setup-sizes-${p}">${sizes[p].join(" + ")} wires${counts[p] > 1 ? " (2 stands)" : ""}</span>
        ${deal ? redDealStepper(setup, p, deal[p], maxReds) : ""}
      </li>`)}</ol>
      ${deal ? html`<p class="hint">Reds dealt openly: how many red wires each stand was dealt (${redsInPlay(setup)} in play).</p>` : ""}
      <div class="row">${chip("me", "", "I only watch", setup.me === null, "setup-me-none")}</div>
    </fieldset>
    <fieldset class="box"><legend>Mistakes allowed (detonator)</legend>
      <div class="row">${[0, 1, 2, 3, 4, 5].map((k) => chip("mistakes", k, String(k), setup.mistakes === k, `setup-mistakes-${k}`))}</div>
    </fieldset>
    <p class="hint">${wiresInPlay(setup)} wires in play.</p>
    ${problems.length ? html`<ul class="problems" data-testid="setup-problems">${problems.map((p) => html`<li>${p}</li>`)}</ul>` : ""}
    ${btn("start", setup.me === null ? "Start (public view)" : "Next: my wires", { cls: "primary big", testid: "setup-start", disabled: problems.length > 0 })}
  </section>`;
}

// ---------------------------------------------------------------- hand

export function handTemplate(state) {
  const { setup } = state;
  const me = setup.me;
  const sizes = standSizes(setup)[me] ?? [];
  const labels = labelsInPlay(setup);
  const used = {};
  for (const h of state.hand.flat()) used[wireOf(h)] = (used[wireOf(h)] ?? 0) + 1;
  const fills = sizes.map((n, k) => handSlots(setup, me, k, n)); // the slots I fill: all but my turned-around wires
  const s = Math.max(0, sizes.findIndex((n, k) => (state.hand[k]?.length ?? 0) < fills[k].length));
  const full = sizes.every((n, k) => (state.hand[k]?.length ?? 0) === fills[k].length);
  return html`<section class="screen hand" data-testid="hand-screen" aria-label="My wires">
    <h2>${setup.players[me]}: your wires</h2>
    <p class="hint">Tap each wire you hold; the stand sorts itself. Tap a wire on the stand to take it back.</p>
    ${setup.x_tokens ? html`<p class="hint" data-testid="hand-x-hint">X tokens: your far-right wire (X) is not sorted. Enter the sorted wires first; the last one you enter is your X wire.</p>` : ""}
    ${state.log.length ? html`<p class="hint" data-testid="hand-public-hint">The wires the table already shows on your stand (cut, or under an info token) are filled in.</p>` : ""}
    ${setup.turned && fills.some((f, k) => f.length < sizes[k]) ? html`<p class="hint" data-testid="hand-turned-hint">Your turned-around wire${fills.reduce((a, f, k) => a + sizes[k] - f.length, 0) > 1 ? "s (T) face" : " (T) faces"} your teammates: you cannot see it, so enter only the others.</p>` : ""}
    ${sizes.map((n, k) => html`<div class="hand-stand ${k === s && !full ? "current" : ""}" data-testid="hand-stand-${k}">
      <span class="lbl">${sizes.length > 1 ? `Stand ${k + 1}` : "Stand"} ${state.hand[k]?.length ?? 0}/${fills[k].length}</span>
      <div class="stand-slots" style="--n:${n}">${Array.from({ length: n }, (_, j) => {
        if (!fills[k].includes(j)) return html`<span class="slot empty x-slot" data-testid="hand-${k}-${j}" aria-label="slot ${slotLetter(j)}: your turned-around wire, unseen">T</span>`;
        const h = state.hand[k]?.[fills[k].indexOf(j)];
        const x = isXSlot(setup, j, n);
        const xText = x ? " (X, unsorted)" : "";
        if (!h) return html`<span class="slot empty ${x ? "x-slot" : ""}" data-testid="hand-${k}-${j}" aria-label="slot ${slotLetter(j)}${xText} empty">${x ? "X" : slotLetter(j)}</span>`;
        const l = wireOf(h);
        return btn("hand-remove", l, { cls: `slot own ${colourOf(l)} ${isXWire(h) ? "x-slot" : ""}`, arg: `${k}:${fills[k].indexOf(j)}`, testid: `hand-${k}-${j}`, aria: `slot ${slotLetter(j)}${xText}: ${valueName(l)}, tap to remove` });
      })}</div></div>`)}
    <div class="keypad" role="group" aria-label="Wire values" data-testid="hand-keypad">
      ${labels.map(({ label, copies }) => btn("hand-add", label, {
        cls: `key ${colourOf(label)}`, arg: `${s}:${label}`, testid: `key-${label}`,
        disabled: full || (used[label] ?? 0) >= copies, aria: valueName(label),
      }))}
    </div>
    <div class="row">
      ${btn("hand-done", "Done", { cls: "primary big", testid: "hand-done", disabled: !full })}
      ${btn("back-setup", "Back to setup", { cls: "link", testid: "hand-back" })}
    </div>
  </section>`;
}

export function whoTemplate(state) {
  return html`<section class="screen who" data-testid="who-screen">
    <h2>Who are you?</h2>
    <p class="hint">This table was shared with you. Pick your name, then enter your own wires.</p>
    <div class="row">${state.setup.players.map((name, p) => chip("who", p, name, false, `who-${p}`))}
      ${chip("who", "", "Just watch", false, "who-none")}</div>
  </section>`;
}

// ---------------------------------------------------------------- table

function slotView(ctx, p, s, j, sl) {
  const { state, result, highlight, picked, culprits } = ctx;
  const key = `${p}-${s}-${j}`;
  const probs = result?.slots.get(key) ?? null;
  const me = state.setup.me;
  const where = `${standName(state.setup, p, s)}, slot ${slotLetter(j)}`;
  const marks = sl.tw ? html`<span class="mark" title="turned around">T</span>` : sl.m ? html`<span class="mark">${sl.m}</span>` : "";
  let cls = "slot";
  let body;
  let label;
  let style = "";
  if (sl.c === "cut") {
    cls += ` cut ${colourOf(sl.v)}`;
    body = html`<span class="v">${sl.v}</span>`;
    label = `${where}, cut ${valueName(sl.v)}`;
  } else if (p === me && sl.own) {
    cls += ` own ${colourOf(sl.own)} ${sl.c === "info" ? "info" : ""}`;
    body = html`<span class="v">${sl.own}</span>`;
    label = `${where}, my ${valueName(sl.own)}${sl.c === "info" ? ", info token shown" : ""}`;
  } else if (probs) {
    const top = probs.top;
    const c = probColour(top.p);
    cls += ` prob${probs.red > 0 ? " may-red" : ""}${sl.c === "info" ? " info" : ""}`;
    style = `background:${c.bg};color:${c.fg}`;
    body = html`<span class="v">${sl.c === "info" ? sl.v : top.value}</span><span class="p">${Math.round(top.p * 100)}</span>`;
    label = `${where}, ${sl.c === "info" ? `info token ${valueName(sl.v)}` : "hidden"}${sl.m ? `, token ${markName(sl.m)}` : ""}, most likely ${valueName(top.value)}, ${pct(top.p)}`;
  } else {
    cls += ` hidden${sl.c === "info" ? " info" : ""}`;
    body = html`<span class="v">${sl.c === "info" ? sl.v : sl.col ? sl.col.toUpperCase() : "?"}</span>`;
    label = `${where}, ${sl.c === "info" ? `info token ${valueName(sl.v)}` : "hidden"}${sl.m ? `, token ${markName(sl.m)}` : ""}`;
  }
  if (highlight.has(key)) cls += " hl";
  if (picked.has(key)) cls += " picked";
  if (culprits.has(key)) cls += " culprit";
  return html`<button type="button" class="${cls}" data-act="slot" data-arg="${key}" data-testid="slot-${key}"
    data-token="${sl.c}" ${probs ? html`data-probs="${JSON.stringify(probs.probs)}"` : ""} style="${style}"
    aria-label="${label}">${marks}${body}<span class="letter" aria-hidden="true">${slotLetter(j)}</span></button>`;
}

export function standsTemplate(ctx) {
  const { state, t } = ctx;
  const rows = [];
  state.setup.players.forEach((name, p) =>
    t.stands[p].forEach((st, s) => {
      const badges = [
        p === state.setup.captain && s === 0 ? html`<span class="badge">captain</span>` : "",
        p === state.setup.me && s === 0 ? html`<span class="badge me">me</span>` : "",
        p === t.turn && s === 0 ? html`<span class="badge turn" data-testid="turn-badge">turn</span>` : "",
        ...[...new Set(t.absent.filter((x) => x.p === p && (x.s === null || x.s === s)).map((x) => x.v))].map((v) =>
          html`<span class="badge" data-testid="absent-${p}-${s}-${v}" title="“I have none” token">no ${v === "Y" ? "yellow" : v}</span>`),
      ];
      rows.push(html`<div class="stand" data-testid="stand-${p}-${s}" role="group" aria-label="${standName(state.setup, p, s)}">
        <div class="stand-head"><span class="name">${standName(state.setup, p, s)}</span>${badges}</div>
        <div class="stand-slots" style="--n:${st.length}">${st.map((sl, j) => slotView(ctx, p, s, j, sl))}</div>
      </div>`);
    }),
  );
  const cached = ctx.cached ? html`<p class="hint cached" data-testid="results-cached">Your last results: not yet fresh, the engine is starting…</p>` : "";
  return html`<section class="stands ${ctx.pending ? "updating" : ""}" data-testid="stands" aria-label="Stands">${cached}${rows}</section>`;
}

export function statusTemplate(ctx) {
  const { t, state } = ctx;
  const total = state.setup.mistakes;
  const dial = Array.from({ length: total + 1 }, (_, k) =>
    html`<span class="tick ${k < t.mistakesMade ? "used" : ""} ${k === total ? "skull" : ""}">${k === total ? "☠" : ""}</span>`);
  return html`<section class="status-bar" aria-label="Table status">
    <div class="detonator" data-testid="detonator" data-made="${t.mistakesMade}" data-left="${t.mistakesLeft}"
      aria-label="Detonator: ${t.mistakesMade} mistakes made, ${t.mistakesLeft} left">
      <span class="lbl">Detonator</span>${dial}<span class="num">${t.mistakesLeft} left</span></div>
    <div class="validated" data-testid="validated" data-values="${t.validated.join(" ")}">
      <span class="lbl">Validated</span>${t.validated.length ? t.validated.map((v) => html`<span class="chip static">${v}</span>`) : html`<span class="none">none</span>`}</div>
    <div class="equipment" data-testid="equipment" data-unlocked="${t.unlocked.join(" ")}">
      <span class="lbl">Equipment</span>${t.unlocked.length
        ? t.unlocked.map((id) => html`<span class="chip static ${t.usedItems[id] ? "used" : ""}" title="${EQUIPMENT_NAMES[id] ?? id}">${id} ${EQUIPMENT_NAMES[id] ?? ""}${t.usedItems[id] ? " (used)" : ""}</span>`)
        : html`<span class="none">none unlocked</span>`}</div>
    ${nanoTemplate(ctx)}
    ${oxygenTemplate(ctx)}
    ${t.exploded ? html`<p class="boom" data-testid="exploded" role="alert">💥 The bomb exploded.</p>` : ""}
  </section>`;
}

/** Nano's pile (43): wires left, and the likeliest values of the next wire taken (the engine's law). */
function nanoTemplate(ctx) {
  const { state, t, result } = ctx;
  if (!state.setup.nano) return "";
  const left = t.nanoLeft;
  const law = Object.entries(result?.nano?.probs ?? {}).sort((a, b) => b[1] - a[1]).slice(0, 3);
  return html`<div class="nano" data-testid="nano" data-left="${left}">
    <span class="lbl">Nano</span><span class="num">${left} wire${left === 1 ? "" : "s"} left</span>${left && law.length
      ? html`<span class="hint">next: ${law.map(([v, p]) => `${v} ${Math.round(p * 100)}%`).join(", ")}</span>` : ""}</div>`;
}

/** Oxygen (44, 49, 54, 63): what I may spend on my next cut: in the reserve, in my hand, or passed to me. */
function oxygenTemplate(ctx) {
  const { state, t } = ctx;
  const ox = oxygenFor(state, t, state.setup.me);
  if (!ox) return "";
  return html`<div class="oxygen" data-testid="oxygen" data-have="${ox.have}">
    <span class="lbl">Oxygen</span><span class="num">${ox.have} ${ox.where}</span>
    <span class="hint">${costsItsValue(ox.kind) ? "a cut takes as many as its value" : "a cut of 1–4 takes 1, 5–8 takes 2, 9–12 takes 3"}</span></div>`;
}

function moveText(m, setup) {
  const v = m.value === "YELLOW" ? "yellow" : m.value;
  const at = m.player !== null && m.player !== undefined ? `${standName(setup, m.player, m.stand)} ${m.slots.map(slotLetter).join("+")}` : "";
  switch (m.kind) {
    case "dual_cut": return `${at} = ${v}`;
    case "x_or_y_ray": return `X-or-Y ${at}: ${(m.values ?? []).join(" or ")}`;
    case "double_detector": return `Double Det. ${at} has ${v}`;
    case "triple_detector": return `Triple Det. ${at} has ${v}`;
    case "super_detector": return `Super Det. ${standName(setup, m.player, m.stand)} has ${v}`;
    case "solo_cut": return `Solo cut ${v}`;
    case "fast_pass": return `Fast Pass ${v}`;
    case "reveal_red": return "Reveal my reds";
    case "turned_cut": return `${at} = ${v}, with my turned wire`;
    default: return m.kind;
  }
}

export function movesTemplate(ctx) {
  const { state, moves, selectedMove } = ctx;
  if (state.setup.me === null || !ctx.t.hasHand) {
    return html`<section class="moves" data-testid="moves"><h3>My best cuts</h3><p class="hint">Pick who you are and enter your wires to see your best cuts.</p></section>`;
  }
  const list = (moves?.moves ?? []).slice(0, 5);
  return html`<section class="moves ${ctx.pendingMoves ? "updating" : ""}" data-testid="moves" aria-label="My best cuts">
    <h3>My best cuts ${ctx.pendingMoves ? html`<span class="updating-tag">updating…</span>` : ""}</h3>
    ${moves ? "" : html`<p class="hint">Working it out…</p>`}
    <ol>${list.map((m, i) => html`<li class="${selectedMove === i ? "sel" : ""}">
      <button type="button" class="move" data-act="move" data-arg="${i}" data-testid="move-${i}" aria-pressed="${selectedMove === i ? "true" : "false"}">
        <span class="what">${moveText(m, state.setup)}</span>
        <span class="pct" data-testid="move-${i}-p" data-p="${m.p_success}">${pct(m.p_success)}</span>
        ${m.guaranteed ? html`<span class="badge ok" data-testid="move-${i}-guaranteed">sure</span>` : ""}
        ${m.p_red > 0 ? html`<span class="badge red" data-testid="move-${i}-red">red ${pct(m.p_red)}</span>` : ""}
        ${m.kind === "turned_cut" && m.p_explode > 0 ? html`<span class="badge red" data-testid="move-${i}-explode" title="a failed cut of my turned wire explodes the bomb">boom ${pct(m.p_explode)}</span>` : ""}
        ${m.costs_mistake ? html`<span class="badge" data-testid="move-${i}-costly" title="${m.costs_mistake}">detonator +1</span>` : ""}
      </button>
      ${selectedMove === i ? html`${btn("move-record", "Record this…", { cls: "link", testid: `move-${i}-record` })}${outcomesTemplate(ctx, i)}` : ""}
    </li>`)}</ol>
    ${moves && !list.length ? html`<p class="hint">No cut is possible.</p>` : ""}
    ${winTemplate(ctx)}
    ${cardsTemplate(ctx)}
  </section>`;
}

/** The chance to win (on request): games played out on exact worlds, the running estimate, Stop. */
/** Wilson's 95% interval for k wins in n games: honest where the plain error says ±0 (all won or all lost). */
function wilson(k, n) {
  const z = 1.96;
  const p = k / n;
  const mid = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, mid - half), Math.min(1, mid + half)];
}

function winTemplate(ctx) {
  const w = ctx.win;
  const p = w && w.n ? w.wins / w.n : 0;
  const se = w && w.n ? Math.sqrt((p * (1 - p)) / w.n) : 0;
  const [lo, hi] = w && w.n ? wilson(w.wins, w.n) : [0, 1];
  const est = w && w.n ? html`<span data-testid="win-estimate" data-p="${p}" data-n="${w.n}" data-se="${se}">
    ${pct(p)} ± ${pct(se)}</span> <span class="hint" data-testid="win-range">(${w.n} games; 95%: ${pct(lo)}–${pct(hi)})</span>` : "";
  return html`<div class="win" data-testid="win">
    <span class="lbl">Chance to win:</span> ${est}
    ${w?.running ? html`${w.n ? "" : html`<span class="hint">playing the first games…</span>`} ${btn("win-stop", "Stop", { cls: "link", testid: "win-stop" })}`
      : btn("win-start", w?.n ? "Go on" : "Estimate", { cls: "link", testid: "win-start" })}
    ${w?.error ? html`<p class="hint" data-testid="win-error">${w.error}</p>` : ""}
  </div>`;
}

const OUTCOME_WORDS = { success: "works", failure: "fails", explode: "explodes", not_allowed: "not allowed" };

/** What one outcome of a move leads to, in a few words. */
function outcomeText(o, setup) {
  const where = o.slot ? `${standName(setup, o.slot[0], o.slot[1])} ${slotLetter(o.slot[2])}` : "";
  const head = o.kind === "success" ? `works${where ? `: ${where} is ${o.shows === "Y" ? "yellow" : o.shows}` : ""}`
    : o.kind === "failure" ? `fails: token ${o.shows === "Y" ? "yellow" : o.shows} on ${where}` : OUTCOME_WORDS[o.kind] ?? o.kind;
  if (!o.sure_cuts) return head;
  const team = o.sure_cuts.teammates.reduce((a, x) => a + x.expected, 0);
  const then = [`sure cuts: me ${o.sure_cuts.me}`, team > 0 ? `team ${team.toFixed(1)}` : ""].filter(Boolean).join(", ");
  const done = o.validated?.length ? `; ${o.validated.join(", ")} done` : "";
  return `${head} → ${then}${done}`;
}

/** The selected move's outcomes (the "lookahead" request): each with its chance and what it opens. */
function outcomesTemplate(ctx, i) {
  if (ctx.lookaheadError) return html`<p class="hint" data-testid="outcomes-error">${ctx.lookaheadError}</p>`;
  const row = ctx.lookahead?.moves?.find((r) => r.rank === i);
  if (!row) return html`<p class="hint" data-testid="outcomes-pending">${ctx.pendingLookahead ? "Looking one turn ahead…" : ""}</p>`;
  const shown = row.outcomes.filter((o) => o.p >= 0.0005).sort((a, b) => b.p - a.p);
  const hidden = row.outcomes.length - shown.length;
  return html`<div class="outcomes" data-testid="outcomes">
    ${row.item_note ? html`<p class="badge note" data-testid="outcomes-item-note">${row.item_note}</p>` : ""}
    <ul>${shown.map((o, k) => html`<li data-testid="outcome-${k}" data-kind="${o.kind}" data-p="${o.p}"><span class="pct">${pct(o.p)}</span> ${outcomeText(o, ctx.state.setup)}</li>`)}</ul>
    ${hidden > 0 ? html`<p class="hint">${hidden} more, each under 0.05%</p>` : ""}
    <p class="hint" data-testid="outcomes-score">Expected sure cuts after: ${row.expected_sure_cuts.toFixed(1)} · score ${row.score.toFixed(2)}</p>
  </div>`;
}

/** My constraint cards (missions that use them, and custom setups), and the best cuts they forbid me. */
function cardsTemplate(ctx) {
  const { state, moves } = ctx;
  const setup = state.setup;
  const preset = ctx.missions?.find((m) => m.number === setup.mission) ?? null;
  const cards = setup.cards ?? [];
  const numbers = setup.number_cards ? numbersTemplate(setup) : "";
  const forbidden = (moves?.forbidden ?? []).slice(0, 3);
  const why = forbidden.length ? html`<div class="cards"><p class="hint">Not for you now:</p><ul class="forbidden">${forbidden.map((m, i) => html`<li data-testid="forbidden-${i}">
      <span class="what">${moveText(m, setup)}</span> <span class="pct">${pct(m.p_success)}</span> — <span class="why" data-testid="forbidden-${i}-why">${m.forbidden}</span></li>`)}</ul></div>` : "";
  // the card picker where the mission uses constraint cards (and in custom setups); the reasons whatever forbids
  const picker = setup.mission === null || preset?.constraints || cards.length
    ? html`<details class="cards" data-testid="cards" ${cards.length || preset?.constraints ? html`open` : ""}>
    <summary>My constraint cards${cards.length ? `: ${cards.join(" ")}` : ""}</summary>
    <div class="chips" role="group" aria-label="My constraint cards">${CARD_LETTERS.map((c) => html`<button type="button" class="chip ${cards.includes(c) ? "on" : ""}"
      data-act="card" data-arg="${c}" data-testid="card-${c}" aria-pressed="${cards.includes(c) ? "true" : "false"}" title="${CARD_NAMES[c]}">${c} <small>${CARD_NAMES[c]}</small></button>`)}</div>
  </details>` : "";
  return html`${numbers}${picker}${why}`;
}

/** The number cards in view (missions whose number cards decide the value to cut), in the order tapped. */
function numbersTemplate(setup) {
  const nums = setup.numbers ?? [];
  const hint = { pick: "the values you may cut", sum: "two of them give the value to cut (sum or difference)",
    sequence: "in the sequence card's order, the next one first", noble: "the faceup card's value",
    detonator: "each value cut all four moves the detonator back a space" }[setup.number_cards];
  return html`<div class="cards numbers" data-testid="numbers"><p class="lbl">Number cards in view${nums.length ? `: ${nums.join(" ")}` : ""} <small>(${hint})</small></p>
    <div class="chips" role="group" aria-label="Number cards in view">${Array.from({ length: 12 }, (_, i) => i + 1).map((n) =>
      html`<button type="button" class="chip ${nums.includes(n) ? "on" : ""}" data-act="number" data-arg="${n}" data-testid="number-${n}"
        aria-pressed="${nums.includes(n) ? "true" : "false"}">${n}</button>`)}</div></div>`;
}

export function holdingsTemplate(ctx) {
  const { state, holdings } = ctx;
  if (!holdings?.length) return "";
  const values = [...new Set(holdings.map((h) => String(h.value)))];
  const rows = new Map();
  for (const h of holdings) {
    const k = `${h.player}-${h.stand}`;
    if (!rows.has(k)) rows.set(k, { p: h.player, s: h.stand, cells: {} });
    rows.get(k).cells[String(h.value)] = h;
  }
  const short = (v) => (v === "YELLOW" ? "Y" : v === "RED" ? "R" : v);
  return html`<details class="holdings" data-testid="holdings" open>
    <summary>Who holds what (chance of at least one)</summary>
    <div class="scroll"><table>
      <thead><tr><th></th>${values.map((v) => html`<th scope="col">${short(v)}</th>`)}</tr></thead>
      <tbody>${[...rows.values()].map((r) => html`<tr><th scope="row">${standName(state.setup, r.p, r.s)}</th>
        ${values.map((v) => {
          const h = r.cells[v];
          const p = h?.p_any ?? 0;
          const c = probColour(p);
          return html`<td data-testid="hold-${r.p}-${r.s}-${short(v)}" data-p="${p}" style="background:${c.bg};color:${c.fg}"
            title="expected ${h ? h.expected.toFixed(2) : 0}">${p >= 0.995 ? "✓" : p < 0.005 ? "–" : Math.round(p * 100)}</td>`;
        })}</tr>`)}</tbody>
    </table></div>
  </details>`;
}

export function logTemplate(ctx) {
  const { state, t } = ctx;
  return html`<section class="log" data-testid="log" aria-label="Turn log">
    <h3>Turn log</h3>
    <div class="actions" role="group" aria-label="Record an action">
      ${Object.entries(ACTION_NAMES).filter(([k]) => actionAllowed(k, state, t)).map(([k, name]) => btn("action", name, { cls: "chip", arg: k, testid: `action-${k}` }))}
    </div>
    ${state.log.length ? "" : html`<p class="hint">Tap a wire to record a cut or set its tokens; the buttons above record equipment.</p>`}
    <ol class="entries">${state.log.map((e, i) => {
      const r = t.entries[i];
      return html`<li class="${r.ok ? "" : "bad"}" data-testid="log-${i}">
        <span class="text">${r.text}</span>
        ${r.ok ? "" : html`<span class="err" data-testid="log-${i}-error">${r.error}</span>`}
        ${btn("edit", "✎", { cls: "icon", arg: i, testid: `log-${i}-edit`, aria: `Edit: ${r.text}` })}
        ${btn("delete", "🗑", { cls: "icon", arg: i, testid: `log-${i}-delete`, aria: `Delete: ${r.text}` })}
      </li>`;
    })}</ol>
  </section>`;
}

function actionAllowed(k, state, t) {
  const eq = [...state.setup.equipment, ...(t?.extraEquipment ?? [])];
  const has = (id) => eq.includes(id);
  switch (k) {
    case "dual": return false; // started by tapping a wire
    case "double": return state.setup.dd !== "disabled";
    case "triple": return has("3");
    case "super": return has("5");
    case "xray": return has("10");
    case "radar": return has("8");
    case "label_eq": return has("12");
    case "label_ne": return has("1");
    case "postit": return has("4");
    case "rewind": return has("6");
    case "walkie": return has("2");
    case "hook": return has("11.11");
    case "nano": return (t?.nanoLeft ?? 0) > 0;
    case "swl": return has("2.2");
    case "disint": return has("10.10");
    case "batteries": return has("7");
    case "drop": return has("3.3");
    case "false_bottom": return has("Y");
    case "stabilizer": return has("9");
    case "coffee": return has("11");
    case "skip": return Boolean(oxygenKind(state.setup));
    case "challenge": return (state.setup.special ?? []).includes("challenges");
    case "red": return state.setup.red.mode !== "none";
    case "absent": return state.setup.absent_tokens || state.setup.random_info_token;
    default: return true;
  }
}

// ---------------------------------------------------------------- share

export function shareTemplate(ui) {
  if (!ui.share) return "";
  return html`<div class="sheet share" data-testid="share-panel" role="dialog" aria-label="Share">
    <div class="sheet-head"><h3>Share this table</h3>${btn("close-share", "✕", { cls: "icon", testid: "share-close", aria: "Close" })}</div>
    <label class="row"><input type="checkbox" data-act="share-hand" data-testid="share-include-hand" ${ui.share.withHand ? html`checked` : ""}>
      include my own wires (only for a device of mine)</label>
    <input class="link-field" readonly data-testid="share-link" value="${ui.share.url}" aria-label="Share link">
    <p class="hint" data-testid="share-status">${ui.share.status ?? ""}</p>
    <div class="qr" data-testid="share-qr" aria-label="QR code of the link"></div>
  </div>`;
}

// ---------------------------------------------------------------- starting-token advice

const tokenText = (token) => {
  if (token?.startsWith("i")) return token === "iY" ? "yellow info token" : `info token ${token.slice(1)}`;
  return { E: "even", O: "odd", "1x": "x1", "2x": "x2", "3x": "x3" }[token] ?? token;
};

/** "Your starting token": the best 3 slots of my stand(s) for the mission's token kind. */
export function adviceTemplate(ctx) {
  const { advice, state } = ctx;
  if (!advice?.due) return "";
  const { kind } = advice.due;
  const me = state.setup.me;
  const two = ctx.t.stands[me].length > 1;
  const list = advice.rows ?? [];
  return html`<section class="moves advice ${advice.pending ? "updating" : ""}" data-testid="advice" data-kind="${kind}" aria-label="Your starting token">
    <h3>Your starting token ${advice.pending ? html`<span class="updating-tag">updating…</span>` : ""}</h3>
    ${advice.error ? html`<p class="hint" data-testid="advice-error">No advice: ${advice.error}</p>` : ""}
    ${!list.length && !advice.error ? html`<p class="hint">Working out where your token tells the team the most…</p>` : ""}
    <ol>${list.map((r, i) => html`<li>
      <button type="button" class="move" data-act="advice" data-arg="${i}" data-testid="advice-${i}" data-slot="${r.stand}-${r.slot}" data-token="${r.token}"
        aria-label="Place ${tokenText(r.token)} on ${two ? `stand ${r.stand + 1} ` : ""}slot ${r.letter}: ${r.gain_bits.toFixed(1)} bits, ${pct(r.resolved)} of the uncertainty">
        <span class="what">${tokenText(r.token)} → ${two ? `stand ${r.stand + 1} ` : ""}slot ${r.letter}</span>
        <span class="pct" data-testid="advice-${i}-bits" data-bits="${r.gain_bits}">${r.gain_bits.toFixed(1)} bits</span>
        <span class="badge" data-testid="advice-${i}-resolved" data-resolved="${r.resolved}">${pct(r.resolved)}</span>
      </button></li>`)}</ol>
    ${advice.basis ? html`<p class="hint" data-testid="advice-basis"><small>Bits your team learns about your stand; % of its uncertainty resolved. Based on ${advice.basis}.</small></p>` : ""}
  </section>`;
}
