"""Mmm! end-of-game chart, the Mice of Legend streak and the results history.

The chart (RULES.md 1.3): a win is rated by the cat's distance ``d`` from the
pantry at the moment of victory, a loss by the food pieces left. Rating ids
(texts for the screen in ``RATING_TEXT``):

    won:  d >= 6 "incredible", 4-5 "extraordinary", 2-3 "well_done", 1 "phew"
    lost: left 1 "almost", 2-3 "nobody_starves", 4-5 "not_much", >= 6 "pantry_full"

Mice of Legend: two wins in a row, both with ``d >= 6``, the second played
right after the first; by default both with the same setting (side, variant
and track length: a longer track would make it easier).

``History`` is the small record the device keeps in flash (written by the UI
through ``pawtrack.files``): wins and losses per side and variant, the last
result, the current streak of d >= 6 wins and the legends earned.
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


def win_rating(distance):
    """Rating id of a win with the cat ``distance`` moves from the pantry (>= 1)."""
    if distance >= 6:
        return "incredible"
    if distance >= 4:
        return "extraordinary"
    if distance >= 2:
        return "well_done"
    return "phew"


def loss_rating(pieces_left):
    """Rating id of a loss with ``pieces_left`` food squares uncovered (>= 1)."""
    if pieces_left >= 6:
        return "pantry_full"
    if pieces_left >= 4:
        return "not_much"
    if pieces_left >= 2:
        return "nobody_starves"
    return "almost"


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


def _last_record(result):
    """The part of a result the history keeps."""
    return {
        "won": bool(result["won"]),
        "distance": result["distance"],
        "pieces_left": result["pieces_left"],
        "side": result["side"],
        "variant": result["variant"],
        "level": result["level"],
        "track": result["track"],
    }


class History:
    """Results since the record was made: counters, last result, streak."""

    def __init__(self, require_same_setting=True):
        self.require_same_setting = require_same_setting
        self.wins = {}
        self.losses = {}
        self.last = None
        self.streak = 0
        self.legends = 0

    def record(self, result):
        """Add a finished game's result; return True if it earns Mice of Legend."""
        earned = legend_earned(self.last, result, self.require_same_setting)
        key = setting_key(result)
        counters = self.wins if result["won"] else self.losses
        counters[key] = counters.get(key, 0) + 1
        if legend_grade(result):
            self.streak = self.streak + 1 if earned else 1
        else:
            self.streak = 0
        if earned:
            self.legends += 1
        self.last = _last_record(result)
        return earned

    def to_dict(self):
        return {
            "v": HISTORY_VERSION,
            "game": "mmm",
            "same_setting": self.require_same_setting,
            "wins": self.wins,
            "losses": self.losses,
            "last": self.last,
            "streak": self.streak,
            "legends": self.legends,
        }

    def to_json(self):
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text):
        """A History from ``to_json`` text; ValueError if it is not one."""
        try:
            data = json.loads(text)
        except Exception:
            raise ValueError("history is not JSON") from None
        if not isinstance(data, dict) or data.get("game") != "mmm":
            raise ValueError("not an Mmm! history")
        if data.get("v") != HISTORY_VERSION:
            raise ValueError("unknown history version")
        history = cls(bool(data.get("same_setting", True)))
        for name in ("wins", "losses"):
            counters = data.get(name)
            if not isinstance(counters, dict):
                raise ValueError("history: bad " + name)
            for key in counters:
                value = counters[key]
                if not isinstance(value, int) or value < 0:
                    raise ValueError("history: bad count for " + str(key))
            setattr(history, name, counters)
        last = data.get("last")
        if last is not None:
            for field in ("won", "distance", "pieces_left", "side", "variant", "level", "track"):
                if not isinstance(last, dict) or field not in last:
                    raise ValueError("history: bad last result")
        history.last = last
        for name in ("streak", "legends"):
            value = data.get(name)
            if not isinstance(value, int) or value < 0:
                raise ValueError("history: bad " + name)
            setattr(history, name, value)
        return history
