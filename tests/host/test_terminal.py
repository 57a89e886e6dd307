"""The interactive simulator in a real pseudo-terminal of 80x24: draws the menu, quits on q."""

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time

from .test_sim import ROOT


def read_until(fd, needle, timeout=20):
    data = b""
    deadline = time.monotonic() + timeout
    while needle not in data and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                data += os.read(fd, 65536)
            except OSError:
                break
    return data


def test_terminal_sim_in_80x24_shows_menu_and_quits(tmp_path):
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "host_tools.sim", "--state", str(tmp_path)],
        cwd=ROOT, stdin=follower, stdout=follower, stderr=follower, close_fds=True,
    )
    os.close(follower)
    try:
        screen = read_until(leader, b"q quit").decode("utf-8", "replace")
        assert "braille view" in screen
        assert "long press" in screen
        assert any(0x2801 <= ord(char) <= 0x28FF for char in screen)  # the OLED, in braille
        last_frame = screen.split("\x1b[2J")[-1]
        visible = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", last_frame)
        widest = max(len(line) for line in visible.splitlines())
        assert widest <= 80
        os.write(leader, b"S")  # a long press of ok, shown as such
        assert b"LONG press: ok" in read_until(leader, b"LONG press: ok")
        os.write(leader, b"q")
        assert process.wait(timeout=10) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(leader)
