"""The device stand-in answers the real mpremote, and pyserial, like a MicroPython board.

Each test talks to a stand-in (python -m host_tools.device_standin) through its
pseudo-terminal: with the real mpremote CLI from the pinned requirements, or
with pyserial for the bytes of the REPL protocol itself. Most tests share one
stand-in (each uses its own file names); the rp2 test starts its own, with the
recording test hardware (--hardware).
"""

import hashlib
import os
import random
import re
import select
import subprocess
import sys
import time

import pytest
import serial

from host_tools.compile import mpy_cross
from host_tools.device_standin import running

RAW_PROMPT = b"raw REPL; CTRL-B to exit\r\n>"
BANNER = re.compile(
    rb'MicroPython v1\.\d+\.\d+ on \d{4}-\d\d-\d\d; (.+)\r\nType "help\(\)" for more information\.'
    rb"\r\n>>> $"
)


def mpremote(port, *args, check=True):
    """Run mpremote; stdout and stderr as text with the board's line endings kept."""
    result = subprocess.run(
        [sys.executable, "-m", "mpremote", "connect", port, *args],
        capture_output=True,
        timeout=60,
    )
    result.stdout = result.stdout.decode("utf8", "replace")
    result.stderr = result.stderr.decode("utf8", "replace")
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def lines(result):
    return result.stdout.replace("\r\n", "\n").splitlines()


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    flash = tmp_path_factory.mktemp("flash")
    with running(flash) as port:
        yield port, flash


def read_until(port, ending, timeout=5.0):
    data = b""
    deadline = time.monotonic() + timeout
    while not data.endswith(ending) and time.monotonic() < deadline:
        data += port.read(1)
    return data


def enter_raw_repl(port):
    port.write(b"\r\x03")
    time.sleep(0.1)
    port.reset_input_buffer()
    port.write(b"\r\x01")
    assert read_until(port, RAW_PROMPT).endswith(RAW_PROMPT)


# -- mpremote ---------------------------------------------------------------------------------


def test_exec_eval_and_run_print_their_results(board, tmp_path):
    port, _ = board
    assert lines(mpremote(port, "exec", "print(1+1)")) == ["2"]
    assert lines(mpremote(port, "eval", "6*7")) == ["42"]
    script = tmp_path / "script.py"
    script.write_text("for i in range(3):\n    print('line', i)\n")
    assert lines(mpremote(port, "run", str(script))) == ["line 0", "line 1", "line 2"]


def test_cp_ls_cat_and_the_host_folder(board, tmp_path):
    port, flash = board
    local = tmp_path / "greeting.txt"
    local.write_bytes(b"hello\nboard\n")
    mpremote(port, "fs", "cp", str(local), ":greeting.txt")
    assert (flash / "greeting.txt").read_bytes() == b"hello\nboard\n"
    listing = mpremote(port, "fs", "ls").stdout
    assert re.search(r"^\s+12 greeting\.txt$", listing, re.M), listing
    cat = mpremote(port, "fs", "cat", "greeting.txt").stdout
    assert cat == "hello\r\nboard\r\n"  # a board prints "\n" as "\r\n"


def test_mkdir_touch_rename_rm_reach_the_host_folder(board):
    port, flash = board
    mpremote(port, "fs", "mkdir", ":box", "+", "fs", "touch", ":box/a")
    assert (flash / "box" / "a").is_file()
    mpremote(port, "exec", "import os; os.rename('box/a', 'box/b')")
    assert sorted(os.listdir(flash / "box")) == ["b"]
    # Absolute paths, also onto a file that exists (how the firmware saves its files).
    code = "import os; open('/box/c', 'w').write('new'); os.rename('/box/c', '/box/b')"
    mpremote(port, "exec", code)
    assert sorted(os.listdir(flash / "box")) == ["b"]
    assert (flash / "box" / "b").read_text() == "new"
    mpremote(port, "fs", "rm", ":box/b", "+", "fs", "rmdir", ":box")
    assert not (flash / "box").exists()


def test_file_errors_are_numbered_like_a_board(board):
    port, _ = board
    code = "import os, errno\ntry:\n os.stat('x')\nexcept OSError as e:\n"
    code += " print(e.errno == errno.ENOENT, e)"
    assert lines(mpremote(port, "exec", code)) == ["True [Errno 2] ENOENT"]
    missing = mpremote(port, "fs", "ls", ":nope", check=False)
    assert missing.returncode != 0
    assert "No such file or directory" in missing.stderr


def test_files_survive_a_soft_reset_and_globals_do_not(board):
    port, _ = board
    result = mpremote(
        port,
        "exec", "x = 1; open('kept.txt', 'w').write('still here')",
        "+", "soft-reset",
        "+", "exec", "print(open('kept.txt').read(), 'x' in globals())",
    )  # fmt: skip
    assert lines(result) == ["still here False"]


def test_resume_keeps_the_session_and_a_new_session_resets(board):
    port, _ = board
    mpremote(port, "exec", "y = 5")
    assert lines(mpremote(port, "resume", "exec", "print(y)")) == ["5"]
    fresh = mpremote(port, "exec", "print(y)", check=False)
    assert fresh.returncode != 0
    assert "NameError" in fresh.stdout


def test_a_20_kib_file_goes_there_and_back(board, tmp_path):
    port, flash = board
    data = random.Random(6).randbytes(20 * 1024)
    local = tmp_path / "big.bin"
    local.write_bytes(data)
    mpremote(port, "fs", "cp", str(local), ":big.bin")
    assert (flash / "big.bin").read_bytes() == data
    digest = mpremote(port, "fs", "sha256sum", ":big.bin").stdout.split()[-1]
    assert digest == hashlib.sha256(data).hexdigest()
    mpremote(port, "fs", "cp", ":big.bin", str(tmp_path / "back.bin"))
    assert (tmp_path / "back.bin").read_bytes() == data


@pytest.mark.parametrize("body", ["time.sleep_ms(5)", "print(z)"], ids=["sleeps", "prints"])
def test_ctrl_c_interrupts_a_loop_that_waits_or_prints(board, body):
    port, _ = board
    loop = "z = 7\nimport time\nwhile True:\n    " + body
    mpremote(port, "exec", "--no-follow", loop)
    started = time.monotonic()
    assert lines(mpremote(port, "resume", "exec", "print(z)")) == ["7"]  # same interpreter
    assert time.monotonic() - started < 0.9  # sooner than the supervisor would restart it


def test_ctrl_c_stops_a_long_sleep_at_once_with_a_board_traceback(board):
    port, _ = board
    with serial.Serial(port, timeout=0.1) as wire:
        enter_raw_repl(wire)
        wire.write(b"import time\ntime.sleep(30)\x04")
        assert read_until(wire, b"OK") == b"OK"
        time.sleep(0.2)
        started = time.monotonic()
        wire.write(b"\x03")
        answer = read_until(wire, b"\x04>")
        assert time.monotonic() - started < 0.9  # the sleep stops, no restart
        assert answer == (
            b'\x04Traceback (most recent call last):\r\n  File "<stdin>", line 2, in <module>\r\n'
            b"KeyboardInterrupt: \r\n\x04>"
        )
        wire.write(b"\x02")


POLL_STDIN = b"""import select, sys
p = select.poll()
p.register(sys.stdin, select.POLLIN)
print('idle', p.poll(0), p.poll(20))
while not p.poll(0):
    pass
print('got', sys.stdin.buffer.read(3), p.poll(0))
"""


def test_stdin_polls_readable_only_while_host_bytes_wait(board):
    port, _ = board
    with serial.Serial(port, timeout=0.1) as wire:
        enter_raw_repl(wire)
        wire.write(POLL_STDIN + b"\x04")
        assert read_until(wire, b"idle [] []\r\n") == b"OKidle [] []\r\n"
        wire.write(b"abc")
        assert read_until(wire, b"\x04>") == b"got b'abc' []\r\n\x04\x04>"
        wire.write(b"\x02")


def test_ctrl_c_ends_a_busy_loop_by_restarting_the_interpreter(board):
    port, _ = board
    mpremote(port, "exec", "open('busy.txt', 'w').write('saved')")
    mpremote(port, "exec", "--no-follow", "w = 1\nwhile True:\n    pass")
    started = time.monotonic()
    result = mpremote(port, "resume", "exec", "print(open('busy.txt').read(), 'w' in globals())")
    assert lines(result) == ["saved False"]  # the files stay, the Python state is gone
    assert time.monotonic() - started < 10


def test_mpremote_repl_is_the_friendly_repl(board):
    port, _ = board
    master, slave = os.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mpremote", "connect", port, "repl"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
    )
    os.close(slave)
    seen = b""
    try:
        deadline = time.monotonic() + 10
        typed = False
        while b"3\r\n>>> " not in seen and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                seen += os.read(master, 4096)
            if not typed and b"Ctrl-] or Ctrl-x to exit" in seen:
                time.sleep(0.2)
                os.write(master, b"1+2\r")
                typed = True
        os.write(master, b"\x1d")  # Ctrl-]: leave
        assert proc.wait(10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert b"1+2\r\n3\r\n>>> " in seen, seen


def test_mount_reads_the_host_folder_through_stdin(board, tmp_path):
    port, _ = board
    (tmp_path / "hostmod.py").write_text("print('imported from the host')\n")
    result = mpremote(port, "mount", str(tmp_path), "exec", "import hostmod")
    assert "imported from the host" in lines(result)


# -- the wire, with pyserial ---------------------------------------------------------------------


def test_pyserial_sees_the_friendly_banner_prompt_and_soft_reboot(board):
    port, _ = board
    with serial.Serial(port, timeout=0.1) as wire:
        wire.write(b"\x03")
        time.sleep(0.1)
        wire.reset_input_buffer()
        wire.write(b"\x02")  # Ctrl-B at an empty prompt: the banner again
        banner = read_until(wire, b">>> ")
        assert BANNER.search(banner), banner
        assert BANNER.search(banner).group(1) == b"JS with Emscripten"
        wire.write(b"6*7\r")
        assert read_until(wire, b">>> ") == b"6*7\r\n42\r\n>>> "
        wire.write(b"\x04")  # Ctrl-D: soft reset
        reboot = read_until(wire, b">>> ")
        assert reboot.startswith(b"\r\nMPY: soft reboot\r\nMicroPython v1."), reboot


def test_raw_paste_flow_control_with_odd_sized_writes(board):
    port, _ = board
    code = b"x = 0\n" + b"x += 1\n" * 100 + b"print('x is', x)\n"
    chunks = random.Random(5)
    with serial.Serial(port, timeout=0.1) as wire:
        enter_raw_repl(wire)
        wire.write(b"\x05A\x01")
        header = wire.read(5)
        assert header == b"R\x01\x80\x00\x01"  # window 128, plus one window of credit
        window = 128
        credit = 2 * window
        credits = 1
        sent = 0
        deadline = time.monotonic() + 10
        while sent < len(code):
            assert time.monotonic() < deadline, "the board stopped granting windows"
            while credit == 0 or wire.in_waiting:
                assert time.monotonic() < deadline, "the board stopped granting windows"
                got = wire.read(1)
                assert got in (b"", b"\x01"), got
                if got == b"\x01":
                    credit += window
                    credits += 1
            piece = code[sent : sent + min(credit, chunks.randint(1, 90))]
            wire.write(piece)
            sent += len(piece)
            credit -= len(piece)
        wire.write(b"\x04")
        rest = read_until(wire, b"\x04>")
        credits += rest.count(b"\x01")
        assert rest.replace(b"\x01", b"") == b"\x04x is 100\r\n\x04\x04>"
        assert credits == 1 + len(code) // window
        wire.write(b"\x02")


def test_raw_repl_answers_ok_output_and_traceback(board):
    port, _ = board
    with serial.Serial(port, timeout=0.1) as wire:
        enter_raw_repl(wire)
        for byte in b"print('a')\n1/0":
            wire.write(bytes([byte]))
        wire.write(b"\x04")
        answer = read_until(wire, b"\x04>")
        assert answer == (
            b"OKa\r\n\x04Traceback (most recent call last):\r\n"
            b'  File "<stdin>", line 2, in <module>\r\n'
            b"ZeroDivisionError: divide by zero\r\n\x04>"
        )
        wire.write(b"\x04")  # Ctrl-D with nothing: soft reset, back in the raw REPL
        assert read_until(wire, RAW_PROMPT) == b"OK\r\nMPY: soft reboot\r\n" + RAW_PROMPT
        wire.write(b"\x02")


# -- posing as a Pico ----------------------------------------------------------------------------

COUNT = """
try:
    n = int(open('{0}').read())
except OSError:
    n = 0
open('{0}', 'w').write(str(n + 1))
"""


def test_rp2_pose_mpy_files_and_resets(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "boot.py").write_text(COUNT.format("boots"))
    (flash / "main.py").write_text(COUNT.format("mains"))
    counts = "print(open('boots').read(), open('mains').read())"
    source = tmp_path / "twice.py"
    source.write_text("def twice(n):\n    return 2 * n\n")
    native = tmp_path / "fast.py"
    native.write_text("@micropython.native\ndef fast():\n    return 1\n")
    for path in (source, native):
        subprocess.run([mpy_cross(), "-march=armv6m", str(path)], check=True)

    with running(flash, platform="rp2", extra_args=("--hardware",)) as port:
        info = "import sys, os\nprint(sys.platform, sys.implementation._mpy, os.uname().machine)"
        result = mpremote(port, "exec", info, "+", "exec", counts)
        platform, mpy, machine = lines(result)[0].split(" ", 2)
        assert (platform, mpy, machine) == ("rp2", "4870", "Raspberry Pi Pico with RP2040")
        assert (int(mpy) & 0xFF, int(mpy) >> 10) == (6, 4)  # .mpy v6, armv6m
        assert lines(result)[1] == "2 1"  # power-on ran main.py, mpremote's soft reset did not
        # --hardware: recording pins and buses, an OLED at 0x3C, neopixel.
        bus = "import machine, neopixel\nPin = machine.Pin\nstrip = neopixel.NeoPixel(Pin(2), 3)\n"
        bus += "print(machine.I2C(0, sda=Pin(4), scl=Pin(5)).scan(), strip.n)"
        assert lines(mpremote(port, "exec", bus)) == ["[60] 3"]

        compiled = [str(path.with_suffix(".mpy")) for path in (source, native)]
        mpremote(port, "fs", "mkdir", ":lib", "+", "fs", "cp", *compiled, ":lib/")
        assert lines(mpremote(port, "exec", "import twice; print(twice.twice(21))")) == ["42"]
        failed = mpremote(port, "exec", "import fast", check=False)
        assert "native code in .mpy unsupported" in failed.stdout

        before = [int(n) for n in lines(mpremote(port, "exec", counts))[0].split()]
        mpremote(port, "reset")
        time.sleep(0.5)  # mpremote's reset waits 100 ms first; a Ctrl-C then would stop it
        after = [int(n) for n in lines(mpremote(port, "exec", counts))[0].split()]
        # mpremote's soft reset, the hard reset (boot.py and main.py), the next soft reset
        assert after == [before[0] + 3, before[1] + 1]
