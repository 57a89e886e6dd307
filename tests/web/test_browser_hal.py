"""The browser's Hal on CPython: what the page gets from each pass, and files kept across loads.

These run without Chromium: ``Page`` is plain Python (the page runs it on
MicroPython), so a closed tab can be played here as a new ``Page`` given what
the last one handed out for the browser's storage.
"""

import json

from host_tools.sim.simulator import Simulator
from host_tools.web.browser_hal import Page

STEP_MS = 5


def run(page, now, ms, out):
    end = now + ms
    while now < end:
        now += STEP_MS
        update = json.loads(page.tick(now))
        for name, data in update.get("files", {}).get("files", {}).items():
            if data is None:
                out["files"].pop(name, None)
            else:
                out["files"][name] = data
        if "files" in update:
            out["folders"] = update["files"]["folders"]
        if "frame" in update:
            out["frame"] = update["frame"]
    return now


def press(page, now, name, stored):
    page.button(name, True)
    now = run(page, now, 80, stored)
    page.button(name, False)
    return run(page, now, 120, stored)


def test_the_first_pass_gives_the_menu_and_the_leds():
    update = json.loads(Page("{}", True).tick(1))
    assert update["screen"] == "HomeScreen"
    assert bytes.fromhex(update["frame"]) == Simulator().frame
    assert len(update["leds"]) == 12


def test_a_new_page_given_the_stored_files_offers_the_match_back():
    stored = {"files": {}, "folders": []}
    page = Page("{}", True)
    now = run(page, 0, 50, stored)
    for name in ("right", "right", "ok", "ok", "ok"):  # Cat & Mouse: start, roll
        now = press(page, now, name, stored)
    now = run(page, now, 3000, stored)
    assert type(page.app.screen).__name__ == "ChopScreen"
    assert any(name.startswith("saves") for name in stored["files"])

    again = Page(json.dumps(stored), True)
    run(again, 0, 1500, stored)
    fresh = Simulator()
    assert bytes.fromhex(stored["frame"]) != fresh.frame  # the menu offers the resume
    press(again, 2000, "ok", stored)
    run(again, 2200, 3000, stored)
    assert type(again.app.screen).__name__ == "ChopScreen"


def test_a_tap_that_begins_and_ends_between_two_passes_is_still_a_press():
    # A busy phone: the page's pass runs late and a quick tap falls between two of them.
    held, tapped = Page("{}", True), Page("{}", True)
    frames = []
    for page, tap in ((held, False), (tapped, True)):
        stored = {"files": {}, "folders": []}
        now = run(page, 0, 50, stored)
        for name in ("right", "right"):
            if tap:
                page.button(name, True, now + 1)
                page.button(name, False, now + 3)
                now = run(page, now, 200, stored)
            else:
                now = press(page, now, name, stored)
        now = run(page, now, 300, stored)
        frames.append(stored["frame"])
    assert frames[0] == frames[1]
    assert bytes.fromhex(frames[1]) != Simulator().frame  # the highlight moved twice


def test_a_serial_line_gets_its_answer():
    page = Page("{}", True)
    page.tick(1)
    page.feed('{"cmd": "hello", "id": 1}\n')
    lines = json.loads(page.tick(2))["serial"]
    assert json.loads(lines[-1])["ev"] == "hello"
