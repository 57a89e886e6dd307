"""Shared by the emulated CircuitPython tests: protocol lines on the data port, the log check."""

import json

from emu.helpers import picture_text

from host_tools.emu import alongside
from host_tools.emu import protocol_events as events_in
from host_tools.emu.circuitpython import clean
from host_tools.sim.simulator import WAIT, parse_presses

BAD_WORDS = ("Traceback", "MemoryError", "ImportError", "Oops", "safe mode")


def protocol_events(pico, since=0):
    """The JSON events the referee sent on usb_cdc.data (after byte offset since)."""
    return events_in(pico.data[since:])


def command(pico, message, run_ms=300, limit_ms=20000):
    """A protocol command on the data port; its answer."""
    said = len(pico.data)
    message = dict(message, id="t")
    pico.type_data(json.dumps(message) + "\n")
    end = pico.emulated_ms() + limit_ms
    while pico.emulated_ms() < end:
        pico.run_for(run_ms)
        answers = [e for e in protocol_events(pico, said) if e.get("id") == "t"]
        if answers:
            return answers[-1]
    raise AssertionError("no answer to %s: %r" % (message, bytes(pico.data[said:])[-300:]))


def assert_clean_logs(pico):
    """Nothing on the console or the data port says an error, and no crash event came."""
    for name, text in (("console", pico.console_text()), ("data port", clean(pico.data))):
        for bad in BAD_WORDS:
            assert bad not in text, "%s on the %s:\n%s" % (bad, name, text[-1500:])
    errors = [e for e in protocol_events(pico) if e.get("ev") == "error"]
    assert errors == [], errors
    assert pico.breakpoints == []


def caught_up(pico, limit_ms=10000, step_ms=20):
    """Run until the referee's loop has come round once more: a hello on the data port is
    answered only after the pass that handled the buttons (CircuitPython starts a game in
    about a second, long after the panel went quiet with the press's acknowledgement)."""
    said = len(pico.data)
    boots = len(pico.boots)
    pico.type_data('{"cmd": "hello", "id": "sync"}\n')
    end = pico.emulated_ms() + limit_ms
    while pico.emulated_ms() < end:
        pico.run_for(step_ms)
        if any(e.get("id") == "sync" for e in protocol_events(pico, said)):
            return
        if len(pico.boots) > boots:  # a reset (a switch) lost the line: ask the next boot
            boots = len(pico.boots)
            pico.run_for(RESET_WAIT_MS)
            pico.type_data('{"cmd": "hello", "id": "sync"}\n')
    raise AssertionError(
        "the referee's loop did not come round in %d ms\n%s\ndata port: %r"
        % (limit_ms, pico.status(), bytes(pico.data[-400:]))
    )


RESET_WAIT_MS = 5000  # a reset's safe-mode second and the USB host opening the ports again


def press(pico, sim, name, ms, between):
    """host_tools.emu.alongside.press, waiting for the board to have handled the press."""
    alongside.align(pico, sim)
    if name == WAIT:
        alongside.press(pico, sim, name, ms, between)
        return
    boots, ports = len(pico.boots), len(pico.usb_ready)
    pico.press(name, hold_ms=ms)
    caught_up(pico)
    pico.settle(quiet_ms=alongside.QUIET_MS)
    if len(pico.boots) > boots:
        # The press switched boots (pawtrack.hal.launcher: a reset on CircuitPython); once
        # the USB host has the next boot's ports open, wait until its loop comes round.
        end = pico.emulated_ms() + RESET_WAIT_MS
        while len(pico.usb_ready) == ports and pico.emulated_ms() < end:
            pico.run_for(50)
        caught_up(pico)
        pico.settle(quiet_ms=alongside.QUIET_MS)
    between()
    sim.hold(name, ms)


def play_alongside(pico, sim, script):
    """Each press word on the board and on the simulator at the same instant since power-on;
    after each, at rest, the panel picture and the LED colours must be the simulator's. A
    match the simulator starts gets the seed the board announced on its data port."""
    for step, (name, ms) in enumerate(parse_presses(script)):
        said = len(pico.data)

        def board_seed(said=said):
            # Asked by the simulator when this press starts its match: the board's seed,
            # once the board has said it (a match starts there a second or so later).
            end = pico.emulated_ms() + 10000
            while pico.emulated_ms() < end:
                for event in protocol_events(pico, said):
                    if event.get("ev") == "new":
                        return event["seed"]
                pico.run_for(50)
            raise AssertionError("the simulator started a match, the board did not")

        sim.hal.new_seed = board_seed
        press(pico, sim, name, ms, lambda: None)
        _same, leds, picture, expected = alongside.compare(pico, sim)
        where = "after press %d (%s) on %s" % (step + 1, name, sim.screen_name())
        assert picture_text(picture) == picture_text(expected), where
        assert leds, where
