// While a flow asks for wires on the stands (a Double Detector's two, a Label's pair…), the stands it points at
// stay on screen: between the sticky top bar and the sheet, scrolled there once per question (and after each
// wire tapped), never when they are already in view. DOM only; the stands to show come from the view model
// (draft-options.js standsToPick).

const MARGIN = 6;

/** The band of the window the stands may use: below the top bar, above the sheet where it covers them. */
function freeBand(root, box) {
  const bar = root.querySelector(".topbar")?.getBoundingClientRect();
  const sheet = root.querySelector('[data-testid="sheet"]')?.getBoundingClientRect();
  const top = bar ? Math.max(0, bar.bottom) : 0;
  const covers = sheet && sheet.left < box.right && sheet.right > box.left; // a side panel on a wide screen does not
  return { top, bottom: covers ? sheet.top : window.innerHeight };
}

/** The scroll that brings the span [top, bottom] into the band (0 when it is in view); from its top if too tall. */
function scrollFor(span, band) {
  const room = band.bottom - band.top - 2 * MARGIN;
  if (span.top >= band.top && span.bottom <= band.bottom) return 0;
  if (span.bottom - span.top > room || span.top < band.top) return span.top - band.top - MARGIN;
  return span.bottom - band.bottom + MARGIN;
}

export class PickScroller {
  constructor(root) {
    this.root = root;
    this.last = "";
  }

  /** After a redraw: scroll the stands `keys` ("p-s") into the free band when the question (or its picks, or the
   * sheet's height) changed. */
  keep(keys, question) {
    // (a sheet that grew since, its slot's law or a longer question drawn in, may cover the stands: look again)
    const top = Math.round(this.root.querySelector('[data-testid="sheet"]')?.getBoundingClientRect().top ?? 0);
    const key = keys ? `${question}|${keys.join(",")}|${top}` : "";
    if (key === this.last) return;
    this.last = key;
    if (!keys?.length) return;
    const els = keys.map((k) => this.root.querySelector(`[data-testid="stand-${k}"]`)).filter(Boolean);
    if (!els.length) return;
    const rects = els.map((el) => el.getBoundingClientRect());
    const span = { top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom)),
      left: Math.min(...rects.map((r) => r.left)), right: Math.max(...rects.map((r) => r.right)) };
    const dy = scrollFor(span, freeBand(this.root, span));
    if (dy) window.scrollBy({ top: dy, behavior: "instant" });
  }
}
