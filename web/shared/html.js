// HTML text for both pages: the escaping tagged template and the percent format.
// Every interpolated value is escaped unless it is itself a template result
// (SafeHtml). Pure functions, no DOM access.

export class SafeHtml {
  constructor(text) {
    this.text = text;
  }
  toString() {
    return this.text;
  }
}

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;", "`": "&#96;" };

export function esc(value) {
  return String(value ?? "").replace(/[&<>"'`]/g, (c) => ESCAPES[c]);
}

function part(value) {
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(part).join("");
  if (value === null || value === undefined || value === false) return "";
  return esc(value);
}

/** Tagged template: html`<p>${text}</p>` escapes `text`; nested html`` and arrays pass through. */
export function html(strings, ...values) {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += part(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

export function pct(p) {
  if (p >= 0.9995 && p < 1) return ">99.9%";
  if (p > 0 && p < 0.0005) return "<0.1%";
  return `${(p * 100).toFixed(p >= 0.1 || p === 0 ? 1 : 2).replace(/\.0+$/, "")}%`;
}
