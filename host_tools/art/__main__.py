"""python -m host_tools.art [--check]: the font and icon modules from the drawings here."""

import sys

from host_tools.art import main

sys.exit(main())
