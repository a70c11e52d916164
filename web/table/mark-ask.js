// The token question of a failure in a mission of even/odd or x-tokens (21, 24, 33, 40): which token the wire got —
// never its value —, yellow, or red. Pure: data in, escaped HTML text out.

import { markRuledOut } from "./mark-options.js";
import { html } from "../shared/html.js";
import { tableThen } from "./draft-options.js";
import { allowOf, noTokenMay } from "./flow-templates.js";
import { btn, chip, keypad, markName } from "./template-parts.js";
import { colourOf, failureMarks, isCount, markWords, ruledOutAnswers, standMoved } from "./table-state.js";

/**
 * A failure in an even/odd or x-token mission (21, 24, 33, 40): which token the wire got — never its value —,
 * yellow, or red (the bomb explodes; a detector's token goes on a wire not red). What the slot already shows rules
 * some out (not when editing: the table has moved on since).
 */
export function markAsk(ctx, d, labels) {
  const setup = ctx.state.setup;
  const marks = failureMarks(setup);
  const multi = d.k === "double" || d.k === "triple" || d.k === "super";
  const sl = ctx.ui?.sheet?.edit === undefined ? ctx.t.stands[d.p]?.[d.s]?.[multi ? d.tok : d.js?.[0]] : null;
  const out = ruledOutAnswers(setup, sl);
  const reds = labels.filter((l) => colourOf(l) === "red");
  const others = [...(labels.some((l) => colourOf(l) === "yellow") ? ["Y"] : []), ...reds];
  [...markRuledOut(allowOf(ctx), d, multi ? d.tok : d.js?.[0], [...marks, ...others]), ...(multi ? reds : [])].forEach((x) => out.add(x));
  const then = tableThen(allowOf(ctx)); // (an edit: the table before it)
  const moved = isCount(marks[0]) && standMoved(then, d.p, d.s);
  if (moved) marks.forEach((m) => out.add(m)); // an x-token there could not be read: "No token"
  // the mission's token is always placed (33's walkthrough: "No token" lost the parity): offered as for value tokens
  // (card H, a custom table), where none can be read, or where every token is ruled out (a slip earlier: no dead end)
  const none = noTokenMay(ctx, setup, false) || moved || [...marks, ...others].every((x) => out.has(x));
  return html`<p class="ask" data-testid="ask">Which token did the wire get?</p>
    <div class="row marks" role="group" aria-label="token">${marks.map((m) =>
      chip("draft-mark", m, { E: "Even", O: "Odd" }[m] ?? markName(m), d.mark === m, `mark-${m}`, { disabled: out.has(m), aria: markWords(m) }))}</div>
    ${others.length ? keypad("draft-real", others, { disabled: others.filter((x) => out.has(x)), testprefix: "real", label: "yellow or red" }) : ""}
    ${reds.length && !multi ? html`<p class="hint">${then.stab ? "A red wire: the Stabilizer keeps the bomb from exploding." : "A red wire: the bomb explodes."}</p>` : ""}
    ${moved ? html`<p class="hint" data-testid="mark-moved">Wires moved to or from this stand: its x-tokens cannot be read yet — choose “No token”.</p>` : ""}
    ${none ? btn("draft-real", "No token: only “not that value”", { cls: "chip", arg: "-", testid: "real-none" }) : ""}`;
}

