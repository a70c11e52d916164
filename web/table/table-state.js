// Table app state: ONE serialisable object and pure functions on it.
// No DOM, no worker, no storage here (table-store.js does the I/O).
//
// The table is never stored: it is derived by replaying the log over the setup.
//
// {
//   v: 1,
//   phase: "setup" | "hand" | "table",
//   setup: { mission: 4|null, blue: [1, 12],
//            yellow: {mode: "none"|"list"|"of", nums: [4, 7], keep: 1, known: []}, red: {…},
//            tokens: "value"|"even_odd"|"multiplicity"|"none", x_tokens, false_tokens,
//            read_tokens (my team places the advised starting tokens: teammates' choices are read),
//            absent_tokens, random_info_token ("I have none" tokens: missions 22 / 13),
//            token_pass (22: once two yellow wires are cut, a token from each player to their left neighbour),
//            open_red_deal, red_deal: [[reds dealt per stand], …] (mission 13; [] until the table changes the rule's
//            deal), yellow_deal: [[yellows dealt first per stand], …] (41, 48: which stand a two-stand player's went to),
//            dd: "all"|"disabled"|"captain_disabled"|"unlimited" (58: never spent), equipment: ["1", …, "Y", "2.2", …],
//            mission rules from the preset: x_blue (35), yellow_dealt (41, 48), hidden_red (11),
//            failure_tokens (58: false), false_by ("captain" 17, "all" 52: whose tokens are false), captain_fragile (14, 28), captain_no_equipment (28),
//            captain_no_token_2p (with 2 players the captain places no starting token: 11, 13, 27, 29, 40, 46, 51),
//            special: ["x_after_yellow"|"sevens_last"|"yellow_special"], number_cards: ""|"pick"|"sum"|"sequence"|"noble",
//            turned: ""|"captain"|"each"|"ends" (wires turned around unseen: 38, 56, 64);
//            what binds me now: cards: ["A", …] (constraint cards), numbers: [3, 9] (number cards in view, in order),
//            players: ["Ann", …], me: 0|null, captain: 0, mistakes: 3 },
//   hand: [["1", "3", "Y4", …], …]   // my stands' wires, sorted, one label per slot (cut ones too);
//                                     // with X tokens the far-right, unsorted wire is "X"+label ("X3")
//   log: [entry, …], redo: [entry, …]
//   hand_undo: [{at, before, after}, …]  // my wires edited at the table ("Edit my wires", hand.js editHand):
//                                         // at = the log's length then; undo takes the newest back while
//                                         // nothing was logged after it. hand_redo: the same, at = redo's length
//   log_undo: [{at, i, before, after, seq}, …]  // entries edited (after: the new entry) or deleted (after: null),
//                                                // hand.js replaceEntry; log_redo the same; seq orders them with
//                                                // the edits of my wires (which carry one too)
//   setup_undo: [{at, before, after, seq}, …]  // the setup changed during a game (constraint cards, number cards…),
//                                               // hand.js editSetup; setup_redo the same (not in share links)
//   undo_floor: n                     // a shared link's entries: undo there takes back only what comes after
// }
//
// Slot (derived): {c: "h"|"cut"|"info", v: label|null, m: mark|null, col: "b"|"y"|"r"|null, own: label|null,
//                  tw: true on a turned-around wire}
//   label = "7" | "Y4" | "R5"; an info token may carry "Y" (yellow, number unknown);
//   mark = "E" | "O" | "1x" | "2x" | "3x" | "4x" | "X" | "!5".
//
// Log entries (k = kind; p/s/j = player, stand, slot; a = actor; as = actor's slot {s, j}):
//   set     {p, s, j, slot: {c, v, m, col}}           what the table shows on one slot
//   dual    {a, p, s, j, v, ok, cut, as, av, real}     dual cut; v said ("7"|"Y"), cut/av labels on success,
//                                                      real = info token ("5"|"Y") or "R…" (explosion) on failure
//   detect  {kind: double|triple|super, a, p, s, js, v, ok, hit, cut, as, av, tok, real}
//                                                      vs: [x, y] for v with the X-or-Y Ray too (both spent)
//   xray    {a, p, s, j, vs: [x, y], ok, cut, as, av, real}
//   solo    {a, slots: [{s, j}], cuts: [label]}       solo cut (also Fast Pass)
//   red     {a, slots: [{s, j}], cuts: [label]}       reveal red wires
//   radar   {v, ans: [{p, s, has}]}                    General Radar
//   label   {eq, p, s, js: [j, j + 1]}                 Label = / Label ≠
//   postit  {a, s, j, v}                               info token on one of the actor's own wires
//   rewind  {}                                         detonator −1
//   absent  {p, s?, v}                                 "I have none" token beside a stand (s omitted:
//                                                      the whole player): a has_not fact
//   walkie  {a, as, ato, p, s, j, pto, got?}            Walkie-Talkies;  hook {a, p, s, j, to, got?}: Grappling Hook
//   swl {a, s, j}  Single Wire Label;  disint {v, cuts: [{p, s, j}]}  Disintegrator;  stabilizer {a};
//   coffee {a, next};  skip {a} (a turn passed by the mission's rule: entries-mission.js skipRule);  swap {a} (61: a new
//   constraint card of F-L, the detonator +1);  beside {p, v} (50: a token beside p's stand, "p holds v somewhere");
//   redcall {a, p, s, j, vs, ok, cut?} (55, 60: challenge 1, a teammate's wire cut saying "It is RED"); a cut entry's ox: who got its oxygen (49), its nc: the two number cards that gave its value (47);  batteries {ps};  drop {};  false_bottom {ids};
//   spoken {}          25: a number said aloud, 45: words other than “Snip!” — the detonator +1 (not a turn)
//   nanoturn {}        59: the cutter turned Nano round on its line (not a turn)
//   see {p, s, j, v}   a teammate's turned-around wire I can see (missions 38, 56, 64)
//   shown {a, v}       the number card shown after a's turn (29): a wire of v just cut by a moves the detonator
//   special {a, cuts: [{p, s, j, l?}], res: "ok"|"shown"|"boom"}   a mission's special action (13, 39, 41, 46, 48)
//   a failed cut with no info token (58, constraint H) has silent: true instead of real; one that showed the
//   mission's even/odd or x-token (21, 24, 33, 40) has mark: "E"|"O"|"1x"|"2x"|"3x"|"4x" instead (on the wire tok for a detector)
//
// The functions live in one module per concept; this file re-exports them all.

export * from "./setup.js";
export * from "./card-rules.js";
export * from "./deal.js";
export * from "./table-doc.js";
export * from "./hand.js";
export * from "./hand-layout.js";
export * from "./replay.js";
export { hasUncut, playedLast, seenWire, shownWire, slotLetter, standName, turnedOutOfOrder, TURNED_BOOM } from "./replay-table.js";
export { xWireWait } from "./entries-cuts.js";
export { unnamedMine } from "./entries-moved.js";
export { openOnMyPhone } from "./link-open.js";
export { cardToFlip, giftPair, giftReceiver, hasSpecialAction, skipNone, skipRule, spokenRule, specialAction, specialKind, specialOnly, specialOpen, specialShows } from "./entries-mission.js";
export * from "./describe.js";
export * from "./engine-doc.js";
export * from "./oxygen.js";
export { onlyRedLeft, onlyTripwireLeft, sureWireOf } from "./held-wires.js";
export * from "./nano-track.js";
export { lineAhead, lineFacing, linePlayDoc, lineReady } from "./nano-line.js";
export * from "./detectors.js";
export { aValue, undoNote } from "./undo-words.js";
export * from "./share.js";
export * from "./record.js";
export * from "./edit-answers.js";
export * from "./entry-build.js";
export { filePlaces, gotFits } from "./asks-wires.js";
export * from "./starting-token.js";
export { ownRay, rayObjection, rayWhyNot } from "./ray-combo.js";
export { failureMarks, isCount, markWords, ruledOutAnswers, standMoved, wireMark } from "./failure-marks.js";
