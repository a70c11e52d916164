// UI state: one plain, JSON-serialisable object and pure functions on it.
// No DOM, no worker, no storage here (notation-page.js does the I/O).
//
// Shape:
// {
//   v: 1,
//   players: [{ name: "Ann", stands: ["?1 ?2 3 …"] }, …]   // 2–5 players, 1–2 stands each
//   me: 0 | null, captain: 0, mistakes_left: 3,
//   wires: { blue: [1, 12],
//            yellow: { mode: "none"|"list"|"of", list: "4 7", keep: 1 },
//            red:    { mode: …, list: …, keep: … } },
//   facts: [],                 // passed through to the engine untouched
//   selected: "1-0-3" | null   // the heatmap cell shown in the detail panel
// }

export const STATE_VERSION = 1;
const NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"];

export function defaultState() {
  return {
    v: STATE_VERSION,
    players: [
      { name: "Ann", stands: ["?1 ?2 ?3 ?4 ?5 ?6 ?7 ?8 ?9 ?10 ?11 ?12"] },
      { name: "Bob", stands: ["? ? ? ? ? ? ? ? ? ? ? ?"] },
      { name: "Cid", stands: ["? ? ? ? ? ? ? ? ? ? ? ?"] },
      { name: "Dee", stands: ["? ? ? ? ? ? ? ? ? ? ? ?"] },
    ],
    me: 0,
    captain: 0,
    mistakes_left: 3,
    wires: {
      blue: [1, 12],
      yellow: { mode: "none", list: "", keep: 1 },
      red: { mode: "none", list: "", keep: 1 },
    },
    facts: [],
    selected: null,
  };
}

const clampInt = (x, lo, hi, dflt) => {
  const n = Number.parseInt(x, 10);
  return Number.isFinite(n) ? Math.max(lo, Math.min(hi, n)) : dflt;
};
const str = (x, dflt = "") => (typeof x === "string" ? x : dflt);

function normColour(c) {
  const d = { mode: "none", list: "", keep: 1 };
  if (!c || typeof c !== "object") return d;
  return {
    mode: ["none", "list", "of"].includes(c.mode) ? c.mode : "none",
    list: str(c.list),
    keep: clampInt(c.keep, 0, 11, 1),
  };
}

/** Any parsed object (from the URL hash or storage) -> a valid state. Never throws. */
export function normalize(raw) {
  const d = defaultState();
  if (!raw || typeof raw !== "object") return d;
  let players = Array.isArray(raw.players) ? raw.players.slice(0, 5) : d.players;
  players = players.map((p, i) => {
    const stands = Array.isArray(p?.stands) ? p.stands.slice(0, 2).map((s) => str(s)) : [""];
    return { name: str(p?.name, NAMES[i]).slice(0, 20), stands: stands.length ? stands : [""] };
  });
  while (players.length < 2) players.push({ name: NAMES[players.length], stands: [""] });
  const n = players.length;
  const me = raw.me === null || raw.me === undefined || raw.me === "" ? null : clampInt(raw.me, 0, n - 1, null);
  const blue = Array.isArray(raw.wires?.blue) ? raw.wires.blue : d.wires.blue;
  return {
    v: STATE_VERSION,
    players,
    me,
    captain: clampInt(raw.captain, 0, n - 1, 0),
    mistakes_left: clampInt(raw.mistakes_left, 0, 9, 3),
    wires: {
      blue: [clampInt(blue[0], 1, 12, 1), clampInt(blue[1], 1, 12, 12)],
      yellow: normColour(raw.wires?.yellow),
      red: normColour(raw.wires?.red),
    },
    facts: Array.isArray(raw.facts) ? raw.facts : [],
    selected: typeof raw.selected === "string" ? raw.selected : null,
  };
}

/** The form's layout: when it changes the form is drawn again, otherwise only values change. */
export function shapeKey(state) {
  return JSON.stringify([
    state.players.map((p) => p.stands.length),
    state.me,
    state.captain,
    state.wires.yellow.mode,
    state.wires.red.mode,
  ]);
}

/**
 * Apply one edit. `field` is a data-field key from the form, `value` its text.
 * Returns a new state; the old one is not changed.
 */
export function applyField(state, field, value) {
  const s = structuredClone(state);
  let m;
  if (field === "player-count") {
    const n = clampInt(value, 2, 5, s.players.length);
    while (s.players.length < n) {
      s.players.push({ name: NAMES[s.players.length], stands: [""] });
    }
    s.players.length = n;
    if (s.me !== null && s.me >= n) s.me = null;
    if (s.captain >= n) s.captain = 0;
  } else if ((m = /^player-(\d+)-name$/.exec(field))) {
    s.players[+m[1]].name = String(value).slice(0, 20);
  } else if ((m = /^player-(\d+)-stands$/.exec(field))) {
    const p = s.players[+m[1]];
    const k = clampInt(value, 1, 2, p.stands.length);
    while (p.stands.length < k) p.stands.push("");
    p.stands.length = k;
  } else if ((m = /^stand-(\d+)-(\d+)$/.exec(field))) {
    s.players[+m[1]].stands[+m[2]] = String(value);
  } else if (field === "me") {
    s.me = value === "" || value === null ? null : clampInt(value, 0, s.players.length - 1, null);
  } else if (field === "captain") {
    s.captain = clampInt(value, 0, s.players.length - 1, 0);
  } else if (field === "mistakes") {
    s.mistakes_left = clampInt(value, 0, 9, s.mistakes_left);
  } else if (field === "wires-blue-lo") {
    s.wires.blue[0] = clampInt(value, 1, 12, s.wires.blue[0]);
  } else if (field === "wires-blue-hi") {
    s.wires.blue[1] = clampInt(value, 1, 12, s.wires.blue[1]);
  } else if ((m = /^wires-(yellow|red)-(mode|list|keep)$/.exec(field))) {
    const c = s.wires[m[1]];
    if (m[2] === "mode") c.mode = ["none", "list", "of"].includes(value) ? value : "none";
    else if (m[2] === "list") c.list = String(value);
    else c.keep = clampInt(value, 0, 11, c.keep);
  } else if (field === "selected") {
    s.selected = value || null;
  } else {
    return state;
  }
  if (field !== "selected" && !/^stand-|^player-\d+-name$/.test(field)) s.selected = null;
  return s;
}

function parseNumberList(text) {
  const tokens = String(text).split(/[\s,;]+/).filter(Boolean);
  const nums = [];
  for (const t of tokens) {
    const m = /^[yYrR]?(\d{1,2})$/.exec(t);
    if (!m) return { error: `cannot read ${JSON.stringify(t)}: enter wire numbers like "4 7"` };
    nums.push(Number(m[1]));
  }
  return { nums };
}

/**
 * The engine's "analyze" payload for this state, or field errors found before
 * asking the engine (things the engine could not even receive, like "4 x").
 * Returns { payload, errors: [{field, name, message}] }.
 */
export function toPayload(state) {
  const errors = [];
  const wires = { blue: [state.wires.blue[0], state.wires.blue[1]] };
  for (const colour of ["yellow", "red"]) {
    const c = state.wires[colour];
    if (c.mode === "none") continue;
    const parsed = parseNumberList(c.list);
    if (parsed.error) {
      errors.push({ field: `wires-${colour}`, name: "NotationError", message: `${colour}: ${parsed.error}` });
      continue;
    }
    wires[colour] = c.mode === "of" ? { of: parsed.nums, keep: c.keep } : parsed.nums;
  }
  state.players.forEach((p, i) =>
    p.stands.forEach((text, s) => {
      if (!text.trim()) {
        errors.push({
          field: `stand-${i}-${s}`,
          name: "NotationError",
          message: `${p.name || `player ${i + 1}`}, stand ${s + 1}: the stand is empty`,
        });
      }
    }),
  );
  const payload = {
    players: state.players.map((p) => ({ name: p.name, stands: p.stands.slice() })),
    me: state.me,
    captain: state.captain,
    wires,
    facts: state.facts,
    mistakes_left: state.mistakes_left,
  };
  return { payload, errors };
}

const nth = (x) => (Number.isInteger(x) ? x : Number.isInteger(Number(x)) && x !== "" ? Number(x) : null);

/**
 * Which form field an engine error belongs to, or null (shown in the general area).
 * Uses the error's optional player/stand fields first, then the message text:
 * "players[1].stands[0]", "player 2 … stand 1" (1-based), a player's name, or a
 * wire field (blue/yellow/red), "me", "captain", "mistakes".
 */
export function errorField(error, state) {
  if (!error) return null;
  const nPlayers = state.players.length;
  const standOk = (p, s) => p !== null && p >= 0 && p < nPlayers && s >= 0 && s < state.players[p].stands.length;
  const p0 = nth(error.player);
  if (p0 !== null && p0 >= 0 && p0 < nPlayers) {
    const s0 = nth(error.stand) ?? 0;
    if (standOk(p0, s0)) return `stand-${p0}-${s0}`;
  }
  const FIELDS = { "wires.blue": "wires-blue", "wires.yellow": "wires-yellow", "wires.red": "wires-red",
    captain: "captain", me: "me", mistakes_left: "mistakes" };
  if (typeof error.field === "string") {
    const f = error.field.replace(/^(wires\.(blue|yellow|red)).*$/, "$1");
    if (FIELDS[f]) return FIELDS[f];
  }
  const msg = `${typeof error.field === "string" ? error.field + ": " : ""}${error.message || ""}`;
  let m = /players\[(\d+)\](?:\.stands\[(\d+)\])?/.exec(msg);
  if (m) {
    const p = Number(m[1]);
    const s = m[2] === undefined ? 0 : Number(m[2]);
    if (standOk(p, s)) return `stand-${p}-${s}`;
  }
  const lower = msg.toLowerCase();
  let player = null;
  m = /\bplayer\s*#?(\d+)/i.exec(msg);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= nPlayers) player = Number(m[1]) - 1;
  if (player === null) {
    // A player's name in the message; several names = about the table, not one field.
    const named = state.players
      .map((p, i) => ({ i, name: p.name.trim() }))
      .filter((x) => x.name.length > 0)
      .filter((x) => new RegExp(`(^|[^\\w])${x.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^\\w]|$)`, "i").test(msg));
    if (named.length === 1) player = named[0].i;
  }
  if (player !== null) {
    m = /\bstand\s*#?(\d+)/i.exec(msg);
    let s = m ? Number(m[1]) - 1 : 0;
    if (!standOk(player, s)) s = 0;
    return `stand-${player}-${s}`;
  }
  if (/\byellow\b/.test(lower) && !/\bred\b/.test(lower)) return "wires-yellow";
  if (/\bred\b/.test(lower) && !/\byellow\b/.test(lower)) return "wires-red";
  if (/\bblue\b/.test(lower) && /range|wires\.blue|lo|hi/.test(lower)) return "wires-blue";
  if (/\bcaptain\b/.test(lower)) return "captain";
  if (/mistake/.test(lower)) return "mistakes";
  if (/\bme\b|observer/.test(lower)) return "me";
  if (nPlayers && /\bstand\b/.test(lower) && state.players.length === 1) return "stand-0-0";
  return null;
}

export const SORT_VALUE = (label) => {
  const m = /^([YR]?)(\d+)$/.exec(label);
  if (!m) return 1e9;
  return Number(m[2]) + (m[1] === "Y" ? 0.1 : m[1] === "R" ? 0.5 : 0);
};

/** Split stand text into tokens the same way the engine does (spaces or commas). */
export function tokens(text) {
  return String(text).trim().split(/[\s,]+/).filter(Boolean);
}

/**
 * Heatmap model from an analysis result: rows = every stand of the state in
 * order, cells = slots.  Slots with a distribution carry it; others show
 * their token (cut wires, my own wires).
 */
export function heatGrid(result, state) {
  const bySlot = new Map();
  for (const e of result?.slots ?? []) bySlot.set(`${e.player}-${e.stand}-${e.slot}`, e.probs);
  const rows = [];
  let columns = 0;
  state.players.forEach((p, i) =>
    p.stands.forEach((text, s) => {
      const toks = tokens(text);
      const cells = toks.map((tok, k) => {
        const probs = bySlot.get(`${i}-${s}-${k}`);
        if (!probs) return { player: i, stand: s, slot: k, known: tok };
        const values = sortedValues(probs);
        const top = values.reduce((a, b) => (b.p > a.p ? b : a), values[0] ?? { value: "?", p: 0 });
        const red = values.filter((v) => v.value.startsWith("R")).reduce((a, v) => a + v.p, 0);
        const title = values.map((v) => `${v.value}: ${(v.p * 100).toFixed(1)}%`).join("\n");
        return { player: i, stand: s, slot: k, probs, top, red, title };
      });
      columns = Math.max(columns, cells.length);
      const label = p.stands.length > 1 ? `${p.name || `P${i + 1}`} ${s + 1}` : p.name || `P${i + 1}`;
      rows.push({ player: i, stand: s, label, cells });
    }),
  );
  return { rows, columns };
}

export function sortedValues(probs) {
  return Object.entries(probs)
    .map(([value, p]) => ({ value, p: Number(p) }))
    .sort((a, b) => SORT_VALUE(a.value) - SORT_VALUE(b.value));
}

/** Detail panel model for the selected cell, or null. */
export function detailFor(result, state, key) {
  if (!key || !result) return null;
  const [p, s, k] = key.split("-").map(Number);
  const entry = (result.slots ?? []).find((e) => e.player === p && e.stand === s && e.slot === k);
  if (!entry || !state.players[p]) return null;
  const player = state.players[p];
  const standName = player.stands.length > 1 ? ` stand ${s + 1}` : "";
  const letter = k < 26 ? String.fromCharCode(65 + k) : `#${k + 1}`;
  return { title: `${player.name || `Player ${p + 1}`}${standName}, slot ${letter}`, values: sortedValues(entry.probs) };
}

// ---- persistence (pure encoders; notation-page.js does the reading and writing)

export function encodeHash(state) {
  return "#s=" + encodeURIComponent(JSON.stringify(state));
}

/** Returns a state or null when the hash holds none. */
export function decodeHash(hash) {
  const m = /^#?s=(.*)$/.exec(hash || "");
  if (!m) return null;
  try {
    return normalize(JSON.parse(decodeURIComponent(m[1])));
  } catch {
    return null;
  }
}
