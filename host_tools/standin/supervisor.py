"""The device stand-in's host side: a pseudo-terminal in front of a Node worker.

The supervisor owns the pty. Bytes the host writes to the slave side go, as
they are, to the worker's stdin; the worker's "O" frames go back to the pty
(see worker.mjs for the frames). It also watches Ctrl-C: the worker reports
how many input bytes it has read ("A" frames), and a 0x03 that stays unread
for ``interrupt_grace`` seconds means the interpreter is in a loop that never
calls into JavaScript (``while True: pass``), which nothing can interrupt
inside WebAssembly. Then the worker is killed and a new one started on the
same flash (files written up to the last sync survive, Python globals do
not); it prints the KeyboardInterrupt a board would, and the bytes the host
sent after that Ctrl-C are handed to it.
"""

import collections
import json
import os
import select
import shutil
import subprocess
import sys
import threading
import time
import tty

HERE = os.path.dirname(os.path.abspath(__file__))
WORKER = os.path.join(HERE, "worker.mjs")
CTRL_C = 3


class StandInError(Exception):
    """The stand-in cannot run (no Node, no worker)."""


class Worker:
    """One Node worker process and the bookkeeping of what it has read."""

    def __init__(self, config):
        node = shutil.which("node")
        if node is None:
            raise StandInError("node is not on PATH: the device stand-in needs Node 18 or newer")
        self.proc = subprocess.Popen(
            [node, WORKER, json.dumps(config)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self.sent = 0  # bytes written to its stdin
        self.acked = 0  # bytes it says it has read
        self.unread = bytearray()  # the written bytes after the first `acked` ones
        self.breaks = collections.deque()  # (end offset of a Ctrl-C, time written)
        self.mode = "boot-friendly"
        self.killed = False
        self.reader = None
        self.heard = threading.Event()  # it has sent a frame: it started

    def wrote(self, data, now):
        """Note bytes written to its stdin (their "read" report may already have come)."""
        start = self.sent
        self.sent += len(data)
        skip = max(0, self.acked - start)
        for index in range(skip, len(data)):
            if data[index] == CTRL_C:
                self.breaks.append((start + index + 1, now))
        self.unread += data[skip:]

    def read_up_to(self, total):
        self.acked = max(self.acked, total)
        keep = max(0, self.sent - self.acked)
        del self.unread[: len(self.unread) - keep]
        while self.breaks and self.breaks[0][0] <= self.acked:
            self.breaks.popleft()

    def after_first_break(self):
        """What the host sent after the oldest unread Ctrl-C."""
        first_unread = self.sent - len(self.unread)
        return bytes(self.unread[self.breaks[0][0] - first_unread :])

    def kill(self):
        self.killed = True
        self.proc.kill()


class Supervisor:
    """Serve a MicroPython stand-in on a new pseudo-terminal until stop()."""

    def __init__(
        self, fs_dir, platform="webassembly", interrupt_grace=1.0, log=None, trace=None,
        hardware=False,
    ):
        self.fs_dir = os.path.abspath(fs_dir)
        self.hardware = hardware
        self.trace = open(trace, "a", buffering=1) if trace else None
        self.platform = platform
        self.interrupt_grace = interrupt_grace
        self.log = log or (lambda text: print("device stand-in: " + text, file=sys.stderr))
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self.worker = None
        self.threads = []

    # -- life cycle -----------------------------------------------------------------------

    def start(self, timeout=30.0):
        """Start the first worker; returns the port once it runs (StandInError if it cannot)."""
        os.makedirs(self.fs_dir, exist_ok=True)
        with self.lock:
            self.worker = self.spawn("power-on", None, None)
        deadline = time.monotonic() + timeout
        while not self.worker.heard.wait(0.05):
            if self.worker.proc.poll() is not None or time.monotonic() > deadline:
                self.worker.kill()
                self.stop()
                raise StandInError("the worker did not start (see its messages above)")
        self.run_thread(self.host_to_worker, "stand-in input")
        self.run_thread(self.watch, "stand-in watchdog")
        return self.port

    def stop(self, wait=2.0):
        """Let the worker write the flash back and exit, then close the pty."""
        self.stopping.set()
        with self.lock:
            worker = self.worker
        if worker is not None:
            try:
                worker.proc.stdin.close()
            except OSError:
                pass
            try:
                worker.proc.wait(wait)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.proc.wait()
            if worker.reader is not None:
                worker.reader.join(1.0)
        for thread in self.threads:
            thread.join(1.0)
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
        if self.trace is not None:
            self.trace.close()

    def run_thread(self, target, name):
        thread = threading.Thread(target=target, name=name, daemon=True)
        thread.start()
        self.threads.append(thread)

    def spawn(self, start, killed_in, previous):
        """A new worker (call with the lock held); its output follows the previous one's."""
        config = {
            "fsDir": self.fs_dir,
            "platform": self.platform,
            "hardware": self.hardware,
            "start": start,
            "killedIn": killed_in,
        }
        worker = Worker(config)
        worker.reader = threading.Thread(
            target=self.worker_to_host, args=(worker, previous), name="stand-in output", daemon=True
        )
        worker.reader.start()
        return worker

    # -- host -> worker -------------------------------------------------------------------

    def host_to_worker(self):
        while not self.stopping.is_set():
            try:
                ready, _, _ = select.select([self.master], [], [], 0.2)
                if not ready:
                    continue
                data = os.read(self.master, 4096)
            except OSError:
                if self.stopping.is_set():
                    return
                time.sleep(0.05)
                continue
            self.traced("host", data)
            self.deliver(data)

    def traced(self, who, data):
        if self.trace is not None:
            self.trace.write("%.3f %s %r\n" % (time.monotonic(), who, data))

    def deliver(self, data):
        while data and not self.stopping.is_set():
            with self.lock:
                worker = self.worker
            try:
                count = os.write(worker.proc.stdin.fileno(), data)
            except (OSError, ValueError):
                time.sleep(0.02)  # the worker is gone; the watchdog starts another
                continue
            with self.lock:
                if worker is self.worker:
                    worker.wrote(data[:count], time.monotonic())
                    data = data[count:]
                # else it was replaced while we wrote: send the same bytes to the new one

    # -- worker -> host -------------------------------------------------------------------

    def worker_to_host(self, worker, previous):
        if previous is not None and previous.reader is not None:
            previous.reader.join()
        stream = worker.proc.stdout
        while True:
            header = stream.read(5)
            if len(header) < 5:
                break
            size = int.from_bytes(header[1:5], "big")
            payload = stream.read(size)
            if len(payload) < size:
                break
            worker.heard.set()
            kind = header[:1]
            if kind == b"O":
                self.traced("board", payload)
                self.to_pty(payload)
            elif kind == b"A":
                with self.lock:
                    worker.read_up_to(int(payload))
            elif kind == b"M":
                with self.lock:
                    worker.mode = payload.decode()
        worker.proc.wait()

    def to_pty(self, data):
        while data and not self.stopping.is_set():
            try:
                _, ready, _ = select.select([], [self.master], [], 0.2)
                if ready:
                    data = data[os.write(self.master, data) :]
            except OSError:
                return

    # -- watchdog -------------------------------------------------------------------------

    def watch(self):
        while not self.stopping.wait(0.05):
            with self.lock:
                worker = self.worker
                now = time.monotonic()
                if self.stopping.is_set():
                    return
                if worker.breaks and now - worker.breaks[0][1] > self.interrupt_grace:
                    self.replace_stuck(worker)
                elif worker.proc.poll() is not None and not worker.killed:
                    worker.killed = True
                    if not worker.heard.is_set():
                        self.log("the worker did not start: the board stays silent")
                        continue
                    self.log("the worker stopped (status %s); power-on" % worker.proc.returncode)
                    self.worker = self.spawn("power-on", None, worker)
                    self.hand_over(bytes(worker.unread))

    def replace_stuck(self, worker):
        """Kill a worker that does not read its Ctrl-C (lock held) and start the next one."""
        text = "Ctrl-C unread for %.1f s (a loop that never waits?): restarting the interpreter"
        self.log(text % self.interrupt_grace + " (files kept, Python state lost)")
        rest = worker.after_first_break()
        self.traced("handed over (%s)" % worker.mode, rest)
        worker.kill()
        self.worker = self.spawn("after-kill", worker.mode, worker)
        self.hand_over(rest)

    def hand_over(self, data):
        """Give a fresh worker (lock held) bytes its predecessor never read."""
        if data:
            os.write(self.worker.proc.stdin.fileno(), data)
            self.worker.wrote(data, time.monotonic())
