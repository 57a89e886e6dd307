"""The bench's /boot.py: repeatable seeds and a heap reading that leaves the app running.

MicroPython runs /boot.py before main.py (the stock firmware and the pawtrack
UF2 alike: the UF2 freezes main.py, not boot.py). The bench puts this one on
the flash of the runs that play scripts or read the heap, compiled
(``boot_files``: a one-line /boot.py imports it), so that the switches it
sits in front of are timed as they are without it; the boot times are measured
without it. It does two things and nothing else:

* ``os.urandom`` counts 1, 2, 3... (as 4 little-endian bytes), so the device's
  new matches get the seeds the simulator gives (it counts too): a press
  script plays the same games on the device as ``make sim --headless
  --press``. (``os`` is replaced in ``sys.modules`` by a copy of it with that
  one function changed: built-in modules cannot be changed in place.) The
  count is kept in the RP2040 watchdog's first scratch register, which a soft
  reset leaves alone and a power-on clears: every match has a boot of its
  own, and the simulator's count goes on through its switches, so the
  device's must go on through the restarts too.
* a soft interrupt on a spare GPIO (pulled up; the emulator drives it low):
  ``gc.collect()``, then ``micropython.mem_info()`` between two marker lines
  on the USB serial port. A soft interrupt runs between two bytecodes of
  whatever the app is doing, so the app's loop, its screens and its match go
  on afterwards: the reading is of the running firmware, with its objects live
  on the stack, not of a stopped one. The probe itself holds a few hundred
  bytes of heap; each reading says how many, and the bench subtracts them.

``parse_readings(serial)`` returns the readings found in the serial output.
"""

import os
import re
import subprocess
import tempfile

from host_tools.compile import mpy_cross

MODULE = "bench_probe"  # the compiled probe's module name on the board
START = "bench-heap"
END = "bench-heap-end"
FOOTPRINT = "bench-probe-bytes"
BLOCK_BYTES = 16  # MicroPython's GC block on a 32-bit port (mem_info counts in blocks)

BOOT_PY = """\
# The pawtrack bench's probe (host_tools/bench/probe.py): never on a user's board.
import gc
import sys
import micropython
from micropython import const
import umachine as machine  # the u names skip the search of the filesystem: fast boots
import uos as _bench_real_os

gc.collect()
_bench_before = gc.mem_alloc()


class _BenchOs:
    pass


_bench_os = _BenchOs()
# The module's dict, not dir(): MicroPython's dir() tries every name it knows (30 ms).
for _bench_name, _bench_value in _bench_real_os.__dict__.items():
    if not _bench_name.startswith("__"):
        setattr(_bench_os, _bench_name, _bench_value)
_BENCH_COUNT = const(0x4005800C)  # WATCHDOG_SCRATCH0: kept by a soft reset


def _bench_urandom(n):
    c = (machine.mem32[_BENCH_COUNT] + 1) & 0xFFFFFFFF
    machine.mem32[_BENCH_COUNT] = c
    return bytes([c & 255, (c >> 8) & 255, (c >> 16) & 255, (c >> 24) & 255] + [0] * n)[:n]


_bench_os.urandom = _bench_urandom
sys.modules["os"] = _bench_os


def _bench_heap(_pin):
    gc.collect()
    print("%(start)s")
    micropython.mem_info()
    print("%(footprint)s", _bench_bytes[0])
    print("%(end)s")


_bench_pin = machine.Pin(%(pin)d, machine.Pin.IN, machine.Pin.PULL_UP)
_bench_pin.irq(_bench_heap, machine.Pin.IRQ_FALLING)
_bench_bytes = [0]
del _bench_name, _bench_value, _bench_real_os
gc.collect()
_bench_bytes[0] = gc.mem_alloc() - _bench_before
del _bench_before
"""


def boot_py(pin):
    """The probe's source with the probe on GPIO ``pin``."""
    return BOOT_PY % {"pin": pin, "start": START, "end": END, "footprint": FOOTPRINT}


def boot_files(pin):
    """[(path, bytes)] to put on the board: the probe compiled by mpy-cross, and a
    /boot.py that imports it. Compiled, because MicroPython compiles a .py at every
    boot: the probe as source cost each boot (each switch) about 70 ms."""
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, MODULE + ".py")
        target = os.path.join(folder, MODULE + ".mpy")
        with open(source, "w", encoding="utf-8") as f:
            f.write(boot_py(pin))
        subprocess.run([mpy_cross(), "-o", target, source], check=True, capture_output=True)
        with open(target, "rb") as f:
            compiled = f.read()
    return [("/boot.py", b"import %s\n" % MODULE.encode()), ("/%s.mpy" % MODULE, compiled)]


def spare_pin(board):
    """A GPIO the board definition leaves free (the highest usable one)."""
    used = set(board["buttons"].values())
    for key in ("i2c_sda", "i2c_scl", "led_pin", "buzzer_pin", "onboard_led"):
        if board.get(key) is not None:
            used.add(board[key])
    free = [
        pin
        for first, last in board["usable_pins"]
        for pin in range(first, last + 1)
        if pin not in used
    ]
    if not free:
        raise ValueError("board %s has no spare GPIO for the bench's probe" % board["name"])
    return max(free)


_GC_LINE = re.compile(r"GC: total: (\d+), used: (\d+), free: (\d+)")
_BLOCKS_LINE = re.compile(r"max free sz: (\d+)")
_STACK_LINE = re.compile(r"stack: (\d+) out of (\d+)")


def parse_readings(text):
    """[{"total", "used", "free", "max_free", "stack", "probe", "end"}] for every complete
    reading in the serial output ``text`` (a str): ``max_free`` is the largest free block
    in bytes, ``probe`` the bytes the probe itself holds, ``end`` where the reading ends
    in ``text``."""
    readings = []
    at = 0
    while True:
        start = text.find(START + "\r\n", at)
        if start < 0:
            start = text.find(START + "\n", at)
        if start < 0:
            return readings
        end = text.find(END, start)
        if end < 0:
            return readings
        body = text[start:end]
        gc_line = _GC_LINE.search(body)
        blocks = _BLOCKS_LINE.search(body)
        stack = _STACK_LINE.search(body)
        own = re.search(FOOTPRINT + r" (\d+)", body)
        if gc_line and blocks:
            readings.append(
                {
                    "total": int(gc_line.group(1)),
                    "used": int(gc_line.group(2)),
                    "free": int(gc_line.group(3)),
                    "max_free": int(blocks.group(1)) * BLOCK_BYTES,
                    "stack": int(stack.group(1)) if stack else None,
                    "probe": int(own.group(1)) if own else 0,
                    "end": end + len(END),
                }
            )
        at = end + len(END)
