// Table app templates for the table itself: the stands and their slots, the status line, who holds
// what, the turn log, equipment cards and number cards, the share sheet, starting-token advice.
// Pure functions from data to HTML text; every value is escaped (html`` from ../shared/html.js). No DOM access here.

import { html, pct } from "../shared/html.js";
import { ICON_DELETE, ICON_EDIT } from "./icons.js";
import { ACTION_CARDS, ACTION_NAMES, colourOf, costsItsValue, NANO_END, nanoDetonator, ddSpent, ddUsers, draftOfCard, personalHolder, personalName, specialAction, specialOpen, oxygenFor, PASSED_OXYGEN, slotLetter, standName, standSizes, tokensReadable, drawnTokensDue, giftPair, giftReceiver, skipRule, spokenRule, actionLabel, besideNow, faceUpCards } from "./table-state.js";
import { btn, chip, markChip, markName, probColour, tokenWords, valueName } from "./template-parts.js";
import { besideTokens, placesFalseTokens } from "./setup.js";
import { cardInPlayTemplate, challengesTemplate, equipmentTemplate } from "./cards-templates.js";
import { activeChallenges, hasChallenges } from "./challenge-cards.js";

/**
 * One slot of a stand, a button. Its accessible name (WCAG 2.5.3) is where it is, then the very text it shows
 * in the same order (the letter, a mark, the value, the rounded %), then what that text means:
 * "Cid, slot G: 5 84%, hidden, most likely 5, may be red".
 */
function slotView(ctx, p, s, j, sl) {
  const { state, result, highlight, picked, culprits } = ctx;
  const key = `${p}-${s}-${j}`;
  const probs = result?.slots.get(key) ?? null;
  const me = state.setup.me;
  const markText = markChip(sl);
  const meaning = tokenWords(sl);
  const marks = markText ? html`<span class="mark${markText.length > 4 ? " long" : ""}" title="${meaning.filter((w) => !w.startsWith("label")).join(", ")}">${markText}</span> ` : "";
  // Label = / ≠ (cards 12, 1): the token in front of two neighbouring wires, drawn on each towards the other
  const labs = (sl.labs ?? []).map((x) => html`<span class="lab ${x.side}" data-testid="label-${key}-${x.side}">${x.sym}</span>`);
  let cls = "slot";
  let shown;
  let style = "";
  if (sl.c === "cut" || sl.rev) { // (11: a wire of the number card's value, revealed as red wires are)
    cls += ` cut ${sl.rev ? "red" : colourOf(sl.v)}`;
    shown = [sl.v];
    meaning.unshift(sl.rev ? `${valueName(sl.v)} revealed: it counts as red` : `cut ${valueName(sl.v)}`);
  } else if (p === me && sl.own) {
    cls += ` own ${colourOf(sl.own)} ${sl.c === "info" ? "info" : ""}`;
    shown = [sl.own];
    meaning.unshift(`my ${valueName(sl.own)}`, sl.c === "info" ? "info token shown" : "");
  } else if (probs) {
    const top = probs.top;
    const c = probColour(top.p);
    cls += ` prob${probs.red > 0 ? ` may-red${probs.red < 0.01 ? " faint" : ""}` : ""}${sl.c === "info" ? " info" : ""}`;
    style = `background:${c.bg};color:${c.fg}`;
    shown = [sl.c === "info" ? sl.v : top.value, String(Math.round(top.p * 100))];
    meaning.unshift(sl.c === "info" ? `info token ${valueName(sl.v)}` : "hidden");
    meaning.push(`most likely ${valueName(top.value)}`, probs.red > 0 ? "may be red" : "");
  } else {
    cls += ` hidden${sl.c === "info" ? " info" : ""}`;
    shown = [sl.c === "info" ? sl.v : sl.col ? sl.col.toUpperCase() : "?"];
    meaning.unshift(sl.c === "info" ? `info token ${valueName(sl.v)}` : "hidden");
  }
  if (String(shown[0]).length > 2) cls += " long"; // "Y10", "R11": a smaller face, inside the tile
  if (highlight.has(key)) cls += " hl";
  if (picked.has(key)) cls += " picked";
  if (culprits.has(key)) cls += " culprit";
  const text = [markText, ...(sl.labs ?? []).map((x) => x.sym), shown[0], shown.length > 1 ? `${shown[1]}%` : ""].filter(Boolean).join(" ");
  const label = `${standName(state.setup, p, s)}, slot ${slotLetter(j)}: ${text}, ${meaning.filter(Boolean).join(", ")}`;
  // an info token is drawn as a token (a disc around its value), not only as a value
  const v = sl.c === "info" ? html`<span class="v tok" data-testid="token-${key}">${shown[0]}</span>` : html`<span class="v">${shown[0]}</span>`;
  const body = html`${v}${shown.length > 1 ? html` <span class="p">${shown[1]}</span>` : ""}`;
  // the letter first: the name reads "slot G: …" in the order the text is found (it is drawn at the bottom)
  return html`<button type="button" class="${cls}" data-act="slot" data-arg="${key}" data-testid="slot-${key}"
    data-token="${sl.c}" ${probs ? html`data-probs="${JSON.stringify(probs.probs)}"` : ""} style="${style}"
    aria-label="${label}"><span class="letter">${slotLetter(j)}</span> ${marks}${labs}${body}</button>`;
}

export function standsTemplate(ctx) {
  const { state, t } = ctx;
  const rows = [];
  state.setup.players.forEach((name, p) =>
    t.stands[p].forEach((st, s) => {
      const badges = [
        p === state.setup.captain && s === 0 ? html`<span class="badge">${state.setup.mission === 14 ? "captain, intern" : "captain"}</span>` : "",
        p === state.setup.me && s === 0 ? html`<span class="badge me">me</span>` : "",
        p === t.turn && s === 0 && !t.exploded && !t.defused && !state.setup.free_turns ? html`<span class="badge turn" data-testid="turn-badge">turn</span>` : "",
        s === 0 && ddSpent(t, p) ? html`<span class="badge spent" data-testid="dd-spent-${p}"
          title="${personalName(state.setup, p)} used (Emergency Batteries give it back)">${personalName(state.setup, p)} used</span>` : "",
        ...[...new Set(t.absent.filter((x) => x.p === p && (x.s === null || x.s === s)).map((x) => x.v))].map((v) =>
          html`<span class="badge" data-testid="absent-${p}-${s}-${v}" title="“I have none” token">no ${v === "Y" ? "yellow" : v}</span>`),
        ...(s === 0 ? [...new Set(t.beside.filter((x) => x.p === p).map((x) => x.v))] : []).map((v) =>
          html`<span class="badge" data-testid="beside-${p}-${v}" title="an info token beside the stand: a wire of this value, somewhere">has ${v === "Y" ? "yellow" : v}</span>`),
      ];
      // a mis-tapped hand is fixed from here: the hand screen opens with my wires (acts-hand.js)
      const edit = p === state.setup.me && s === 0 ? btn("edit-hand", "Edit my wires", { cls: "link edit-hand", testid: "edit-hand" }) : "";
      rows.push(html`<div class="stand" data-testid="stand-${p}-${s}" role="group" aria-label="${standName(state.setup, p, s)}">
        <div class="stand-head"><span class="name">${standName(state.setup, p, s)}</span>${badges}${edit}</div>
        <div class="stand-slots" style="--n:${st.length}">${st.map((sl, j) => slotView(ctx, p, s, j, sl))}</div>
      </div>`);
    }),
  );
  const cached = ctx.cached ? html`<p class="hint cached" data-testid="results-cached">Your last results: not yet fresh, the engine is starting…</p>` : "";
  // what a hidden tile's figures mean, once there are figures to read
  const legend = ctx.result ? html`<p class="hint legend" data-testid="stands-legend">On a hidden wire: its likeliest value and that value's
    chance (in %); a red dot: it may be red (a pale one: under 1 %). Tap a wire for every value's chance.</p>` : "";
  // 54: the reds wait in a face-down pile and enter when the sound file says: the chances know nothing of them
  const pile = state.setup.mission === 54 ? html`<p class="hint warn" data-testid="red-pile">The 11 red wires of the face-down pile are
    not followed once they enter the stands: the chances here leave them out.</p>`
    // 66: the bunker board is not modelled (docs/missions.md): said where the chances are read, as 54's pile
    : state.setup.mission === 66 ? html`<p class="hint warn" data-testid="bunker">The bunker board (the standee, its cards A–E, ACTION,
    the striped spaces) is not followed: the chances and my best cuts play the wires alone — cut yellow only when the board tells you.</p>` : "";
  // while the table has an error the figures are the last good table's: said where they are read, not only at the top
  const stale = ctx.error?.stale ? html`<p class="hint warn" data-testid="stands-stale">These chances are from the last table that
    worked: the error above says what no deal fits.</p>` : "";
  return html`<section class="stands ${ctx.pending ? "updating" : ""} ${stale ? "stale" : ""}" data-testid="stands" data-turn="${t.turn}" aria-label="Stands">${cached}${pile}${stale}${rows}${legend}</section>`;
}

export function statusTemplate(ctx) {
  const { t, state } = ctx;
  return html`<section class="status-bar" aria-label="Table status">
    ${nanoDetonator(state.setup) ? nanoTemplate53(t) : detonatorTemplate(state, t)}
    <div class="validated" data-testid="validated" data-values="${t.validated.join(" ")}">
      <span class="lbl" id="validated-lbl">Validated${inOrder(t) ? " (in order)" : ""}</span>${t.validated.length ? html`<span role="list" aria-labelledby="validated-lbl">${(inOrder(t) ? t.validOrder : t.validated).map((v) => html`<span class="chip static" role="listitem">${v}</span>`)}</span>` : html`<span class="none">none</span>`}</div>
    ${equipmentTemplate(state, t)}
    ${cardInPlayTemplate(ctx)}
    ${challengesTemplate(state.setup, t)}
    ${nanoTemplate(ctx)}
    ${oxygenTemplate(ctx)}
    ${giftsTemplate(state, t)}
    ${drawnTokensTemplate(state)}
    ${unseenTurnedTemplate(state, t)}
    ${t.exploded ? html`<p class="boom" data-testid="exploded" role="alert">The bomb exploded: the mission is lost.</p>` : ""}
    ${t.defused ? html`<p class="won" data-testid="defused" role="status">Every wire is cut: the bomb is defused, the mission is won.</p>` : ""}
  </section>`;
}

/** 38, 56, 64: the teammates' turned-around wires face me, and the odds want their values: which I have not entered. */
function unseenTurnedTemplate(state, t) {
  const { setup } = state;
  if (!setup.turned || setup.me === null || !t.hasHand) return "";
  const left = [];
  t.stands.forEach((ss, p) => ss.forEach((st, s) => st.forEach((sl, j) => {
    if (p !== setup.me && sl.tw && sl.c !== "cut" && !sl.own) left.push(`${standName(setup, p, s)} ${slotLetter(j)}`);
  })));
  return left.length ? html`<p class="hint gifts" data-testid="turned-due" role="status"><strong>Turned-around wires</strong> face you: tap each and say what you see (${left.join(", ")}).</p>` : "";
}

/** The starting tokens (chosen; 13, 39, 41: drawn at random; 22: two "I have none" tokens): who still has theirs to
 * place, and how. */
function drawnTokensTemplate(state) {
  const due = drawnTokensDue(state);
  if (!due) return "";
  const { players } = state.setup;
  const left = due.per.filter((x) => x.have < x.need).map((x) => `${players[x.p]}${x.need > 1 ? ` (${x.need - x.have} left)` : ""}`);
  const how = due.kind === "chosen"
    ? html`each player puts ${placesFalseTokens(state.setup, null) ? "their false tokens (“not N”, on any of their wires, red included)"
      : `${{ value: "an info token", even_odd: "an even/odd token", multiplicity: "an x-token" }[state.setup.tokens]} on one of their blue wires${
        state.setup.false_by === "captain" ? `; the captain, ${players[state.setup.captain]}, two false ones instead (“not N”, never on a red wire)` : ""}`} (tap the wire, <em>Set tokens</em>)${
      besideTokens(state.setup) ? html` — in 50 pointed at, then put beside the stand: the wire as you remember it, or <em>Token beside the stand</em>` : ""}`
    : due.kind === "random"
    ? html`each player draws an info token at random and puts it on a wire of its value (tap that wire, <em>Set tokens</em>, the info token) or, without one, beside their stand (<em>I have none</em> below)`
    : html`each player puts two tokens of values they do not hold beside their stand${standSizes(state.setup).some((ss) => ss.length > 1)
      ? " (a player with two stands: one beside each)" : ""}: <em>I have none</em> below`;
  return html`<p class="hint gifts" data-testid="drawn-tokens" data-left="${left.length}" role="status"><strong>Starting tokens</strong>: ${how}. Still to place: ${left.join(", ")}.</p>`;
}

/** 22: the token gifts due once two yellow wires are cut, giver to receiver from the captain, and those recorded. */
function giftsTemplate(state, t) {
  const g = t.gifts;
  if (!g || g.given >= g.of || t.exploded || t.defused) return "";
  const { players } = state.setup;
  if (state.setup.mission === 27) { // the draw: from the captain, each takes one of the tokens face up
    const next = players[giftReceiver(state.setup, g.given)];
    return html`<p class="hint gifts" data-testid="token-draw" data-given="${g.given}" data-of="${g.of}" role="status">
      <strong>Token draw</strong> (two yellow wires cut): draw ${g.of} info tokens at random, face up; from the captain, each player
      takes one. <strong>Next: ${next}.</strong> On a wire of its value: tap that wire, <em>Set tokens</em>, the info token; with none,
      <em>I have none</em> below. ${g.given} of ${g.of} recorded.</p>`;
  }
  const pairs = players.map((_n, k) => giftPair(state.setup, k));
  const [giver, to] = pairs[g.given];
  return html`<p class="hint gifts" data-testid="token-gifts" data-given="${g.given}" data-of="${g.of}" role="status">
    <strong>Token gifts</strong> (two yellow wires cut): each player, from the captain, gives a token to their left neighbour
    (${pairs.map(([a, b]) => `${players[a]} → ${players[b]}`).join(", ")}). <strong>Next: ${players[to]} gets ${players[giver]}'s.</strong>
    On a wire of its value: tap that wire, <em>Set tokens</em>, the info token; with none, <em>I have none</em> below.
    ${g.given} of ${g.of} recorded.</p>`;
}

/** The detonator's dial: mistakes made, the skull at the end (and the spaces won back past its start: 41, 55, 60, 62). */
function detonatorTemplate(state, t) {
  const total = state.setup.mistakes + Math.max(0, -t.mistakesMade);
  const dial = Array.from({ length: total + 1 }, (_, k) =>
    html`<span class="tick ${k < t.mistakesMade ? "used" : ""} ${k === total ? "skull" : ""}">${k === total ? "☠" : ""}</span>`);
  return html`<div class="detonator" data-testid="detonator" data-made="${t.mistakesMade}" data-left="${t.mistakesLeft}"
      role="img" aria-label="Detonator: ${Math.max(0, t.mistakesMade)} mistakes made, ${t.mistakesLeft} left">
      <span class="lbl">Detonator</span>${dial}<span class="num">${t.exploded ? "exploded" : `${t.mistakesLeft} left`}</span></div>`;
}

/** Mission 53: Nano's track 1-12 in place of the detonator, Nano's space and the failures it can still take. */
function nanoTemplate53(t) {
  const sp = t.nanoSpace;
  const dial = Array.from({ length: NANO_END }, (_, k) => k + 1).map((v) =>
    html`<span class="tick ${v < sp ? "used" : ""} ${v === sp ? "nano-here" : ""} ${v === NANO_END ? "skull" : ""}">${v === NANO_END ? "☠" : v === sp ? v : ""}</span>`);
  const where = sp >= 1 ? `on ${sp}` : "before 1";
  const left = `${t.mistakesLeft} failure${t.mistakesLeft === 1 ? "" : "s"} left`;
  return html`<div class="detonator nano-track" data-testid="detonator" data-nano="${sp}" data-made="${t.mistakesMade}"
      data-left="${t.mistakesLeft}" role="img" aria-label="Nano ${where} (the bomb explodes on ${NANO_END}): ${left}">
      <span class="lbl">Nano</span>${dial}<span class="num">${where} · ${left}</span></div>`;
}

/** Nano's pile (43): wires left, and the likeliest values of the next wire taken (the engine's law). */
function nanoTemplate(ctx) {
  const { state, t, result } = ctx;
  if (!state.setup.nano) return "";
  const left = t.nanoLeft;
  const law = Object.entries(result?.nano?.probs ?? {}).sort((a, b) => b[1] - a[1]).slice(0, 3);
  const due = Number.isInteger(t.nanoDue) ? html`<span class="hint" data-testid="nano-due">${state.setup.players[t.nanoDue]} has just cut a wire
    of Nano's value: they take one of its wires (record where it went: “Nano's wire”)</span>` : "";
  return html`<div class="nano" data-testid="nano" data-left="${left}" data-space="${t.nanoSpace}">
    <span class="lbl">Nano</span><span class="num">on ${t.nanoSpace} · ${left} wire${left === 1 ? "" : "s"} left</span>${left && law.length
      ? html` <span class="hint">a wire taken from Nano: ${law.map(([v, p]) => `${v} ${Math.round(p * 100)}%`).join(", ")}.</span>` : ""} ${due}</div>`;
}

/** Oxygen (44, 49, 54, 63): what the player to play may spend on their cut, what I may spend on mine (`data-have`;
 * before my turn in 44 and 63 at most that: the players before me may spend some — unless I am the captain, whose turn
 * brings them all back), and in 63 the tokens spent this
 * round, which the captain takes back. */
function oxygenTemplate(ctx) {
  const { state, t } = ctx;
  const { setup } = state;
  const over = t.exploded || t.defused;
  const now = over ? null : oxygenFor(state, t, t.turn);
  const mine = oxygenFor(state, t, setup.me);
  const ox = mine ?? now;
  if (!ox) return "";
  const shared = ox.kind === "pass" || ox.kind === "reserve";
  const parts = [];
  if (now && t.turn !== setup.me) parts.push(`${setup.players[t.turn]} (to play): ${now.have} ${now.where}`);
  if (mine) parts.push(`${now && t.turn === setup.me ? "you (to play)" : "you"}: ${shared && t.turn !== setup.me && setup.me !== setup.captain ? "at most " : ""}${mine.have} ${mine.where}`);
  // 49, 54: all in view — the player to play among them once the game is over (49's walkthrough: the last to play's
  // tokens went missing from the team's)
  if (!shared) setup.players.forEach((name, p) => { if (p !== setup.me && !(now && p === t.turn)) parts.push(`${name}: ${oxygenFor(state, t, p)?.have ?? 0}`); });
  if (now && ox.kind === "pass") {
    const spent = (PASSED_OXYGEN[setup.players.length] ?? 0) - now.have;
    if (spent > 0) parts.push(`${spent} spent this round, back to the captain at their turn`);
  }
  return html`<div class="oxygen" data-testid="oxygen" data-have="${ox.have}">
    <span class="lbl">Oxygen</span><span class="num">${parts.join(" · ")}</span>
    <span class="hint">(${costsItsValue(ox.kind) ? "a cut takes as many as its value" : "a cut of 1–4 takes 1, 5–8 takes 2, 9–12 takes 3"})</span></div>`;
}

/** 55, 57, 60: the values in the order they were validated, where a card reads that order (55's walkthrough: shown
 * sorted, though challenges 4 and 8 read the first ones). */
const inOrder = (t) => (t.validOrder?.length ?? -1) === t.validated.length && t.validated.length > 1;

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
  // (it comes with my best cuts: while they work out a newer table, the figures are the last table's)
  return html`<details class="holdings ${ctx.pendingMoves ? "updating" : ""}" data-testid="holdings" open>
    <summary>Who holds what (chance of at least one)${values.length > 10 ? html` <small class="hint" data-testid="holdings-scroll">— scroll sideways for every value</small>` : ""}${ctx.pendingMoves ? html` <span class="updating-tag" data-testid="holdings-updating">updating…</span>` : ""}</summary>
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
    ${t.exploded || t.defused ? html`<p class="hint" data-testid="log-over">The game is over (${t.exploded ? "the bomb exploded" : "the bomb is defused"}):
      nothing more to record. Undo, or edit an entry, if one was a slip.</p>`
    : html`<div class="actions" role="group" aria-label="Record an action">
      ${Object.entries(ACTION_NAMES).filter(([k]) => actionAllowed(k, state, t)).sort(([a], [b]) => FIRST.includes(b) - FIRST.includes(a)).map(([k]) => btn("action", actionLabel(k, state.setup), { cls: "chip", arg: k, testid: `action-${k}` }))}
    </div>`}
    ${state.log.length ? "" : html`<p class="hint">Tap a wire to record a cut or set its tokens; the buttons above record equipment.</p>`}
    <ol class="entries">${state.log.map((e, i) => {
      const r = t.entries[i];
      return html`${rotationsAt(state, i)}<li class="${r.ok ? "" : "bad"}" data-testid="log-${i}">
        <span class="text">${r.text}</span>
        ${r.ok ? "" : html`<span class="err" data-testid="log-${i}-error">${r.error}</span>`}
        ${e.k === "damaged" ? "" : btn("edit", ICON_EDIT, { cls: "icon", arg: i, testid: `log-${i}-edit`, aria: `Edit: ${r.text}` })}
        ${btn("delete", ICON_DELETE, { cls: "icon", arg: i, testid: `log-${i}-delete`, aria: `Delete: ${r.text}` })}
      </li>`;
    })}${rotationsAt(state, null)}</ol>
  </section>`;
}

/** 61: the cards' rotations made before log entry i (null: after the last), as lines of the log (a setup change:
 * Undo takes one back). */
const rotationsAt = (state, i) => (state.setup.ring_log ?? []).map((x, k) => ({ ...x, k }))
  .filter((x) => (i === null ? x.at >= state.log.length : x.at === i))
  .map((x) => html`<li class="note" data-testid="log-rotated-${x.k}"><span class="text">Cards rotated ${x.step > 0 ? "clockwise" : "counter-clockwise"}: ${x.text}</span></li>`);

function actionAllowed(k, state, t) {
  // in play and not spent (replay.js: countCuts); one not usable yet stays offered — a cut may be missing from the log —
  // and its entry says so beside it (replay-table.js: spend)
  const eq = t.cards.filter((c) => c.state !== "used").map((c) => c.id);
  // (a new character's personal equipment plays as its card: E1-E4)
  const has = (id) => eq.includes(id) || personalHolder(state.setup, t, draftOfCard(id)) !== null;
  if (ACTION_CARDS[k]) return has(ACTION_CARDS[k]);
  switch (k) {
    case "dual": return true; // also started by tapping a wire, mine included
    case "double": return ddUsers(state.setup, t).length > 0; // someone still has theirs
    case "nano": return (t?.nanoLeft ?? 0) > 0;
    case "skip": return Boolean(skipRule(state.setup));
    case "swap": return state.setup.mission === 61;
    case "weak": case "weakstuck": return t.weak === "hidden"; // 34, while the cards are hidden
    case "give": return Boolean(faceUpCards(state.setup, t, 0)); // 65, once the hands dealt are entered
    case "cardflip": return state.setup.mission === 31;
    case "beside": return besideNow(state.setup, t);
    case "redcall": return activeChallenges(state.setup, t).includes(1) || (hasChallenges(state.setup) && !state.setup.challenges?.length && !t.redcallDone); // challenge 1: once
    case "shown": return state.setup.number_cards === "guess";
    case "discard": return false; // 29: recorded by a tap on its reminder (guess cards), which says which card
    case "missed": case "tell": case "ycount": return state.setup.sound_rounds; // 30: the sound file's rounds
    case "spoken": return Boolean(spokenRule(state.setup)); // 25: no numbers may be spoken; 45: only “Snip!”
    case "special": return specialOpen(state.setup, t);
    case "challenge": return hasChallenges(state.setup) && (t.challenges ?? 0) < state.setup.players.length // one card each
      && (!state.setup.challenges?.length || activeChallenges(state.setup, t).some((c) => c !== 1)); // (1: "It is RED")
    // 11: the hidden value's wires; 13: a hand of reds alone does the special action, never a reveal (the card)
    case "red": return (state.setup.red.mode !== "none" || state.setup.hidden_red) && specialAction(state.setup) !== "reds";
    // (13, 39, 41: only the token drawn at the start may go beside the stand)
    case "absent": return state.setup.absent_tokens || (state.setup.random_info_token && Boolean(drawnTokensDue(state))) || (state.setup.mission === 27 && t.gifts && t.gifts.given < t.gifts.of);
    default: return true;
  }
}

/** 30's sound-file events come first: the rounds are timed. */
const FIRST = ["missed", "tell", "ycount"];


const tokenText = (token) => {
  if (token?.startsWith("i")) return token === "iY" ? "yellow info token" : `info token ${token.slice(1)}`;
  if (token?.startsWith("!")) return `false token “not ${token.slice(1)}”`;
  return markName(token);
};

/** Row i of the starting-token advice in plain words, beside its figures. */
function adviceWords(list, i) {
  if (i === 0) return "tells your team the most";
  return list[i].gain_bits >= 0.95 * list[0].gain_bits ? "tells them about as much" : "tells them less";
}

/** The starting-token advice's frame: its heading ("updating…" while the engine works), the engine's error or the
 * wait, one button a row (`row(r, i, list)`: the <li>'s inside) and the notes below. */
function advicePanel(advice, kind, label, heading, waiting, row, notes) {
  const list = advice.rows ?? [];
  return html`<section class="moves advice ${advice.pending ? "updating" : ""}" data-testid="advice" data-kind="${kind}" aria-label="${label}">
    <h3>${heading} ${advice.pending ? html`<span class="updating-tag">updating…</span>` : ""}</h3>
    ${advice.error ? html`<p class="hint" data-testid="advice-error">No advice: ${advice.error}</p>` : ""}
    ${!list.length && !advice.error ? html`<p class="hint">${waiting}</p>` : ""}
    <ol>${list.map((r, i) => html`<li>${row(r, i, list)}</li>`)}</ol>
    ${notes}
  </section>`;
}

/** "Your starting token": the best 3 slots of my stand(s) for the mission's token kind; 17's captain, 52: my false
 * tokens — on the wires where the value they rule out is likeliest to teammates. */
export function adviceTemplate(ctx) {
  const { advice, state } = ctx;
  if (!advice?.due) return "";
  const { kind } = advice.due;
  const two = ctx.t.stands[state.setup.me].length > 1;
  const where = (r) => `${tokenText(r.token)} → ${two ? `stand ${r.stand + 1} ` : ""}slot ${r.letter}`;
  const button = (r, i, inner, aria = null) => html`<button type="button" class="move" data-act="advice" data-arg="${i}" data-testid="advice-${i}"
    data-slot="${r.stand}-${r.slot}" data-token="${r.token}"${aria ? html` aria-label="${aria}"` : ""}>${inner}</button>`;
  if (kind === "false") {
    return advicePanel(advice, kind, "Your false tokens", `Your false tokens (${advice.due.left} to place)`, "Working out which values your false tokens should rule out…",
      (r, i) => button(r, i, html`<span class="what">${where(r)}</span>
        <small class="figure" data-testid="advice-${i}-p">a ${r.token.slice(1)} there, as your teammates see it: ${pct(r.p)}</small>`),
      html`<p class="hint" data-testid="advice-basis"><small>Each false token says “not N”: the advice puts it where your teammates would
      think N likeliest (of the values the wire is not; never on a red wire in 17), so it rules out the most — as the arena's players do.</small></p>`);
  }
  return advicePanel(advice, kind, "Your starting token", "Your starting token", "Working out where your token tells the team the most…",
    (r, i, list) => button(r, i, html`<span class="what">${where(r)}
          <small class="plain" data-testid="advice-${i}-words">${adviceWords(list, i)}</small></span>
        <small class="figure"><span data-testid="advice-${i}-bits" data-bits="${r.gain_bits}">${r.gain_bits.toFixed(1)} bits</span>
          · <span data-testid="advice-${i}-resolved" data-resolved="${r.resolved}">${pct(r.resolved)}</span></small>`,
    `${where(r)} ${adviceWords(list, i)} ${r.gain_bits.toFixed(1)} bits · ${pct(r.resolved)} of the uncertainty resolved`),
    html`${advice.basis ? html`<p class="hint" data-testid="advice-basis"><small>The small figures: how much your token tells your team about your
      stand (in bits), and the share of their doubt about it that it clears. Based on ${advice.basis}.</small></p>` : ""}
    ${state.setup.read_tokens && tokensReadable(state.setup) ? html`<p class="hint" data-testid="advice-read"><small>Your team places the advised tokens (setup): teammates read yours as this first choice, so place it there.</small></p>` : ""}`);
}
