"""make install-uf2 against folders posing as the RPI-RP2 / RP2350 drive, and make flash's
answer to a board that only shows that drive.

The boot ROM is played by a thread that waits for a .uf2 to land in the folder,
reads it back as a UF2 and removes the folder (the drive going away); then the
"restarted board" is the simulator's serial mode (the referee's real protocol
code) behind a pseudo-terminal, so the hello is read with pyserial as from a
Pico.
"""

import os
import pty
import shutil
import subprocess
import sys
import threading
import time
import tty

import pytest

from host_tools import flash, uf2_install
from host_tools.uf2_file import read_uf2, uf2_bytes
from host_tools.uf2_install import InstallError, install

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROGRAM = [(0x10000000 + 256 * i, bytes((i + b) % 256 for b in range(256))) for i in range(4)]


def make_drive(folder, board_id="RPI-RP2", model="Raspberry Pi RP2"):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "INFO_UF2.TXT"), "w") as f:
        f.write("UF2 Bootloader v3.0\r\nModel: %s\r\nBoard-ID: %s\r\n" % (model, board_id))
    with open(os.path.join(folder, "INDEX.HTM"), "w") as f:
        f.write("<html></html>")
    return str(folder)


def make_uf2(path, family="rp2040"):
    """A small UF2; an RP2350 one starts with picotool's extra "absolute" block."""
    data = uf2_bytes(PROGRAM, family)
    if family != "rp2040":
        data = uf2_bytes([(0x10FFFF00, bytes(256))], "absolute") + data
    with open(path, "wb") as f:
        f.write(data)
    return str(path)


class Port:
    def __init__(self, device, vid=None):
        self.device = device
        self.vid = vid
        self.description = "n/a"


class BootRom(threading.Thread):
    """Takes the UF2 copied onto the drive, then makes the drive go away."""

    def __init__(self, drive, then=None):
        super().__init__(daemon=True)
        self.drive = drive
        self.then = then
        self.received = None

    def run(self):
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            names = [n for n in os.listdir(self.drive) if n.endswith(".uf2")]
            if names:
                time.sleep(0.1)  # the copy's last block
                self.received = read_uf2(os.path.join(self.drive, names[0]))
                shutil.rmtree(self.drive)
                if self.then:
                    self.then()
                return
            time.sleep(0.05)


class SimulatorOnPty:
    """The simulator's serial mode on the far side of a pseudo-terminal."""

    def __init__(self):
        self.master, slave = pty.openpty()
        tty.setraw(slave)
        self.device = os.ttyname(slave)
        self.slave = slave
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "host_tools.sim", "--serial"],
            cwd=ROOT,
            stdin=self.master,
            stdout=self.master,
            stderr=subprocess.DEVNULL,
        )

    def close(self):
        if self.process:
            self.process.kill()
            self.process.wait()
        os.close(self.slave)
        os.close(self.master)


@pytest.fixture
def pico_on_pty():
    board = SimulatorOnPty()
    yield board
    board.close()


# -- finding the drive -------------------------------------------------------------------------


def test_drives_are_found_by_their_info_file(tmp_path):
    pico = make_drive(tmp_path / "RPI-RP2")
    pico2 = make_drive(tmp_path / "RP2350", "RP2350", "Raspberry Pi RP2350")
    stick = tmp_path / "USBSTICK"
    stick.mkdir()
    other = make_drive(tmp_path / "OTHER", "NRF52-BOOT")  # another maker's UF2 loader
    drives = uf2_install.find_drives([pico, pico2, str(stick), other, str(tmp_path / "gone")])
    assert [(d.path, d.chip, d.model) for d in drives] == [
        (pico, "rp2040", "Raspberry Pi RP2"),
        (pico2, "rp2350", "Raspberry Pi RP2350"),
    ]


def test_mount_points_come_from_the_mount_table(tmp_path):
    table = tmp_path / "mounts"
    table.write_text(
        "/dev/sda1 / ext4 rw 0 0\n/dev/sdb1 /media/me/RPI-RP2 vfat rw 0 0\n"
        "/dev/sdc1 /mnt/my\\040pico vfat rw 0 0\n"
    )
    points = uf2_install.mount_points(str(table))
    assert points[:2] == ["/media/me/RPI-RP2", "/mnt/my pico"]


def test_no_drive_is_one_line(tmp_path):
    uf2 = make_uf2(tmp_path / "fw.uf2")
    with pytest.raises(InstallError) as caught:
        install(uf2, places=[str(tmp_path)], wait=False)
    assert str(caught.value).startswith("no Pico in BOOTSEL mode: hold its BOOTSEL button")
    assert "\n" not in str(caught.value)


def test_two_drives_are_named(tmp_path):
    uf2 = make_uf2(tmp_path / "fw.uf2")
    one = make_drive(tmp_path / "a" / "RPI-RP2")
    two = make_drive(tmp_path / "b" / "RPI-RP2")
    with pytest.raises(InstallError) as caught:
        install(uf2, places=[one, two], wait=False)
    assert str(caught.value) == (
        "more than one Pico in BOOTSEL mode: %s (RPI-RP2), %s (RPI-RP2); unplug all but one"
        " or give DRIVE=<folder>" % (one, two)
    )
    assert sorted(os.listdir(one)) == sorted(os.listdir(two)) == ["INDEX.HTM", "INFO_UF2.TXT"]


@pytest.mark.parametrize(
    "family, board_id, said",
    [
        ("rp2350-arm-s", "RPI-RP2", "is for the rp2350 (rp2350-arm-s) but the Pico at %s is an"
         " rp2040 (RPI-RP2): build it with BOARD=pico"),
        ("rp2040", "RP2350", "is for the rp2040 (rp2040) but the Pico at %s is an rp2350"
         " (RP2350): build it with BOARD=pico2"),
    ],
)  # fmt: skip
def test_the_wrong_chip_is_refused_before_copying(tmp_path, family, board_id, said):
    uf2 = make_uf2(tmp_path / "fw.uf2", family)
    drive = make_drive(tmp_path / board_id, board_id)
    with pytest.raises(InstallError) as caught:
        install(uf2, places=[drive], wait=False)
    assert str(caught.value) == "fw.uf2 " + said % drive
    assert sorted(os.listdir(drive)) == ["INDEX.HTM", "INFO_UF2.TXT"]


def test_a_file_that_is_not_uf2_is_refused(tmp_path):
    bad = tmp_path / "fw.uf2"
    bad.write_bytes(b"not a firmware" * 100)
    with pytest.raises(InstallError, match="is not a UF2 file"):
        install(str(bad), places=[make_drive(tmp_path / "RPI-RP2")], wait=False)


def test_a_given_drive_must_be_a_bootsel_drive(tmp_path):
    uf2 = make_uf2(tmp_path / "fw.uf2")
    with pytest.raises(InstallError) as caught:
        install(uf2, drive=str(tmp_path), wait=False)
    assert str(caught.value) == (
        "%s is not a Pico in BOOTSEL mode (no INFO_UF2.TXT naming RPI-RP2 or RP2350)" % tmp_path
    )


# -- copying and waiting ---------------------------------------------------------------------


def test_copy_then_the_drive_goes_away(tmp_path):
    uf2 = make_uf2(tmp_path / "fw.uf2", "rp2350-arm-s")
    drive = make_drive(tmp_path / "RP2350", "RP2350")
    rom = BootRom(drive)
    rom.start()
    said = []
    line = install(uf2, places=[drive], wait=False, say=said.append)
    rom.join()
    assert rom.received.family == "rp2350-arm-s" and rom.received.chunks == PROGRAM
    assert not os.path.exists(drive)
    assert said == ["install-uf2: copying fw.uf2 (2 KiB) to %s (RP2350)" % drive, line]
    assert line == "install-uf2: fw.uf2 installed; the Pico restarted"


def test_drive_auto_means_find_it(tmp_path):
    # make's DRIVE=auto (the default, shared with make flash RUNTIME=circuitpython)
    uf2 = make_uf2(tmp_path / "fw.uf2")
    drive = make_drive(tmp_path / "RPI-RP2")
    rom = BootRom(drive)
    rom.start()
    line = install(uf2, drive="auto", places=[drive], wait=False, say=lambda _: None)
    rom.join()
    assert rom.received.chunks == PROGRAM
    assert line == "install-uf2: fw.uf2 installed; the Pico restarted"


def install_uf2_command(*assignments):
    """The command `make install-uf2` runs (make -n: printed, not run), as a list of words."""
    result = subprocess.run(
        ["make", "-n", "install-uf2", *assignments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k not in ("DRIVE", "PORT", "UF2", "BOARD")},
    )
    assert result.returncode == 0, result.stderr
    text = result.stdout.replace("\\\n", " ")
    lines = [line for line in text.splitlines() if "host_tools.uf2_install" in line]
    assert len(lines) == 1, result.stdout
    return lines[0].split()


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_install_uf2_passes_only_a_given_drive_and_port():
    words = install_uf2_command()
    assert "--drive" not in words and "--port" not in words, words
    words = install_uf2_command("DRIVE=auto", "PORT=auto")
    assert "--drive" not in words and "--port" not in words, words
    words = install_uf2_command("DRIVE=/media/me/RPI-RP2", "PORT=/dev/ttyACM1")
    assert words[words.index("--drive") + 1] == '"/media/me/RPI-RP2"'
    assert words[words.index("--port") + 1] == '"/dev/ttyACM1"'


def test_a_drive_that_stays_is_reported(tmp_path):
    uf2 = make_uf2(tmp_path / "fw.uf2")
    drive = make_drive(tmp_path / "RPI-RP2")
    with pytest.raises(InstallError) as caught:
        install(uf2, places=[drive], wait=False, timeouts=(0.5, 1, 1), say=lambda _: None)
    assert str(caught.value) == (
        "the drive %s is still there 0.5 s after the copy: the Pico did not take the UF2"
        " (try another USB cable or port)" % drive
    )
    assert os.path.exists(os.path.join(drive, "fw.uf2"))


def test_after_the_copy_the_new_serial_port_answers_hello(tmp_path, pico_on_pty):
    uf2 = make_uf2(tmp_path / "fw.uf2")
    drive = make_drive(tmp_path / "RPI-RP2")
    ports = [Port("/dev/ttyS0"), Port("/dev/ttyACM7", 0x2E8A)]  # another Pico already there

    def restarted():  # the referee starts; its USB port shows up a second later
        pico_on_pty.start()
        threading.Timer(1.0, ports.append, [Port(pico_on_pty.device, 0x2E8A)]).start()

    rom = BootRom(drive, then=restarted)
    rom.start()
    said = []
    line = install(
        uf2, places=[drive], expect={"firmware": "0.1.0", "board": "simulator"},
        ports_now=lambda: list(ports), say=said.append,
    )  # fmt: skip
    assert rom.received.chunks == PROGRAM
    assert line == "install-uf2: pawtrack 0.1.0 (board simulator) answers hello on %s" % (
        pico_on_pty.device
    )


def test_a_referee_with_other_firmware_is_reported(tmp_path, pico_on_pty):
    uf2 = make_uf2(tmp_path / "fw.uf2")
    drive = make_drive(tmp_path / "RPI-RP2")
    rom = BootRom(drive, then=pico_on_pty.start)
    rom.start()
    with pytest.raises(InstallError) as caught:
        install(uf2, places=[drive], port=pico_on_pty.device, expect={"firmware": "9.9.9"},
                say=lambda _: None)  # fmt: skip
    assert str(caught.value) == (
        "%s answers hello with firmware '0.1.0', expected '9.9.9': the new firmware is not"
        " running" % pico_on_pty.device
    )


def test_no_answer_to_hello_is_reported(tmp_path, pico_on_pty):
    uf2 = make_uf2(tmp_path / "fw.uf2")
    drive = make_drive(tmp_path / "RPI-RP2")
    rom = BootRom(drive)  # the board never starts the referee: nobody reads the pty
    rom.start()
    with pytest.raises(InstallError) as caught:
        install(uf2, places=[drive], port=pico_on_pty.device, timeouts=(20, 1, 1.5),
                say=lambda _: None)  # fmt: skip
    assert str(caught.value) == (
        "%s did not answer hello within 1.5 s: the firmware may not have started"
        " (`make repl` shows what it says)" % pico_on_pty.device
    )


def test_no_serial_port_after_the_restart_is_reported(tmp_path):
    uf2 = make_uf2(tmp_path / "fw.uf2")
    drive = make_drive(tmp_path / "RPI-RP2")
    BootRom(drive).start()
    with pytest.raises(InstallError) as caught:
        install(uf2, places=[drive], ports_now=lambda: [Port("/dev/ttyS0")],
                timeouts=(20, 1, 1), say=lambda _: None)  # fmt: skip
    assert str(caught.value).startswith("the Pico restarted but no serial port of it appeared")


def test_the_command_line_installs_a_given_file(tmp_path, capsys):
    uf2 = make_uf2(tmp_path / "fw.uf2")
    drive = make_drive(tmp_path / "RPI-RP2")
    BootRom(drive).start()
    code = uf2_install.main(["--uf2", uf2, "--drive", drive, "--no-wait"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == "install-uf2: fw.uf2 installed; the Pico restarted"
    code = uf2_install.main(["--uf2", uf2, "--drive", drive, "--no-wait"])
    out, err = capsys.readouterr()
    assert code == 1 and err.startswith("install-uf2: %s is not a Pico in BOOTSEL mode" % drive)


# -- make flash and a board that is only a BOOTSEL drive ---------------------------------------


def test_make_flash_sends_a_bootsel_only_board_to_install_uf2(tmp_path):
    drive = make_drive(tmp_path / "RPI-RP2")
    drives = uf2_install.find_drives([drive])
    with pytest.raises(flash.FlashError) as caught:
        flash.flash("pico", ports=[Port("/dev/ttyS0")], drives=drives)
    assert str(caught.value) == (
        "the board at %s is in BOOTSEL mode, with no MicroPython running: run `make"
        " install-uf2` to put the whole referee on it in one file (or install MicroPython,"
        " docs/hardware.md)" % drive
    )
    with pytest.raises(flash.FlashError, match="^no device found"):
        flash.flash("pico", ports=[], drives=[])


def test_install_without_a_file_and_without_the_toolchain_says_both_ways(monkeypatch, capsys):
    from host_tools import mp_source

    monkeypatch.setattr(mp_source, "toolchain_problem", lambda: "missing cmake (cmake): install it")
    assert uf2_install.main(["--board", "pico2"]) == 1
    assert capsys.readouterr().err == (
        "install-uf2: missing cmake (cmake): install it (or install a ready file:"
        " make install-uf2 UF2=pawtrack-pico2-....uf2)\n"
    )


def test_only_a_port_that_appeared_after_the_copy_is_taken():
    other = Port("/dev/ttyACM0", 0x2E8A)  # a second Pico, plugged in all along
    seen = [[other], [other], [other, Port("/dev/ttyACM1", 0x2E8A)]]
    ticks = iter(range(100))
    found = uf2_install.wait_for_port(
        ["/dev/ttyACM0"], lambda: seen.pop(0) if len(seen) > 1 else seen[0], 10,
        sleep=lambda _: None, clock=lambda: next(ticks),
    )  # fmt: skip
    assert found == "/dev/ttyACM1"
    two_new = [Port("/dev/ttyACM1", 0x2E8A), Port("/dev/ttyACM2", 0x2E8A)]
    with pytest.raises(InstallError, match=r"^more than one new Pico serial port \(/dev/ttyACM1, "):
        uf2_install.wait_for_port([], lambda: two_new, 10, sleep=lambda _: None)
