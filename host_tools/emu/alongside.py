"""The emulated Pico and the simulator pressed alike, and compared at the same instant.

The firmware's screens time their animations and blinking from ``ticks_ms``
(the milliseconds since the board was switched on); the simulator's clock
starts at 0 when it is made. ``align`` lets the simulator's time catch up with
the board's, so a press lands at the same time on both and anything drawn from
the clock (a blinking choice, a dice animation) is in the same phase.
``press`` does one press word on both (an ``open:`` word as the presses the
simulator's menu, the same as the board's, needs); ``compare`` runs the board until its
panel has been quiet a moment, brings the simulator to the same instant and
compares the pictures and the LED colours, a few times if they differ (a
redraw the board is still sending when the simulator has finished it).
"""

from host_tools.sim.press_words import OPEN, menu_presses
from host_tools.sim.simulator import WAIT

QUIET_MS = 100
SWITCH_QUIET_MS = 1500
SOFT_REBOOT = b"soft reboot"  # what MicroPython prints on the USB serial port at a soft reset
RETRY_MS = 130
TRIES = 4


def board_ms(pico):
    """The board's ticks_ms: emulated milliseconds since its latest power-on."""
    return pico.emulated_ms() - pico.boots[-1][0] / 1000


def align(pico, sim):
    """Advance the simulator (running its loop) to the board's time."""
    lag = int(board_ms(pico)) - sim.clock.now
    if lag > 0:
        sim.advance(lag)


def press(pico, sim, name, ms, between=None):
    """One press word (from parse_presses) on both, at the same time since power-on. The
    board goes first and runs until it has done what the press started; then
    ``between()`` is called (to copy a seed the board announced, say) and the simulator,
    whose clock waited at the instant of the press, gets the same press."""
    align(pico, sim)
    if name == OPEN:  # a menu row by name: the moves the simulator's menu (the board's) needs
        for step in menu_presses(sim.app.screen, ms):
            press(pico, sim, *step, between=between)
        return
    if name == WAIT:
        if ms is None:
            pico.settle(quiet_ms=1000, limit_ms=10000)
        else:
            pico.run_for(ms)
        align(pico, sim)
        return
    said = len(pico.serial)
    pico.press(name, hold_ms=ms)
    pico.settle(quiet_ms=QUIET_MS)
    if SOFT_REBOOT in bytes(pico.serial[said:]):
        # The press switched boots (pawtrack.hal.launcher): the panel is quiet while the
        # next boot loads its code, so wait for that boot's picture.
        pico.settle(quiet_ms=SWITCH_QUIET_MS, limit_ms=10000)
    if between is not None:
        between()
    sim.hold(name, ms)


def compare(pico, sim):
    """(same picture, same LEDs, board picture, simulator picture) once the board is at
    rest; on a difference it looks again up to TRIES times."""
    pico.settle(quiet_ms=QUIET_MS)
    for attempt in range(TRIES):
        if attempt:
            pico.run_for(RETRY_MS)
        align(pico, sim)
        picture = pico.picture()
        same = picture == bytes(sim.frame)
        leds = pico.led_colors() == sim.leds()
        if same and leds:
            break
    return same, leds, picture, bytes(sim.frame)
