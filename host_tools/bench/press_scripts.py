"""The press scripts in host_tools/bench/scripts/: whole games played by buttons, as data.

A script is a text file of presses in the simulator's ``--press`` syntax;
lines starting with ``#`` are comments. ``scripts()`` lists them by name and
``read(path)`` gives the press text, so the tests, ``make bench`` and the
emulated Pico read them the same way.
"""

import os

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts")


def read(path):
    """The presses of a script file as one line of words."""
    words = []
    with open(path) as handle:
        for line in handle:
            if not line.lstrip().startswith("#"):
                words.extend(line.split())
    return " ".join(words)


def scripts(folder=FOLDER):
    """[(name, path)] of every script, sorted by name."""
    found = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".txt"):
            found.append((name[:-4], os.path.join(folder, name)))
    return found
