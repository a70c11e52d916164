// Links that last: share links (#z=) and saved states (#g=) made by earlier versions of the table app
// (fixtures/, written by fixtures/make_links.mjs at that version) open with today's app and mean the
// same table: the same engine document, every entry still valid. A format change needs a migration
// step in normalize() (setup.js) for these to keep passing.
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as S from "../../web/table/table-state.js";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const files = fs.readdirSync(dir).filter((f) => f.startsWith("links-") && f.endsWith(".json"));

test("there are fixtures from more than one version", () => {
  assert.ok(files.length >= 2, files.join(", "));
});

for (const file of files) {
  const fx = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  for (const row of fx.links) {
    test(`${file}: ${row.name} opens with the same meaning`, async () => {
      for (const hash of [row.g, row.z]) {
        const read = await S.readHash(hash);
        assert.equal(read.error, undefined, read.error);
        assert.ok(read.state.v >= fx.app_version);
        const t = S.derive(read.state);
        assert.deepEqual(t.entries.filter((e) => !e.ok), []);
        assert.deepEqual(S.engineDoc(read.state, t), row.doc);
      }
    });
  }
}

test("every setup field survives a save and a reload (23's deck rule was dropped, and its cards came back locked)", () => {
  const s = S.defaultState();
  const back = S.normalize(JSON.parse(JSON.stringify(s)));
  assert.deepEqual(Object.keys(s.setup).filter((k) => !(k in back.setup)), []);
  const on = { ...s, setup: { ...s.setup, equipment_after_special: true } };
  assert.equal(S.normalize(JSON.parse(JSON.stringify(on))).setup.equipment_after_special, true);
});

test("an explosion a failure recorded (11's hidden red value '!', a turned wire's 'T!') survives a save and a reload", () => {
  const s = S.defaultState();
  s.phase = "table";
  for (const real of ["!", "T!"]) {
    const e = { k: "dual", a: 1, p: 2, s: 0, j: 3, v: "6", ok: false, real };
    const back = S.normalize(JSON.parse(JSON.stringify({ ...s, log: [e] })));
    assert.deepEqual(back.log, [e], real);
  }
  const bad = S.normalize(JSON.parse(JSON.stringify({ ...s, log: [{ k: "dual", a: 1, p: 2, s: 0, j: 3, v: "6", ok: false, real: "!!" }] })));
  assert.notDeepEqual(bad.log[0]?.real, "!!", "anything else is still refused");
});
