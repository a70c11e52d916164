// The cards a player holds or sees that decide which cuts they may make: my constraint cards and the number cards
// in view (the cuts they forbid me are listed with my best cuts); the equipment cards in play and what each waits for.
// Pure functions, no DOM access.

import { html } from "../shared/html.js";
import { lineAhead, lineFacing, lineReady } from "./nano-line.js";
import { btn, chip } from "./template-parts.js";
import { CARD_LETTERS, CARD_NAMES, cardDue, ringHeld, ringPlaceName, ringRotateBar, ringSeats, cardForAll, EQUIPMENT_NAMES, cardLetters, faceUpCards, isSetupEntry, numberCardsAtMost, oneCardAtATime, oneCardEach, presetOf, rightOf, sequenceAt, weakLink } from "./table-state.js";
import { dealtCounts, liveValues, myNumberCards } from "./guess-cards.js";
import { aValue } from "./setup.js";
import { activeChallenges, challengeName, hasChallenges } from "./challenge-cards.js";
import { flipsByCuts, pickedUp, sumCards } from "./pick-cards.js";
import { nobleDeck } from "./card-play-docs.js";

/** My constraint cards (missions that use them, and custom setups): in 31 one of A-E, chosen before the tokens. */
export function cardsTemplate(ctx, top = false) {
  const { state, t } = ctx;
  const setup = state.setup;
  const preset = presetOf(ctx.missions, setup);
  const cards = setup.cards ?? [];
  const one = oneCardEach(preset);
  // 30: the card in view changes every few seconds; 29: a card is put down for every turn (mine, and who holds what);
  // 65: each turn's cuts are the actor's cards, and a card is given after it
  if (setup.sound_rounds || setup.number_cards === "guess" || (t && faceUpCards(setup, t, 0))) return top ? numbersTemplate(setup, t) : "";
  // one who watches (no seat, or no hand yet) gets no best cuts, where the number cards sit: they go above the stands
  // (9's walkthrough: a shared link opened to watch showed no Sequence card)
  if (setup.me === null || (t && !t.hasHand)) return top ? numbersTemplate(setup, t) : "";
  // 31: the card is chosen before the starting tokens, so until then the picker comes first, above the stands
  // 32, 37: the card face up for everyone, while none is tapped (at the start; the deck empty, none binds)
  const first = (one && !cards.length && state.setup.me !== null && !state.log.some((e) => !isSetupEntry(e)))
    || (cardForAll(preset) && setup.mission !== 57 && !cards.length);
  if (top !== first) return top ? "" : numbersTemplate(setup, t);
  // the card picker where the mission uses constraint cards, and in custom setups
  // (66: the bunker's cards A–E direct the standee, they bind no cut — the board is not followed: table-templates says so)
  const picker = (setup.mission === null || preset?.constraints || cards.length) && preset?.constraints !== "bunker"
    ? html`<details class="cards" data-testid="cards" ${cards.length || preset?.constraints ? html`open` : ""}>
    <summary>${cardForAll(preset) ? "The constraint card in play (it binds everyone)" : `My constraint card${oneCardAtATime(preset) ? "" : "s"}`}${cards.length ? `: ${cards.join(" ")}` : one ? " (pick one of A–E, before the starting tokens)" : ""}${
      t?.flipped?.includes(setup.me) ? html` <span class="hint" data-testid="card-down-me">— face down: it binds me no more</span>` : ""}</summary>
    <div class="chips" role="group" aria-label="${cardForAll(preset) ? "The constraint card in play" : "My constraint cards"}">${cardLetters(preset).map((c) => {
    const gone = !cards.includes(c) && (setup.cards_gone ?? []).includes(c); // 32, 37: discarded from play (a tap brings it back)
    return html`<button type="button" class="chip ${cards.includes(c) ? "on" : gone ? "done" : ""}" data-act="card" data-arg="${c}" data-testid="card-${c}"
      aria-pressed="${cards.includes(c) ? "true" : "false"}" title="${CARD_NAMES[c]}${gone ? " (discarded)" : ""}">${c} <small>${CARD_NAMES[c]}${gone ? " · discarded" : ""}</small></button>`;
  })}</div>
    ${cardForAll(preset) ? deckHint(setup, t) : ""}${weakLink(setup) ? weakTemplate(setup, t) : ""}${one ? teammatesCards(setup, t) : ""}${setup.mission === 61 ? ringTemplate(setup, t) : ""}
  </details>` : "";
  return html`${top ? "" : numbersTemplate(setup, t)}${picker}`;
}

/** 32, 37, 57: the constraint card in play, on the status bar beside the detonator (its picker sits lower, under
 * my best cuts): what binds every cut, in view at every turn. */
export function cardInPlayTemplate(ctx) {
  const setup = ctx.state.setup;
  const cards = setup.cards ?? [];
  if (!cardForAll(presetOf(ctx.missions, setup)) || !cards.length) return "";
  return html`<div class="equipment" data-testid="card-in-play"><span class="lbl">Constraint</span>${cards.map((c) =>
    html`<span class="chip static">${c} <small>${CARD_NAMES[c]}</small></span>`)}</div>`;
}

/** 32, 37, 57: the card in play binds everyone, so it is asked until tapped; 37: a value validated since it was set
 * replaces it. */
function deckHint(setup, t) {
  if (t && cardDue(setup, t)) {
    const now = (setup.cards ?? []).join(" ");
    return html`<p class="hint warn" data-testid="card-due">A value's four wires were cut, or a whole round was skipped: the next card of the deck replaces this one — tap it (the deck empty: untap this one)${now ? `; until then My best cuts still follows card ${now}` : ""}.</p>`;
  }
  if (setup.mission === 57) return pairHint(setup, t);
  if ((setup.cards ?? []).length) return "";
  if ((setup.cards_gone ?? []).length >= CARD_LETTERS.length) return html`<p class="hint" data-testid="deck-empty">The deck is empty: no constraint card binds now.</p>`;
  return html`<p class="hint warn" data-testid="card-due">Tap the card face up: until then the advice leaves it out (once the deck is empty, none binds: untap it).</p>`;
}

/** 57: no card until a value is validated; then the card paired with the last value validated binds everyone — said
 * when the pairs entered at setup name it and another (or none) is tapped. */
function pairHint(setup, t) {
  const last = t?.validOrder?.at(-1);
  const card = last ? setup.pairs?.[String(last)] : null;
  const pairs = Object.entries(setup.pairs ?? {}).sort(([a], [b]) => a - b);
  // the pairs entered at setup, the values validated crossed out: which card the next value validated brings
  const list = pairs.length ? html`<p class="hint" data-testid="pairs">Beside the number cards: ${pairs.map(([v, c], i) => html`${i ? " · " : ""}<span
    class="${t?.validated?.includes(Number(v)) ? "done" : ""}">${v} ${c}</span>`)} (Setup changes them)</p>` : "";
  if (!card || (setup.cards ?? [])[0] === card) return list;
  return html`<p class="hint warn" data-testid="card-due">${last}'s four wires are cut: its card, ${card}, binds everyone now — tap it.</p>${list}`;
}

/** 31: each teammate's card, face up in front of them (a tap sets it): it binds the values their cuts name; one turned
 * face down (they could not apply it: none of its values in hand) binds no more. */
function teammatesCards(setup, t) {
  const mates = setup.players.map((name, p) => ({ name, p })).filter(({ p }) => p !== setup.me);
  return html`<p class="lbl">Teammates' cards</p>${mates.map(({ name, p }) => html`<div class="row" role="group" aria-label="${name}'s constraint card">
    <span class="lbl">${name}</span>${t?.flipped?.includes(p) ? html`<span class="hint" data-testid="card-down-${p}">face down</span>`
      : [..."ABCDE"].map((c) => chip("player-card", `${p}:${c}`, c, setup.player_cards?.[p] === c, `player-card-${p}-${c}`))}</div>`)}`;
}

/** 61: the cards round the table, clockwise from the captain — each teammate's (a tap sets it; one of F-L after a
 * swap), those lying on the table with 2-3 players, mine (tapped above) — and the team's rotation before the captain's
 * turn, which moves them all one place. *Estimate* plays them once every card is entered. */
function ringTemplate(setup, t) {
  const held = ringHeld(setup);
  const bar = ringRotateBar(setup, t);
  let k = 0;
  const rows = ringSeats(setup).map((p, i) => {
    if (p !== null && p === setup.me) {
      return html`<p class="lbl">${setup.players[p]} (me): <strong>${held[i] ? `card ${held[i]}` : "tap mine above"}</strong></p>`;
    }
    const name = p === null ? `On ${ringPlaceName(setup, i)}` : setup.players[p];
    const [act, arg, id] = p === null ? ["ring-table-card", k, `ring-table-${k++}`] : ["player-card", p, `player-card-${p}`];
    return html`<p class="lbl">${name}${held[i] ? html`: <strong>card ${held[i]}</strong>` : ""}</p>
      <div class="row" role="group" aria-label="${name}: constraint card">${CARD_LETTERS.map((c) => chip(act, `${arg}:${c}`, c, held[i] === c, `${id}-${c}`))}</div>`;
  });
  const missing = held.filter((c) => !c).length;
  return html`<p class="lbl">The cards round the table, clockwise from the captain</p>${rows}
    <div class="row">${btn("ring-rotate", "Rotate clockwise", { cls: "chip", arg: "1", testid: "ring-rotate-cw", disabled: missing > 0 || Boolean(bar) })}
      ${btn("ring-rotate", "Rotate counter-clockwise", { cls: "chip", arg: "-1", testid: "ring-rotate-ccw", disabled: missing > 0 || Boolean(bar) })}</div>
    <p class="hint" data-testid="ring-hint">${missing ? `${missing} card${missing === 1 ? "" : "s"} not entered: Estimate plays without the cards until then.`
      : bar ?? "Rotated before the captain's turn, the cards move one place together; a card swapped for one of F–L, tap the new one."}</p>`;
}

/** 34: whether I hold the Captain card (then my card binds me, and only me), and where the cards stand. */
function weakTemplate(setup, t) {
  const state = t?.weak === "freed" ? "The weakest link was found: the cards are gone, the Double Detectors usable."
    : t?.weak === "dropped" ? "The weakest link could not play: every card is gone, no Double Detector for the rest of the game."
    : setup.weak_me ? "I am the weakest link: my card binds my cuts (tell no one)." : "The others' cards do not bind them; only the weakest link keeps to theirs. No Double Detector while the characters are hidden.";
  return html`<div class="row">${chip("toggle", "weak_me", "I hold the Captain card", Boolean(setup.weak_me), "weak-me")}</div>
    <p class="hint" data-testid="weak-state">${state}</p>`;
}

/** The number cards in view (missions whose number cards decide the value to cut), in the order tapped. */
export function numbersTemplate(setup, t) {
  if (setup.number_cards === "guess") return guessTemplate(setup, t); // 29: cards in hands, recorded as shown
  if (t && faceUpCards(setup, t, 0)) return handsTemplate(setup, t); // 65: every player's cards, entered at the setup
  if (!setup.number_cards) return "";
  const nums = setup.numbers ?? [];
  const seq = setup.number_cards === "sequence" ? sequenceAt(setup, t?.cutCount) : null;
  const spread = sumCards(setup, t); // 47 in play: the cards face up as the log leaves them
  const sum = t ? "two of them give the value to cut, sum or difference: recording the cut asks which two and discards them; none left that gives a value still to cut: all 12 face up again"
    : "all 12 face up at the start: untap those already discarded if you enter a game under way";
  const pick = setup.sound_rounds ? "the card the sound file turned face up: its value to cut in time; with three face up, only theirs"
    : [45, 51].includes(setup.mission) ? "the card just flipped: its value is cut"
    : flipsByCuts(setup) ? (t ? "a player flips one and cuts its value: recording the cut flips it; with none face up, all turn face up again but those cut all four"
      : "all 12 face up at the start: untap those already flipped if you enter a game under way") : setup.mission === 65 ? "my number cards: the values I may cut"
    : "the values you may cut";
  const hint = { pick, sum,
    sequence: `in the order to cut, from the card beside the Sequence card (${numberCardsAtMost(setup)} cards)${seq?.next ? "; crossed out: done" : ""}`,
    noble: `the faceup card's value${setup.mission === 39 && t && !t.specialDone ? `; the deck: ${nobleDeck(setup, t)} face down, its top card discarded at each round's end` : ""}`,
    detonator: "each value cut all four moves the detonator back a space; crossed out: done",
    unlock: "the card in view: when its four wires are cut, an equipment card is flipped, then the next number card",
    line: nums.length < 12 ? `Nano's line: tap all 12 cards from left to right (${nums.length}/12)` : "Nano's line, left to right" }[setup.number_cards];
  const up = pickedUp(setup, t) ?? spread; // 26, 47 in play: the cards face up now, as the log leaves them
  // a sequence's cards done, and 62's whose four wires are cut (each took the detonator back): crossed out
  const gone = (n, i) => (seq && i < seq.next) || (setup.number_cards === "detonator" && (t?.cutCount?.[String(n)] ?? 0) >= 4);
  const face = up ?? nums; // the cards face up now, where the page follows them
  const shown = face.map((n, i) => (gone(n, i) ? html` <s>${n}</s>` : ` ${n}`));
  // where the order counts (a sequence, Nano's line), each card tapped shows its place; a card done is crossed out
  const ordered = setup.number_cards === "sequence" || setup.number_cards === "line";
  const place = (n) => (ordered && nums.includes(n) ? html`<sup class="place">${nums.indexOf(n) + 1}</sup>` : "");
  const done = (n) => (seq && nums.indexOf(n) >= 0 && nums.indexOf(n) < seq.next ? " done" : "");
  const chips = html`<div class="chips" role="group" aria-label="Number cards in view">${Array.from({ length: 12 }, (_, i) => i + 1).map((n) =>
    html`<button type="button" class="chip ${nums.includes(n) ? "on" : ""}${done(n)}" data-act="number" data-arg="${n}" data-testid="number-${n}"
      aria-pressed="${nums.includes(n) ? "true" : "false"}">${n}${place(n)}</button>`)}</div>`;
  // cards laid for the whole game, all laid: in play their chips fold away from stray taps
  const dealt = setup.mission === 39 && t?.specialDone
    ? html`<p class="hint" data-testid="noble-dealt">The special action is done: the number cards left are dealt; each player's token beside
      their stand (a value among their cards that they hold) goes with <i>Token beside the stand</i>.</p>` : "";
  const due = setup.number_cards === "unlock" && nums.length && (t?.cutCount?.[String(nums[0])] ?? 0) >= 4
    ? html`<p class="hint" data-testid="unlock-due">All four ${nums[0]}s are cut: flip an equipment card (tap it in Setup, Equipment on the
      table: usable at once) and the next number card (tap it here) — but a card turned up with its four already cut is only
      replaced by the next, no equipment flipped.</p>` : "";
  const laid = t && FIXED_CARDS.includes(setup.number_cards) && nums.length >= numberCardsAtMost(setup);
  const fold = laid || up ? html`<details data-testid="numbers-change"><summary>${up ? "Change the cards face up at the start" : "Change the number cards"}</summary>${chips}</details>` : chips;
  return html`<div class="cards numbers" data-testid="numbers" data-up="${(up ?? []).join(" ")}"><p class="lbl">${up ? "Number cards face up" : "Number cards in view"}${face.length ? html`:${shown}` : ""} <small>(${hint})</small></p>
    ${due}${dealt}${fold}${seq ? sequenceEndTemplate(seq, t) : ""}${lineTemplate(setup, t)}</div>`;
}

/** The number-card modes whose cards are laid once for the whole game (a sequence, 62's, 39's, Nano's line). */
const FIXED_CARDS = ["sequence", "detonator", "noble", "line"];

/** 65: each player's face-up number cards (the values they may cut), as dealt and given since. */
function handsTemplate(setup, t) {
  const row = (p) => `${setup.players[p]}${p === setup.me ? " (me)" : ""}: ${(faceUpCards(setup, t, p) ?? []).join(", ") || "none face up"}`;
  const last = rightOf(setup, t.turn); // whose turn just ended
  const due = faceUpCards(setup, t, last)?.length
    ? turnEnd(t, t.givenAt, "give-due", html`${setup.players[last]} gives one of their number cards at the end of the turn:`, "Give a number card…", "give") : "";
  return html`<div class="cards numbers" data-testid="hands"><p class="lbl">Number cards face up — ${setup.players.map((_, p) => row(p)).join("; ")}</p>${due}</div>`;
}

/** After a turn whose closing entry (29's card shown, 65's card given: the turn count it was recorded at, `at`) is
 * still to record: the reminder, with a button that opens that entry. */
function turnEnd(t, at, testid, words, label, kind) {
  if (!((t.turnsTaken ?? 0) > 0) || at === t.turnsTaken || t.exploded || t.defused) return "";
  return html`<p class="hint warn" data-testid="${testid}">${words} ${btn("action", label, { cls: "link", arg: kind, testid: `${testid}-record` })}</p>`;
}

/** 29: my number cards; the number cards seen taken (each shown card goes to the player whose turn it followed), still
 * in play; on my turn, those of the player on my right, who puts one down for it: a cut of that value moves the
 * detonator if it is; after a turn whose card is not recorded yet, a way to record it. */
function guessTemplate(setup, t) {
  const live = new Set(t ? liveValues(t) : []);
  if (t && live.size <= 1) { // the card: "when only 1 value is left to cut, the last Number card is immediately discarded"
    return html`<div class="cards numbers" data-testid="guess-cards"><p class="hint" data-testid="guess-over">One value left to cut: the
      number cards are all discarded, none is put down or shown any more.</p></div>`;
  }
  const known = Object.entries(t?.guessKnown ?? {}).map(([p, vs]) => [Number(p), vs.filter((v) => live.has(v))]).filter(([, vs]) => vs.length);
  const me = setup.me;
  const right = me === null ? null : rightOf(setup, me);
  const risky = t && t.turn === me && !t.exploded && !t.defused ? [...known.find(([p]) => p === right)?.[1] ?? []].sort((x, y) => x - y) : [];
  const due = t && t.cardDown !== false ? turnEnd(t, t.shownAt, "guess-due", html`After ${setup.players[rightOf(setup, t.turn)]}'s turn, a number card is shown:`,
    "Number card shown…", "shown") : "";
  const unplaced = (t?.guessUnplaced ?? []).map((v) => html`<p class="hint warn" data-testid="discard-due-${v}">All four ${v}s are cut: who
    discarded the number card ${v}? ${setup.players.map((name, p) => chip("guess-discard", `${p}:${v}`, p === me ? "me" : name, false, `discard-${v}-${p}`))}
    ${chip("guess-discard", `-1:${v}`, "no one (in the deck)", false, `discard-${v}-deck`)}</p>`);
  return html`<div class="cards numbers" data-testid="guess-cards">${me === null || !t ? "" : myCardsTemplate(setup, t)}${due}${unplaced}
    ${known.length ? html`<p class="lbl">Number cards seen taken: ${known.map(([p, vs]) => `${setup.players[p]} ${vs.join(", ")}`).join("; ")}</p>` : ""}
    ${risky.length ? html`<p class="hint" data-testid="guess-risk">${setup.players[right]} puts a card down for your turn and holds ${risky.length > 1 ? `${risky.slice(0, -1).join(", ")} and ${risky.at(-1)}: a cut of either value` : `${risky[0]}: a cut of ${aValue(String(risky[0]))}`} moves the detonator if that is the card put down.</p>` : ""}</div>`;
}

/** 29: my number cards now (tapped as dealt or drawn; those I took after a turn are followed, those I put down gone),
 * open while fewer are in than I hold; a card that cannot be mine (followed, seen elsewhere, all cut) is greyed. */
function myCardsTemplate(setup, t) {
  const me = setup.me;
  const mine = myNumberCards(setup, t);
  const hold = (t.guessCount ?? dealtCounts(setup))[me];
  const followed = new Set([...Object.values(t.guessKnown ?? {}).flat(), ...(t.guessGone ?? [])]); // seen taken, or gone from me
  const live = new Set(liveValues(t));
  const off = (n) => followed.has(n) || !live.has(n);
  const chips = html`<div class="chips" role="group" aria-label="My number cards">${Array.from({ length: 12 }, (_, i) => i + 1).map((n) =>
    html`<button type="button" class="chip ${mine.includes(n) ? "on" : ""}" data-act="guess-mine" data-arg="${n}" data-testid="guess-mine-${n}"
      aria-pressed="${mine.includes(n) ? "true" : "false"}" ${off(n) ? "disabled" : ""}>${n}</button>`)}</div>`;
  const left = hold - mine.length;
  const say = left > 0 ? ` — tap ${left === hold ? `the ${hold}` : `${left} more`} you hold (dealt, or drawn when down to one)` : "";
  return html`<details data-testid="guess-mine" ${left > 0 ? "open" : ""}><summary>My number cards${mine.length ? `: ${mine.join(", ")}` : ""}${say}</summary>
    <p class="hint">The advice weighs the card put down for your turn (“card n%” on each cut): it cannot be one of yours. Cards shown after a turn are followed already; greyed, those you cannot hold (seen taken by others, given away, or all four wires cut).</p>${chips}</details>`;
}

/** 36: the Sequence card may stand at either end of the cards left — the captain picks before the first turn, and
 * whoever clears a card (the entry just recorded) moves it —: the value it points at now, and then the other end a
 * tap away. */
function sequenceEndTemplate({ nums, next, need, freeEnd }, t) {
  if (!freeEnd) { // 9, 16: the Sequence card moves on along the line alone — what still waits, and for what
    // (beside the last card nothing waits: 9's walkthrough read "Next to cut: 1" as a rule to cut the 1s now)
    if (next >= nums.length - 1) return "";
    const have = t?.cutCount?.[String(nums[next])] ?? 0;
    return html`<p class="seq-end" data-testid="sequence-end">The Sequence card holds back <b>${nums.slice(next + 1).join(", ")}</b>
      until ${need} <b>${nums[next]}</b>s are cut (${have} of ${need}).</p>`;
  }
  if (nums.length - next < 2) return "";
  const start = (t?.turnsTaken ?? 0) === 0;
  const cleared = next > 0 && (t?.lastCut?.values ?? []).includes(String(nums[next - 1]));
  const far = nums[nums.length - 1];
  const turn = start || cleared
    ? html`<button type="button" class="chip" data-act="sequence-end" data-arg="${next}" data-testid="sequence-turn">${start ? "The captain puts it at the other end" : `${nums[next - 1]} cleared: it moves to the other end`}: ${far}</button>` : "";
  return html`<p class="seq-end" data-testid="sequence-end">Next to cut: <b>${nums[next]}</b> (the card beside the Sequence card)${turn}</p>`;
}

/** 59: where Nano stands on its line and which way it faces, the values it allows, and the tap that turns it round. */
function lineTemplate(setup, t) {
  if (!lineReady(setup) || !t) return "";
  const ahead = lineAhead(setup, t);
  const way = lineFacing(setup, t) > 0 ? "→" : "←";
  return html`<p class="seq-end" data-testid="nano-line" data-at="${setup.numbers[t.lineAt]}" data-ahead="${ahead.join(" ")}">Nano on the <b>${setup.numbers[t.lineAt]}</b>, facing ${way}: cut ${ahead.length ? ahead.join(", ") : "nothing (skip)"}
    ${btn("nano-turn", "The cutter turned Nano round", { cls: "chip", testid: "nano-turn" })}</p>`;
}

/** 55, 60: the challenge cards still face up, each with its condition (once entered at setup). */
export function challengesTemplate(setup, t) {
  if (!hasChallenges(setup) || !(setup.challenges ?? []).length) return "";
  const cards = activeChallenges(setup, t);
  return html`<div class="challenges" data-testid="challenges"><span class="lbl">Challenges</span>${cards.length
    ? cards.map((c) => html`<span class="chip static wrap" data-testid="challenge-${c}">${c}: ${challengeName(setup, c)}</span>`)
    : html`<span class="none">all done</span>`}</div>`;
}

/** Each equipment card in play: waiting (how many of its number are cut, said in words below), usable, used;
 * and, for a table saved before the app asked which cards lie face up, a word that every card of the pile counts. */
export function equipmentTemplate(state, t) {
  const word = { waiting: "", usable: " — usable", used: " (used)" };
  // (a pile no bigger than the cards laid — one a player; 18's General Radar alone — lies face up whole: nothing to say)
  const unset = state.setup.table_cards === null && state.setup.equipment.length > state.setup.players.length;
  const waiting = t.cards.filter((c) => c.state === "waiting" && c.need < Infinity);
  const deck = state.setup.equipment_after_special && !t.specialDone; // 23: nothing face up yet
  return html`<div class="equipment" data-testid="equipment" data-unlocked="${t.unlocked.join(" ")}">
    <span class="lbl">Equipment</span>${deck ? "" : t.cards.length
      ? t.cards.map((c) => html`<span class="chip static card-${c.state}" data-testid="card-state-${c.id}" data-state="${c.state}"
          title="${cardTitle(c)}">${c.id} ${EQUIPMENT_NAMES[c.id] ?? ""}${c.state === "waiting" && c.need < Infinity ? ` ${c.have}/${c.need} cut` : word[c.state]}</span>`)
      : html`<span class="none">none on the table</span>`}
    ${waiting.length ? html`<p class="hint" data-testid="equipment-legend">${equipmentLegend(waiting)}</p>` : ""}${instantDue(t)}
    ${state.setup.equipment_after_special ? deckLine(state.setup, t) : ""}
    ${unset && !state.setup.equipment_after_special ? html`<p class="hint" data-testid="cards-unset">Every card of the mission's pile counts as on the table: this table
      does not say which lie face up. ${btn("setup", "Set the cards on the table", { cls: "link", testid: "cards-set", arg: "cards" })}</p>` : ""}</div>`;
}

/** 23's equipment deck: its cards left, face down until the special action; then face up, all usable — until the
 * table says which, every card of the pile counts (the advice names cards the deck may not hold: said, with the tap). */
function deckLine(setup, t) {
  const n = nobleDeck(setup, t);
  const cards = `${n} card${n === 1 ? "" : "s"}`;
  if (!t.specialDone) {
    return html`<p class="hint" data-testid="equipment-deck">The equipment deck lies face down: ${cards} left (its top card discarded at
      each round's end). Once the special action is done, the cards left turn face up, all usable.</p>`;
  }
  if (setup.table_cards !== null) {
    return html`<p class="hint" data-testid="equipment-deck">The special action is done: the deck's cards lie face up, all usable.</p>`;
  }
  return html`<p class="hint warn" data-testid="equipment-deck">The special action is done: the deck's ${cards} lie face up, all usable.
    Until you tap which, every card of the mission's pile counts, in the advice too.
    ${btn("setup", "Tap the cards face up", { cls: "link", testid: "deck-cards-set", arg: "cards" })}</p>`;
}

/** Instant cards (False Bottom, Emergency Drop, Disintegrator: "instant effect") unlocked and not yet recorded: they
 * act the moment they unlock, not when a player likes (the arena plays them so: arena/cards.py) — said, with the tap
 * that records what the table did. */
function instantDue(t) {
  const due = t.exploded || t.defused ? [] : t.cards.filter((c) => c.state === "usable" && INSTANT_DRAFTS[c.id]); // (over: nothing to do)
  return due.map((c) => html`<p class="hint warn" data-testid="instant-due-${c.id}">${EQUIPMENT_NAMES[c.id]} is unlocked: it acts at once
    (instant effect). ${btn("action", `Record ${EQUIPMENT_NAMES[c.id]}…`, { cls: "link", arg: INSTANT_DRAFTS[c.id], testid: `instant-due-${c.id}-record` })}</p>`);
}

/** The log's action of each instant card. */
const INSTANT_DRAFTS = { Y: "false_bottom", "3.3": "drop", "10.10": "disint" };

/** The wires that unlock a waiting card: "two 11s", "all four 2s", "two yellow wires". */
function unlockWires(c) {
  const n = c.id.split(".")[0];
  return c.id === "Y" ? "two yellow wires" : c.lock ? `two ${n}s and two ${c.lock}s (the number card on it)` : c.need === 4 ? `all four ${n}s` : `two ${n}s`;
}

/** What "0/2 cut" means, in one short line (each card's own number is in its tooltip): "“0/2 cut”: a card is
 * usable once two wires of its number are cut (all four for a double number such as 2.2)." */
function equipmentLegend(waiting) {
  const single = waiting.find((c) => c.need === 2 && c.id !== "Y") ?? waiting[0];
  const more = [
    waiting.some((c) => c.need === 4) ? "all four for a double number such as 2.2" : "",
    waiting.some((c) => c.id === "Y") ? "two yellow wires for False Bottom" : "",
  ].filter(Boolean);
  const words = single.lock ? "two wires of its number and two of the number card lying on it are cut (mission 12)"
    : single.need === 4 ? "all four wires of its number are cut (two for a single number)" : "two wires of its number are cut";
  return `“${single.have}/${single.need} cut”: a card is usable once ${words}${more.length && single.need !== 4 ? ` (${more.join("; ")})` : ""}.`;
}

/** A card's tooltip: its name, and what it waits for. */
function cardTitle(c) {
  const name = EQUIPMENT_NAMES[c.id] ?? c.id;
  if (c.state === "waiting" && c.need < Infinity) return `${name}, ${c.have}/${c.need} cut: usable once ${unlockWires(c)} are cut`;
  return c.state === "used" ? `${name}: used` : c.state === "usable" ? `${name}: usable` : name;
}
