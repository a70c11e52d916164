// Thinking ahead's rule (web/table/refine.js): the same cases as the arena's search policy's
// (unit_tests/test_search_policy.py), and the verdict the page words.
import test from "node:test";
import assert from "node:assert/strict";
import { clearlyBetter, pick, verdict } from "../../web/table/refine.js";

test("a move replaces the first only when the deals agree", () => {
  const ones = Array(8).fill(1), zeros = Array(8).fill(0);
  assert.ok(clearlyBetter(ones, zeros, 2) && !clearlyBetter(ones, ones, 2));
  assert.ok(!clearlyBetter([1, 1, 0, 1, 0, 1, 1, 0], [1, 0, 1, 1, 0, 1, 0, 1], 2)); // 5 against 5
  assert.ok(!clearlyBetter([1, 1, 1, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0, 0], 2)); // +2 of 8, mixed
  assert.ok(clearlyBetter([1, 1, 1, 1, 1, 0, 0, 0], zeros, 2)); // +5 of 8, never worse
  assert.equal(pick([Array(8).fill(0.5), Array(8).fill(0.6), Array(8).fill(0.7)], 2), 2);
  assert.equal(pick([Array(8).fill(0.5), Array(8).fill(0.5)], 2), 0);
  assert.equal(pick([[1, 0, 1, 0], [0, 1, 1, 1]], 2), 0); // more, but not clearly
});

test("the verdict: the pick, or the first kept against the runner-up; none while running", () => {
  const run = { close: true, moves: [{}, {}, {}], won: [[0.5, 0.5], [0.4, 0.6], [0.2, 0.3]], n: 2, sureZ: 2, running: false };
  const kept = verdict(run);
  assert.deepEqual([kept.pick, kept.other, kept.n, kept.gap.mean], [0, 1, 2, 0]);
  assert.ok(Math.abs(kept.gap.se - 0.1) < 1e-12);
  assert.equal(verdict({ ...run, running: true }), null);
  assert.equal(verdict({ ...run, close: false }), null);
  const clear = verdict({ ...run, won: [[0.5, 0.5], [0.7, 0.8], [0.2, 0.3]] });
  assert.equal(clear.pick, 1);
  assert.ok(Math.abs(clear.gap.mean - 0.25) < 1e-12);
});
