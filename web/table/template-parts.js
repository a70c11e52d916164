// Small pieces every template uses: buttons, chips, a probability's colour, values and marks in words.
// Pure functions from data to HTML text; no DOM access here.

import { textOn } from "../shared/colour.js";
import { html } from "../shared/html.js";
import { isCount } from "./failure-marks.js";

export const btn = (act, label, attrs = {}) => {
  const { cls = "", testid = act, pressed = null, disabled = false, aria = null, arg = "" } = attrs;
  return html`<button type="button" class="${cls}" data-act="${act}" data-arg="${arg}" data-testid="${testid}"
    ${pressed === null ? "" : html`aria-pressed="${pressed ? "true" : "false"}"`}
    ${disabled ? html`disabled` : ""} ${aria ? html`aria-label="${aria}"` : ""}>${label}</button>`;
};

export const chip = (act, arg, label, on, testid, extra = {}) =>
  btn(act, label, { cls: `chip ${on ? "on" : ""} ${extra.cls ?? ""}`, arg, testid, pressed: on, aria: extra.aria ?? null, disabled: extra.disabled });

/** A keypad of wire values ("Y": any yellow); `opts`: on (values shown pressed), disabled, testprefix, label, argOf. */
export function keypad(act, values, opts = {}) {
  const { on = [], testprefix = "key", disabled = [], argOf = (v) => v } = opts;
  return html`<div class="keypad" role="group" aria-label="${opts.label ?? "values"}">${values.map((v) =>
    btn(act, v === "Y" ? "Yellow" : v, { cls: `key ${v[0] === "Y" ? "yellow" : v[0] === "R" ? "red" : "blue"} ${on.includes(v) ? "on" : ""}`,
      arg: argOf(v), testid: `${testprefix}-${v}`, disabled: disabled.includes(v), aria: keyName(v === "Y" ? "Yellow" : v, v) }))}</div>`;
}

/** Probability -> background (pale = unsure, deep = sure) and the text colour that reads on it (≥ 4.5:1). */
export function probColour(p) {
  const light = Math.round(94 - 60 * Math.max(0, Math.min(1, p)));
  return { bg: `hsl(212 70% ${light}%)`, fg: textOn(212, 70, light) };
}

export const valueName = (v) => (v === "Y" ? "yellow" : v?.[0] === "Y" ? `yellow ${v.slice(1)}` : v?.[0] === "R" ? `red ${v.slice(1)}` : v);

/** A wire key's accessible name: none where its text says it all ("7"), else that text then the wire in words
 * ("Y4, yellow 4"): the name holds what the key shows (WCAG 2.5.3). */
export const keyName = (shown, v = shown) => (valueName(v).toLowerCase() === shown.toLowerCase() ? null : `${shown}, ${valueName(v)}`);

export const markName = (m) =>
  ({ E: "even", O: "odd", "1x": "x1", "2x": "x2", "3x": "x3", "4x": "x4", X: "unsorted" })[m] ?? (m?.startsWith("!") ? `not ${m.slice(1)}` : m);

/** The tokens a wire shows, in words ("token x2", "false token not 4", "label = with the wire to its right"): the slot's
 * accessible name and its sheet say the same. */
export const tokenWords = (sl) => [sl.tw ? "turned around" : "",
  sl.m ? (sl.m.startsWith("!") ? `false token ${markName(sl.m)}` : `token ${markName(sl.m)}`) : "",
  ...(sl.nots ?? []).map((v) => `false token not ${v}`), ...(sl.labs ?? []).map((x) => `label ${x.sym} with the wire to its ${x.side}`)]
  .filter(Boolean);

/** A slot's token chip: an x-token as the card prints it, else the mark; 17, 52: the false tokens placed after the starting
 * one, a second and more as "+n" (the chip is one line on a 390 px slot; the sheet lists them all). */
export function markChip(sl) {
  if (sl.tw) return "T";
  if (isCount(sl.m)) return `x${sl.m[0]}`;
  const all = [...(sl.m ? [sl.m] : []), ...(sl.nots ?? []).map((v) => `!${v}`)];
  return all.length > 1 ? `${all[0]}+${all.length - 1}` : all[0] ?? "";
}

/** What a token or card tells teammates of my stand, in words rather than bits (a walkthrough: "(1.0 bits)" meant
 * nothing at the table): b bits narrow what they could imagine of it to 1 in 2^b. */
export const tellsWords = (bits) => html`<small class="hint" title="${bits.toFixed(1)} bits">(it rules out ${Math.round(100 * (1 - 2 ** -bits))} % of the stands they could picture)</small>`;
