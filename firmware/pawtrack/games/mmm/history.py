"""The Mmm! results history on flash, updated exactly once per finished game.

``attach(app)`` returns the session's one ``Keeper``, made on first use. The
package's ``ResultsListener`` (added to ``app.session.listeners`` when an Mmm!
table is made) hands it every end and undo the session announces, whether the
action came from the buttons or from the serial protocol, loading this
module only then. The keeper reacts to two:

* ``end`` of an Mmm! match: the result goes into ``chart.History`` under the
  key ``[seed, actions]`` (the match's seed and its action count at the end)
  and the history is written to ``mmm_history.json`` with
  ``pawtrack.files.safe_write`` (old or new after a power cut, never a mix)
  once the screen is still (``App.when_still``), not in the press: the press's
  call stack is deep, and LittleFS compacting a folder there needed more of
  the Pico's 8 KiB C stack than was left ("maximum recursion depth exceeded"
  on the emulated Pico at a game's end). A power cut in that moment leaves
  the game out of the history; the match itself is saved;
* ``undo`` of an Mmm! match whose key (before the undo) is the latest game
  recorded: that game is taken back (``History.unrecord``) and written.

Why this counts each game once: the rules send ``end`` only when an action
finishes the game; nothing is accepted after the end, so the only way to see
``end`` again is to undo the final action first, which takes the game back
out. A resume (menu or protocol, after a power cut or not) replays the
journal silently, without events, so it counts nothing; and the undo
information is on flash, so "end, power cut, resume, undo, end" still counts
one game. Keys may repeat (the simulator counts its seeds from 1 after every
start), which does no harm: a key is only compared with the latest record,
when the current match's last action is undone.

A damaged or foreign file is set aside and a fresh history started; the
screens show ``notice``. A failed write keeps the history in memory (the next
game tries again) and sets ``notice`` too. ``games`` and ``wins`` count since
power-on: they live in ``app.lasting``, which the launch record carries from
boot to boot (pawtrack.hal.launcher), so a game of something else in between
does not reset them.
"""

from pawtrack import files as file_io
from pawtrack.games.mmm.chart import History

PATH = "mmm_history.json"
DAMAGED = "Bad history set aside"
NOT_SAVED = "History not saved!"


def load(files):
    """(History, notice or None) from flash; a bad file is set aside."""
    data, message = file_io.safe_read(files, PATH, "History")
    if data is None:
        return History(), message
    try:
        return History.from_json(data.decode()), None
    except (ValueError, UnicodeError):
        file_io.set_aside(files, PATH)
        return History(), DAMAGED


def save(files, history):
    """Write the history (OSError if the flash refuses)."""
    file_io.safe_write(files, PATH, history.to_json().encode())


class Keeper:
    def __init__(self, app):
        self.app = app
        self.history, self.notice = load(app.files)
        # Since power-on: games, wins, the latest game counted (its key) and whether it
        # was won.
        self.since = app.lasting.setdefault("mmm history", [0, 0, None, False])

    @property
    def games(self):
        return self.since[0]

    @property
    def wins(self):
        return self.since[1]

    def __call__(self, event):
        kind = event.get("ev")
        if kind != "end" and kind != "undo":
            return
        match = self.app.session.match
        if match is None or match.game_id != "mmm":
            return
        since = self.since
        if kind == "end":
            result = match.game.result
            key = [match.seed, match.moves]
            self.history.record(result, key)
            since[0] += 1
            if result["won"]:
                since[1] += 1
            since[2] = key
            since[3] = bool(result["won"])
        else:
            key = [match.seed, match.moves + 1]  # the match before the undo
            if not self.history.unrecord(key):
                return
            if since[2] == key:
                since[0] -= 1
                if since[3]:
                    since[1] -= 1
                since[2] = None
        self.app.when_still(self.write_now)

    def write_now(self):
        """The still job: write, and have a failure's notice drawn."""
        if not self.write():
            self.app.mark_dirty()

    def write(self):
        try:
            save(self.app.files, self.history)
        except OSError:
            self.notice = NOT_SAVED
            return False
        if self.notice == NOT_SAVED:
            self.notice = None
        return True

    def this_game(self, match):
        """True if ``match`` is over and the latest game recorded is it."""
        return match.is_over() and self.history.recorded([match.seed, match.moves])


def attach(app):
    """The app's Keeper: the one its ResultsListener (the package's ``results``) holds."""
    from pawtrack.games.mmm import results

    return results(app).keeper()
