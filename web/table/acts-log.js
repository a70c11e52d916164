// Taps on the turn log: undo/redo, recording an action (its question sheet and
// every draft answer), editing or deleting an entry, recording a ranked move,
// and taking the starting-token advice.

import * as S from "./table-state.js";
import { firstTapWarns, maybeCommit, tryEntry, turnEndFirst } from "./draft-commit.js";
import { knownRadarAnswers } from "./asks-wires.js";
import { chance, freshLaws } from "./draft-options.js";
import { actorOff, TURN_KINDS } from "./draft-actors.js";
import { draftFromCard } from "./free-card-template.js";
import { int } from "./table-store.js";

/** Reopen log entry i in its sheet (answers asked again, who/where kept). */
function editEntry(app, i) {
  const ui = app.ui;
  const e = app.state.log[i];
  if (!e || e.k === "damaged") return;
  ui.sheetError = null;
  if (e.k === "set" || e.k === "see") { // (56's walkthrough: an "I see it" opened as a cut that could not be recorded)
    ui.sheet = { mode: "slot", key: `${e.p}-${e.s}-${e.j}`, tab: "set", edit: i };
    ui.draft = { k: "dual", a: null, p: e.p, s: e.s, js: [e.j] };
    return;
  }
  // every current answer: "Change" then asks again only what that answer decides (S.EDIT_CHANGES)
  ui.sheet = { mode: "action", edit: i };
  ui.draft = S.draftFromEntry(e);
  if (e.k === "absent" && S.standCounts(app.state.setup)[e.p] > 1 && ui.draft.s === undefined) ui.draft.s = null;
}

/** Starting-token advice: record the token on my slot, as the slot sheet would. */
function recordAdvice(app, i) {
  const state = app.state;
  const t = app.derived();
  const due = S.startingTokenDue(state, t);
  const rec = due ? S.topAdvice(app.results.advice, due.kind, 3, t, state.setup.me)[i] : null;
  const entry = rec ? S.adviceEntry(state, t, rec, due.kind) : null;
  if (!entry) return;
  const next = S.addEntry(state, entry);
  if (!S.derive(next).entries.at(-1).ok) return;
  app.closeSheet();
  app.commit(next);
}

/** Undo or redo (`step`), then say briefly what it took back or brought back. */
function undoRedo(app, step, dir) {
  const before = app.state;
  const next = step(before);
  if (next === before) return;
  // an open sheet pointing at a wire the step cut (a redo) cannot go on: closed, and said (20's walkthrough: it stayed,
  // every answer greyed)
  const stands = app.ui.draft && app.ui.sheet?.edit === undefined ? S.derive(next).stands : null;
  const stale = stands && draftWires(app.ui.draft).some(({ p, s, j }) => stands[p]?.[s]?.[j]?.c === "cut");
  if (stale) app.closeSheet();
  app.commit(next);
  const note = S.undoNote(before, next, dir);
  app.view.flash(stale ? `${note ?? ""} — the open sheet named a wire cut now: closed` : note);
}

/** The wires an open draft points at or names as the actor's: [{p, s, j}]. */
function draftWires(d) {
  const on = (p, s, js) => (Number.isInteger(p) && Number.isInteger(s) ? (js ?? []).map((j) => ({ p, s, j })) : []);
  return [...on(d.p, d.s, d.js), ...(d.as ? on(d.a, d.as.s, [d.as.j]) : []), ...(d.slots ?? []).flatMap((x) => on(d.a, x.s, [x.j])),
    ...(d.spots ?? [])];
}

export function logActs(app) {
  const { ui, results } = app;

  return {
    undo: () => undoRedo(app, S.undo, "undo"),
    "nano-turn": () => { // 59: the cutter turned Nano round — a log entry where it happened (a skip turns it by itself)
      const { next, check } = tryEntry(app.state, undefined, { k: "nanoturn" });
      if (check.ok) app.commit(next);
      app.view.flash?.(check.ok ? `Recorded: ${check.text} (Undo takes it back)` : `Not recorded: ${check.error}`);
      if (!check.ok) app.render();
    },
    redo: () => undoRedo(app, S.redo, "redo"),
    move: (arg) => {
      ui.selectedMove = ui.selectedMove === int(arg) ? null : int(arg);
      app.render();
      if (ui.selectedMove !== null) app.askLookahead?.();
    },
    "win-start": () => app.startWin?.(),
    "win-stop": () => app.stopWin?.(),
    "search-start": () => app.startSearch?.(),
    "search-stop": () => app.stopSearch?.(),
    "radar-ask": () => app.askRadar?.(),
    "tell-ask": (arg) => app.askTell?.(...arg.split(" ")),
    "move-record": () => {
      const m = results.moves?.moves?.[ui.selectedMove];
      const d = m ? S.draftFromMove(app.state, m) : null;
      if (!d) return;
      if (turnEndFirst(app, d.k)) return app.render();
      ui.sheet = { mode: "action" };
      ui.draft = d;
      ui.sheetError = null;
      maybeCommit(app); // a sure cut of mine needs no more answers
      app.render();
    },
    "card-record": () => { // the free card advised first: its flow, opened with the advice's answers
      const f = results.moves?.free_card;
      const d = f ? draftFromCard(app.state.setup, f) : null;
      if (!d) return;
      Object.assign(ui, { sheet: { mode: "action" }, draft: d, sheetError: null });
      if (d.k === "radar") DRAFT_ANSWERS["draft-value"](ui, String(f.value), app);
      maybeCommit(app);
      app.render();
    },
    "special-record": () => { // the special action advised: its wires pointed at, the result asked
      const sp = results.moves?.special;
      if (!sp) return;
      if (turnEndFirst(app, "special")) return app.render();
      ui.sheet = { mode: "action" };
      ui.draft = { k: "special", a: app.state.setup.me, spots: [...sp.own, ...sp.spots].map(([p, s, j]) => ({ p, s, j })), done: true };
      ui.sheetError = null;
      app.render();
    },
    action: (k) => {
      const t = app.derived();
      if (firstTapWarns(ui, "action", k, `Not recorded yet: tap ${S.actionLabel(k, app.state.setup) ?? "it"} again to drop this entry and start that one.`)) {
        app.render();
        return;
      }
      if (k === "rewind") { // one tap: recorded at once, or why not
        const { next, check } = tryEntry(app.state, undefined, { k: "rewind" });
        if (check.ok) app.commit(next);
        app.view.flash?.(check.ok ? `Recorded: ${check.text} (Undo takes it back)` : `Not recorded: ${check.error}`);
        if (!check.ok) app.render();
        return;
      }
      if (turnEndFirst(app, k)) return app.render();
      ui.sheet = { mode: "action" };
      // whose turn it is acts, unless they cannot (a Double Detector used already, the captain of 17 and 28 with an
      // equipment card, …: actorOff): then the sheet asks who; a Label has no actor to ask: the stand tapped says it
      // 10, 45: no turn order: the sheet asks who
      const barred = actorOff({ state: app.state, t, ui: { sheet: ui.sheet } }, { k }).has(t.turn);
      // 18: the player who flipped the card names who cuts (themselves included): asked
      const turn = app.state.setup.free_turns || barred || (S.radarTurns(app.state.setup) && TURN_KINDS.includes(k)) ? null : t.turn;
      // the number card shown (29) follows the turn just played: its player by default
      const last = [...app.state.log].reverse().find((e) => Number.isInteger(e.a))?.a ?? null;
      // 43: who just cut Nano's value; 51: the one Sir chose has none — Sir chooses someone, so who is asked
      const after = k === "shown" || k === "give" ? last : k === "nano" ? t.nanoDue ?? last : k === "skip" && app.state.setup.mission === 51 ? null : turn;
      // 22, 27: "I have none" while the tokens go round is the next receiver's
      const gifted = k === "absent" && t.gifts && t.gifts.given < t.gifts.of ? S.giftReceiver(app.state.setup, t.gifts.given) : null;
      ui.draft = { k, a: gifted ?? (["radar", "absent", "beside"].includes(k) ? null : after) };
      if (k === "radar") ui.draft.ans = [];
      if (k === "redcall") ui.draft.vs = S.labelsInPlay(app.state.setup).map((x) => x.label).filter((l) => l[0] === "R"); // said: red
      ui.sheetError = null;
      maybeCommit(app);
      app.render();
    },
    // 29: who discarded a number card held unseen, one tap from the reminder (-1: no one, it lay in the deck)
    "guess-discard": (arg) => {
      const [p, v] = arg.split(":").map(int);
      const { next, check } = tryEntry(app.state, undefined, S.buildEntry(app.state, app.derived(), { k: "discard", a: p >= 0 ? p : null, v }));
      if (check.ok) app.commit(next);
      app.view.flash?.(check.ok ? `Recorded: ${check.text} (Undo takes it back)` : `Not recorded: ${check.error}`);
      if (!check.ok) app.render();
    },
    edit: (arg) => {
      editEntry(app, int(arg));
      app.render();
    },
    delete: (arg) => {
      const gone = app.derived().entries[int(arg)]?.text;
      app.commit(S.replaceEntry(app.state, int(arg), null));
      if (gone) app.view.flash?.(`Deleted: ${gone} (Undo brings it back)`);
    },
    ...draftActs(app),
    advice: (arg) => recordAdvice(app, int(arg)),
  };
}

/** An answer offered beside ✓ or ✗ says the result too, while it is not given. */
function unsaid(d, ok) {
  if (d.ok === undefined || d.ok === null) d.ok = ok;
}

/** Each answer a player taps in the sheet, on the draft entry (ui.draft); the page commits the draft after each (draft-commit.js). */
const DRAFT_ANSWERS = {
  "draft-actor": (ui, arg) => {
    ui.draft.a = int(arg);
    // a moved wire's places and the wire I got follow the actor: asked again
    if (["walkie", "hook", "nano"].includes(ui.draft.k)) for (const f of ["to", "ato", "pto", "got"]) delete ui.draft[f];
    if (ui.draft.k === "postit") ui.draft.js = [];
    if (ui.draft.k === "absent") delete ui.draft.s;
    delete ui.draft.as;
  },
  "draft-stand": (ui, arg) => {
    ui.draft.s = arg === "all" ? null : int(arg);
  },
  "draft-value": (ui, arg, app) => {
    const d = ui.draft;
    if (d.k === "xray" || d.vs) { // (a detector with the X-or-Y Ray too: two values)
      d.vs = d.vs ?? [];
      d.vs = d.vs.includes(arg) ? d.vs.filter((x) => x !== arg) : [...d.vs, arg].slice(-2);
    } else if (d.k === "radar") {
      d.v = int(arg);
      const t = app.derived(), laws = freshLaws(app.results); // the answers the table gives fill themselves in
      d.ans = knownRadarAnswers(app.state, t, d.v, (p, s, j) => chance(t, laws, p, s, j, [String(d.v)]));
    } else d.v = arg;
    // my detector the engine called sure for this table (its answer not pending): no ✗ to offer
    if (S.DETECTOR_KINDS.includes(d.k) && !app.results.pendingMoves) d.sure = S.sureDetector(app.state, app.results.moves, d);
  },
  "draft-xy": (ui) => { // a detector with the X-or-Y Ray too, or not: two values said, or one
    const d = ui.draft;
    if (d.vs) {
      const [v] = d.vs;
      delete d.vs;
      if (v) d.v = v;
    } else {
      d.vs = d.v ? [d.v] : [];
      delete d.v;
    }
    delete d.sure;
  },
  "draft-ok": (ui, arg) => {
    ui.draft.ok = arg === "1";
    delete ui.draft.okBy; // (tapped: the player's answer, not the table's)
  },
  "draft-n": (ui, arg) => {
    ui.draft.n = int(arg);
  },
  "draft-which": (ui, arg) => {
    const [field, j] = arg.split(":");
    ui.draft[field] = int(j);
    unsaid(ui.draft, field === "hit"); // beside ✓ or ✗, the wire says the result too
  },
  "draft-tok": (ui, arg) => {
    const [j, real] = arg.split(":");
    Object.assign(ui.draft, { ok: false, tok: int(j), real });
    delete ui.draft.mark;
  },
  "draft-cut": (ui, arg) => {
    const d = ui.draft;
    if (d.k === "solo" || d.k === "red") d.cuts = [...(d.cuts ?? []), arg];
    else d.cut = arg;
  },
  "draft-av": (ui, arg) => {
    ui.draft.av = arg;
  },
  "draft-real": (ui, arg) => {
    ui.draft.real = arg;
    delete ui.draft.mark;
    unsaid(ui.draft, false);
  },
  "draft-mark": (ui, arg) => {
    ui.draft.mark = arg;
    delete ui.draft.real;
  },
  "draft-actor-slot": (ui, arg) => {
    const [s, j] = arg.split(":").map(int);
    ui.draft.as = { s, j };
    unsaid(ui.draft, true);
  },
  "draft-own-slot": (ui, arg) => {
    const [s, j] = arg.split(":").map(int);
    const d = ui.draft;
    d.slots = d.slots ?? [];
    d.slots = d.slots.some((x) => x.s === s && x.j === j) ? d.slots.filter((x) => !(x.s === s && x.j === j)) : [...d.slots, { s, j }];
  },
  "draft-radar": (ui, arg) => {
    const [p, s] = arg.split(":").map(int);
    const d = ui.draft;
    const cur = d.ans.find((x) => x.p === p && x.s === s);
    if (cur) cur.has = !cur.has;
    else d.ans.push({ p, s, has: true });
  },
  "draft-done": (ui, _arg, app) => {
    ui.draft.done = true;
    // a special action's wires (46: every 7 left, by a player holding only them): what the result cannot change is
    // said here, not after "What happened?" (the replay, given an explosion, checks nothing else)
    if (ui.draft.k === "special" && ui.sheet?.edit === undefined) {
      const { check } = tryEntry(app.state, undefined, S.buildEntry(app.state, app.derived(), { ...ui.draft, res: "boom" }));
      if (!check.ok) [ui.draft.done, ui.sheetError] = [false, check.error];
    }
    if (ui.draft.k === "radar") {
      const t = app.derived();
      const all = [];
      app.state.setup.players.forEach((_, p) => t.stands[p].forEach((_st, s) => {
        all.push({ p, s, has: Boolean(ui.draft.ans.find((x) => x.p === p && x.s === s)?.has) });
      }));
      ui.draft.ans = all;
    }
  },
  "draft-give": (ui, arg) => {
    const [s, j] = arg.split(":").map(int);
    ui.draft.as = { s, j };
  },
  "draft-file": (ui, arg) => {
    const [field, s, j] = arg.split(":");
    ui.draft[field] = { s: int(s), j: int(j) };
  },
  "draft-got": (ui, arg, app) => {
    ui.draft.got = arg;
    ui.draft.gp = app.state.setup.me; // (mine now: an entry recorded on another phone named its receiver's)
  },
  "draft-special": (ui, arg) => {
    ui.draft.res = arg;
  },
  "draft-spot-label": (ui, arg) => {
    const [n, label] = arg.split(":");
    ui.draft.ls = { ...(ui.draft.ls ?? {}), [n]: label };
  },
  "draft-change": (ui, arg) => {
    ui.draft = S.clearAnswer(ui.draft, arg);
  },
  "draft-player": (ui, arg) => {
    const d = ui.draft;
    const p = int(arg);
    d.ps = d.ps ?? [];
    d.ps = d.ps.includes(p) ? d.ps.filter((x) => x !== p) : [...d.ps, p].slice(-2);
  },
  "draft-next": (ui, arg) => {
    ui.draft.next = int(arg);
  },
  "draft-pe": (ui, arg) => {
    ui.draft.pe = arg === "1";
  },
  "draft-give-card": (ui, arg) => {
    ui.draft.v = int(arg);
  },
  "draft-give-to": (ui, arg) => {
    ui.draft.to = int(arg);
  },
  "draft-weak-who": (ui, arg) => {
    ui.draft.w = int(arg);
  },
  "draft-weak-card": (ui, arg) => { // (34: the card described; 61: the card a swap drew)
    ui.draft.c = arg;
  },
  "draft-challenge-card": (ui, arg) => {
    ui.draft.c = int(arg);
  },
  "draft-sum-cards": (ui, arg) => {
    ui.draft.nc = String(arg).split(":").map(Number);
  },
  "draft-oxygen": (ui, arg) => {
    ui.draft.ox = int(arg);
  },
  "draft-equip": (ui, arg) => {
    const d = ui.draft;
    d.ids = d.ids ?? [];
    d.ids = d.ids.includes(arg) ? d.ids.filter((x) => x !== arg) : [...d.ids, arg].slice(-2);
  },
  "draft-commit": (ui) => { // Record: a held draft (maybeCommit) goes in as it is
    if (ui.draft) ui.draft.confirmed = true;
  },
};

/** The sheet's answer taps, for app: a new answer clears the last step's message (48's walkthrough: it stayed on). */
function draftActs(app) {
  return Object.fromEntries(Object.entries(DRAFT_ANSWERS).map(([act, answer]) => [act, (arg) => {
    app.ui.sheetError = null;
    answer(app.ui, arg, app);
  }]));
}
