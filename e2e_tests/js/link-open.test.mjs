// A share link opened on a phone that holds the same game: my seat and wires kept, an older state not taken, my own
// answers on moved wires kept (two walkthroughs: every exchange asked "Who are you?" and all the wires again).
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { started } from "./tables.mjs";

const SWAP = { k: "walkie", a: 1, p: 0, s: 0, j: 4, as: { s: 0, j: 2 }, ato: { s: 0, j: 4 }, pto: { s: 0, j: 4 } };
const TURN = { k: "dual", a: 2, p: 3, s: 0, j: 0, v: "1", ok: false, real: "2" };

/** Ann's phone: her wires in, the Walkie-Talkies face up, a swap in which she got a 4. */
function annPhone() {
  const s = started();
  s.setup.table_cards = ["2", "3", "8", "6"];
  return S.addEntry(s, { ...SWAP, got: "4", gp: 0 });
}

test("a newer link of my game keeps my seat, my wires and the wire I got; a notice says so", () => {
  const saved = annPhone();
  // Bob's phone named the wire he got and recorded a turn since, then shared
  const bobs = S.shareState({ ...saved, log: [{ ...SWAP, got: "9", gp: 1 }, TURN] });
  const got = S.openOnMyPhone(bobs, saved);
  assert.equal(got.notice, "Opened the shared table as Ann, with your wires from this phone.");
  assert.equal(got.state.setup.me, 0);
  assert.deepEqual(got.state.hand, saved.hand);
  assert.equal(got.state.phase, "table");
  assert.equal(got.state.log.length, 2, "Bob's turn is in");
  assert.deepEqual([got.state.log[0].got, got.state.log[0].gp], ["4", 0], "Ann's own answer, not Bob's");
  const t = S.derive(got.state);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(S.unnamedMine(got.state, t), null);
});

test("an older link of my game keeps my table; another game, or a seat with wires missing, opens as the link is", () => {
  const saved = S.addEntry(annPhone(), TURN);
  const older = S.shareState(annPhone());
  const kept = S.openOnMyPhone(older, saved);
  assert.equal(kept.state, saved);
  assert.equal(kept.notice, "This link shows an older state of your table (1 of its 2 entries): your table is kept.");
  const other = S.shareState({ ...annPhone(), setup: { ...annPhone().setup, players: ["Ann", "Bob", "Cid", "Eve"] } });
  assert.equal(S.openOnMyPhone(other, saved), null, "other players: another game");
  const half = { ...saved, hand: [saved.hand[0].slice(0, 5)] };
  assert.equal(S.openOnMyPhone(S.shareState(saved), half), null, "my wires not all in: who are you, as before");
  assert.equal(S.openOnMyPhone(S.shareState(saved), { ...saved, setup: { ...saved.setup, me: null } }), null);
});

test("the Share panel says a half-answered entry is not in the link (a walkthrough shared one, unwarned)", async () => {
  const { shareTemplate } = await import("../../web/table/share-templates.js");
  const share = { url: "x", withHand: false };
  assert.match(String(shareTemplate({ share, draft: { k: "dual", a: 0, p: 1, s: 0, js: [3], v: "5" } })), /data-testid="share-draft"/);
  assert.doesNotMatch(String(shareTemplate({ share, draft: null })), /share-draft/);
});

test("31, 61: a link keeps each player's constraint card with its player — the sharer's among the players', the opener's theirs", () => {
  const s = started();
  Object.assign(s.setup, { mission: 31, me: 1, cards: ["A"], player_cards: ["B", "", "C", "D"], weak_me: true });
  const shared = S.shareState(s);
  assert.deepEqual(shared.setup.player_cards, ["B", "A", "C", "D"], "Bob's own card is now his among the players'");
  assert.deepEqual(shared.setup.cards, []);
  assert.equal(shared.setup.weak_me, false, "34's 'I hold the Captain card' is the sharer's, private");
  const ann = S.seated(shared.setup, 0);
  assert.deepEqual(ann.cards, ["B"], "Ann's card is hers (the link gave her Bob's)");
  const t = S.derive({ ...shared, setup: ann });
  assert.equal(S.theirCard(ann, t, 0), "B");
  assert.equal(S.theirCard(ann, t, 1), "A");
  assert.deepEqual(S.seated({ ...shared.setup, mission: 37, cards: ["E"] }, 0).cards, ["E"], "37's one card binds all: kept");
});

test("a link that went on differently from mine keeps my table and says how to take the link's (nothing of mine dropped unasked)", () => {
  const saved = S.addEntry(annPhone(), TURN);
  const other = S.shareState(S.addEntry(annPhone(), { ...TURN, v: "3", real: "4" }));
  const got = S.openOnMyPhone(other, saved);
  assert.equal(got.state, saved);
  assert.equal(got.notice, "This link and your table differ from entry 2 on (yours: 2 entries, the link: 2): your table is kept. To take the link's, delete your entries from 2 on and open it again.");
  const trimmed = { ...saved, log: saved.log.slice(0, 1) };
  assert.equal(S.openOnMyPhone(other, trimmed).state.log.length, 2, "then the link is newer: taken, my seat kept");
});

test("a link leaves out the wire each receiver got by a move (theirs alone, as their hand is); my phone puts mine back", () => {
  const saved = annPhone();
  const link = S.shareState(saved);
  assert.equal(link.log[0].got, undefined);
  assert.equal(link.log[0].gp, undefined);
  assert.equal(S.shareState(saved, true).log[0].got, "4", "with my wires (a device of mine): kept");
  const back = S.openOnMyPhone(link, saved).state;
  assert.deepEqual([back.log[0].got, back.log[0].gp], ["4", 0]);
});

test("a link with no entry in common with my table is another deal of the same setup (the mission played again): it opens as a link", () => {
  const saved = S.addEntry(annPhone(), TURN);
  const fresh = S.shareState({ ...annPhone(), log: [] });
  assert.equal(S.openOnMyPhone(fresh, saved), null, "a new game's link before any entry: my old wires are not for it");
  const other = S.shareState({ ...annPhone(), log: [{ ...TURN, a: 3 }] });
  assert.equal(S.openOnMyPhone(other, saved), null);
});
