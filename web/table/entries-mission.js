// Log entries of mission actions: the special action (13, 39, 41, 46, 48), a turn skipped for want of oxygen
// (44, 49, 54, 63), a challenge done (55, 60), the number card shown (29); and what the replay follows besides:
// the number cards that move the detonator back (62), 22's token gifts.

import { lineAhead, lineReady } from "./nano-line.js";
import { onlyRedLeft, onlyTripwireLeft } from "./held-wires.js";
import { oxygenKind } from "./oxygen.js";
import { guessShown } from "./guess-cards.js";
import { addFact, advance, checkPlayers, colourCount, cutCounts, cutSlot, detonatorBack, detonatorStep, dialFirst, fail, hasUncut, infoSlot, shownWire, slotAt, slotLetter, standName, uncutRefs } from "./replay-table.js";
import { aValue, blueValues, cardHands, colourOf, faceUpCards, redsInPlay, rightOf, saidOf, yellowsInPlay } from "./setup.js";
import { cardsAllow, cardsBindAll, cardValues, theirCard, weakKnown } from "./card-rules.js";
import { challengeDoubt, hasChallenges } from "./challenge-cards.js";
import { pickedUp } from "./pick-cards.js";

/**
 * The mission's special action that cuts wires it points at, read off the setup's rules: "tripwire" (41: one
 * teammate's yellow tripwire at a time), "lethal" (48: the yellow wires at once), "sevens" (46: the four 7s at once),
 * "noble" (39: the four wires of the number card's value), "reds" (13: the red wires at once), or "" (none).
 */
export function specialAction(setup) {
  const special = setup.special ?? [];
  if (special.includes("yellow_special")) return setup.yellow_dealt === "one_each" ? "tripwire" : "lethal";
  if (special.includes("sevens_last")) return "sevens";
  if (setup.number_cards === "noble") return "noble";
  return setup.open_red_deal ? "reds" : "";
}

/** Whether the mission has a special action (13, 39, 41, 46, 48): the turn log's *Special action*. */
export const hasSpecialAction = (setup) => specialAction(setup) !== "";

/** The wires a mission's special action cuts, as a test on a label: 41, 48 yellow; 13 red; 46 the 7s; 39 the noble
 * value (its number card, once set). */
export function specialKind(setup) {
  const action = specialAction(setup);
  if (action === "tripwire" || action === "lethal") return { what: "yellow wires", fits: (l) => colourOf(l) === "yellow" };
  if (action === "sevens") return { what: "7s", fits: (l) => l === "7" };
  if (action === "noble") {
    const v = (setup.numbers ?? [])[0];
    return { what: v ? `${v}s` : "wires of the noble value", fits: (l) => colourOf(l) === "blue" && (!v || l === String(v)) };
  }
  return { what: "red wires", fits: (l) => colourOf(l) === "red" };
}

/** Whether the special action is still to be taken: once its wires are all cut (41: every tripwire), the turn log
 * offers it no more. */
export function specialOpen(setup, t) {
  if (!hasSpecialAction(setup)) return false;
  return specialAction(setup) === "tripwire" ? (t.yellowCut ?? 0) < yellowsInPlay(setup) : !t.specialDone;
}

/** The value only the special action cuts, which no cut names: 41, 48 "Y"; 46 "7"; 23, 39 the number card's (until
 * the action is done); null elsewhere. */
export function specialOnly(setup, t = null) {
  const action = specialAction(setup);
  if (action === "tripwire" || action === "lethal") return "Y";
  if (action === "sevens") return "7";
  if (action === "noble" && setup.numbers?.[0] && !t?.specialDone) return String(setup.numbers[0]);
  return null;
}

/** Whether a failed special action shows the wires pointed at (41's tripwires, 48's yellows) rather than exploding. */
export const specialShows = (setup) => ["tripwire", "lethal"].includes(specialAction(setup));

/**
 * A mission's special action (see hasSpecialAction): player a points at wires (`cuts`, each with the wire it showed,
 * `l`); `res` "ok": all cut; "shown": none cut, each shows an info token, the detonator moves once (48); "boom": the
 * bomb explodes (a wrong wire where the card says so, a red one pointed at). The turn passes.
 */
export function applySpecial(t, e, setup) {
  checkPlayers(setup, e, false);
  if (!hasSpecialAction(setup)) fail("only missions 13, 39, 41, 46 and 48 have a special action that cuts wires");
  const cuts = e.cuts ?? [];
  if (!cuts.length) fail("which wires were pointed at?");
  const tripwire = specialAction(setup) === "tripwire";
  if (tripwire && cuts.length > 1) fail(`a tripwire is pointed at one at a time (${cuts.length} wires here)`);
  if (tripwire && cuts[0].p === e.a) fail(`${standName(setup, e.a, cuts[0].s)} slot ${slotLetter(cuts[0].j)} is the actor's own: a tripwire pointed at is a teammate's`);
  if (tripwire && onlyTripwireLeft({ setup }, t, e.a)) fail(`${setup.players[e.a]} has only their own tripwire (and red wires) left: they skip their turn (the card), pointing at no one`);
  // 48, 13, 46, 39 (its value set): all at once — every one still uncut (39's walkthrough: 3 of 4 were taken)
  const every = { lethal: yellowsInPlay(setup), reds: redsInPlay(setup), sevens: 4, noble: (setup.numbers ?? [])[0] ? 4 : undefined }[specialAction(setup)];
  if (every !== undefined) {
    const kind = specialKind(setup);
    const left = every - Object.entries(cutCounts(t)).filter(([l]) => kind.fits(l)).reduce((a, [, c]) => a + c, 0);
    if (cuts.length !== left) fail(`the special action points at every ${kind.what.replace(/s$/, "")} still uncut (${left}), not ${cuts.length}`);
  }
  if (specialAction(setup) === "sevens") { // 46: by a player holding only 7s, at the start of their turn
    const pointed = new Set(cuts.filter((x) => x.p === e.a).map((x) => `${x.s}-${x.j}`));
    const other = t.stands[e.a].flatMap((st, s) => st.map((sl, j) => ({ sl, s, j }))).filter(({ sl, s, j }) => sl.c !== "cut" && !pointed.has(`${s}-${j}`));
    if (other.length) fail(`${setup.players[e.a]} still holds ${other.length} wire${other.length > 1 ? "s" : ""} not pointed at: the four 7s are cut at once by a player with only 7s left`);
  }
  if (e.res === "boom") {
    cuts.forEach((x) => slotAt(t, x.p, x.s, x.j));
    t.exploded = true;
  } else if (e.res === "shown") {
    if (!specialShows(setup)) fail("in this mission a wrong wire pointed at explodes the bomb: record “the bomb exploded”");
    for (const x of cuts) {
      if (colourOf(x.l) === "red") fail(`${standName(setup, x.p, x.s)} slot ${slotLetter(x.j)} is red: pointing at it explodes the bomb`);
      infoSlot(t, setup, x.p, x.s, x.j, saidOf(x.l));
    }
    detonatorStep(t, setup);
  } else {
    const kind = specialKind(setup);
    for (const x of cuts) {
      if (x.l && !kind.fits(x.l)) fail(`${standName(setup, x.p, x.s)} slot ${slotLetter(x.j)}: the special action cuts ${kind.what}, not ${x.l}`);
      cutSlot(t, setup, x.p, x.s, x.j, x.l);
    }
    if (tripwire) detonatorBack(t, -Infinity); // 41: a tripwire found moves the detonator back a space, past its start too
  }
  advance(t, setup, e.a); // (a round ending before this turn discards 23's and 39's top card still, as the arena plays it)
  if (e.res !== "boom" && e.res !== "shown") t.specialDone = true; // 23: the equipment deck's cards turn face up
}

/**
 * Who may pass a turn, and what it costs (null: no mission rule lets a player pass), by the cards' backs: with no
 * oxygen to pay (44, 49, 54, 63), in 47 no cut the number cards allow (or none wanted), in 59 no cut with the values
 * Nano allows, in 65 no wire of their number cards, in 38 no cut but the captain's turned-around wire, the detonator moves; in 26 (no wire of a face-up value), 32, 37,
 * 57 and 61 (the constraint card forbids every cut) and 41 (only one's own tripwire and red wires left) it does not.
 * {label, why, detonator}.
 */
export function skipRule(setup) {
  if (oxygenKind(setup)) return { label: "No oxygen: skip", why: "oxygen", detonator: true };
  if (setup.number_cards === "sum") return { label: "Pass the turn", why: "no cut by the number cards, or none wanted", detonator: true };
  if (setup.mission === 51) {
    return { label: "Chosen one has none", why: "the one chosen has no wire of the card's value", detonator: true };
  }
  if (setup.mission === 45) { // a volunteer who said "Snip!" without the value, or the one the captain named
    return { label: "Has none of the card's value", why: "the volunteer or the one named has no wire of the card's value", detonator: true };
  }
  if (setup.mission === 59) {
    return { label: "No cut with Nano: skip", why: "no cut with the values Nano allows: they skip, Nano turned round", detonator: true };
  }
  if (setup.mission === 65) return { label: "None of their numbers: skip", why: "no wire of their number cards", detonator: true };
  if (setup.mission === 26) return { label: "No face-up value: skip", why: "no wire of a face-up value", detonator: false };
  if ([32, 37, 57, 61].includes(setup.mission)) return { label: "Constraint: skip", why: "the constraint card forbids every cut", detonator: false };
  if (specialAction(setup) === "tripwire") return { label: "Only my tripwire left: skip", why: "only their own tripwire and red wires left", detonator: false };
  if (setup.turned === "captain") return { label: "Only the captain's wire: skip", why: "no cut but the captain's turned-around wire", detonator: true }; // 38
  return null;
}

/** Words the mission punishes as the table hears them (25: a number said aloud; 45: anything but “Snip!” once the card
 * is shown, "I don't want to do it"): the detonator +1, no turn. {label, text}, or null. */
export function spokenRule(setup) {
  if (setup.mission === 25) return { label: "A number said aloud: detonator +1", text: "A number said aloud: detonator +1 (mission 25)" };
  if (setup.mission === 45) return { label: "Said other than “Snip!”: detonator +1", text: "Something other than “Snip!” said: detonator +1 (mission 45)" };
  return null;
}

/** 61: a player swaps their constraint card for one drawn at random from F-L, at any time (not a turn): the detonator
 * moves a space. My own new card is set in My constraint cards. */
export function applySwap(t, e, setup) {
  checkPlayers(setup, e, false);
  if (setup.mission !== 61) fail("only mission 61 swaps a constraint card for one of F-L");
  detonatorStep(t, setup);
}

/** The blue values constraint cards `cards` let a player cut. */
const bluesAllowed = (setup, cards) => blueValues(setup).filter((v) => cardsAllow(cards, String(v)));

/** The first of `values` that player p holds uncut, as far as the table shows their wires (mine, an info token's),
 * else undefined. */
const ownHeld = (t, p, values) => values.find((v) => t.stands[p].some((st) => st.some((sl) => sl.c !== "cut" && shownWire(sl) === String(v))));

/** 31: my constraint card, face up, when my hand holds none of the values it allows — the card's rule: turn it face
 * down, then play (31's walkthrough: the advice said only that no cut was allowed); else null. The twin of
 * applyCardFlip's check. */
export function cardToFlip(setup, t) {
  const card = setup.mission === 31 && t?.hasHand && !t.flipped?.includes(setup.me) ? (setup.cards ?? [])[0] : null;
  return card && ownHeld(t, setup.me, cardValues(setup, card)) === undefined ? card : null;
}

/** 31, at the start of a turn: a player who cannot apply their constraint card turns it face down (then plays as
 * usual): they hold no wire of a value it allows. */
export function applyCardFlip(t, e, setup, i) {
  checkPlayers(setup, e, false);
  if (setup.mission !== 31) fail("only mission 31 turns a constraint card face down");
  const card = theirCard(setup, t, e.a);
  if (!card) fail(`${setup.players[e.a]}'s card is ${t.flipped?.includes(e.a) ? "face down already" : "not entered: tap it in the constraint cards first"}`);
  const counts = cutCounts(t);
  const none = cardValues(setup, card).filter((v) => (counts[String(v)] ?? 0) < 4);
  const held = ownHeld(t, e.a, none);
  if (held !== undefined) fail(`${setup.players[e.a]} holds a ${held}: card ${card} can be applied`);
  t.flipped = [...(t.flipped ?? []), e.a];
  for (const v of none) addFact(t, { kind: "has_not", player: e.a, value: v }, i, uncutRefs(t, e.a));
}

/** 65, at the end of a turn: the active player gives one of their face-up number cards to a teammate. */
export function applyGive(t, e, setup) {
  checkPlayers(setup, e, false);
  if (!cardHands(setup)) fail("only mission 65 passes number cards");
  if (!Number.isInteger(e.to) || !setup.players[e.to] || e.to === e.a) fail("to which teammate did the card go?");
  const hands = t.numberHands;
  if (!(hands[e.a] ?? []).includes(e.v)) fail(`${setup.players[e.a]} holds no number card ${e.v ?? "?"} to give`);
  if ((cutCounts(t)[String(e.v)] ?? 0) >= 4) fail(`the ${e.v} card is face down (all four cut): a face-up card is given`);
  hands[e.a] = hands[e.a].filter((v) => v !== e.v);
  hands[e.to] = [...(hands[e.to] ?? []), e.v].sort((a, b) => a - b);
  t.givenAt = t.turnsTaken ?? 0; // the card of the turn just played is given (cards-templates: a reminder until then)
}

/** 34, at the start of a turn: a guess of the weakest link (who, and their card of A-E, `c`). Right: the character
 * cards face up (Double Detectors usable), the constraint cards discarded; wrong: the detonator moves. Not a turn. */
export function applyWeak(t, e, setup) {
  weakHidden(t, setup, e);
  if (!Number.isInteger(e.w) || !setup.players[e.w]) fail("whom did they name as the weakest link?");
  if (e.w === e.a) fail(`${setup.players[e.a]} names themselves: a guess names a teammate`);
  if (!"ABCDE".includes(String(e.c ?? "")) || !e.c) fail("which card (A–E) did they describe?");
  if (setup.weak_me && e.a === setup.me) fail("you hold the Captain card: the weakest link does not guess");
  const known = weakKnown(setup, t, e);
  if (known && known.ok !== Boolean(e.ok)) fail(`the guess was ${known.ok ? "right" : "wrong"}: ${known.why}`);
  if (known?.open) t.note += ` (${known.why})`; // what the table saw (34's walkthrough: "✗ wrong" alone); not my secrets
  if (e.ok) t.weak = "freed";
  else detonatorStep(t, setup);
}

/** 34: the weakest link cannot play by their card: the detonator moves two spaces, every constraint and character
 * card is discarded (no personal equipment for the rest of the game); they then play their turn freely. */
export function applyWeakStuck(t, e, setup) {
  weakHidden(t, setup, e);
  if (e.a === setup.me && !setup.weak_me) fail("you do not hold the Captain card (tick it in My constraint card if you do)");
  if (setup.weak_me && e.a !== setup.me) fail("you hold the Captain card: you are the weakest link");
  // mine: a wire of a value my card allows — I can play (34's walkthrough: one tap ended the game, a sure cut listed)
  const card = (setup.cards ?? [])[0];
  const can = card ? ownHeld(t, e.a, cardValues(setup, card)) : undefined;
  if (can !== undefined) fail(`you hold a ${can}, which your card ${card} allows: you can play`);
  detonatorStep(t, setup);
  detonatorStep(t, setup);
  t.weak = "dropped";
}

/** 34's cards still hidden (a guess or the weakest link's failure ends that), for the entry's player. */
function weakHidden(t, setup, e) {
  checkPlayers(setup, e, false);
  if (setup.mission !== 34) fail("only mission 34 has a weakest link");
  if (t.weak !== "hidden") fail(t.weak === "freed" ? "the weakest link was found already: the cards are gone" : "the constraint cards were discarded already");
}

/** The constraint card a skip was made under (32, 37, 57: kept by the entry, as the card in play changes since; 61:
 * the skipper's own, kept by the entry — none read from an older one). */
const skipCards = (setup, e) => (Array.isArray(e.cards) ? e.cards : setup.mission === 61 ? [] : setup.cards ?? []);

/**
 * The values a skip (entry `e`, on table `t` before it) says its player holds none of: 51, 45: the face-up card's value
 * (the one chosen holds none); 26: the face-up cards'; 59: those Nano allows; 65: their number cards'; 41: every blue
 * one; 57, 61: those the card in play lets them cut (A-F: a card on values; the others leave nothing to read).
 * (45, 51: the card the entry kept; an older entry without it reads the card tapped now.)
 */
export function skipNone(setup, t, e) {
  if (Number.isInteger(e.v) && [45, 51].includes(setup.mission)) return [e.v];
  if ([26, 45, 51].includes(setup.mission)) return pickedUp(setup, t) ?? setup.numbers ?? [];
  if (specialAction(setup) === "tripwire") return blueValues(setup); // 41: no blue wire left
  return faceUpCards(setup, t, e.a, cutCounts(t)) ?? (lineReady(setup) ? lineAhead(setup, t, cutCounts(t))
    : (cardsBindAll(setup) || setup.mission === 61) && skipCards(setup, e).some((c) => "ABCDEF".includes(c)) ? bluesAllowed(setup, skipCards(setup, e)) : []);
}

/** A turn passed by the mission's rule (skipRule): the detonator moves a space where it says so, the next player plays. */
export function applySkip(t, e, setup, i) {
  checkPlayers(setup, e, false);
  const rule = skipRule(setup);
  if (!rule) fail("only missions 26, 32, 37, 38, 41, 44, 45, 47, 49, 51, 54, 57, 59, 61, 63 and 65 let a player skip a turn");
  if (onlyRedLeft({ setup }, t, e.a)) fail(`${setup.players[e.a]} has only red wires left: they reveal them (Reveal red), no skip`);
  if (rule.detonator) detonatorStep(t, setup);
  // 57, 61: if no one can play for a whole round, the bomb explodes; 37: the detonator moves, the card is replaced
  t.skipRun = (t.skipRun ?? 0) + 1;
  // (a round: those with wires left, who alone take turns — as the arena counts it, constraint_play.py)
  const round = setup.players.filter((_, q) => hasUncut(t, q)).length;
  if ([57, 61].includes(setup.mission) && t.skipRun >= round) {
    t.exploded = true;
    t.note = " — a whole round of skips";
  } else if (setup.mission === 37 && t.skipRun >= round) {
    detonatorStep(t, setup);
    t.skipRun = 0;
    t.skipRounds = (t.skipRounds ?? 0) + 1; // the card is replaced (cardDue)
    t.note = " — a whole round of skips: the detonator moves, the constraint card is replaced (tap the new one)";
  }
  const none = skipNone(setup, t, e);
  const held = ownHeld(t, e.a, none);
  if (held !== undefined) fail(`${setup.players[e.a]} holds a wire of ${held}: no skip (${rule.why})`);
  for (const v of none) addFact(t, { kind: "has_not", player: e.a, value: v }, i, uncutRefs(t, e.a));
  advance(t, setup, e.a); // (59: "they skip their turn, advance the detonator dial 1 space, and rotate Nano 180°")
}

/**
 * Mission 29: the number card put down before a's turn, shown after it: if a has just cut a wire of its value (the
 * entry before this one, theirs), the detonator moves a space. The card itself tells nothing of the wires.
 */
export function applyShown(t, e, setup) {
  checkPlayers(setup, e, false);
  if (setup.number_cards !== "guess") fail("only mission 29 shows a number card after each turn");
  if (!/^\d+$/.test(String(e.v ?? ""))) fail("the number card shown needs its value (1-12)");
  const cut = t.lastCut;
  if (t.shownAt === (t.turnsTaken ?? 0)) fail(`a number card was shown after ${setup.players[e.a]}'s turn already`);
  if (t.cardDown === false) fail("only one value was left to cut before this turn: the last number card was discarded, none is shown (the card)");
  // a card whose four wires are cut is discarded at once — unless this very turn cut the fourth
  if ((cutCounts(t)[String(e.v)] ?? 0) >= 4 && !(cut && cut.a === e.a && cut.values.includes(String(e.v)))) {
    fail(`all four ${e.v}s were cut before this turn: its number card was discarded`);
  }
  t.shownAt = t.turnsTaken ?? 0;
  // the card came from the right (the nearest player there: the one on the right, as far as the page follows it);
  // the active player takes it, in everyone's view
  const known = (t.guessKnown = t.guessKnown ?? {});
  const right = rightOf(setup, e.a);
  const k = (known[right] ?? []).indexOf(Number(e.v));
  if (k >= 0) known[right].splice(k, 1);
  known[e.a] = [...(known[e.a] ?? []), Number(e.v)];
  guessShown(t, setup, e.a, Number(e.v));
  if (cut && cut.a === e.a && cut.values.includes(String(e.v))) {
    detonatorStep(t, setup);
    t.note += ` — ${setup.players[e.a]} has just cut ${aValue(String(e.v))}: the detonator moves`;
  }
  t.lastCut = null;
}

/** Mission 62: the first time all 4 wires of a value on a faceup number card are cut, the detonator goes back a space. */
export function numberCardsBack(t, backers, backed) {
  for (const v of backers) {
    if (backed.has(v)) continue;
    let n = 0;
    for (const ss of t.stands) for (const st of ss) for (const sl of st) if (sl.c === "cut" && sl.v === v) n += 1;
    if (n >= 4) {
      backed.add(v);
      detonatorBack(t, -Infinity); // (62 starts a space from the end: each card gives a space back)
      t.note = `${t.note ?? ""} — all four ${v}s cut: the number card ${v} takes the detonator back a space`;
    }
  }
}

/** A challenge card completed (55, 60): the detonator goes back a space, to one mistake fewer than the players at most
 * (the arena's reading: the dial's usual start). */
export function applyChallenge(t, e, setup) {
  if (!hasChallenges(setup)) fail("only missions 55 and 60 have challenge cards");
  const n = setup.players.length;
  if ((t.challenges ?? 0) >= n) fail(`only ${n} challenge cards lie on the table (one per player), all done already`);
  if (Number.isInteger(e.c)) {
    if ((setup.challenges ?? []).length && !setup.challenges.includes(e.c)) fail(`challenge card ${e.c} is not on the table (Setup says ${setup.challenges.join(", ")})`);
    if ((t.challengeCards ?? []).includes(e.c)) fail(`challenge card ${e.c} was done already: it was discarded`);
    t.challengeCards = [...(t.challengeCards ?? []), e.c];
    const doubt = challengeDoubt(setup, t, e.c);
    if (doubt) t.note += ` — check: ${doubt}`;
  }
  t.challenges = (t.challenges ?? 0) + 1;
  detonatorBack(t, dialFirst(setup));
}

/** Challenge 1 (55, 60): instead of their action, a player cuts a teammate's wire saying "It is RED": a red wire is
 * cut and the challenge done (the detonator back a space; the card discarded: once a game); any other explodes
 * the bomb. */
export function applyRedcall(t, e, setup) {
  checkPlayers(setup, e);
  if (!hasChallenges(setup)) fail("only missions 55 and 60 have the challenge “It is RED”");
  if (t.redcallDone) fail("challenge 1 (“It is RED”) is done already: its card was discarded");
  if ((setup.challenges ?? []).length && !setup.challenges.includes(1)) fail(`challenge card 1 (“It is RED”) is not on the table (Setup says ${setup.challenges.join(", ")})`);
  if (e.ok) {
    t.redcallDone = true;
    if (colourOf(e.cut) !== "red") fail(`the cut wire ${e.cut ?? "?"} is not red`);
    cutSlot(t, setup, e.p, e.s, e.j, e.cut);
    applyChallenge(t, e, setup);
  } else {
    slotAt(t, e.p, e.s, e.j);
    t.exploded = true;
  }
  advance(t, setup, e.a);
}

/** 22's k-th gift: [giver, receiver], clockwise from the captain, each to their left neighbour. */
export function giftPair(setup, k) {
  const n = setup.players.length;
  return [(setup.captain + k) % n, (setup.captain + k + 1) % n];
}

/** Who places the k-th token of the round once two yellow wires are cut: 22, the gift's receiver; 27, the k-th to take
 * one of the tokens drawn, clockwise from the captain. */
export const giftReceiver = (setup, k) => (setup.mission === 27 ? giftPair(setup, k)[0] : giftPair(setup, k)[1]);

/**
 * 22's token gifts: once a second yellow wire is cut, each player from the captain gives a token to their left
 * neighbour, who puts it on a wire of its value (an info token) or, without one, beside the stand ("I have none").
 * 27's token draw, at the same moment: as many tokens as players drawn, each player from the captain takes one and
 * places it so. Called after each entry `e` applied: `t.gifts` = {given, of} from that moment on (the tokens
 * recorded since).
 */
export function countGifts(t, e, setup) {
  if (!setup.token_pass && setup.mission !== 27) return;
  if (t.gifts) {
    if ((e.k === "set" && e.slot?.c === "info") || e.k === "absent") t.gifts.given += 1;
    return;
  }
  if (colourCount(cutCounts(t), "yellow") >= 2) t.gifts = { given: 0, of: setup.players.length };
}
