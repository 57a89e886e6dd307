"""The game screens read the rules' attributes: no state() and no action-string parsing.

``state()`` is the protocol's JSON view and builds many dicts and lists per
call; a screen that called it on every draw, light and text call spent the
device's time and heap for nothing. Parsing action strings with ``split()``
in draw code is the same waste. This reads the screens' source (the core
tests check the behaviour: tests/core/test_*_screen.py, "never builds the
protocol state").
"""

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAMES = os.path.join(ROOT, "firmware", "pawtrack", "games")


def screen_files():
    found = []
    for game in sorted(os.listdir(GAMES)):
        for name in ("screen.py", "end.py", "anim.py"):
            path = os.path.join(GAMES, game, name)
            if os.path.isfile(path):
                found.append(os.path.relpath(path, ROOT))
    return found


@pytest.mark.parametrize("path", screen_files())
def test_a_screen_never_calls_state_or_split(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    calls = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("state", "split"):
                calls.append("%s() on line %d" % (node.func.attr, node.lineno))
    assert calls == [], path
