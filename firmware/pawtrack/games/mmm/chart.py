"""Mmm! end-of-game chart, the Mice of Legend streak and the results history.

The chart (docs/rules/mmm.md, 1.3): a win is rated by the cat's distance ``d`` from the
pantry at the moment of victory, a loss by the food pieces left. The rules
(rules.py ``win_rating``/``loss_rating``) give the rating ids; their texts for
the screen are in ``RATING_TEXT``:

    won:  d >= 6 "incredible", 4-5 "extraordinary", 2-3 "well_done", 1 "phew"
    lost: left 1 "almost", 2-3 "nobody_starves", 4-5 "not_much", >= 6 "pantry_full"

Mice of Legend: two wins in a row, both with ``d >= 6``, the second played
right after the first; by default both with the same setting (side, variant
and track length: a longer track would make it easier).

``History`` is the small record the device keeps in flash (history.py writes
it through ``pawtrack.files``): wins and losses per side and variant, the last
result (with ``legend``: did it earn the title), the current streak of d >= 6
wins and the legends earned. ``record(result, key)`` remembers the state before
that game under ``key`` (the match's seed and action count), so
``unrecord(key)`` can take the game back when its last action is undone; only
the latest game can be taken back, which is all undo can reach.
``to_json``/``from_json`` round-trip it; ``from_json`` raises ValueError on a
corrupt or foreign record so the caller can set it aside.
"""

import json

LEGEND_DISTANCE = 6

RATING_TEXT = {
    "incredible": "Incredible!",
    "extraordinary": "Extraordinary!",
    "well_done": "Well done!",
    "phew": "Phew, that was close",
    "almost": "Almost made it",
    "nobody_starves": "Nobody goes hungry",
    "not_much": "Not much gathered",
    "pantry_full": "Pantry still full",
}

HISTORY_VERSION = 1


def setting_key(result):
    """The counter key of a result: board side and variant, e.g. "s1-line"."""
    return "s%d-%s" % (result["side"], result["variant"])


def same_setting(a, b):
    return a["side"] == b["side"] and a["variant"] == b["variant"] and a["track"] == b["track"]


def legend_grade(result):
    """True for a win that counts towards Mice of Legend (d >= 6)."""
    return bool(result["won"]) and result["distance"] >= LEGEND_DISTANCE


def legend_earned(previous, result, require_same_setting=True):
    """Does ``result`` earn Mice of Legend, given the ``previous`` result (or None)?"""
    if previous is None or not legend_grade(previous) or not legend_grade(result):
        return False
    return not require_same_setting or same_setting(previous, result)


def _last_record(result, earned):
    """The part of a result the history keeps."""
    return {
        "won": bool(result["won"]),
        "distance": result["distance"],
        "pieces_left": result["pieces_left"],
        "side": result["side"],
        "variant": result["variant"],
        "level": result["level"],
        "track": result["track"],
        "legend": earned,
    }


LAST_FIELDS = ("won", "distance", "pieces_left", "side", "variant", "level", "track")


def _count(value, what):
    if not isinstance(value, int) or value is True or value is False or value < 0:
        raise ValueError("history: bad " + what)
    return value


class History:
    """Results since the record was made: counters, last result, streak."""

    def __init__(self, require_same_setting=True):
        self.require_same_setting = require_same_setting
        self.wins = {}
        self.losses = {}
        self.last = None
        self.streak = 0
        self.legends = 0
        self.undo = None  # {"key": [seed, actions], "before": counters dict}

    def games(self):
        total = 0
        for counters in (self.wins, self.losses):
            for key in counters:
                total += counters[key]
        return total

    def record(self, result, key=None):
        """Add a finished game's result; return True if it earns Mice of Legend."""
        before = self._counters()
        earned = legend_earned(self.last, result, self.require_same_setting)
        setting = setting_key(result)
        counters = self.wins if result["won"] else self.losses
        counters[setting] = counters.get(setting, 0) + 1
        if legend_grade(result):
            self.streak = self.streak + 1 if earned else 1
        else:
            self.streak = 0
        if earned:
            self.legends += 1
        self.last = _last_record(result, earned)
        self.undo = None if key is None else {"key": list(key), "before": before}
        return earned

    def recorded(self, key):
        """True if the latest game recorded is the one called ``key``."""
        return self.undo is not None and self.undo["key"] == list(key)

    def unrecord(self, key):
        """Take back the latest game if it is ``key``; True if it was."""
        if not self.recorded(key):
            return False
        self._restore(self.undo["before"])
        self.undo = None
        return True

    def _counters(self):
        return {
            "wins": dict(self.wins),
            "losses": dict(self.losses),
            "last": None if self.last is None else dict(self.last),
            "streak": self.streak,
            "legends": self.legends,
        }

    def _restore(self, data):
        """Set the counters from a dict like ``_counters`` (ValueError if bad)."""
        counters = {}
        for name in ("wins", "losses"):
            found = data.get(name)
            if not isinstance(found, dict):
                raise ValueError("history: bad " + name)
            for key in found:
                _count(found[key], "count for " + str(key))
            counters[name] = dict(found)
        last = data.get("last")
        if last is not None:
            if not isinstance(last, dict):
                raise ValueError("history: bad last result")
            for field in LAST_FIELDS:
                if field not in last:
                    raise ValueError("history: bad last result")
        streak = _count(data.get("streak"), "streak")
        legends = _count(data.get("legends"), "legends")
        self.wins = counters["wins"]
        self.losses = counters["losses"]
        self.last = last
        self.streak = streak
        self.legends = legends

    def to_dict(self):
        data = self._counters()
        data["v"] = HISTORY_VERSION
        data["game"] = "mmm"
        data["same_setting"] = self.require_same_setting
        data["undo"] = self.undo
        return data

    def to_json(self):
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text):
        """A History from ``to_json`` text; ValueError if it is not one."""
        data = None
        try:
            data = json.loads(text)
        except Exception:  # noqa: BLE001 - each interpreter raises its own kind
            pass
        if not isinstance(data, dict) or data.get("game") != "mmm":
            raise ValueError("not an Mmm! history")
        if data.get("v") != HISTORY_VERSION:
            raise ValueError("unknown history version")
        history = cls(bool(data.get("same_setting", True)))
        history._restore(data)
        undo = data.get("undo")
        if undo is not None:
            key = undo.get("key") if isinstance(undo, dict) else None
            if not isinstance(key, list) or len(key) != 2:
                raise ValueError("history: bad undo")
            check = cls()
            check._restore(undo.get("before") or {})
            history.undo = {"key": key, "before": check._counters()}
        return history
