// Table app templates for the advice: my best cuts, what binds me (constraint cards, number cards) and
// the moves it forbids, each cut one turn ahead (outcomes), the playouts' running chance to win.
// Pure functions from data to HTML text; no DOM access here.

import { html, pct } from "../shared/html.js";
import { wilson } from "../shared/interval.js";
import { cardToFlip, drawnTokensDue, EQUIPMENT_NAMES, hasUncut, isCount, NANO_END, nanoDetonator, onlyTripwireLeft, oxygenFor, placesFalseTokens, playedLast, presetOf, radarTurns, skipRule, slotLetter, standName } from "./table-state.js";
import { btn, chip, markName, tellsWords } from "./template-parts.js";
import { pairedGap, verdict } from "./refine.js";
import { cardsTemplate } from "./cards-templates.js";
import { freeCardTemplate, redcallTemplate } from "./free-card-template.js";

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
  if (ctx.t.exploded || ctx.t.defused) {
    const why = ctx.t.exploded ? "the bomb exploded" : "the bomb is defused";
    return html`<section class="moves" data-testid="moves" data-over="true"><h3>My best cuts</h3><p class="hint" data-testid="moves-over">The game is over (${why}): no cut to advise. Undo the last entry if it was a slip.</p>
      ${btn("setup", "Setup: start a new game", { cls: "link", testid: "moves-new-game" })}</section>`;
  }
  const list = (moves?.moves ?? []).slice(0, 5);
  return html`<section class="moves ${ctx.pendingMoves ? "updating" : ""}" data-testid="moves" aria-label="My best cuts">
    <h3>My best cuts ${laterWords(ctx) ? html`<small data-testid="moves-later">${laterWords(ctx)}</small>` : ""} ${ctx.pendingMoves ? html`<span class="updating-tag">updating…</span>` : ""}</h3>
    ${moves ? "" : ctx.error ? html`<p class="hint" data-testid="moves-error">No advice while the table has an error (at the top of the page).</p>` : html`<p class="hint">Working it out…</p>`}
    ${drawnTokensDue(ctx.state)?.per.some((x) => x.have < x.need) ? html`<p class="hint" data-testid="moves-tokens-first">The starting tokens come first: these cuts are for the turns after.</p>` : ""}
    ${freeCardTemplate(ctx)}${redcallTemplate(ctx)}
    ${specialTemplate(ctx)}${roundTemplate(ctx)}
    <ol>${list.map((m, i) => html`<li class="${selectedMove === i ? "sel" : ""}">
      <button type="button" class="move" data-act="move" data-arg="${i}" data-testid="move-${i}" data-key="${moveKey(m)}" aria-pressed="${selectedMove === i ? "true" : "false"}">
        <span class="what">${moveText(m, state.setup)}${bestWords(list, i, ctx.refine, ctx.moves?.free_card?.card === "11")}</span>
        <span class="pct" data-testid="move-${i}-p" data-p="${m.p_success}">${pct(m.p_success)}</span>
        <span class="badges">
        ${m.guaranteed && !(m.p_explode > 0) ? html`<span class="badge ok" data-testid="move-${i}-guaranteed">sure</span>` : ""}
        ${m.p_red > 0 ? html`<span class="badge red${m.p_red < 0.01 ? " low" : ""}" data-testid="move-${i}-red">red ${pct(m.p_red)}</span>` : ""}
        ${m.p_explode > (m.p_red ?? 0) + 1e-9 ? html`<span class="badge red" data-testid="move-${i}-explode" title="${explodeWhy(m, state.setup)}">boom ${pct(m.p_explode)}</span>` : ""}
        ${m.costs_mistake ? html`<span class="badge" data-testid="move-${i}-costly" title="${m.costs_mistake}">detonator +1</span>` : ""}
        ${m.nano_value ? html`<span class="badge ok" data-testid="move-${i}-nano-value" title="${m.nano_value}">Nano's value</span>` : ""}
        ${m.p_card ? html`<span class="badge" data-testid="move-${i}-card" title="the chance the number card put down for this turn is a ${m.value}: then this cut moves the detonator">card ${pct(m.p_card)}</span>` : ""}
        ${m.oxygen ? html`<span class="badge" data-testid="move-${i}-oxygen" title="this cut spends ${m.oxygen[0]} of the ${m.oxygen[1]} oxygen tokens at hand">oxygen ${m.oxygen[0]} of ${m.oxygen[1]}</span>` : ""}
        </span>
        ${thoughtAhead(ctx.refine, m, i)}
        ${playedOut(ctx.search, m, i)}
        ${m.score !== undefined ? html`<small class="score" data-testid="move-${i}-score" data-score="${m.score}" title="the team policy's score">score ${m.score.toFixed(3)}</small>` : ""}
      </button>
      ${selectedMove === i ? html`${recordable(ctx) ? btn("move-record", "Record this…", { cls: "link", testid: `move-${i}-record` }) : ""}${outcomesTemplate(ctx, i)}` : ""}
    </li>`)}</ol>
    ${moves && !list.length ? html`<p class="hint" data-testid="moves-none">${noMoveWords(ctx)}</p>` : ""}
    ${policyTemplate(ctx, list)}
    ${refineTemplate(ctx)}
    ${searchTemplate(ctx, list)}
    ${radarTemplate(ctx)}
    ${tellTemplate(ctx)}
    ${winTemplate(ctx)}
    ${cardsTemplate(ctx)}${forbiddenTemplate(ctx)}
  </section>`;
}

/** 30: the sound file's value of the round — a target in time, not a rule: the list ranks every cut by its chance. */
function roundTemplate(ctx) {
  const nums = ctx.state.setup.sound_rounds ? ctx.state.setup.numbers ?? [] : [];
  const v = nums.length === 1 ? nums[0] : null; // (three face up at the end bind the advice: a rule, no target)
  return v ? html`<p class="hint" data-testid="moves-round">This round's value: <b>${v}</b> — to cut in time. The list ranks every cut by its chance, not by the round's value.</p>` : "";
}

/** Why My best cuts lists none: 53 with Nano on 11 and no 11 of mine, every cut takes it to 12; else the rules. */
function noMoveWords(ctx) {
  const { setup } = ctx.state;
  if (nanoDetonator(setup) && ctx.t?.nanoSpace === NANO_END - 1) {
    return `Every cut but a successful ${NANO_END - 1} takes Nano to ${NANO_END}: the bomb explodes whatever else I cut.`;
  }
  if (ctx.t && setup.me !== null && !hasUncut(ctx.t, setup.me)) return "All my wires are cut: I have no cut to make — my turns pass.";
  const ox = oxygenFor(ctx.state, ctx.t, setup.me); // 44, 49, 54, 63 (54's walkthrough: the skip not pointed at)
  if (ox && ctx.moves.forbidden?.length && ctx.moves.forbidden.every((m) => /^oxygen/.test(m.forbidden))) {
    return `No cut my ${ox.have} oxygen token${ox.have === 1 ? " pays" : "s pay"} for: on my turn I skip (${skipRule(setup)?.label ?? "skip"} in the turn log), the detonator a space on.`;
  }
  const card = cardToFlip(setup, ctx.t);
  if (card) {
    return html`None of my wires is one my card ${card} allows: I turn it face down, then play as usual (the card's rule).
      ${btn("action", "Card turned face down", { cls: "link", arg: "cardflip", testid: "moves-cardflip" })}`;
  }
  return ctx.moves.forbidden?.length ? "No cut the rules let me make now: what each would cost is under “Not for you now”." : "No cut is possible.";
}

/** The best cuts my cards or the mission forbid me, with the engine's reason. */
function forbiddenTemplate(ctx) {
  const forbidden = (ctx.moves?.forbidden ?? []).slice(0, 3);
  return forbidden.length ? html`<div class="cards"><p class="hint">Not for you now:</p><ul class="forbidden">${forbidden.map((m, i) => html`<li data-testid="forbidden-${i}">
      <span class="what">${moveText(m, ctx.state.setup)}</span> <span class="pct">${pct(m.p_success)}</span> — <span class="why" data-testid="forbidden-${i}-why">${m.forbidden}</span></li>`)}</ul></div>` : "";
}

/** The first cut in plain words ("best move"), and those the team policy scores as high ("as good"); where
 * thinking ahead found a move clearly better than the first, that one is the best move and the first was best
 * one step ahead; with the Coffee Mug advised instead of a cut, the first is the best cut, not move (a walkthrough). */
function bestWords(list, i, refine, mug = false) {
  const score = (m) => m.score ?? m.p_success;
  const v = verdict(refine);
  const picked = v?.pick ? list.findIndex((m) => moveKey(m) === moveKey(refine.moves[v.pick])) : -1;
  if (i === picked) return html`<small class="plain best" data-testid="move-${i}-best">best move, thinking ahead</small>`;
  if (i === 0) return picked >= 0 ? html`<small class="plain" data-testid="move-0-best">best one turn ahead</small>`
    : html`<small class="plain best" data-testid="move-0-best">${mug ? "best cut (the Coffee Mug first)" : "best move"}</small>`;
  return Math.abs(score(list[i]) - score(list[0])) < 1e-9 ? html`<small class="plain" data-testid="move-${i}-best">as good</small>` : "";
}

/** A compared move's lead over the team's first once thinking ahead is done, in points (its level is an estimate made
 * a turn on, no chance to win: a walkthrough read it beside Estimate's and Think longer's as three different ones). */
function thoughtAhead(refine, m, i) {
  const got = refine?.running ? null : searched(refine, m), ref = got && searched(refine, refine.moves[0]);
  if (!got) return "";
  const d = (got.p - ref.p) * 100, words = got.i === 0 ? "compared thinking ahead" : `${d >= 0 ? "+" : "−"}${Math.abs(d).toFixed(1)} points thinking ahead`;
  return html`<small class="played" data-testid="move-${i}-ahead" data-p="${got.p}" data-n="${got.n}" title="played first on ${refine.n} deals, then ${moreTurns(refine.depth)}; against the team's first move">${words}</small>`;
}

/**
 * Thinking ahead (by itself, on my turn, where my first moves are close): while it runs, how far it is; then
 * which move it found best and by how much over the other, in points of chance to win, with what it cost.
 */
function refineTemplate(ctx) {
  const r = ctx.refine;
  if (!r || r.close === false || (!r.running && !r.n && !r.error)) return "";
  const setup = ctx.state.setup;
  if (r.error) return html`<p class="hint" data-testid="refine-error">Thinking ahead failed: ${r.error}</p>`;
  if (r.running) {
    return html`<p class="hint" data-testid="refine-running">My first moves are close: thinking ahead${r.worlds ? ` (${r.n} of ${r.worlds} deals)` : ""}…</p>`;
  }
  const v = verdict(r);
  const first = moveText(r.moves[0], setup);
  const points = v.gap ? `${(v.gap.mean * 100).toFixed(1)} ± ${(v.gap.se * 100).toFixed(1)} points` : "";
  const words = v.pick ? `${moveText(r.moves[v.pick], setup)} is better than ${first} by ${points} of chance to win: it is my best move.`
    : v.gap ? `${first} stays my best move (${moveText(r.moves[v.other], setup)}: ${v.gap.mean >= 0 ? "+" : ""}${points}, not clearly better).`
      : `${first} stays my best move.`;
  return html`<p class="refine" data-testid="refine-found" data-pick="${v.pick}" data-n="${r.n}" data-key="${moveKey(r.moves[v.pick])}"
    data-doc="${JSON.stringify(r.doc)}">
    <span class="lbl">Thinking ahead:</span> ${words}
    <span class="hint" data-testid="refine-cost">${r.n} deals, then ${moreTurns(r.depth)}, the same deals for every move; ${(r.ms / 1000).toFixed(1)} s</span></p>`;
}

/** How far thinking ahead plays after my move, in words. */
const moreTurns = (depth) => (depth === 1 ? "one more turn" : `${depth} more turns`);

/** What each table card the team plays before its move buys, in words (arena/card_effects.py). */
const TABLE_CARD_BUYS = {
  6: "the detonator goes back a space",
  7: "the character cards used (Double Detectors…) come back: then look again, a detector may be the better cut",
  9: "if this cut fails, the detonator does not move and a red wire does not explode",
};

/** What ordered the list (the team policy's score, its cost) and the table cards it plays before the cut. */
function policyTemplate(ctx, list) {
  const moves = ctx.moves;
  if (!moves || !list.length || moves.policy !== "team") return "";
  const first = (moves.cards_first ?? []).map((id) => `${EQUIPMENT_NAMES[id] ?? id}${TABLE_CARD_BUYS[id] ? ` (${TABLE_CARD_BUYS[id]})` : ""}`);
  return html`${first.length ? html`<p class="cards-first" data-testid="cards-first">Before the cut, play: ${first.join(", ")}</p>` : ""}
    <p class="hint" data-testid="moves-policy">Best move first. The small score is the team policy's: the chance the cut works,
    plus the share of a failure that only moves the detonator (worth less the fewer mistakes are left), less a used
    card's cost (a red wire loses all)${list.some((m) => m.nano_value)
      ? html`, plus a bonus for a cut of Nano's value that works (${nanoDetonator(ctx.state.setup) ? "it moves Nano back a space" : "it takes one of Nano's wires"}: such a score may pass 1)` : ""}${list.some((m) => m.oxygen)
      ? html`; of two sure cuts, the one spending more oxygen goes first while the tokens are at hand (the cheaper keeps for a leaner turn)` : ""}${list.some((m) => m.p_card)
      ? html`; “card n%”: the chance the number card put down for this turn is the value cut (mission 29) — then the cut moves the detonator, a mistake in the score` : ""}${ctx.movesMs !== undefined ? html` — ranked in ${ctx.movesMs} ms` : ""}.</p>`;
}

/** What a special action's success is, in words (13, 39, 46, 48: every wire pointed at; 41: one tripwire). */
const SPECIAL_WORDS = { reds: "all red", sevens: "all 7s", lethal: "all yellow", tripwire: "yellow" };

/** The mission's special action (13, 39, 41, 46, 48): the wires I would point at, its chance (the joint law of those
 * wires), what a failure does, and whether the team takes it now (its score against the best cut's). */
function specialTemplate(ctx) {
  const sp = ctx.moves?.special;
  if (!sp) return "";
  const setup = ctx.state.setup;
  const at = (k) => `${standName(setup, k[0], k[1])} ${slotLetter(k[2])}`;
  const shows = sp.action === "tripwire" || sp.action === "lethal";
  const last = shows && sp.p_advance > 0 && sp.p_explode >= sp.p_red + sp.p_advance - 1e-9; // no mistake left
  const fail = !shows || last ? `else the bomb explodes${last ? " (no mistake left)" : ""}`
    : `else the detonator moves${sp.p_red > 0 ? ` (red ${pct(sp.p_red)}: the bomb explodes)` : ""}`;
  const now = ctx.t?.turn === setup.me ? "now" : "on your turn";
  const skip = sp.action === "tripwire" && ctx.t && onlyTripwireLeft(ctx.state, ctx.t, setup.me); // 41: I skip (the card)
  const verdict = skip ? `Not for you: with only your own tripwire (and red wires) left you skip your turn (${skipRule(setup)?.label}).`
    : sp.must ? `You must take it ${now} (only these wires left).` : sp.best ? `The team's best move ${now}.` : "Not yet: a cut below is worth more.";
  return html`<p class="special-advice" data-testid="special-advice" data-p="${sp.p_success}" data-best="${sp.best ? "true" : "false"}">
    <b>Special action</b>: point at ${[...sp.own, ...sp.spots].map(at).join(", ")} — ${SPECIAL_WORDS[sp.action] ?? `all ${setup.numbers?.[0]}s`}
    <span data-testid="special-p">${pct(sp.p_success)}</span>${sp.guaranteed ? " (sure)" : `; ${fail}`}.
    <span data-testid="special-verdict">${verdict}</span> ${recordable(ctx) && !skip ? btn("special-record", "Record this…", { cls: "link", testid: "special-record" }) : ""}</p>`;
}

/** What identifies a move between my best cuts and the "search" reply. */
const MOVE_KEYS = ["kind", "player", "stand", "slots", "value", "values", "mine"];
const moveKey = (m) => JSON.stringify(MOVE_KEYS.map((k) => m[k] ?? null));

/** The games won (or chances, thinking ahead) by each compared move (index into the reply), matched to a listed move. */
function searched(search, m) {
  if (!search?.moves || !search.n) return null;
  const i = search.moves.findIndex((c) => moveKey(c) === moveKey(m));
  if (i < 0) return null;
  const won = search.won[i];
  const p = won.reduce((a, b) => a + b, 0) / won.length;
  return { i, p, n: won.length, se: Math.sqrt((p * (1 - p)) / won.length) };
}

/** A listed move's share of games won when played out (once "Play them out" has run). */
function playedOut(search, m, i) {
  const got = searched(search, m);
  return got ? html`<small class="played" data-testid="move-${i}-search" data-p="${got.p}" data-n="${got.n}"
    title="played first, then the team plays on: games won">${got.n < FEW ? `won ${Math.round(got.p * got.n)} of ${got.n}` : `wins ${pct(got.p)} ± ${pct(got.se)}`}</small>` : "";
}

/** The compared moves in words: which wins most, by how much over the next (paired), and whether that is clear yet. */
function gapWords(best, gap, next, setup, n) {
  if (!gap) return `${moveText(best, setup)} is my only move to compare`;
  if (gap.mean === 0 && gap.se === 0) return `${moveText(best, setup)} and ${moveText(next, setup)} win the same games${n < FEW ? " so far" : ""}`;
  if (n < FEW) return `${moveText(best, setup)} leads ${moveText(next, setup)} by ${Math.round(gap.mean * n)} of ${n} games so far (too few to tell)`;
  const points = `${(gap.mean * 100).toFixed(1)} ± ${(gap.se * 100).toFixed(1)} points`;
  return `${moveText(best, setup)} wins most: +${points} over ${moveText(next, setup)}${gap.mean < 2 * gap.se ? " (not clear yet)" : ""}`;
}
const FEW = 20; // games below which a share is told as a count and no lead is called clear (2 of 2 is no "100 ± 0 %")

/**
 * My first moves compared by playing the game out (on request, on my turn): each is played first on the same
 * deals, then the team policy plays on; the move that wins most, by how much over the next (paired), the cost.
 */
function searchTemplate(ctx, list) {
  const { state, t } = ctx;
  const s = ctx.search;
  if (!list.length || t.turn !== state.setup.me || playoutsWithout(ctx)) return ""; // (its games are the win request's)
  let found = "";
  if (s?.moves && s.n) {
    const order = s.moves.map((_m, i) => i).sort((a, b) => s.won[b].reduce((x, y) => x + y, 0) - s.won[a].reduce((x, y) => x + y, 0));
    const best = s.moves[order[0]];
    const gap = order.length > 1 ? pairedGap(s.won[order[0]], s.won[order[1]]) : null;
    found = html`<span data-testid="search-found" data-n="${s.n}" data-best="${moveKey(best)}">${gapWords(best, gap, order.length > 1 ? s.moves[order[1]] : null, state.setup, s.n)}</span>
      <span class="hint" data-testid="search-cost">${s.n} deal${s.n === 1 ? "" : "s"} each, the same for every move; ${(s.ms / 1000).toFixed(1)} s</span>`;
  }
  return html`<div class="search" data-testid="search" data-equipment="${JSON.stringify(s?.equipment ?? null)}">
    <span class="lbl">Play them to the end:</span> ${found}
    ${s?.running ? html`${s.n ? "" : html`<span class="hint">playing my first moves on the same deals…</span>`} ${btn("search-stop", "Stop", { cls: "link", testid: "search-stop" })}`
      : btn("search-start", s?.n ? "Go on" : "Think longer", { cls: "link", testid: "search-start" })}
    ${s?.error ? html`<p class="hint" data-testid="search-error">${s.error}</p>` : ""}
  </div>`;
}

/** Whether I may play equipment card `id` now (face up, unlocked, unspent) and my wires are entered. */
function mayPlay(ctx, id) {
  const card = ctx.t.cards?.find((c) => c.id === id);
  const { setup } = ctx.state;
  const barred = setup.captain_no_equipment && setup.me === setup.captain; // 17, 28: the captain uses no equipment card
  return card?.state === "usable" && setup.me !== null && ctx.t.hasHand && !barred;
}

/** When my best cuts are for a later turn, why: another player takes the turn now (a mission with turns in any order
 * has none to name), or in 10 I played the last one (never twice in a row); else "". */
function laterWords(ctx) {
  const { setup } = ctx.state;
  const { t } = ctx;
  if (setup.free_turns) return playedLast(setup, t, setup.me) ? "for a later turn (I played the last one: never twice in a row)" : "";
  if (!Number.isInteger(t.turn) || t.turn === setup.me) return "";
  return namesCutter(setup) ? `if ${setup.players[t.turn]} names me to cut` : `for my next turn (${setup.players[t.turn]} plays now)`;
}

/** 18, 51: the player whose turn it is names who cuts — me, maybe, on their turn. */
const namesCutter = (setup) => radarTurns(setup) || setup.mission === 51;

/** Whether my advice may be recorded now: my turn (or one whose cutter is named: 18, 51); not on a teammate's —
 * it recorded the move as mine, out of turn (the walkthrough's 48). */
const recordable = (ctx) => !laterWords(ctx) || namesCutter(ctx.state.setup);

/**
 * The General Radar, when I may play it: on a tap, what asking each value I hold would buy me — my best cut
 * with it now and on average once every stand has answered, and how often that cut becomes sure.
 */
function radarTemplate(ctx) {
  if (!mayPlay(ctx, "8") || radarTurns(ctx.state.setup)) return ""; // 18: asked every turn on the card flipped, no choice
  const r = ctx.radar;
  const rows = (r?.values ?? []).slice(0, 3);
  return html`<div class="radar" data-testid="radar">
    <span class="lbl">General Radar:</span>
    ${r?.pending ? html`<span class="hint">weighing every answer…</span>` : rows.length ? "" : btn("radar-ask", "What would it buy?", { cls: "link", testid: "radar-ask" })}
    ${rows.length ? html`<ul class="radar-rows">${rows.map((v, i) => html`<li data-testid="radar-row-${i}" data-value="${v.value}" data-now="${v.now}" data-after="${v.after}" data-sure="${v.sure}">
      ask <b>${v.value}</b>: my best cut with ${v.value} goes from ${pct(v.now)} to ${pct(v.after)} on average${v.sure > 0 ? `, sure ${pct(v.sure)} of the time` : ""}</li>`)}</ul>` : ""}
    ${r?.values && !rows.length ? html`<p class="hint">I hold no blue wire to ask about.</p>` : ""}
    ${r?.error ? html`<p class="hint" data-testid="radar-error">${r.error}</p>` : ""}
  </div>`;
}

/** Why a move's failure explodes the bomb, not only a red wire: my turned-around wire, the fragile captain (14, 28), or
 * no mistake left. */
function explodeWhy(m, setup) {
  if (m.kind === "turned_cut") return "a failed cut of my turned wire explodes the bomb";
  if (setup.captain_fragile && setup.me === setup.captain) return "the captain's failed cut explodes the bomb (this mission)";
  return "no mistake left: a failure explodes the bomb";
}

/** The token kind a Post-it shows in this mission (its failures' kind), or null where mine are false or absent. */
function postitKind(setup) {
  if (setup.false_tokens || setup.tokens === "none") return null;
  return setup.tokens === "even_odd" || setup.tokens === "multiplicity" ? setup.tokens : "value";
}

/** The information cards the page advises on: id -> [name, what it goes on]. */
const TELL_CARDS = { "4": ["Post-it", "wire"], "1": ["Label ≠", "wires"], "12": ["Label =", "wires"] };

/**
 * The Post-it and the Labels, each when I may play it: on a tap, where it tells my teammates the most about
 * my stand (the token advice's first wire; the Label's first pair among those it fits).
 */
function tellTemplate(ctx) {
  const { state } = ctx;
  const kind = postitKind(state.setup);
  return Object.entries(TELL_CARDS).map(([id, [name, what]]) => {
    if (!mayPlay(ctx, id) || (id === "4" && !kind)) return "";
    const r = ctx.tell?.[id];
    const row = r?.rows?.[0];
    const where = row ? `${standName(state.setup, state.setup.me, row.stand)} ${row.slots.map(slotLetter).join("+")}` : "";
    return html`<div class="radar" data-testid="tell-${id}">
      <span class="lbl">${name}:</span>
      ${r?.pending ? html`<span class="hint">weighing my wires…</span>` : r?.rows ? "" : btn("tell-ask", "Where would it tell most?", { cls: "link", testid: `tell-${id}-ask`, arg: `${id} ${kind ?? ""}` })}
      ${row ? html`<span data-testid="tell-${id}-best" data-stand="${row.stand}" data-slots="${row.slots.join(" ")}" data-bits="${row.bits}">on my ${what} ${where}: it tells my teammates the most about my stand ${tellsWords(row.bits)}</span>` : ""}
      ${r?.rows && !row ? html`<p class="hint">No ${what} of mine can take it.</p>` : ""}
      ${r?.error ? html`<p class="hint" data-testid="tell-${id}-error">${r.error}</p>` : ""}
    </div>`;
  });
}

/** What of the mission's card the games played out leave out (54, 66): then neither the chance to win nor Think longer
 * is offered — no figure that is not the mission's (54's walkthrough: "all won" where oxygen had lost). */
const playoutsWithout = (ctx) => presetOf(ctx.missions, ctx.state.setup)?.playouts_without ?? null;

/** The chance to win (on request): games played out on exact worlds, the running estimate, Stop. */
function winTemplate(ctx) {
  const w = ctx.win;
  const without = playoutsWithout(ctx);
  if (without) return html`<div class="win" data-testid="win"><span class="lbl">Chance to win:</span> <span class="hint" data-testid="win-without">not estimated in this mission: the games played out would leave out ${without}.</span></div>`;
  const p = w && w.n ? w.wins / w.n : 0;
  const se = w && w.n ? Math.sqrt((p * (1 - p)) / w.n) : 0;
  const [lo, hi] = w && w.n ? wilson(w.wins, w.n) : [0, 1];
  const est = w && w.n ? html`<span data-testid="win-estimate" data-p="${p}" data-n="${w.n}" data-se="${se}" data-equipment="${JSON.stringify(w.equipment ?? null)}">
    ${w.wins === 0 || w.wins === w.n ? `${w.wins === 0 ? "none" : "all"} of ${w.n} games won` : `${pct(p)} ± ${pct(se)}`}</span>
    <span class="hint" data-testid="win-range">(${w.n} games; 95%: ${pct(lo)}–${pct(hi)})</span>` : ""; // (all or none won: no "± 0%" beside a range)
  return html`<div class="win" data-testid="win">
    <span class="lbl">Chance to win:</span> ${est}
    ${w?.running ? html`${w.n ? "" : html`<span class="hint">playing the first games…</span>`} ${btn("win-stop", "Stop", { cls: "link", testid: "win-stop" })}`
      : btn("win-start", w?.n ? "Go on" : "Estimate", { cls: "link", testid: "win-start" })}
    ${w?.error ? html`<p class="hint" data-testid="win-error">${w.error}</p>` : ""}
  </div>`;
}

const OUTCOME_WORDS = { success: "works", failure: "fails", explode: "explodes", not_allowed: "not allowed" };

/** The token a failure leaves, in words: "token 7", "yellow token", "an even token", "an x2 token"; none shown on a
 * wire of a player whose tokens are false (17's captain, 52): the false token of the value said. */
function failureToken(shows, setup, o, said) {
  if (shows === "Y") return "yellow token";
  if (shows === "-") return o.slot && said && placesFalseTokens(setup, o.slot[0]) ? `a false token “not ${said}”` : "no token";
  const mark = { E: "an even", O: "an odd" }[shows] ?? (isCount(shows) ? `an ${markName(shows)}` : null);
  return mark ? `${mark} token` : `token ${shows}`;
}

/** What one outcome of a move leads to, in a few words. */
function outcomeText(o, setup, said) {
  const where = o.slot ? `${standName(setup, o.slot[0], o.slot[1])} ${slotLetter(o.slot[2])}` : "";
  const head = o.kind === "success" ? `works${where ? `: ${where} is ${o.shows === "Y" ? "yellow" : o.shows}` : ""}`
    : o.kind === "failure" ? `fails: ${failureToken(o.shows, setup, o, said)} on ${where}` : OUTCOME_WORDS[o.kind] ?? o.kind;
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
    <ul>${shown.map((o, k) => html`<li data-testid="outcome-${k}" data-kind="${o.kind}" data-p="${o.p}"><span class="pct">${pct(o.p)}</span> ${outcomeText(o, ctx.state.setup, row.move?.value)}</li>`)}</ul>
    ${hidden > 0 ? html`<p class="hint">${hidden} more, each under 0.05%</p>` : ""}
    <p class="hint" data-testid="outcomes-score">Expected sure cuts after: ${row.expected_sure_cuts.toFixed(1)}</p>
  </div>`;
}
