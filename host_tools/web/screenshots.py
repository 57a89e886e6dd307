"""Pictures of the web page in headless Chromium, at desktop and phone size (make screenshots).

``take(folder)`` builds the page into a temporary folder, serves it, plays
WEB_SCENE on it by keys (the simulator's counting seeds, so the picture is
the same every time) and writes web_desktop.png (the serial console open
after a ``hello``) and web_phone.png (a phone held upright) into folder.
It returns the paths written, or raises ``Unavailable`` with the reason
(no Chromium, no interpreter in node_modules, no websocket-client).
"""

import os
import tempfile
import time

from host_tools.sim.simulator import GAP_MS, WAIT, Simulator
from host_tools.web import build as web_build
from host_tools.web.chromium import Browser, BrowserError, find_chromium, serve

# Mouse Chaos: start, draw a cheese holder; the LEDs show the players' colours.
WEB_SCENE = "open:mouse_chaos ok ok wait"
DESKTOP = (1280, 900, 1, False)  # width, height, pixel ratio, mobile
PHONE = (390, 844, 2, True)
QUIET_MS = 1000


class Unavailable(Exception):
    pass


def check():
    if find_chromium() is None:
        raise Unavailable("no Chromium found (apt-get install chromium, or set CHROMIUM)")
    if not os.path.isdir(web_build.INTERPRETER):
        raise Unavailable("no MicroPython WebAssembly interpreter in node_modules (make setup)")
    try:
        import websocket  # noqa: F401 - only whether it is there
    except ImportError as problem:
        raise Unavailable("no websocket-client (make setup)") from problem


def settle(browser):
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if browser.evaluate("performance.now() - pawtrack.drawnAt") >= QUIET_MS:
            return
        time.sleep(0.1)


def take(folder):
    check()
    done = Simulator().play(WEB_SCENE)
    paths = []
    with tempfile.TemporaryDirectory(prefix="pawtrack-web-") as built:
        web_build.build(built)
        server, base = serve(built)
        try:
            browser = Browser()
        except BrowserError as problem:
            server.shutdown()
            raise Unavailable(str(problem)) from problem
        try:
            for name, (width, height, scale, mobile) in (("desktop", DESKTOP), ("phone", PHONE)):
                browser.viewport(width, height, scale, mobile)
                # A fresh device each time: the menu's order follows the games played.
                browser.evaluate("window.pawtrack && window.pawtrack.stop(), 1")
                browser.call(
                    "Storage.clearDataForOrigin",
                    origin=base.rstrip("/"),
                    storageTypes="local_storage",
                )
                browser.goto(base + "?seeds=count&nosw&" + name)
                browser.wait_for(
                    "location.search.endsWith(%r) && window.pawtrack && pawtrack.ready" % name,
                    timeout=60,
                )
                settle(browser)
                for button, ms in done:
                    if button == WAIT:
                        settle(browser)
                    else:
                        browser.hold(button, ms, GAP_MS)
                settle(browser)
                if name == "desktop":
                    browser.evaluate(
                        "(() => { document.getElementById('console').open = true;"
                        " const i = document.getElementById('serial-input');"
                        " i.value = '{\"cmd\": \"hello\", \"id\": 1}';"
                        " i.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'}));"
                        " i.blur(); return 1; })()"
                    )
                    time.sleep(0.3)
                browser.evaluate("document.getElementById('status').textContent = '', 1")
                path = os.path.join(folder, "web_%s.png" % name)
                browser.screenshot(path)
                paths.append(path)
            errors = browser.console_errors()
            if errors:
                raise BrowserError("the page logged errors: %s" % errors)
        finally:
            browser.close()
            server.shutdown()
    return paths
