// Table app view: the only module here that touches the DOM. It never calls the
// engine; every tap goes out as handlers.onAct(act, arg, event).

import { html } from "../shared/html.js";
import { movesTemplate } from "./moves-templates.js";
import { cardsTemplate } from "./cards-templates.js";
import { handTemplate, setupTemplate, whoTemplate } from "./setup-templates.js";
import { adviceTemplate, holdingsTemplate, logTemplate, standsTemplate, statusTemplate } from "./table-templates.js";
import { shareTemplate } from "./share-templates.js";
import { sheetTemplate } from "./sheet-templates.js";
import { PickScroller } from "./pick-view.js";
import { btn } from "./template-parts.js";
import { undo } from "./hand.js";
import { undoNote } from "./undo-words.js";

/** How long the note after an undo or a redo stays. */
const FLASH_MS = 5000;
/** How long after a finger is up its click may still come (a touch screen's tap): redraws wait for it. */
const TAP_MS = 400;

export class AppView {
  constructor(root) {
    this.root = root;
    this.main = root.querySelector("#app");
    this.status = root.querySelector("#engine-line");
    this.notice = root.querySelector("#notice");
    // what an undo or a redo changed, said for a few seconds (a live region: screen readers say it too)
    this.toast = Object.assign(document.createElement("p"), { className: "toast", hidden: true });
    Object.assign(this.toast.dataset, { testid: "undo-note" });
    this.toast.setAttribute("role", "status");
    root.append(this.toast);
    this.acts = 0; // taps and changes handled so far: which one flashed the note (leaveScreen)
    this.toastAct = -1;
    this.picks = new PickScroller(root);
  }

  mount(handlers) {
    // A redraw between a finger's down and the click would replace the button under it and lose the tap
    // (an engine answer can arrive at any moment; on a touch screen the click comes after the finger is up,
    // and the blur it causes first commits a text field's "change"): hold redraws while a pointer is down,
    // and after it until its click has run (at most TAP_MS).
    this.pressed = false;
    this.held = null;
    this.tapUntil = 0;
    this.root.addEventListener("pointerdown", () => {
      this.pressed = true;
      this.pressedAt = Date.now();
    }, true);
    const flush = () => {
      if (!this.pressed && Date.now() >= this.tapUntil && this.held) {
        const ctx = this.held;
        this.held = null;
        this.render(ctx);
      }
    };
    const release = () => {
      this.pressed = false;
      this.tapUntil = Date.now() + TAP_MS;
      setTimeout(flush, TAP_MS);
    };
    this.root.addEventListener("pointerup", release, true);
    this.root.addEventListener("pointercancel", release, true);
    this.root.addEventListener("click", () => { // after the click's own handler (below) has run
      this.tapUntil = 0;
      setTimeout(flush, 0);
    }, true);
    this.root.addEventListener("click", (ev) => {
      const el = ev.target.closest?.("[data-act]");
      if (!el || el.tagName === "SELECT" || el.tagName === "INPUT") return;
      if (el.disabled) return;
      this.acts += 1;
      this.dropToast(); // the next tap takes the note away (it covered the top stand for seconds); its own may flash anew
      handlers.onAct(el.dataset.act, el.dataset.arg ?? "", ev);
    });
    this.root.addEventListener("change", (ev) => {
      const el = ev.target.closest?.("[data-act]");
      if (!el) return;
      this.acts += 1;
      handlers.onAct(el.dataset.act, el.type === "checkbox" ? (el.checked ? "1" : "") : el.value, ev, el.dataset.arg);
    });
    this.root.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape") handlers.onAct("close-sheet", "", ev);
    });
  }

  /** Draw everything for `ctx` (see table-store.js viewModel); keeps the focused control focused. */
  render(ctx) {
    if ((this.pressed && Date.now() - this.pressedAt < 1500) || Date.now() < this.tapUntil) { // a long press never freezes the page
      this.held = ctx;
      return;
    }
    this.held = null;
    const focused = document.activeElement;
    const focusId = focused?.dataset?.testid;
    const caret = focused?.selectionStart;
    let body;
    if (ctx.state.phase === "setup") body = setupTemplate(ctx.state, ctx.missions);
    else if (ctx.state.phase === "who") body = whoTemplate(ctx.state);
    else if (ctx.state.phase === "hand") body = ctx.state.setup.me === null ? whoTemplate(ctx.state) : handTemplate(ctx.state);
    else if (ctx.ui.handEdit && ctx.state.setup.me !== null) body = handTemplate(ctx.state, ctx.ui.handEdit); // "Edit my wires"
    else {
      body = html`${ctx.error ? errorTemplate(ctx.error, ctx) : ""}
        ${statusTemplate(ctx)}
        <div class="table-layout">
          <div class="col-main">${cardsTemplate(ctx, true)}${adviceTemplate(ctx)}${standsTemplate(ctx)}</div>
          <div class="col-side">${movesTemplate(ctx)}${holdingsTemplate(ctx)}</div>
        </div>
        ${logTemplate(ctx)}
        <div class="sheet-spacer" ${ctx.ui.sheet || ctx.ui.share ? "" : html`hidden`}></div>`;
    }
    // one sheet at a time: the Share panel over a sheet hides it until closed (61's walkthrough: the two stacked)
    const sheets = ctx.state.phase === "table" && !ctx.ui.handEdit && !ctx.ui.share ? sheetTemplate(ctx) : shareTemplate(ctx.ui);
    this.main.innerHTML = html`${body}${sheets}`.text;
    this.leaveScreen(`${ctx.state.phase}${ctx.ui.handEdit ? ":edit" : ""}`);
    const holdings = this.main.querySelector("[data-testid='holdings'] .scroll"); // "scroll sideways" only when it does
    const scrollHint = this.main.querySelector("[data-testid='holdings-scroll']");
    if (holdings && scrollHint) scrollHint.hidden = holdings.scrollWidth <= holdings.clientWidth + 1;
    this.main.dataset.phase = ctx.state.phase;
    document.documentElement.dataset.phase = ctx.state.phase;
    this.undoButtons(ctx);
    const doc = this.root.querySelector("#engine-doc");
    if (doc) doc.textContent = ctx.engineDocText ?? "";
    if (focusId) {
      const el = this.main.querySelector(`[data-testid="${CSS.escape(focusId)}"]`);
      if (el && el !== document.activeElement) {
        el.focus({ preventScroll: true });
        if (caret !== undefined && caret !== null && el.setSelectionRange && el.type === "text") el.setSelectionRange(caret, caret);
      }
    }
    if (ctx.ui.share) this.drawQr(ctx.ui.share.url);
    if (!this.toast.hidden) this.placeToast(); // a sheet opened under a note still shown: the note moves up
    this.showNewError(ctx);
    const d = ctx.ui.draft;
    this.picks.keep(ctx.pickStands, `${ctx.ask?.ask}|${d?.k}|${d?.js?.length ?? 0}|${d?.spots?.length ?? 0}`);
  }

  drawQr(url) {
    const box = this.main.querySelector('[data-testid="share-qr"]');
    if (!box || typeof window.qrcode !== "function") return;
    try {
      const qr = window.qrcode(0, "L");
      qr.addData(url);
      qr.make();
      box.innerHTML = qr.createSvgTag({ cellSize: 3, margin: 2, scalable: true });
      box.dataset.ready = "true";
    } catch (err) {
      box.textContent = `The link is too long for a QR code (${url.length} characters); copy it instead.`;
      box.dataset.ready = "too-long";
    }
  }

  /** Undo and redo are disabled, visibly, when there is nothing to take back or bring back. */
  undoButtons(ctx) {
    for (const [id, on] of [["undo", ctx.canUndo], ["redo", ctx.canRedo]]) {
      const b = this.root.querySelector(`[data-testid="${id}"]`);
      if (!b) continue;
      b.disabled = !on;
      b.setAttribute("aria-disabled", on ? "false" : "true");
    }
  }

  /** A table error that was not there before is brought into view (it sits at the top of a long page). */
  showNewError(ctx) {
    const key = ctx.error ? `${ctx.error.title}|${ctx.error.message}` : null;
    const fresh = key && key !== this.lastError;
    this.lastError = key;
    if (!fresh || ctx.ui.sheet || ctx.ui.share) return;
    const el = this.main.querySelector('[data-testid="table-error"]');
    if (el && el.getBoundingClientRect().top < this.topbarBottom()) el.scrollIntoView({ block: "start" });
  }

  /** Scroll the part with this data-testid to just below the sticky top bar. */
  bringIntoView(testid) {
    const el = this.main.querySelector(`[data-testid="${testid}"]`);
    if (!el) return;
    window.scrollBy(0, el.getBoundingClientRect().top - this.topbarBottom() - 8);
  }

  /** Where the sticky top bar ends (the page's content starts below it). */
  topbarBottom() {
    return document.querySelector(".topbar")?.getBoundingClientRect().bottom ?? 0;
  }

  /** At the foot of the screen, or below the top bar while a sheet holds the foot. */
  placeToast() {
    const sheet = Boolean(document.querySelector("[data-testid='sheet']"));
    this.toast.style.top = sheet ? `${Math.max(8, this.topbarBottom() + 6)}px` : "auto";
    this.toast.style.bottom = sheet ? "auto" : ""; // (both set, the note would stretch over the whole screen)
  }

  /** Show `text` for a few seconds (nothing for null): at the foot of the screen, clear of the detonator it may speak
   * of — below the top bar while a sheet holds the foot. */
  flash(text) {
    clearTimeout(this.toastTimer);
    this.toastAct = this.acts;
    this.toast.textContent = text ?? "";
    this.placeToast();
    this.toast.hidden = !text;
    if (text) this.toastTimer = setTimeout(() => { this.toast.hidden = true; }, FLASH_MS);
  }

  /** The note flashed goes (a later tap). */
  dropToast() {
    if (this.toast.hidden) return;
    clearTimeout(this.toastTimer);
    this.toast.hidden = true;
  }

  /** A note flashed on one screen (setup, my wires, the table) goes when a later tap leaves it: it spoke of
   * what that screen showed.  One the leaving tap itself flashed ("Recorded: …") stays. */
  leaveScreen(screen) {
    if (this.screen !== undefined && screen !== this.screen && this.toastAct !== this.acts) this.dropToast();
    this.screen = screen;
  }

  engineLine(state, text) {
    this.status.dataset.state = state;
    this.status.textContent = text;
  }

  showNotice(text) {
    this.notice.hidden = !text;
    this.notice.textContent = text ?? "";
  }
}

/** The entry a culprit came from, to change in one tap (the log entry's own edit); named unless the culprit's
 * words already quote it (a skipped entry). */
function culpritLink(culprit, i, ctx, k) {
  const text = Number.isInteger(i) ? ctx.t.entries[i]?.text : null;
  if (!text) return "";
  return html`${culprit.includes(text) ? "" : html` <span class="hint">— recorded as “${text}”.</span>`}
    ${btn("edit", "Change it", { cls: "link", arg: i, testid: `table-error-edit-${k}`, aria: `Change: ${text}` })}`;
}

/** The culprits grouped by the log entry they came from, in order (59's walkthrough: one skip's nine "has no" facts
 * were nine lines, each with its own "Change it", filling the screen): {cs: their words, i: the entry, k: the first's index}. */
export function culpritGroups(err) {
  const groups = [];
  err.culprits.forEach((c, k) => {
    const i = err.links?.[k];
    const g = Number.isInteger(i) ? groups.find((x) => x.i === i) : null;
    if (g) g.cs.push(c);
    else groups.push({ cs: [c], i, k });
  });
  return groups;
}

/** Whether what no deal fits names a wire of mine that my hand entered (not one the log cut or marked): then my wires
 * are a suspect too (33's walkthrough: only the log's entries were offered). */
function ownWires(err, ctx) {
  const me = ctx.state.setup.me;
  return me !== null && (err.at ?? []).some((c) => c.kind === "slot" && c.player === me && ctx.t.stands[me]?.[c.stand]?.[c.slot]?.own);
}

/** What no deal fits, and the way back: the last entry, which Undo takes back (or any entry, changed from the log). */
export function errorTemplate(err, ctx) {
  const back = undo(ctx.state);
  // what Undo takes back: the last entry, or a later change (my wires edited, an entry edited, the setup changed)
  const entryOnly = ctx.state.log.length > 0 && JSON.stringify(back.log) === JSON.stringify(ctx.state.log.slice(0, -1));
  const last = back === ctx.state ? null : entryOnly ? `Last recorded: “${ctx.t.entries.at(-1)?.text}”.`
    : `Undo takes back the last change: ${undoNote(ctx.state, back, "undo").replace(/^Undone: /, "")}.`;
  return html`<div class="table-error" data-testid="table-error" role="alert">
    <strong>${err.title}</strong> <span data-testid="table-error-message">${(err.message ?? "").replace(/^\p{Ll}/u, (c) => c.toUpperCase())}</span>
    ${err.culprits?.length ? html`<ul data-testid="table-error-culprits">${culpritGroups(err).map(({ cs, i, k }) => html`<li>${cs.join("; ")}${culpritLink(cs.join("; "), i, ctx, k)}</li>`)}</ul>` : ""}
    ${ownWires(err, ctx) ? html`<p class="hint" data-testid="table-error-own">Your own wires are part of it: one tapped in wrong? ${btn("edit-hand", "Edit my wires", { cls: "link", testid: "table-error-edit-hand" })}</p>` : ""}
    ${err.stale ? html`<p class="hint">The numbers shown are from the last table that worked.</p>` : ""}
    ${last ? html`<p class="hint" data-testid="table-error-last">${last} ${btn("undo", "Undo it", { cls: "link", testid: "table-error-undo" })}
      — or change another entry from the turn log below.</p>` : ""}
  </div>`;
}
