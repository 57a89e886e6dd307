# The /main.py that make flash writes. MicroPython compiles main.py's source at every boot
# (80 ms on the Pico for firmware/main.py), so that file goes compiled, /pawtrack_main.mpy.
from pawtrack_main import main

main()
