// Table app templates before play: the setup (mission, wires, players, tokens, equipment) and my hand.
// Pure functions from data to HTML text; every value is escaped. No DOM access here.

import { html } from "../shared/html.js";
import {
  colourNeeds, colourOf, colourTop, EQUIPMENT_NAMES, yellowsInPlay, handAddAround, handComplete, handSlots, isXSlot, isXWire, labelsInPlay, openRedDeal, openStand, yellowStands, placeWires, redsInPlay, shownElsewhere, shownWires, setupProblems, slotLetter, standCounts,
  standName, standSizes, evenSplit, tokensReadable, usualCardCount, wireOf, wiresInPlay, xPlace, xWireMay, handEditKey, presetOf, radarTurns, cardHands, lockedCards,
  CHARACTER_CARDS, characterOf, charactersOffered, nanoDetonator, CARD_LETTERS, CARD_NAMES, derive, standMoved,
} from "./table-state.js";
import { btn, chip, keyName, valueName } from "./template-parts.js";
import { numbersTemplate } from "./cards-templates.js";
import { CHALLENGE_IDS, challengeName, hasChallenges } from "./challenge-cards.js";

/** The setup's token kinds in the words on the cards: the chips and the mission's summary say them alike. */
const TOKEN_NAMES = { value: "value", even_odd: "even/odd", multiplicity: "x1–x4", none: "none" };

function colourPicker(colour, c, need, setup) {
  const letter = colour === "yellow" ? "Y" : "R";
  const mission = setup.mission;
  const numbers = Array.from({ length: colourTop(setup) }, (_, i) => i + 1);
  const custom = mission === null;
  const modes = custom
    ? html`<div class="row" role="group" aria-label="${colour} wires">${["none", "list", "of"].map((m) =>
        chip("colour-mode", `${colour}:${m}`, { none: "none", list: "known", of: "a of b" }[m], c.mode === m, `setup-${colour}-mode-${m}`))}</div>`
    : "";
  if (c.mode === "none") return custom ? html`<fieldset class="box"><legend>${colour === "yellow" ? "Yellow" : "Red"}</legend>${modes}</fieldset>` : "";
  const row = (field, list, label) => html`<div class="numrow"><span class="lbl">${label}</span>${numbers.map((n) =>
    chip("colour-num", `${colour}:${field}:${n}`, `${letter}${n}`, list.includes(n), `setup-${colour}-${field}-${n}`))}</div>`;
  const needText = need?.need ? ` — pick ${need.need}` : "";
  return html`<fieldset class="box" data-testid="setup-${colour}">
    <legend>${colour === "yellow" ? "Yellow" : "Red"}${c.mode === "of" ? ` (${c.keep} kept of the drawn)` : ""}${needText}</legend>
    ${modes}
    ${need?.knownNeed ? row("known", c.known, `known (${need.knownNeed})`) : ""}
    ${row("nums", c.nums, c.mode === "of" ? "drawn" : "in play")}
    ${custom && c.mode === "of" ? html`<div class="row">keep ${[0, 1, 2, 3].map((k) => chip("colour-keep", `${colour}:${k}`, String(k), c.keep === k, `setup-${colour}-keep-${k}`))}</div>` : ""}
  </fieldset>`;
}

function redDealStepper(setup, p, counts, max) {
  return html`<span class="row reds" role="group" aria-label="Red wires dealt to ${setup.players[p]}">${counts.map((n, s) => html`
    <span class="lbl">${counts.length > 1 ? `reds ${s + 1}` : "reds"}</span>
    ${btn("red-deal", "−", { cls: "chip", arg: `${p}:${s}:-1`, testid: `setup-reds-${p}-${s}-minus`, disabled: n <= 0, aria: `one red fewer for ${standName(setup, p, s)}` })}
    <output data-testid="setup-reds-${p}-${s}" data-count="${n}" aria-live="polite">${n}</output>
    ${btn("red-deal", "+", { cls: "chip", arg: `${p}:${s}:1`, testid: `setup-reds-${p}-${s}-plus`, disabled: n >= max, aria: `one red more for ${standName(setup, p, s)}` })}`)}</span>`;
}

/** 41, 48: the stand a player with two stands put the one yellow wire dealt to them first on (their stand's size
 * says which). */
function yellowStandPicker(setup, p, row) {
  if (row.length < 2 || row.reduce((a, b) => a + b, 0) !== 1) return "";
  return html`<span class="row" role="group" aria-label="${setup.players[p]}'s yellow wire dealt first">
    <span class="lbl">yellow on</span>${row.map((n, s) => chip("yellow-stand", `${p}:${s}`, `stand ${s + 1}`, n === 1, `setup-yellow-stand-${p}-${s}`))}</span>`;
}

/** When the wires do not split evenly: which stands got one more (every stand's count is public), tapped as the table
 * dealt them — the page deals from the captain, a player's two stands together (47's walkthrough: a table dealing
 * otherwise could not enter its last wire). */
function plusPicker(setup) {
  const { order, plus } = evenSplit(setup);
  if (!plus.length || plus.length === order.length) return "";
  const two = standCounts(setup).some((c) => c > 1);
  const name = ([p, s]) => `${setup.players[p]}${two && standCounts(setup)[p] > 1 ? ` ${s + 1}` : ""}`;
  return html`<div class="row" role="group" aria-label="The stands that got one more wire" data-testid="setup-plus">
    <span class="lbl">One more wire (${plus.length} of ${order.length}):</span>${order.map((x) => chip("plus", `${x[0]}:${x[1]}`, name(x),
      plus.some(([p, s]) => p === x[0] && s === x[1]), `setup-plus-${x[0]}-${x[1]}`))}</div>
    <p class="hint" data-testid="setup-plus-hint">Tap the stands that got one more wire, as your table dealt them (tapping another moves the first choice there).</p>`;
}

/** 11: the number card set face up on the mission card (the card's words), whose value's four wires count as red;
 * "Not seen" keeps a table played with the card face down (every value not yet ruled out may be it). */
function redCardPicker(setup) {
  return html`<fieldset class="box" data-testid="setup-red-card"><legend>The number card on the mission card</legend>
    <p class="hint">Its value's four wires count as red: cutting one, or pointing at one, explodes the bomb.</p>
    <div class="row">${Array.from({ length: 12 }, (_, i) => i + 1).map((v) => chip("red-card", v, String(v), setup.red_card === v, `setup-red-card-${v}`))}
      ${chip("red-card", 0, "Not seen", setup.red_card === 0, "setup-red-card-none")}</div></fieldset>`;
}

/** 65: the number cards dealt face up to each player (12 as evenly as may be: with 5 players the captain and the
 * player on their left get 3); each player cuts only their values, and gives a card away after each turn. */
function handsPicker(setup) {
  const hands = setup.number_hands ?? [];
  const dealt = hands.reduce((a, h) => a + (h?.length ?? 0), 0);
  return html`<fieldset class="box" data-testid="setup-hands"><legend>Number cards dealt (face up)</legend>
    <p class="hint">Tap each player's cards (${dealt} of 12 tapped): each cuts only the values of their face-up cards, and
      gives one away after their turn (<i>Give a number card</i> in the turn log).</p>
    ${setup.players.map((name, p) => html`<div class="row hand-cards" role="group" aria-label="${name}'s number cards"><span class="lbl">${name}</span>
      ${Array.from({ length: 12 }, (_, i) => i + 1).map((v) => chip("hand-card", `${p}:${v}`, String(v), (hands[p] ?? []).includes(v), `hand-card-${p}-${v}`))}</div>`)}
  </fieldset>`;
}

/** Rule sticker B (missions 31 on): a non-captain may take a new character, whose personal equipment replaces their
 * Double Detector (E1 General Radar, E2 Walkie-Talkies, E3 Triple Detector, E4 X or Y Ray; one card each). */
function charactersPicker(setup) {
  const offered = charactersOffered(setup);
  if (!offered.length) return "";
  const names = (c) => (c ? `${c} ${EQUIPMENT_NAMES[CHARACTER_CARDS[c]]}` : "Double Detector");
  return html`<fieldset class="box" data-testid="setup-characters"><legend>Characters</legend>
    <p class="hint">A player but the captain may take a new character: its personal equipment, usable once (as the Double
      Detector it replaces), plays as that equipment card, usable at once.</p>
    ${setup.players.map((name, p) => (p === setup.captain ? "" : html`<div class="row" role="group" aria-label="${name}'s character"><span class="lbl">${name}</span>
      ${["", ...offered].map((c) => chip("character", `${p}:${c}`, names(c), characterOf(setup, p) === c, `setup-character-${p}-${c || "DD"}`))}</div>`))}
  </fieldset>`;
}

/** 12: the number card lying on each equipment card face up (its value's two wires unlock the card too). */
function locksPicker(setup, chosen) {
  const locks = setup.card_locks ?? {};
  return html`<p class="hint">The number card lying on each (two wires of its value are cut too before the card is usable):</p>
    ${chosen.map((id) => html`<label class="field" data-testid="setup-lock-row-${id}">${id} ${EQUIPMENT_NAMES[id] ?? ""}
      <select data-act="card-lock" data-arg="${id}" data-testid="setup-lock-${id}"><option value="">?</option>
        ${Array.from({ length: 12 }, (_, i) => i + 1).map((v) => html`<option value="${v}" ${locks[id] === v ? html`selected` : ""}>${v}</option>`)}</select></label>`)}`;
}

/** 57: the constraint card paired face up with each number card (the one of the last value validated binds everyone);
 * what is not entered, *Estimate* draws again. */
function pairsPicker(setup) {
  if (setup.mission !== 57) return "";
  const pairs = setup.pairs ?? {};
  const entered = Object.keys(pairs).length;
  return html`<fieldset class="box" data-testid="setup-pairs"><legend>Number cards and their constraint cards</legend>
    <p class="hint">The constraint card lying face up beside each number card (${entered} of 12 entered): when a value's four
      wires are cut, its card binds everyone. <em>Estimate</em> plays on with these; a pair left out it draws at random.</p>
    <div class="pairs">${Array.from({ length: 12 }, (_, i) => String(i + 1)).map((v) => html`<label class="field" data-testid="setup-pair-row-${v}">${v}
      <select data-act="pair" data-arg="${v}" data-testid="setup-pair-${v}" aria-label="The constraint card beside number card ${v}"><option value="">?</option>
        ${CARD_LETTERS.map((c) => html`<option value="${c}" ${pairs[v] === c ? html`selected` : ""}>${c} ${CARD_NAMES[c]}</option>`)}</select></label>`)}</div>
  </fieldset>`;
}

/** 55, 60: the challenge cards face up (one per player) and card 8's two numbers: "Challenge done" then asks which,
 * and *Estimate* goes on checking those left. */
function challengesPicker(setup) {
  if (!hasChallenges(setup)) return "";
  const cards = setup.challenges ?? [];
  const n = setup.players.length;
  return html`<fieldset class="box" data-testid="setup-challenges"><legend>Challenge cards</legend>
    <p class="hint">Tap the ${n} cards face up (${cards.length} of ${n}): a challenge recorded done then says which, and
      <em>Estimate</em> plays on with those left (without any, it plays without challenges).</p>
    <div class="row">${CHALLENGE_IDS.map((c) => chip("challenge-card", c, `${c}: ${challengeName(setup, c)}`, cards.includes(c), `setup-challenge-${c}`, { cls: "wrap" }))}</div>
    ${cards.includes(8) ? html`<p class="lbl">Card 8's two number cards${(setup.challenge_numbers ?? []).length < 2
      ? html` <span class="hint warn" data-testid="setup-challenge-8-numbers">— tap both (until then card 8 is never done in <em>Estimate</em>)</span>` : ""}</p>
      <div class="row">${Array.from({ length: 12 }, (_, i) => i + 1)
      .map((v) => chip("challenge-number", v, String(v), (setup.challenge_numbers ?? []).includes(v), `setup-challenge-number-${v}`))}</div>` : ""}
  </fieldset>`;
}

/** Which equipment cards of the mission's pile lie face up (usually one per player), or "Draw for us". */
function cardsPicker(setup) {
  if (!setup.equipment.length) return "";
  const chosen = setup.table_cards ?? [];
  const usual = usualCardCount(setup);
  if (setup.equipment.length <= usual && !setup.equipment_after_special) { // the whole pile lies face up (18: the radar alone)
    return html`<fieldset class="box" data-testid="setup-cards"><legend>Equipment on the table</legend>
      <p class="hint">Face up: ${setup.equipment.map((id) => `${id} ${EQUIPMENT_NAMES[id] ?? ""}`).join(", ")}${radarTurns(setup) ? " — usable from the start and every turn, never spent (mission 18)" : ""}.</p>
      ${lockedCards(setup) ? locksPicker(setup, setup.equipment) : ""}</fieldset>`;
  }
  return html`<fieldset class="box" data-testid="setup-cards"><legend>Equipment on the table</legend>
    <p class="hint">${setup.number_cards === "unlock" ? html`None lies face up at first: ${usual} cards lie face down. Each time the four
      wires of the number card in view are cut, one is flipped, usable at once whatever its number: come back and tap it
      (${chosen.length} flipped).`
      : setup.equipment_after_special ? html`None lies face up at first: the deck of 7 stays face down. Once the special action
      is done, come back and tap the cards it turned face up${setup.table_cards === null ? "" : `: ${chosen.length} chosen`}.`
      : html`Tap the cards that lie face up (usually ${usual}: one per player)${setup.table_cards === null ? "; none tapped: every card of the pile counts" : `: ${chosen.length} chosen`}.`}</p>
    <div class="row">${setup.equipment.map((id) => chip("table-card", id, `${id} ${EQUIPMENT_NAMES[id] ?? ""}`, chosen.includes(id), `setup-card-${id}`))}</div>
    ${lockedCards(setup) ? locksPicker(setup, chosen) : ""}
    <div class="row">${setup.equipment_after_special || setup.number_cards === "unlock" ? "" : btn("draw-cards", `Draw ${usual} for us`, { cls: "chip", testid: "setup-draw-cards" })}
      ${setup.table_cards === null ? "" : btn("all-cards", "Every card of the pile", { cls: "chip", testid: "setup-all-cards" })}</div>
  </fieldset>`;
}

export function setupTemplate(state, missions) {
  const { setup } = state;
  const mission = presetOf(missions, setup);
  const needs = colourNeeds(setup, mission);
  const problems = setupProblems(setup, mission);
  const n = setup.players.length;
  const sizes = standSizes(setup);
  const counts = standCounts(setup);
  const deal = openRedDeal(setup);
  const maxReds = redsInPlay(setup);
  const yellows = yellowStands(setup);
  const missionOptions = html`<option value="" ${setup.mission === null ? html`selected` : ""}>Custom setup</option>
    ${(missions ?? []).map((m) => html`<option value="${m.number}" ${m.number === setup.mission ? html`selected` : ""}>${m.number}. ${m.name || m.title}${m.notes ? ` — ${m.notes}` : ""}</option>`)}`;
  const underway = gameUnderway(state);
  const back = underway ? btn("start", "Back to the game", { cls: "primary", testid: "setup-back", disabled: problems.length > 0 }) : "";
  return html`<section class="screen setup" data-testid="setup-screen" aria-label="${underway ? "Game setup" : "New game"}">
    <div class="setup-head"><h2>${underway ? "Game setup" : "New game"}</h2>${back}</div>
    ${underway ? html`<p class="hint" data-testid="setup-underway">A game is under way: what you change here applies to it; the turn log stays.</p>` : ""}
    <label class="field">Mission
      <select data-act="mission" data-testid="setup-mission">${missionOptions}</select>
      ${missions ? "" : html`<span class="hint" data-testid="missions-loading">loading the presets…</span>`}
    </label>
    ${setup.mission === null
      ? html`<fieldset class="box"><legend>Blue range</legend>
          <div class="row">from ${[1, 2, 3].map((k) => chip("blue-lo", k, String(k), setup.blue[0] === k, `setup-blue-lo-${k}`))}
            to ${[6, 8, 10, 12].map((k) => chip("blue-hi", k, String(k), setup.blue[1] === k, `setup-blue-hi-${k}`))}</div></fieldset>
        <fieldset class="box"><legend>Tokens</legend><div class="row">
          ${Object.entries(TOKEN_NAMES).map(([k, name]) => chip("tokens", k, name, setup.tokens === k, `setup-tokens-${k}`))}
          ${chip("toggle", "x_tokens", "X (unsorted)", setup.x_tokens, "setup-x-tokens")}
          ${chip("toggle", "false_tokens", "false tokens", setup.false_tokens, "setup-false-tokens")}
          ${chip("toggle", "absent_tokens", "“I have none” tokens", setup.absent_tokens, "setup-absent-tokens")}
          ${chip("toggle", "open_red_deal", "open red deal", setup.open_red_deal, "setup-open-red")}
        </div></fieldset>`
      : html`<p class="hint" data-testid="mission-summary">Blue ${setup.blue[0]}–${setup.blue[1]}; tokens: ${setup.false_tokens && setup.false_by === "all" ? "false (“not N”)" : setup.tokens === "none" ? `none at the start${setup.failure_tokens === false ? " nor after a failure" : " (a failure's shows the value)"}` : TOKEN_NAMES[setup.tokens] ?? setup.tokens}${setup.x_tokens ? ", X" : ""}${setup.false_tokens && setup.false_by !== "all" ? ", the captain's false" : ""}${setup.random_info_token ? ", random info token (or “I have none”)" : ""}${setup.absent_tokens ? ", “I have none” tokens" : ""}${setup.open_red_deal ? ", the reds dealt first (how many each stand holds is known)" : ""}${setup.hidden_red ? setup.red_card ? `, the ${setup.red_card}s count as red (the number card)` : ", a blue value nobody has seen counts as red" : ""}${setup.captain_no_token_2p && n === 2 ? "; the captain places no starting token" : ""}${setup.number_cards === "guess" ? "; your number cards: tapped at the table (My number cards)" : ""}</p>
        ${mission?.notes ? html`<p class="hint" data-testid="mission-notes">The card: ${mission.notes}.</p>` : ""}`}
    ${colourPicker("yellow", setup.yellow, needs.yellow, setup)}
    ${colourPicker("red", setup.red, needs.red, setup)}
    <fieldset class="box"><legend>Players</legend>
      <div class="row">${[2, 3, 4, 5].map((k) => chip("player-count", k, String(k), n === k, `setup-players-${k}`))}</div>
      <ol class="players">${setup.players.map((name, p) => html`<li>
        <input data-act="name" data-arg="${p}" data-testid="setup-name-${p}" value="${name}" maxlength="20"
          aria-label="Name of player ${p + 1}">
        ${chip("me", p, "me", setup.me === p, `setup-me-${p}`, { aria: `me: I am ${name}` })}
        ${chip("captain", p, "captain", setup.captain === p, `setup-captain-${p}`, { aria: `${name} is the captain` })}
        <span class="sizes" data-testid="setup-sizes-${p}">${sizes[p].join(" + ")} wires${counts[p] > 1 ? " (2 stands)" : ""}</span>
        ${deal ? redDealStepper(setup, p, deal[p], maxReds) : ""}
        ${yellows ? yellowStandPicker(setup, p, yellows[p]) : ""}
      </li>`)}</ol>
      ${plusPicker(setup)}
      ${yellows && counts.some((c) => c > 1) ? html`<p class="hint" data-testid="setup-yellow-hint">Yellow wires dealt first, face down, one to each player from the captain: a player with two stands says which stand theirs went to.</p>` : ""}
      ${deal ? html`<p class="hint" data-testid="setup-reds-hint">Reds dealt openly: how many red wires each stand was dealt (${redsInPlay(setup)} in play), filled in as the rule deals them, one to each player from the captain${counts.some((c) => c > 1) ? "; a player with two stands: check which stand theirs went to" : ""}.</p>` : ""}
      <div class="row">${chip("me", "", "I only watch", setup.me === null, "setup-me-none")}</div>
    </fieldset>
    ${setup.hidden_red ? redCardPicker(setup) : ""}
    ${readTokensPicker(setup)}
    ${charactersPicker(setup)}
    ${cardHands(setup) ? handsPicker(setup) : setup.number_cards && setup.number_cards !== "guess" ? html`<fieldset class="box" data-testid="setup-numbers"><legend>Number cards</legend>${numbersTemplate(setup, null)}</fieldset>` : ""}
    ${cardsPicker(setup)}
    ${pairsPicker(setup)}
    ${challengesPicker(setup)}
    ${nanoDetonator(setup) ? html`<p class="hint" data-testid="setup-no-detonator">No detonator in this mission: Nano's track stands for it.</p>`
      : html`<fieldset class="box"><legend>Mistakes allowed (detonator)</legend>
      <div class="row">${[0, 1, 2, 3, 4, 5].map((k) => chip("mistakes", k, String(k), setup.mistakes === k, `setup-mistakes-${k}`))}</div>
    </fieldset>`}
    <p class="hint">${wiresInPlay(setup)} wires in play.</p>
    ${problems.length ? html`<ul class="problems" data-testid="setup-problems">${problems.map((p) => html`<li>${p}</li>`)}</ul>` : ""}
    ${btn("start", startLabel(state, underway), { cls: "primary big", testid: "setup-start", disabled: problems.length > 0 })}
    ${underway ? html`<details class="new-game" data-testid="setup-new-game"><summary>Start a new game…</summary>
      <p class="hint">This clears the turn log and your wires; the mission, the players and the cards stay. To keep this game,
        share or copy its link first (the share panel on the table).</p>
      ${btn("new-game", "Clear this game and start a new one", { cls: "chip", testid: "setup-new-game-confirm" })}</details>` : ""}
  </section>`;
}

/** Has a game begun on this table: an entry logged, or wires of mine entered? (Setup then leads back to it.) */
const gameUnderway = (state) => state.log.length > 0 || state.hand.some((st) => st.length > 0);

/** The setup's last button: back to the table (or to my wires, when they are not all entered), or the start. */
function startLabel(state, underway) {
  const toHand = state.setup.me !== null && !handComplete(state);
  if (underway) return toHand ? "Back to the game: my wires" : "Back to the game";
  return state.setup.me === null ? "Start (public view)" : "Next: my wires";
}

/** "My team places the advised starting tokens": where a value token's choice can be read. */
function readTokensPicker(setup) {
  if (!tokensReadable(setup)) return "";
  return html`<fieldset class="box"><legend>Starting tokens</legend>
    <div class="row">${chip("toggle", "read_tokens", "My team places the advised tokens", setup.read_tokens, "setup-read-tokens")}</div>
    <p class="hint">On: each teammate's token is read as the slot this page advised them, which also tells
      which values their other slots do not hold. Leave it off if anyone chooses their own.</p>
  </fieldset>`;
}

/** Whether the log moved a wire to or from one of my stands (the hand entered is the stand as dealt). */
function movedMine(state, me, stands) {
  const t = derive({ ...state, setup: { ...state.setup, me: null } });
  return Array.from({ length: stands }, (_, s) => s).some((s) => standMoved(t, me, s));
}

/**
 * My hand: a keypad of the wires in play over my stand(s). `edit` (ui.handEdit: {hand, pick}) is "Edit my
 * wires" opened from the table: it draws the draft, a tapped wire is picked for the keypad to replace
 * ({s, i}), and Save / Clear all / Cancel replace Done and Back.
 */
export function handTemplate(state, edit = null) {
  const { setup } = state;
  const me = setup.me;
  const hand = edit ? edit.hand : state.hand;
  const sizes = standSizes(setup)[me] ?? [];
  const used = shownElsewhere(state, me); // the copies other stands show cannot be mine
  for (const h of hand.flat()) used[wireOf(h)] = (used[wireOf(h)] ?? 0) + 1;
  const fills = sizes.map((n, k) => handSlots(setup, me, k, n)); // the slots I fill: all but my turned-around wires
  const open = openStand({ ...state, hand });
  const full = open < 0;
  const s = Math.max(0, open);
  const picked = edit?.pick ? wireOf(hand[edit.pick.s]?.[edit.pick.i]) : null;
  // a seat taken mid-game: the wires the table shows stay in their slots, the others fill in around them
  const shown = edit ? [] : shownWires(state, me);
  if (edit) edit = { ...edit, cut: cutSlots(state, me) };
  // 13's reds, 41 and 48's yellows were dealt to each stand first: no more of that colour than the stand got
  const dealtFirst = { red: openRedDeal(setup)?.[me], yellow: yellowStands(setup)?.[me] };
  // "2 of 3" yellow: three numbers drawn, two in play — no more of a colour than are in play (shown elsewhere too)
  const inPlay = { yellow: yellowsInPlay(setup), red: redsInPlay(setup) };
  const colourFull = (label) => {
    const got = dealtFirst[colourOf(label)]?.[s];
    const ofColour = Object.entries(used).filter(([l]) => colourOf(l) === colourOf(label)).reduce((a, [, n]) => a + n, 0);
    return (got !== undefined && (hand[s] ?? []).filter((h) => colourOf(wireOf(h)) === colourOf(label)).length >= got)
      || (colourOf(label) in inPlay && ofColour >= inPlay[colourOf(label)]);
  };
  // a value that would sort the picked wire past a wire the table shows cut (moving it off its slot) is no fix
  const keepsCut = (label) => {
    const next = handEditKey(state, hand, edit.pick, label);
    return edit.cut.every((row, k) => row.every((c, j) => !c || next[k]?.[fills[k].indexOf(j)] === hand[k]?.[fills[k].indexOf(j)]));
  };
  const layouts = sizes.map((_, k) => (shown[k]?.some(Boolean) ? placeWires(hand[k] ?? [], shown[k], xPlace(setup, me, k)) : null));
  const wireAt = (k, f) => (layouts[k] ? layouts[k][f] : hand[k]?.[f] !== undefined ? { h: hand[k][f], i: f } : null);
  return html`<section class="screen hand" data-testid="hand-screen" aria-label="My wires">
    <h2>${setup.players[me]}: ${edit ? "edit your wires" : "your wires"}</h2>
    ${edit
      ? html`<p class="hint">Tap a wire, then its right value: the stand sorts itself. Or clear them all and enter them again.
          The turn log stays; entries that no longer fit your wires are struck through.</p>`
      : html`<p class="hint">Tap each wire you hold; the stand sorts itself. Tap a wire on the stand to take it back.</p>`}
    ${sizes.length > 1 && !edit ? html`<p class="hint" data-testid="hand-stands-hint">You hold two stands: enter the wires of Stand 1 first (the one outlined), then those of Stand 2; each sorts itself.</p>` : ""}
    ${setup.x_tokens ? html`<p class="hint" data-testid="hand-x-hint">X tokens: your far-right wire (X) is not sorted. Enter the sorted wires first; the last one you enter is your X wire.</p>` : ""}
    ${state.log.length && !edit && movedMine(state, me, sizes.length) ? html`<p class="hint warn" data-testid="hand-moved-hint">Wires moved to or from
      your stand since the deal (Walkie-Talkies, Grappling Hook, Nano): enter it as it was dealt — the wire you gave away, not the one you
      received; the turn log moves them.</p>` : ""}
    ${state.log.length && !edit ? html`<p class="hint" data-testid="hand-public-hint">The wires the table already shows on your stand (cut, or under an info token showing its value) are filled in, in their own slots; the keypad fills the others around them.</p>` : ""}
    ${setup.turned && fills.some((f, k) => f.length < sizes[k]) ? html`<p class="hint" data-testid="hand-turned-hint">${fills.reduce((a, f, k) => a + sizes[k] - f.length, 0) > 1
      ? "Your turned-around wires (T) face your teammates: you cannot see them, so enter only the others."
      : "Your turned-around wire (T) faces your teammates: you cannot see it, so enter only the others."}</p>` : ""}
    ${sizes.map((n, k) => html`<div class="hand-stand ${k === s && !full && !picked ? "current" : ""}" data-testid="hand-stand-${k}">
      <span class="lbl">${sizes.length > 1 ? `Stand ${k + 1}` : "Stand"} ${hand[k]?.length ?? 0}/${fills[k].length}</span>
      <div class="stand-slots" style="--n:${n}">${Array.from({ length: n }, (_, j) => handSlot(setup, k, j, n, fills[k], wireAt(k, fills[k].indexOf(j)), edit))}</div></div>`)}
    ${picked ? html`<p class="hint" data-testid="edit-hand-pick" aria-live="polite">${sizes.length > 1 ? `Stand ${edit.pick.s + 1}, ` : ""}slot
      ${slotLetter(fills[edit.pick.s][edit.pick.i])}: your ${valueName(picked)}. Tap its right value below (tap the slot again to keep it).</p>` : ""}
    <div class="keypad" role="group" aria-label="${picked ? `Replace your ${valueName(picked)} with` : "Wire values"}" data-testid="hand-keypad">
      ${labelsInPlay(setup).map(({ label, copies }) => btn(edit ? "edit-key" : "hand-add", label, {
        cls: `key ${colourOf(label)} ${label === picked ? "on" : ""}`, arg: edit ? label : `${s}:${label}`, testid: `key-${label}`,
        // a picked wire's value is free again for the keypad to put back in its place
        disabled: picked ? (used[label] ?? 0) - (label === picked ? 1 : 0) >= copies
          || (isXWire(hand[edit.pick.s][edit.pick.i]) && !xWireMay(setup, label)) || !keepsCut(label)
          : edit ? full || (used[label] ?? 0) >= copies
            : colourFull(label) || (used[label] ?? 0) >= copies || handAddAround(state, s, label, shown) === state,
        aria: keyName(label),
      }))}
    </div>
    ${edit
      ? html`<div class="row">
          ${btn("edit-save", "Save", { cls: "primary big", testid: "edit-hand-save", disabled: !full })}
          ${btn("edit-clear", "Clear all", { cls: "chip", testid: "edit-hand-clear" })}
          ${btn("edit-cancel", "Cancel", { cls: "link", testid: "edit-hand-cancel" })}
        </div>`
      : html`${full ? html`<p class="hint" data-testid="hand-full" aria-live="polite">All your wires are in: check them against
          your stand (tap one to take it back), then Done.</p>` : ""}<div class="row">
          ${btn("hand-done", "Done", { cls: "primary big", testid: "hand-done", disabled: !full })}
          ${btn("back-setup", "Back to setup", { cls: "link", testid: "hand-back" })}
        </div>`}
  </section>`;
}

/**
 * Slot j of my stand k on the hand screen: my turned-around wire (unseen), empty, a wire the table shows (cut or
 * under an info token: it keeps its slot), or my wire (a button). `wire`: {h: hand entry, i: its index, c?: shown}.
 */
function handSlot(setup, k, j, n, fill, wire, edit) {
  if (!fill.includes(j)) return html`<span class="slot empty x-slot" data-testid="hand-${k}-${j}" role="img" aria-label="slot ${slotLetter(j)}: your turned-around wire, unseen">T</span>`;
  const x = isXSlot(setup, j, n);
  const xText = x ? " (X, unsorted)" : "";
  if (!wire) return html`<span class="slot empty ${x ? "x-slot" : ""}" data-testid="hand-${k}-${j}" role="img" aria-label="slot ${slotLetter(j)}${xText} empty">${x ? "X" : slotLetter(j)}</span>`;
  const { h, i } = wire;
  const l = wireOf(h);
  if (wire.c) { // shown on the table: it stays where it is
    const cls = wire.c === "cut" ? `slot cut ${colourOf(l)}` : `slot own info ${colourOf(l)}`;
    return html`<span class="${cls}" data-testid="hand-${k}-${j}" data-shown="${wire.c}" role="img"
      aria-label="slot ${slotLetter(j)}${xText}: ${keyName(l) ?? l}, ${wire.c === "cut" ? "cut" : "under an info token"} on the table">${wire.c === "info"
        ? html`<span class="v tok">${l}</span>` : html`<span class="v">${l}</span>`}</span>`;
  }
  const cls = `slot own ${colourOf(l)} ${isXWire(h) ? "x-slot" : ""}`;
  if (!edit) return btn("hand-remove", l, { cls, arg: `${k}:${i}`, testid: `hand-${k}-${j}`, aria: `slot ${slotLetter(j)}${xText}: ${keyName(l) ?? l}, tap to remove` });
  const on = edit.pick?.s === k && edit.pick?.i === i;
  const cut = edit.cut?.[k]?.[fill.indexOf(j)]; // cut on the table: drawn cut, still mine to correct
  return btn("edit-pick", l, {
    cls: `${cut ? `slot cut ${colourOf(l)}` : cls} ${on ? "picked" : ""}`, arg: `${k}:${i}`, testid: `hand-${k}-${j}`, pressed: on,
    aria: `slot ${slotLetter(j)}${xText}: ${keyName(l) ?? l}${cut ? ", cut on the table" : ""}, ${on ? "picked: tap its right value" : "tap to replace"}`,
  });
}

/** Which of my slots the table shows cut, by stand: [[true, false, …], …] (Edit my wires draws them cut). */
function cutSlots(state, me) {
  return (shownWires(state, me) ?? []).map((st) => st.map((w) => w?.c === "cut"));
}

export function whoTemplate(state) {
  return html`<section class="screen who" data-testid="who-screen">
    <h2>Who are you?</h2>
    <p class="hint" data-testid="who-context">This table was shared with you: ${state.setup.mission ? `mission ${state.setup.mission}` : "a custom table"}, ${state.setup.players.length} players, ${state.log.length} ${state.log.length === 1 ? "entry" : "entries"} recorded. Pick your name, then enter your own wires.</p>
    <div class="row">${state.setup.players.map((name, p) => chip("who", p, name, false, `who-${p}`))}
      ${chip("who", "", "Just watch", false, "who-none")}</div>
  </section>`;
}
