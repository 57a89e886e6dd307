"""`make flash` and `make repl` with the real mpremote against the device stand-in.

The stand-in (host_tools/device_standin.py) answers MicroPython's REPL protocol on
a pseudo-terminal and runs the code in the MicroPython WebAssembly interpreter, with
a folder of the host as its flash; ``--platform rp2`` makes it say it is a Pico
(armv6m ``_mpy``, 1408 KiB of flash). The WebAssembly interpreter loads the
armv6m .mpy files because they hold bytecode only (mpy v6, no machine code).

It has no pins, so the boot check copies the test stand-ins of ``machine`` and
``neopixel`` (tests/device/) beside the firmware and runs main.start(): the
flashed .mpy files build the device and draw the main menu, and the I2C bytes
decode to the simulator's picture of the menu.
"""

import hashlib
import json
import os
import pty
import select
import subprocess
import sys
import time

from host_tools import flash
from host_tools.boards import load_board
from host_tools.device_standin import running
from host_tools.sim.simulator import Simulator
from host_tools.ssd1306_model import decode
from pawtrack.boarddef import core_board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEVICE_TESTS = os.path.join(ROOT, "tests", "device")
FLASH_LINE = "flash: pico on %s (micropython 1.27.0): %s"

BOOT_CHECK = """
import sys, json
sys.path.insert(0, '/fakes')
sys.modules.pop('machine', None)
import machine
from device_kit import SerialInput, SerialOutput, VirtualClock
import main
import pawtrack.ui.app
device, app = main.start(clock=VirtualClock(), files_root='/', stdin=SerialInput(),
                         stdout=SerialOutput())
print('BOOT ' + json.dumps({
    'screen': type(app.screen).__name__,
    'i2c': [[a, ''.join('%02x' % b for b in m)] for a, m in machine.I2C.log],
    'app_module': pawtrack.ui.app.__file__,
    'problems': device.hal.problems,
}))
"""


def make_flash(port, *extra):
    result = subprocess.run(
        ["make", "-s", "flash", "PORT=" + port, *extra],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return result.returncode, result.stdout.strip().splitlines(), result.stderr.strip()


def mpremote(port, *args):
    result = subprocess.run(
        [sys.executable, "-m", "mpremote", "connect", port, *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def sha256_of(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def test_make_flash_puts_a_firmware_that_boots_to_the_menu_and_then_copies_nothing(tmp_path):
    board = load_board("pico")
    with running(tmp_path, platform="rp2") as port:
        code, out, err = make_flash(port)
        assert code == 0, err
        uploads = flash.build(board)
        assert out[-1] == FLASH_LINE % (
            port,
            "%d copied (%d bytes), 0 removed, 0 unchanged; reset"
            % (len(uploads), sum(u.size for u in uploads)),
        )
        for upload in uploads:
            on_flash = os.path.join(str(tmp_path), upload.remote.lstrip("/"))
            assert sha256_of(on_flash) == upload.sha256, upload.remote
        with open(tmp_path / "pawtrack.manifest", encoding="utf-8") as f:
            manifest = json.load(f)
        assert manifest["board"] == "pico" and len(manifest["files"]) == len(uploads)
        assert sorted(os.listdir(tmp_path)) == ["board.py", "lib", "main.py", "pawtrack.manifest"]

        # Boot check: the flashed firmware draws the main menu.
        mpremote(port, "fs", "mkdir", ":/fakes")
        for name in ("machine.py", "neopixel.py", "device_kit.py"):
            mpremote(port, "fs", "cp", os.path.join(DEVICE_TESTS, name), ":/fakes/" + name)
        lines = [line for line in mpremote(port, "exec", BOOT_CHECK).splitlines()]
        booted = json.loads([line for line in lines if line.startswith("BOOT ")][0][5:])
        assert booted["screen"] == "HomeScreen"
        assert booted["app_module"] == "/lib/pawtrack/ui/app.mpy"  # the compiled firmware
        assert booted["problems"] == []
        panel = decode([(a, bytes.fromhex(m)) for a, m in booted["i2c"]])
        sim = Simulator(board=core_board(board))
        assert panel.lit() and panel.problems == []
        assert panel.picture_bytes() == sim.frame

        # Second flash: nothing to copy. The test files are not firmware: left alone.
        code, out, err = make_flash(port)
        assert code == 0, err
        assert out == [
            FLASH_LINE % (port, "0 copied (0 bytes), 0 removed, %d unchanged; reset" % len(uploads))
        ]

        # A file lost on the board is noticed (size) and copied again, and only it.
        mpremote(port, "fs", "rm", ":/lib/pawtrack/rng.mpy")
        code, out, err = make_flash(port)
        assert code == 0, err
        assert out[0].split() == [
            "copy",
            "/lib/pawtrack/rng.mpy",
            str(os.path.getsize(os.path.join(str(tmp_path), "lib", "pawtrack", "rng.mpy"))),
            "bytes",
        ]
        assert "1 copied" in out[-1]


def write_fake_runtime(folder, mpy, version):
    """A boot.py that makes the stand-in's MicroPython report another .mpy version."""
    with open(os.path.join(folder, "old_sys.py"), "w") as f:
        f.write('"""Becomes sys at boot (test only)."""\n')
    with open(os.path.join(folder, "boot.py"), "w") as f:
        f.write(
            "import sys\n"
            "import old_sys\n"
            "for _n in dir(sys):\n"
            "    if not _n.startswith('__'):\n"
            "        setattr(old_sys, _n, getattr(sys, _n))\n"
            "class _Impl:\n"
            "    name = 'micropython'\n"
            "    version = %r\n"
            "    _mpy = %d\n"
            "old_sys.implementation = _Impl()\n"
            "sys.modules['sys'] = old_sys\n" % (version, mpy)
        )


def test_a_micropython_that_cannot_load_the_files_is_refused(tmp_path):
    write_fake_runtime(str(tmp_path), 5, (1, 18, 0))
    with running(tmp_path, platform="rp2") as port:
        code, out, err = make_flash(port)
    assert code != 0
    assert [line for line in err.splitlines() if line.startswith("flash:")] == [
        "flash: MicroPython 1.18.0 loads .mpy v5, these files are v6 (mpy-cross 1.29.0):"
        " install MicroPython 1.19 or newer"
    ]
    assert not os.path.exists(tmp_path / "main.py")


def test_a_full_flash_is_refused_before_anything_is_copied(tmp_path):
    with open(tmp_path / "recordings.bin", "wb") as f:
        f.write(b"\0" * (1300 * 1024))  # the stand-in's Pico has 1408 KiB of flash
    with running(tmp_path, platform="rp2") as port:
        code, out, err = make_flash(port)
    assert code != 0
    lines = [line for line in err.splitlines() if line.startswith("flash:")]
    assert len(lines) == 1 and lines[0].startswith("flash: the flash is full: the firmware needs")
    assert sorted(os.listdir(tmp_path)) == ["recordings.bin"]


def test_the_wrong_board_file_for_the_chip_is_refused(tmp_path):
    with running(tmp_path, platform="rp2") as port:
        code, out, err = make_flash(port, "BOARD=pico2")
    assert code != 0
    assert "flash: the device is armv6m but board pico2 is armv7emsp" in err


def read_until(fd, wanted, timeout=30):
    seen = b""
    deadline = time.monotonic() + timeout
    while wanted not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 4096)
            except OSError:
                break
    return seen


def wait_for_exit(pid, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.1)
    os.kill(pid, 9)
    return os.waitpid(pid, 0)[1]


def test_make_repl_reaches_the_prompt(tmp_path):
    with running(tmp_path, platform="rp2") as port:
        pid, fd = pty.fork()
        if pid == 0:  # the child: make repl on a terminal, as a person runs it
            os.chdir(ROOT)
            os.execvp("make", ["make", "-s", "repl", "PORT=" + port])
        try:
            assert b"Use Ctrl-] or Ctrl-x to exit this shell" in read_until(fd, b"exit this shell")
            prompt = b""
            for _ in range(10):  # until mpremote has the terminal and the board answers
                os.write(fd, b"\r")
                prompt += read_until(fd, b">>> ", timeout=1)
                if b">>> " in prompt:
                    break
            assert b">>> " in prompt
            os.write(fd, b"print(6 * 7)\r")
            assert b"42" in read_until(fd, b"42")
            os.write(fd, b"\x1d")  # Ctrl-]
            status = wait_for_exit(pid)
        finally:
            os.close(fd)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
