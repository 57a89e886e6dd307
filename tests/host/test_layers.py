"""The firmware's imports run one way: core (gfx too) <- hal, ui <- games <- the top.

Every import in every firmware module is read with ``ast`` (including the ones
inside functions, which load lazily), each module is given its layer, and no
module may import from a layer above its own. Games are registered, not
discovered: the registry lists ids and never lists a folder.
"""

import ast
import os
import re

from .test_sim import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
PACKAGE = os.path.join(FIRMWARE, "pawtrack")
LAYERS = {"core": 0, "ui": 1, "hal": 1, "games": 2, "top": 3}
TOP_MODULES = {"pawtrack.protocol", "pawtrack.commands", "main", "board"}


def module_name(path):
    relative = os.path.relpath(path, FIRMWARE)[: -len(".py")].replace(os.sep, ".")
    return relative[: -len(".__init__")] if relative.endswith(".__init__") else relative


def layer_of(name):
    if name in TOP_MODULES:
        return "top"
    parts = name.split(".")
    if parts[0] != "pawtrack" or len(parts) == 1:
        return None  # the interpreter's own modules, and the package's version string
    if parts[1] in ("ui", "hal", "games"):
        return parts[1]
    return "core"


def imports_of(path):
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            for alias in node.names:  # "from pawtrack import games" imports pawtrack.games
                found.add(node.module + "." + alias.name)
    return found


def firmware_modules():
    for folder, _, names in os.walk(FIRMWARE):
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                yield module_name(path), path


def test_no_import_reaches_a_higher_layer():
    wrong = []
    for name, path in firmware_modules():
        mine = layer_of(name)
        if mine is None:
            continue
        for imported in imports_of(path):
            theirs = layer_of(imported)
            if theirs is None or not imported.startswith("pawtrack"):
                continue
            if theirs == "hal" and mine != "hal" and mine != "top":
                wrong.append((name, imported))
            elif LAYERS[theirs] > LAYERS[mine] or (mine, theirs) == ("hal", "ui"):
                wrong.append((name, imported))
    assert wrong == []


def test_a_game_imports_no_other_game():
    wrong = []
    for name, path in firmware_modules():
        parts = name.split(".")
        if parts[:2] != ["pawtrack", "games"] or len(parts) < 3:
            continue
        for imported in imports_of(path):
            other = imported.split(".")
            if other[:2] == ["pawtrack", "games"] and len(other) > 2 and other[2] != parts[2]:
                wrong.append((name, imported))
    assert wrong == []


def test_the_registry_lists_no_folder():
    with open(os.path.join(PACKAGE, "games", "__init__.py"), encoding="utf-8") as f:
        source = f.read()
    assert "listdir" not in source and "ilistdir" not in source


def test_a_backend_imports_no_other_backend():
    """What two backends share lives in pawtrack.hal itself, not in one of them."""
    backends = [
        entry
        for entry in os.listdir(os.path.join(PACKAGE, "hal"))
        if os.path.isdir(os.path.join(PACKAGE, "hal", entry)) and entry != "__pycache__"
    ]
    assert "rp2" in backends and "circuitpython" in backends
    wrong = []
    for name, path in firmware_modules():
        parts = name.split(".")
        if parts[:2] != ["pawtrack", "hal"] or len(parts) < 4:
            continue
        for imported in imports_of(path):
            other = imported.split(".")
            if (
                other[:2] == ["pawtrack", "hal"]
                and len(other) > 2
                and other[2] in backends
                and other[2] != parts[2]
            ):
                wrong.append((name, imported))
    assert wrong == []


MEMORY_IMPORTS = {"gc", "micropython", "pawtrack.hal.launcher"}
MEMORY_WORDS = re.compile(r"\b(heap|gc\.collect|mem_free|mem_info|forget_module|RESIDENT)\b")


def test_ui_and_games_leave_memory_to_the_hal():
    """All a device does about memory is behind the Hal (its launcher and ``idle``):
    ui/ and games/ import no memory module and do not talk about the heap."""
    wrong = []
    for name, path in firmware_modules():
        if layer_of(name) not in ("ui", "games"):
            continue
        wrong += [(name, imported) for imported in imports_of(path) & MEMORY_IMPORTS]
        with open(path, encoding="utf-8") as f:
            text = f.read()
        wrong += [(name, word) for word in MEMORY_WORDS.findall(text)]
    assert wrong == []
