// View: everything that touches the DOM. It never calls the engine; user
// actions go out through the handlers notation-page.js passes to mount().

import { html } from "../shared/html.js";
import { detailTemplate, errorListTemplate, formTemplate, heatmapTemplate } from "./notation-templates.js";
import { STAGES } from "../engine/engine-client.js";

const $ = (root, sel) => root.querySelector(sel);
const byTestId = (root, id) => root.querySelector(`[data-testid="${CSS.escape(id)}"]`);

const STAGE_LABELS = {
  start: "Starting worker",
  manifest: "Reading build",
  runtime: "Loading Python runtime",
  packages: "Loading numpy",
  wheel: "Installing engine",
  import: "Importing engine",
  warmup: "Warming up",
};

export class View {
  constructor(root) {
    this.root = root;
    this.form = $(root, "#editor");
    this.results = $(root, "#results");
    this.detail = $(root, "#detail");
    this.status = $(root, "#engine-status");
    this.generalErrors = $(root, "#general-errors");
    this.resultStatus = $(root, "#result-status");
    this.shape = null;
    this.handlers = null;
  }

  mount(handlers) {
    this.handlers = handlers;
    const onField = (ev) => {
      const el = ev.target.closest("[data-field]");
      if (el) handlers.onField(el.dataset.field, el.value, ev.type);
    };
    this.form.addEventListener("input", onField);
    this.form.addEventListener("change", onField);

    const cellOf = (ev) => ev.target.closest?.("[data-cell]");
    this.results.addEventListener("click", (ev) => {
      const cell = cellOf(ev);
      if (cell) handlers.onSelect(cell.dataset.cell);
    });
    this.results.addEventListener("keydown", (ev) => {
      const cell = cellOf(ev);
      if (cell && (ev.key === "Enter" || ev.key === " ")) {
        ev.preventDefault();
        handlers.onSelect(cell.dataset.cell);
      }
    });
    // Hover previews a cell on desktop; leaving the grid shows the selected one again.
    this.results.addEventListener("mouseover", (ev) => {
      const cell = cellOf(ev);
      if (cell && ev.pointerType !== "touch") handlers.onPreview(cell.dataset.cell);
    });
    this.results.addEventListener("mouseleave", () => handlers.onPreview(null));
    this.root.addEventListener("click", (ev) => {
      const btn = ev.target.closest?.("[data-action]");
      if (btn) handlers.onAction(btn.dataset.action);
    });
  }

  /** Draw the form again only when its layout changed, so typing keeps focus. */
  renderForm(state, shapeKey) {
    if (shapeKey !== this.shape) {
      const focused = document.activeElement?.dataset?.field;
      this.form.innerHTML = formTemplate(state).text;
      this.shape = shapeKey;
      if (focused) {
        const el = this.form.querySelector(`[data-field="${CSS.escape(focused)}"]`);
        el?.focus();
      }
      return;
    }
    // Same layout: bring values in line (e.g. after Back) without touching the focused field.
    for (const el of this.form.querySelectorAll("[data-field]")) {
      if (el === document.activeElement) continue;
      const want = fieldValue(state, el.dataset.field);
      if (want !== undefined && el.value !== want) el.value = want;
    }
    // Player names label the "I am" and "Captain" choices.
    state.players.forEach((p, i) => {
      const name = p.name || `Player ${i + 1}`;
      for (const sel of ["me", "captain"]) {
        const o = this.form.querySelector(`[data-field="${sel}"] option[value="${i}"]`);
        if (o && o.textContent !== name) o.textContent = name;
      }
    });
  }

  showEngineProgress(msg, done) {
    this.status.dataset.state = "booting";
    const rows = ["start", ...STAGES].map((s) => {
      const d = done[s];
      const cls = d ? "done" : s === msg.stage ? "active" : "";
      const ms = d ? ` ${(d / 1000).toFixed(1)} s` : "";
      return html`<li class="${cls}" data-testid="stage-${s}">${STAGE_LABELS[s]}${ms}</li>`;
    });
    this.status.innerHTML = html`<div class="status-line" data-testid="engine-status-text">
        <span class="spinner" aria-hidden="true"></span>${STAGE_LABELS[msg.stage] ?? msg.stage}…</div>
      <ol class="stages" data-testid="engine-stages">${rows}</ol>`.text;
  }

  showEngineReady(info) {
    this.status.dataset.state = "ready";
    const t = info.timings?.total ? ` in ${(info.timings.total / 1000).toFixed(1)} s` : "";
    this.status.innerHTML = html`<div class="status-line ok" data-testid="engine-status-text"
        title="build ${info.build_id}, Pyodide ${info.pyodide_version}">
        Engine ready (v${info.engine?.engine ?? "?"})${t}</div>`.text;
  }

  showEngineFailure(err) {
    this.status.dataset.state = "failed";
    this.status.innerHTML = html`<div class="status-line bad" data-testid="engine-status-text" role="alert">
        The engine could not start (${err.stage}): ${err.name}: ${err.message}</div>
      <button type="button" data-action="retry-engine" data-testid="engine-retry">Try again</button>`.text;
  }

  /** `state`: "idle" | "busy" | "ok" | "error" | "stale-input". */
  setResultStatus(state, text) {
    this.resultStatus.dataset.state = state;
    this.resultStatus.textContent = text;
    this.resultStatus.innerHTML += state === "busy" ? html` <button type="button" data-action="stop"
        data-testid="stop-analysis" class="link">stop</button>`.text : "";
  }

  /** errors: [{field|null, name, message}] — each under its field, the rest on top of the results. */
  showErrors(errors) {
    placeErrors(this.form, this.generalErrors, errors);
  }

  renderResult(grid, selectedKey, meta) {
    const summary = html`<p class="summary" data-testid="result-summary">
      ${meta.log10 !== undefined ? html`<span data-testid="log10-deals" data-value="${meta.log10}">10<sup>${meta.log10.toFixed(2)}</sup> deals</span>` : ""}
      ${meta.ms !== undefined ? html` · <span data-testid="analysis-ms">${Math.round(meta.ms)} ms</span>` : ""}
      · cell = likeliest value, %
    </p>`;
    this.results.innerHTML = html`${summary}${heatmapTemplate(grid, selectedKey)}`.text;
    this.results.dataset.resultId = String(meta.id ?? "");
  }

  clearResult() {
    this.results.innerHTML = "";
    delete this.results.dataset.resultId;
  }

  renderDetail(detail) {
    this.detail.innerHTML = detailTemplate(detail).text;
    this.detail.dataset.empty = detail ? "false" : "true";
  }

  markSelected(key) {
    for (const el of this.results.querySelectorAll(".cell.selected")) el.classList.remove("selected");
    if (key) this.results.querySelector(`[data-cell="${CSS.escape(key)}"]`)?.classList.add("selected");
  }

  showUpdateBanner() {
    const b = $(this.root, "#update-banner");
    if (b) b.hidden = false;
  }
}

/** Each error under the form field it names (marked invalid); the others in `general`, above the results. */
function placeErrors(form, general, errors) {
  for (const el of form.querySelectorAll("[data-error-for]")) {
    el.hidden = true;
    el.textContent = "";
  }
  for (const el of form.querySelectorAll(".invalid")) el.classList.remove("invalid");
  const rest = [];
  for (const e of errors) {
    const box = e.field ? form.querySelector(`[data-error-for="${CSS.escape(e.field)}"]`) : null;
    if (!box) {
      rest.push(e);
      continue;
    }
    box.hidden = false;
    box.textContent = box.textContent ? `${box.textContent}\n${e.message}` : e.message;
    box.dataset.errorName = e.name;
    const input = form.querySelector(`[data-field="${CSS.escape(e.field)}"]`);
    input?.classList.add("invalid");
    input?.setAttribute("aria-invalid", "true");
  }
  general.hidden = rest.length === 0;
  general.innerHTML = errorListTemplate(rest).text;
}

/** The text a form field should show for `state` (undefined = leave alone). */
function fieldValue(state, field) {
  let m;
  if (field === "player-count") return String(state.players.length);
  if ((m = /^player-(\d+)-name$/.exec(field))) return state.players[+m[1]]?.name;
  if ((m = /^player-(\d+)-stands$/.exec(field))) return String(state.players[+m[1]]?.stands.length);
  if ((m = /^stand-(\d+)-(\d+)$/.exec(field))) return state.players[+m[1]]?.stands[+m[2]];
  if (field === "me") return state.me === null ? "" : String(state.me);
  if (field === "captain") return String(state.captain);
  if (field === "mistakes") return String(state.mistakes_left);
  if (field === "wires-blue-lo") return String(state.wires.blue[0]);
  if (field === "wires-blue-hi") return String(state.wires.blue[1]);
  if ((m = /^wires-(yellow|red)-(mode|list|keep)$/.exec(field))) return String(state.wires[m[1]][m[2]]);
  return undefined;
}

export { byTestId };
