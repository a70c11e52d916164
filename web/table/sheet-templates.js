// Table app: the bottom sheet (one slot's distribution and tokens, and recording an
// action question by question). Pure functions from data to escaped HTML text.

import { markRuledOut } from "./mark-options.js";
import { html, pct } from "../shared/html.js";
import { ICON_CLOSE } from "./icons.js";
import { summaryLine, warningLine } from "./sheet-lines.js";
import { markAsk } from "./mark-ask.js";
import { underWay } from "./draft-summary.js";
import { chance, filePlaceOptions, ownSlotOptions, slotLabelOptions, soloValueOptions, spotLabelOptions, tableThen } from "./draft-options.js";
import { mineAll } from "./hand-layout.js";
import { aValue } from "./undo-words.js";
import { guessCards, shownChoices } from "./guess-cards.js";
import { actorChips, actorLabelAsk, actorSlotAsk, countAsk, holdsAsk, personalAsk, allowOf, cutLabelAsk, giveCardAsk, giveToAsk, oxygenToAsk, shownHint, sumCardsAsk, challengeCardAsk, radarAnswersAsk, postitAsk, swapCardAsk, weakCardAsk, weakResultAsk, weakWhoAsk, radarValueAsk, realAsk, resultAsk, whichAsk } from "./flow-templates.js";
import { actorOff } from "./draft-actors.js";
import { btn, chip, keypad, markName, tokenWords } from "./template-parts.js";
import {
  actionLabel,
  CUT_KINDS,
  ALL_EQUIPMENT,
  hasUncut,
  EQUIPMENT_NAMES,
  NO_ACTOR,
  changeWord, editChanges,
  colourOf,
  ddSpent, ddDealt, characterOf,
  personalName,
  failureMarks,
  markWords,
  filePlaces,
  gotFits,
  saidOf,
  shownWire,
  specialAction, specialKind,
  specialOnly,
  specialShows,
  nameableValues,
  unnamedWhy,
  labelsInPlay,
  slotChoices,
  slotLetter,
  standName,
  xWireWait,
  wireMark,
  drawnTokensDue,
  isSetupEntry,
  placesFalseTokens,
  oxygenFor, turnedOutOfOrder, nanoDetonator,
  DETECTOR_KINDS, rayWhyNot, cardsInPlay, givenChanges,
} from "./table-state.js";

// ---------------------------------------------------------------- the sheet (slot detail, recording)

function distribution(probs) {
  if (!probs) return "";
  return html`<table class="dist" data-testid="sheet-dist">${probs.values.map((x) => html`<tr data-testid="dist-${x.value}">
    <th>${x.value}</th><td class="bar"><span style="width:${(x.p * 100).toFixed(2)}%"></span></td>
    <td class="num" data-testid="dist-p-${x.value}" data-p="${x.p}">${pct(x.p)}</td></tr>`)}</table>`;
}

/** "Why?" under a hidden slot whose wire is certain: the entries that already force it (the "explain" request). */
function whyTemplate(ctx, key, sl, probs) {
  if (!probs || sl.c !== "h") return "";
  const w = ctx.why?.key === key ? ctx.why : null;
  if (w?.text) return html`<p class="why-text" data-testid="why-text">${w.text}</p>`;
  if (w?.error) return html`<p class="hint" data-testid="why-error">${w.error}</p>`;
  if (w?.pending) return html`<p class="hint" data-testid="why-pending">Finding why…</p>`;
  if (probs.top.p === 1) return btn("why", `Why is this wire ${aValue(probs.top.value)}?`, { cls: "link", arg: probs.top.value, testid: "why" });
  // blue values this slot cannot hold: each can be explained the same way
  const never = labelsInPlay(ctx.state.setup).map((x) => x.label).filter((l) => /^\d+$/.test(l) && !(l in probs.probs));
  return never.length ? html`<div class="row why-not" role="group" aria-label="Why not"><span class="lbl">Why not</span>
    ${never.map((l) => btn("why", l, { cls: "chip", arg: l, testid: `why-not-${l}` }))}<span class="lbl">?</span></div>` : "";
}

/** Who the sheet asks for, by the draft's kind. */
const WHO = { absent: "Whose token, beside their stand?", beside: "Whose token, beside their stand?", give: "Who gives one of their number cards?",
  shown: "Whose turn was it?", weak: "Who guessed?", weakstuck: "Who is the weakest link?" };
const whoAsks = (d) => WHO[d.k] ?? "Who acts?";

/** What the sheet asks next (record.js nextAsk's `ask`), one template per kind of question. */
export const ASKS = {
  actor: ({ d }) => html`<p class="ask" data-testid="ask">${whoAsks(d)}</p>`,
  absent_stand: ({ d, t, setup }) => {
    return html`<p class="ask" data-testid="ask">Beside which stand of ${setup.players[d.a]}?</p>
      <div class="row">${t.stands[d.a].map((_st, s) => chip("draft-stand", s, `stand ${s + 1}`, d.s === s, `absent-stand-${s}`))}
        ${chip("draft-stand", "all", "the player", false, "absent-stand-all")}</div>`;
  },
  slots: ({ d, ask, setup }) => {
    if (d.k === "postit") return html`<p class="ask" data-testid="ask">Tap the wire: one of ${setup.players[d.a]}'s.</p>`;
    if (d.k === "walkie" || d.k === "hook") return html`<p class="ask" data-testid="ask">Tap the teammate's wire ${setup.players[d.a]} took, on the table.</p>`;
    return html`<p class="ask" data-testid="ask">Tap ${d.k === "super" ? "any wire of the stand" : ask.count === 1 ? "the wire" : `${ask.count} wires of one stand`} on the table (${d.js?.length ?? 0}/${ask.count}).</p>`;
  },
  value: ({ ctx, d, ask, state, t, setup, blue, said }) => {
    if (ask.absent) {
      // a value the table shows among their uncut wires (mine, an info token's) or the engine says they hold cannot be absent
      const stands = (t.stands[d.a] ?? []).filter((_st, s) => d.s === undefined || d.s === null || s === d.s);
      const held = new Set([...stands.flat().filter((sl) => sl.c !== "cut").map(shownWire).filter(Boolean).map((x) => saidOf(x)),
        ...(ctx.holdings ?? []).filter((h) => h.player === d.a && h.p_any >= 1 - 1e-9).map((h) => (h.value === "YELLOW" ? "Y" : String(h.value)))]);
      // before play, a player's two tokens say two values: the one placed already is not offered again
      if (drawnTokensDue(state)?.kind === "absent") for (const x of t.absent) if (x.p === d.a) held.add(x.v);
      // 13, 39: a yellow token drawn at random is put back and another drawn: never a yellow "I have none"
      const drawn = [13, 39].includes(setup.mission) ? said.filter((v) => v !== "Y") : said;
      return html`<p class="ask" data-testid="ask">Which value does the token say is absent?</p>
        ${keypad("draft-value", drawn, { on: [d.v], label: "absent value", disabled: ctx.ui?.sheet?.edit !== undefined ? [] : said.filter((v) => held.has(v)) })}`;
    }
    if (ask.beside) { // 50: a value they hold, somewhere: not one whose wires are all cut, nor one I lack (39: a number card's)
      const mine = d.a === state.setup.me && t.hasHand;
      const keys = setup.mission === 39 ? blue : said;
      const out = keys.filter((v) => (t.cutCount[v] ?? 0) >= 4 || (mine && !t.stands[d.a].flat().some((sl) => sl.c !== "cut" && sl.own && saidOf(sl.own) === v)));
      return html`<p class="ask" data-testid="ask">Which value does the token beside ${setup.players[d.a]}'s stand show?</p>
        ${keypad("draft-value", keys, { on: [d.v], label: "token value", disabled: ctx.ui?.sheet?.edit !== undefined ? [] : out })}`;
    }
    if (d.k === "postit") return postitAsk(ctx, d, blue); // the actor's own wire shows its value (or the mission's token)
    {
      // 41, 48: no cut names yellow (the special action takes the yellow wires); 23, 39, 46: nor the value it takes
      const only = CUT_KINDS.includes(d.k) ? specialOnly(setup, t) : null;
      const base = (ask.noYellow || ask.blueOnly || only === "Y" ? blue : said).filter((v) => v !== only);
      // a cut names a value the cutter holds; the Disintegrator's draw and a Post-it are not "named"
      const nameable = CUT_KINDS.includes(d.k)
        ? nameableValues(state, t, d, base, ctx.holdings, ctx.ui?.sheet?.edit !== undefined) : base;
      // a solo cut: a value its cutter may hold every uncut copy of
      const named = d.k === "solo" ? soloValueOptions(allowOf(ctx), d, nameable) : nameable;
      const question = d.vs || d.k === "xray" ? "Which two values were named?" : d.k === "solo" ? "Which value was cut (all its wires)?" : d.k === "shown" ? `Which number card was shown after ${setup.players[d.a]}'s turn?`
        : d.k === "tell" || d.k === "disint" ? "Which value was drawn?" : "Which value was named?";
      // (the special action's value too: 46's 7s, which only it cuts)
      const shown = d.k === "shown" && guessCards(setup) && ctx.ui?.sheet?.edit === undefined ? shownChoices(setup, t, d.a) : null; // 29: the right-hand player's cards (an edit: any)
      const why = ctx.ui?.sheet?.edit !== undefined || !CUT_KINDS.includes(d.k) ? [] : unnamedWhy(state, t, d, only && !base.includes(only) && only !== "Y" ? [...base, only] : base);
      return html`<p class="ask" data-testid="ask">${question}</p>
        ${shown ? shownHint(setup, d.a) : ""}
        ${why.length ? html`<p class="hint" data-testid="not-offered">Not offered${d.a === setup.me ? ", though held" : ""}: ${notOffered(why)}.</p>` : ""}
        ${lastSpaceHint(setup, tableThen(allowOf(ctx)), d)}${rayToggle(setup, tableThen(allowOf(ctx)), d)}${named.length ? keypad("draft-value", named, { on: d.vs ?? [d.v], label: "named value",
          disabled: shown ? named.filter((v) => !shown.includes(v)) : [] })
          : html`<p class="hint" data-testid="no-value">${nameable.length === 0 && base.length && oxygenFor(state, t, d.a)
            ? `Not enough oxygen for any value ${setup.players[d.a]} holds: record “No oxygen: skip” instead.`
            : `${setup.players[d.a]} holds no value that can be named.`}</p>`}`;
    }
  },
  result: resultAsk,
  which: whichAsk,
  cut_label: cutLabelAsk,
  actor_label: actorLabelAsk,
  actor_slot: actorSlotAsk,
  own_slots: ({ ctx, d, t, setup }) => {
    const two = (t.stands[d.a] ?? []).length > 1;
    const picked = new Set((d.slots ?? []).map((x) => `${x.s}:${x.j}`));
    const opts = ownSlotOptions(allowOf(ctx), d);
    return html`<p class="ask" data-testid="ask">Which of ${setup.players[d.a]}'s wires were ${d.k === "red" ? "revealed" : "cut"}?</p>
      <div class="row">${opts.map(({ s, j, ok }) => chip("draft-own-slot", `${s}:${j}`, `${two ? `${s + 1}` : ""}${slotLetter(j)}`, picked.has(`${s}:${j}`),
        `own-slot-${s}-${j}`, { disabled: !ok && !picked.has(`${s}:${j}`) }))}</div>
      ${btn("draft-done", "Next", { cls: "primary", testid: "draft-done", disabled: !picked.size })}`;
  },
  real: (args) => (failureMarks(args.setup).length ? markAsk(args.ctx, args.d, args.labels) : realAsk(args)),
  weak_who: weakWhoAsk,
  weak_card: weakCardAsk,
  weak_result: weakResultAsk,
  give_card: giveCardAsk, give_to: giveToAsk, challenge_card: challengeCardAsk, swap_card: swapCardAsk,
  holds: holdsAsk,
  count: countAsk,
  personal: personalAsk,
  radar_value: radarValueAsk,
  radar_answers: radarAnswersAsk,
  give_slot: ({ d, t, setup }) => { // a row per stand, its name once (a two-stand player's 20 long chips hid the stands)
    const two = t.stands[d.a].length > 1;
    return html`<p class="ask" data-testid="ask">Which of ${setup.players[d.a]}'s wires went to ${setup.players[d.p]}?</p>
      ${t.stands[d.a].map((st, s) => html`<div class="row">${two ? html`<span class="lbl">${standName(setup, d.a, s)}</span>` : ""}${st.map((sl, j) => (sl.c === "cut" ? ""
        : chip("draft-give", `${s}:${j}`, `${slotLetter(j)}${sl.own ? ` (${sl.own})` : ""}`, false, `give-${s}-${j}`, { aria: `${standName(setup, d.a, s)} ${slotLetter(j)}` })))}</div>`)}`;
  },
  file: ({ ctx, d, ask, state, t, setup }) => {
    const places = filePlaces(state, t, d, ask.who);
    const who = ask.who === setup.me ? "you" : setup.players[ask.who];
    // a place where no wire the moved one may be sits in order is greyed
    return html`<p class="ask" data-testid="ask">Where did ${who} file the wire received? (its slot now)</p>
      ${places.map(({ s, n }) => {
        const ok = filePlaceOptions(allowOf(ctx), d, ask.field, ask.who, s, n);
        return html`<div class="row">${Array.from({ length: n }, (_, j) =>
          chip("draft-file", `${ask.field}:${s}:${j}`, `${places.length > 1 ? `stand ${s + 1} ` : ""}slot ${slotLetter(j)}`, false, `file-${ask.field}-${s}-${j}`, { disabled: !ok[j] }))}</div>`;
      })}`;
  },
  got: ({ ctx, d, labels }) => {
    const fits = ctx.ui?.sheet?.edit !== undefined ? labels : gotFits(ctx.state, ctx.t, d, labels, allowOf(ctx).laws);
    return html`<p class="ask" data-testid="ask">Which wire did you get?</p>${keypad("draft-got", labels, {
      label: "wire received", testprefix: "got", disabled: labels.filter((l) => !fits.includes(l)) })}`;
  },
  players: ({ ctx, d, t, setup }) => {
    // only a used Double Detector can work again (every player when editing: the table has moved on since)
    const unused = (p) => ctx.ui?.sheet?.edit === undefined && !ddSpent(t, p);
    // (a player with no personal equipment — 28's captain, 27's no character cards — is not offered)
    return html`<p class="ask" data-testid="ask">Whose character card works again? (1 or 2)</p>
      <div class="row">${setup.players.map((name, p) => !ddDealt(setup, p) && !characterOf(setup, p) ? "" : chip("draft-player", p, `${name} (${personalName(setup, p)})`,
        (d.ps ?? []).includes(p), `pick-player-${p}`, unused(p) ? { disabled: true, aria: `${name}: ${personalName(setup, p)} not used` } : {}))}</div>
      ${btn("draft-done", "Done", { cls: "primary", testid: "draft-done" })}`;
  },
  oxygen_to: oxygenToAsk, sum_cards: sumCardsAsk,
  next: ({ d, t, setup }) => {
    return html`<p class="ask" data-testid="ask">Who plays next?</p>
      <div class="row">${setup.players.map((name, p) => hasUncut(t, p) && p !== d.a ? chip("draft-next", p, name, d.next === p, `next-${p}`) : "")}</div>`;
  },
  equipment: ({ d, t, setup }) => {
    const inPlay = new Set(t.cards.map((c) => c.id));
    // False Bottom draws from the rest of the mission's pile (a custom table: any card)
    const ids = (setup.mission === null ? ALL_EQUIPMENT : setup.equipment).filter((id) => !inPlay.has(id) && id !== "Y");
    return html`<p class="ask" data-testid="ask">Which equipment cards came in? (1 or 2)</p>
      <div class="row">${ids.map((id) => chip("draft-equip", id, EQUIPMENT_NAMES[id] ?? id, (d.ids ?? []).includes(id), `equip-${id}`))}</div>
      ${btn("draft-done", "Done", { cls: "primary", testid: "draft-done" })}`;
  },
  special_result: ({ ctx, d, setup, labels }) => {
    const one = specialAction(setup) === "tripwire"; // 41: one wire pointed at
    // ✓ only where every wire pointed at may be of the action's kind (13: a stand dealt no red openly cannot be); ✗ shown
    // only where each may show a token (48: not my red, which explodes)
    const may = (res) => (d.spots ?? []).every((_x, n) => spotLabelOptions(allowOf(ctx), { ...d, res }, n, labels).some((o) => o.ok));
    const okMay = may("ok");
    const then = tableThen(allowOf(ctx)); // (an edit: the detonator as it stood then — 41's walkthrough)
    const last = specialShows(setup) && then.mistakesLeft === 0 && !then.stab;
    return html`<p class="ask" data-testid="ask">What happened?</p>
      ${last ? html`<p class="hint warn" data-testid="special-last-space">The detonator is on its last space: ✗ explodes the bomb.</p>` : ""}
      <div class="row">${chip("draft-special", "ok", one ? "✓ a tripwire: cut, detonator −1" : "✓ all cut", false, "special-ok", okMay ? {} : { disabled: true })}
        ${specialShows(setup) ? chip("draft-special", "shown", one ? "✗ not one: info token, detonator +1" : "✗ shown, detonator +1", false, "special-shown", may("shown") ? {} : { disabled: true }) : ""}
        ${chip("draft-special", "boom", "✗ the bomb exploded", false, "special-boom")}</div>`;
  },
  spot_label: ({ ctx, d, ask, setup, labels, said }) => {
    const n = ask.n ?? 0;
    const x = d.spots?.[n];
    const where = x ? `${standName(setup, x.p, x.s)} slot ${slotLetter(x.j)}` : "it";
    // all cut: a wire of the action's kind still in play, that slot may hold; shown: the info token it got (a yellow
    // one shows no number)
    const opts = spotLabelOptions(allowOf(ctx), d, n, labels);
    return html`<p class="ask" data-testid="ask">${d.res === "shown" ? `Which info token did ${where} get?` : `Which wire was ${where}?`}</p>
      ${keypad("draft-spot-label", opts.map((o) => o.label), { label: "the wire shown", testprefix: "spot-label", argOf: (v) => `${n}:${v}`,
    disabled: opts.filter((o) => !o.ok).map((o) => o.label) })}`;
  },
  spots: ({ d, setup }) => {
    if (d.k === "special" && specialAction(setup) === "tripwire") {
      return html`<p class="ask" data-testid="ask">Tap the teammate's tripwire pointed at on the table.</p>`;
    }
    if (d.k === "special") {
      return html`<p class="ask" data-testid="ask">Tap every wire pointed at as one of the ${specialKind(setup).what} on the table, then Done (${(d.spots ?? []).length} tapped).</p>
      ${btn("draft-done", "Done", { cls: "primary", testid: "draft-done", disabled: !(d.spots ?? []).length })}`;
    }
    return html`<p class="ask" data-testid="ask">Tap every teammate's wire cut as ${d.v} (yours are added), then Done (${(d.spots ?? []).length} tapped).</p>
      ${btn("draft-done", "Done", { cls: "primary", testid: "draft-done" })}`;
  },
};

/** Before the value is tapped (a failure on my own wire is filled in at once): the detonator on its last space. */
const lastSpaceHint = (setup, t, d) => (CUT_KINDS.includes(d.k) && d.k !== "solo" && t.mistakesLeft === 0 && !t.stab && !t.exploded && !nanoDetonator(setup)
  ? html`<p class="hint warn" data-testid="value-last-space">The detonator is on its last space: a wrong value explodes the bomb.</p>` : "");

/** The values held but not offered, those with the same reason together ("1, 4 (your number cards are 2, 5, 9)"). */
const notOffered = (why) => [...why.reduce((m, x) => m.set(x.why, [...(m.get(x.why) ?? []), x.v === "Y" ? "yellow" : x.v]), new Map())]
  .map(([w, vs]) => `${vs.join(", ")} (${w})`).join("; ");

export function askTemplate(ctx, d, ask) {
  const { state, t } = ctx;
  const setup = state.setup;
  const labels = labelsInPlay(setup).map((x) => x.label);
  const blue = labels.filter((l) => colourOf(l) === "blue");
  const said = [...blue, ...(labels.some((l) => l[0] === "Y") ? ["Y"] : [])];
  const ask1 = Object.hasOwn(ASKS, ask.ask) ? ASKS[ask.ask] : null;
  return ask1 ? ask1({ ctx, d, ask, state, t, setup, labels, blue, said }) : "";
}

function setSection(ctx, p, s, j, sl) {
  const { state, t } = ctx;
  const own = p === state.setup.me ? sl.own : null;
  const c = slotChoices(state.setup, own);
  // a teammate's slot: the wires my hand holds every copy of are greyed (the slot's own current value stays)
  const outs = p === state.setup.me ? new Set() : mineAll(state);
  const off = (list, on) => list.filter((v) => (outs.has(v) || (sl.tw && (turnedOutOfOrder(t, state.setup, p, s, j, v) || (!sl.own && chance(t, ctx.laws, p, s, j, [v]) === 0)))) && !on.includes(v));
  const rows = [];
  if (sl.tw) { // a turned-around wire: no token; its owner cannot see it, the teammates can
    const mine = p === state.setup.me;
    rows.push(html`<p class="hint" data-testid="turned-hint">${mine ? "Your turned-around wire: you cannot see it. Cut it yourself, without equipment; a failure explodes the bomb."
      : "A turned-around wire: its owner cannot see it."}</p>`);
    if (!mine && state.setup.me !== null && sl.c !== "cut") {
      rows.push(html`<div class="sub"><span class="lbl">I see it: it is</span>${keypad("see", c.cut, { on: sl.own ? [sl.own] : [], testprefix: "see", label: "the wire you see", disabled: off(c.cut, sl.own ? [sl.own] : []) })}</div>`);
    }
    rows.push(html`<div class="sub"><span class="lbl">Cut wire</span>${keypad("set-cut", c.cut, { on: sl.c === "cut" ? [sl.v] : [], testprefix: "set-cut", label: "cut wire" })}</div>`);
    return rows;
  }
  // a slot that shows nothing yet: the values the table rules out there are greyed (one that shows something keeps
  // every key: the entry being corrected may be what rules them out); a starting token marks a blue wire (an X, dealt
  // with the wire — its colour too, 35's blue — is no entry: its law greys yellow and red)
  const bare = sl.c === "h" && !own && (sl.m === "X" || (!sl.m && !sl.col));
  const ruled = (list) => (bare ? slotLabelOptions(allowOf(ctx), p, s, j, list).filter((x) => !x.ok).map((x) => x.label) : []);
  // (a token drawn at random may be yellow — but 13's and 39's goes back and another is drawn: 39's walkthrough)
  const starting = (!state.setup.random_info_token || [13, 39].includes(state.setup.mission)) && !state.log.some((e) => !isSetupEntry(e));
  const infoOff = [...off(c.info, sl.c === "info" ? [sl.v] : []), ...ruled(c.info), ...(starting ? ["Y"] : [])];
  // 17 (the captain's), 52 (everyone's): that player's tokens are false, and no other player's are
  const falseOnes = placesFalseTokens(state.setup, p);
  if (c.info.length && !falseOnes) rows.push(html`<div class="sub"><span class="lbl">Info token</span>${keypad("set-info", c.info, { on: sl.c === "info" ? [sl.v] : [], testprefix: "set-info", label: "info token", disabled: infoOff })}</div>`);
  // my own wire: I know which token it shows (its parity, how many of its value my stand holds; none if yellow or red)
  const mark = own ? wireMark(state.setup, t, p, s, own) : undefined;
  const markWhy = own && mark !== undefined ? html`<p class="hint" data-testid="set-mark-why">Your ${own}: ${mark ? `it takes ${markWords(mark)}` : `a token goes on a blue wire only`}.</p>` : "";
  // a teammate's bare or cut wire: the tokens the table rules out there greyed, as on a failure's sheet (40's walkthrough:
  // an x1 taken on a cut 5 beside two more cut 5s, then the table erred)
  const markOff = c.marks.length && !own && (bare || sl.c === "cut") ? markRuledOut(allowOf(ctx), { k: "set", p, s }, j, c.marks) : new Set();
  if (c.marks.length) rows.push(html`<div class="sub"><span class="lbl">Token</span><div class="row">${c.marks.map((m) => chip("set-mark", m, markName(m), sl.m === m, `set-mark-${m}`, { disabled: sl.m !== m && ((mark !== undefined && m !== mark) || markOff.has(m)) }))}</div>${markWhy}</div>`);
  // (never on a red wire, the card: on my own red every key is greyed — 17's walkthrough: taken, then the table erred;
  // never its own value: on a bare slot the table makes sure of, that value greyed — 52's walkthrough: taken, then erred)
  const ownRed = own && colourOf(own) === "red";
  const notWhy = ownRed ? "a false token never goes on a red wire" : own ? "a false token never shows its own value" : "";
  const notOff = ownRed ? c.notValues.filter((v) => sl.m !== `!${v}`) : own ? [saidOf(own)]
    : c.notValues.filter((v) => bare && chance(t, ctx.laws, p, s, j, [String(v)]) === 1);
  if (c.notValues.length && falseOnes) rows.push(html`<div class="sub"><span class="lbl">False token (not…)</span>${keypad("set-not", c.notValues, { on: sl.m ? [sl.m.slice(1)] : [], testprefix: "set-not", label: "false token",
    disabled: notOff })}${notWhy ? html`<p class="hint" data-testid="set-not-why">Your ${own}: ${notWhy}.</p>` : ""}</div>`);
  // a colour none of whose wires the slot may hold (all cut, ruled out there) is greyed too
  const cutOff = new Set(ruled(c.cut));
  const colourOff = (col) => sl.col !== col && (outs.has(col) || (bare && c.cut.every((l) => colourOf(l)[0] !== col || cutOff.has(l))));
  if (c.colours.length && !own) rows.push(html`<div class="sub"><span class="lbl">Colour seen</span><div class="row">${c.colours.map((col) => chip("set-colour", col, { b: "blue", y: "yellow", r: "red" }[col], sl.col === col, `set-colour-${col}`, { disabled: colourOff(col) }))}</div></div>`);
  rows.push(html`<div class="sub"><span class="lbl">Cut wire</span>${keypad("set-cut", c.cut, { on: sl.c === "cut" ? [sl.v] : [], testprefix: "set-cut", label: "cut wire", disabled: [...off(c.cut, sl.c === "cut" ? [sl.v] : []), ...cutOff] })}</div>`);
  rows.push(btn("set-clear", "Clear this slot", { cls: "link", testid: "set-clear" }));
  return rows;
}

/** One slot: its law and tokens, or a cut attempt on it (once a value is named, only the open questions). */
function slotSheet(ctx, sh) {
  const { ui, state, t } = ctx;
  const setup = state.setup;
  const [p, s, j] = sh.key.split("-").map(Number);
  const sl = t.stands[p]?.[s]?.[j];
  if (!sl) return null;
  const probs = ctx.result?.slots.get(sh.key) ?? null;
  let head = html`<h3 data-testid="sheet-title">${standName(setup, p, s)}, slot ${slotLetter(j)}</h3>`;
  const tokens = tokenWords(sl);
  if (tokens.length) head = html`${head}<p class="hint" data-testid="sheet-tokens">On this wire: ${tokens.join(", ")}.</p>`;
  const over = t.exploded || t.defused; // nothing more is cut: the sheet shows the slot, its tokens, and says so
  if (over) head = html`${head}<p class="hint" data-testid="sheet-over">The game is over (${t.exploded ? "the bomb exploded" : "the bomb is defused"}): no cut to record.</p>`;
  const x = xWireWait(setup, t.yellowCut, sl); // 35
  if (x && !over) head = html`${head}<p class="hint" data-testid="x-wait">No cut here yet: ${x}.</p>`;
  // 38: nobody points at the captain's turned-around wire; only the captain cuts it, as their own wire in a dual cut
  const captains = sl.tw && setup.turned === "captain" && sl.c !== "cut";
  if (captains && !over) {
    head = html`${head}<p class="hint" data-testid="turned-captain">Only ${setup.players[setup.captain]} (the captain) cuts this turned-around wire: as the wire matching a dual cut of a teammate's wire. Record that cut from the teammate's wire.</p>`;
  }
  const wait = x || captains;
  const tabs = html`<div class="tabs" role="group" aria-label="Record a cut or set tokens">
    ${sl.c !== "cut" && !over && !wait ? btn("tab", "Cut attempt", { cls: `tab ${sh.tab === "cut" ? "on" : ""}`, arg: "cut", testid: "tab-cut", pressed: sh.tab === "cut" }) : ""}
    ${btn("tab", "Set tokens", { cls: `tab ${sh.tab === "set" ? "on" : ""}`, arg: "set", testid: "tab-set", pressed: sh.tab === "set" })}
  </div>`;
  if (sh.tab !== "cut" || sl.c === "cut" || over || wait) {
    return { head, body: html`${distribution(probs)}${whyTemplate(ctx, sh.key, sl, probs)}${tabs}<div class="tabbody">${setSection(ctx, p, s, j, sl)}</div>` };
  }
  const d = ui.draft;
  // 56, 64: a teammate's turned-around wire may be cut, at a detonator space (38's: no cut attempt, above)
  if (sl.tw && setup.turned) { // (mine too: its cutter is a teammate)
    head = html`${head}<p class="hint" data-testid="turned-cost">${p === setup.me ? "Your turned-around wire: a teammate who cuts it" : "A teammate's turned-around wire: cutting it"} moves the detonator a space, even when it works${p === setup.me ? " (you cut it yourself with a wire of yours: no cost)" : ""}.${ctx.t.mistakesLeft === 0 && !ctx.t.stab ? " The detonator is on its last space: the bomb explodes either way." : ""}</p>`;
  }
  // "Who tried it?" is the chips' own question: not asked twice
  const asks = !ctx.ask ? recordButton(ctx.refused, Boolean(ctx.sheetError)) // (a draft held for Record: draft-commit)
    : !(ctx.ask.ask === "actor" && !underWay(d, true)) ? askTemplate(ctx, d, ctx.ask) : "";
  if (underWay(d, true)) return { head: html`${head}${summaryLine(ctx, d)}`, body: html`<div class="tabbody">${asks}</div>` };
  return { head, body: html`${distribution(probs)}${whyTemplate(ctx, sh.key, sl, probs)}${tabs}<div class="tabbody">
    ${actorChips(state, d, p, "Who tried it?", actorOff(ctx, d))}${asks}</div>` };
}

/** An action of the turn log, question by question; editing offers "Change" for each answer. */
function actionSheet(ctx, sh) {
  const { ui, state } = ctx;
  const setup = state.setup;
  const d = ui.draft;
  const noActor = d.a === undefined || d.a === null;
  const needsActor = !NO_ACTOR.includes(d.k) && (sh.edit === undefined ? noActor || !underWay(d) : noActor);
  // (while "who" is asked its chips say it: the line starts with the first other answer)
  const head = html`<h3 data-testid="sheet-title">${actionLabel(d.k, setup)}${sh.edit !== undefined ? " (editing)" : ""}</h3>${needsActor && !underWay(d) ? warningLine(ctx, d) : summaryLine(ctx, d)}`;
  const changes = sh.edit !== undefined ? editChanges(setup, d) : givenChanges(setup, d);
  // (while the question is "who", it stands above the chips, which then carry no label of their own: one heading)
  const asking = needsActor && ctx.ask?.ask === "actor";
  const who = ["shown", "weak", "weakstuck"].includes(d.k) ? whoAsks(d) : "Who?";
  const body = html`${asking ? askTemplate(ctx, d, ctx.ask) : ""}${needsActor ? actorChips(state, d, null, asking ? "" : who, actorOff(ctx, d)) : ""}
    ${changes.length ? html`<div class="row" role="group" aria-label="Change an answer"><span class="lbl">Change:</span>
      ${changes.map((c) => chip("draft-change", c, changeWord(c), false, `change-${c}`))}</div>` : ""}
    ${asking ? "" : ctx.ask ? askTemplate(ctx, d, ctx.ask) : recordButton(ctx.refused, Boolean(ctx.sheetError))}`;
  return { head, body };
}

/** Record, or why the table refuses the entry as it stands (said before the tap, the button greyed; greyed too while the
 * last try's error shows: the same entry would fail again until an answer changes). */
const recordButton = (refused, failed) => html`${refused ? html`<p class="err" role="alert" data-testid="record-refused">${refused}</p>` : ""}
  ${btn("draft-commit", "Record", { cls: "primary big", testid: "draft-commit", disabled: Boolean(refused) || failed })}`;

export function sheetTemplate(ctx) {
  const sh = ctx.ui.sheet;
  const drawn = sh?.mode === "slot" ? slotSheet(ctx, sh) : sh?.mode === "action" ? actionSheet(ctx, sh) : null;
  if (!drawn) return "";
  return html`<div class="sheet sheet-${sh.mode}" data-testid="sheet" role="dialog" aria-label="Details">
    <div class="sheet-head"><div class="sheet-title">${drawn.head}</div>${btn("close-sheet", ICON_CLOSE, { cls: "icon", testid: "sheet-close", aria: "Close" })}</div>
    ${ctx.sheetError ? html`<p class="err" role="alert" data-testid="sheet-error">${ctx.sheetError}</p>` : ""}
    ${drawn.body}
  </div>`;
}

/** A detector's value question: the X-or-Y Ray played with it too (two values said — the rulebook lets them combine),
 * offered while the actor has a Ray at hand (their own E4 or the face-up card, on the table as it stood then). */
function rayToggle(setup, t, d) {
  if (!DETECTOR_KINDS.includes(d.k)) return "";
  const why = d.vs ? "" : rayWhyNot(setup, t, d.a);
  // (the card on the table but not playable now — not usable yet, used —: said, as for any card; no card: nothing)
  if (why) return cardsInPlay(setup, t).includes("10") ? html`<p class="hint" data-testid="xy-why">With a second value? No: ${why}.</p>` : "";
  return html`<div class="row">${chip("draft-xy", "", "＋ X-or-Y Ray: two values", Boolean(d.vs), "draft-xy")}</div>`;
}
