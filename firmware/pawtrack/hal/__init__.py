"""The hardware abstraction: everything the core needs from a device, in one object.

The core never imports a hardware module. ``main.py`` on the device (or the
simulator on the host) builds the pieces below from the board definition and
hands them to ``pawtrack.ui.app.App`` inside a ``Hal``:

``display``
    a ``pawtrack.gfx.canvas.Canvas`` (128x64, 1 bit) whose ``show()``
    puts the buffer on the panel. A device without a working panel passes a
    Canvas whose ``show()`` does nothing and says so in ``problems``.
``leds``
    an LED strip: ``count`` and ``write(colors)``, where colors is a list of
    (r, g, b) tuples already scaled to the brightness cap. The core writes
    only when the colours changed.
``buttons``
    ``names`` (e.g. ("left", "ok", "right", "back")) and ``read()`` returning
    a tuple of booleans in the same order, True while a button is pressed;
    and ``down_at``: None, or a list that ``read()`` fills with the
    ``clock`` time each press it reports began, where the hardware saw it
    begin before the read (else None), so a press is timed from there.
``clock``
    ``ticks_ms()``, ``ticks_diff(new, old)`` and ``sleep_ms(ms)``.
``files``
    the small filesystem interface of ``pawtrack.files`` (settings, journal).
``beeper``
    optional: ``tone(frequency_hz, duration_ms)`` that returns at once.
``board``
    the board definition as a dict: at least ``name``, ``track`` (LED indices
    from the cat's start to the pantry), ``status`` (other LED indices) and
    ``max_brightness`` (0-255 cap from the USB power budget).
``problems``
    a list of short strings naming missing hardware ("no OLED at 0x3C").
``new_seed``
    optional: a function returning a fresh 32-bit seed for a new match (the
    device uses ``os.urandom``; the simulator counts, so runs repeat).
``keep_alive``
    optional: what long work between two loop passes calls now and then (the
    device feeds its watchdog there).
``idle``
    optional: the device's own work for a still screen, which the app runs
    once the screen has been still for a moment after a change (the devices
    pass ``gc.collect``: the last press's garbage goes while nobody waits,
    about 20 ms on the Pico with a game loaded).
``launcher``
    the switch between boots (``pawtrack.hal.launcher.Launcher``): a
    device's restarts the interpreter so that each boot holds the main menu
    or one game; the default switches in one process (the host). All a
    device does about memory is behind it and ``idle``.
"""


class Hal:
    def __init__(
        self,
        display,
        leds,
        buttons,
        clock,
        files,
        board,
        beeper=None,
        problems=None,
        new_seed=None,
        keep_alive=None,
        idle=None,
        launcher=None,
    ):
        self.display = display
        self.leds = leds
        self.buttons = buttons
        self.clock = clock
        self.files = files
        self.board = board
        self.beeper = beeper
        self.problems = problems or []
        self.new_seed = new_seed or urandom_seed
        self.keep_alive = keep_alive
        self.idle = idle
        if launcher is None:
            from pawtrack.hal.launcher import Launcher

            launcher = Launcher(files)
        self.launcher = launcher


def urandom_seed():
    """A 32-bit seed from the system's random source."""
    import os

    data = os.urandom(4)
    return data[0] | (data[1] << 8) | (data[2] << 16) | (data[3] << 24)
