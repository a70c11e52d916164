// Taps that take the table elsewhere: the share sheet (link + QR code) and the notation screen.

import * as S from "./table-state.js";

export function shareActs(app) {
  const ui = app.ui;

  /** Open the share sheet (or redraw it) for the link with or without my hand. */
  async function showShare(withHand) {
    const url = location.href.split("#")[0] + (await S.encodeShareHash(S.shareState(app.state, withHand)));
    ui.share = { withHand, url, status: "" };
    app.render();
    copyShare();
  }

  async function copyShare() {
    const share = ui.share;
    let status;
    try {
      await navigator.clipboard.writeText(share.url);
      status = share.withHand
        ? "Link copied, with your wires: it opens in your seat, so keep it to your own devices (teammates would see your wires)."
        : "Link copied. Anyone who opens it sees this table and enters their own wires.";
    } catch {
      status = "Copy the link below (or scan the QR code).";
    }
    if (ui.share !== share) return; // closed or redrawn meanwhile
    share.status = status;
    app.render();
  }

  function toAdvanced() {
    const state = app.state;
    const doc = S.engineDoc(state, app.derived());
    const colour = (c) => (c.mode === "none" ? { mode: "none", list: "", keep: 1 } : { mode: c.mode, list: [...c.known, ...c.nums].join(" "), keep: c.keep });
    const adv = {
      v: 1, players: doc.players, me: doc.me, captain: doc.captain, mistakes_left: doc.mistakes_left,
      wires: { blue: doc.wires.blue, yellow: colour(state.setup.yellow), red: colour(state.setup.red) }, facts: doc.facts, selected: null,
    };
    location.href = "advanced.html#s=" + encodeURIComponent(JSON.stringify(adv));
  }

  return {
    share: () => showShare(false),
    "share-hand": (arg) => showShare(Boolean(arg)),
    "close-share": () => {
      ui.share = null;
      app.render();
    },
    advanced: () => toAdvanced(),
  };
}
