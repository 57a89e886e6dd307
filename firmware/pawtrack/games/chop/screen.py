"""Cat & Mouse on the 128x64 screen: whose turn, the die, the counters, the tiles.

The title says whose turn it is ("Mouse 2", "Cat", "again, same mouse" after a
knife). The left half shows the side's picture and the die rolled; the right
half the cheese, catches and open holes, and the last tile with what it does.
One row of choices at the bottom: left/right cycle the legal actions, ok does
the one shown. Back goes to the main menu, long back undoes, long ok shows
the tiles still in the mix (marked "~" when the counts are estimates: the
default mix is a guess).

Everything drawn is read from the rules' attributes and small queries
(``same_mouse()``, ``next_side()``, ``kind_left()``...), never from
``state()``; the choices and their labels are worked out once per change of
the match, not per frame.

LEDs: the cheese on the first 10 LEDs (yellow), the mice caught on the next 4
(red) when the strip has room for them, and the last LED in the side's colour
(blue = cat, white = mice).
"""

from pawtrack import table_rolls
from pawtrack.buttons import SHORT
from pawtrack.games.chop.rules import CHEESE_GOAL, COUNTERS, KINDS, MICE, TILE_ACTIONS, tile_effect
from pawtrack.ui import icons, lights, widgets
from pawtrack.ui.choices import ChoiceScreen, choice_row
from pawtrack.ui.screen import Screen

# Where things go on the 128x64 screen.
PICTURE_X, PICTURE_Y = 0, 14  # the mouse or the cat (24x24)
DIE_X, DIE_Y, DIE_SCALE = 32, 16, 3  # the number rolled, three times the font size
NOTE_Y = 42  # "same mouse", "cat twice", the winner
DIVIDER_X, DIVIDER_TOP, DIVIDER_HEIGHT = 63, 12, 40
COUNTS_X = 66  # the right half: counters and the last tile
COUNT_ROWS = (13, 22, 31)  # cheese, caught, holes
TILE_Y = 42
RIGHT_CHARS = 10  # characters that fit in the right half
MIX_COLUMNS = (0, 66)  # the mix page: two columns of kinds
MIX_FIRST_Y, MIX_ROW = 13, 9
ESTIMATE = "~"

# What a tile did, in at most 10 characters (the right half of the screen).
EFFECT_TEXT = {
    "cheese": "+1 cheese",
    "cheese_full": "goal met",  # a cheese tile with the cheese goal already reached
    "cheese_face_up": "cheese up",
    "bonus_1": "move +1",
    "bonus_2": "move +2",
    "free_move": "anywhere",
    "fork": "get cheese",  # a mouse may take a face-up cheese
    "knife": "knife!",
}
COUNTER_TEXT = {"cheese": "Cheese %d", "caught": "Caught %d", "holes": "Holes  %d"}


def _labels():
    """{action: label} for every action the rules can offer (no parsing at draw time)."""
    labels = {"roll": "Roll die", "flip": "Flip tile", "home": "Mouse home?", "end": "End turn"}
    labels[table_rolls.template("roll")] = "Roll die"  # rolls: table asks for the value
    for index in range(len(KINDS)):
        labels[TILE_ACTIONS[index]] = "Tile: " + KINDS[index]
    for name in COUNTERS:
        title = name[0].upper() + name[1:]
        labels[name + " +1"] = title + " +1"
        labels[name + " -1"] = title + " -1"
    return labels


ACTION_LABELS = _labels()


def action_label(action):
    return ACTION_LABELS.get(action, action)


def effect_text(tile, effect):
    return EFFECT_TEXT.get(effect, tile[:RIGHT_CHARS])


def turn_title(game):
    """ "Mouse 2", "Cat", "Cat again"."""
    name = "Cat" if game.side == "cat" else "Mouse %d" % (game.mouse_player + 1)
    return name + " again" if game.again else name


def twice_note(game):
    """The line under the die: the double turn a knife gave, or ""."""
    if game.same_mouse():
        return "same mouse"
    if game.knife:
        return "cat twice" if game.next_side() == "cat" else "mice twice"
    return ""


class ChopScreen(ChoiceScreen):
    def __init__(self, app, match):
        ChoiceScreen.__init__(self, app, match)
        self.message = ""
        self.listed = None  # (match, changes) the cached choices belong to
        self.cached = []

    def actions(self):
        match = self.app.session.match
        if self.listed != (match, match.changes):
            actions = match.game.legal_actions()
            if "end" in actions:
                # End first: most turns end without a tile or a counter change.
                actions.remove("end")
                actions.insert(0, "end")
            self.cached = actions
            self.listed = (match, match.changes)
        return self.cached

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
        game = self.game
        widgets.title(canvas, turn_title(game), "T%d" % game.turn)
        if game.result is not None:
            mice = game.result["winner"] == "mice"
            canvas.icon(icons.MOUSE if mice else icons.CAT, PICTURE_X, PICTURE_Y)
            canvas.text("Mice win!" if mice else "Cat wins!", PICTURE_X, NOTE_Y)
        else:
            canvas.icon(icons.MOUSE if game.side == "mouse" else icons.CAT, PICTURE_X, PICTURE_Y)
            value = "?" if game.rolled is None else str(game.rolled)
            canvas.text(value, DIE_X, DIE_Y, 1, DIE_SCALE)
            note = twice_note(game)
            if note:
                canvas.text(note, PICTURE_X, NOTE_Y)
        canvas.vline(DIVIDER_X, DIVIDER_TOP, DIVIDER_HEIGHT, 1)
        for index in range(len(COUNTERS)):
            name = COUNTERS[index]
            canvas.text(COUNTER_TEXT[name] % game.counters[name], COUNTS_X, COUNT_ROWS[index])
        if self.message:
            canvas.text(self.message[:RIGHT_CHARS], COUNTS_X, TILE_Y)
        elif game.last_tile is not None:
            effect = effect_text(game.last_tile, tile_effect(game.last_tile, game.side))
            canvas.text(effect, COUNTS_X, TILE_Y)
        choice, actions = self.current()
        if choice is not None:
            choice_row(canvas, action_label(choice), len(actions))
        else:
            widgets.hint(canvas, "BACK: menu")

    def lights(self, layer):
        game = self.game
        for index in range(min(CHEESE_GOAL, game.counters["cheese"], layer.count - 1)):
            layer.set(index, lights.YELLOW)
        if layer.count > CHEESE_GOAL + MICE:
            for index in range(game.counters["caught"]):
                layer.set(CHEESE_GOAL + index, lights.RED)
        layer.set(layer.count - 1, lights.BLUE if game.side == "cat" else lights.WHITE)

    def text_lines(self):
        game = self.game
        lines = [turn_title(game) + " T%d" % game.turn]
        lines.append("rolled %s" % ("-" if game.rolled is None else game.rolled))
        counters = game.counters
        lines.append("cheese %d caught %d holes %d" % (
            counters["cheese"], counters["caught"], counters["holes"]))
        note = twice_note(game)
        if note:
            lines.append(note)
        if self.message:
            lines.append(self.message)
        if game.result is not None:
            lines.append("%s won" % game.result["winner"])
        choice, _actions = self.current()
        if choice is not None:
            lines.append("> " + action_label(choice))
        return lines


class MixScreen(Screen):
    """The tiles not yet turned: the deck's (digital), or the mix less what was entered."""

    @property
    def game(self):
        return self.app.session.match.game

    def button(self, name, kind):
        if name in ("back", "ok") and kind == SHORT:
            self.app.pop()
            return True
        return False

    def count_text(self, count):
        return (ESTIMATE if self.game.estimate() else "") + str(count)

    def draw(self, canvas):
        game = self.game
        widgets.title(canvas, "Tiles left", self.count_text(game.tiles_left()))
        y = MIX_FIRST_Y
        for index in range(len(KINDS)):
            column = index % len(MIX_COLUMNS)
            text = "%s %s" % (KINDS[index][:7], self.count_text(game.kind_left(index)))
            canvas.text(text, MIX_COLUMNS[column], y)
            if column == len(MIX_COLUMNS) - 1:
                y += MIX_ROW
        if game.estimate():
            widgets.hint(canvas, "~ = an estimate")

    def text_lines(self):
        game = self.game
        if game.estimate():
            lines = ["about %d left (a guess)" % game.tiles_left()]
        else:
            lines = ["%d left" % game.tiles_left()]
        for index in range(len(KINDS)):
            lines.append("%s %s" % (KINDS[index], self.count_text(game.kind_left(index))))
        return lines
