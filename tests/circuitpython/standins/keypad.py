"""Stand-in for ``keypad``: the test moves a button (``press``), the change is queued as an event.

Each event carries the time it was queued (``supervisor.ticks_ms``, as the real
one's ``timestamp``).

The real ``Keys`` scans its pins in C every ``interval`` and queues each
change; here a change is queued when the test makes it, with the same Event
and EventQueue interface (``get_into``, ``overflowed``, ``clear``, ``reset``).
"""

import supervisor
from standin_hardware import state


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = supervisor.ticks_ms() if timestamp is None else timestamp

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    def __init__(self, max_events):
        self.max_events = max_events
        self.queue = []
        self.overflowed = False

    def put(self, key_number, pressed):
        if len(self.queue) >= self.max_events:
            self.overflowed = True
            return
        self.queue.append((key_number, pressed, supervisor.ticks_ms()))

    def get_into(self, event):
        if not self.queue:
            return False
        event.key_number, event.pressed, event.timestamp = self.queue.pop(0)
        return True

    def get(self):
        event = Event()
        return event if self.get_into(event) else None

    def clear(self):
        self.queue = []
        self.overflowed = False

    def __len__(self):
        return len(self.queue)


class Keys:
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64):
        for pin in pins:
            state.claim(pin)
        self.pins = tuple(pins)
        self.value_when_pressed = value_when_pressed
        self.pull = pull
        self.interval = interval
        self.events = EventQueue(max_events)
        self.down = [False] * len(pins)
        self.resets = 0
        state.keys.append(self)

    @property
    def key_count(self):
        return len(self.pins)

    def reset(self):
        """As the real one: forget the states, so held keys are reported pressed again."""
        self.resets += 1
        for index, down in enumerate(self.down):
            if down:
                self.events.put(index, True)

    def deinit(self):
        for pin in self.pins:
            state.release(pin)


def press(pin_name, down):
    """A finger on (down=True) or off a button: every Keys scanning that pin queues it."""
    for keys in state.keys:
        for index, pin in enumerate(keys.pins):
            if pin.name == pin_name and keys.down[index] != down:
                keys.down[index] = down
                keys.events.put(index, down)
