"""The "Dice & bag" tool's menu: every die of ``dice.DICE``, the bags, the history.

Left/right move, ok opens the roll page of a die (``dice_roll_screen``), the
page of a bag (``bag_screen``) or the history, back returns to the main menu.
The history shows the last rolls and draws one at a time, drawn as large as
when they happened (left: older, right: newer); long ok on a roll page opens
it too. The tool
is not a match: nothing is journalled, but its ``Rng`` takes a fresh seed
from ``app.hal.new_seed()``. The main menu keeps this screen, and hands its
state (``lasting_state``) to ``app.lasting`` when the app switches to a
game's boot, so the bags, the history and the number of dice chosen for each
die last until power-off.
"""

from pawtrack import dice
from pawtrack.buttons import REPEAT, SHORT
from pawtrack.dicetool import DiceTool
from pawtrack.rng import Rng
from pawtrack.ui import widgets
from pawtrack.ui.bag_screen import BagScreen, draw_token
from pawtrack.ui.dice_roll_screen import RollScreen, draw_roll, face_color, roll_lines
from pawtrack.ui.menu import MenuScreen
from pawtrack.ui.screen import Screen

# How many dice a roll page starts with (the number the game rolls at once).
DEFAULT_COUNTS = {"mmm": 3, "prey": 15}


def die_entry(die_id):
    for entry in dice.DICE:
        if entry[0] == die_id:
            return entry
    raise KeyError(die_id)


class DiceToolScreen(MenuScreen):
    title = "Dice & bag"

    def __init__(self, app, lasting=None):
        """``lasting``: what ``lasting_state`` gave before a switch, or None."""
        MenuScreen.__init__(self, app)
        self.tool = DiceTool(Rng(app.hal.new_seed()))
        self.counts = {}
        if isinstance(lasting, dict):
            try:
                self.tool.restore(lasting.get("tool"))
                self.counts = dict(lasting.get("counts", {}))
            except (ValueError, TypeError):
                pass  # a record from another firmware: a fresh tool
        self.items = [("die", entry[0]) for entry in dice.DICE]
        self.items += [("bag", bag_id) for bag_id in self.tool.order]
        self.items.append(("history", None))

    def lasting_state(self):
        """The tool's bags, history and dice counts as JSON values (see DiceTool)."""
        return {"tool": self.tool.lasting_state(), "counts": self.counts}

    def count(self, die_id):
        return self.counts.get(die_id, DEFAULT_COUNTS.get(die_id, 1))

    def set_count(self, die_id, count):
        self.counts[die_id] = count

    def bag_label(self, bag_id):
        if bag_id == "numbers":
            return "Numbers 1-%d" % len(self.tool.bags["numbers"].tokens)
        for entry in dice.bags():
            if entry[0] == bag_id:
                return entry[1]
        return bag_id

    def entries(self):
        labels = []
        for kind, target in self.items:
            if kind == "die":
                labels.append("%s x%d" % (die_entry(target)[1], self.count(target)))
            elif kind == "bag":
                bag = self.tool.bags[target]
                labels.append("%s %d/%d" % (self.bag_label(target), len(bag), len(bag.tokens)))
            else:
                labels.append("History")
        return labels

    def pick(self, index):
        kind, target = self.items[index]
        if kind == "die":
            _id, label, faces = die_entry(target)
            self.app.push(RollScreen(self.app, self, target, label, faces))
        elif kind == "bag":
            self.app.push(BagScreen(self.app, self, target))
        else:
            self.open_history()
        return True

    def open_history(self):
        self.app.push(HistoryScreen(self.app, self))

    def describe(self, entry):
        """One history entry in words (for the protocol's text view)."""
        kind = entry["kind"]
        if kind == "roll":
            _id, label, faces = die_entry(entry["die"])
            return "%s x%d: %s" % (
                label,
                len(entry["faces"]),
                " ".join(roll_lines(entry["faces"], faces)),
            )
        label = self.bag_label(entry["bag"])
        if kind == "draw":
            text = "%s: drew %s, %d left" % (label, entry["token"], entry["left"])
            if entry["shuffled"]:
                text += " (all back in first)"
            return text
        return "%s: refilled, %d in" % (label, entry["left"])


class HistoryScreen(Screen):
    """The tool's last rolls and draws, newest first; ok or back return."""

    def __init__(self, app, menu):
        Screen.__init__(self, app)
        self.menu = menu
        self.index = 0

    def entry(self):
        history = self.menu.tool.history
        if not history:
            return None
        self.index = min(self.index, len(history) - 1)
        return history[self.index]

    def button(self, name, kind):
        if name in ("back", "ok") and kind == SHORT:
            self.app.pop()
            return True
        count = len(self.menu.tool.history)
        if name in ("left", "right") and kind in (SHORT, REPEAT) and count:
            step = 1 if name == "left" else -1  # left: older
            self.index = (self.index + step) % count
            return True
        return False

    def draw(self, canvas):
        entry = self.entry()
        if entry is None:
            widgets.title(canvas, "History")
            widgets.centered(canvas, "Nothing yet", 28)
            return
        where = "%d/%d" % (self.index + 1, len(self.menu.tool.history))
        if entry["kind"] == "roll":
            _id, label, faces = die_entry(entry["die"])
            widgets.title(canvas, "%s x%d" % (label, len(entry["faces"])), where)
            draw_roll(canvas, entry["faces"], faces)
            return
        widgets.title(canvas, self.menu.bag_label(entry["bag"]), where)
        if entry["kind"] == "draw":
            draw_token(canvas, entry["bag"], entry["token"], 14)
            note = "%d left" % entry["left"]
            if entry["shuffled"]:
                note = "all back in, %d left" % entry["left"]
            widgets.centered(canvas, note, 50)
        else:
            widgets.centered(canvas, "refilled", 20, 2)
            widgets.centered(canvas, "%d in the bag" % entry["left"], 44)

    def lights(self, layer):
        entry = self.entry()
        if entry is not None and entry["kind"] == "roll":
            for index in range(min(len(entry["faces"]), layer.count)):
                layer.set(index, face_color(entry["faces"][index]))

    def text_lines(self):
        entry = self.entry()
        if entry is None:
            return ["Nothing yet"]
        return ["%d/%d" % (self.index + 1, len(self.menu.tool.history)), self.menu.describe(entry)]
