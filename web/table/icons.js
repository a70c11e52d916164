// Small icons as inline SVG: they draw the same on every phone, with or without an emoji font
// (a symbol the system lacks shows as an empty box). Each takes the text colour (currentColor).

import { html } from "../shared/html.js";

const svg = (paths) => html`<svg class="ico" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"
  fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>`;

/** A bin: delete. */
export const ICON_DELETE = svg(html`<path d="M2.5 4h11M6 4V2.5h4V4M4 4l.8 9.5h6.4L12 4M6.8 6.5v5M9.2 6.5v5"/>`);
/** A pencil: edit. */
export const ICON_EDIT = svg(html`<path d="M10.5 2.5l3 3-8 8H2.5v-3zM9 4l3 3"/>`);
/** A cross: close. */
export const ICON_CLOSE = svg(html`<path d="M3.5 3.5l9 9M12.5 3.5l-9 9"/>`);
