// Table app state: ONE serialisable object and pure functions on it.
// No DOM, no worker, no storage here (main.js does the I/O).
//
// The table is never stored: it is derived by replaying the log over the setup.
//
// {
//   v: 1,
//   phase: "setup" | "hand" | "table",
//   setup: { mission: 4|null, blue: [1, 12],
//            yellow: {mode: "none"|"list"|"of", nums: [4, 7], keep: 1, known: []}, red: {…},
//            tokens: "value"|"even_odd"|"multiplicity"|"none", x_tokens, false_tokens,
//            absent_tokens, random_info_token ("I have none" tokens: missions 22 / 13),
//            open_red_deal, red_deal: [[reds dealt per stand], …] (mission 13),
//            dd: "all"|"disabled"|"captain_disabled", equipment: ["1", …],
//            players: ["Ann", …], me: 0|null, captain: 0, mistakes: 3 },
//   hand: [["1", "3", "Y4", …], …]   // my stands' wires, sorted, one label per slot (cut ones too);
//                                     // with X tokens the far-right, unsorted wire is "X"+label ("X3")
//   log: [entry, …], redo: [entry, …]
// }
//
// Slot (derived): {c: "h"|"cut"|"info", v: label|null, m: mark|null, col: "b"|"y"|"r"|null, own: label|null}
//   label = "7" | "Y4" | "R5"; an info token may carry "Y" (yellow, number unknown);
//   mark = "E" | "O" | "1x" | "2x" | "3x" | "X" | "!5".
//
// Log entries (k = kind; p/s/j = player, stand, slot; a = actor; as = actor's slot {s, j}):
//   set     {p, s, j, slot: {c, v, m, col}}           what the table shows on one slot
//   dual    {a, p, s, j, v, ok, cut, as, av, real}     dual cut; v said ("7"|"Y"), cut/av labels on success,
//                                                      real = info token ("5"|"Y") or "R…" (explosion) on failure
//   detect  {kind: double|triple|super, a, p, s, js, v, ok, hit, cut, as, av, tok, real}
//   xray    {a, p, s, j, vs: [x, y], ok, cut, as, av, real}
//   solo    {a, slots: [{s, j}], cuts: [label]}       solo cut (also Fast Pass)
//   red     {a, slots: [{s, j}], cuts: [label]}       reveal red wires
//   radar   {v, ans: [{p, s, has}]}                    General Radar
//   label   {eq, p, s, js: [j, j + 1]}                 Label = / Label ≠
//   postit  {a, s, j, v}                               info token on one of the actor's own wires
//   rewind  {}                                         detonator −1
//   absent  {p, s?, v}                                 "I have none" token beside a stand (s omitted:
//                                                      the whole player): a has_not fact

export const APP_VERSION = 1;
export const NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"];
export const ALL_EQUIPMENT = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"];
export const EQUIPMENT_NAMES = {
  1: "Label ≠", 2: "Walkie-Talkies", 3: "Triple Detector", 4: "Post-it", 5: "Super Detector", 6: "Rewinder",
  7: "Emergency Batteries", 8: "General Radar", 9: "Stabilizer", 10: "X-or-Y Ray", 11: "Coffee Mug", 12: "Label =",
};
const MARKS = ["E", "O", "1x", "2x", "3x", "X"];

// ---------------------------------------------------------------- setup

export function defaultSetup() {
  return {
    mission: null,
    blue: [1, 12],
    yellow: { mode: "none", nums: [], keep: 1, known: [] },
    red: { mode: "none", nums: [], keep: 1, known: [] },
    tokens: "value",
    x_tokens: false,
    false_tokens: false,
    absent_tokens: false,
    random_info_token: false,
    open_red_deal: false,
    red_deal: [],
    dd: "all",
    equipment: ALL_EQUIPMENT.slice(),
    players: NAMES.slice(0, 4),
    me: 0,
    captain: 0,
    mistakes: 3,
  };
}

export function defaultState() {
  return { v: APP_VERSION, phase: "setup", setup: defaultSetup(), hand: [], log: [], redo: [] };
}

const clampInt = (x, lo, hi, dflt) => {
  const n = Number.parseInt(x, 10);
  return Number.isFinite(n) ? Math.max(lo, Math.min(hi, n)) : dflt;
};
const isObj = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const LABEL_RE = /^(?:[YR](?:[1-9]|1[01])|[1-9]|1[0-2])$/;
export const isLabel = (x) => typeof x === "string" && LABEL_RE.test(x);

function normNums(x) {
  return Array.isArray(x) ? [...new Set(x.map((n) => clampInt(n, 1, 11, 0)).filter((n) => n > 0))].sort((a, b) => a - b) : [];
}

function normColour(c) {
  if (!isObj(c)) return { mode: "none", nums: [], keep: 1, known: [] };
  return {
    mode: ["none", "list", "of"].includes(c.mode) ? c.mode : "none",
    nums: normNums(c.nums),
    keep: clampInt(c.keep, 0, 11, 1),
    known: normNums(c.known),
  };
}

/**
 * Any parsed object (URL, storage) -> a valid state. Throws a readable Error when
 * the object is not a table state at all (the caller shows it as a damaged link).
 */
export function normalize(raw) {
  if (!isObj(raw) || !isObj(raw.setup)) throw new Error("this is not a Bomb Busters table");
  const d = defaultSetup();
  const r = raw.setup;
  const names = Array.isArray(r.players) ? r.players.slice(0, 5).map((n, i) => (typeof n === "string" ? n.slice(0, 20) : NAMES[i])) : d.players;
  while (names.length < 2) names.push(NAMES[names.length]);
  const n = names.length;
  const blue = Array.isArray(r.blue) ? [clampInt(r.blue[0], 1, 12, 1), clampInt(r.blue[1], 1, 12, 12)] : d.blue;
  if (blue[0] > blue[1]) blue.reverse();
  const setup = {
    mission: r.mission === null || r.mission === undefined ? null : clampInt(r.mission, 1, 99, null),
    blue,
    yellow: normColour(r.yellow),
    red: normColour(r.red),
    tokens: ["value", "even_odd", "multiplicity", "none"].includes(r.tokens) ? r.tokens : "value",
    x_tokens: Boolean(r.x_tokens),
    false_tokens: Boolean(r.false_tokens),
    absent_tokens: Boolean(r.absent_tokens),
    random_info_token: Boolean(r.random_info_token),
    open_red_deal: Boolean(r.open_red_deal),
    red_deal: Array.isArray(r.red_deal)
      ? r.red_deal.slice(0, 5).map((x) => (Array.isArray(x) ? x.slice(0, 2).map((c) => clampInt(c, 0, 11, 0)) : []))
      : [],
    dd: ["all", "disabled", "captain_disabled"].includes(r.dd) ? r.dd : "all",
    equipment: Array.isArray(r.equipment) ? r.equipment.filter((e) => typeof e === "string").slice(0, 20) : d.equipment,
    players: names,
    me: r.me === null || r.me === undefined || r.me === "" ? null : clampInt(r.me, 0, n - 1, null),
    captain: clampInt(r.captain, 0, n - 1, 0),
    mistakes: clampInt(r.mistakes, 0, 9, n - 1),
  };
  const hand = Array.isArray(raw.hand)
    ? raw.hand.slice(0, 2).map((st) => (Array.isArray(st) ? st.filter(isHandLabel).slice(0, 30) : []))
    : [];
  const entries = (x) => (Array.isArray(x) ? x.filter(isObj).slice(0, 500) : []);
  return {
    v: APP_VERSION,
    phase: ["setup", "hand", "table"].includes(raw.phase) ? raw.phase : "table",
    setup,
    hand,
    log: entries(raw.log),
    redo: entries(raw.redo),
  };
}

/** Apply a mission preset (from the engine's "missions" list) to the setup. */
export function applyMission(setup, mission) {
  const s = structuredClone(setup);
  if (!mission) {
    s.mission = null;
    // custom setups offer "I have none" tokens and the open red deal as toggles; the random draw is a preset's
    if (s.random_info_token) s.absent_tokens = true;
    s.random_info_token = false;
    return s;
  }
  s.mission = mission.number;
  s.blue = mission.blue.slice();
  for (const colour of ["yellow", "red"]) {
    const spec = mission[colour];
    if (!spec) s[colour] = { mode: "none", nums: [], keep: 1, known: [] };
    else if (spec.of === null) s[colour] = { mode: "list", nums: [], keep: spec.count, known: [] };
    else s[colour] = { mode: "of", nums: [], keep: spec.count, known: [] };
  }
  s.tokens = mission.tokens;
  s.x_tokens = mission.x_tokens;
  s.false_tokens = mission.false_tokens;
  s.absent_tokens = Boolean(mission.absent_tokens);
  s.random_info_token = Boolean(mission.random_info_token);
  s.open_red_deal = Boolean(mission.open_red_deal);
  s.red_deal = [];
  s.dd = mission.double_detector;
  s.equipment = mission.equipment.slice();
  return s;
}

/** How many numbers of each colour the setup still needs: {yellow: {need, knownNeed}, red}. */
export function colourNeeds(setup, mission) {
  const out = {};
  for (const colour of ["yellow", "red"]) {
    const spec = mission?.[colour] ?? null;
    const c = setup[colour];
    if (c.mode === "none") out[colour] = null;
    else if (spec) out[colour] = { need: spec.of ?? spec.count, knownNeed: spec.known || 0 };
    else out[colour] = { need: null, knownNeed: 0 };
  }
  return out;
}

/** Setup problems that stop the game from starting (readable sentences). */
export function setupProblems(setup, mission = null) {
  const out = [];
  const needs = colourNeeds(setup, mission);
  for (const colour of ["yellow", "red"]) {
    const c = setup[colour];
    const need = needs[colour];
    if (!need) continue;
    if (need.need !== null && c.nums.length !== need.need) {
      out.push(`Pick ${need.need} ${colour} number${need.need > 1 ? "s" : ""} (the markers on the board).`);
    } else if (need.need === null && c.nums.length === 0) {
      out.push(`Pick the ${colour} numbers in play.`);
    }
    if (need.knownNeed && c.known.length !== need.knownNeed) out.push(`Pick ${need.knownNeed} known ${colour} numbers.`);
    if (c.mode === "of" && !(c.keep >= 0 && c.keep < c.nums.length)) out.push(`${colour}: keep must be less than the numbers drawn.`);
    const both = c.known.filter((x) => c.nums.includes(x));
    if (both.length) out.push(`${colour} ${both.join(", ")} is both known and drawn.`);
  }
  const deal = openRedDeal(setup);
  if (deal) {
    const dealt = deal.flat().reduce((a, b) => a + b, 0);
    const want = redsInPlay(setup);
    if (dealt !== want) out.push(`Red wires dealt openly: the stands hold ${dealt}, but ${want} red wire${want === 1 ? " is" : "s are"} in play.`);
  }
  const names = setup.players.map((n) => n.trim());
  if (names.some((n) => !n)) out.push("Every player needs a name.");
  return out;
}

export function wiresDoc(setup) {
  const doc = { blue: setup.blue.slice() };
  for (const colour of ["yellow", "red"]) {
    const c = setup[colour];
    if (c.mode === "list" && c.nums.length) doc[colour] = c.nums.slice();
    else if (c.mode === "of") {
      doc[colour] = { of: c.nums.slice(), keep: c.keep };
      if (c.known.length) doc[colour].known = c.known.slice();
    }
  }
  return doc;
}

export function wiresInPlay(setup) {
  let n = 4 * (setup.blue[1] - setup.blue[0] + 1);
  for (const colour of ["yellow", "red"]) {
    const c = setup[colour];
    if (c.mode === "list") n += c.nums.length;
    else if (c.mode === "of") n += c.known.length + c.keep;
  }
  return n;
}

/** Stands per player: 2 players two each, 3 players the captain two, else one. */
export function standCounts(setup) {
  const n = setup.players.length;
  return setup.players.map((_, p) => (n === 2 || (n === 3 && p === setup.captain) ? 2 : 1));
}

/** Red wires dealt to the stands (discarded candidates excluded). */
export function redsInPlay(setup) {
  const c = setup.red;
  return c.mode === "list" ? c.nums.length : c.mode === "of" ? c.known.length + c.keep : 0;
}

/**
 * Open red deal (mission 13): reds dealt per stand, [[n, …] per player] shaped like the stands
 * (missing counts are 0); null when the setup has no open red deal.
 */
export function openRedDeal(setup) {
  if (!setup.open_red_deal || setup.red.mode === "none") return null;
  return standCounts(setup).map((c, p) => Array.from({ length: c }, (_, s) => {
    const n = setup.red_deal?.[p]?.[s];
    return Number.isInteger(n) && n >= 0 ? n : 0;
  }));
}

/** The setup with one stand's open red count changed by `delta` (kept within 0…reds in play). */
export function setRedDeal(setup, p, s, delta) {
  const deal = openRedDeal(setup);
  if (!deal?.[p] || deal[p][s] === undefined) return setup;
  const next = structuredClone(setup);
  deal[p][s] = Math.max(0, Math.min(redsInPlay(setup), standSizes(setup)[p][s], deal[p][s] + delta));
  next.red_deal = deal;
  return next;
}

/**
 * Stand sizes [[size, …] per player]: the wires dealt one at a time from the
 * captain clockwise, so earlier stands get the extra wire.
 */
export function standSizes(setup) {
  const counts = standCounts(setup);
  const n = counts.length;
  const order = [];
  for (let k = 0; k < n; k++) {
    const p = (setup.captain + k) % n;
    for (let s = 0; s < counts[p]; s++) order.push([p, s]);
  }
  const total = wiresInPlay(setup);
  const q = Math.floor(total / order.length);
  const r = total % order.length;
  const sizes = counts.map((c) => Array(c).fill(q));
  order.forEach(([p, s], i) => {
    sizes[p][s] = q + (i < r ? 1 : 0);
  });
  return sizes;
}

/** Wire labels a player may have in this setup, in sort order, with copies in play. */
export function labelsInPlay(setup) {
  const out = [];
  for (let n = setup.blue[0]; n <= setup.blue[1]; n++) out.push({ label: String(n), copies: 4 });
  for (const [colour, letter] of [["yellow", "Y"], ["red", "R"]]) {
    const c = setup[colour];
    if (c.mode === "none") continue;
    for (const n of [...c.known, ...c.nums]) out.push({ label: letter + n, copies: 1 });
  }
  return out.sort((a, b) => sortValue(a.label) - sortValue(b.label));
}

export function sortValue(label) {
  const m = /^([YR]?)(\d+)$/.exec(label ?? "");
  if (!m) return 1e9;
  return Number(m[2]) + (m[1] === "Y" ? 0.1 : m[1] === "R" ? 0.5 : 0);
}

export const colourOf = (label) => (label?.[0] === "Y" ? "yellow" : label?.[0] === "R" ? "red" : "blue");
/** Gameplay value of a label: 7, "YELLOW" or "RED". */
export const gameValue = (label) => (label?.[0] === "Y" ? "YELLOW" : label?.[0] === "R" ? "RED" : Number(label));
export const valueMatches = (label, said) => (said === "Y" ? colourOf(label) === "yellow" : label === said);

// ---------------------------------------------------------------- hand entry

/** A hand entry: a label, or "X"+label for the unsorted far-right wire of an X-token stand. */
export const isXWire = (h) => typeof h === "string" && h.startsWith("X");
export const wireOf = (h) => (isXWire(h) ? h.slice(1) : h);
const isHandLabel = (h) => isLabel(wireOf(h));
const handOrder = (h) => (isXWire(h) ? Infinity : sortValue(h));

/**
 * Add one wire to my hand (the stand sorts itself); unchanged when the stand is full.
 * With X tokens the stand's last slot holds its unsorted wire: once the sorted slots are
 * full, the next wire goes there.
 */
export function handAdd(state, s, label) {
  const sizes = standSizes(state.setup);
  const me = state.setup.me;
  if (me === null || !isLabel(label)) return state;
  const next = structuredClone(state);
  while (next.hand.length < sizes[me].length) next.hand.push([]);
  const st = next.hand[s];
  const n = sizes[me][s];
  if (!st || st.length >= n) return state;
  const copies = labelsInPlay(state.setup).find((x) => x.label === label)?.copies ?? 0;
  const used = next.hand.flat().filter((x) => wireOf(x) === label).length;
  if (used >= copies) return state;
  const sortedFull = state.setup.x_tokens && st.filter((x) => !isXWire(x)).length >= n - 1;
  st.push(sortedFull ? "X" + label : label);
  st.sort((a, b) => handOrder(a) - handOrder(b));
  return next;
}

/**
 * The wires of player p's stands the table already shows (cut, or an exact info token), sorted:
 * whoever takes that seat from a mid-game link only adds their hidden ones.
 */
export function publicHand(state, p) {
  const t = derive({ ...state, setup: { ...state.setup, me: null } });
  return t.stands[p].map((st) =>
    st
      .map((sl, j) => ((sl.c === "cut" || sl.c === "info") && isLabel(sl.v) ? (state.setup.x_tokens && j === st.length - 1 ? "X" : "") + sl.v : null))
      .filter(Boolean)
      .sort((a, b) => handOrder(a) - handOrder(b)),
  );
}

export function handRemove(state, s, j) {
  if (!state.hand[s] || j >= state.hand[s].length) return state;
  const next = structuredClone(state);
  next.hand[s].splice(j, 1);
  return next;
}

export function handComplete(state) {
  const me = state.setup.me;
  if (me === null) return false;
  const sizes = standSizes(state.setup)[me];
  return sizes.every((n, s) => (state.hand[s]?.length ?? 0) === n);
}

// ---------------------------------------------------------------- log

export function addEntry(state, entry) {
  const next = structuredClone(state);
  next.log.push(entry);
  next.redo = [];
  return next;
}

export function replaceEntry(state, i, entry) {
  const next = structuredClone(state);
  if (i < 0 || i >= next.log.length) return state;
  if (entry) next.log[i] = entry;
  else next.log.splice(i, 1);
  next.redo = [];
  return next;
}

export function undo(state) {
  if (!state.log.length) return state;
  const next = structuredClone(state);
  next.redo.push(next.log.pop());
  return next;
}

export function redo(state) {
  if (!state.redo.length) return state;
  const next = structuredClone(state);
  next.log.push(next.redo.pop());
  return next;
}

// ---------------------------------------------------------------- replay

const HIDDEN = () => ({ c: "h", v: null, m: null, col: null, own: null });

class EntryError extends Error {}
const fail = (msg) => {
  throw new EntryError(msg);
};

export function slotLetter(j) {
  return j < 26 ? String.fromCharCode(65 + j) : `#${j + 1}`;
}

export function standName(setup, p, s) {
  const name = setup.players[p] || `Player ${p + 1}`;
  return standCounts(setup)[p] > 1 ? `${name} (stand ${s + 1})` : name;
}

/**
 * Replay the log over the setup. Returns
 * { stands: [[[slot]]], facts, mistakesMade, exploded, turn, usedDD: [p], usedItems: {id: true},
 *   entries: [{ok, error?, text}], cutCount: {label: n}, validated: [n], unlocked: [id], hasHand }
 * An entry that cannot be applied is skipped and carries its error.
 */
export function derive(state) {
  const { setup } = state;
  const sizes = standSizes(setup);
  const me = setup.me;
  const hasHand = handComplete(state);
  const stands = sizes.map((ss, p) =>
    ss.map((n, s) => Array.from({ length: n }, (_, j) => ({
      ...HIDDEN(),
      m: setup.x_tokens && j === n - 1 ? "X" : null, // X tokens: each stand's far-right wire is unsorted
      own: p === me && hasHand ? wireOf(state.hand[s][j]) : null,
    }))),
  );
  const t = {
    stands,
    facts: [],
    factEntry: [],
    mistakesMade: 0,
    exploded: false,
    turn: setup.captain,
    usedDD: [],
    usedItems: {},
    entries: [],
    absent: [],
    hasHand,
  };
  // the open red deal is public from the start: one red_count fact per stand
  (openRedDeal(setup) ?? []).forEach((counts, p) => counts.forEach((count, s) => addFact(t, { kind: "red_count", player: p, stand: s, count }, -1)));
  state.log.forEach((e, i) => {
    try {
      applyEntry(t, e, setup, i);
      t.entries.push({ ok: true, text: describeEntry(e, setup) });
    } catch (err) {
      if (!(err instanceof EntryError)) throw err;
      t.entries.push({ ok: false, error: err.message, text: describeEntry(e, setup) });
    }
  });
  const cutCount = {};
  for (const ss of stands) for (const st of ss) for (const sl of st) if (sl.c === "cut" && sl.v) cutCount[sl.v] = (cutCount[sl.v] ?? 0) + 1;
  t.cutCount = cutCount;
  t.validated = [];
  for (let n = setup.blue[0]; n <= setup.blue[1]; n++) if ((cutCount[String(n)] ?? 0) >= 4) t.validated.push(n);
  t.unlocked = setup.equipment.filter((id) => /^\d+$/.test(id) && (cutCount[id] ?? 0) >= 2);
  t.mistakesLeft = Math.max(0, setup.mistakes - t.mistakesMade);
  return t;
}

function slotAt(t, p, s, j) {
  const sl = t.stands[p]?.[s]?.[j];
  if (!sl) fail(`there is no slot ${slotLetter(j ?? 0)} on that stand`);
  return sl;
}

function cutSlot(t, setup, p, s, j, label) {
  const sl = slotAt(t, p, s, j);
  const where = `${standName(setup, p, s)} slot ${slotLetter(j)}`;
  if (!isLabel(label)) fail(`${where}: which wire was cut?`);
  if (sl.c === "cut") fail(`${where} is already cut`);
  if (sl.own && sl.own !== label) fail(`${where} is your ${sl.own}, not ${label}`);
  sl.c = "cut";
  sl.v = label;
  sl.col = null;
  if (sl.m && sl.m.startsWith("!") && colourOf(label) === "red") sl.m = null;
}

function infoSlot(t, setup, p, s, j, label) {
  const sl = slotAt(t, p, s, j);
  const where = `${standName(setup, p, s)} slot ${slotLetter(j)}`;
  if (sl.c === "cut") fail(`${where} is already cut`);
  if (!(isLabel(label) && colourOf(label) !== "red") && label !== "Y") fail(`${where}: which info token?`);
  if (sl.own && !(label === "Y" ? colourOf(sl.own) === "yellow" : sl.own === label)) fail(`${where} is your ${sl.own}, not ${label}`);
  sl.c = "info";
  sl.v = label;
}

const factValue = (said) => (said === "Y" ? "YELLOW" : said?.[0] === "R" ? "RED" : Number(said));

function actorCut(t, setup, e, label) {
  if (!e.as) fail(`which wire did ${setup.players[e.a]} cut?`);
  const av = e.av || label;
  if (colourOf(av) !== colourOf(label) || (colourOf(av) === "blue" && av !== label)) fail(`${setup.players[e.a]}'s wire must also be ${label}`);
  cutSlot(t, setup, e.a, e.as.s, e.as.j, av);
}

function checkPlayers(setup, e, target = true) {
  const n = setup.players.length;
  if (!(Number.isInteger(e.a) && e.a >= 0 && e.a < n)) fail("who acted?");
  if (target) {
    if (!(Number.isInteger(e.p) && e.p >= 0 && e.p < n)) fail("whose wire?");
    if (e.p === e.a) fail("a dual cut points at a teammate's wire");
  }
}

function advance(t, setup, a) {
  t.turn = (a + 1) % setup.players.length;
}

function failure(t, setup, e, p, s, j) {
  const real = e.real;
  if (isLabel(real) && colourOf(real) === "red") {
    cutSlot(t, setup, p, s, j, real);
    t.exploded = true;
    return;
  }
  infoSlot(t, setup, p, s, j, real && colourOf(real) === "yellow" ? "Y" : real);
  t.mistakesMade += 1;
  if (t.mistakesMade > setup.mistakes) t.exploded = true;
}

function addFact(t, fact, i) {
  t.facts.push(fact);
  t.factEntry.push(i);
}

export function applyEntry(t, e, setup, i) {
  switch (e.k) {
    case "set": {
      const sl = slotAt(t, e.p, e.s, e.j);
      const v = e.slot ?? {};
      const own = sl.own;
      if (v.c === "cut" && own && v.v !== own) fail(`${standName(setup, e.p, e.s)} slot ${slotLetter(e.j)} is your ${own}`);
      Object.assign(sl, { c: v.c || "h", v: v.v ?? null, m: v.m ?? null, col: v.col ?? null, own });
      if (sl.c === "info" && own && !sl.v) sl.v = colourOf(own) === "yellow" ? "Y" : own;
      return;
    }
    case "dual":
    case "xray": {
      checkPlayers(setup, e);
      const said = e.k === "dual" ? [e.v] : e.vs ?? [];
      if (!said.length || said.some((x) => !(isLabel(x) || x === "Y"))) fail("which value was said?");
      if (e.ok) {
        if (!said.some((x) => valueMatches(e.cut, x))) fail(`the cut wire ${e.cut} is not what was said`);
        cutSlot(t, setup, e.p, e.s, e.j, e.cut);
        actorCut(t, setup, e, e.cut);
      } else {
        if (said.some((x) => valueMatches(e.real, x))) fail(`the wire shown (${e.real}) is what was said, so the cut worked`);
        failure(t, setup, e, e.p, e.s, e.j);
        for (const x of said) addFact(t, { kind: "has", player: e.a, value: factValue(x) }, i);
      }
      advance(t, setup, e.a);
      return;
    }
    case "detect": {
      checkPlayers(setup, e);
      const js = e.js ?? [];
      const want = { double: 2, triple: 3 }[e.kind];
      if (want && js.length !== want) fail(`point at ${want} wires`);
      if (!js.length) fail("which wires?");
      if (e.kind === "double") t.usedDD.push(e.a);
      else t.usedItems[e.kind === "triple" ? "3" : "5"] = true;
      if (e.ok) {
        if (!js.includes(e.hit)) fail("which of the wires was cut?");
        if (!valueMatches(e.cut, e.v)) fail(`the cut wire ${e.cut} is not ${e.v}`);
        cutSlot(t, setup, e.p, e.s, e.hit, e.cut);
        actorCut(t, setup, e, e.cut);
      } else {
        if (!js.includes(e.tok)) fail("which wire got the info token?");
        if (valueMatches(e.real, e.v)) fail(`the wire shown (${e.real}) is what was said`);
        failure(t, setup, e, e.p, e.s, e.tok);
        addFact(t, { kind: "has", player: e.a, value: factValue(e.v) }, i);
        // none of the wires pointed at holds the value named (the token only shows one of them)
        addFact(t, { kind: "not_value", player: e.p, stand: e.s, slots: [...js].sort((x, y) => x - y), value: factValue(e.v) }, i);
      }
      advance(t, setup, e.a);
      return;
    }
    case "solo":
    case "red": {
      checkPlayers(setup, e, false);
      const slots = e.slots ?? [];
      if (!slots.length || slots.length !== (e.cuts ?? []).length) fail("which wires were cut?");
      slots.forEach((x, n) => {
        if (e.k === "red" && colourOf(e.cuts[n]) !== "red") fail("only red wires are revealed");
        cutSlot(t, setup, e.a, x.s, x.j, e.cuts[n]);
      });
      advance(t, setup, e.a);
      return;
    }
    case "radar": {
      if (!(Number.isInteger(e.v) && e.v >= 1 && e.v <= 12)) fail("which number was asked?");
      t.usedItems["8"] = true;
      for (const x of e.ans ?? []) addFact(t, { kind: x.has ? "has" : "has_not", player: x.p, stand: x.s, value: e.v }, i);
      return;
    }
    case "label": {
      const js = e.js ?? [];
      slotAt(t, e.p, e.s, js[0]);
      slotAt(t, e.p, e.s, js[1]);
      if (Math.abs(js[0] - js[1]) !== 1) fail("a label goes on two neighbouring wires");
      t.usedItems[e.eq ? "12" : "1"] = true;
      addFact(t, { kind: e.eq ? "same" : "different", player: e.p, stand: e.s, slots: [js[0], js[1]].sort((a, b) => a - b) }, i);
      return;
    }
    case "postit": {
      checkPlayers(setup, e, false);
      t.usedItems["4"] = true;
      if (!isLabel(e.v) || colourOf(e.v) !== "blue") fail("a Post-it goes on a blue wire");
      infoSlot(t, setup, e.a, e.s, e.j, e.v);
      return;
    }
    case "rewind":
      t.usedItems["6"] = true;
      t.mistakesMade = Math.max(0, t.mistakesMade - 1);
      return;
    case "absent": {
      const n = setup.players.length;
      if (!(Number.isInteger(e.p) && e.p >= 0 && e.p < n)) fail("whose token?");
      const whole = e.s === undefined || e.s === null;
      if (!whole && !t.stands[e.p][e.s]) fail(`${setup.players[e.p]} has no stand ${e.s + 1}`);
      if (!((isLabel(e.v) && colourOf(e.v) === "blue") || e.v === "Y")) fail("which value is absent?");
      const stands = whole ? t.stands[e.p] : [t.stands[e.p][e.s]];
      if (stands.some((st) => st.some((sl) => sl.c !== "cut" && sl.own && valueMatches(sl.own, e.v)))) {
        fail(`you hold ${e.v === "Y" ? "a yellow wire" : `a ${e.v}`}`);
      }
      if (stands.some((st) => st.some((sl) => sl.c === "info" && sl.v && (sl.v === "Y" ? e.v === "Y" : valueMatches(sl.v, e.v))))) {
        fail(`an info token there shows ${e.v === "Y" ? "yellow" : e.v}`);
      }
      t.absent.push({ p: e.p, s: whole ? null : e.s, v: e.v });
      const fact = { kind: "has_not", player: e.p, value: factValue(e.v) };
      if (!whole) fact.stand = e.s;
      addFact(t, fact, i);
      return;
    }
    default:
      fail(`unknown entry ${JSON.stringify(e.k)}`);
  }
}

export function describeEntry(e, setup) {
  const name = (p) => setup.players[p] ?? `Player ${(p ?? 0) + 1}`;
  const at = (p, s, j) => `${standName(setup, p, s)} ${slotLetter(j ?? 0)}`;
  const said = (v) => (v === "Y" ? "yellow" : v);
  switch (e.k) {
    case "set":
      return `${at(e.p, e.s, e.j)} shows ${slotToken(e.slot ?? {}) || "nothing"}`;
    case "dual":
      return `${name(e.a)}: ${at(e.p, e.s, e.j)} is ${said(e.v)}? ${e.ok ? `✓ cut ${e.cut}` : `✗ it is ${e.real}`}`;
    case "xray":
      return `${name(e.a)} X-or-Y Ray: ${at(e.p, e.s, e.j)} ${(e.vs ?? []).map(said).join(" or ")}? ${e.ok ? `✓ cut ${e.cut}` : `✗ it is ${e.real}`}`;
    case "detect": {
      const what = { double: "Double Detector", triple: "Triple Detector", super: "Super Detector" }[e.kind] ?? "Detector";
      const slots = (e.js ?? []).map(slotLetter).join("+");
      return `${name(e.a)} ${what}: ${standName(setup, e.p, e.s)} ${slots} has ${said(e.v)}? ${e.ok ? `✓ cut ${slotLetter(e.hit ?? 0)}` : `✗ ${slotLetter(e.tok ?? 0)} is ${e.real}`}`;
    }
    case "solo":
      return `${name(e.a)} solo cut ${(e.cuts ?? []).join(" ")}`;
    case "red":
      return `${name(e.a)} reveals red ${(e.cuts ?? []).join(" ")}`;
    case "radar":
      return `General Radar ${e.v}: ${(e.ans ?? []).map((x) => `${standName(setup, x.p, x.s)} ${x.has ? "yes" : "no"}`).join(", ")}`;
    case "label":
      return `Label ${e.eq ? "=" : "≠"} on ${standName(setup, e.p, e.s)} ${(e.js ?? []).map(slotLetter).join("/")}`;
    case "postit":
      return `${name(e.a)} Post-it: ${at(e.a, e.s, e.j)} is ${e.v}`;
    case "rewind":
      return "Rewinder: detonator −1";
    case "absent":
      return `${e.s === undefined || e.s === null ? name(e.p) : standName(setup, e.p, e.s)} has no ${said(e.v)} ("I have none" token)`;
    default:
      return "unknown entry";
  }
}

// ---------------------------------------------------------------- notation

/** The stand-notation token for a slot (see py_engine notation.py). `own` = show my own wire. */
export function slotToken(sl, own = false) {
  const mark = sl.m && (MARKS.includes(sl.m) || /^!\d{1,2}$/.test(sl.m)) ? sl.m : "";
  if (sl.c === "cut" && isLabel(sl.v)) {
    const colon = mark.startsWith("!") && colourOf(sl.v) === "blue" ? ":" : "";
    return `${mark}${colon}${sl.v}`;
  }
  if (sl.c === "info" && (isLabel(sl.v) || sl.v === "Y")) {
    const v = own && sl.own && sl.v === "Y" ? sl.own : sl.v;
    return `${mark}i${v}`;
  }
  if (own && sl.own) return `${mark}?${sl.own}`;
  const col = sl.col && ["b", "y", "r"].includes(sl.col) ? sl.col : "";
  if (col && !mark) return `${col}?`;
  return `${col}${mark}` || "?";
}

/**
 * The engine's state document for the derived table.
 * opts.public: nobody's hidden wires (my stand as teammates see it).
 */
export function engineDoc(state, t = derive(state), opts = {}) {
  const { setup } = state;
  const me = !opts.public && t.hasHand ? setup.me : null;
  const doc = {
    players: setup.players.map((name, p) => ({
      name: name.trim() || `Player ${p + 1}`,
      stands: t.stands[p].map((st) => st.map((sl) => slotToken(sl, p === me)).join(" ")),
    })),
    me,
    captain: setup.captain,
    wires: wiresDoc(setup),
    facts: t.facts.slice(),
    mistakes_left: t.mistakesLeft,
  };
  return doc;
}

/** Items for the "moves" request: what `me` may still use. */
export function availableItems(state, t) {
  const { setup } = state;
  const me = setup.me;
  const out = [];
  const ddOk = setup.dd === "all" || (setup.dd === "captain_disabled" && me !== setup.captain);
  if (ddOk && !t.usedDD.includes(me)) out.push("double_detector");
  const items = { 3: "triple_detector", 5: "super_detector", 10: "x_or_y_ray" };
  for (const [id, name] of Object.entries(items)) if (t.unlocked.includes(id) && !t.usedItems[id]) out.push(name);
  return out;
}

// ---------------------------------------------------------------- what the slot editor may offer

/** Choices for a slot: {cut: [labels], info: [labels + "Y"?], marks: [mark], colours: [..]} per setup. */
export function slotChoices(setup, own = null) {
  const labels = labelsInPlay(setup).map((x) => x.label);
  const hasYellow = labels.some((l) => l[0] === "Y");
  const marks = [];
  if (setup.tokens === "even_odd") marks.push("E", "O");
  if (setup.tokens === "multiplicity") marks.push("1x", "2x", "3x");
  if (setup.x_tokens) marks.push("X");
  const notValues = setup.false_tokens ? labels.filter((l) => colourOf(l) === "blue") : [];
  const info = setup.tokens === "value" || setup.tokens === "none" ? labels.filter((l) => colourOf(l) === "blue") : [];
  if (hasYellow && info.length) info.push("Y");
  if (own) {
    return {
      cut: [own],
      info: colourOf(own) === "red" || !info.length ? [] : [colourOf(own) === "yellow" ? "Y" : own],
      marks,
      notValues,
      colours: [],
    };
  }
  const colours = ["b"];
  if (hasYellow) colours.push("y");
  if (labels.some((l) => l[0] === "R")) colours.push("r");
  return { cut: labels, info, marks, notValues, colours: colours.length > 1 ? colours : [] };
}

// ---------------------------------------------------------------- share / persistence

function bytesToB64(bytes) {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function b64ToBytes(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

const utf8 = (bytes) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);
const DAMAGED = "This link is damaged: its table could not be read (was it cut short when copied?).";
/** Share links are deflated: a late-game table then still fits a QR code. */
const SHARE_CODEC = "deflate-raw";

function tableJson(state) {
  const { v, phase, setup, hand, log, redo } = state;
  return JSON.stringify({ v, phase, setup, hand, log, redo });
}

function readTable(text) {
  let raw;
  try {
    raw = JSON.parse(text);
  } catch {
    return { error: DAMAGED };
  }
  try {
    return { state: normalize(raw) };
  } catch (err) {
    return { error: `This link is damaged: ${err.message}.` };
  }
}

async function pipeBytes(bytes, transform) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(transform)).arrayBuffer());
}

/** The state's data (no UI) as a URL hash ("#g=", plain: written on every change). */
export function encodeHash(state) {
  return "#g=" + bytesToB64(new TextEncoder().encode(tableJson(state)));
}

/** The share link's hash: the same data deflated ("#z="), or plain where the browser cannot. */
export async function encodeShareHash(state) {
  if (typeof CompressionStream !== "function") return encodeHash(state);
  const packed = await pipeBytes(new TextEncoder().encode(tableJson(state)), new CompressionStream(SHARE_CODEC));
  return "#z=" + bytesToB64(packed);
}

/**
 * Read a plain hash: {state} for a table, {error} for a damaged one, {} when the hash holds none.
 * Never throws.
 */
export function decodeHash(hash) {
  const m = /^#?g=(.*)$/s.exec(hash || "");
  if (!m) return {};
  let text;
  try {
    text = utf8(b64ToBytes(decodeURIComponent(m[1])));
  } catch {
    return { error: DAMAGED };
  }
  return readTable(text);
}

/** decodeHash for every hash, deflated share links ("#z=") included. Never throws. */
export async function readHash(hash) {
  const m = /^#?z=(.*)$/s.exec(hash || "");
  if (!m) return decodeHash(hash);
  let text;
  try {
    text = utf8(await pipeBytes(b64ToBytes(decodeURIComponent(m[1])), new DecompressionStream(SHARE_CODEC)));
  } catch {
    return { error: DAMAGED };
  }
  return readTable(text);
}

/**
 * The table to share: everything public, NOT my hidden wires (unless withHand).
 * A teammate opening it picks who they are and enters their own hand.
 */
export function shareState(state, withHand = false) {
  const s = structuredClone(state);
  s.redo = [];
  if (!withHand) {
    s.hand = [];
    s.setup.me = null;
  }
  s.phase = withHand ? state.phase : "hand";
  return s;
}

// ---------------------------------------------------------------- recording an action (draft -> entry)
//
// A draft is filled one answer at a time; nextAsk(draft) names the first missing
// answer, and buildEntry(draft) turns a complete draft into a log entry.
// Draft kinds: dual, xray, double, triple, super, solo, red, radar, label_eq, label_ne, postit, rewind.

export const PICK_COUNT = { dual: 1, xray: 1, double: 2, triple: 3, super: 1, label_eq: 2, label_ne: 2, postit: 1 };
export const ACTION_NAMES = {
  dual: "Dual cut", xray: "X-or-Y Ray", double: "Double Detector", triple: "Triple Detector", super: "Super Detector",
  solo: "Solo cut", red: "Reveal red", radar: "General Radar", label_eq: "Label =", label_ne: "Label ≠",
  postit: "Post-it", rewind: "Rewinder", absent: "I have none",
};

/** My uncut slots holding a wire of gameplay value `said` ("7" | "Y"), in order. */
function ownSlotsFor(state, t, said) {
  const me = state.setup.me;
  if (me === null || !t.hasHand) return [];
  const out = [];
  t.stands[me].forEach((st, s) => st.forEach((sl, j) => {
    if (sl.c !== "cut" && sl.own && valueMatches(sl.own, said)) out.push({ s, j, label: sl.own });
  }));
  return out;
}

/** The first answer the draft still needs: {ask, ...} or null when complete. */
export function nextAsk(state, t, d) {
  const me = state.setup.me;
  const mine = d.a === me && t.hasHand;
  if (d.k === "rewind") return null;
  if (d.k === "absent") {
    if (d.a === undefined || d.a === null) return { ask: "actor" };
    if (standCounts(state.setup)[d.a] > 1 && d.s === undefined) return { ask: "absent_stand" };
    if (!d.v) return { ask: "value", absent: true };
    return null;
  }
  if (d.k === "radar") {
    if (!d.v) return { ask: "radar_value" };
    if (!d.done) return { ask: "radar_answers" };
    return null;
  }
  if (d.a === undefined || d.a === null) return { ask: "actor" };
  const pick = d.k === "super" ? 1 : PICK_COUNT[d.k];
  if (pick && (d.js?.length ?? 0) < pick) return { ask: "slots", count: pick };
  if (d.k === "label_eq" || d.k === "label_ne") return null;
  if (d.k === "postit") {
    if (!d.v) return mine ? null : { ask: "value", blueOnly: true };
    return null;
  }
  if (d.k === "solo" || d.k === "red") {
    if (d.k === "solo" && !d.v) return { ask: "value" };
    if (mine) return null;
    if (!d.done) return { ask: "own_slots" };
    if ((d.cuts?.length ?? 0) < (d.slots?.length ?? 0)) return { ask: "cut_label", index: d.cuts?.length ?? 0 };
    return null;
  }
  if (d.k === "xray") {
    if ((d.vs?.length ?? 0) < 2) return { ask: "value", two: true };
  } else if (!d.v) return { ask: "value", noYellow: d.k === "triple" || d.k === "super" };
  if (d.ok === undefined || d.ok === null) return { ask: "result" };
  const multi = d.k === "double" || d.k === "triple" || d.k === "super";
  if (d.ok) {
    if (multi && d.hit === undefined) return { ask: "which", field: "hit" };
    const said = d.k === "xray" ? d.vs : [d.v];
    // a blue value said: the cut wire is that value; yellow (or X-or-Y): which wire it was
    if (!d.cut && !(said.length === 1 && said[0] !== "Y")) return { ask: "cut_label" };
    if (!mine && !d.as) return { ask: "actor_slot" };
    if (!mine && colourOf(d.cut || said[0]) === "yellow" && !d.av) return { ask: "actor_label" };
    return null;
  }
  if (multi && d.tok === undefined) return { ask: "which", field: "tok" };
  if (!d.real) return { ask: "real" };
  return null;
}

/** A complete draft -> a log entry (my own wire is resolved from my hand here). */
export function buildEntry(state, t, d) {
  const me = state.setup.me;
  const mine = d.a === me && t.hasHand;
  const js = d.js ?? [];
  switch (d.k) {
    case "rewind":
      return { k: "rewind" };
    case "absent": {
      const e = { k: "absent", p: d.a, v: d.v };
      if (d.s !== undefined && d.s !== null && standCounts(state.setup)[d.a] > 1) e.s = d.s;
      return e;
    }
    case "radar":
      return { k: "radar", v: Number(d.v), ans: (d.ans ?? []).slice() };
    case "label_eq":
    case "label_ne":
      return { k: "label", eq: d.k === "label_eq", p: d.p, s: d.s, js: js.slice().sort((a, b) => a - b) };
    case "postit": {
      const v = d.v || (mine ? t.stands[me][d.s][js[0]].own : null);
      return { k: "postit", a: d.a, s: d.s, j: js[0], v };
    }
    case "solo":
    case "red": {
      if (mine) {
        const own = d.k === "solo" ? ownSlotsFor(state, t, d.v) : ownSlotsFor(state, t, null).length ? [] : [];
        const slots = d.k === "solo" ? own : [];
        if (d.k === "red") {
          t.stands[me].forEach((st, s) => st.forEach((sl, j) => {
            if (sl.c !== "cut" && sl.own) slots.push({ s, j, label: sl.own });
          }));
        }
        return { k: d.k, a: d.a, slots: slots.map(({ s, j }) => ({ s, j })), cuts: slots.map((x) => x.label) };
      }
      return { k: d.k, a: d.a, slots: (d.slots ?? []).slice(), cuts: (d.cuts ?? []).slice() };
    }
    default: {
      const multi = d.k === "double" || d.k === "triple" || d.k === "super";
      const e = multi
        ? { k: "detect", kind: d.k, a: d.a, p: d.p, s: d.s, js: js.slice(), v: d.v, ok: d.ok }
        : d.k === "xray"
          ? { k: "xray", a: d.a, p: d.p, s: d.s, j: js[0], vs: d.vs.slice(), ok: d.ok }
          : { k: "dual", a: d.a, p: d.p, s: d.s, j: js[0], v: d.v, ok: d.ok };
      if (d.ok) {
        if (multi) e.hit = d.hit;
        e.cut = d.cut || d.v;
        if (mine) {
          const own = ownSlotsFor(state, t, colourOf(e.cut) === "yellow" ? "Y" : e.cut)[0];
          if (own) {
            e.as = { s: own.s, j: own.j };
            e.av = own.label;
          }
        } else if (d.as) {
          e.as = { ...d.as };
          if (d.av) e.av = d.av;
        }
      } else {
        if (multi) e.tok = d.tok;
        e.real = d.real;
      }
      return e;
    }
  }
}

/** A draft for the action that ranked move `m` (from "moves") describes. */
export function draftFromMove(state, m) {
  const v = m.value === "YELLOW" ? "Y" : m.value === null ? null : String(m.value);
  const k = { dual_cut: "dual", x_or_y_ray: "xray", double_detector: "double", triple_detector: "triple",
    super_detector: "super", solo_cut: "solo", fast_pass: "solo", reveal_red: "red" }[m.kind];
  if (!k) return null;
  const d = { k, a: state.setup.me };
  if (m.player !== null && m.player !== undefined) Object.assign(d, { p: m.player, s: m.stand, js: m.slots.slice() });
  if (k === "xray") d.vs = (m.values ?? []).map((x) => (x === "YELLOW" ? "Y" : String(x)));
  else if (v && k !== "red") d.v = v;
  return d;
}

// ---------------------------------------------------------------- starting-token advice

export const TOKEN_KINDS = ["value", "even_odd", "multiplicity"];

/** The kind of starting token I choose in this setup, or null (mission 18: none; mission 13: drawn at random). */
export function startingTokenKind(setup) {
  if (setup.random_info_token) return null;
  return TOKEN_KINDS.includes(setup.tokens) ? setup.tokens : null;
}

/** Does this slot show a starting token of `kind`? */
export function showsStartingToken(sl, kind) {
  if (kind === "value") return sl.c === "info";
  if (kind === "even_odd") return sl.m === "E" || sl.m === "O";
  if (kind === "multiplicity") return ["1x", "2x", "3x"].includes(sl.m);
  return false;
}

/**
 * {kind} while I (setup.me, hand entered) still have to place my starting token, else null.
 * One token per player, also for a player with two stands; once the game is under way
 * (any entry other than tokens set on slots or "I have none") the advice is over.
 */
export function startingTokenDue(state, t = derive(state)) {
  const { setup } = state;
  const kind = startingTokenKind(setup);
  if (!kind || setup.me === null || !t.hasHand) return null;
  if (state.log.some((e) => e.k !== "set" && e.k !== "absent")) return null;
  if (t.stands[setup.me].some((st) => st.some((sl) => showsStartingToken(sl, kind)))) return null;
  return { kind };
}

/** The best `n` placements of an "indicate" answer for `kind` (ranked best first by the engine). */
export function topAdvice(result, kind, n = 3) {
  return Array.isArray(result?.[kind]) ? result[kind].slice(0, n) : [];
}

/** The log entry that places advised token `rec` ({stand, slot, token}) on my slot: the slot sheet's `set`. */
export function adviceEntry(state, t, rec, kind) {
  const me = state.setup.me;
  const sl = me === null ? null : t.stands[me]?.[rec.stand]?.[rec.slot];
  if (!sl || sl.c === "cut" || typeof rec.token !== "string") return null;
  const slot = { c: sl.c, v: sl.v, m: sl.m, col: sl.col };
  if (kind === "value") {
    if (!/^i/.test(rec.token)) return null;
    Object.assign(slot, { c: "info", v: rec.token.slice(1), col: null });
  } else {
    slot.m = rec.token;
  }
  return { k: "set", p: me, s: rec.stand, j: rec.slot, slot };
}
