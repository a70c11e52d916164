// Colours for both pages' heatmaps: a probability's blue, and the text colour readable on it.
// WCAG 2 contrast: black or white text, whichever contrasts more, is always >= 4.58:1 (the worst case, a
// background of relative luminance 0.179, is sqrt(1.05 / 0.05) from both). Pure functions, no DOM access.

/** sRGB channel 0..1 -> linear light. */
const linear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** hsl(h s% l%) -> [r, g, b] in 0..1. */
export function hslToRgb(h, s, l) {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

/** Relative luminance of an sRGB colour (channels 0..1). */
export function luminance([r, g, b]) {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast ratio of two relative luminances (1..21). */
export function contrast(l1, l2) {
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}

/** "#fff" or "#000", whichever reads better on hsl(h s% l%). */
export function textOn(h, s, l) {
  const bg = luminance(hslToRgb(h, s, l));
  return contrast(bg, 1) >= contrast(bg, 0) ? "#fff" : "#000";
}
