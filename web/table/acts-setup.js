// Taps on the setup screen: mission, wires, players, who I am, and starting the game.

import * as S from "./table-state.js";
import { int } from "./table-store.js";

const toggled = (list, x) => (list.includes(x) ? list.filter((y) => y !== x) : [...list, x]);

/** 61: card c put at place i round the table; from another place, said. */
function ringCard(su, i, c, app) {
  const from = S.putRingCard(su, i, c);
  if (from) app.view?.flash?.(`Card ${c} moved from ${from} to ${S.ringPlaceName(su, i)}: each card lies at one place.`);
}

/** Taps that edit the setup: (the setup's copy, the tap's argument, the state's copy, app, extra) change them. */
const SETUP_EDITS = {
  mission: (su, arg, next, app) => {
    const m = S.presetOf(app.missions, { mission: int(arg) });
    const before = su.mission;
    next.setup = S.applyMission(su, m);
    if (!m) next.setup.mission = null;
    // mid-game the log stays and is read by the new mission's rules: said, with the way back
    const was = before === null ? "the custom setup" : `mission ${before}`;
    if (next.log.length && next.setup.mission !== before) {
      app.view?.flash(`${m ? `Mission ${m.number}` : "Custom setup"} now: the ${next.log.length} log entr${next.log.length === 1 ? "y is" : "ies are"} read by its rules. Undo brings back ${was}.`);
    }
  },
  "colour-mode": (su, arg) => {
    const [colour, mode] = arg.split(":");
    su[colour].mode = mode;
  },
  "colour-num": (su, arg) => {
    const [colour, field, n] = arg.split(":");
    su[colour][field] = toggled(su[colour][field], int(n)).sort((a, b) => a - b);
  },
  "colour-keep": (su, arg) => {
    const [colour, k] = arg.split(":");
    su[colour].keep = int(k);
  },
  "blue-lo": (su, arg) => { su.blue[0] = Math.min(int(arg), su.blue[1]); },
  "blue-hi": (su, arg) => { su.blue[1] = Math.max(int(arg), su.blue[0]); },
  tokens: (su, arg) => { su.tokens = arg; },
  // 45, 51: one card is flipped at a time, so a tap on another replaces it
  number: (su, arg, _next, app) => {
    const one = [45, 51].includes(su.mission) || su.number_cards === "unlock"; // 15: one card in view at a time
    const nums = su.numbers ?? [];
    // 45, 51 under way: a card whose four wires are cut was discarded — no turn flips it (51's walkthrough: taken,
    // then "has none" moved the detonator)
    const cut = [45, 51].includes(su.mission) && app.state.phase === "table" && !nums.includes(int(arg)) ? app.derived?.().cutCount?.[arg] ?? 0 : 0;
    if (cut >= 4) {
      app.view?.flash(`All four ${arg}s are cut: its number card was discarded, no turn flips it.`);
      return;
    }
    const most = S.numberCardsAtMost(su);
    if (!one && !nums.includes(int(arg)) && nums.length >= most) {
      app.view?.flash(`The mission lays ${most} number cards: untap one first.`);
      return;
    }
    su.numbers = one ? (nums.includes(int(arg)) ? [] : [int(arg)]) : toggled(nums, int(arg));
    // 45, 51: the card in view replaced (or untapped) joins those seen (the deck is the rest); untapped and tapped
    // back, a slip: it is in view again, not seen twice
    if (![45, 51].includes(su.mission)) return;
    const seen = su.numbers_seen ?? [];
    if (nums.length) su.numbers_seen = [...seen, nums[0]];
    else if (seen.at(-1) === su.numbers[0]) su.numbers_seen = seen.slice(0, -1);
  },
  // 65: a number card dealt to player p (a card is in one hand: tapped for p, it leaves any other)
  "hand-card": (su, arg, _next, app) => {
    const [p, v] = arg.split(":").map(int);
    const from = su.players.findIndex((_, q) => q !== p && (su.number_hands?.[q] ?? []).includes(v));
    if (from >= 0) app.view?.flash?.(`Card ${v} moved from ${su.players[from]} to ${su.players[p]}: one card, one hand.`);
    const hands = su.players.map((_, q) => (su.number_hands?.[q] ?? []).filter((x) => x !== v || q === p));
    hands[p] = hands[p].includes(v) ? hands[p].filter((x) => x !== v) : [...hands[p], v].sort((a, b) => a - b);
    su.number_hands = hands;
  },
  // 29: my number cards (a tap toggles one)
  "guess-mine": (su, arg) => { su.guess_mine = toggled(su.guess_mine ?? [], int(arg)).sort((a, b) => a - b); },
  // 31: a teammate's constraint card (a tap on the one set clears it)
  "player-card": (su, arg, _next, app) => {
    const [p, c] = arg.split(":");
    if (su.mission === 61) return ringCard(su, S.ringSeats(su).indexOf(int(p)), c, app); // 61: one card, one place
    su.player_cards = su.players.map((_, q) => su.player_cards?.[q] ?? "");
    if (su.player_cards[int(p)] === c) { su.player_cards[int(p)] = ""; return; }
    // one card of each letter: a card mine, or a teammate's, is not given twice (it moves, said)
    if (su.me !== null && (su.cards ?? [])[0] === c) { app.view?.flash?.(`Card ${c} is mine (My constraint card): each card lies once.`); return; }
    const from = su.player_cards.findIndex((x, q) => x === c && q !== int(p));
    if (from >= 0) { su.player_cards[from] = ""; app.view?.flash?.(`Card ${c} moved from ${su.players[from]} to ${su.players[int(p)]}: each card lies once.`); }
    su.player_cards[int(p)] = c;
  },
  // 12: the number card lying on equipment card `id` ("": not set)
  "card-lock": (su, value, _next, _app, id) => {
    su.card_locks = { ...(su.card_locks ?? {}) };
    if (value === "") delete su.card_locks[id];
    else su.card_locks[id] = int(value);
  },
  // 55, 60: a challenge card face up (one per player), card 8's two number cards
  "challenge-card": (su, arg, _next, app) => {
    const c = int(arg);
    const cards = su.challenges ?? [];
    if (!cards.includes(c) && cards.length >= su.players.length) {
      app.view?.flash?.(`${su.players.length} challenge cards lie on the table (one per player): untap one first.`);
      return;
    }
    su.challenges = toggled(cards, c).sort((a, b) => a - b);
  },
  "challenge-number": (su, arg, _next, app) => {
    const now = toggled(su.challenge_numbers ?? [], int(arg));
    if (now.length > 2) app.view?.flash?.(`Card 8 has two number cards: ${now[0]} left for ${arg}.`);
    su.challenge_numbers = now.slice(-2).sort((a, b) => a - b);
  },
  "red-card": (su, arg) => { su.red_card = int(arg); }, // 11: the number card face up (0: not seen)
  // 61: a card on the table (2-3 players), arg "k:card"; the cards round the table rotated one place (arg 1: clockwise)
  "ring-table-card": (su, arg, _next, app) => {
    const [k, c] = arg.split(":");
    ringCard(su, S.ringSeats(su).map((p, i) => (p === null ? i : -1)).filter((i) => i >= 0)[int(k)], c, app);
  },
  "ring-rotate": (su, arg, _next, app) => {
    const t = app.state.phase === "table" ? app.derived() : null;
    const bar = S.ringRotateBar(su, t);
    if (bar) return app.view?.flash?.(`Not rotated: ${bar}`);
    if (t) su.ring_rotated = t.turnsTaken ?? 0;
    const held = S.ringHeld(su);
    const n = held.length;
    const step = int(arg);
    S.setRingHeld(su, held.map((_, i) => held[(((i - step) % n) + n) % n]));
    const moves = held.map((c, i) => `${c} to ${S.ringPlaceName(su, (i + step + n) % n)}`).join(", ");
    if (t) su.ring_log = [...(su.ring_log ?? []), { at: app.state.log.length, step, text: moves }].slice(-60); // the turn log shows it
    app.view?.flash?.(`Cards rotated ${step > 0 ? "clockwise" : "counter-clockwise"}: ${moves} (undo if that was a slip).`);
  },
  // 57: the constraint card paired with number card `v` ("": not set); a card is paired once, so it leaves any other
  pair: (su, card, _next, app, v) => {
    const pairs = Object.fromEntries(Object.entries(su.pairs ?? {}).filter(([w, c]) => w !== v && c !== card));
    const from = Object.entries(su.pairs ?? {}).find(([w, c]) => w !== v && c === card);
    if (from) app.view?.flash?.(`Card ${card} moved from number card ${from[0]} to ${v}: each constraint card lies beside one number card.`);
    su.pairs = card ? { ...pairs, [v]: card } : pairs;
  },
  // 36: the Sequence card moved to the other end of the cards left (arg: the index of the card next to it now)
  "sequence-end": (su, arg) => { su.numbers = S.turnSequence(su.numbers ?? [], int(arg)); },
  card: (su, arg, _next, app) => {
    // 31, 61 (each player's card), 32, 37, 57 (the one on the table): one card at a time, so a tap on another replaces it
    if (su.mission === 61 && su.me !== null) return ringCard(su, S.ringSeats(su).indexOf(su.me), arg, app);
    const one = S.oneCardAtATime(S.presetOf(app.missions, su));
    const before = (su.cards ?? [])[0];
    // (32, 37: the card in play replaced, or untapped — the deck empty: discarded too; 37's walkthrough: shown in play)
    if (S.cardsBindAll(su) && su.mission !== 57 && before) su.cards_gone = [...new Set([...(su.cards_gone ?? []), before])];
    if ((su.cards_gone ?? []).includes(arg) && before !== arg) { // 32, 37: a card discarded comes back only by a slip
      su.cards_gone = su.cards_gone.filter((c) => c !== arg);
      app.view?.flash?.(`Card ${arg} was discarded earlier: it is the card in play again (undo if that was a slip).`);
    }
    // 57: once a value is validated a card always binds (the playouts' document follows it): replaced, never untapped
    if (su.mission === 57 && before === arg && app.derived().validOrder?.length) {
      app.view?.flash?.(`Card ${arg} is in play: from the first value validated one card always binds — tap another to replace it.`);
      return;
    }
    su.cards = one ? ((su.cards ?? []).includes(arg) ? [] : [arg]) : toggled(su.cards ?? [], arg).sort();
    su.cards_at = S.cardEvents(app.derived()); // 37: the card is up to date (values validated, rounds of skips)
    // 32, 37: the card in play untapped is no card (the deck empty): said, since a slip looks the same
    if (one && !su.cards.length && S.cardForAll(S.presetOf(app.missions, su))) app.view?.flash?.(`Card ${arg} untapped: no constraint card binds now (undo if that was a slip).`);
  },
  toggle: (su, arg) => { su[arg] = !su[arg]; },
  // a new character (E1-E4) taken by player p instead of the Double Detector: one card each, so it leaves any other
  character: (su, arg) => {
    const [p, c] = arg.split(":");
    su.characters = su.players.map((_, q) => (su.characters?.[q] === c ? "" : su.characters?.[q] ?? ""));
    su.characters[int(p)] = c;
  },
  "player-count": (su, arg, next, app) => {
    const n = int(arg);
    const before = su.players.length;
    while (su.players.length < n) su.players.push(S.NAMES[su.players.length]);
    su.players.length = n;
    su.red_deal = []; // 13: the reds dealt again by the rule, to the new table (41, 48: the yellows)
    su.yellow_deal = [];
    su.plus = []; // the stands with one more wire: dealt from the captain again
    // a preset that deals other wires to this many players asks for its numbers again
    const m = S.presetOf(app.missions, su);
    su.mistakes = S.startMistakes(m, n);
    if (m) su.nano = S.missionFor(m, n)?.nano ?? 0; // 43: Nano's wires by the player count (5/4/4/3), the stands with them
    if (S.dealChanges(m, before, n)) {
      next.setup = S.applyMission(su, m);
      app.view?.flash(`Mission ${m.number} deals other red and yellow wires with ${n} players: pick them again.`);
    }
  },
  name: (su, value, _next, _app, p) => { su.players[int(p)] = String(value).slice(0, 20); },
  me: (su, arg, next) => {
    su.me = arg === "" ? null : int(arg);
    Object.assign(next, { hand: [], hand_undo: [], hand_redo: [] }); // another seat: the edits of my wires are gone
  },
  captain: (su, arg) => {
    su.captain = int(arg);
    su.red_deal = []; // 13: the rule deals the reds from the captain (41, 48: the yellows)
    su.yellow_deal = [];
    su.plus = [];
  },
  mistakes: (su, arg) => { su.mistakes = int(arg); },
  "table-card": (su, arg) => { su.table_cards = toggled(su.table_cards ?? [], arg); },
  // the app deals the cards face up, for teams that let it: as many as usual, at random from the pile
  "draw-cards": (su) => {
    const pile = su.equipment.slice();
    for (let i = pile.length - 1; i > 0; i -= 1) {
      const k = Math.floor(Math.random() * (i + 1));
      [pile[i], pile[k]] = [pile[k], pile[i]];
    }
    su.table_cards = pile.slice(0, S.usualCardCount(su));
  },
  "all-cards": (su) => { su.table_cards = null; },
  "yellow-stand": (su, arg, next) => {
    const [p, s] = arg.split(":").map(int);
    next.setup = S.setYellowStand(su, p, s);
  },
  plus: (su, arg, next) => { // the stands that got one more wire, as the table dealt them
    const [p, s] = arg.split(":").map(int);
    next.setup = S.setPlus(su, p, s);
  },
  "red-deal": (su, arg, next) => {
    const [p, s, delta] = arg.split(":").map(int);
    next.setup = S.setRedDeal(su, p, s, delta);
  },
};

export function setupActs(app) {
  /** Change the setup in a copy, keep "me" and the captain among the players, commit. */
  function setSetup(fn) {
    const next = structuredClone(app.state);
    fn(next.setup, next);
    next.setup.me = next.setup.me !== null && next.setup.me >= next.setup.players.length ? null : next.setup.me;
    if (next.setup.captain >= next.setup.players.length) next.setup.captain = 0;
    app.commit(S.editSetup(app.state, next));
  }

  const edits = Object.entries(SETUP_EDITS).map(([act, edit]) =>
    [act, (arg, _ev, extra) => setSetup((su, next) => edit(su, arg, next, app, extra))]);
  return {
    ...Object.fromEntries(edits),
    setup: (arg) => {
      // a running Estimate or search would redraw the setup under the player's fingers (a name half typed)
      app.stopWin?.();
      app.stopSearch?.();
      app.commit({ ...structuredClone(app.state), phase: "setup" });
      if (arg === "cards") app.view.bringIntoView?.("setup-cards"); // "Set the cards on the table": the cards, not the top
    },
    "new-game": () => {
      const next = structuredClone(app.state);
      Object.assign(next, { phase: "setup", hand: [], log: [], redo: [], hand_undo: [], hand_redo: [], log_undo: [], log_redo: [],
        setup_undo: [], setup_redo: [], undo_floor: 0 });
      app.closeSheet();
      app.commit(next);
    },
    start: () => {
      const next = structuredClone(app.state);
      const me = next.setup.me;
      // a seat taken mid-game (another "me"): its wires the table shows come filled in, as from a shared link
      if (me !== null && next.log.length && !next.hand.flat().length) next.hand = S.publicHand(next, me);
      next.phase = me === null || S.handComplete(next) ? "table" : "hand";
      app.commit(next);
    },
  };
}
