"""The base class of every screen: a menu, a settings page, a game's table.

A screen is pure: it gets button events and the time, asks the app to change
screens or play sounds, draws itself on the canvas and paints the LED layer.
The app redraws only after a handler says something changed.

    button(name, kind) -> bool   # a button event; True if the picture changed
    tick(now_ms)       -> bool   # called every loop; True if an animation moved
    draw(canvas)                 # draw everything (the canvas is cleared first)
    lights(layer)                # paint the LEDs (cleared first); default: dark
    enter()                      # the screen became the top of the stack again

Buttons are "left", "ok", "right" and "back"; kinds are the constants in
``pawtrack.buttons``. A board without a back button gets "back" from
holding "left" and letting go, and a long "back" (undo) from holding "left"
for about 1.5 s; the app does that translation, so screens never see a long
"left" there.

A game's screen (``make_screen(app, match)`` in the game's folder) follows
these conventions so every game feels the same:

* it acts only through ``app.session.act(action)`` and ``app.session.undo()``
  (they journal, emit the events to the protocol and mark the screen dirty);
  an ``IllegalAction`` from them becomes a short message, never a crash;
* it reads everything it draws from ``app.session.match.game`` at draw time,
  so actions that arrive over the serial protocol show up too;
* back (short) returns to the main menu (the match stays journalled and the
  menu offers Resume); back (long) undoes the last action, and while back is
  held the bottom row says so (``HOLD_BACK``, drawn by the app's loop);
* left/right cycle the choices, ok confirms; long ok opens extra information
  (for Mmm!, the odds);
* animations are functions of elapsed time driven by ``tick``; any press
  skips them;
* the LEDs are painted in ``lights(layer)`` only (``layer.track(position,
  colour)`` for the cat's track, ``layer.set(index, colour)`` otherwise);
* pictures come from ``pawtrack.ui.icons`` and text from ``canvas.text``;
  ``pawtrack.ui.widgets`` has the title bar, lists, hints and word wrap.
"""


class Screen:
    HOLD_BACK = None  # what holding back does here, shown while it is held (a game: undo)
    # A screen of one game's own opened from the main menu (its options page): leaving
    # it for the menu is a switch to the menu's own boot, as leaving a match is
    # (pawtrack.ui.stack), so a menu's boot never holds more than one game's rules.
    GAME_PAGE = False

    def __init__(self, app):
        self.app = app

    def button(self, name, kind):
        return False

    def tick(self, now_ms):
        return False

    def draw(self, canvas):
        pass

    def lights(self, layer):
        pass

    def enter(self):
        pass

    def text_lines(self):
        """Extra lines for the protocol's text view; the canvas is the truth."""
        return []
