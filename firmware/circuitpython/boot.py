"""CircuitPython's boot.py for pawtrack (copied to CIRCUITPY as /boot.py).

Runs once at power-up, before USB starts: the protocol gets its own USB serial
port, and the referee gets CIRCUITPY unless a button is held
(``pawtrack.hal.circuitpython.boot``). What it prints lands in /boot_out.txt.
"""

from pawtrack_board import BOARD

from pawtrack.hal.circuitpython.boot import prepare

print(prepare(BOARD))
