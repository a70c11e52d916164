// Wire labels: "7" (blue), "Y3" (yellow, sorted at 3.1), "R5" (red, at 5.5); "X7" a hand's unsorted X wire; what a
// player says of a wire ("7", or "Y" for any yellow) and the words for it. Pure; no DOM, no I/O.

export const LABEL_RE = /^(?:[YR](?:[1-9]|1[01])|[1-9]|1[0-2])$/;
export const isLabel = (x) => typeof x === "string" && LABEL_RE.test(x);
/** A hand entry: a label, or "X"+label for the unsorted far-right wire of an X-token stand. */
export const isXWire = (h) => typeof h === "string" && h.startsWith("X");
export const wireOf = (h) => (isXWire(h) ? h.slice(1) : h);
export const isHandLabel = (h) => isLabel(wireOf(h));

/** Where a label sorts on a stand: its number, yellow at n.1, red at n.5 (not a label: last). */
export function sortValue(label) {
  const m = /^([YR]?)(\d+)$/.exec(label ?? "");
  if (!m) return 1e9;
  return Number(m[2]) + (m[1] === "Y" ? 0.1 : m[1] === "R" ? 0.5 : 0);
}

export const colourOf = (label) => (label?.[0] === "Y" ? "yellow" : label?.[0] === "R" ? "red" : "blue");
/** Gameplay value of a label: 7, "YELLOW" or "RED". */
export const gameValue = (label) => (label?.[0] === "Y" ? "YELLOW" : label?.[0] === "R" ? "RED" : Number(label));
/** What a player names for a wire: its label ("7"), or "Y" for any yellow. */
export const saidOf = (label) => (colourOf(label) === "yellow" ? "Y" : label);
export const valueMatches = (label, said) => (said === "Y" ? colourOf(label) === "yellow" : label === said);

/** A value said or cut, with its article: "a 5", "an 8", "an 11", "a yellow", "a red 5". */
export function aValue(v) {
  const word = v === "Y" ? "yellow" : colourOf(v) === "blue" ? String(v) : `${colourOf(v)} ${String(v).slice(1)}`;
  return `${/^(8|11|18)\b/.test(word) ? "an" : "a"} ${word}`;
}
