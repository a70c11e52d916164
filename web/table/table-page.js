// Table app entry: builds the one app object (table-store.js), connects the
// engine (table-analysis.js), routes every tap to its handler group (acts-*.js),
// follows Back/Forward through the URL hash, registers the service worker and boots.

import * as S from "./table-state.js";
import { AppView } from "./table-view.js";
import { createApp } from "./table-store.js";
import { connectEngine, showCachedResults } from "./table-analysis.js";
import { maybeCommit } from "./draft-commit.js";
import { setupActs } from "./acts-setup.js";
import { handActs } from "./acts-hand.js";
import { logActs } from "./acts-log.js";
import { slotActs } from "./acts-slot.js";
import { shareActs } from "./acts-share.js";

const app = createApp(new AppView(document.body));
const engine = connectEngine(app);
app.root.dataset.engine = "booting";
engine.start(); // first: the worker boots while the table is read and drawn

/** act name -> handler(arg, event, extra), grouped by concern. */
const ACTS = { ...shareActs(app), ...setupActs(app), ...handActs(app), ...slotActs(app), ...logActs(app) };
const DRAFT_ACTS = new Set(Object.keys(ACTS).filter((k) => k.startsWith("draft-")));

app.view.mount({
  onAct(act, arg, ev, extra) {
    const fn = ACTS[act];
    if (!fn) return;
    if (act === "name" && ev.type !== "change") return;
    if (ev.type === "change" && !["name", "mission", "share-hand", "card-lock", "pair"].includes(act)) return;
    fn(arg, ev, extra);
    if (DRAFT_ACTS.has(act)) {
      maybeCommit(app);
      app.render();
    }
  },
});

// Back / forward: the hash holds every change.
window.addEventListener("popstate", async () => {
  const got = await app.readHash(location.hash);
  if (!got.state) {
    if (got.error) app.view.showNotice(got.error);
    return;
  }
  // a share link of this game pasted here: my seat and wires kept, an older state not taken (as at a page load)
  const kept = S.openOnMyPhone(got.state, app.state);
  if (kept) app.view.showNotice(kept.notice);
  app.state = kept?.state ?? got.state;
  app.closeSheet();
  app.ui.handEdit = null; // a draft of my wires was made on the table Back left
  if (kept) app.persist(false); // (the address bar: this table, not the link's)
  app.save();
  app.render();
  app.scheduleAnalysis();
});

// Offline: the same service worker as the advanced page, once the engine has started (its precaching
// fetches the runtime and numpy again, which slowed a first visit's start-up by 0.15-0.2 s).
if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  engine.settled.then(() =>
    navigator.serviceWorker.register("sw.js").catch((err) => console.warn("service worker not registered:", err)),
  );
}

app.state = await app.load(); // top-level await: a deflated share link inflates first
app.persist(false);
app.restoreDraft(); // a half-answered entry on this same table (a reload, a phone gone to sleep) opens again
showCachedResults(app); // a returning player's last answers, marked not yet fresh, while the engine starts
app.render();
app.root.dataset.advice = "idle";
app.scheduleAnalysis();
