"""Put the one-file firmware onto a Pico in BOOTSEL mode (what `make install-uf2` runs).

    python -m host_tools.uf2_install [--board pico] [--uf2 FILE] [--drive PATH]
                                     [--port PORT] [--no-wait]

1. The UF2: ``--uf2 FILE``, else build/pawtrack-<board>-<version>.uf2, built
   (or brought up to date) first as `make uf2` does.
2. The drive: ``--drive PATH``, else (or with ``--drive auto``) the one
   mounted drive whose INFO_UF2.TXT says ``Board-ID: RPI-RP2`` (an RP2040 in
   BOOTSEL mode) or ``Board-ID: RP2350``. Looked for among the mount points in
   /proc/mounts and in /media, /run/media, /Volumes and the drive letters of
   Windows.
3. The UF2 must be for the drive's chip (its family id: RP2040 0xe48bff56,
   RP2350 ARM 0xe48bff59).
4. Copy it onto the drive. The boot ROM writes it to flash and restarts the
   board, so the drive goes away: wait for that.
5. Wait for the board's USB serial port and for the referee to answer the
   protocol's ``hello`` with this firmware's version and board (``--no-wait``
   stops after 4).

Every failure is one line starting with "install-uf2: " and exit status 1.
"""

import argparse
import glob
import json
import os
import string
import sys
import time

from host_tools.uf2_file import Uf2Error, read_uf2

INFO_FILE = "INFO_UF2.TXT"
CHIP_OF_BOARD_ID = {"RPI-RP2": "rp2040", "RP2350": "rp2350"}
BOARD_OF_CHIP = {"rp2040": "pico", "rp2350": "pico2"}
RASPBERRY_PI_VID = 0x2E8A
DRIVE_GONE_S = 30.0
PORT_APPEARS_S = 30.0
HELLO_S = 20.0
AUTO = "auto"  # as a drive or a port: find it (make's DRIVE=auto, PORT=auto)


class InstallError(Exception):
    """Why the firmware was not installed; one line."""


# -- the BOOTSEL drive --------------------------------------------------------------------------


class Drive:
    def __init__(self, path, board_id, model):
        self.path = path
        self.board_id = board_id
        self.model = model

    @property
    def chip(self):
        return CHIP_OF_BOARD_ID[self.board_id]

    def __repr__(self):
        return "%s (%s)" % (self.path, self.board_id)


def read_info(folder):
    """{key: value} of a folder's INFO_UF2.TXT, or None when it has none."""
    try:
        with open(os.path.join(folder, INFO_FILE), encoding="ascii", errors="replace") as f:
            text = f.read(4096)
    except OSError:
        return None
    info = {}
    for line in text.splitlines():
        key, colon, value = line.partition(":")
        if colon:
            info[key.strip().lower()] = value.strip()
    return info


def as_drive(folder):
    """A Drive if the folder is a Raspberry Pi boot ROM's drive, else None."""
    info = read_info(folder)
    if info is None:
        return None
    board_id = info.get("board-id", "")
    if board_id not in CHIP_OF_BOARD_ID:
        return None
    return Drive(folder, board_id, info.get("model", ""))


def mount_points(mounts_file="/proc/mounts"):
    """Mount points listed by the system (Linux), then the usual automount folders."""
    points = []
    try:
        with open(mounts_file, encoding="utf-8", errors="replace") as f:
            for line in f:
                fields = line.split()
                if len(fields) > 2 and fields[2] in ("vfat", "msdos", "fat", "fuseblk"):
                    points.append(fields[1].replace("\\040", " "))
    except OSError:
        pass
    for pattern in ("/media/*", "/media/*/*", "/run/media/*/*", "/Volumes/*", "/mnt/*"):
        points.extend(sorted(glob.glob(pattern)))
    if os.name == "nt":
        points.extend("%s:\\" % letter for letter in string.ascii_uppercase[2:])
    return points


def find_drives(places=None):
    """Every BOOTSEL drive among ``places`` (default: the machine's mount points)."""
    seen = set()
    drives = []
    for place in mount_points() if places is None else places:
        real = os.path.realpath(place)
        if real in seen or not os.path.isdir(place):
            continue
        seen.add(real)
        drive = as_drive(place)
        if drive:
            drives.append(drive)
    return drives


def choose_drive(drives):
    if not drives:
        raise InstallError(
            "no Pico in BOOTSEL mode: hold its BOOTSEL button while plugging it in, until a"
            " drive named RPI-RP2 (RP2350 for a Pico 2) appears (or give DRIVE=<its folder>)"
        )
    if len(drives) > 1:
        raise InstallError(
            "more than one Pico in BOOTSEL mode: %s; unplug all but one or give DRIVE=<folder>"
            % ", ".join(repr(d) for d in drives)
        )
    return drives[0]


def check_chip(image, drive, name):
    if image.chip != drive.chip:
        raise InstallError(
            "%s is for the %s (%s) but the Pico at %s is an %s (%s): build it with BOARD=%s"
            % (name, image.chip or "unknown chip", image.family, drive.path,
               drive.chip, drive.board_id, BOARD_OF_CHIP[drive.chip])
        )  # fmt: skip


def copy_to(drive, path):
    """Copy the UF2 onto the drive; returns the OSError the copy ended with, or None.

    A boot ROM restarts the board as soon as the last block is written, so the
    end of a good copy can fail (the drive vanished under it): the caller
    decides by whether the drive goes away.
    """
    with open(path, "rb") as f:
        data = f.read()
    target = os.path.join(drive.path, os.path.basename(path))
    try:
        with open(target, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
    except OSError as error:
        return error
    return None


def wait_gone(drive, timeout, sleep=time.sleep, clock=time.monotonic):
    deadline = clock() + timeout
    while clock() < deadline:
        if not os.path.exists(os.path.join(drive.path, INFO_FILE)):
            return True
        sleep(0.2)
    return False


# -- the serial port answering hello ----------------------------------------------------------


def list_ports():
    from serial.tools import list_ports as tools

    return list(tools.comports())


def pico_ports(ports):
    return [p.device for p in ports if p.vid == RASPBERRY_PI_VID]


def wait_for_port(before, ports_now, timeout, sleep=time.sleep, clock=time.monotonic):
    """The Raspberry Pi serial port that appeared after the copy.

    ``before`` lists the ports seen while the board was in BOOTSEL mode (when it
    has none): those belong to other boards, whatever the new one is called.
    """
    deadline = clock() + timeout
    while True:
        found = [p for p in pico_ports(ports_now()) if p not in before]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise InstallError(
                "more than one new Pico serial port (%s): check it with"
                " `python -m host_tools.client --port PORT hello`" % ", ".join(found)
            )
        if clock() >= deadline:
            raise InstallError(
                "the Pico restarted but no serial port of it appeared in %g s: unplug it and"
                " plug it in again, then `make repl`" % timeout
            )
        sleep(0.5)


def ask_hello(port, timeout, open_port=None, clock=time.monotonic):
    """The referee's hello event on ``port``; asks again every half second until it answers."""
    if open_port is None:
        import serial

        def open_port(name):
            return serial.serial_for_url(name, baudrate=115200, timeout=0.1)

    deadline = clock() + timeout
    link = None
    try:
        while clock() < deadline:
            if link is None:
                try:
                    link = open_port(port)
                except (OSError, ValueError):  # pyserial's errors derive from these
                    time.sleep(0.3)
                    continue
            link.write(b'{"cmd": "hello", "id": "install-uf2"}\n')
            asked = clock()
            heard = b""
            while clock() < min(deadline, asked + 0.5):
                heard += link.read(256)
                while b"\n" in heard:
                    line, heard = heard.split(b"\n", 1)
                    event = parse_event(line)
                    if event and event.get("ev") == "hello":
                        return event
    finally:
        if link is not None:
            link.close()
    raise InstallError(
        "%s did not answer hello within %g s: the firmware may not have started"
        " (`make repl` shows what it says)" % (port, timeout)
    )


def parse_event(line):
    text = line.decode("utf-8", "replace").strip()
    if not text.startswith("{"):
        return None
    try:
        event = json.loads(text)
    except ValueError:
        return None
    return event if isinstance(event, dict) else None


# -- the whole of make install-uf2 --------------------------------------------------------------


def install(
    uf2,
    drive=None,
    places=None,
    port=None,
    wait=True,
    expect=None,
    ports_now=list_ports,
    open_port=None,
    timeouts=(DRIVE_GONE_S, PORT_APPEARS_S, HELLO_S),
    say=print,
):
    """Copy ``uf2`` onto the BOOTSEL drive and wait for the referee; returns the summary line.

    ``expect`` is {"firmware": version, "board": name} that hello must report.
    """
    try:
        image = read_uf2(uf2)
    except Uf2Error as error:
        raise InstallError(str(error)) from None
    if drive and drive != AUTO:
        found = as_drive(drive)
        if found is None:
            raise InstallError(
                "%s is not a Pico in BOOTSEL mode (no %s naming RPI-RP2 or RP2350)"
                % (drive, INFO_FILE)
            )
    else:
        found = choose_drive(find_drives(places))
    name = os.path.basename(uf2)
    check_chip(image, found, name)
    before = pico_ports(ports_now()) if wait and port is None else []
    say("install-uf2: copying %s (%d KiB) to %s" % (name, image.size // 1024, found))
    failure = copy_to(found, uf2)
    if not wait_gone(found, timeouts[0]):
        if failure:
            raise InstallError("copying to %s failed: %s" % (found.path, failure))
        raise InstallError(
            "the drive %s is still there %g s after the copy: the Pico did not take the UF2"
            " (try another USB cable or port)" % (found.path, timeouts[0])
        )
    if not wait:
        line = "install-uf2: %s installed; the Pico restarted" % name
        say(line)
        return line
    port = port or wait_for_port(before, ports_now, timeouts[1])
    hello = ask_hello(port, timeouts[2], open_port)
    for key, value in (expect or {}).items():
        if hello.get(key) != value:
            raise InstallError(
                "%s answers hello with %s %r, expected %r: the new firmware is not running"
                % (port, key, hello.get(key), value)
            )
    line = "install-uf2: pawtrack %s (board %s) answers hello on %s" % (
        hello.get("firmware"),
        hello.get("board"),
        port,
    )
    say(line)
    return line


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="pico", help="a board_defs/ name (default pico)")
    parser.add_argument("--uf2", help="install this UF2 file instead of building one")
    parser.add_argument(
        "--drive", default=AUTO, help="the BOOTSEL drive's folder (default auto: found)"
    )
    parser.add_argument(
        "--port",
        default=AUTO,
        help="the serial port the referee will answer on (default auto: found)",
    )
    parser.add_argument("--no-wait", action="store_true", help="stop once the drive has gone")
    args = parser.parse_args(argv)
    expect = None
    try:
        if args.uf2:
            uf2 = args.uf2
        else:
            from host_tools import uf2_build
            from host_tools.boards import BoardError

            try:
                built = uf2_build.build([args.board])[0]
            except (BoardError, uf2_build.BuildError, uf2_build.mp_source.SourceError) as error:
                raise InstallError(
                    "%s (or install a ready file: make install-uf2 UF2=pawtrack-%s-....uf2)"
                    % (error, args.board)
                ) from None
            uf2 = built.path
            expect = {"firmware": uf2_build.firmware_version(), "board": args.board}
        port = None if args.port == AUTO else args.port
        install(uf2, drive=args.drive, port=port, wait=not args.no_wait, expect=expect,
                say=lambda line: print(line, flush=True))  # fmt: skip
    except InstallError as error:
        print("install-uf2: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
