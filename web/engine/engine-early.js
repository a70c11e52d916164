/* Starts the engine worker as soon as the page's head is read, before the app's
 * modules have arrived (they take 100-200 ms on a fresh visit), and keeps what
 * the worker says until the page's Engine adopts it (engine-client.js:
 * takeEarlyWorker).  A classic script of a few lines (the build writes it into the
 * pages' head, page_scripts.inline_early_start: no request before the worker's); if
 * it fails, the Engine starts its own worker and reports any error itself. */
"use strict";
(function () {
  try {
    const worker = new Worker(new URL("engine/engine-worker.js", document.baseURI), { name: "bombbusters-engine" });
    const events = [];
    const keep = (ev) => {
      if (ev.type === "error") ev.preventDefault(); // reported when the Engine replays it
      events.push(ev);
    };
    worker.onmessage = keep;
    worker.onerror = keep;
    worker.onmessageerror = keep;
    self.__bbEarlyWorker = { worker, events, startedAt: performance.now() };
  } catch {
    /* no early start: the Engine starts the worker */
  }
})();
