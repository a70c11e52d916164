// A start-up stage's deadline: armed when a stage starts, so that a hang (a .wasm served with the wrong
// MIME type, say) becomes a readable failure instead of a page that waits for ever.

export class StageClock {
  /** @param {object} timeouts stage -> ms; @param {(stage, ms) => void} onLate called when a stage overruns */
  constructor(timeouts, onLate) {
    this.timeouts = timeouts;
    this.onLate = onLate;
    this.timer = null;
  }

  arm(stage) {
    this.disarm();
    const limit = this.timeouts[stage] ?? 60000;
    this.timer = setTimeout(() => this.onLate(stage, limit), limit);
  }

  disarm() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
