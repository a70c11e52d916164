// The Share panel: the link (my wires left out unless asked), its QR code, and a half-answered entry it does not carry.
// Pure functions from data to escaped HTML text.

import { html } from "../shared/html.js";
import { ICON_CLOSE } from "./icons.js";
import { btn } from "./template-parts.js";
import { underWay } from "./draft-summary.js";

export function shareTemplate(ui) {
  if (!ui.share) return "";
  // (a link holds the log: an entry still being answered is not in it — a walkthrough shared one, unwarned)
  const open = ui.draft && underWay(ui.draft) ? html`<p class="hint warn" data-testid="share-draft">The entry you are answering is not in
    this link: close this panel, finish it, and share again.</p>` : "";
  return html`<div class="sheet share" data-testid="share-panel" role="dialog" aria-label="Share">
    <div class="sheet-head"><h3>Share this table</h3>${btn("close-share", ICON_CLOSE, { cls: "icon", testid: "share-close", aria: "Close" })}</div>
    ${open}<label class="row"><input type="checkbox" data-act="share-hand" data-testid="share-include-hand" ${ui.share.withHand ? html`checked` : ""}>
      include my own wires (only for a device of mine)</label>
    <input class="link-field" readonly data-testid="share-link" value="${ui.share.url}" aria-label="Share link">
    <p class="hint" data-testid="share-status">${ui.share.status ?? ""}</p>
    <div class="qr" data-testid="share-qr" role="img" aria-label="QR code of the link"></div>
  </div>`;
}
