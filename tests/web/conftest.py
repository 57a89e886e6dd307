"""The web page in headless Chromium: build it once, serve it, and open one browser.

Every test that needs the browser is skipped, with the reason, where there is no Chromium
(Debian's ``chromium``; ``.ci/run`` installs it when it can, or set CHROMIUM
to a binary), no websocket-client, or no interpreter in node_modules (make
setup). The page is built into a temporary folder, so build/web is left alone.
"""

import os
import tempfile

import pytest

from host_tools.web import build as web_build
from host_tools.web.chromium import Browser, BrowserError, find_chromium, serve

REASON = None
if find_chromium() is None:
    REASON = "no Chromium found (apt-get install chromium, or set CHROMIUM to a binary)"
elif not os.path.isdir(web_build.INTERPRETER):
    REASON = "no MicroPython WebAssembly interpreter in node_modules (run make setup)"
else:
    try:
        import websocket  # noqa: F401 - only whether it is there
    except ImportError:
        REASON = "no websocket-client (make setup installs requirements.txt)"


def pytest_collection_modifyitems(config, items):
    if REASON is None:
        return
    here = os.path.dirname(os.path.abspath(__file__))
    for item in items:
        in_browser = "browser" in getattr(item, "fixturenames", ())
        if in_browser and str(item.fspath).startswith(here):
            item.add_marker(pytest.mark.skip(reason="web page in Chromium: " + REASON))


@pytest.fixture(scope="session")
def page_url():
    with tempfile.TemporaryDirectory(prefix="pawtrack-web-") as folder:
        web_build.build(folder)
        server, base = serve(folder)
        try:
            yield base
        finally:
            server.shutdown()


@pytest.fixture(scope="session")
def browser(page_url):
    try:
        chromium = Browser()
    except BrowserError as problem:
        pytest.skip("web page in Chromium: %s" % problem)
    try:
        yield chromium
    finally:
        chromium.close()
