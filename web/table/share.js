// Share links and persistence: the state as a URL hash (plain "#g=" on every
// change, deflated "#z=" for share links) and the public view a teammate gets.
// Pure functions, no DOM, no I/O; the state object is described in table-state.js.

import { normalize } from "./table-doc.js";

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

function tableData(state) {
  const { v, phase, setup, hand, log, redo } = state;
  // the edits of my wires undo remembers: written only when there are some (older tables' hashes stay as they were)
  const edits = (list) => (list?.length ? list : undefined);
  return { v, phase, setup, hand, log, redo, hand_undo: edits(state.hand_undo), hand_redo: edits(state.hand_redo),
    log_undo: edits(state.log_undo), log_redo: edits(state.log_redo), setup_undo: edits(state.setup_undo), setup_redo: edits(state.setup_redo),
    undo_floor: state.undo_floor || undefined };
}

const tableJson = (state) => JSON.stringify(tableData(state));

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

/** What only my own device may read back from the address bar: my wires and their edits, 29's number cards, and the
 * setup's undo history (its copies of the setup hold those cards too). */
const PRIVATE = ["hand", "hand_undo", "hand_redo", "setup_undo", "setup_redo"];
const SEAL = "bb1"; // marks a private part read with the right key (another device's key reads noise)

/**
 * The state's data (no UI) as a URL hash ("#g=", written on every change). With `key` (random bytes this device
 * keeps, at least as long as what they cover: deviceKey in table-store.js), my wires go in a second part XORed with
 * it, so an address bar copied to another phone shows the table but not my hand (it opens as a share link does).
 */
export function encodeHash(state, key = null) {
  const data = tableData(state);
  if (!key) return "#g=" + bytesToB64(new TextEncoder().encode(JSON.stringify(data)));
  const own = { seal: SEAL, guess_mine: data.setup?.guess_mine ?? [] };
  for (const k of PRIVATE) if (data[k] !== undefined) own[k] = data[k];
  const open = { ...data, setup: { ...data.setup, guess_mine: [] } };
  for (const k of PRIVATE) delete open[k];
  open.hand = [];
  const secret = new TextEncoder().encode(JSON.stringify(own));
  return "#g=" + bytesToB64(new TextEncoder().encode(JSON.stringify(open))) + "." + bytesToB64(xorWith(secret, key(secret.length)));
}

const xorWith = (bytes, key) => bytes.map((b, i) => b ^ key[i]);

/** The private part read with this device's key, or null (another device's link, or no key). */
function unseal(part, key) {
  if (!key) return null;
  try {
    const bytes = b64ToBytes(part);
    const own = JSON.parse(utf8(xorWith(bytes, key(bytes.length))));
    return own?.seal === SEAL ? own : null;
  } catch {
    return null;
  }
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
export function decodeHash(hash, key = null) {
  const m = /^#?g=([^.]*)(?:\.(.*))?$/s.exec(hash || "");
  if (!m) return {};
  let text;
  try {
    text = utf8(b64ToBytes(decodeURIComponent(m[1])));
  } catch {
    return { error: DAMAGED };
  }
  if (m[2] === undefined) return readTable(text);
  const own = unseal(decodeURIComponent(m[2]), key);
  let raw;
  try {
    raw = JSON.parse(text);
  } catch {
    return { error: DAMAGED };
  }
  if (own) {
    for (const k of PRIVATE) if (own[k] !== undefined) raw[k] = own[k];
    if (raw.setup) raw.setup.guess_mine = own.guess_mine;
    return readTable(JSON.stringify(raw));
  }
  // another phone's address bar: its table without its wires, opened as a share link is
  const got = readTable(JSON.stringify(raw));
  return got.state ? { state: shareState(got.state), notice: FOREIGN } : got;
}

const FOREIGN = "This page came from another phone: its owner's wires stay there. Pick who you are and enter your own.";

/** decodeHash for every hash, deflated share links ("#z=") included. Never throws. */
export async function readHash(hash, key = null) {
  const m = /^#?z=(.*)$/s.exec(hash || "");
  if (!m) return decodeHash(hash, key);
  let text;
  try {
    text = utf8(await pipeBytes(b64ToBytes(decodeURIComponent(m[1])), new DecompressionStream(SHARE_CODEC)));
  } catch {
    return { error: DAMAGED };
  }
  return readTable(text);
}

/** An entry without what only its receiver may know: the wire they got by a move (`got`, whose: `gp`). */
export function openEntry(e) {
  const { got: _got, gp: _gp, ...open } = e;
  return open;
}

/** 31, 61: each player's constraint card, mine in `cards`, a teammate's in `player_cards`. */
const cardEach = (setup) => [31, 61].includes(setup.mission);

/** The setup with no seat taken: my private answers left out (29's number cards, 34's "I hold the Captain card") and
 * 31/61's card of mine put among the players' (a link opened as Bob gave the opener the sharer's card as theirs). */
function seatless(setup) {
  const out = { ...setup, me: null, guess_mine: [], weak_me: false };
  if (cardEach(setup) && setup.me !== null && setup.me !== undefined) {
    out.player_cards = setup.players.map((_, q) => (q === setup.me ? setup.cards?.[0] : setup.player_cards?.[q]) ?? "");
    out.cards = [];
  }
  return out;
}

/** The setup with player `me` seated (a link's seat picked): 31/61's card in front of them is theirs. */
export function seated(setup, me) {
  const out = { ...setup, me };
  if (cardEach(setup) && me !== null && setup.player_cards?.[me]) out.cards = [setup.player_cards[me]];
  return out;
}

/**
 * The table to share: everything public, NOT my hidden wires (unless withHand).
 * A teammate opening it picks who they are and enters their own hand.
 */
export function shareState(state, withHand = false) {
  const s = structuredClone(state);
  s.redo = [];
  s.hand_undo = []; // my wires before an edit: private, and a link starts without history:
  s.hand_redo = [];
  s.log_undo = [];
  s.log_redo = [];
  s.setup_undo = [];
  s.setup_redo = [];
  s.undo_floor = s.log.length; // undo there takes back only what is recorded after it
  if (!withHand) {
    s.hand = [];
    s.setup = seatless(s.setup);
    // the wire a receiver got by a move is theirs alone, as their hand is (each phone keeps its own: link-open.js)
    s.log = s.log.map(openEntry);
  }
  s.phase = withHand ? state.phase : "hand";
  return s;
}
