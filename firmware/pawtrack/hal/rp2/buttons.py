"""Button pins: the level now, plus any press that came and went between two reads.

``Buttons`` is the ``Hal.buttons``. Buttons are active low (to GND, internal
pull-ups). The app polls ``read()`` once per loop pass, about every 5 ms while
idle, but a pass that redraws the screen or writes the journal takes longer,
and a quick tap could fall between two reads. So each pin also has an edge
interrupt (hard IRQ: runs at once, allocates nothing) that timestamps edges
with ``ticks_ms``: a falling edge after the pin was quiet and released for
``QUIET_MS`` latches "pressed" and notes its time; rising edges only move the
release time, so the bounce of a release never latches a phantom press.
``read()`` reports a latched press once, then clears it, and puts the time it
went down in ``down_at``; ``pawtrack.buttons`` does the debouncing and the
short/long decisions (a press held from the middle of a slow loop pass is
timed from its edge, not from the read that saw it).

``sleep_ms(ms)`` is the loop's rest between passes: it waits for events
(``machine.idle()``, a millisecond at most each) and returns early when an
edge came, so a press or release is handled at once instead of up to the 5 ms
rest later (the handlers count the edges).
"""

import array

import machine

ORDER = ("left", "ok", "right", "back")
QUIET_MS = 30


def edge_handler(buttons, index):
    """One pin's hard-IRQ handler, made once at start-up: a plain function whose defaults
    hold the ``Buttons`` and the pin's index (one small object a pin, no class).

    A hard IRQ must not allocate. Calling a closure that captures more than a
    few variables does (MicroPython copies its cells and the arguments into a
    new array), and so would a new object or a float. A plain function called
    with one argument, the others from its defaults, does not, and the handler
    only reads ints and stores small ints into the buffers the ``Buttons`` made
    at start-up."""

    def edge(pin, buttons=buttons, index=index):
        now = buttons.clock.ticks_ms()
        buttons.edges[0] = (buttons.edges[0] + 1) & 0xFF
        if pin.value():  # high: released (pull-up)
            buttons.released_at[index] = now
            buttons.released[index] = 1
        elif (
            not buttons.released[index]
            or buttons.clock.ticks_diff(now, buttons.released_at[index]) >= buttons.quiet_ms
        ):
            buttons.latched[index] = 1
            buttons.latched_at[index] = now

    return edge


class Buttons:
    def __init__(self, pins_by_name, clock, quiet_ms=QUIET_MS):
        self.names = tuple(name for name in ORDER if name in pins_by_name)
        self.clock = clock
        self.quiet_ms = quiet_ms
        count = len(self.names)
        self.pins = []
        # Written by the interrupt handlers: allocated here, once.
        self.latched = bytearray(count)
        self.released = bytearray(count)  # 1 once the pin has been released
        self.released_at = array.array("i", [0] * count)  # ticks_ms of the last release
        self.latched_at = array.array("i", [0] * count)  # ticks_ms of the latched press
        self.edges = bytearray(1)  # edges seen, counted round (sleep_ms wakes on a change)
        self.levels = [False] * count  # what read() fills and returns
        self.down_at = [None] * count  # and the times of the presses it reports latched
        for index, name in enumerate(self.names):
            pin = machine.Pin(pins_by_name[name], machine.Pin.IN, machine.Pin.PULL_UP)
            self.pins.append(pin)
            pin.irq(
                handler=edge_handler(self, index),  # the pin's IRQ keeps it
                trigger=machine.Pin.IRQ_FALLING | machine.Pin.IRQ_RISING,
                hard=True,
            )

    def sleep_ms(self, ms):
        """Rest up to ``ms``, returning early once a button edge comes."""
        clock = self.clock
        start = clock.ticks_ms()
        edges = self.edges
        seen = edges[0]
        while edges[0] == seen and clock.ticks_diff(clock.ticks_ms(), start) < ms:
            machine.idle()

    def read(self):
        """The levels in ``names`` order, True = pressed now or since the last read.

        Called every few milliseconds: it fills one list made at start-up and
        returns it (allocating nothing), so the caller must read it (and
        ``down_at``) before the next call."""
        levels = self.levels
        latched = self.latched
        down_at = self.down_at
        latched_at = self.latched_at
        pins = self.pins
        state = machine.disable_irq()
        # MicroPython raises a pending KeyboardInterrupt (Ctrl-C, mpremote taking over)
        # at a loop's jump: without the finally, it would leave the interrupts off and
        # the board deaf to USB, its REPL unreachable until a power cycle.
        try:
            for i in range(len(pins)):
                levels[i] = latched[i] == 1
                down_at[i] = latched_at[i] if levels[i] else None
                latched[i] = 0
        finally:
            machine.enable_irq(state)
        for i in range(len(pins)):
            if not pins[i].value():
                levels[i] = True
        return levels
