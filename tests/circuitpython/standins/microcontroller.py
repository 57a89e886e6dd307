"""Stand-in for ``microcontroller``: the watchdog, and a reset that is only counted."""

from standin_hardware import Pin, state  # noqa: F401 - microcontroller.Pin is the pin type
from watchdog import WatchDogTimer

watchdog = WatchDogTimer()


class ResetCalled(Exception):
    """microcontroller.reset() never returns on a board; here it raises this."""


def reset():
    state.resets += 1
    raise ResetCalled()
