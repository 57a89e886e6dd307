"""`make flash RUNTIME=circuitpython` into a folder posing as the CIRCUITPY drive.

The folder holds a boot_out.txt like the one CircuitPython writes; the flash
tool copies the firmware and the pinned Adafruit libraries, only what changed.
That the flashed drive boots, as .mpy files on the real CircuitPython, is
tests/cp_emu/test_boot.py (a stand-in boot that was here is gone).
"""

import errno
import json
import os

import pytest

from host_tools.boards import load_board
from host_tools.circuitpython import flash, libs

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STANDINS = os.path.join(ROOT, "tests", "circuitpython", "standins")
PICO_BOOT_OUT = (
    "Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n"
    "Board ID:raspberry_pi_pico\nUID:E6614864D3417D2F\n"
)


def drive_with(tmp_path, boot_out=PICO_BOOT_OUT):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    if boot_out is not None:
        (drive / "boot_out.txt").write_text(boot_out)
    return drive


def run_flash(drive, board="pico", **options):
    """The flash tool with .py source (--source): the copy logic without CircuitPython's
    mpy-cross, which tests/cp_emu uses with the real firmware."""
    options.setdefault("compiled", False)
    said = []
    summary = flash.flash(board, str(drive), say=said.append, **options)
    return summary, said


def test_flash_copies_the_firmware_and_libraries_then_only_what_changed(tmp_path):
    drive = drive_with(tmp_path)
    (drive / "settings.bin").write_bytes(b"kept")  # the referee's own files stay
    summary, said = run_flash(drive)
    assert summary.startswith("flash: pico on %s (CircuitPython 9.2.1): " % drive)
    assert "0 removed, 0 unchanged; press reset so the new boot.py runs" in summary
    for name in ("code.py", "boot.py", "pawtrack_board.py",
                 "lib/neopixel.py", "lib/adafruit_pixelbuf.py", "lib/pawtrack/journal.py",
                 "lib/pawtrack/hal/circuitpython/device.py", "lib/pawtrack/hal/problems.py"):
        assert (drive / name).is_file(), name  # fmt: skip
    # The MicroPython-only parts of the rp2 backend and the host-only typing package stay off.
    assert not (drive / "lib/pawtrack/hal/rp2/device.py").exists()
    assert not (drive / "lib/pawtrack/hal/rp2/buttons.py").exists()
    assert not (drive / "lib/circuitpython_typing").exists()
    assert not list(drive.rglob("*.mpy")) and not list(drive.rglob("__pycache__"))
    assert (drive / "settings.bin").read_bytes() == b"kept"
    # The libraries are the pinned packages' files, byte for byte.
    installed = libs.ensure()
    with open(os.path.join(installed, "neopixel.py"), "rb") as f:
        assert (drive / "lib/neopixel.py").read_bytes() == f.read()
    assert (drive / "pawtrack_board.py").read_text().count("BOARD = {") == 1
    manifest = json.loads((drive / "pawtrack.manifest").read_text())
    assert manifest["runtime"] == "circuitpython" and "code.py" in manifest["files"]
    copied = len([line for line in said if line.startswith("  copy")])
    assert copied == len(manifest["files"])

    summary, said = run_flash(drive)
    assert ": 0 copied (0 bytes), 0 removed, %d unchanged; the board restarts" % copied in summary

    (drive / "lib/pawtrack/rng.py").write_text("# changed on the drive\n")
    manifest["files"]["lib/pawtrack/old_module.py"] = {"sha256": "0", "size": 1}
    (drive / "pawtrack.manifest").write_text(json.dumps(manifest))
    (drive / "lib/pawtrack/old_module.py").write_text("")
    summary, said = run_flash(drive)
    assert said[:2] == ["  copy   %-44s %6d bytes" % ("lib/pawtrack/rng.py",
                                                       os.path.getsize(os.path.join(
                                                           ROOT, "firmware/pawtrack/rng.py"))),
                        "  remove lib/pawtrack/old_module.py"]  # fmt: skip
    assert ": 1 copied" in summary and "1 removed" in summary
    assert not (drive / "lib/pawtrack/old_module.py").exists()


def test_dry_run_changes_nothing(tmp_path):
    drive = drive_with(tmp_path)
    summary, said = run_flash(drive, dry_run=True)
    assert summary.endswith("(dry run)") and said[0].startswith("  copy")
    assert sorted(os.listdir(drive)) == ["boot_out.txt"]


@pytest.mark.parametrize(
    "boot_out, expected",
    [
        (None, "has no boot_out.txt: it is not a CIRCUITPY drive"),
        ("Adafruit CircuitPython 8.2.10 on 2024-02-14; Raspberry Pi Pico with rp2040\n",
         "CircuitPython 8.2.10 is too old: the referee needs 9.x or 10.x"),
        ("Adafruit CircuitPython 11.0.0 on 2027-01-01; Raspberry Pi Pico with rp2040\n",
         "CircuitPython 11.0.0 is newer than this firmware knows (9.x and 10.x)"),
        ("Adafruit CircuitPython 10.0.3 on 2025-10-17; Raspberry Pi Pico 2 with rp2350a\n",
         "the board on the drive is an rp2350a but BOARD=pico is an rp2040"),
        ("MicroPython v1.24.1\n", "does not say which CircuitPython runs"),
    ],
)  # fmt: skip
def test_a_drive_it_cannot_flash_gets_one_line(tmp_path, boot_out, expected):
    drive = drive_with(tmp_path, boot_out)
    with pytest.raises(flash.FlashError) as caught:
        run_flash(drive)
    message = str(caught.value)
    assert expected in message and "\n" not in message, message
    assert sorted(os.listdir(drive)) == ([] if boot_out is None else ["boot_out.txt"])


def test_no_drive_or_several_drives(tmp_path):
    with pytest.raises(flash.FlashError, match="no CIRCUITPY drive found: plug the board in"):
        flash.choose_drive("auto", drives=[])
    with pytest.raises(flash.FlashError, match="more than one CIRCUITPY drive: /a, /b; pick"):
        flash.choose_drive("auto", drives=["/a", "/b"])
    assert flash.choose_drive("auto", drives=["/media/me/CIRCUITPY"]) == "/media/me/CIRCUITPY"
    with pytest.raises(flash.FlashError, match="is not a folder"):
        flash.choose_drive(str(tmp_path / "nowhere"))


def test_the_mount_table_finds_circuitpy(tmp_path, monkeypatch):
    mounts = tmp_path / "mounts"
    mounts.write_text(
        "/dev/sda1 / ext4 rw 0 0\n/dev/sdb1 /media/me/CIRCUITPY vfat rw,nosuid 0 0\n"
    )
    real_open = open

    def fake_open(path, *args, **kwargs):
        return real_open(mounts if path == "/proc/mounts" else path, *args, **kwargs)

    monkeypatch.setattr("builtins.open", fake_open)
    assert flash.mounted_drives()[:1] == ["/media/me/CIRCUITPY"]


def test_a_read_only_drive_gets_one_line(tmp_path, monkeypatch):
    drive = drive_with(tmp_path)

    def read_only(path, *args):
        raise OSError(errno.EROFS, "Read-only file system", path)

    monkeypatch.setattr(flash.os, "open", read_only)
    with pytest.raises(flash.FlashError) as caught:
        run_flash(drive)
    assert str(caught.value) == (
        "%s is read-only (Read-only file system): the referee has the drive. Hold a button "
        "while you plug the board in (or press reset), then flash again" % drive
    )


def test_a_full_drive_gets_one_line(tmp_path, monkeypatch):
    drive = drive_with(tmp_path)
    monkeypatch.setattr(
        flash.shutil, "disk_usage", lambda path: type("Usage", (), {"free": 100 * 1024})()
    )
    with pytest.raises(flash.FlashError, match=r"CIRCUITPY is full: the firmware needs \d+ KiB"):
        run_flash(drive)
    assert sorted(os.listdir(drive)) == ["boot_out.txt"]


def test_a_board_without_circuitpython_is_refused():
    with pytest.raises(flash.FlashError) as caught:
        flash.flash("pico_w", "auto", drives=[])
    assert str(caught.value) == (
        "board pico_w runs the referee under micropython only (runtimes in board_defs/pico_w.py)"
    )


def test_command_line_errors_are_one_line_with_exit_status(tmp_path, capsys):
    assert flash.main(["--board", "pico", "--drive", str(tmp_path / "nowhere")]) == 1
    assert flash.main(["--board", "pico3"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("flash: ") for line in err)


class Port:
    def __init__(self, device, interface=None, location=None, serial_number="E661", vid=0x239A):
        self.device = device
        self.interface = interface
        self.location = location
        self.serial_number = serial_number
        self.vid = vid
        self.pid = 0x80F4


def test_the_client_finds_the_data_port():
    from host_tools.circuitpython.ports import PortError, find_data_port

    linux = [
        Port("/dev/ttyACM0", "CircuitPython CDC control", "1-1:1.0"),
        Port("/dev/ttyACM1", "CircuitPython CDC2 control", "1-1:1.2"),
        Port("/dev/ttyS0", vid=None),
    ]
    assert find_data_port(linux) == "/dev/ttyACM1"
    mac = [Port("/dev/cu.usbmodem1103", location="1-1:1.2"),
           Port("/dev/cu.usbmodem1101", location="1-1:1.0")]  # fmt: skip
    assert find_data_port(mac) == "/dev/cu.usbmodem1103"
    with pytest.raises(PortError, match="no CircuitPython data port: is pawtrack's boot.py"):
        find_data_port([Port("/dev/ttyACM0", "CircuitPython CDC control")])
    two = linux + [Port("/dev/ttyACM3", "CircuitPython CDC2 control", serial_number="X")]
    with pytest.raises(PortError, match="more than one CircuitPython data port"):
        find_data_port(two)


def source_name_of(mpy):
    """The source name an .mpy keeps: the first entry of its qstr table (.mpy version 6)."""

    def varuint(at):
        value = 0
        while True:
            byte = mpy[at]
            at += 1
            value = (value << 7) | (byte & 0x7F)
            if not byte & 0x80:
                return value, at

    _qstrs, at = varuint(4)
    _objects, at = varuint(at)
    length, at = varuint(at)
    return mpy[at : at + (length >> 1)].decode()


def test_each_module_keeps_the_path_the_board_imports_it_from():
    """CircuitPython interns the path it loads a module from; a source name spelt
    otherwise would be a second name per module in the board's heap."""
    from host_tools.circuitpython import mpy_cross

    try:
        mpy_cross.locate(allow_build=False)
    except mpy_cross.MpyCrossError as error:
        pytest.skip("needs CircuitPython's mpy-cross: %s" % error)
    uploads = {upload.remote: upload for upload in flash.build(load_board("pico"))}
    journal = uploads["lib/pawtrack/journal.mpy"]
    assert source_name_of(journal.data) == "/lib/pawtrack/journal.mpy"
