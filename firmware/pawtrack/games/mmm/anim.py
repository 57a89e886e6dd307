"""Mmm! animations and the LED hallway, as functions of elapsed time.

The rules decide everything at once; an ``Animation`` only replays the events
of one action slowly enough to watch (docs/design.md: animations are functions
of elapsed time, pre-empted by a press). ``plan(events)`` turns the events into
steps (``Step``: kind, ms, event):

* ``roll`` (ROLL_MS): the rolled dice flicker through the faces
  (``flicker_face``) and settle on the real faces, which the rules already
  chose; the hallway LEDs ahead of the cat twinkle in food colours;
* ``bust`` (BUST_MS): the whole track flashes red;
* ``step`` (STEP_MS): the cat's LED glides from its old LED to the new one
  (through the LEDs between, when the strip has more LEDs than positions;
  blinking in place when both positions share an LED);
* ``stays`` (STAYS_MS): an item was completed, the cat's LED blinks green;
* ``won`` (WIN_MS): a rainbow chases along the track; ``lost`` (LOST_MS): the
  pantry blinks red.

The LED hallway (``paint``): the cat's start is the first track LED, the
pantry the last, the walked steps dim. A game track of ``track`` moves is
scaled onto the board's ``n`` track LEDs: position ``p`` lights LED
``p * (n - 1) // track`` (``led_of``). With the reference strip (12 LEDs) and
the default track of 11 that is one LED per position; a longer strip leaves
LEDs between positions dark (the step animation walks through them); a
shorter one, or a track of 12 or 13 on 12 LEDs, lets neighbouring positions
share an LED, while the start and the pantry always keep their own ends.
Brightness is not handled here: ``pawtrack.ui.lights`` scales every colour by
the board's power cap and the brightness setting.
"""

from pawtrack.ui.lights import FOOD_COLORS, GREEN, OFF, RED

ROLL_MS = 500
FLICKER_MS = 60
BUST_MS = 600
FLASH_MS = 100
SLOW_FLASH_MS = FLASH_MS + 50  # the green "cat stays" and the red pantry blink slower
STEP_MS = 450
MOVE_MS = 300  # of a step: the glide, then the cat rests on its new LED
GLIDE_MS = 20
STAYS_MS = 600
WIN_MS = 3000
LOST_MS = 1500
CHASE_MS = 40
RAINBOW_TURN_MS = 1000  # the win's rainbow goes once round the colour wheel a second

WHEEL = 256  # positions on the colour wheel
WHEEL_THIRD = 85  # a third of it: red -> green -> blue -> red
FADE = 256  # a colour's full strength in ``scale``

WALKED = (40, 0, 60)
CAT = (160, 0, 255)
PANTRY = (255, 0, 0)
LOST_DIM = (60, 0, 0)

FACES = ("bread", "fish", "cucumber", "cheese", "carrot", "x")


class Step:
    """One step of an animation: its kind, how long it lasts and the event it shows."""

    def __init__(self, kind, ms, event):
        self.kind = kind
        self.ms = ms
        self.event = event


class Moment:
    """Where an animation is: which step (``index``, ``kind``, ``event``) and ``ms`` into it."""

    def __init__(self, index, step, ms):
        self.index = index
        self.kind = step.kind
        self.event = step.event
        self.ms = ms


def plan(events):
    """The animation steps for an action's events (may be empty)."""
    steps = []
    for event in events:
        kind = event["ev"]
        if kind == "roll":
            steps.append(Step("roll", ROLL_MS, event))
        elif kind == "bust":
            steps.append(Step("bust", BUST_MS, event))
        elif kind == "cat":
            steps.append(Step("step", STEP_MS, event))
        elif kind == "cat_stays":
            steps.append(Step("stays", STAYS_MS, event))
        elif kind == "end":
            if event["won"]:
                steps.append(Step("won", WIN_MS, event))
            else:
                steps.append(Step("lost", LOST_MS, event))
    return steps


def flicker_face(die, t):
    """The face a rolling die shows ``t`` ms into the roll (cosmetic only)."""
    return FACES[((t // FLICKER_MS) * 5 + die * 2 + 1) % 6]


def led_of(position, track, leds):
    """The track LED (0 .. leds - 1) of a cat position (0 .. track)."""
    if leds < 2:
        return 0
    if position >= track:
        return leds - 1
    return position * (leds - 1) // track


def scale(color, share):
    """``color`` at ``share``/FADE of its strength."""
    return (color[0] * share // FADE, color[1] * share // FADE, color[2] * share // FADE)


def wheel(value):
    """A rainbow colour for a position on the colour wheel (0 .. WHEEL - 1, wrapping)."""
    value %= WHEEL
    if value < WHEEL_THIRD:
        return (255 - value * 3, value * 3, 0)
    if value < 2 * WHEEL_THIRD:
        value -= WHEEL_THIRD
        return (0, 255 - value * 3, value * 3)
    value -= 2 * WHEEL_THIRD
    return (value * 3, 0, 255 - value * 3)


class Animation:
    """The steps of one action, played from the first ``tick`` after it."""

    def __init__(self, steps):
        self.steps = steps
        self.total = 0
        for step in steps:
            self.total += step.ms
        self.start = None
        self.elapsed = 0
        self.last_roll = None  # the roll event of this action, if any
        for step in steps:
            if step.kind == "roll":
                self.last_roll = step.event

    def advance(self, now, diff):
        """Set the time; True while the animation still runs."""
        if self.start is None:
            self.start = now
        self.elapsed = diff(now, self.start)
        return self.elapsed < self.total

    def current(self):
        """The Moment now playing, or None once over."""
        t = self.elapsed
        for index in range(len(self.steps)):
            step = self.steps[index]
            if t < step.ms:
                return Moment(index, step, t)
            t -= step.ms
        return None

    def frame(self):
        """A value that changes exactly when the picture should change."""
        now = self.current()
        if now is None:
            return None
        kind = now.kind
        t = now.ms
        if kind == "roll":
            return now.index, min(t, ROLL_MS - 1) // FLICKER_MS
        if kind in ("won", "lost"):
            return now.index, t // CHASE_MS
        if kind == "step":
            return now.index, min(t, MOVE_MS) // GLIDE_MS, (t // FLASH_MS) % 2
        return now.index, t // (FLASH_MS // 2)

    def rolling(self):
        """(dice, faces shown, settled?) for the screen while the dice roll, else None."""
        now = self.current()
        roll = self.last_roll
        if roll is None or now is None:
            return None
        if now.kind != "roll":
            return roll["dice"], roll["faces"], True
        faces = []
        for die in roll["dice"]:
            faces.append(flicker_face(die, now.ms))
        return roll["dice"], faces, False

    def cat_before(self, game_cat):
        """Where the cat is shown before the current step moves it."""
        now = self.current()
        first = 0 if now is None else now.index
        for index in range(first, len(self.steps)):
            step = self.steps[index]
            if step.kind == "step":
                return step.event["pos"] - 1
        return game_cat


def paint_still(layer, cat, track, faces):
    """The hallway at rest: walked steps, the pantry, the cat; dice on status LEDs."""
    leds = len(layer.track_leds)
    if leds:
        last = leds - 1
        for step in range(cat):
            layer.track(led_of(step, track, leds), WALKED)
        layer.track(last, PANTRY)
        layer.track(led_of(cat, track, leds), CAT)
    for die in range(len(faces)):
        if faces[die] is not None:
            layer.status(die, FOOD_COLORS[faces[die]])


def paint(layer, game, animation):
    """The LEDs for ``game``, with ``animation`` (or None) playing."""
    now = None if animation is None else animation.current()
    if now is None:
        paint_still(layer, game.cat, game.track, game.faces)
        return
    kind = now.kind
    t = now.ms
    leds = len(layer.track_leds)
    cat = animation.cat_before(game.cat)
    track = game.track
    if kind == "roll":
        dice, shown, _settled = animation.rolling()
        faces = list(game.faces)
        for i in range(len(dice)):
            faces[dice[i]] = shown[i]
        paint_still(layer, cat, track, faces)
        frame = t // FLICKER_MS
        for led in range(led_of(cat, track, leds) + 1, leds - 1):
            layer.track(led, FOOD_COLORS[FACES[(led + frame) % 5]])
    elif kind == "bust":
        paint_still(layer, cat, track, ())
        if (t // FLASH_MS) % 2 == 0:
            for led in range(leds):
                layer.track(led, RED)
    elif kind == "step":
        pos = now.event["pos"]
        paint_still(layer, pos - 1, track, ())
        start = led_of(pos - 1, track, leds)
        end = led_of(pos, track, leds)
        if start == end:
            layer.track(start, CAT if (t // FLASH_MS) % 2 else OFF)
        else:
            # Glide: the cat fades from one LED into the next, then rests.
            x = min((end - start) * FADE, (end - start) * FADE * t // MOVE_MS)
            layer.track(start, WALKED)
            led = start + x // FADE
            layer.track(led, scale(CAT, FADE - x % FADE))
            if x % FADE:
                layer.track(led + 1, scale(CAT, x % FADE))
    elif kind == "stays":
        paint_still(layer, cat, track, ())
        if (t // SLOW_FLASH_MS) % 2 == 0:
            layer.track(led_of(cat, track, leds), GREEN)
    elif kind == "won":
        # The track spreads the wheel over its LEDs; the dice LEDs sit a third apart.
        shift = t * WHEEL // RAINBOW_TURN_MS
        for led in range(leds):
            layer.track(led, wheel(led * WHEEL // max(1, leds) + shift))
        for die in range(len(layer.status_leds)):
            layer.status(die, wheel(die * WHEEL_THIRD + shift))
    else:  # lost
        for led in range(leds - 1):
            layer.track(led, LOST_DIM)
        if (t // SLOW_FLASH_MS) % 2 == 0:
            layer.track(leds - 1, PANTRY)
