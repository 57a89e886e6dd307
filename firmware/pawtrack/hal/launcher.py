"""One game per boot: the switch between the main menu and a game goes through a restart.

A device's heap holds either the main menu or one game's match, never both:
when a match is started, resumed or left, the app writes a small **launch
record** (``launch.json`` in the filesystem's root) saying what the next boot
opens and what must live on, and the device restarts its interpreter; the
next boot (main.py) takes the record and loads only what it needs. So every
match begins on a fresh heap, with nothing of the menu or of another game in
it, and no code has to unload modules to make room.

The record is a JSON object:

``open``
    ``"menu"``, ``"new"`` (with ``game``, ``options`` and ``seed``) or
    ``"resume"`` (with ``game``).
``lasting``
    what lasts until power-off (``App.lasting``: the Dice & bag tool's bags,
    Mmm!'s wins since power-on), carried from boot to boot.
``menu``
    the main menu's highlighted item, ``[kind, game id]``, so the menu comes
    back where the player left it.
``request`` and ``input``
    a protocol line whose answer the switch interrupted, and the bytes that
    came after it: the next boot answers it as if nothing had restarted
    (added by the device, which knows the protocol).

Before a switch the app runs the work it kept for a still screen (the menu's
order of games, a settings change, Mmm!'s history); a move is on flash before
anyone sees it, so a power cut during a switch loses nothing: the next boot
finds either no record (the menu) or the record (what was asked). ``take()``
removes the record before anything else reads it, so a record opens one boot
at most: a boot that fails, or a Ctrl-C during a switch, never loops.

``Launcher(files)`` switches in one process (the simulator, the tests): the
record is written and read back, and the app rebuilds itself from it
(``App.reboot``). ``Launcher(files, restart)`` is a device's: ``switch``
shows where it goes (``App.show_switching``), then raises ``Switch`` to unwind
the call stack up to the device's loop, which
calls ``restart_with(record)``: the record is written and ``restart()`` runs
(``machine.soft_reset`` on rp2; ``microcontroller.reset`` on CircuitPython,
docs/design.md says why not ``supervisor.reload``).
"""

import json

RECORD = "launch.json"


class Switch(BaseException):
    """Unwinds a device's call stack to its loop, which restarts with ``record``.

    Not an Exception: the screens' and the protocol's guards let it pass."""

    def __init__(self, record):
        super().__init__()
        self.record = record


class Launcher:
    def __init__(self, files, restart=None):
        self.files = files
        self.restart = restart  # None: switch in one process

    def take(self):
        """The record the previous boot left (a dict), or None; the file is removed
        first, so that no record opens more than one boot."""
        files = self.files
        if not files.exists(RECORD):
            return None
        data = None
        try:
            f = files.open(RECORD, "rb")
            try:
                data = f.read()
            finally:
                f.close()
        except OSError:
            pass
        try:
            files.remove(RECORD)
        except OSError:
            pass
        try:
            record = json.loads(data)
        except Exception:  # noqa: BLE001 - a cut or damaged record: the main menu
            return None
        return record if isinstance(record, dict) else None

    def write(self, record):
        f = self.files.open(RECORD, "wb")
        try:
            f.write(json.dumps(record).encode())
            f.flush()
        finally:
            f.close()

    def switch(self, app, record):
        """Make the next boot open ``record``: at once in one process, else by a restart."""
        if self.restart is not None:
            app.show_switching(record)
            raise Switch(record)
        app.finish_still_work()  # the jobs a device runs before it restarts
        self.write(record)
        app.reboot(self.take())

    def restart_with(self, record):
        """On a device, at the top of its loop: write the record and restart."""
        self.write(record)
        self.restart()
