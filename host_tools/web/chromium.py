"""Drive the system's headless Chromium over the DevTools protocol (tests/web, screenshots).

``find_chromium()`` names the browser binary (Debian's ``chromium``; the
``CHROMIUM`` environment variable wins), or None. ``serve(folder)`` serves
the built page over http:// on a free local port in a thread (browsers load
WebAssembly modules and service workers only over http). ``Browser`` starts
Chromium headless with a fresh profile and talks to its first tab through a
websocket (the pinned ``websocket-client``): ``goto``, ``evaluate`` (a
JavaScript expression, awaited, its value returned), ``key``, ``hold`` (a
button by its key), ``touch``, ``mouse``,
``screenshot``, ``viewport``, and ``console_errors`` (everything the page
logged as an error, and uncaught exceptions).
"""

import base64
import functools
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time

NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")

# A key of the simulator's key map for each button (README's key table):
# (key, code, Windows key code) as the DevTools protocol sends them.
BUTTON_KEYS = {
    "left": ("ArrowLeft", "ArrowLeft", 37),
    "ok": ("Enter", "Enter", 13),
    "right": ("d", "KeyD", 68),
    "back": ("Backspace", "Backspace", 8),
}


def find_chromium():
    chosen = os.environ.get("CHROMIUM")
    if chosen:
        return chosen if os.path.exists(chosen) else shutil.which(chosen)
    for name in NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(
        http.server.SimpleHTTPRequestHandler.extensions_map,
        **{".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript"},
    )

    def log_message(self, *args):
        pass


def serve(folder):
    """An http server for folder on 127.0.0.1 in a daemon thread; returns (server, base url)."""
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d/" % server.server_address[1]


class BrowserError(RuntimeError):
    pass


class Browser:
    def __init__(self, binary=None, width=800, height=1000, timeout=30):
        import websocket  # websocket-client, pinned in requirements.txt

        self.binary = binary or find_chromium()
        if not self.binary:
            raise BrowserError("no Chromium found (apt-get install chromium, or set CHROMIUM)")
        self.profile = tempfile.mkdtemp(prefix="pawtrack-chromium-")
        self.process = subprocess.Popen(
            [
                self.binary,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--disable-background-timer-throttling",
                "--disable-renderer-backgrounding",
                "--remote-debugging-port=0",
                "--user-data-dir=" + self.profile,
                "--window-size=%d,%d" % (width, height),
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + timeout
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.close()
                raise BrowserError("Chromium did not start (%s)" % self.binary)
            time.sleep(0.05)
        with open(port_file) as f:
            port = int(f.readline())
        page_url = self.page_socket(port, deadline)
        self.socket = websocket.create_connection(page_url, timeout=timeout, suppress_origin=True)
        self.next_id = 0
        self.events = []
        self.errors = []
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Log.enable")

    @staticmethod
    def page_socket(port, deadline):
        import urllib.request

        while True:
            try:
                with urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port) as response:
                    targets = json.load(response)
                for target in targets:
                    if target.get("type") == "page":
                        return target["webSocketDebuggerUrl"]
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise BrowserError("Chromium opened no page")
            time.sleep(0.05)

    # -- the protocol ----------------------------------------------------------

    def call(self, method, **params):
        self.next_id += 1
        wanted = self.next_id
        self.socket.send(json.dumps({"id": wanted, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == wanted:
                if "error" in message:
                    raise BrowserError("%s: %s" % (method, message["error"]))
                return message.get("result", {})
            self.note(message)

    def note(self, message):
        method = message.get("method")
        params = message.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            self.errors.append(
                " ".join(str(a.get("value", a.get("description"))) for a in params["args"])
            )
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            exception = details.get("exception", {})
            self.errors.append(exception.get("description") or details.get("text"))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            self.errors.append("%s (%s)" % (entry.get("text"), entry.get("url", "")))

    def evaluate(self, expression):
        result = self.call(
            "Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True
        )
        if "exceptionDetails" in result:
            raise BrowserError("%s: %s" % (expression, result["exceptionDetails"]))
        return result["result"].get("value")

    def wait_for(self, expression, timeout=20, poll=0.05):
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserError("timed out waiting for %s" % expression)
            time.sleep(poll)

    def goto(self, url):
        self.call("Page.navigate", url=url)

    def reload(self):
        self.call("Page.reload", ignoreCache=False)

    def viewport(self, width, height, scale=1, mobile=False):
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=scale,
            mobile=mobile,
        )

    # -- input -----------------------------------------------------------------

    def key(self, kind, key, code, key_code, shift=False):
        """kind: keyDown or keyUp."""
        self.call(
            "Input.dispatchKeyEvent",
            type=kind,
            key=key,
            code=code,
            windowsVirtualKeyCode=key_code,
            modifiers=8 if shift else 0,
        )

    def hold(self, button, ms, gap_ms):
        """Hold a button's key for ms, release it, and let gap_ms pass."""
        key, code, key_code = BUTTON_KEYS[button]
        self.key("keyDown", key, code, key_code)
        time.sleep(ms / 1000)
        self.key("keyUp", key, code, key_code)
        time.sleep(gap_ms / 1000)

    def touch(self, kind, x=0, y=0):
        """kind: touchStart, touchEnd."""
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        self.call("Input.dispatchTouchEvent", type=kind, touchPoints=points)

    def mouse(self, kind, x, y):
        """kind: mousePressed, mouseReleased."""
        self.call(
            "Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1
        )

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def console_errors(self):
        """Errors the page logged so far (the events waiting on the socket are read first)."""
        self.evaluate("0")
        return list(self.errors)

    def close(self):
        try:
            if getattr(self, "socket", None) is not None:
                self.socket.close()
        finally:
            if self.process.poll() is None:
                self.process.terminate()
                try:
                    self.process.wait(10)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait()
            shutil.rmtree(self.profile, ignore_errors=True)
