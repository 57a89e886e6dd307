"""CircuitPython's pin objects for the GPIO numbers of a board file.

Board files number the GPIOs (the RP2040's own numbering, which MicroPython
uses); CircuitPython names them (``board.GP4`` on a Pico, ``board.D5`` on a
Feather). ``circuitpython_pins`` in the board file maps one to the other, and
``describe`` gives the name people see on the board, for messages.
"""

import board as board_pins


def pin(board, gpio):
    """The ``board`` module's pin object for GPIO number ``gpio``."""
    return getattr(board_pins, board["circuitpython_pins"][gpio])


def describe(board, gpio):
    return board["circuitpython_pins"][gpio]
