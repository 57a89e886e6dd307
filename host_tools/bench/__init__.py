"""Scripts that make bench runs: some under CPython, some under MicroPython (--run)."""
