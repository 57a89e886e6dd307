"""Put the firmware on a board running MicroPython: what `make flash` runs.

    python -m host_tools.flash [--board pico] [--port auto|PORT] [--dry-run]

1. Check the board definition (board_defs/BOARD.py; a bad field stops here).
2. Find the device: PORT, or the one USB serial device plugged in.
3. Check that it answers like MicroPython (Ctrl-C, then the raw REPL banner
   within 2 s; the whole check ends in under 3 s even on a port whose output never
   drains), before compiling: a wrong PORT is said in seconds.
4. Compile firmware/pawtrack with mpy-cross for the board's architecture and
   pack it into one file, /pawtrack.bundle (host_tools/firmware_bundle.py),
   which main.py mounts through /bundlefs.mpy (firmware/bundlefs.py says
   why: each import from LittleFS folders cost the menu about 100 ms at boot).
   main.py goes compiled too (/pawtrack_main.mpy), loaded by a two-line
   /main.py (firmware/flash_main.py): MicroPython compiles main.py's source at
   every boot, 80 ms of every start and switch on the emulated Pico. The
   board file goes compiled (/board.mpy).
   Backends for other runtimes are left out. Then ask the device (mpremote
   exec) which MicroPython it runs, which .mpy version it loads, how much
   flash is free, and what /pawtrack.manifest says is on it (the sha256 and
   size of every file the last flash wrote).
5. Copy only the files whose hash changed or whose size on the device is not
   what the manifest says, remove files of ours that are no longer part of the
   firmware, write the new manifest last, and reset the board.

Everything talks to the device through the real mpremote (``python -m mpremote
connect PORT ...``): one call to ask, one to copy and reset. Every failure is
one line starting with "flash: " and exit status 1 (2 for a bad board file):
no device (with the serial ports seen), several devices and no PORT, a port
that does not answer as MicroPython, a MicroPython that cannot load these .mpy
files (with the version needed), a full flash.
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time

from host_tools.boards import BoardError, board_path, load_board
from host_tools.compile import FIRMWARE, compile_all

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build", "flash")
MANIFEST = "/pawtrack.manifest"
PACKAGE_DIR = "/lib/pawtrack"  # where the firmware's modules were kept before the bundle
BUNDLE = "/pawtrack.bundle"
MAIN_MPY = "/pawtrack_main.mpy"  # firmware/main.py compiled; /main.py imports it
OTHER_BACKENDS_OF = {"rp2040": "rp2", "rp2350": "rp2"}  # chip -> the hal backend it uses
PROBE_TAG = "PAWTRACK-PROBE "
RESERVE_BLOCKS = 2  # blocks LittleFS needs free to keep working

# USB vendor ids of boards that run MicroPython: Raspberry Pi, Adafruit, MicroPython.
KNOWN_VIDS = {0x2E8A: "Raspberry Pi", 0x239A: "Adafruit", 0xF055: "MicroPython"}

# The .mpy format each MicroPython release range loads (docs: "MicroPython .mpy files").
MPY_RELEASES = {6: "1.19 or newer", 5: "1.12 to 1.18", 4: "1.11", 3: "1.9.3 to 1.10"}
ARCH_NAMES = (
    "none", "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
    "xtensa", "xtensawin", "rv32imc", "rv64imc",
)  # fmt: skip


class FlashError(Exception):
    """A reason to stop, as one line for the person at the keyboard."""


class NoDevice(FlashError):
    """No serial port that could be the board."""


# -- what goes onto the device ---------------------------------------------------------


class Upload:
    def __init__(self, local, remote):
        self.local = local
        self.remote = remote
        with open(local, "rb") as f:
            data = f.read()
        self.size = len(data)
        self.sha256 = hashlib.sha256(data).hexdigest()


def needed(relative_mpy, board):
    """Whether a compiled pawtrack module is part of this board's firmware."""
    parts = relative_mpy.split("/")
    if parts[0] != "pawtrack":
        return False  # main.py (as /pawtrack_main.mpy) and bundlefs go on their own
    if parts[1:2] == ["hal"] and len(parts) > 3:
        return parts[2] == OTHER_BACKENDS_OF[board["chip"]]
    return True


def build(board, out=None):
    """Compile the firmware and list its files as Uploads: main.py, the board, the bundle."""
    from host_tools.compile import compile_file
    from host_tools.firmware_bundle import bundle_bytes

    out = out or os.path.join(BUILD, board["mpy_arch"])
    compiled, failures = compile_all(board["mpy_arch"], out)
    board_mpy = os.path.join(out, "board.mpy")
    failure = compile_file(board_path(board["name"]), board_mpy, board["mpy_arch"], "/board.mpy")
    if failure:
        failures.append(failure)
    if failures:
        raise FlashError("mpy-cross failed: " + failures[0].splitlines()[0])
    modules = []
    for relative, _ in sorted(compiled):
        relative = relative.replace(os.sep, "/")
        if needed(relative, board):
            with open(os.path.join(out, relative), "rb") as f:
                modules.append((relative, f.read()))
    bundle = os.path.join(out, "pawtrack.bundle")
    with open(bundle, "wb") as f:
        f.write(bundle_bytes(modules))
    return [
        Upload(os.path.join(FIRMWARE, "flash_main.py"), "/main.py"),
        Upload(os.path.join(out, "main.mpy"), MAIN_MPY),
        Upload(board_mpy, "/board.mpy"),
        Upload(os.path.join(out, "bundlefs.mpy"), "/bundlefs.mpy"),
        Upload(bundle, BUNDLE),
    ]


def mpy_header(path):
    """(version, arch number, sub-version) from an .mpy file's header."""
    with open(path, "rb") as f:
        head = f.read(4)
    found = mpy_header_bytes(head)
    if found is None:
        raise FlashError("%s is not an .mpy file" % path)
    return found


def mpy_header_bytes(head):
    """(version, arch number, sub-version) from an .mpy file's first bytes, or None."""
    if len(head) < 4 or head[0:1] != b"M":
        return None
    return head[1], head[2] >> 2, head[2] & 3


# -- finding the device -----------------------------------------------------------------


def describe_port(port):
    vendor = KNOWN_VIDS.get(port.vid, "")
    text = port.description if port.description and port.description != "n/a" else vendor
    return "%s (%s)" % (port.device, text or "no description")


def choose_port(requested, ports):
    """The serial port to use, from PORT or the list of ports (serial.tools.list_ports)."""
    if requested and requested != "auto":
        return requested
    usb = [p for p in ports if p.vid is not None]
    known = [p for p in usb if p.vid in KNOWN_VIDS]
    candidates = known or usb
    if len(candidates) == 1:
        return candidates[0].device
    if not candidates:
        seen = ", ".join(describe_port(p) for p in ports) or "none"
        raise NoDevice(
            "no device found: plug the board in with a data USB cable (serial ports seen: %s)"
            % seen
        )
    raise FlashError(
        "more than one device: %s; pick one with PORT=..."
        % ", ".join(describe_port(p) for p in candidates)
    )


def list_ports():
    from serial.tools import list_ports as tools

    return list(tools.comports())


# -- talking to it through mpremote ------------------------------------------------------

PROBE = """
import os, sys, json
def _pt_walk(d, out):
    try:
        entries = list(os.ilistdir(d))
    except OSError:
        return
    for e in entries:
        p = d + '/' + e[0]
        if e[1] == 0x4000:
            _pt_walk(p, out)
        else:
            out[p] = os.stat(p)[6]
_pt_files = {}
_pt_walk('%(package)s', _pt_files)
for _pt_p in ('/main.py', '%(main_mpy)s', '/board.py', '/board.mpy', '/bundlefs.mpy',
              '%(bundle)s', '%(manifest)s'):
    try:
        _pt_files[_pt_p] = os.stat(_pt_p)[6]
    except OSError:
        pass
try:
    _pt_m = open('%(manifest)s').read()
except OSError:
    _pt_m = None
try:
    _pt_s = list(os.statvfs('/'))
except (OSError, AttributeError):
    _pt_s = None
_pt_f = None
if '.frozen' in sys.path:
    _pt_keep = list(sys.path)
    _pt_mods = {}
    for _pt_n in ('pawtrack', 'board'):
        if _pt_n in sys.modules:
            _pt_mods[_pt_n] = sys.modules.pop(_pt_n)
    sys.path.clear()
    sys.path.append('.frozen')
    try:
        import pawtrack as _pt_pkg
        _pt_f = {'version': _pt_pkg.VERSION, 'board': None}
        from board import BOARD as _pt_b
        _pt_f['board'] = _pt_b.get('name')
    except ImportError:
        pass
    sys.path.clear()
    sys.path.extend(_pt_keep)
    for _pt_n in ('pawtrack', 'board'):
        sys.modules.pop(_pt_n, None)
    sys.modules.update(_pt_mods)
print('%(tag)s' + json.dumps({
    'impl': sys.implementation.name,
    'version': list(sys.implementation.version[:3]),
    'mpy': getattr(sys.implementation, '_mpy', None),
    'machine': getattr(sys.implementation, '_machine', ''),
    'platform': sys.platform,
    'statvfs': _pt_s,
    'manifest': _pt_m,
    'files': _pt_files,
    'frozen': _pt_f,
}))
""" % {
    "package": PACKAGE_DIR,
    "manifest": MANIFEST,
    "tag": PROBE_TAG,
    "bundle": BUNDLE,
    "main_mpy": MAIN_MPY,
}


def mpremote(port, args, timeout):
    """Run `mpremote connect PORT args...`; returns stdout, raises FlashError on failure."""
    command = [sys.executable, "-m", "mpremote", "connect", port, *args]
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise FlashError(
            "%s did not finish in %d s (mpremote %s)" % (port, timeout, args[0])
        ) from None
    if result.returncode != 0:
        raise FlashError(explain_failure(port, result.stdout, result.stderr))
    return result.stdout


def explain_failure(port, out, err):
    said = err.strip().splitlines()
    last = said[-1] if said else "mpremote failed"
    if "could not enter raw repl" in last:
        heard = " ".join(out.split())[:60]
        heard = "; it said %r" % heard if heard else ""
        return (
            "%s does not answer as MicroPython (no raw REPL)%s: install MicroPython first "
            "(docs/hardware.md)" % (port, heard)
        )
    if "failed to access" in last or "No such file" in last or "could not open" in last:
        return "cannot open %s: %s" % (port, last.replace("mpremote: ", ""))
    return "%s: %s" % (port, last.replace("mpremote: ", ""))


RAW_REPL_BANNER = b"raw REPL; CTRL-B to exit"
HANDSHAKE_S = 2.0  # a Pico answers in a fraction of this; PAWTRACK_HANDSHAKE_S overrides it
ASK_EVERY_S = 0.6
WRITE_TIMEOUT_S = 0.2


def handshake_seconds():
    """How long to wait for the raw REPL: HANDSHAKE_S, or PAWTRACK_HANDSHAKE_S when set (the
    emulated Pico runs several times slower than a real one, so its tests give it longer)."""
    try:
        return float(os.environ.get("PAWTRACK_HANDSHAKE_S", HANDSHAKE_S))
    except ValueError:
        return HANDSHAKE_S


def handshake(port, wait=None):
    """Check within a few seconds that the port answers like MicroPython, before mpremote.

    Ctrl-C stops the running program (the firmware switches its watchdog off),
    Ctrl-A asks for the raw REPL, whose banner must come back; Ctrl-B returns to
    the normal prompt. The request is repeated every ``ASK_EVERY_S`` (a board
    that has just been reset may miss the first one while its USB comes up).
    mpremote itself waits without a limit on a pseudo-terminal that never
    answers, and a board running anything else would meet it that way.
    """
    import serial

    if wait is None:
        wait = handshake_seconds()
    try:
        link = serial.serial_for_url(
            port, baudrate=115200, timeout=0.1, write_timeout=WRITE_TIMEOUT_S
        )
    except (OSError, serial.SerialException) as error:
        raise FlashError("cannot open %s: %s" % (port, error)) from None
    heard = b""
    try:
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            _send(link, b"\r\x03\x03")
            time.sleep(0.1)
            link.reset_input_buffer()
            _send(link, b"\r\x01")
            ask_again = min(deadline, time.monotonic() + ASK_EVERY_S)
            while time.monotonic() < ask_again:
                heard += link.read(256)
                if RAW_REPL_BANNER in heard:
                    _send(link, b"\r\x02")
                    return
        text = " ".join(heard.decode("ascii", "replace").split())[:60]
        raise FlashError(
            "%s does not answer as MicroPython (no raw REPL in %d s%s): install MicroPython"
            " first (docs/hardware.md)" % (port, wait, "; it said %r" % text if text else "")
        )
    finally:
        try:
            link.reset_output_buffer()
        except (OSError, serial.SerialException):
            pass
        link.close()


def _send(link, data):
    """Write, giving up (silently: the banner check then fails) if the port takes nothing."""
    import serial

    try:
        link.write(data)
    except serial.SerialTimeoutException:
        pass


def probe(port):
    """What the device says about itself (a dict); raises FlashError if it is not MicroPython."""
    out = mpremote(port, ["exec", PROBE], timeout=60)
    for line in out.splitlines():
        if line.startswith(PROBE_TAG):
            return json.loads(line[len(PROBE_TAG) :])
    raise FlashError("%s did not answer the probe: %s" % (port, out.strip()[:80]))


# -- deciding ---------------------------------------------------------------------------------


def version_text(info):
    return ".".join(str(v) for v in info.get("version", ()))


def check_runtime(info, uploads, board):
    """Raise FlashError if this device cannot run these files."""
    if info.get("impl") != "micropython":
        raise FlashError(
            "the device runs %s %s, not MicroPython: install MicroPython (docs/hardware.md)"
            % (info.get("impl"), version_text(info))
        )
    frozen = info.get("frozen")
    if frozen:
        raise FlashError(
            "the device runs the pawtrack UF2 (firmware %s for %s), whose frozen modules win over"
            " files, so make flash would change nothing: update it with `make install-uf2"
            " BOARD=%s`, or put stock MicroPython on it to use make flash (docs/hardware.md)"
            % (frozen.get("version"), frozen.get("board"), board["name"])
        )
    mpy = info.get("mpy")
    files = [u for u in uploads if u.local.endswith(".mpy")]
    if not files:
        return
    version, arch, sub = mpy_header(files[0].local)
    needs = "MicroPython %s" % MPY_RELEASES.get(version, "with .mpy v%d" % version)
    if mpy is None:
        raise FlashError(
            "MicroPython %s is too old to say which .mpy files it loads: these are v%d, "
            "install %s" % (version_text(info), version, needs)
        )
    device_version = mpy & 0xFF
    device_arch = (mpy >> 10) & 0x3F
    device_sub = (mpy >> 8) & 3
    if device_version != version:
        raise FlashError(
            "MicroPython %s loads .mpy v%d, these files are v%d (mpy-cross %s): install %s"
            % (version_text(info), device_version, version, mpy_cross_version(), needs)
        )
    wanted = board["mpy_arch"]
    if device_arch and ARCH_NAMES[device_arch] != wanted:
        raise FlashError(
            "the device is %s but board %s is %s: pick the matching BOARD=..."
            % (ARCH_NAMES[device_arch], board["name"], wanted)
        )
    for upload in files:
        version, arch, file_sub = mpy_header(upload.local)
        if arch and not device_arch:
            raise FlashError(
                "%s holds %s machine code and this MicroPython (%s) runs none: install the"
                " stock MicroPython for the board" % (upload.remote, ARCH_NAMES[arch],
                                                      version_text(info))
            )  # fmt: skip
        if arch and (arch != device_arch or file_sub != device_sub):
            raise FlashError(
                "%s holds %s machine code for .mpy v%d.%d; the device is %s v%d.%d"
                % (upload.remote, ARCH_NAMES[arch], version, file_sub,
                   ARCH_NAMES[device_arch], device_version, device_sub)
            )  # fmt: skip


def mpy_cross_version():
    from host_tools.compile import mpy_cross

    result = subprocess.run([mpy_cross(), "--version"], capture_output=True, text=True)
    words = result.stdout.split()
    return words[1].lstrip("v") if len(words) > 1 else "?"


def read_manifest(info):
    try:
        manifest = json.loads(info.get("manifest") or "{}")
    except ValueError:
        return {}
    files = manifest.get("files") if isinstance(manifest, dict) else None
    return files if isinstance(files, dict) else {}


def plan(uploads, info):
    """(files to copy, remote paths to remove, files unchanged)."""
    on_device = info.get("files") or {}
    manifest = read_manifest(info)
    copy = []
    for upload in uploads:
        entry = manifest.get(upload.remote) or {}
        same = entry.get("sha256") == upload.sha256 and entry.get("size") == upload.size
        if not (same and on_device.get(upload.remote) == upload.size):
            copy.append(upload)
    ours = {u.remote for u in uploads}
    remove = sorted(
        path
        for path in set(manifest) | {p for p in on_device if p.startswith(PACKAGE_DIR + "/")}
        if path not in ours and path != MANIFEST
    )
    return copy, remove, len(uploads) - len(copy)


def blocks(size, block):
    return (size + block - 1) // block + 1  # data blocks plus one for the file's metadata


def check_space(copy, remove, info):
    """Raise FlashError if the copies cannot fit in the free blocks (with a reserve)."""
    stat = info.get("statvfs")
    if not stat or stat[0] <= 0:
        return
    block = stat[0]
    free = stat[4]
    on_device = info.get("files") or {}
    need = sum(blocks(u.size, block) for u in copy) + blocks(2048, block)  # + the manifest
    freed = sum(blocks(on_device[p], block) for p in remove if p in on_device)
    freed += sum(blocks(on_device[u.remote], block) for u in copy if u.remote in on_device)
    if MANIFEST in on_device:
        freed += blocks(on_device[MANIFEST], block)
    if need - freed > free - RESERVE_BLOCKS:
        raise FlashError(
            "the flash is full: the firmware needs %d KiB more, the device has %d KiB free "
            "(remove files with: mpremote fs ls, mpremote fs rm FILE)"
            % ((need - freed) * block // 1024, max(0, free - RESERVE_BLOCKS) * block // 1024)
        )


# -- doing ---------------------------------------------------------------------------------------


def folders_of(paths):
    """Every folder above the given remote paths ("/lib", "/lib/pawtrack", ...)."""
    folders = set()
    for path in paths:
        parts = path.split("/")[1:-1]
        for i in range(1, len(parts) + 1):
            folders.add("/" + "/".join(parts[:i]))
    return folders


def prepare_code(copy, remove):
    """Device code: forget the old manifest, remove files no longer ours (and the folders
    that leaves empty, deepest first), make the folders the copies need."""
    emptied = sorted(folders_of(remove) - folders_of(u.remote for u in copy), key=len)
    lines = ["import os", "for p in %r:" % ([MANIFEST] + remove + emptied[::-1],)]
    lines += ["    try:", "        os.remove(p)", "    except OSError:", "        try:"]
    lines += ["            os.rmdir(p)", "        except OSError:", "            pass"]
    lines += ["for d in %r:" % sorted(folders_of(u.remote for u in copy), key=len)]
    lines += ["    try:", "        os.mkdir(d)", "    except OSError:", "        pass"]
    return "\n".join(lines)


def manifest_json(board, uploads):
    from pawtrack import VERSION

    files = {u.remote: {"sha256": u.sha256, "size": u.size} for u in uploads}
    return json.dumps({"format": 1, "board": board["name"], "firmware": VERSION, "files": files})


def write_to_device(port, board, uploads, copy, remove, reset):
    with tempfile.TemporaryDirectory(prefix="pawtrack-flash-") as folder:
        manifest = os.path.join(folder, "pawtrack.manifest")
        with open(manifest, "w") as f:
            f.write(manifest_json(board, uploads))
        args = ["exec", prepare_code(copy, remove)]
        for upload in copy:
            args += ["+", "fs", "cp", upload.local, ":" + upload.remote]
        args += ["+", "fs", "cp", manifest, ":" + MANIFEST]
        if reset:
            args += ["+", "reset"]
        mpremote(port, args, timeout=120 + 2 * len(copy))


def bootsel_instead(drives):
    """The FlashError for a board that shows only its BOOTSEL drive, or None."""
    if not drives:
        return None
    return FlashError(
        "the board at %s is in BOOTSEL mode, with no MicroPython running: run `make install-uf2`"
        " to put the whole referee on it in one file (or install MicroPython, docs/hardware.md)"
        % drives[0].path
    )


def flash(board_name, port="auto", dry_run=False, reset=True, ports=None, drives=None, say=print):
    """The whole of `make flash`; returns a summary line (also said).

    ``drives`` lists the BOOTSEL drives seen (default: looked for when no serial
    port is found), for the message that sends such a board to `make install-uf2`.
    """
    board = load_board(board_name)
    try:
        port = choose_port(port, list_ports() if ports is None else ports)
    except NoDevice as no_device:
        if drives is None:
            from host_tools.uf2_install import find_drives

            drives = find_drives()
        raise bootsel_instead(drives) or no_device from None
    handshake(port)  # first: a wrong PORT is said in seconds, not after the compile
    uploads = build(board)
    info = probe(port)
    check_runtime(info, uploads, board)
    copy, remove, unchanged = plan(uploads, info)
    check_space(copy, remove, info)
    for upload in copy:
        say("  copy   %-40s %6d bytes" % (upload.remote, upload.size))
    for path in remove:
        say("  remove %s" % path)
    if not dry_run:
        write_to_device(port, board, uploads, copy, remove, reset)
    summary = "flash: %s on %s (%s %s): %d copied (%d bytes), %d removed, %d unchanged%s" % (
        board["name"],
        port,
        info.get("impl"),
        version_text(info),
        len(copy),
        sum(u.size for u in copy),
        len(remove),
        unchanged,
        " (dry run)" if dry_run else ("; reset" if reset else ""),
    )
    say(summary)
    return summary


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="pico", help="a board_defs/ name (default pico)")
    parser.add_argument("--port", default="auto", help="serial port, or auto (default)")
    parser.add_argument("--dry-run", action="store_true", help="say what would change, do nothing")
    parser.add_argument("--no-reset", action="store_true", help="leave the board at the REPL")
    args = parser.parse_args(argv)
    try:
        flash(args.board, args.port, args.dry_run, reset=not args.no_reset)
    except BoardError as error:
        print("flash: %s" % error, file=sys.stderr)
        return 2
    except FlashError as error:
        print("flash: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
