// The sheet's questions about a cut's outcome: ✓/✗ (with the next answer offered beside each, so that one tap
// says both), which detector wire, the actor's wire, the wire cut, what the token showed. Only what the table
// allows is offered (draft-options.js): answers it rules out are greyed, slots it rules out left out.
// Pure functions from data to escaped HTML text.

import { markRuledOut } from "./mark-options.js";
import { html, pct } from "../shared/html.js";
import { actorLabelOptions, actorSlots, allCut, allRedAllowed, chance, cutLabelOptions, hitOptions, realLabels, realOptions, resultAllowed, settleDraft, slotLabelOptions, tableThen, turnedOnly } from "./draft-options.js";
import { knownRadarAnswers } from "./asks-wires.js";
import { CHARACTER_CARDS, characterFor, DETECTOR_KINDS, EQUIPMENT_NAMES, failureMarks, giftTargets, markWords, NANO_END, nextAsk, noValueShown, personalHolder, slotLetter, standName, TURNED_BOOM, unseenTurned } from "./table-state.js";
import { aValue, besideTokens, colourOf, faceUpCards, nanoDetonator, placesFalseTokens, presetOf, radarTurns, rightOf, saidOf, yellowsInPlay } from "./setup.js";
import { holdsAllowed, yellowCountRange } from "./entries-sound.js";
import { CARD_NAMES, noTokenCard, ringHeld } from "./card-rules.js";
import { btn, chip, keypad, markName } from "./template-parts.js";
import { bestGift } from "./give-advice.js";
import { activeChallenges, challengeName } from "./challenge-cards.js";
import { keptPair, pairsFor, pairValue, sumCards } from "./pick-cards.js";

const shortPct = (p) => (p < 0.01 ? "<1%" : `${Math.round(p * 100)}%`);

/** What the open sheet knows of the table: {state, t, laws, editing} (draft-options.js). */
export const allowOf = (ctx) => ({ state: ctx.state, t: ctx.t, laws: ctx.laws ?? null, given: ctx.given ?? null,
  editing: ctx.ui?.sheet?.edit !== undefined, edit: ctx.ui?.sheet?.edit });

/** A failure on player p's wire shows an info token with a value (not the mission's even/odd or x-token, nor none
 * at all, nor a false token: 17, 52). */
const valueTokens = (setup, d) => !failureMarks(setup).length && !noValueShown(setup, d.p) && !noTokenCard(setup, d);

/** The actor's wires that may have been cut with it, in the stand's order (`actor-slot-<s>-<j>`). */
function actorSlotChips(A, d) {
  const { setup } = A.state;
  const stands = A.t.stands[d.a] ?? [];
  const slots = actorSlots(A, d);
  // the chance it is the value on the table the success leaves (A.given), else each one's share of the chance among
  // them before the cut (one of them is the value)
  const total = slots.reduce((a, x) => a + (x.p ?? 0), 0);
  return slots.map(({ s, j, p: own }) => {
    const sl = stands[s][j];
    // my own wires: I see them, a share of a chance says nothing (the values in brackets do)
    const p = sl.own && d.a === setup.me ? null : A.given || own === null || total <= 0 ? own : own / total;
    const label = `${stands.length > 1 ? `Stand ${s + 1} ` : ""}${slotLetter(j)}${sl.tw ? " (turned)" : sl.own && d.a === setup.me ? ` (${sl.own})` : ""}`;
    const shown = p === null ? "" : p >= 1 ? " sure" : ` ${shortPct(p)}`; // (a certain wire said so, not left bare)
    // the name begins with the chip's own text (label in name), then where it is
    return chip("draft-actor-slot", `${s}:${j}`, shown ? html`${label} <small>${shown.trim()}</small>` : label, false,
      `actor-slot-${s}-${j}`, { aria: `${label}${shown}: ${standName(setup, d.a, s)} slot ${slotLetter(j)}${sl.tw ? ", turned around" : ""}${p !== null ? `, ${pct(p)}` : ""}` });
  });
}

/** The info token's value keypad for slot j (`real-<v>`, or `tok-<j>-<v>` beside a detector's ✗). */
function realKeypad(A, d, j, opts) {
  const options = realOptions(A, d, j, opts.labels ?? realLabels(A.state.setup));
  return keypad(opts.act, options.map((x) => x.label), { disabled: options.filter((x) => !x.ok).map((x) => x.label),
    testprefix: opts.testprefix, label: opts.label, argOf: opts.argOf ?? ((v) => v) });
}

/** A detector's wires, each with its token's keypad (`tok-<j>-<v>`): never red there — a red wire among them gets
 * no token —, and one row for every wire pointed at red, when the table allows it: the bomb exploded. */
function detectorTokens(A, d, js, wire = null) {
  const labels = realLabels(A.state.setup);
  const reds = labels.filter((l) => colourOf(l) === "red");
  const keys = (j, only, label) => realKeypad(A, { ...d, tok: j }, j,
    { act: "draft-tok", testprefix: `tok-${j}`, label, argOf: (v) => `${j}:${v}`, labels: only });
  // inside ✗'s row (afterWrong) each wire is a label and its keypad; on its own (whichAsk) a row of its own
  const row = (head, keypadHtml) => (wire ? html`<div class="outcome">${head}${keypadHtml}</div>` : html`${head}${keypadHtml}`);
  const rows = js.map((j) => row(wire ? wire(j) : html`<span class="lbl tok">token on ${slotLetter(j)}:</span>`,
    keys(j, labels.filter((l) => colourOf(l) !== "red"), `info token on slot ${slotLetter(j)}`)));
  // 11: every wire pointed at of the hidden red value explodes the bomb as reds do
  if (A.state.setup.hidden_red) rows.push(row("", btn("draft-tok", "✗ All the hidden red value: the bomb exploded", { cls: "chip danger", arg: `${js[0]}:!`, testid: "tok-boom" })));
  if (!allRedAllowed(A, d)) return rows;
  return [...rows, row(html`<span class="lbl tok">all red: the bomb exploded</span>`, keys(js[0], reds, "every wire pointed at red: the bomb exploded"))];
}

/** Beside ✓: the next answer a success needs, when it is one tap (the actor's wire, the detector's wire). */
function afterOk(A, d) {
  // the success as the table settles it (X-or-Y Ray: the value the wire may be, which the actor's wire is too)
  const settled = settleDraft(A, { ...d, ok: true });
  const next = nextAsk(A.state, A.t, settled);
  if (next?.ask === "actor_slot") return html`<span class="lbl">with ${A.state.setup.players[d.a]}'s</span>${actorSlotChips(A, settled)}`;
  if (next?.ask === "which" && next.field === "hit") {
    return html`<span class="lbl">on</span>${hitOptions(A, d).map(({ j, ok }) => chip("draft-which", `hit:${j}`, slotLetter(j), false, `which-${j}`, { disabled: !ok }))}`;
  }
  return "";
}

/** What a red wire pointed at does: the bomb explodes — unless the Stabilizer covers this cut (no token either). */
const redWords = (t) => (t.stab ? "red, no token: the Stabilizer holds the bomb" : "red, no token: the bomb exploded");

/** Beside ✗: what the token showed (`real-<v>`), per wire for a detector (`tok-<j>-<v>`), or which wire got it (`tok-<j>`). */
function afterWrong(A, d) {
  const next = nextAsk(A.state, A.t, settleDraft(A, { ...d, ok: false }));
  const plain = valueTokens(A.state.setup, d);
  if (next?.ask === "real" && plain) {
    // a red wire gets no token: it explodes the bomb, keys of their own
    const labels = realLabels(A.state.setup);
    const keys = (only, label) => realKeypad(A, d, d.js?.[0], { act: "draft-real", testprefix: "real", label, labels: only });
    const reds = labels.filter((l) => colourOf(l) === "red");
    return html`<span class="lbl">the info token shows</span>${keys(labels.filter((l) => colourOf(l) !== "red"), "real value")}
      ${reds.length ? html`<span class="lbl">or ${redWords(A.t)}</span>${keys(reds, `red: ${redWords(A.t)}`)}` : ""}${hiddenBoom(A.state.setup)}`;
  }
  if (next?.ask !== "which" || next.field !== "tok") return "";
  if (plain && (d.js ?? []).length <= 3) return detectorTokens(A, d, d.js ?? []);
  return html`<span class="lbl">token on</span>${(d.js ?? []).map((j) => chip("draft-which", `tok:${j}`, slotLetter(j), false, `tok-${j}`))}`;
}

/** ✓ / ✗, each with the answer that follows it when the table leaves one question there. */
export function resultAsk({ ctx, d }) {
  const A = allowOf(ctx);
  const may = resultAllowed(A, d);
  return html`<div class="outcome" role="group" aria-label="It worked">${btn("draft-ok", "✓ Cut", { cls: "primary big", testid: "result-ok", arg: "1", disabled: !may.ok })}
      ${may.ok ? html`${nanoEnd(A, d, true)}${afterOk(A, d)}` : ""}</div>
    <div class="outcome" role="group" aria-label="It failed">${btn("draft-ok", "✗ Wrong", { cls: "danger big", testid: "result-wrong", arg: "0", disabled: !may.wrong })}
      ${may.wrong ? html`${d.k === "redcall" ? "" : lastSpace(A)}${explodesOnFail(A, d)}${nanoEnd(A, d, false)}${afterWrong(A, d)}` : ""}</div>
    ${A.state.setup.hidden_red && ["dual", "xray"].includes(d.k) && !A.t.exploded ? html`<div class="outcome" role="group" aria-label="It exploded">${btn("draft-real",
      "💥 A wire of the red value: the bomb exploded", { cls: "danger big", testid: "result-boom", arg: "!" })}</div>` : ""}`;
}

/** Said before ✗ is tapped where a failure explodes the bomb: 14, 28's captain (14: the intern); 56, 64, a cut that
 * can only take my own turned-around wire. */
function explodesOnFail(A, d) {
  const { setup } = A.state;
  if (A.t.exploded) return "";
  // 55, 60: challenge 1, "It is RED": a wire that is not red explodes the bomb, whatever the detonator shows
  if (d.k === "redcall") return html`<span class="lbl warn" data-testid="result-fragile">Not red: ✗ explodes the bomb.</span>`;
  if (turnedOnly(A, d)) return html`<span class="lbl warn" data-testid="result-fragile">The cut takes your turned-around wire: ✗ explodes the bomb.</span>`;
  if (!setup.captain_fragile || d.a !== setup.captain || d.k === "xray") return "";
  return html`<span class="lbl warn" data-testid="result-fragile">${setup.players[d.a]} is the ${setup.mission === 14 ? "intern" : "captain"}: ✗ explodes the bomb.</span>`;
}

/** 53, before the tap that loses the game: where Nano goes — a success a space on (back one for a cut of its space's
 * value), a failure two — and on 12 the bomb explodes. */
function nanoEnd(A, d, ok) {
  const sp = A.t.nanoSpace;
  if (!nanoDetonator(A.state.setup) || A.t.exploded || !Number.isInteger(sp)) return "";
  const back = (d.vs ?? [d.v]).includes(String(sp)); // (an X-or-Y Ray naming it: maybe)
  const to = ok ? sp + (back ? -1 : 1) : sp + 2;
  return to >= NANO_END ? html`<span class="lbl warn" data-testid="result-nano-end">Nano is on ${sp}: ${ok ? "✓" : "✗"} takes it to ${NANO_END} — the bomb explodes.</span>` : "";
}

/** Before the tap that loses the game: the detonator on its last space (no Stabilizer played) — a failure explodes. */
function lastSpace(A) {
  const { state } = A;
  const t = tableThen(A); // (an edit: the detonator as it stood then)
  if (nanoDetonator(state.setup) || t.stab || t.mistakesLeft !== 0 || t.exploded) return "";
  return html`<span class="lbl warn" data-testid="result-last-space">The detonator is on its last space: ✗ explodes the bomb.</span>`;
}

/** Which detector wire was cut, or got the token (with a value token: each wire with its keypad, one tap for both). */
export function whichAsk({ ctx, d, ask, setup }) {
  const A = allowOf(ctx);
  const token = failureMarks(setup).length ? "token" : "info token";
  // a failure's token goes on a wire that shows none yet (the walkthrough's Super Detector offered wires with one)
  const bare = (j) => { const sl = A.t.stands[d.p]?.[d.s ?? 0]?.[j]; return A.editing || !(sl?.c === "info" || (sl?.m && sl.m !== "X")); };
  const may = ask.field === "hit" ? hitOptions(A, d) : (d.js ?? []).map((j) => ({ j, ok: bare(j) }));
  const keypads = ask.field === "tok" && valueTokens(setup, d) && may.length <= 3;
  const wire = ({ j, ok }) => chip("draft-which", `${ask.field}:${j}`, `slot ${slotLetter(j)}`, false, `which-${j}`, { disabled: !ok });
  return html`<p class="ask" data-testid="ask">${ask.field === "hit" ? "Which wire was cut?" : `Which wire got the ${token}?`}</p>
    ${keypads ? detectorTokens(A, d, may.map((x) => x.j), (j) => wire({ j, ok: true }))
      : html`<div class="row">${may.map(wire)}</div>`}`;
}

export function actorSlotAsk({ ctx, d, setup }) {
  const A = allowOf(ctx);
  const mine = d.a === setup.me; // I see my own wires: no chance shown
  // after the success: each wire's own chance to be the value, which add past 100 % where the actor may hold two
  const total = A.given ? actorSlots(A, d).reduce((a, x) => a + (x.p ?? 0), 0) : 0;
  const more = total > 1.005 ? `; they add up past 100 %: ${setup.players[d.a]} may hold more than one` : "";
  const why = mine || A.editing ? "" : ctx.given ? html` <small data-testid="given-hint">(%: the chance it is ${aValue(d.v)}, the cut having worked${more})</small>`
    : html` <small data-testid="given-hint">(%: how likely each is the one, from the table before the cut)</small>`;
  return html`<p class="ask" data-testid="ask">Which of ${setup.players[d.a]}'s wires was cut with it?${why}</p>
    <div class="row">${actorSlotChips(A, d)}</div>`;
}

export function cutLabelAsk({ ctx, d, ask }) {
  const opts = cutLabelOptions(allowOf(ctx), d, ask.index ?? 0);
  const words = d.vs ? "Which of the two values was it?" : "Which wire is it?"; // (the Ray names two values)
  return html`<p class="ask" data-testid="ask">${words}${d.k === "red" || d.k === "solo" ? ` (${(ask.index ?? 0) + 1} of ${d.slots?.length ?? 0})` : ""}</p>${keypad("draft-cut", opts, { label: "cut wire" })}`;
}

export function actorLabelAsk({ ctx, d, setup }) {
  return html`<p class="ask" data-testid="ask">Which yellow wire did ${setup.players[d.a]} cut?</p>
    ${keypad("draft-av", actorLabelOptions(allowOf(ctx), d), { label: "actor's wire" })}`;
}

/** "What is it really?": the values the slot may hold but the one said, greyed otherwise. */
export function realAsk({ ctx, d, setup }) {
  const A = allowOf(ctx);
  const turned = turnedBoom(A, d, setup);
  if (turned?.only) {
    return html`<p class="ask" data-testid="ask">${setup.players[d.a]} sees no ${d.v} of their own: they cut with their turned-around wire.</p>${turned.button}`;
  }
  const j = DETECTOR_KINDS.includes(d.k) ? d.tok : d.js?.[0];
  // no info token on failure (58), a false token of the value said (17, 52), or constraint H: only "not that value"
  const silent = noValueShown(setup, d.p) || noTokenCard(setup, d);
  const keys = silent ? realOptions(A, d, j, realLabels(setup)).filter((x) => x.label[0] === "R") : realOptions(A, d, j, realLabels(setup));
  const ask = setup.failure_tokens === false ? "No info token in this mission: was it red (the bomb exploded)?"
    : noTokenCard(setup, d) && !noValueShown(setup, d.p) ? "Constraint card H: no info token. Was it red (the bomb exploded)?"
    : "Its token is false (it shows the value said): was it red (the bomb exploded)?";
  // a red wire gets no token: it explodes the bomb, a row of its own
  const row = (xs, label) => (xs.length ? keypad("draft-real", xs.map((x) => x.label), { disabled: xs.filter((x) => !x.ok).map((x) => x.label), testprefix: "real", label }) : "");
  const reds = keys.filter((x) => x.label[0] === "R");
  return html`<p class="ask" data-testid="ask">${silent ? ask : "What is it really? (the info token)"}</p>
    ${row(keys.filter((x) => x.label[0] !== "R"), "real value")}
    ${reds.length && !silent ? html`<p class="lbl" data-testid="real-red">Or ${redWords(A.t)}:</p>` : ""}${row(reds, `red: ${redWords(A.t)}`)}
    ${noTokenMay(ctx, setup, silent) ? btn("draft-real", silent && setup.failure_tokens !== false && !noTokenCard(setup, d) ? `Not red: the false token only says “not ${d.v ?? "that value"}”`
      : besideTokens(setup) ? "Beside the stand: only “not that value” here (record the token with Token beside the stand)"
      : "No token: only “not that value”", { cls: "chip", arg: "-", testid: "real-none" }) : ""}${hiddenBoom(setup)}${turned?.button ?? ""}`;
}

/**
 * 38, 56, 64: a dual cut made with the cutter's own turned-around wire explodes the bomb when it fails (the card);
 * the answer that says so, where the cutter still holds one (`only`: I cut, and I see no wire of the value named,
 * so it was that wire). Null where the cutter holds none.
 */
function turnedBoom(A, d, setup) {
  if (d.k !== "dual" || !unseenTurned(A.t, d.a)) return null;
  const mine = d.a === setup.me && A.t.hasHand;
  const button = btn("draft-real", `✗ ${mine ? "My" : `${setup.players[d.a]}'s`} turned wire: the bomb exploded`,
    { cls: "chip danger", arg: TURNED_BOOM, testid: "real-turned" });
  return { only: turnedOnly(A, d), button };
}

/** Whether a failure may be recorded with no token on its wire: a mission without them (58), a false token (17, 52), a
 * mission dealing constraint cards (H: no info token), 50 (the token went beside the stand: where, the team is to
 * remember; *Token beside the stand* records what it says), or a custom table; elsewhere it shows the real value. */
export function noTokenMay(ctx, setup, silent) {
  const scheme = presetOf(ctx.missions, setup)?.constraints;
  // (32, 37, 57: the card in play is known — H or not; 34's A–E and 66's bunker hold no H)
  const h = ["deck", "per_value"].includes(scheme) ? (setup.cards ?? []).includes("H") : Boolean(scheme) && !["weakest_link", "bunker"].includes(scheme);
  return silent || setup.mission === null || besideTokens(setup) || h;
}

/** Mission 11: the wire pointed at (or the value named) was the hidden red value — the bomb exploded. */
function hiddenBoom(setup) {
  return setup.hidden_red ? btn("draft-real", "✗ The hidden red value: the bomb exploded", { cls: "chip danger", arg: "!", testid: "real-boom" }) : "";
}

/** The General Radar's number (18: the number card flipped this turn, which the cut must then be of). */
export function radarValueAsk({ ctx, setup, blue, t }) {
  const ask = radarTurns(setup) ? "Which number card was flipped? (the radar asks it)" : "Which number was asked?";
  // a value whose four wires are cut: its card is discarded (18: never flipped — 18's walkthrough took one, a dead end)
  const done = allowOf(ctx).editing ? [] : blue.filter((v) => (t.cutCount?.[v] ?? 0) >= 4);
  return html`<p class="ask" data-testid="ask">${ask}</p>${keypad("draft-value", blue, { label: "radar number", disabled: done })}
    ${done.length ? html`<p class="hint" data-testid="radar-done">Greyed: all four cut${radarTurns(setup) ? ", their cards discarded" : ""} (${done.join(", ")}).</p>` : ""}`;
}

/** Each stand's answer, "no" until tapped; the answers the table gives (my stands, a wire shown) are fixed — not when
 * editing: the table has moved on since. */
export function radarAnswersAsk({ ctx, d, t, setup, state }) {
  const ans = new Map((d.ans ?? []).map((x) => [`${x.p}-${x.s}`, x.has]));
  const A = allowOf(ctx);
  const known = A.editing ? new Map() : new Map(knownRadarAnswers(state, t, d.v, (p, s, j) => chance(t, A.laws, p, s, j, [String(d.v)])).map((x) => [`${x.p}-${x.s}`, x.why]));
  const rows = [];
  setup.players.forEach((_, p) => t.stands[p].forEach((_st, s) => {
    const key = `${p}-${s}`;
    const has = ans.get(key) ?? false;
    // a fixed answer is drawn as an answer (not struck through), with what fixes it
    const why = known.get(key);
    rows.push(html`<div class="row">${standName(setup, p, s)} ${chip("draft-radar", `${p}:${s}`, has ? "yes" : "no", has, `radar-${p}-${s}`,
      { disabled: known.has(key), cls: known.has(key) ? "fixed" : "" })}${known.has(key) ? html` <span class="hint">(${why})</span>` : ""}</div>`);
  }));
  // 20, 35: an X wire counts for nothing (no equipment sees it): a "yes" for it alone is a wrong fact
  const x = setup.x_tokens ? html`<p class="hint" data-testid="radar-x">An X wire does not count: a stand says yes for its other wires only.</p>` : "";
  return html`<p class="ask" data-testid="ask">Tap the stands that answered yes (the others said no).</p>${x}${rows}${btn("draft-done", "Done", { cls: "primary", testid: "draft-done" })}`;
}

/** A Post-it on one of the actor's wires: the value it shows, one the slot may hold — or in 21, 24, 33 and 40 the
 * mission's token (even/odd, x1–x4), never a value, those the slot cannot show greyed. */
export function postitAsk(ctx, d, blue) {
  const A = allowOf(ctx);
  const marks = failureMarks(ctx.state.setup);
  if (marks.length) {
    const out = markRuledOut(A, { ...d, p: d.a, s: d.s ?? 0 }, d.js?.[0], marks);
    return html`<p class="ask" data-testid="ask">Which token does the Post-it show?</p>
      <div class="row marks" role="group" aria-label="token">${marks.map((m) =>
        chip("draft-mark", m, { E: "Even", O: "Odd" }[m] ?? markName(m), d.mark === m, `mark-${m}`, { disabled: out.has(m), aria: markWords(m) }))}</div>`;
  }
  if (placesFalseTokens(ctx.state.setup, d.a)) { // 52: a false token, never the wire's own value
    const own = d.a === ctx.state.setup.me ? ctx.t?.stands[d.a]?.[d.s ?? 0]?.[d.js?.[0]]?.own : null;
    return html`<p class="ask" data-testid="ask">Which value does the Post-it's false token show (the wire is not it)?</p>
      ${keypad("draft-value", blue, { on: [d.v], label: "false token value", disabled: own ? [own] : [] })}`;
  }
  const opts = slotLabelOptions(A, d.a, d.s ?? 0, d.js?.[0], blue);
  return html`<p class="ask" data-testid="ask">Which value does the Post-it show?</p>
    ${keypad("draft-value", blue, { on: [d.v], label: "Post-it value", disabled: opts.filter((x) => !x.ok).map((x) => x.label) })}`;
}

/** 65: which of the actor's face-up number cards they gave (the keypad of those), and to whom. */
export function giveCardAsk({ ctx, d, t, setup }) {
  const cards = faceUpCards(setup, tableThen(allowOf(ctx)), d.a) ?? []; // (an edit: the cards they held then)
  const best = d.a === setup.me ? bestGift(ctx.state, t, ctx.holdings) : null;
  const why = best ? html`<p class="hint" data-testid="give-best">The team's rule: your ${best.v} to ${setup.players[best.to]} — likeliest to
    cut it (${best.expected.toFixed(1)} wires of it expected${best.held ? `, less your ${best.held}` : ""}).</p>` : "";
  return html`<p class="ask" data-testid="ask">Which number card did ${setup.players[d.a]} give?</p>${why}
    <div class="row">${cards.map((v) => chip("draft-give-card", v, String(v), false, `give-card-${v}`))}</div>`;
}

export function giveToAsk({ ctx, d, t, setup }) {
  const best = d.a === setup.me ? bestGift(ctx.state, t, ctx.holdings, d.v) : null;
  const why = best ? html`<p class="hint" data-testid="give-best">Likeliest to cut a ${d.v}: ${setup.players[best.to]} (${best.expected.toFixed(1)} wires of it expected).</p>` : "";
  return html`<p class="ask" data-testid="ask">To whom did ${setup.players[d.a]} give the ${d.v}?</p>${why}${teammateChips(setup, d.a, "draft-give-to", "give-to")}`;
}

export function oxygenToAsk({ ctx, d, state, t, setup }) {
  const { rows, fewest } = giftTargets(state, t, d.a, allowOf(ctx).laws);
  return html`<p class="ask" data-testid="ask">Who gets ${setup.players[d.a]}'s oxygen (as many tokens as the value named)?</p>
    ${fewest === null ? "" : html`<p class="hint" data-testid="oxygen-rule">The team's rule: to a teammate showing the thumbs-up (the nearest on the left); else the fewest: ${setup.players[fewest]}.</p>`}
    <div class="row">${rows.map(({ p, have, wasted }) => chip("draft-oxygen", p, `${setup.players[p]} · ${have}${wasted ? ` (${wasted}: lost)` : ""}`, d.ox === p, `oxygen-to-${p}`))}</div>`;
}

/** 47: which two number cards face up gave the value named, by their sum or difference (while editing, any two: the
 * table has moved on since); they are gone, so the page follows the cards face up. */
export function sumCardsAsk({ ctx, d, t, setup }) {
  const v = pairValue(d);
  const editing = ctx.ui?.sheet?.edit !== undefined;
  const cards = editing ? Array.from({ length: 12 }, (_, i) => i + 1) : sumCards(setup, t) ?? [];
  const ps = pairsFor(cards, v);
  const words = ([a, b]) => (a + b === v ? `${a} + ${b}` : `${b} − ${a}`);
  const kept = ps.length > 1 && !editing ? keptPair(cards, v, t) : null;
  const rule = kept ? html`<p class="hint" data-testid="sum-kept">The team's rule: ${words(kept)} — the cards left reach the most values still to cut.</p>` : "";
  const none = ps.length ? "" : html`<p class="hint" data-testid="sum-none">No two cards face up (${cards.join(" ")}) give ${v}: change the value, or the
    cards face up at the start (Number cards).</p>`;
  return html`<p class="ask" data-testid="ask">Which two number cards gave the ${v}? (they are discarded)</p>${none}${rule}
    <div class="row">${ps.map((p) => chip("draft-sum-cards", p.join(":"), words(p), String(d.nc) === String(p), `sum-cards-${p.join("-")}`))}</div>`;
}

/** 61: the constraint card of F–L the swap drew (it lies face up, and binds them from now on). */
export const swapCardAsk = ({ d, setup }) => html`<p class="ask" data-testid="ask">Which card did ${setup.players[d.a]} draw?</p>
  <div class="row">${[..."FGHIJKL"].map((c) => chip("draft-weak-card", c, `${c} ${CARD_NAMES[c]}`, false, `swap-card-${c}`,
    ringHeld(setup).includes(c) ? { disabled: true, aria: `${c}: held at the table already` } : {}))}</div>`;

/** A row of chips naming the actor's teammates (`act`, testids `<prefix>-<p>`). */
const teammateChips = (setup, a, act, prefix) =>
  html`<div class="row">${setup.players.map((name, p) => (p === a ? "" : chip(act, p, name, false, `${prefix}-${p}`)))}</div>`;

// 34: a guess of the weakest link: whom, which card, and whether it was right
export const weakWhoAsk = ({ d, setup }) => html`<p class="ask" data-testid="ask">Whom did ${setup.players[d.a]} name as the weakest link?</p>
  ${teammateChips(setup, d.a, "draft-weak-who", "weak-who")}`;

export const weakCardAsk = ({ d, setup }) => html`<p class="ask" data-testid="ask">Which card did they describe for ${setup.players[d.w]}?</p>
  <div class="row">${[..."ABCDE"].map((c) => chip("draft-weak-card", c, `${c} ${CARD_NAMES[c]}`, false, `weak-card-${c}`))}</div>`;

// 55, 60: which challenge card was done (card 1 is "It is RED", an entry of its own)
export const challengeCardAsk = ({ setup, t }) => html`<p class="ask" data-testid="ask">Which challenge was done?</p>
  <div class="row">${activeChallenges(setup, t).filter((c) => c !== 1).map((c) => chip("draft-challenge-card", c, `${c}: ${challengeName(setup, c)}`, false, `challenge-card-${c}`, { cls: "wrap" }))}</div>
  ${activeChallenges(setup, t).includes(1) ? html`<p class="hint">Card 1 (“It is RED”) is an action of its own: “It is RED” (challenge).</p>` : ""}`;

export const weakResultAsk = () => html`<p class="ask" data-testid="ask">Was it right (the player and the card)?</p>
  <div class="row">${chip("draft-ok", "1", "✓ right: characters face up", false, "weak-right")}${chip("draft-ok", "0", "✗ wrong: detonator +1", false, "weak-wrong")}</div>`;

/** Who acted; `off`: players who cannot (a Double Detector used already, or none dealt), disabled with the reason. */
export function actorChips(state, d, exclude, label, off = new Map()) {
  const why = [...off].filter(([p]) => p !== exclude).map(([p, reason]) => `${state.setup.players[p]}: ${reason}`);
  return html`<div class="row actor" role="group" aria-label="Who acts"><span class="lbl">${label}</span>${state.setup.players.map((name, p) =>
    p === exclude ? "" : chip("draft-actor", p, name, d.a === p, `actor-${p}`, off.has(p) ? { disabled: true, aria: `${name}: ${off.get(p)}` } : {}))}</div>
    ${why.length ? html`<p class="hint" data-testid="actor-off">Greyed: ${why.join("; ")}.</p>` : ""}`;
}

/** 30: whether the player still holds the value drawn — what the table shows of their wires (mine, a token, the
 * engine's laws) greys an answer it rules out. */
export function holdsAsk({ ctx, d, t, setup }) {
  const A = allowOf(ctx);
  const may = A.editing ? { yes: true, no: true } : holdsAllowed(t, d, (s, j) => chance(t, A.laws, d.a, s, j, [d.v]), allCut(setup, t, d.v));
  return html`<p class="ask" data-testid="ask">Does ${setup.players[d.a]} still hold ${aValue(d.v)}?</p>
    <div class="row">${chip("draft-ok", "1", "Yes", d.ok === true, "holds-yes", { disabled: !may.yes })}
      ${chip("draft-ok", "0", "No, none", d.ok === false, "holds-no", { disabled: !may.no })}</div>`;
}

/** 30: how many yellow wires the player has left (what the other counts and the cut yellows leave). */
export function countAsk({ ctx, d, t, setup }) {
  const { lo, hi } = allowOf(ctx).editing ? { lo: 0, hi: yellowsInPlay(setup) } : yellowCountRange(setup, t, d.a);
  return html`<p class="ask" data-testid="ask">How many yellow wires has ${setup.players[d.a]} left?</p>
    <div class="row">${Array.from({ length: yellowsInPlay(setup) + 1 }, (_, n) => chip("draft-n", n, String(n), d.n === n, `count-${n}`, { disabled: n < lo || n > hi }))}</div>`;
}

/** A new character's personal equipment (E1-E4) or the equipment card it works as: both may be there. */
export function personalAsk({ d, t, setup }) {
  const c = characterFor(d.k);
  const p = personalHolder(setup, t, d.k);
  const id = CHARACTER_CARDS[c];
  return html`<p class="ask" data-testid="ask">Which ${EQUIPMENT_NAMES[id]}?</p>
    <div class="row">${chip("draft-pe", "0", `the equipment card (${id})`, d.pe === false, "personal-card")}
      ${chip("draft-pe", "1", `${setup.players[p]}'s character (${c})`, d.pe === true, "personal-own")}</div>`;
}

/** 29: whose hand the card shown came from — mine, said so — and what is greyed. */
export function shownHint(setup, a) {
  const from = rightOf(setup, a);
  const hand = from === setup.me ? "your hand (you sit on" : `${setup.players[from]}'s hand (on`;
  return html`<p class="hint" data-testid="shown-hint">It came from ${hand} ${setup.players[a]}'s right): greyed, the cards that cannot be ${from === setup.me ? "yours" : "theirs"}.</p>`;
}
