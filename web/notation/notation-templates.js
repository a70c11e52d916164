// Notation screen templates: pure functions from data to HTML text (escaping
// through html`` of ../shared/html.js). No DOM access here.

import { textOn } from "../shared/colour.js";
import { html, pct } from "../shared/html.js";

export function slotLetter(index) {
  return index < 26 ? String.fromCharCode(65 + index) : `#${index + 1}`;
}

const opt = (value, label, selected) =>
  html`<option value="${value}" ${selected ? html`selected` : ""}>${label}</option>`;

function numberSelect(testid, values, current, labels = null) {
  return html`<select data-testid="${testid}" data-field="${testid}">
    ${values.map((v, i) => opt(v, labels ? labels[i] : v, String(v) === String(current)))}
  </select>`;
}

export function fieldError(key) {
  return html`<div class="field-error" data-testid="${key}-error" data-error-for="${key}" role="alert" hidden></div>`;
}

function standField(player, s, text) {
  const key = `stand-${player}-${s}`;
  return html`<div class="stand-field">
    <label for="${key}">Stand ${s + 1}</label>
    <input id="${key}" data-testid="${key}" data-field="${key}" class="stand-input" type="text"
      value="${text}" autocomplete="off" autocapitalize="off" spellcheck="false"
      inputmode="text" placeholder="e.g. ? 3 ? i8 ? ?">
    ${fieldError(key)}
  </div>`;
}

function playerCard(p, player, i, state) {
  return html`<fieldset class="player" data-testid="player-${i}">
    <legend>
      <input class="name-input" data-testid="player-${i}-name" data-field="player-${i}-name"
        value="${player.name}" aria-label="Name of player ${i + 1}" maxlength="20">
      ${state.me === i ? html`<span class="badge me">me</span>` : ""}
      ${state.captain === i ? html`<span class="badge captain">captain</span>` : ""}
      <label class="inline stands-count">stands
        ${numberSelect(`player-${i}-stands`, [1, 2], player.stands.length)}
      </label>
    </legend>
    ${player.stands.map((text, s) => standField(p, s, text))}
  </fieldset>`;
}

function colourBlock(colour, spec) {
  const k = `wires-${colour}`;
  return html`<div class="colour-block" data-testid="${k}">
    <label class="inline">${colour === "yellow" ? "Yellow" : "Red"}
      <select data-testid="${k}-mode" data-field="${k}-mode">
        ${opt("none", "none", spec.mode === "none")}
        ${opt("list", "known list", spec.mode === "list")}
        ${opt("of", "keep n of list", spec.mode === "of")}
      </select>
    </label>
    <span class="colour-detail" ${spec.mode === "none" ? html`hidden` : ""}>
      <input data-testid="${k}-list" data-field="${k}-list" value="${spec.list}" inputmode="numeric"
        aria-label="${colour} numbers" placeholder="e.g. 4 7" autocomplete="off">
      <label class="inline keep" ${spec.mode === "of" ? "" : html`hidden`}>keep
        <input data-testid="${k}-keep" data-field="${k}-keep" type="number" min="0" max="11"
          value="${spec.keep}" aria-label="${colour} kept">
      </label>
    </span>
    ${fieldError(k)}
  </div>`;
}

/** The whole editor. `state` is the UI state object (see notation-state.js). */
export function formTemplate(state) {
  const names = state.players.map((p, i) => p.name || `Player ${i + 1}`);
  const idx = state.players.map((_, i) => i);
  return html`
  <section class="setup" aria-label="Table setup">
    <div class="row">
      <label class="inline">Players ${numberSelect("player-count", [2, 3, 4, 5], state.players.length)}</label>
      <label class="inline">I am
        <select data-testid="me" data-field="me">
          ${opt("", "nobody (public view)", state.me === null)}
          ${idx.map((i) => opt(i, names[i], state.me === i))}
        </select>
      </label>
      <label class="inline">Captain ${numberSelect("captain", idx, state.captain, names)}</label>
      <label class="inline">Mistakes left
        <input data-testid="mistakes" data-field="mistakes" type="number" min="0" max="5"
          value="${state.mistakes_left}">
      </label>
    </div>
    ${fieldError("me")}${fieldError("captain")}${fieldError("mistakes")}
    <div class="row wires">
      <label class="inline">Blue
        <input data-testid="wires-blue-lo" data-field="wires-blue-lo" type="number" min="1" max="12"
          value="${state.wires.blue[0]}" aria-label="lowest blue">
        –
        <input data-testid="wires-blue-hi" data-field="wires-blue-hi" type="number" min="1" max="12"
          value="${state.wires.blue[1]}" aria-label="highest blue">
      </label>
      ${fieldError("wires-blue")}
      ${colourBlock("yellow", state.wires.yellow)}
      ${colourBlock("red", state.wires.red)}
    </div>
  </section>
  <section class="players" aria-label="Stands">
    ${state.players.map((player, i) => playerCard(i, player, i, state))}
  </section>`;
}

/** Background colour for a probability: pale (uncertain) to deep blue (sure); the text colour that reads on it. */
export function heatColour(p) {
  const light = Math.round(96 - 62 * Math.max(0, Math.min(1, p)));
  return { bg: `hsl(212 72% ${light}%)`, fg: textOn(212, 72, light) };
}

/** Percent without the sign, short enough for a phone cell: "72", "99+", "<1". */
export function shortPct(p) {
  if (p >= 1) return "100";
  if (p >= 0.995) return "99+";
  if (p > 0 && p < 0.005) return "<1";
  return String(Math.round(p * 100));
}

function cellTemplate(cell, selectedKey) {
  const key = `${cell.player}-${cell.stand}-${cell.slot}`;
  const sel = key === selectedKey;
  if (cell.known) {
    return html`<td class="cell known" data-testid="cell-${key}" title="${cell.known}">${cell.known}</td>`;
  }
  if (!cell.probs) {
    return html`<td class="cell empty" data-testid="cell-${key}">·</td>`;
  }
  const c = heatColour(cell.top.p);
  const red = cell.red > 0 ? html`<span class="red-dot" title="red ${pct(cell.red)}"></span>` : "";
  return html`<td class="cell prob ${sel ? "selected" : ""}" tabindex="0"
      data-testid="cell-${key}" data-cell="${key}" data-probs="${JSON.stringify(cell.probs)}"
      title="${cell.title}" style="background:${c.bg};color:${c.fg}">
      <span class="v">${cell.top.value}</span><span class="p">${shortPct(cell.top.p)}</span>${red}</td>`;
}

/** Heatmap: one row per stand, columns A, B, C…; `grid` comes from state.heatGrid. */
export function heatmapTemplate(grid, selectedKey) {
  const cols = Array.from({ length: grid.columns }, (_, i) => slotLetter(i));
  return html`<table class="heatmap" data-testid="heatmap">
    <thead><tr><th></th>${cols.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>
    <tbody>
      ${grid.rows.map(
        (row) => html`<tr data-testid="heat-row-${row.player}-${row.stand}">
          <th scope="row">${row.label}</th>
          ${row.cells.map((c) => cellTemplate(c, selectedKey))}
          ${Array.from({ length: grid.columns - row.cells.length }, () => html`<td class="pad"></td>`)}
        </tr>`,
      )}
    </tbody>
  </table>`;
}

export function detailTemplate(detail) {
  if (!detail) {
    return html`<p class="hint">Tap a cell to see every value's probability.</p>`;
  }
  return html`<h3 data-testid="detail-title">${detail.title}</h3>
    <table class="detail-table">
      ${detail.values.map(
        (v) => html`<tr data-testid="detail-value-${v.value}">
          <th>${v.value}</th>
          <td class="bar"><span style="width:${(v.p * 100).toFixed(2)}%"></span></td>
          <td class="num" data-testid="detail-prob-${v.value}" data-p="${v.p}">${pct(v.p)}</td>
        </tr>`,
      )}
    </table>`;
}

export function errorListTemplate(items) {
  return html`${items.map((e) => html`<p><strong>${e.name}</strong>: ${e.message}</p>`)}`;
}
