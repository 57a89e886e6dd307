"""Build the one-file firmware: MicroPython with pawtrack frozen in (what `make uf2` runs).

    python -m host_tools.uf2_build [--board pico] [--board pico2 ...] [--no-clone]

For each board definition (board_defs/BOARD.py names its MicroPython build in
``micropython_board``): MicroPython 1.28.0's rp2 port is built with a frozen
manifest that includes the board's (or the port's) own manifest and adds
``firmware/pawtrack`` (the core and the rp2 backend; backends for other
runtimes are left out), ``firmware/main.py`` and the board file as the module
``board``. The result is ``build/pawtrack-<board>-<version>.uf2``.

The source and the tools come from host_tools.mp_source (offline archive,
MICROPYTHON_SRC or a pinned clone), built once into a cache folder outside the
clone. Each clone has its own folder there (``checkout-<hash of its path>``:
``checkout_work``) for its staging and build folders, so two clones building
at once never see each other's files (their builds take turns on the source's
lock, and a build that waits says so). The frozen files are copied into a
staging folder in that clone's folder whose
manifest path never changes (MicroPython's Makefile configures a build folder
once, with the manifest path it had then); a file is rewritten there only when
its content changed, so the freezer (which compares modification times)
recompiles just that file, and a removed file forces the frozen table to be
regenerated. A second build with nothing changed runs make over a finished
tree: about a second.

Which module wins on the board, frozen or a file, is decided in main.py
(docs/hardware.md, "Frozen firmware and files").

Failures are one line starting with "uf2: " and exit status 1.
"""

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time

from host_tools import mp_source
from host_tools.boards import BoardError, board_path, load_board
from host_tools.compile import FIRMWARE, firmware_sources
from host_tools.flash import OTHER_BACKENDS_OF
from host_tools.uf2_file import Uf2Error, read_uf2

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "build")

# Options a board's mpconfigboard.cmake can switch on, and the library each one needs.
LIBRARIES_OF_OPTION = {
    "MICROPY_PY_NETWORK_CYW43": "lib/cyw43-driver",
    "MICROPY_PY_LWIP": "lib/lwip",
    "MICROPY_BLUETOOTH_BTSTACK": "lib/btstack",
    "MICROPY_BLUETOOTH_NIMBLE": "lib/mynewt-nimble",
    "MICROPY_PY_NETWORK_WIZNET5K": "lib/wiznet5k",
}


class BuildError(Exception):
    """Why the UF2 was not built; one line."""


def firmware_version():
    with open(os.path.join(FIRMWARE, "pawtrack", "__init__.py"), encoding="utf-8") as f:
        found = re.search(r'^VERSION = "([^"]+)"', f.read(), re.M)
    return found.group(1) if found else "0"


def uf2_path(board_name, version=None):
    return os.path.join(OUT_DIR, "pawtrack-%s-%s.uf2" % (board_name, version or firmware_version()))


def frozen_files(board):
    """{name in the firmware: file on the host} of everything frozen for this board."""
    files = {
        "main.py": os.path.join(FIRMWARE, "main.py"),
        "board.py": board_path(board["name"]),
    }
    backend = OTHER_BACKENDS_OF[board["chip"]]
    for relative in firmware_sources():
        relative = relative.replace(os.sep, "/")
        parts = relative.split("/")
        if parts[0] != "pawtrack":
            continue
        if parts[1:2] == ["hal"] and len(parts) > 3 and parts[2] != backend:
            continue
        files[relative] = os.path.join(FIRMWARE, *parts)
    return files


def frozen_module_names(files):
    """The module names picotool lists for these files ("pawtrack/ui", "main")."""
    names = set()
    for name in files:
        stem = name[:-3]
        names.add(stem[: -len("/__init__")] if stem.endswith("/__init__") else stem)
    return names


def manifest_text(board_dir):
    """The frozen manifest: the board's own (or the port's) plus pawtrack, main and board."""
    own = os.path.join(board_dir, "manifest.py")
    base = "$(BOARD_DIR)/manifest.py" if os.path.exists(own) else "$(PORT_DIR)/boards/manifest.py"
    return (
        "# Written by host_tools.uf2_build: the board's modules, then pawtrack's.\n"
        'include("%s")\n'
        'package("pawtrack")\n'
        'module("main.py")\n'
        'module("board.py")\n' % base
    )


def write_if_changed(path, data):
    """Write bytes unless the file already holds them; True when written."""
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return False
    except OSError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return True


def stage(folder, files, manifest, generated=None):
    """Mirror ``files`` ({name: host path}) and ``generated`` ({name: bytes}) and the
    manifest into ``folder``; returns (changed, removed) names."""
    contents = {}
    for name, source in files.items():
        with open(source, "rb") as f:
            contents[name] = f.read()
    contents.update(generated or {})
    changed = []
    for name, data in sorted(contents.items()):
        if write_if_changed(os.path.join(folder, *name.split("/")), data):
            changed.append(name)
    write_if_changed(os.path.join(folder, "manifest.py"), manifest.encode())
    removed = []
    for base, dirs, names in os.walk(folder, topdown=False):
        for name in names:
            relative = os.path.relpath(os.path.join(base, name), folder).replace(os.sep, "/")
            if relative != "manifest.py" and relative not in contents:
                os.remove(os.path.join(base, name))
                removed.append(relative)
        for name in dirs:
            path = os.path.join(base, name)
            if not os.listdir(path):
                os.rmdir(path)
    return changed, sorted(removed)


def missing_libraries(source, micropython_board):
    """Libraries the MicroPython board build needs that the source tree lacks."""
    config = os.path.join(source.port_dir, "boards", micropython_board, "mpconfigboard.cmake")
    try:
        with open(config, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return []
    missing = []
    for option, library in LIBRARIES_OF_OPTION.items():
        switched_on = re.search(r"set\(\s*%s\s+(ON|1|TRUE)\s*\)" % option, text, re.I)
        folder = os.path.join(source.micropython, *library.split("/"))
        if switched_on and not (os.path.isdir(folder) and os.listdir(folder)):
            missing.append(library)
    return missing


def check_buildable(board, source):
    """Raise BuildError if this source cannot build the board's MicroPython."""
    name = board.get("micropython_board")
    if not name:
        raise BuildError(
            "board %s names no micropython_board (the MicroPython build for it) in %s"
            % (board["name"], os.path.relpath(board_path(board["name"]), ROOT))
        )
    if not os.path.isdir(os.path.join(source.port_dir, "boards", name)):
        raise BuildError("MicroPython %s has no rp2 board %s" % (mp_source.VERSION, name))
    missing = missing_libraries(source, name)
    if missing:
        raise BuildError(
            "MicroPython's %s build needs the Wi-Fi/Bluetooth libraries (%s), which this"
            " MicroPython source lacks: for the %s put stock MicroPython on it and use"
            " `make flash BOARD=%s`" % (name, ", ".join(missing), board["title"], board["name"])
        )


class Built:
    """What one board's build produced."""

    def __init__(self, board, path, image, seconds, changed, source):
        self.board = board
        self.path = path
        self.image = image
        self.seconds = seconds
        self.changed = changed  # frozen files rewritten in the staging folder
        self.source = source

    def summary(self):
        return "uf2: %s (%d bytes, %s, MicroPython %s %s) in %.1f s" % (
            os.path.relpath(self.path, ROOT),
            self.image.size,
            self.image.family,
            mp_source.VERSION,
            self.board["micropython_board"],
            self.seconds,
        )


def checkout_work(source, root=ROOT):
    """This clone's own folder in the source's cache (its staging and build folders)."""
    key = hashlib.sha256(os.path.realpath(root).encode()).hexdigest()[:12]
    return os.path.join(source.work, "checkout-" + key)


def board_build_dir(source, micropython_board):
    return os.path.join(checkout_work(source), "build-" + micropython_board)


def build_board(board, source, env, say=mp_source.say_now):
    """Build one board's UF2 (holding the source's lock); returns a Built."""
    start = time.monotonic()
    check_buildable(board, source)
    name = board["micropython_board"]
    staging = os.path.join(checkout_work(source), "frozen-" + name)
    build_dir = board_build_dir(source, name)
    files = frozen_files(board)
    manifest = manifest_text(os.path.join(source.port_dir, "boards", name))
    changed, removed = stage(staging, files, manifest, {})
    frozen_c = os.path.join(build_dir, "frozen_content.c")
    if removed and os.path.exists(frozen_c):
        os.remove(frozen_c)  # the freezer only notices newer files, not fewer
    manifest_path = os.path.join(staging, "manifest.py")
    first = not os.path.exists(os.path.join(build_dir, "Makefile"))
    say(
        "uf2: building MicroPython %s %s with pawtrack frozen in (%s)"
        % (mp_source.VERSION, name, "first build, about 1-2 minutes" if first else
           "%d frozen files changed" % (len(changed) + len(removed)))
    )  # fmt: skip
    log = source.log("build-" + name)
    with open(log, "w"):
        pass
    mp_source.run_logged(
        ["make", "-C", source.port_dir, "BOARD=" + name, "BUILD=" + build_dir,
         "FROZEN_MANIFEST=" + manifest_path, "-j%d" % mp_source.jobs()],
        log, env=env, what="building MicroPython " + name,
    )  # fmt: skip
    made = os.path.join(build_dir, "firmware.uf2")
    target = uf2_path(board["name"])
    os.makedirs(os.path.dirname(target), exist_ok=True)
    partial = target + ".partial"
    shutil.copyfile(made, partial)
    os.replace(partial, target)
    try:
        image = read_uf2(target)
    except Uf2Error as error:
        raise BuildError(str(error)) from None
    if image.chip != board["chip"]:
        raise BuildError(
            "%s is for the %s, board %s is an %s"
            % (os.path.relpath(target, ROOT), image.chip, board["name"], board["chip"])
        )
    return Built(board, target, image, time.monotonic() - start, changed + removed, source)


def prepare(env=None, allow_clone=True, say=mp_source.say_now):
    """(source, build environment): the source found and its tools built; raises on failure."""
    problem = mp_source.toolchain_problem()
    if problem:
        raise BuildError(problem)
    source = mp_source.locate(env, allow_clone=allow_clone, say=say)
    return source


def build(board_names, env=None, allow_clone=True, say=mp_source.say_now):
    """Build the UF2 of every board named; returns [Built]."""
    boards = [load_board(name) for name in board_names]
    source = prepare(env, allow_clone, say)
    with mp_source.locked(source, say):
        build_env = mp_source.build_tools(source, env, say)
        built = []
        for board in boards:
            result = build_board(board, source, build_env, say)
            say(result.summary())
            layout = flash_layout(result)
            if layout:
                say(layout)
            built.append(result)
    return built


def flash_layout(built):
    """'uf2: ... KiB program, ... KiB to spare before the ... KiB filesystem', or None
    when there is no picotool to read the firmware's own record of the filesystem."""
    try:
        fields = parse_info(picotool_info(built.source, built.path))
    except BuildError:
        return None
    drive = embedded_drive(fields)
    frozen = [n for n in fields.get("frozen modules", []) if n.startswith("pawtrack")]
    if not drive:
        return None
    image = built.image
    text = "uf2: %d pawtrack modules frozen; program %d KiB, %d KiB to spare before the %d KiB"
    return text % (
        len(frozen),
        (image.end - image.start) // 1024,
        (drive[0] - image.end) // 1024,
        (drive[1] - drive[0]) // 1024,
    ) + " filesystem"


# -- reading back what was built -------------------------------------------------------------


def picotool_info(source, path):
    """``picotool info -a`` of a UF2 as text; BuildError when picotool is missing or fails."""
    program = mp_source.picotool_program(source)
    if not program:
        raise BuildError("no picotool to read %s" % path)
    result = subprocess.run([program, "info", "-a", path], capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError("picotool info %s failed: %s" % (path, result.stderr.strip()[:200]))
    return result.stdout


def parse_info(text):
    """{field: value} of picotool's info; "frozen modules" becomes a list of names."""
    fields = {}
    key = None
    for line in text.splitlines():
        match = re.match(r"^ (\S[^:]*?):\s+(.*)$", line)
        if match:
            key = match.group(1).strip()
            fields[key] = match.group(2).strip()
        elif key and line.startswith("  ") and line.strip():
            fields[key] += (" " if key != "frozen modules" else "") + line.strip()
        elif not line.strip() or not line.startswith(" "):
            key = None
    if "frozen modules" in fields:
        fields["frozen modules"] = [n.strip() for n in fields["frozen modules"].split(",")]
    return fields


def embedded_drive(fields):
    """(start, end) flash addresses of the filesystem, from picotool's "embedded drive"."""
    found = re.match(r"0x([0-9a-f]+)-0x([0-9a-f]+)", fields.get("embedded drive", ""))
    if not found:
        return None
    return int(found.group(1), 16), int(found.group(2), 16)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--board", action="append", help="a board_defs/ name (default pico); repeat for more"
    )
    parser.add_argument(
        "--no-clone", action="store_true", help="never clone the source from the internet"
    )
    args = parser.parse_args(argv)
    try:
        build(args.board or ["pico"], allow_clone=not args.no_clone)
    except (BoardError, BuildError, mp_source.SourceError) as error:
        print("uf2: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
