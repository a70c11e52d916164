"""WebKitGTK (Debian's webkit2gtk-driver: WebKitWebDriver and its MiniBrowser), driven with
Selenium over W3C WebDriver classic, in a private Xvfb.

MiniBrowser has no headless mode in this WebKitGTK, so each browser gets an X server of its own
(`Xvfb -displayfd`: a free display, no TCP). `--full-screen` drops its toolbar, whose minimum
width (447 px) would otherwise keep the window wider than a phone. The page's traffic to any host
but 127.0.0.1 goes to a local proxy that writes it down and refuses it (classic WebDriver has no
request events): that list is what `requests` returns.
"""

from __future__ import annotations

import glob
import os
import select
import signal
import socket
import socketserver
import subprocess
import threading
import time
from pathlib import Path

from engine_page import VIEWPORT, EnginePage, StaleTap
from selenium import webdriver
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    NoSuchElementException,
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.client_config import ClientConfig
from selenium.webdriver.remote.remote_connection import RemoteConnection
from selenium.webdriver.webkitgtk.options import Options
from urllib3.exceptions import HTTPError as Urllib3Error

WEBKIT_DRIVER = os.environ.get("BB_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
XVFB = "/usr/bin/Xvfb"
START_TIMEOUT_S = 30
PAGE_TIMEOUT_S = 25  # a page load or one script; longer waits are polls of short scripts
COMMAND_TIMEOUT_S = 30  # any one WebDriver call, a new session included (usually 1-3 s)
SESSION_TRIES = 2


def minibrowser() -> str:
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))
    if not found or not Path(WEBKIT_DRIVER).exists():
        raise RuntimeError("WebKitWebDriver/MiniBrowser not found: ./build_scripts/setup.sh --browser installs webkit2gtk-driver")
    return found[0]


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """An X server on a free display; returns it and its DISPLAY."""
    if not Path(XVFB).exists():
        raise RuntimeError(f"{XVFB} not found: ./build_scripts/setup.sh --browser installs xvfb")
    read_end, write_end = os.pipe()
    proc = subprocess.Popen(
        [XVFB, "-displayfd", str(write_end), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write_end,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    got, deadline = b"", time.monotonic() + START_TIMEOUT_S
    try:  # read up to the newline: Xvfb dies of a write to a pipe closed too early
        while not got.endswith(b"\n") and select.select([read_end], [], [], max(deadline - time.monotonic(), 0))[0]:
            chunk = os.read(read_end, 16)
            if not chunk:
                break
            got += chunk
    finally:
        os.close(read_end)
    number = got.decode().strip()
    if not got.endswith(b"\n") or not number.isdigit():
        proc.kill()
        proc.wait(10)
        raise RuntimeError(f"Xvfb gave no display in {START_TIMEOUT_S} s")
    return proc, f":{number}"


def start_driver(env: dict, log) -> tuple[subprocess.Popen, str]:
    """WebKitWebDriver on a free port, in a process group of its own (it and the browsers it starts)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen([WEBKIT_DRIVER, f"--port={port}"], env=env, stdin=subprocess.DEVNULL, stdout=log,
                            stderr=log, start_new_session=True)
    deadline = time.monotonic() + START_TIMEOUT_S
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, f"http://127.0.0.1:{port}"
        except OSError:
            time.sleep(0.05)
    stop_group(proc)
    raise RuntimeError(f"WebKitWebDriver did not listen on port {port} in {START_TIMEOUT_S} s")


def stop_group(proc: subprocess.Popen) -> None:
    """End the driver and every process it started (its group), the browser included."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            pass
        try:
            proc.wait(10)
            return
        except subprocess.TimeoutExpired:
            continue


class RefusingProxy(socketserver.ThreadingTCPServer):
    """An HTTP proxy on 127.0.0.1 that answers every request 403 and keeps its target."""

    daemon_threads = True

    def __init__(self):
        self.seen: list[str] = []
        super().__init__(("127.0.0.1", 0), _ProxyHandler)
        self.url = f"127.0.0.1:{self.server_address[1]}"
        threading.Thread(target=self.serve_forever, daemon=True).start()


class _ProxyHandler(socketserver.StreamRequestHandler):
    timeout = 10

    def handle(self):
        words = self.rfile.readline(8192).decode("latin-1").split()
        # "CONNECT host:443 HTTP/1.1" (https) or "GET http://host/path HTTP/1.1"; anything else counts too
        target = words[1] if len(words) >= 2 else f"unreadable request {words!r}"
        self.server.seen.append(f"https://{target}/" if words[:1] == ["CONNECT"] else target)
        self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")


class WebKitPage(EnginePage):
    name = "webkit"

    def __init__(self, workdir: Path):
        self.log_path = workdir / "webkit.log"
        self.log = open(self.log_path, "w")
        self.xvfb, display = start_xvfb()
        self.env = {**os.environ, "DISPLAY": display, "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1"}
        self.proxy = RefusingProxy()
        self.driver_proc = None
        try:
            self.driver = self._new_session()
            self.version = self.driver.capabilities.get("browserVersion")
            self.driver.set_page_load_timeout(PAGE_TIMEOUT_S)
            self.driver.set_script_timeout(PAGE_TIMEOUT_S)
            self.driver.set_window_rect(0, 0, VIEWPORT["width"], VIEWPORT["height"])
        except BaseException:
            self._stop()
            raise

    def _new_session(self) -> webdriver.Remote:
        """A session on a fresh WebKitWebDriver. Now and then (5 of some 60 starts here, on a
        loaded machine) its MiniBrowser is gone before the driver reaches it and the driver never answers:
        each start gets COMMAND_TIMEOUT_S, and a second start follows one that hung."""
        for attempt in range(1, SESSION_TRIES + 1):
            self.driver_proc, url = start_driver(self.env, self.log)
            config = ClientConfig(remote_server_addr=url, timeout=COMMAND_TIMEOUT_S)
            try:
                return webdriver.Remote(command_executor=RemoteConnection(client_config=config), options=self._options())
            except (Urllib3Error, WebDriverException) as err:  # a read timed out, or the driver said no
                stop_group(self.driver_proc)
                print(f"[webkit] start {attempt} of {SESSION_TRIES} failed: {type(err).__name__}: {err}"[:300])
        raise RuntimeError(f"WebKitWebDriver gave no session in {SESSION_TRIES} starts:\n" + "\n".join(self.console()))

    def _options(self) -> Options:
        opts = Options()
        opts.binary_location = minibrowser()
        for arg in ("--automation", "--full-screen",
                    f"--proxy=http://{self.proxy.url}", "--ignore-host=127.0.0.1"):  # https too, by CONNECT
            opts.add_argument(arg)
        return opts

    def _run(self, script: str) -> str:
        return self.driver.execute_script(f"return {script};")  # a returned promise is awaited

    def _navigate(self, url: str) -> None:
        self.driver.get(url)

    def _tap_node(self, selector: str) -> None:
        # WebKitGTK has no touch screen here: its WebDriver turns a touch pointer into the mouse,
        # so a tap is Element Click (scrolled to, hit-tested, pointer down/up, click).
        try:
            self.driver.find_element(By.CSS_SELECTOR, selector).click()
        except (NoSuchElementException, StaleElementReferenceException, ElementClickInterceptedException) as err:
            raise StaleTap(f"{selector}: {type(err).__name__}") from err

    def requests(self) -> list[str]:
        return list(self.proxy.seen)

    def console(self) -> list[str]:
        """The driver's log (WebDriver classic gives no page console; the failure report has the page's state)."""
        try:
            return self.log_path.read_text(errors="replace").splitlines()[-80:]
        except OSError:
            return []

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self._stop()

    def _stop(self) -> None:
        if self.driver_proc is not None:
            stop_group(self.driver_proc)
        self.log.close()
        self.proxy.shutdown()
        self.proxy.server_close()
        self.xvfb.terminate()
        try:
            self.xvfb.wait(10)
        except subprocess.TimeoutExpired:
            self.xvfb.kill()
            self.xvfb.wait(10)
