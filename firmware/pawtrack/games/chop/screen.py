"""Cat & Mouse on the 128x64 screen: whose turn, the die, the counters, the tiles.

The title says whose turn it is ("Mouse 2", "Cat", "again, same mouse" after a
knife). The left half shows the side's picture and the die rolled; the right
half the cheese, catches and open holes, and the last tile with what it does.
One row of choices at the bottom: left/right cycle the legal actions, ok does
the one shown. Back goes to the main menu, long back undoes, long ok shows
the tiles still in the mix.

LEDs: the cheese on the first 10 LEDs (yellow), the mice caught on the next 4
(red) when the strip has room for them, and the last LED in the side's colour
(blue = cat, white = mice).
"""

from pawtrack.buttons import SHORT
from pawtrack.games.chop.rules import CHEESE_GOAL, MICE, tile_effect
from pawtrack.ui import icons, lights, widgets
from pawtrack.ui.choices import ChoiceScreen, choice_row
from pawtrack.ui.screen import Screen

# What a tile did, in at most 10 characters (the right half of the screen).
EFFECT_TEXT = {
    "cheese": "+1 cheese",
    "cheese_full": "chs full",
    "cheese_face_up": "chs faceup",
    "bonus_1": "move +1",
    "bonus_2": "move +2",
    "free_move": "anywhere",
    "fork": "fork: chs?",
    "knife": "knife!",
}


def effect_text(tile, effect):
    return EFFECT_TEXT.get(effect, tile[:10])


def action_label(action):
    words = action.split()
    verb = words[0]
    if verb == "roll":
        return "Roll die"
    if verb == "flip":
        return "Flip tile"
    if verb == "tile":
        return "Tile: " + words[1]
    if verb == "home":
        return "Mouse home?"
    if verb == "end":
        return "End turn"
    return verb[0].upper() + verb[1:] + " " + words[1]


def turn_title(turn):
    if turn["side"] == "cat":
        name = "Cat"
    else:
        name = "Mouse %d" % turn["mouse_player"]
    if turn["again"]:
        return name + " again"
    return name


class ChopScreen(ChoiceScreen):
    def __init__(self, app, match):
        ChoiceScreen.__init__(self, app, match)
        self.message = ""

    def actions(self):
        actions = self.game.legal_actions()
        if "end" in actions:
            # End first: most turns end without a tile or a counter change.
            actions = ["end"] + [a for a in actions if a != "end"]
        return actions

    def more(self):
        return MixScreen(self.app)

    def acted(self, events):
        self.message = self.describe(events)

    def undone(self):
        self.message = ""

    def describe(self, events):
        """A short line about what just happened, for the right half."""
        for event in events:
            if event["ev"] == "not_home":
                parts = []
                if event["cheese_missing"]:
                    parts.append("%d chs" % event["cheese_missing"])
                if event["holes_missing"]:
                    parts.append("%d hole" % event["holes_missing"])
                return "need " + " ".join(parts)
            if event["ev"] == "tile":
                return effect_text(event["tile"], event["effect"])
        return ""

    # -- drawing -------------------------------------------------------------

    def draw(self, canvas):
        state = self.game.state()
        turn = state["turn"]
        widgets.title(canvas, turn_title(turn), "T%d" % turn["number"])
        if state["over"]:
            winner = state["result"]["winner"]
            canvas.icon(icons.MOUSE if winner == "mice" else icons.CAT, 0, 14)
            canvas.text("Mice win!" if winner == "mice" else "Cat wins!", 0, 41)
        else:
            canvas.icon(icons.MOUSE if turn["side"] == "mouse" else icons.CAT, 0, 14)
            value = "?" if state["rolled"] is None else str(state["rolled"])
            canvas.text(value, 32, 16, 1, 3)
            if turn["same_mouse"]:
                canvas.text("same mouse", 0, 42)
            elif turn["knife"]:
                canvas.text("cat twice" if turn["next"] == "cat" else "mice twice", 0, 42)
        canvas.vline(63, 12, 40, 1)
        x = 66
        canvas.text("Cheese %d" % state["cheese"], x, 13)
        canvas.text("Caught %d" % state["caught"], x, 22)
        canvas.text("Holes  %d" % state["holes"], x, 31)
        last = state["tiles"]["last"]
        if self.message:
            canvas.text(self.message[:10], x, 42)
        elif last is not None:
            canvas.text(effect_text(last, tile_effect(last, turn["side"])), x, 42)
        choice, actions = self.current()
        if choice is not None:
            choice_row(canvas, action_label(choice), len(actions))
        else:
            widgets.hint(canvas, "BACK: menu")

    def lights(self, layer):
        state = self.game.state()
        for index in range(min(CHEESE_GOAL, state["cheese"], layer.count - 1)):
            layer.set(index, lights.YELLOW)
        if layer.count > CHEESE_GOAL + MICE:
            for index in range(state["caught"]):
                layer.set(CHEESE_GOAL + index, lights.RED)
        side = state["turn"]["side"]
        layer.set(layer.count - 1, lights.BLUE if side == "cat" else lights.WHITE)

    def text_lines(self):
        state = self.game.state()
        lines = [turn_title(state["turn"]) + " T%d" % state["turn"]["number"]]
        lines.append("rolled %s" % ("-" if state["rolled"] is None else state["rolled"]))
        lines.append("cheese %d caught %d holes %d" % (
            state["cheese"], state["caught"], state["holes"]))
        if state["turn"]["same_mouse"]:
            lines.append("same mouse")
        elif state["turn"]["knife"]:
            lines.append("%s twice" % ("cat" if state["turn"]["next"] == "cat" else "mice"))
        if self.message:
            lines.append(self.message)
        if state["over"]:
            lines.append("%s won" % state["result"]["winner"])
        choice, _actions = self.current()
        if choice is not None:
            lines.append("> " + action_label(choice))
        return lines


class MixScreen(Screen):
    """The tiles still in the mix (physical mode: as far as the players entered them)."""

    @property
    def game(self):
        return self.app.session.match.game

    def button(self, name, kind):
        if name in ("back", "ok") and kind == SHORT:
            self.app.pop()
            return True
        return False

    def draw(self, canvas):
        tiles = self.game.state()["tiles"]
        widgets.title(canvas, "Tiles left", "%d" % tiles["left"])
        remaining = tiles["remaining"]
        y = 13
        for index in range(len(remaining)):
            token, count = remaining[index]
            x = 0 if index % 2 == 0 else 66
            canvas.text("%s %d" % (token[:7], count), x, y)
            if index % 2 == 1:
                y += 9

    def text_lines(self):
        tiles = self.game.state()["tiles"]
        return ["%s %d" % (token, count) for token, count in tiles["remaining"]]
