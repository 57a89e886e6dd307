"""``EmulatedPico``: the stock MicroPython firmware on an emulated RP2040, driven from Python.

It starts the Node process (host_tools/emu/main.mjs, rp2040js) and talks to it
over JSON lines on its stdin/stdout; see the package docstring for the whole
API. Time is the emulator's: cycle-counted at 125 MHz, idle time skipped, so
what is measured here does not depend on the host's speed or load.
"""

import json
import os
import subprocess
import tempfile
import threading
import tty

from host_tools.emu import firmware
from host_tools.emu.fs_image import FS_BYTES, FS_OFFSET, build_image, firmware_files, read_files
from host_tools.emu.panel import PanelRecorder
from host_tools.emu.raw_repl import RawRepl

HERE = os.path.dirname(os.path.abspath(__file__))
MAIN = os.path.join(HERE, "main.mjs")
SHORT_HOLD_MS = 80  # the simulator's short press (host_tools.sim.simulator)
LONG_HOLD_MS = 700
GAP_MS = 120
ANSWER_TIMEOUT_S = 900  # a wall-clock guard against a stuck emulator, never a measurement


class EmulatorError(RuntimeError):
    """The emulator process failed or stopped answering."""


class Press:
    """When a press went down and came up (emulated microseconds)."""

    __slots__ = ("name", "down_us", "up_us")

    def __init__(self, name, down_us, up_us):
        self.name = name
        self.down_us = down_us
        self.up_us = up_us

    def __repr__(self):
        return "Press(%s, down=%.0f, up=%.0f)" % (self.name, self.down_us, self.up_us)


class EmulatedPico:
    def __init__(
        self,
        board="pico",
        files=None,
        fs_image=None,
        flash_image=None,
        oled=True,
        serial_port=False,
        advance_flash_clock=True,
        update_gap_ms=10,
        record_flash_data=False,
        extra_pins=(),
        firmware_uf2=None,
    ):
        from host_tools.boards import load_board

        self.board = load_board(board) if isinstance(board, str) else board
        self.uf2, self.bootrom = self.locate_firmware()
        if firmware_uf2 is not None:  # another MicroPython build, e.g. the pawtrack UF2
            self.uf2 = str(firmware_uf2)
        self.options = {
            "oled": oled,
            "advance_flash_clock": advance_flash_clock,
            "record_flash_data": record_flash_data,
        }
        self.extra_pins = tuple(extra_pins)
        self._folder = tempfile.TemporaryDirectory(prefix="pawtrack-emu-")
        self._flash_path = None
        self._fs_path = None
        if flash_image is not None:
            self._flash_path = self._bytes_file(flash_image, "flash.bin")
        if files == "firmware":
            files = firmware_files(self.board["name"])
        if files is not None:
            fs_image = build_image(files)
        if fs_image is not None:
            self._fs_path = self._bytes_file(fs_image, "fs.img")
        self.serial_port = serial_port
        self.port = None
        self._ptys = []
        self.update_gap_ms = update_gap_ms
        self.process = None
        self._reset_records()
        self._lock = threading.Lock()
        self._answers = {}
        self._next_id = 0
        self.repl = RawRepl(self)

    def locate_firmware(self):
        """(firmware UF2, boot ROM) paths; raises EmulatorUnavailable with the reason."""
        return firmware.locate()

    def _bytes_file(self, data, name):
        if isinstance(data, (bytes, bytearray)):
            path = os.path.join(self._folder.name, name)
            with open(path, "wb") as f:
                f.write(data)
            return path
        return str(data)

    def _reset_records(self):
        self.panel = PanelRecorder(
            self.board["oled_address"], self.board["oled_height"], self.update_gap_ms * 1000
        )
        self.leds = []  # (t_us, [(r, g, b), ...]) per frame the strip latched
        self.serial = bytearray()  # everything the device said on USB
        self.serial_chunks = []  # (t_us, offset in serial) per chunk
        self.flash_ops = []  # dicts: index, op, offset, bytes, units, t_us, duration_us, cut
        self.boots = []  # (t_us, reason) per power-on
        self.cuts = []  # (t_us, where)
        self.breakpoints = []
        self.stderr = []
        self.now_ns = 0

    # -- the process -----------------------------------------------------------------

    def node_config(self):
        """The configuration main.mjs starts the chip with (a subclass adds its own)."""
        return {
            "firmware": self.uf2,
            "bootrom": self.bootrom,
            "flash_image": self._flash_path,
            "fs_image": self._fs_path,
            "fs_offset": FS_OFFSET,
            "pty_fd": None,
            "i2c_bus": self.board["i2c_id"],
            "oled_address": self.board["oled_address"],
            "oled": self.options["oled"],
            "led_pin": self.board.get("led_pin"),
            "button_pins": sorted(set(self.board["buttons"].values()) | set(self.extra_pins)),
            "advance_flash_clock": self.options["advance_flash_clock"],
            "record_flash_data": self.options["record_flash_data"],
        }

    def open_pty(self):
        """A raw pseudo-terminal: (main fd for the emulator, its name for the host's tools)."""
        main, sub = os.openpty()
        tty.setraw(sub)  # no echo or line editing between the device and its host
        os.set_blocking(main, False)
        self._ptys.append((main, sub))
        return main, os.ttyname(sub)

    def start(self):
        config = self.node_config()
        pass_fds = ()
        if self.serial_port:
            main, self.port = self.open_pty()
            config["pty_fd"] = main
            pass_fds = (main,)
        pass_fds += self.extra_pass_fds(config)
        node_args = os.environ.get("PAWTRACK_EMU_NODE_ARGS", "").split()  # e.g. --cpu-prof
        self.process = subprocess.Popen(
            ["node", *node_args, MAIN, json.dumps(config)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            pass_fds=pass_fds,
        )
        self._reader = threading.Thread(target=self._read_events, daemon=True)
        self._reader.start()
        self._err_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._err_reader.start()
        self._wait_answer("ready")
        return self

    def close(self):
        if self.process is not None:
            try:
                self.process.stdin.write(b'{"cmd": "quit"}\n')
                self.process.stdin.flush()
            except (BrokenPipeError, OSError):
                pass
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None
        for pair in self._ptys:
            for fd in pair:
                os.close(fd)
        self._ptys = []
        self._folder.cleanup()

    def extra_pass_fds(self, config):
        """File descriptors besides the serial port's that the emulator process needs."""
        return ()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()
        return False

    def _read_stderr(self):
        for line in self.process.stderr:
            self.stderr.append(line.decode(errors="replace").rstrip())

    def _read_events(self):
        for line in self.process.stdout:
            event = json.loads(line)
            kind = event.get("ev")
            handler = getattr(self, "_on_" + kind, None)
            if handler is not None:
                handler(event)
            if "t_ns" in event:
                self.now_ns = max(self.now_ns, event["t_ns"])
            if "id" in event or kind == "ready":
                with self._lock:
                    key = event.get("id", "ready")
                    waiter = self._answers.setdefault(key, [threading.Event(), None])
                    waiter[1] = event
                    waiter[0].set()
        with self._lock:
            for waiter in self._answers.values():
                waiter[0].set()

    def _on_serial(self, event):
        self.serial_chunks.append((event["t_ns"] / 1000.0, len(self.serial)))
        self.serial.extend(bytes.fromhex(event["data"]))

    def _on_i2c(self, event):
        self.panel.transaction(event)

    def _on_led(self, event):
        grb = bytes.fromhex(event["grb"])
        colors = [(grb[i + 1], grb[i], grb[i + 2]) for i in range(0, len(grb) - 2, 3)]
        self.leds.append((event["t_ns"] / 1000.0, colors))

    def _on_flash(self, event):
        op = dict(event)
        op.pop("ev")
        op["t_us"] = op.pop("t_ns") / 1000.0
        op["duration_us"] = op.pop("duration_ns") / 1000.0
        if "data" in op:
            op["data"] = bytes.fromhex(op["data"])
        self.flash_ops.append(op)

    def _on_boot(self, event):
        self.boots.append((event["t_ns"] / 1000.0, event["reason"]))
        if event["reason"] in ("power", "cut"):
            self.panel.power_on()  # the panel shares the board's power; a reset keeps it on
        self.repl.active = False

    def _on_cut(self, event):
        self.cuts.append((event["t_ns"] / 1000.0, event["where"]))

    def _on_break(self, event):
        self.breakpoints.append(event)

    def _send(self, message, wait=True):
        if self.process is None:
            raise EmulatorError("the emulated Pico is not running (use it in a with block)")
        self._next_id += 1
        ident = self._next_id
        message = dict(message, id=ident)
        with self._lock:
            self._answers[ident] = [threading.Event(), None]
        try:
            self.process.stdin.write((json.dumps(message) + "\n").encode())
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EmulatorError(self._death()) from None
        return self._wait_answer(ident) if wait else ident

    def _wait_answer(self, ident):
        with self._lock:
            waiter = self._answers.setdefault(ident, [threading.Event(), None])
        if not waiter[0].wait(ANSWER_TIMEOUT_S) or waiter[1] is None:
            raise EmulatorError(self._death())
        with self._lock:
            self._answers.pop(ident, None)
        if waiter[1].get("ev") == "error":
            raise EmulatorError(waiter[1].get("reason"))
        return waiter[1]

    def _death(self):
        code = self.process.poll() if self.process else None
        tail = "\n".join(self.stderr[-15:])
        return "the emulator stopped answering (exit status %s)%s" % (
            code,
            ":\n" + tail if tail else "",
        )

    def status(self):
        """What the emulator is doing, in a few lines: for a test that waited in vain (is
        the chip running, did the Node process die, what did the board last say)."""
        code = self.process.poll() if self.process else "never started"
        lines = [
            "emulator: %s; emulated time %.0f ms; boots %s"
            % (
                "running" if code is None else "stopped (exit status %s)" % code,
                self.emulated_ms(),
                ", ".join("%s at %.0f ms" % (why, t / 1000) for t, why in self.boots[-3:]),
            ),
            "the board last said: %r" % bytes(self.serial[-300:]),
        ]
        if self.stderr:
            lines.append("the emulator's stderr ends:\n" + "\n".join(self.stderr[-15:]))
        return "\n".join(lines)

    # -- time ------------------------------------------------------------------------

    def emulated_ms(self):
        return self.now_ns / 1e6

    def emulated_us(self):
        return self.now_ns / 1e3

    def run_until(self, ms):
        """Run until the emulated clock shows ms (milliseconds since the first power-on)."""
        answer = self._send({"cmd": "run", "until_ns": int(ms * 1e6)})
        self.now_ns = answer["t_ns"]
        self.panel.settle(self.emulated_us())

    def run_for(self, ms):
        self.run_until(self.emulated_ms() + ms)

    def last_activity_us(self):
        """When the board last wrote to the panel, the strip or the flash (emulated us)."""
        times = [0.0]
        if self.panel.current is not None:
            times.append(self.panel.current.done_us)
        if self.panel.updates:
            times.append(self.panel.updates[-1].done_us)
        if self.leds:
            times.append(self.leds[-1][0])
        if self.flash_ops:
            op = self.flash_ops[-1]
            times.append(op["t_us"] + op["duration_us"])
        return max(times)

    def run_until_frame(self, limit_ms=10000, step_ms=20):
        """Run until a new panel update that changed the picture has finished (or limit_ms
        passed); True if one did."""
        seen = len(self.frames)
        end = self.emulated_ms() + limit_ms
        while self.emulated_ms() < end:
            self.run_for(step_ms)
            if any(u.first_change_us is not None for u in self.frames[seen:]):
                return True
        return False

    def boot(self, limit_ms=10000):
        """Run until the first picture after the latest power-on is on the panel and the
        board is quiet; returns the emulated ms at which that picture was complete."""
        booted = self.boots[-1][0]
        self.run_until_frame(limit_ms)
        first = [u for u in self.frames if u.start_us >= booted and u.first_change_us is not None]
        self.settle()
        return first[0].done_us / 1000 if first else None

    def settle(self, quiet_ms=300, limit_ms=20000, step_ms=50):
        """Run until the panel, the strip and the flash have been quiet for quiet_ms, counted
        from now or from their last activity, whichever is later (at most limit_ms);
        returns the emulated ms when the last activity ended."""
        start = self.emulated_us()
        end = self.emulated_ms() + limit_ms
        while self.emulated_ms() < end:
            self.run_for(step_ms)
            if self.emulated_us() - max(start, self.last_activity_us()) >= quiet_ms * 1000:
                break
        return self.last_activity_us() / 1000

    def free_run(self, realtime=True):
        """Let the board run on its own (paced to the wall clock), e.g. for mpremote."""
        self._send({"cmd": "free", "realtime": realtime})

    def pause(self):
        """Stop a free run; the board's clock stands still until the next run."""
        answer = self._send({"cmd": "pause"})
        self.now_ns = answer["t_ns"]
        self.panel.settle(self.emulated_us())

    # -- buttons, serial, power -----------------------------------------------------

    def pin_of(self, name):
        try:
            return self.board["buttons"][name]
        except KeyError:
            raise ValueError("board %s has no %r button" % (self.board["name"], name)) from None

    def set_button(self, name, held, at_ms=None):
        """Hold a button down (its pin driven low) or let it go, now or at an emulated time;
        returns the emulated ms it happens at (now, if at_ms has passed: a free run's)."""
        return self.set_pin(self.pin_of(name), held, at_ms)

    def set_pin(self, pin, held, at_ms=None):
        """Drive a button pin or one of ``extra_pins`` low (held) or let it follow its pull;
        returns the emulated ms it happens at."""
        message = {"cmd": "pin", "pin": pin, "held": bool(held)}
        if at_ms is not None:
            message["at_ns"] = int(at_ms * 1e6)
        return self._send(message)["at_ns"] / 1e6

    def press(self, name, hold_ms=SHORT_HOLD_MS, gap_ms=GAP_MS, long=False):
        """Press a button for hold_ms (LONG_HOLD_MS if long), release, and run gap_ms more."""
        if long:
            hold_ms = LONG_HOLD_MS
        down = self.emulated_ms()
        self.set_button(name, True, down)
        self.set_button(name, False, down + hold_ms)
        self.run_until(down + hold_ms + gap_ms)
        return Press(name, down * 1000, (down + hold_ms) * 1000)

    def type(self, data):
        """Bytes to the device's USB serial port (as if typed in a terminal)."""
        if isinstance(data, str):
            data = data.encode()
        self._send({"cmd": "serial", "data": bytes(data).hex()})

    def power_cut(
        self, at_ms=None, after_op=None, during_op=None, fraction=0.5, off_ms=0, cancel=False
    ):
        """Plan a power cut: at an emulated time, right after flash operation N (numbered
        from 1 since the emulator started), or a fraction of the way through it.
        It happens when the run reaches it; the board then boots again with its flash.
        ``cancel=True`` forgets a planned cut that has not happened."""
        message = {"cmd": "cut", "off_ns": int(off_ms * 1e6)}
        if cancel:
            message["cancel"] = True
        elif after_op is not None:
            message["after_op"] = after_op
        elif during_op is not None:
            message["during_op"] = during_op
            message["fraction"] = fraction
        else:
            message["at_ns"] = int((self.emulated_ms() if at_ms is None else at_ms) * 1e6)
        self._send(message)

    # -- what the board did ----------------------------------------------------------

    @property
    def frames(self):
        """The finished panel updates (Update: t_us, picture, start_us, first_change_us,
        done_us, bytes), oldest first."""
        self.panel.settle(self.emulated_us())
        return self.panel.updates

    def picture(self):
        """The panel's picture now (canvas layout, as Simulator.frame)."""
        return self.panel.model.picture_bytes()

    def led_colors(self):
        """The strip's colours from its last frame ([] before the first)."""
        return self.leds[-1][1] if self.leds else []

    def serial_bytes(self):
        return self.serial

    def serial_text(self):
        return self.serial.decode(errors="replace")

    def flash_image(self):
        """The whole 2 MiB flash as it is now."""
        path = os.path.join(self._folder.name, "saved-flash.bin")
        self._send({"cmd": "save_flash", "path": path})
        with open(path, "rb") as f:
            return f.read()

    def save_flash(self, path):
        self._send({"cmd": "save_flash", "path": os.path.abspath(path)})

    def filesystem_image(self):
        return self.flash_image()[FS_OFFSET : FS_OFFSET + FS_BYTES]

    def files(self):
        """{path: bytes} on the board's LittleFS now."""
        return read_files(self.filesystem_image())

    def stats(self):
        """instructions executed, wall_ms spent running, t_ns, boots, flash_ops."""
        return self._send({"cmd": "stats"})

    # -- the REPL ---------------------------------------------------------------------

    def exec(self, code, timeout_ms=60000):
        """Run code on the board through the raw REPL (stopping what runs); its output."""
        return self.repl.exec(code, timeout_ms)
