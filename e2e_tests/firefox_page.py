"""Debian's firefox-esr, headless, driven over WebDriver BiDi straight to its Remote Agent.

No geckodriver: Debian has none, and what npm and PyPI offer under that name downloads it from
the internet at install or run time. Firefox speaks BiDi itself (`--remote-debugging-port`); this
is the small client the tests need: one WebSocket, one command at a time, events kept in order.
Requests are seen as the page and its worker make them (`network.beforeRequestSent`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import websocket
from engine_page import VIEWPORT, EnginePage, StaleTap

FIREFOX = os.environ.get("BB_FIREFOX", "/usr/bin/firefox-esr")
START_TIMEOUT_S = 60
COMMAND_TIMEOUT_S = 60
PREFS = {
    "dom.w3c_touch_events.enabled": 1,  # a phone: the page gets touch events, as on Firefox for Android
    "browser.shell.checkDefaultBrowser": False,
}
GONE = {"no such node", "no such element", "stale element reference", "no such frame",
        # the node found was replaced by a re-render before the finger reached it (detached: "not displayed")
        "move target out of bounds"}


class BidiError(Exception):
    def __init__(self, error: str, message: str):
        super().__init__(f"{error}: {message}")
        self.error = error


class Bidi:
    """One BiDi session's socket: `send` waits for its own reply, keeping events met on the way."""

    def __init__(self, url: str):
        self.ws = websocket.create_connection(url, timeout=COMMAND_TIMEOUT_S, suppress_origin=True)
        self.next_id = 0
        self.events: list[dict] = []

    def send(self, method: str, params: dict) -> dict:
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:  # each recv is bounded by the socket's timeout
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if msg.get("type") == "error":
                    raise BidiError(msg.get("error", "?"), msg.get("message", ""))
                return msg["result"]
            if msg.get("type") == "event":
                self.events.append(msg)

    def close(self) -> None:
        self.ws.close()


def start_firefox(workdir: Path) -> tuple[subprocess.Popen, str]:
    """Firefox on a fresh profile in `workdir`; returns it and its BiDi WebSocket URL."""
    if not Path(FIREFOX).exists():
        raise RuntimeError(f"{FIREFOX} not found: ./build_scripts/setup.sh --browser installs firefox-esr")
    profile = workdir / "profile"
    profile.mkdir(parents=True)
    (profile / "user.js").write_text("".join(f'user_pref("{k}", {json.dumps(v)});\n' for k, v in PREFS.items()))
    log_path = workdir / "firefox.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            [FIREFOX, "-headless", "-no-remote", "-profile", str(profile), "--remote-debugging-port", "0", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log,
        )
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline and proc.poll() is None:
        found = re.search(r"WebDriver BiDi listening on (ws://\S+)", log_path.read_text(errors="replace"))
        if found:
            return proc, found.group(1)
        time.sleep(0.1)
    proc.kill()
    proc.wait(10)
    raise RuntimeError(f"Firefox did not open its BiDi port in {START_TIMEOUT_S} s:\n{log_path.read_text()[-3000:]}")


class FirefoxPage(EnginePage):
    name = "firefox"

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.proc, url = start_firefox(workdir)
        try:
            self.bidi = Bidi(url + "/session")
            caps = self.bidi.send("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": False}}})
            self.version = caps["capabilities"]["browserVersion"]
            self.context = self.bidi.send("browsingContext.getTree", {})["contexts"][0]["context"]
            self.bidi.send("session.subscribe", {"events": ["network.beforeRequestSent", "log.entryAdded"]})
            self.bidi.send("browsingContext.setViewport", {"context": self.context, "viewport": VIEWPORT, "devicePixelRatio": 2})
        except BaseException:
            self.proc.kill()
            self._stop()
            raise

    def _run(self, script: str) -> str:
        reply = self.bidi.send("script.evaluate", {
            "expression": script, "target": {"context": self.context}, "awaitPromise": True, "resultOwnership": "none",
        })
        if reply["type"] == "exception":
            raise AssertionError(f"[firefox] script failed: {reply['exceptionDetails'].get('text')}")
        return reply["result"]["value"]

    def _navigate(self, url: str) -> None:
        self.bidi.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def _tap_node(self, selector: str) -> None:
        found = self.bidi.send("script.evaluate", {
            "expression": f"document.querySelector({json.dumps(selector)})", "target": {"context": self.context},
            "awaitPromise": False,
        })["result"]
        if found.get("type") != "node":
            raise StaleTap(selector)
        finger = {"type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"}, "actions": [
            {"type": "pointerMove", "x": 0, "y": 0, "origin": {"type": "element", "element": {"sharedId": found["sharedId"]}}},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ]}
        try:
            self.bidi.send("input.performActions", {"context": self.context, "actions": [finger]})
        except BidiError as err:
            if err.error in GONE:
                raise StaleTap(selector) from err
            raise
        finally:
            self.bidi.send("input.releaseActions", {"context": self.context})

    def requests(self) -> list[str]:
        return [e["params"]["request"]["url"] for e in self.bidi.events if e["method"] == "network.beforeRequestSent"]

    def console(self) -> list[str]:
        self.bidi.send("session.status", {})  # take in the events that came since the last command
        return [f"[{e['params'].get('level')}] {e['params'].get('text')}" for e in self.bidi.events if e["method"] == "log.entryAdded"]

    def close(self) -> None:
        try:
            self.bidi.send("browser.close", {})
            self.bidi.close()
        finally:
            self._stop()

    def _stop(self) -> None:
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        shutil.rmtree(self.workdir / "profile", ignore_errors=True)
