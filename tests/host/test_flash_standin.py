"""`make flash`, `make repl` and the serial client with the real tools against the device stand-in.

The stand-in (host_tools/device_standin.py) answers MicroPython's REPL protocol on
a pseudo-terminal and runs the code in the MicroPython WebAssembly interpreter, with
a folder of the host as its flash; ``--platform rp2`` makes it say it is a Pico
(armv6m ``_mpy``, 1408 KiB of flash). The WebAssembly interpreter loads the
armv6m .mpy files because they hold bytecode only (mpy v6, no machine code).

``--hardware`` gives its ``machine`` the recording pins, I2C, PWM, timers and
watchdog of tests/device (an OLED answers at 0x3C), so the flashed main.py runs
the referee after the reset that ends ``make flash``. One flashed stand-in
serves three tests: the files and the boot to the main menu (the I2C bytes decode
to the simulator's picture), the referee answering host_tools.client over the
port like the simulator and giving way to mpremote, and re-flashing.
"""

import hashlib
import json
import os
import pty
import select
import subprocess
import sys
import time

import pytest

from host_tools import flash
from host_tools.boards import load_board
from host_tools.client import Client, ClientError
from host_tools.device_standin import running
from host_tools.sim.simulator import Simulator
from host_tools.ssd1306_model import decode
from pawtrack.boarddef import core_board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FLASH_LINE = "flash: pico on %s (micropython 1.27.0): %s"

BOOT_CHECK = """
import json, machine, main
import pawtrack.ui.app
device, app = main.start()
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


@pytest.fixture(scope="module")
def flashed(tmp_path_factory):
    """(port, flash folder, make flash's output, the flash's files) of a flashed stand-in Pico."""
    folder = tmp_path_factory.mktemp("flash")
    with running(folder, platform="rp2", extra_args=("--hardware",)) as port:
        code, out, err = make_flash(port)
        assert code == 0, err
        yield port, folder, out, sorted(os.listdir(folder))


def test_make_flash_puts_a_firmware_that_boots_to_the_menu(flashed):
    port, folder, out, listing = flashed
    board = load_board("pico")
    uploads = flash.build(board)
    assert out[-1] == FLASH_LINE % (
        port,
        "%d copied (%d bytes), 0 removed, 0 unchanged; reset"
        % (len(uploads), sum(u.size for u in uploads)),
    )
    for upload in uploads:
        on_flash = os.path.join(str(folder), upload.remote.lstrip("/"))
        assert sha256_of(on_flash) == upload.sha256, upload.remote
    with open(folder / "pawtrack.manifest", encoding="utf-8") as f:
        manifest = json.load(f)
    assert manifest["board"] == "pico" and len(manifest["files"]) == len(uploads)
    assert listing == ["board.py", "lib", "main.py", "pawtrack.manifest"]

    # Boot check (mpremote interrupts the referee): the flashed firmware draws the main menu.
    lines = mpremote(port, "exec", BOOT_CHECK).splitlines()
    booted = json.loads([line for line in lines if line.startswith("BOOT ")][0][5:])
    assert booted["screen"] == "HomeScreen"
    assert booted["app_module"] == "/lib/pawtrack/ui/app.mpy"  # the compiled firmware
    assert booted["problems"] == []
    panel = decode([(a, bytes.fromhex(m)) for a, m in booted["i2c"]])
    sim = Simulator(board=core_board(board))
    assert panel.lit() and panel.problems == []
    assert panel.picture_bytes() == sim.frame


def without_id(reply):
    """A client reply (answer, events) with the command ids taken out of the answer."""
    answer, events = reply
    return {k: v for k, v in answer.items() if k != "id"}, events


def hello_once_up(client, seconds=20):
    """hello until the referee answers (what a board gets while it resets is lost);
    returns the answer and every event that came before it."""
    events = []
    deadline = time.monotonic() + seconds
    port_timeout, client.port.timeout = client.port.timeout, 0.1
    try:
        while time.monotonic() < deadline:
            client.port.write(b'{"cmd": "hello", "id": "up"}\n')
            try:
                while True:
                    event = client.read_event(time.monotonic() + 0.5)
                    if event.get("id") == "up":
                        return event, events
                    events.append(event)
            except ClientError:
                pass
    finally:
        client.port.timeout = port_timeout
    raise AssertionError("the referee did not answer within %d s" % seconds)


def test_the_flashed_referee_answers_the_serial_client_like_the_simulator(flashed):
    port = flashed[0]
    mpremote(port, "reset")  # a hard reset: main.py starts the referee
    with Client(port) as device, Client("sim") as sim:
        hello, events = hello_once_up(device)
        assert hello["ev"] == "hello" and hello["protocol"] == 1 and hello["board"] == "pico"
        assert events == []  # nothing mpremote sent before the reset reached the referee
        assert hello["games"] == sim.hello()["games"]
        command_line = subprocess.run(
            [sys.executable, "-m", "host_tools.client", "--port", port, "hello"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert command_line.returncode == 0, command_line.stderr
        assert json.loads(command_line.stdout)["board"] == "pico"

        started = device.send({"cmd": "new", "game": "mmm", "seed": 7})
        assert without_id(started) == without_id(sim.send({"cmd": "new", "game": "mmm", "seed": 7}))
        rolled = device.send({"cmd": "act", "action": "roll"})
        assert rolled[0]["ev"] == "done" and [e["ev"] for e in rolled[1]] == ["roll"]
        assert without_id(rolled) == without_id(sim.send({"cmd": "act", "action": "roll"}))
        for command in (
            {"cmd": "act", "action": rolled[0]["legal"][0]},
            {"cmd": "undo"},
            {"cmd": "act", "action": rolled[0]["legal"][-1]},
            {"cmd": "state"},
        ):
            assert without_id(device.send(command)) == without_id(sim.send(command)), command
        state = device.state()
        assert state["match"]["recent"] == ["roll", rolled[0]["legal"][-1]]
        assert state["match"] == sim.state()["match"]

        # Bad lines get an error event and change nothing.
        device.port.write(b"this is not json\n")
        error = device.read_event(time.monotonic() + 5)
        assert error["ev"] == "error" and error["code"] == "bad_json"
        answer, _ = device.send({"cmd": "fly"})
        assert answer["ev"] == "error" and answer["code"] == "unknown_cmd"
        assert device.state() == dict(state, id=device.next_id - 1)

    # mpremote takes over the running referee with Ctrl-C.
    assert mpremote(port, "exec", "print(6 * 7)").splitlines() == ["42"]


def test_a_second_flash_copies_nothing_and_a_lost_file_is_copied_again(flashed):
    port, folder, _out, _listing = flashed
    uploads = flash.build(load_board("pico"))
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
        str(os.path.getsize(os.path.join(str(folder), "lib", "pawtrack", "rng.mpy"))),
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
