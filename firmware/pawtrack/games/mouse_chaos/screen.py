"""Mouse Chaos on the 128x64 screen: the turn prompt, the nests, the seats.

The table screen shows whose turn and which step it is, the holder drawn, the
four nests in their corners (mice and owner), and one row of choices at the
bottom: left/right cycle the legal actions, ok does the one shown. Back goes
to the main menu, long back undoes, long ok opens the seats page.

The seats page lists every player's nest. In secret-colour mode it shows a
player's colour only while ok is held down on that player (hold to peek), and
the LEDs show no colours at all, so the device can be passed around.

LEDs: the nests, ``count // 4`` LEDs each (at most 4) in corner order, one lit
per mouse, in the nest's colour (white in secret mode).
"""

from pawtrack.buttons import SHORT
from pawtrack.games.mouse_chaos.rules import NESTS
from pawtrack.ui import icons, lights, widgets
from pawtrack.ui.choices import ChoiceScreen, choice_row
from pawtrack.ui.screen import Screen

COLOUR_LEDS = {
    "red": lights.RED,
    "yellow": lights.YELLOW,
    "green": lights.GREEN,
    "blue": lights.BLUE,
}
STEP_TITLES = ("", "draw", "move", "chair")


def action_label(action):
    words = action.split()
    verb = words[0]
    if verb == "draw":
        return "Draw holder"
    if verb == "enter":
        return "Mouse into " + words[1].upper()
    if verb == "catch":
        return "Cat caught one"
    if verb == "done":
        return "Done"
    if verb == "skip":
        return "Skip step"
    if verb == "own":
        return "Own colour"
    if verb == "colour":
        return "It is " + words[1]
    return action


class MouseChaosScreen(ChoiceScreen):
    def actions(self):
        game = self.game
        actions = game.legal_actions()
        if game.state()["step"] == 2 and "done" in actions:
            # Done and skip first: most turns move a piece without a nest.
            first = [a for a in actions if a in ("done", "skip")]
            actions = first + [a for a in actions if a not in first]
        return actions

    def more(self):
        return SeatsScreen(self.app)

    # -- drawing -------------------------------------------------------------

    def title(self, state):
        if state["over"]:
            return "Game over"
        if state["phase"] == "reveal":
            return "%s nest full" % state["reveal"]["nest"].upper()
        return "P%d %s" % (state["player"], STEP_TITLES[state["step"]])

    def prompt(self, state):
        """Up to three short lines for the left half."""
        if state["over"]:
            result = state["result"]
            if result["winner"] is None:
                return [result["colour"], "nest won:", "all lose"]
            return ["P%d wins!" % result["winner"], result["colour"]]
        if state["phase"] == "reveal":
            reveal = state["reveal"]
            return ["P%d turns" % reveal["by"], "mouse %d/4" % reveal["mouse"]]
        if state["step"] == 1:
            return ["Draw a", "cheese", "holder"]
        if state["step"] == 2:
            return ["Move a", "mouse/cat", "up to %d" % state["number"]]
        return ["Move a", "chair or", "cheese"]

    def draw(self, canvas):
        state = self.game.state()
        widgets.title(canvas, self.title(state), "T%d" % state["turn"])
        y = 14
        lines = self.prompt(state)
        if state["phase"] == "turn" and state["step"] == 2 and not state["over"]:
            canvas.icon(icons.HOLDER, 0, 13)
            canvas.text(str(state["number"]), 28, 17, 1, 2)
            y = 41
            lines = ["mouse/cat"]
        for line in lines:
            canvas.text(line, 0, y)
            y += 9
        self.draw_nests(canvas, state)
        choice, actions = self.current()
        if choice is not None:
            choice_row(canvas, action_label(choice), len(actions))
        else:
            widgets.hint(canvas, "BACK: menu")

    def draw_nests(self, canvas, state):
        spots = {"nw": (66, 14), "ne": (98, 14), "sw": (66, 33), "se": (98, 33)}
        canvas.vline(63, 12, 40, 1)
        for nest in state["nests"]:
            x, y = spots[nest["nest"]]
            canvas.text("%s%d" % (nest["nest"].upper(), nest["mice"]), x, y)
            owner = "P%d" % nest["owner"] if nest["owner"] else "--"
            if nest["colour"]:
                owner += " " + nest["colour"][0].upper()
            canvas.text(owner, x, y + 9)
            if state["reveal"] is not None and state["reveal"]["nest"] == nest["nest"]:
                canvas.invert_rect(x - 1, y - 1, 27, 18)

    def lights(self, layer):
        state = self.game.state()
        per_nest = min(4, layer.count // len(NESTS))
        for index in range(len(state["nests"])):
            nest = state["nests"][index]
            colour = COLOUR_LEDS.get(nest["colour"], lights.WHITE)
            for slot in range(min(per_nest, nest["mice"])):
                layer.set(index * per_nest + slot, colour)

    def text_lines(self):
        state = self.game.state()
        lines = [self.title(state) + " T%d" % state["turn"]]
        if state["number"] is not None:
            lines.append("holder %d" % state["number"])
        lines.extend(self.prompt(state))
        nests = []
        for nest in state["nests"]:
            nests.append("%s%d" % (nest["nest"].upper(), nest["mice"]))
        lines.append(" ".join(nests))
        choice, _actions = self.current()
        if choice is not None:
            lines.append("> " + action_label(choice))
        return lines


class SeatsScreen(Screen):
    """Who sits at which nest; in secret mode, hold ok to see a colour."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.selected = 0
        self.peeking = False
        # The long ok that opened this page is still held: peek only after a release.
        self.armed = False

    @property
    def game(self):
        return self.app.session.match.game

    def button(self, name, kind):
        players = self.game.players
        if name == "back" and kind == SHORT:
            self.app.pop()
            return True
        if name in ("left", "right") and kind == SHORT:
            self.selected = (self.selected + (1 if name == "right" else -1)) % players
            return True
        return False

    def tick(self, now_ms):
        held = self.app.input.held("ok")
        if not held:
            self.armed = True
        held = held and self.armed and self.game.secret
        if held != self.peeking:
            self.peeking = held
            return True
        return False

    def draw(self, canvas):
        game = self.game
        state = game.state()
        widgets.title(canvas, "Seats", "secret" if game.secret else "")
        y = 13
        for seat in state["seats"]:
            index = seat["player"] - 1
            colour = seat["colour"]
            if game.secret:
                colour = "?"
                if index == self.selected and self.peeking:
                    colour = game.peek(seat["player"])["colour"]
            line = "P%d  %s  %s" % (seat["player"], seat["nest"].upper(), colour)
            canvas.text(line, 12, y)
            if game.secret and index == self.selected:
                widgets.arrow(canvas, 2, y)
            y += 9
        widgets.hint(canvas, "hold OK: peek" if game.secret else "BACK: table")

    def lights(self, layer):
        pass  # dark, so a colour never shows on the strip while peeking

    def text_lines(self):
        lines = []
        for seat in self.game.state()["seats"]:
            lines.append("P%d %s %s" % (seat["player"], seat["nest"], seat["colour"] or "?"))
        return lines
