"""Host tools for the CircuitPython build: the pinned Adafruit libraries and `make flash`.

``libs`` installs the Adafruit libraries pinned in ``requirements.txt`` (without
Adafruit-Blinka) into build/circuitpython/libs, for the tests and for flashing;
``flash`` copies the firmware and those libraries to a CIRCUITPY drive
(`make flash RUNTIME=circuitpython`); ``bench`` measures the OLED traffic and
the canvas choices. The backend itself is firmware/pawtrack/hal/circuitpython.
"""
