// My best cuts' first line when the team's rule plays a free card before any cut (the "moves" reply's `free_card`):
// the card, its choice and what it buys, in words. Pure functions from data to escaped HTML text.

import { html, pct } from "../shared/html.js";
import { onlyTripwireLeft, slotLetter, specialAction, standName } from "./table-state.js";
import { activeChallenges } from "./challenge-cards.js";
import { btn, tellsWords } from "./template-parts.js";
import { chance } from "./draft-options.js";
import { colourOf, labelsInPlay } from "./setup.js";

/** A wire of `p`'s in words ("Bob D"), from the card play's (player, stand, slot). */
function wireWords(setup, [p, s, j]) {
  return `${standName(setup, p, s)} ${slotLetter(j)}`;
}

/** What the team's rule plays first with a free card (the "moves" reply's `free_card`), in words: the card, its
 * choice, what it buys; then the table is looked at again. The Coffee Mug: whom it passes my turn to, and why. */
function freeCardWords(setup, f) {
  const me = setup.me;
  const mine = () => wireWords(setup, [me, f.stand, f.slots[0]]) + (f.slots.length > 1 ? `+${slotLetter(f.slots[1])}` : "");
  const tells = () => html` — it tells my teammates the most about my stand ${tellsWords(f.bits)}`;
  switch (f.card) {
    case "1": case "12": return html`put <b>${f.name}</b> on my wires ${mine()}${tells()}`;
    case "4": return html`put the <b>Post-it</b> on my wire ${mine()}${tells()}`;
    case "8": return html`play the <b>General Radar</b>: ask who has a <b>${f.value}</b> — ${f.unseen >= 4 ? `none of the four ${f.value}s shows on the table yet`
      : `${4 - f.unseen} of the four ${f.value}s ${4 - f.unseen === 1 ? "shows" : "show"} on the table`} (what tells the team most)`;
    case "2.2": return html`put the <b>Single Wire Label</b> on my wire ${mine()}: its value is there once on my stand`;
    case "2": return html`play the <b>Walkie-Talkies</b> with ${setup.players[f.target[0]]}: I give my slot ${slotLetter(f.give[1])}, they give their ${slotLetter(f.target[2])} — each our leftmost uncut wire (chosen by place: it tells nothing)`;
    case "11.11": return html`play the <b>Grappling Hook</b>: take ${wireWords(setup, f.target)} (most wires left; chosen by place)`;
    case "11": return html`play the <b>Coffee Mug</b> instead of a cut: my best is only ${pct(f.p_move)}, under ${pct(f.below)} —
      ${setup.players[f.pass_to] || `player ${f.pass_to + 1}`} plays next (most wires left)`;
    default: return f.name;
  }
}

/** The free card the team plays first, above the moves (none: nothing). */
export function freeCardTemplate(ctx) {
  const f = ctx.moves?.free_card;
  if (!f || ctx.state.setup.me === null) return "";
  // 41: with only my own tripwire (and red wires) left I skip my turn, no card played (the card; bdiffuser's rules)
  if (specialAction(ctx.state.setup) === "tripwire" && ctx.t && onlyTripwireLeft(ctx.state, ctx.t, ctx.state.setup.me)) return "";
  const mine = ctx.t?.turn === ctx.state.setup.me; // (the Coffee Mug, played on my turn, is recorded here then only)
  return html`<p class="cards-first" data-testid="free-card" data-card="${f.card}" data-stand="${f.stand ?? ""}"
    data-slots="${(f.slots ?? []).join(" ")}" data-value="${f.value ?? ""}" data-pass-to="${f.pass_to ?? ""}"
    data-doc="${ctx.movesDoc ? JSON.stringify(ctx.movesDoc) : ""}">
    ${mine ? "First" : "On my turn, first"}, ${freeCardWords(ctx.state.setup, f)}${f.card === "11" ? "." : html`; then look again.`}
    ${(mine || f.card !== "11") && draftFromCard(ctx.state.setup, f) ? btn("card-record", "Record it", { cls: "link", testid: "free-card-record" }) : ""}</p>`;
}

/** 55, 60: challenge 1 face up and a teammate's wire my view makes red for sure: the team's rule (the arena's,
 * arena/challenges.py) says "It is RED" on it instead of an action — the challenge done, the detonator a space back
 * (55's walkthrough: never said, though a sure red lay there). */
export function redcallTemplate(ctx) {
  const { state, t, laws } = ctx;
  const { setup } = state;
  if (setup.me === null || !t || !laws || !(setup.challenges ?? []).length || !activeChallenges(setup, t).includes(1)) return "";
  const reds = labelsInPlay(setup).map((x) => x.label).filter((l) => colourOf(l) === "red");
  const red = reds.length ? [...laws.keys()].map((key) => key.split("-").map(Number))
    .find(([p, s, j]) => p !== setup.me && chance(t, laws, p, s, j, reds) === 1) : null;
  if (!red) return "";
  const [p, s, j] = red;
  return html`<p class="cards-first" data-testid="moves-redcall">${t.turn === setup.me ? "First" : "On my turn, first"}: say <b>“It is RED”</b>
    on ${wireWords(setup, [p, s, j])} (red for sure) instead of a cut — challenge 1 done, the detonator a space back.
    ${btn("action", "Record “It is RED”…", { cls: "link", arg: "redcall", testid: "moves-redcall-record" })}</p>`;
}

/** The draft that records free card `f` as My best cuts advises it (its flow opened with the advice's answers: a
 * walkthrough found the card's button ~870 px lower, 2–6 taps, the Radar's value not chosen), or null. */
export function draftFromCard(setup, f) {
  const me = setup.me;
  const on = (k) => ({ k, a: me, p: me, s: f.stand, js: f.slots.slice() });
  switch (f.card) {
    case "1": return on("label_ne");
    case "12": return on("label_eq");
    case "4": return on("postit");
    case "2.2": return on("swl");
    case "8": return { k: "radar", a: null, ans: [] }; // (its value: the keypad's, whose answers fill themselves in)
    case "11": return { k: "coffee", a: me, next: f.pass_to };
    case "2": return { k: "walkie", a: me, p: f.target[0], s: f.target[1], js: [f.target[2]], as: { s: f.give[0], j: f.give[1] } };
    case "11.11": return { k: "hook", a: me, p: f.target[0], s: f.target[1], js: [f.target[2]] };
    default: return null;
  }
}
