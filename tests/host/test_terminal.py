"""The interactive simulator in real terminals: a pseudo-terminal, tmux at 80x24 and 60x20, pipes.

The OLED the terminal draws in braille is read back into pixels and compared
with what the headless simulator shows after the same presses, so these tests
check the picture, not only its size. The tmux tests skip (saying why) when
tmux is not installed (Debian package ``tmux``).
"""

import fcntl
import os
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
import termios
import time

import pytest

from host_tools.sim import render
from host_tools.sim.simulator import Simulator
from host_tools.sim.terminal import NEEDS_A_TERMINAL, KeyInput, TerminalView

from .test_sim import ROOT

TOO_SMALL = "make the window at least 80x24"
LAST_HELP_WORDS = "hold N s: digit N, key"


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


def braille_pixels(lines):
    """The 0/1 rows a block of braille lines shows (the inverse of render.braille)."""
    rows = [[0] * (2 * len(lines[0])) for _ in range(4 * len(lines))]
    for y, line in enumerate(lines):
        for x, char in enumerate(line):
            bits = ord(char) - 0x2800
            for dy in range(4):
                for dx in range(2):
                    if bits & render.BRAILLE_BITS[dy][dx]:
                        rows[4 * y + dy][2 * x + dx] = 1
    return rows


def oled_in(screen_lines):
    """The OLED's pixels read from a terminal screen, or None if it shows no OLED."""
    inside = [
        line.strip()[1:-1]
        for line in screen_lines
        if line.strip().startswith("\u2502") and line.strip().endswith("\u2502")
    ]
    if len(inside) != 16 or any(len(line) != 64 for line in inside):
        return None
    return braille_pixels(inside)


def headless_pixels(presses):
    sim = Simulator()
    sim.run(presses)
    return render.as_rows(sim.frame)


def test_braille_reads_back_as_the_frame():
    sim = Simulator()
    sim.run("left ok")
    assert braille_pixels(render.braille(sim.frame)) == render.as_rows(sim.frame)


def test_terminal_sim_in_80x24_shows_menu_and_quits(tmp_path):
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "host_tools.sim", "--state", str(tmp_path)],
        cwd=ROOT, stdin=follower, stdout=follower, stderr=follower, close_fds=True,
    )
    os.close(follower)
    try:
        screen = read_until(leader, LAST_HELP_WORDS.encode()).decode("utf-8", "replace")
        assert "braille view" in screen
        assert "long press" in screen
        last_frame = screen.split("\x1b[2J")[-1]
        visible = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", last_frame)
        lines = visible.split("\r\n")
        assert len(lines) <= 24
        assert max(len(line) for line in lines) <= 80
        assert oled_in(lines) == headless_pixels("")  # the main menu, pixel for pixel
        os.write(leader, b"S")  # a long press of ok, shown as such
        assert b"LONG press: ok" in read_until(leader, b"LONG press: ok")
        os.write(leader, b"q")
        assert process.wait(timeout=10) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(leader)


def test_key_input_turns_keys_into_holds():
    keys = KeyInput()
    for key in ("s", "S", "\t", "d", "2", "s", "9", "\x1b[D", "x"):
        assert keys.key(key)
    assert keys.queue == [("ok", 80), ("ok", 700), ("right", 700), ("ok", 2200), ("left", 9200)]
    assert KeyInput.describe("ok", 2200) == "hold 2 s: ok"
    assert not keys.key("q")


def test_a_small_window_says_how_big_it_must_be():
    view = TerminalView(Simulator())
    lines = view.lines(60, 20)
    assert TOO_SMALL in lines
    assert all(len(line) <= 60 for line in lines)
    assert all(len(line) <= 20 for line in view.lines(20, 5)) and len(view.lines(20, 2)) == 2
    for columns, rows in ((79, 24), (80, 23)):
        assert TOO_SMALL in view.lines(columns, rows)
    assert TOO_SMALL not in view.lines(80, 24)
    assert oled_in(view.lines(80, 24)) is not None


# -- without a terminal ---------------------------------------------------------------


def run_sim(stdin, stdout, tmp_path):
    return subprocess.run(
        [sys.executable, "-m", "host_tools.sim", "--state", str(tmp_path)],
        cwd=ROOT, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=60,
    )


def test_piped_output_is_one_line_not_a_traceback(tmp_path):
    leader, follower = pty.openpty()  # a terminal for input, a pipe for output
    try:
        result = run_sim(follower, subprocess.PIPE, tmp_path)
    finally:
        os.close(leader)
        os.close(follower)
    assert result.returncode == 2
    assert result.stderr == NEEDS_A_TERMINAL + "\n"
    assert result.stdout == ""


def test_piped_input_is_one_line_not_a_traceback(tmp_path):
    result = run_sim(subprocess.PIPE, subprocess.PIPE, tmp_path)
    assert result.returncode == 2
    assert result.stderr == NEEDS_A_TERMINAL + "\n"


# -- tmux ------------------------------------------------------------------------------

needs_tmux = pytest.mark.skipif(
    shutil.which("tmux") is None, reason="tmux is not installed (Debian package tmux)"
)


class Tmux:
    """One tmux server of its own (its socket in tmp_path) with one window."""

    def __init__(self, tmp_path, command, columns, rows):
        self.socket = str(tmp_path / "tmux.sock")
        env = dict(os.environ, TERM="xterm-256color")
        env.pop("TMUX", None)
        self.env = env
        self.tmux(
            "-f", os.devnull, "new-session", "-d", "-s", "sim", "-x", str(columns),
            "-y", str(rows), "-c", ROOT, command,
        )
        self.tmux("set-option", "-t", "sim", "remain-on-exit", "on")

    def tmux(self, *args):
        return subprocess.run(
            ["tmux", "-S", self.socket, *args], env=self.env, capture_output=True, text=True,
            timeout=30, check=True,
        ).stdout

    def screen(self, history=False):
        """The window's lines; with history, also those scrolled off the top."""
        first = ["-S", "-"] if history else []
        return self.tmux("capture-pane", "-p", *first, "-t", "sim").split("\n")

    def wait_for(self, check, what, timeout=30, history=False):
        """The screen once check(screen lines) holds; fails after timeout seconds."""
        deadline = time.monotonic() + timeout
        while True:
            lines = self.screen(history)
            if check(lines):
                return lines
            if time.monotonic() > deadline:
                raise AssertionError("no %s on the screen:\n%s" % (what, "\n".join(lines)))
            time.sleep(0.1)

    def keys(self, *keys):
        for key in keys:
            self.tmux("send-keys", "-t", "sim", key)
            time.sleep(0.3)  # one key at a time, as a person types

    def resize(self, columns, rows):
        self.tmux("resize-window", "-t", "sim", "-x", str(columns), "-y", str(rows))

    def close(self):
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], env=self.env,
                       capture_output=True, timeout=30)


@pytest.fixture
def tmux_sim(tmp_path):
    made = []

    def start(columns, rows):
        command = "%s -m host_tools.sim --state %s" % (sys.executable, tmp_path / "flash")
        made.append(Tmux(tmp_path, command, columns, rows))
        return made[-1]

    yield start
    for tmux in made:
        tmux.close()


def shows(pixels):
    return lambda lines: oled_in(lines) == pixels


@needs_tmux
def test_tmux_80x24_button_test_is_left_by_holding_ok(tmux_sim):
    tmux = tmux_sim(80, 24)
    tmux.wait_for(shows(headless_pixels("")), "main menu")
    lines = tmux.screen()
    assert len([line for line in lines if line]) <= 24
    assert max(len(line) for line in lines) <= 80
    assert any(LAST_HELP_WORDS in line for line in lines)
    tmux.keys("a", "s", "d", "d", "s")  # Settings > Button test
    tmux.wait_for(shows(headless_pixels("left ok right right ok")), "button test")
    tmux.keys("2", "s")  # hold ok for two seconds
    tmux.wait_for(lambda lines: any("hold 2 s: ok" in line for line in lines), "hold status")
    tmux.wait_for(shows(headless_pixels("left ok right right ok ok:2000")), "settings again")
    tmux.keys("q")
    tmux.wait_for(lambda lines: not any("q quit" in line for line in lines), "exit")


@needs_tmux
def test_tmux_60x20_asks_for_80x24_and_recovers(tmux_sim):
    tmux = tmux_sim(60, 20)
    lines = tmux.wait_for(lambda lines: any(TOO_SMALL in line for line in lines), "size note")
    assert max(len(line) for line in lines) <= 60
    assert not any("\u2800" <= char <= "\u28ff" for line in lines for char in line)  # no OLED
    tmux.keys("a", "s")  # the device runs on: Settings
    tmux.resize(80, 24)
    tmux.wait_for(shows(headless_pixels("left ok")), "settings at 80x24")
    tmux.resize(60, 20)
    tmux.wait_for(lambda lines: any(TOO_SMALL in line for line in lines), "size note again")
    tmux.keys("q")


@needs_tmux
def test_tmux_sim_piped_into_tee_says_it_needs_a_terminal(tmp_path):
    log = tmp_path / "log"
    command = "%s -m host_tools.sim --state %s | tee %s; echo finished" % (
        sys.executable, tmp_path / "flash", log)
    tmux = Tmux(tmp_path, command, 80, 24)
    try:
        lines = tmux.wait_for(lambda lines: "finished" in lines, "end of the command",
                              history=True)
    finally:
        tmux.close()
    text = "\n".join(lines)
    assert NEEDS_A_TERMINAL in text
    assert "Traceback" not in text
    assert log.read_text() == ""


@needs_tmux
@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_tmux_make_sim_piped_into_tee_says_it_needs_a_terminal(tmp_path):
    command = "make --no-print-directory sim | tee %s; echo finished" % (tmp_path / "log")
    tmux = Tmux(tmp_path, command, 80, 24)
    try:
        lines = tmux.wait_for(lambda lines: "finished" in lines, "end of make sim", timeout=300,
                              history=True)
    finally:
        tmux.close()
    text = "\n".join(lines)
    assert NEEDS_A_TERMINAL in text
    assert "Traceback" not in text
