"""``machine`` inside the device stand-in's WebAssembly MicroPython (never runs on CPython).

The stand-in copies this file into the interpreter at every start. It covers
what host tools send to a board: ``machine.reset()`` (mpremote ``reset``),
``machine.soft_reset()``, ``freq()``, ``unique_id()``, ``reset_cause()`` and
``idle()``. There are no pins, buses or timers unless the stand-in runs with
``--hardware``: then device_setup.py adds the recording ones of tests/device
to this module.
"""

import js as _js

PWRON_RESET = 1
WDT_RESET = 3

_state = {"freq": 125_000_000}


def reset():
    """Hard reset: the stand-in restarts the interpreter as if powered on (boot.py, main.py)."""
    _js.pawtrackStandin.request("hard")
    raise SystemExit


def soft_reset():
    """Soft reset, like Ctrl-D at an empty prompt: fresh interpreter, same files."""
    raise SystemExit


def freq(hz=None):
    if hz is None:
        return _state["freq"]
    _state["freq"] = int(hz)


def unique_id():
    return b"\xe6\x61\x38\x97\x4b\x2a\x5c\x2f"


def reset_cause():
    return PWRON_RESET


def idle():
    pass


def disable_irq():
    return 0


def enable_irq(state=0):
    pass
