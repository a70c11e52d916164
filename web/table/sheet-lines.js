// The lines above a sheet's questions: what the draft holds so far, and what speaks against recording it — a
// constraint card or a card not usable yet, or an ending the page filled in (such a draft waits for Record:
// draft-commit.js held). Pure functions from data to escaped HTML text.

import { html } from "../shared/html.js";
import { buildEntry } from "./table-state.js";
import { draftSummary } from "./draft-summary.js";
import { endsGame, speaksAgainst } from "./draft-commit.js";
import { saidBy } from "./draft-options.js";
import { valueName } from "./template-parts.js";

/** What a constraint card binding the actor says of the draft (recorded all the same, if it happened); a complete
 * draft that ends the game: said why it waits for Record. */
export const warningLine = (ctx, d) => {
  const editing = ctx.ui.sheet?.edit !== undefined;
  const against = speaksAgainst(ctx.state, ctx.t, d, ctx.ui.sheet?.edit);
  if (against) return html`<p class="hint warn" data-testid="card-warning">Against ${against}. Record it only if the table did it.</p>`;
  const ends = !ctx.ask && !editing && endsGame(ctx.state, ctx.t, buildEntry(ctx.state, ctx.t, d));
  return ends ? html`<p class="hint warn" data-testid="ends-warning">Once recorded, this ends the game: the bomb explodes. Tap Record if it happened.</p>` : "";
};

/** What has been answered so far, and what speaks against it; ✓ or ✗ the table decided, said why (a walkthrough: a
 * detector's ✗ came with no word). */
export const summaryLine = (ctx, d) => {
  const text = draftSummary(ctx.state.setup, d);
  const said = saidBy(d).map(valueName).join(" or ");
  const many = (d.js?.length ?? 0) > 1 || d.k === "super";
  const why = d.okBy !== "table" || typeof d.ok !== "boolean" || !said ? ""
    : d.ok ? `The table leaves no failure: ${many ? "one of the wires pointed at is" : "the wire pointed at is"} ${said}.`
      : `The table leaves no success: ${many ? "none of the wires pointed at can be" : "the wire pointed at cannot be"} ${said}.`;
  return html`${text ? html`<p class="hint summary" data-testid="draft-summary">${text}</p>` : ""}${why ? html`<p class="hint" data-testid="result-why">${why}</p>` : ""}${warningLine(ctx, d)}`;
};
