"""Host-side tools for pawtrack: simulator, flashing, test runners, analysis.

Importing this package puts ``firmware/`` on ``sys.path`` so every tool runs
the very ``pawtrack`` package that goes onto the device.
"""

import os
import sys

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)
