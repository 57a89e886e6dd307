"""Put the referee on a board running CircuitPython: what `make flash RUNTIME=circuitpython` runs.

    python -m host_tools.circuitpython.flash [--board pico] [--drive auto|PATH] [--dry-run]

1. Check the board file, and that it says the board runs CircuitPython
   (``runtimes``).
2. Find the CIRCUITPY drive (DRIVE, or the one mounted drive of that name) and
   read its boot_out.txt: which CircuitPython it runs, on which chip.
3. Refuse a CircuitPython this firmware was not made for (9.x and 10.x are),
   a board whose chip is not the board file's, a read-only drive (boot.py gave
   it to the referee: hold a button while plugging in), or a drive too full.
4. Copy only the files whose bytes differ: /boot.py, /code.py, the board file
   as /pawtrack_board.py (``board`` is CircuitPython's own module), the
   firmware under /lib/pawtrack (the shared hal parts and the CircuitPython
   backend, not the MicroPython one), and the Adafruit
   libraries it imports under /lib, from the packages pinned in
   host_tools/circuitpython/requirements.txt. Files of ours that are no longer
   part of the firmware are removed; /pawtrack.manifest (written last) lists
   what was put there. Saved games, settings and anything else are left alone.

The firmware and the libraries go as CircuitPython ``.mpy`` files, made by
CircuitPython's own mpy-cross 10.2.1 (host_tools/circuitpython/mpy_cross.py
says where it comes from): as ``.py`` source the board would compile about
600 KB at every start, which takes seconds and heap. code.py, boot.py and the
board file stay source (CircuitPython runs code.py and boot.py only as
source). ``--source`` copies every file as ``.py`` instead, for reading
tracebacks with line numbers on a board.

Every failure is one line starting with "flash: " and exit status 1 (2 for a
bad board file).
"""

import argparse
import hashlib
import json
import os
import re
import shutil
import sys

from host_tools.boards import BoardError, board_path, load_board, supports
from host_tools.circuitpython import libs, mpy_cross

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
PACKAGE = os.path.join(FIRMWARE, "pawtrack")
ENTRY = os.path.join(FIRMWARE, "circuitpython")
MANIFEST = "pawtrack.manifest"
BOOT_OUT = "boot_out.txt"
DRIVE_NAME = "CIRCUITPY"
SUPPORTED = ((9, 0), (10, 99))  # the CircuitPython versions (major, minor) this firmware runs on
RESERVE = 16 * 1024  # bytes kept free for saved games and settings

VERSION_LINE = re.compile(r"Adafruit CircuitPython (\d+)\.(\d+)\.(\d+)\S*.*?(?:with (\w+))?\s*$")


class FlashError(Exception):
    """A reason to stop, as one line for the person at the keyboard."""


# -- what goes onto the drive ------------------------------------------------------------


class Upload:
    def __init__(self, local, remote, data=None):
        self.local = local
        self.remote = remote  # relative to the drive, "/" separated
        if data is None:
            with open(local, "rb") as f:
                data = f.read()
        self.data = data
        self.size = len(self.data)
        self.sha256 = hashlib.sha256(self.data).hexdigest()


def package_files():
    """The firmware package files CircuitPython needs, relative to firmware/."""
    found = []
    for folder, dirs, names in os.walk(PACKAGE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        relative_folder = os.path.relpath(folder, FIRMWARE).replace(os.sep, "/")
        for name in sorted(names):
            if not name.endswith(".py"):
                continue
            parts = relative_folder.split("/")
            if parts[:2] == ["pawtrack", "hal"] and len(parts) > 2 and parts[2] != "circuitpython":
                continue  # another runtime's backend
            found.append(relative_folder + "/" + name)
    return found


def library_files(folder):
    """(local path, path under lib/) of every file of the Adafruit modules the firmware imports."""
    found = []
    for module in libs.MODULES:
        path = os.path.join(folder, module)
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                if name.endswith(".py"):
                    found.append((os.path.join(path, name), module + "/" + name))
        else:
            found.append((path, module))
    return found


def build(board, compiled=True):
    """Every file of the CircuitPython build as Uploads, libraries first, code.py last;
    modules as .mpy unless compiled is False."""
    program = mpy_cross.locate() if compiled else None

    def module(local, remote):
        if program is None:
            return Upload(local, remote)
        remote = remote[: -len(".py")] + ".mpy"
        # The source name kept in the .mpy is the path the board imports it from: the
        # board interns that path anyway, and a second spelling would cost every
        # module of a boot one more name in the heap (docs/hardware.md, 2b).
        return Upload(local, remote, mpy_cross.compile_file(program, local, "/" + remote))

    uploads = [module(local, "lib/" + remote) for local, remote in library_files(libs.ensure())]
    uploads += [
        module(os.path.join(FIRMWARE, relative), "lib/" + relative) for relative in package_files()
    ]
    uploads.append(Upload(board_path(board["name"]), "pawtrack_board.py"))
    uploads.append(Upload(os.path.join(ENTRY, "boot.py"), "boot.py"))
    uploads.append(Upload(os.path.join(ENTRY, "code.py"), "code.py"))
    return uploads


# -- the drive --------------------------------------------------------------------------


def mounted_drives():
    """Mount points named CIRCUITPY (Linux /proc/mounts, macOS /Volumes, Windows letters)."""
    found = []
    try:
        with open("/proc/mounts", encoding="utf-8") as f:
            for line in f:
                point = line.split()[1].replace("\\040", " ")
                if os.path.basename(point) == DRIVE_NAME:
                    found.append(point)
    except OSError:
        pass
    volumes = os.path.join("/Volumes", DRIVE_NAME)
    if sys.platform == "darwin" and os.path.isdir(volumes):
        found.append(volumes)
    if sys.platform == "win32":
        found.extend(windows_drives())
    return found


def windows_drives():
    import ctypes

    found = []
    label = ctypes.create_unicode_buffer(64)
    for letter in "DEFGHIJKLMNOPQRSTUVWXYZ":
        root = letter + ":\\"
        ok = ctypes.windll.kernel32.GetVolumeInformationW(
            root, label, 64, None, None, None, None, 0
        )
        if ok and label.value == DRIVE_NAME:
            found.append(root)
    return found


def choose_drive(requested, drives=None):
    if requested and requested != "auto":
        if not os.path.isdir(requested):
            raise FlashError("%s is not a folder: give the CIRCUITPY drive's path" % requested)
        return requested
    drives = mounted_drives() if drives is None else drives
    if len(drives) == 1:
        return drives[0]
    if not drives:
        raise FlashError(
            "no CIRCUITPY drive found: plug the board in with a data USB cable (it must run "
            "CircuitPython, docs/hardware.md), or give its path with DRIVE=..."
        )
    raise FlashError(
        "more than one CIRCUITPY drive: %s; pick one with DRIVE=..." % ", ".join(drives)
    )


def read_boot_out(drive):
    """(version tuple, chip or None, the first line) from the drive's boot_out.txt."""
    path = os.path.join(drive, BOOT_OUT)
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            first = f.readline().strip()
    except OSError:
        raise FlashError(
            "%s has no %s: it is not a CIRCUITPY drive (or CircuitPython has not started on it "
            "yet: wait a few seconds)" % (drive, BOOT_OUT)
        ) from None
    found = VERSION_LINE.match(first)
    if not found:
        raise FlashError(
            "%s/%s does not say which CircuitPython runs: %r" % (drive, BOOT_OUT, first[:60])
        )
    version = tuple(int(v) for v in found.group(1, 2, 3))
    return version, found.group(4), first


def version_text(version):
    return ".".join(str(v) for v in version)


def check_runtime(version, chip, board):
    low, high = SUPPORTED
    if version[:2] < low:
        raise FlashError(
            "CircuitPython %s is too old: the referee needs %d.x or %d.x (keypad, usb_cdc data "
            "port, supervisor.ticks_ms): install a newer CircuitPython (docs/hardware.md)"
            % (version_text(version), low[0], high[0])
        )
    if version[:2] > high:
        raise FlashError(
            "CircuitPython %s is newer than this firmware knows (%d.x and %d.x): update pawtrack, "
            "or install CircuitPython %d.x" % (version_text(version), low[0], high[0], high[0])
        )
    if chip and chip != board["chip"]:
        raise FlashError(
            "the board on the drive is an %s but BOARD=%s is an %s: pick the matching BOARD=..."
            % (chip, board["name"], board["chip"])
        )


def check_writable(drive):
    """Raise FlashError if the computer cannot write the drive (boot.py gave it to the referee)."""
    probe = os.path.join(drive, ".pawtrack-write-test")
    try:
        descriptor = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.close(descriptor)
        os.remove(probe)
    except OSError as error:
        raise FlashError(
            "%s is read-only (%s): the referee has the drive. Hold a button while you plug the "
            "board in (or press reset), then flash again" % (drive, error.strerror or error)
        ) from None


def on_drive(drive, remote):
    return os.path.join(drive, *remote.split("/"))


def read_manifest(drive):
    try:
        with open(on_drive(drive, MANIFEST), encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError):
        return {}
    files = manifest.get("files") if isinstance(manifest, dict) else None
    return files if isinstance(files, dict) else {}


def plan(drive, uploads):
    """(uploads to copy, drive paths to remove, number unchanged)."""
    copy = []
    for upload in uploads:
        try:
            with open(on_drive(drive, upload.remote), "rb") as f:
                same = f.read() == upload.data
        except OSError:
            same = False
        if not same:
            copy.append(upload)
    ours = {u.remote for u in uploads}
    remove = sorted(
        path
        for path in read_manifest(drive)
        if path not in ours and path != MANIFEST and os.path.isfile(on_drive(drive, path))
    )
    return copy, remove, len(uploads) - len(copy)


def check_space(drive, copy, remove):
    free = shutil.disk_usage(drive).free
    need = 0
    for upload in copy:
        path = on_drive(drive, upload.remote)
        need += upload.size - (os.path.getsize(path) if os.path.isfile(path) else 0)
    need -= sum(os.path.getsize(on_drive(drive, p)) for p in remove)
    if need > 0 and need > free - RESERVE:
        raise FlashError(
            "CIRCUITPY is full: the firmware needs %d KiB more, the drive has %d KiB free "
            "(delete files you put there yourself)" % ((need + 1023) // 1024, free // 1024)
        )


def write_file(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def manifest_bytes(board, uploads):
    """The /pawtrack.manifest that lists what was put on the drive (also in the release zip)."""
    from pawtrack import VERSION

    files = {u.remote: {"sha256": u.sha256, "size": u.size} for u in uploads}
    manifest = {"format": 1, "runtime": "circuitpython", "board": board["name"],
                "firmware": VERSION, "files": files}  # fmt: skip
    return json.dumps(manifest, indent=0).encode()


def write_to_drive(drive, board, uploads, copy, remove):
    for path in remove:
        os.remove(on_drive(drive, path))
    for upload in copy:
        write_file(on_drive(drive, upload.remote), upload.data)
    write_file(on_drive(drive, MANIFEST), manifest_bytes(board, uploads))
    if hasattr(os, "sync"):
        os.sync()


def flash(board_name, drive="auto", dry_run=False, drives=None, say=print, compiled=True):
    """The whole of `make flash RUNTIME=circuitpython`; returns the summary line (also said)."""
    board = load_board(board_name)
    if not supports(board, "circuitpython"):
        raise FlashError(
            "board %s runs the referee under %s only (runtimes in board_defs/%s.py)"
            % (board["name"], " and ".join(board["runtimes"]), board["name"])
        )
    drive = choose_drive(drive, drives)
    version, chip, _ = read_boot_out(drive)
    check_runtime(version, chip, board)
    if not dry_run:
        check_writable(drive)
    try:
        uploads = build(board, compiled)
    except (libs.LibraryError, mpy_cross.MpyCrossError) as error:
        raise FlashError(str(error)) from None
    copy, remove, unchanged = plan(drive, uploads)
    check_space(drive, copy, remove)
    for upload in copy:
        say("  copy   %-44s %6d bytes" % (upload.remote, upload.size))
    for path in remove:
        say("  remove %s" % path)
    if not dry_run:
        write_to_drive(drive, board, uploads, copy, remove)
    if dry_run:
        ending = " (dry run)"
    elif any(u.remote == "boot.py" for u in copy):
        ending = "; press reset so the new boot.py runs"
    else:
        ending = "; the board restarts by itself"
    summary = "flash: %s on %s (CircuitPython %s): " % (board["name"], drive, version_text(version))
    summary += "%d copied (%d bytes), %d removed, %d unchanged" % (
        len(copy), sum(u.size for u in copy), len(remove), unchanged
    )
    summary += ending
    say(summary)
    return summary


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="pico", help="a board_defs/ name (default pico)")
    parser.add_argument("--drive", default="auto", help="the CIRCUITPY drive's path, or auto")
    parser.add_argument("--dry-run", action="store_true", help="say what would change, do nothing")
    parser.add_argument("--source", action="store_true", help="copy .py source, not .mpy files")
    args = parser.parse_args(argv)
    try:
        flash(args.board, args.drive, args.dry_run, compiled=not args.source)
    except BoardError as error:
        print("flash: %s" % error, file=sys.stderr)
        return 2
    except FlashError as error:
        print("flash: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
