"""The web page in headless Chromium against the simulator: same presses, same pictures.

Each test plays press words on the simulator (virtual time) and the same
presses on the page (real keys, touches and clicks through the DevTools
protocol, in real time), then compares the page's canvas pixel for pixel with
the simulator's OLED, and the LED colours. The page runs with ``?seeds=count``
(the simulator's counting seeds, so a match is the same match) and ``nosw``
(no service worker, except in the offline test). No test may leave an error
on the page's console.
"""

import tempfile
import time

import pytest

from host_tools.sim.press_words import HOLD_MARGIN_MS
from host_tools.sim.simulator import (
    GAP_MS,
    LONG_HOLD_MS,
    WAIT,
    WAIT_MAX_MS,
    WAIT_QUIET_MS,
    Simulator,
)
from host_tools.web import build as web_build
from host_tools.web.chromium import serve

SCRIPTS = {
    "menu": "",
    "settings": "open:settings",
    "button_test": "open:settings right right ok ok:long",
    "dice_mmm": "open:dice ok ok ok wait",
    "chop": "open:chop ok ok wait",
    "mmm_roll": "open:mmm right ok left ok ok ok",  # the choice blinks
    "om_nom_nom": "open:om_nom_nom ok ok wait",
}

BLINK_LOOK_MS = 2000  # longer than any blink's period
LOOK_STEP_MS = 10
# A pass of the page's loop, saving included, on a loaded 2-core machine: well under a
# frame's worth of a human's patience (base64 in Python once took 5 s here).
SLOWEST_PASS_MS = 250
navigations = [0]


def open_page(browser, base, fresh=True, query="seeds=count&nosw"):
    """(Re)load the page, its storage emptied first when fresh; waits until it runs."""
    navigations[0] += 1
    mark = "n=%d" % navigations[0]
    browser.evaluate("window.pawtrack && window.pawtrack.stop(), 1")  # no more writes
    if fresh:
        browser.call(
            "Storage.clearDataForOrigin", origin=base.rstrip("/"), storageTypes="local_storage"
        )
    browser.goto("%s?%s&%s" % (base, query, mark))
    browser.wait_for(
        "location.search.includes(%r) && window.pawtrack && (pawtrack.ready || pawtrack.error)"
        % mark,
        timeout=60,
    )
    assert browser.evaluate("pawtrack.error") is None
    settle(browser)


def settle(browser):
    """As the simulator's ``wait``: until nothing was redrawn for WAIT_QUIET_MS (a blinking
    screen: WAIT_MAX_MS at most)."""
    deadline = time.monotonic() + WAIT_MAX_MS / 1000
    while time.monotonic() < deadline:
        quiet = browser.evaluate("performance.now() - pawtrack.drawnAt")
        if quiet >= WAIT_QUIET_MS:
            return
        time.sleep(max(0.05, (WAIT_QUIET_MS - quiet) / 1000))


def hold_key(browser, name, ms):
    """A button by one of its keys (host_tools.web.chromium.BUTTON_KEYS; ok also by s below)."""
    browser.hold(name, ms, GAP_MS)


def replay(browser, done):
    """The presses the simulator made (Simulator.play's answer), by keys on the page."""
    for name, ms in done:
        if name != WAIT:
            hold_key(browser, name, ms)
        elif ms is None:
            settle(browser)
        else:
            time.sleep(ms / 1000)


def pictures(sim):
    """What the simulator shows over the next BLINK_LOOK_MS: [(OLED rows, LED colours)].

    One picture on a still screen; a blinking one (Mmm!'s choice, a LED) shows two, in
    phases set by the clock, which differ between the page and the simulator."""
    seen = []
    for _ in range(BLINK_LOOK_MS // LOOK_STEP_MS):
        picture = (sim.text(), [tuple(color) for color in sim.leds()])
        if picture not in seen:
            seen.append(picture)
        sim.advance(LOOK_STEP_MS)
    return seen


def assert_same(browser, sim):
    """The page's canvas pixels and LEDs are one of the simulator's pictures, exactly."""
    page = (
        browser.evaluate("pawtrack.pixels()"),
        [tuple(color) for color in browser.evaluate("pawtrack.leds")],
    )
    assert browser.evaluate("pawtrack.screen") == sim.screen_name()
    seen = pictures(sim)
    if page in seen:
        return
    page_rows, sim_rows = page[0], seen[0][0]
    wrong = sum(a != b for row_a, row_b in zip(page_rows, sim_rows) for a, b in zip(row_a, row_b))
    shown = "\n".join("%s   %s" % pair for pair in zip(page_rows, sim_rows))
    raise AssertionError(
        "%d pixels differ (page left, simulator right), LEDs page %s, simulator %s:\n%s"
        % (wrong, page[1], seen[0][1], shown)
    )


def assert_no_console_errors(browser):
    errors = browser.console_errors()
    browser.errors.clear()
    assert errors == []


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_the_same_presses_draw_the_simulators_pictures_and_leds(browser, page_url, name):
    sim = Simulator()
    done = sim.play(SCRIPTS[name])
    sim.settle()
    open_page(browser, page_url)
    replay(browser, done)
    settle(browser)
    assert_same(browser, sim)
    assert_no_console_errors(browser)


def test_a_reload_resumes_the_saved_match(browser, page_url):
    with tempfile.TemporaryDirectory() as state:
        sim = Simulator(state_dir=state)
        done = sim.play("open:chop ok ok ok wait")
        open_page(browser, page_url)
        replay(browser, done)
        settle(browser)
        assert_same(browser, sim)
        stored = browser.evaluate("Object.keys(localStorage).filter(k => k.includes('saves'))")
        assert stored, "no save in the browser's storage"

        # Power off and on: the simulator on the same folder, the page reloaded.
        again = Simulator(state_dir=state)
        again.settle()
        open_page(browser, page_url, fresh=False)
        assert_same(browser, again)
        assert again.frame != Simulator().frame  # the menu offers the match, not a fresh start

        done = again.play("ok wait")  # resume it
        replay(browser, done)
        settle(browser)
        assert_same(browser, again)
        assert again.screen_name() == "ChopScreen"
    assert_no_console_errors(browser)


def centre(browser, selector):
    box = browser.evaluate(
        "(() => { const r = document.querySelector(%r).getBoundingClientRect();"
        " return [r.x + r.width / 2, r.y + r.height / 2]; })()" % selector
    )
    return box


def let_go(browser):
    """Until the page has let go of every button and its loop has come round twice since:
    a tap taken by a page busy elsewhere (a loaded machine) is still a tap, not a new one
    landing while the last one is held."""
    browser.wait_for("!document.querySelectorAll('[data-button].down').length", timeout=60)
    ticks = browser.evaluate("pawtrack.ticks")
    browser.wait_for("pawtrack.ticks >= %d" % (ticks + 2), timeout=60)


def test_touch_and_mouse_press_the_buttons(browser, page_url):
    sim = Simulator()
    sim.play("right right ok wait")
    open_page(browser, page_url)
    right = centre(browser, '[data-button="right"]')
    ok = centre(browser, '[data-button="ok"]')
    browser.touch("touchStart", *right)
    browser.touch("touchEnd")  # a quick tap: the page holds it as long as a short press
    let_go(browser)
    browser.mouse("mousePressed", *right)
    browser.mouse("mouseReleased", *right)
    let_go(browser)
    browser.touch("touchStart", *ok)
    time.sleep(0.1)
    browser.touch("touchEnd")
    settle(browser)
    assert_same(browser, sim)
    assert_no_console_errors(browser)


def test_shift_and_a_digit_before_a_key_hold_it_and_s_is_ok(browser, page_url):
    sim = Simulator()
    sim.play("open:settings right right ok ok:long wait")
    sim_menu = Simulator()
    done = sim_menu.play("open:settings")
    open_page(browser, page_url)
    replay(browser, done)
    settle(browser)
    assert_same(browser, sim_menu)
    hold_key(browser, "right", 80)
    hold_key(browser, "right", 80)
    browser.key("keyDown", "s", "KeyS", 83)
    time.sleep(0.08)
    browser.key("keyUp", "s", "KeyS", 83)
    time.sleep(0.2)
    browser.key("keyDown", "S", "KeyS", 83, shift=True)  # a long press, as in the terminal
    browser.key("keyUp", "S", "KeyS", 83, shift=True)
    time.sleep((LONG_HOLD_MS + GAP_MS) / 1000)
    settle(browser)
    assert_same(browser, sim)

    # A digit, then the key: held that many seconds and a little more (2 s on OK leaves
    # the button test).
    sim.play("ok:%d wait" % (2000 + HOLD_MARGIN_MS))
    browser.key("keyDown", "2", "Digit2", 50)
    browser.key("keyUp", "2", "Digit2", 50)
    browser.key("keyDown", "s", "KeyS", 83)
    browser.key("keyUp", "s", "KeyS", 83)
    time.sleep((2000 + HOLD_MARGIN_MS + GAP_MS) / 1000)
    settle(browser)
    assert sim.screen_name() == "SettingsScreen"
    assert_same(browser, sim)
    assert_no_console_errors(browser)


def test_the_serial_console_answers_the_protocol(browser, page_url):
    open_page(browser, page_url)
    browser.evaluate("document.getElementById('console').open = true, 1")
    browser.evaluate(
        "(() => { const i = document.getElementById('serial-input');"
        " i.value = '{\"cmd\": \"hello\"}';"
        " i.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'})); return 1; })()"
    )
    lines = browser.wait_for(
        "pawtrack.serial.filter(l => l.startsWith('< ')).length && pawtrack.serial"
    )
    assert any('"hello"' in line or "simulator" in line for line in lines), lines
    assert_no_console_errors(browser)


def test_a_match_keeps_every_pass_short(browser, page_url):
    """Saving a move (the journal, copied to the browser's storage) never stalls the page;
    the beeper's tones reach the page's sound."""
    sim = Simulator()
    # A wait after each press: a press that lands in an animation ends it, and the page's
    # real-time presses may land a little later than the simulator's.
    done = sim.play("open:chop ok ok wait ok wait ok wait ok wait ok wait")
    open_page(browser, page_url)
    browser.evaluate("pawtrack.slowestTickMs = 0")
    replay(browser, done)
    settle(browser)
    tones = len(sim.hal.beeper.tones)
    assert_same(browser, sim)
    slowest = browser.evaluate("pawtrack.slowestTickMs")
    assert slowest < SLOWEST_PASS_MS, "a pass took %d ms" % slowest
    assert 0 < tones == browser.evaluate("pawtrack.tones")


def test_the_page_works_offline_once_loaded(browser):
    """The service worker keeps the files: with the server gone, a reload still runs."""
    with tempfile.TemporaryDirectory(prefix="pawtrack-web-") as folder:
        web_build.build(folder)
        server, base = serve(folder)
        try:
            browser.goto(base)
            browser.wait_for("window.pawtrack && pawtrack.ready", timeout=60)
            browser.wait_for(
                "navigator.serviceWorker.ready.then(() => caches.keys()).then(k => k.length > 0)",
                timeout=30,
            )
        finally:
            server.shutdown()
            server.server_close()
        browser.evaluate("pawtrack.stop(), window.before = 1")
        browser.reload()
        browser.wait_for(
            "!window.before && window.pawtrack && (pawtrack.ready || pawtrack.error)", timeout=60
        )
        assert browser.evaluate("pawtrack.error") is None
        assert browser.evaluate("pawtrack.screen") == "HomeScreen"
    browser.errors.clear()  # an offline reload may log the service worker's failed update
