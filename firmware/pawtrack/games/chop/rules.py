"""Cat & Mouse / Chop! Chop! (docs/rules/chop.md): the referee's rules, pure.

One cat player against 1-4 mouse players who share the 4 mice. The device
rolls the side's die, keeps the turn order, the counters and (optionally) the
floor-tile deck, and checks both sides' wins. It never sees the board.

Turn order
    Mouse player 1, cat, mouse player 2, cat, ...; the mouse players rotate
    clockwise (with 2 players: the one mouse player every mouse turn).
    Knife: the side that turns a knife skips its next turn, so the other side
    plays twice in a row; any extra turn the knifed side had coming is lost.
    A mouse double turn is played by the same mouse player with the same mouse
    (``state()["turn"]["same_mouse"]``, and the ``turn`` event says so too);
    the next fresh mouse turn goes to the next mouse player. Two knives in one
    turn count once.

Actions (space-separated words)
    ``roll``            roll the side's die (grey mouse die or blue cat die, faces
                        from ``dice.CHOP_MOUSE``/``dice.CHOP_CAT``); once a turn.
    ``flip``            option ``tiles`` = ``digital``: a piece landed on a
                        face-down tile; draw the next tile of the shuffled deck
                        and apply it.
    ``tile <t>``        option ``tiles`` = ``physical``: the players turned tile
                        ``t`` (cheese, plate, plus1, plus2, arrow, fork, knife) by
                        hand; apply it. Every kind is accepted whatever the counts
                        say: the split of the 28 non-cheese tiles is a guess unless
                        the owner counted their box, and a tile on the table is a
                        fact (docs/rules/chop.md, 5.5).
    ``home``            mouse turn: a mouse moved into a mouse hole. The mice win
                        only with 10 cheeses and all 4 hole tiles open;
                        otherwise a ``not_home`` event says what is missing.
    ``end``             end the turn (after the roll).
    ``cheese +1|-1``, ``caught +1|-1``, ``holes +1|-1``
                        counters (cheese 0-10, mice caught 0-4, hole tiles
                        opened 0-4), at any time, also to correct a mistake. The
                        4th catch wins for the cat.
    Tile effects the device applies: a mouse turning cheese takes it (+1 cheese,
    unless already at 10); a knife gives the other side two turns. The others are
    only announced (bonus move, free move, fork: "take a face-up cheese" is
    entered with ``cheese +1``, cheese turned by the cat goes face up).

Events
    ``{"ev": "turn", "turn", "side", "mouse_player", "again", "same_mouse"}``
    ``{"ev": "roll", "side", "die", "value"}``
    ``{"ev": "tile", "tile", "side", "effect", "left", "estimate"}``   effects: ``cheese``
        (+1 taken), ``cheese_full``, ``cheese_face_up``, ``nothing``,
        ``bonus_1``, ``bonus_2``, ``free_move``, ``fork``, ``knife``
    ``{"ev": "knife", "side", "plays_twice"}``
    ``{"ev": "counter", "counter", "value", "change"}``
    ``{"ev": "not_home", "cheese_missing", "holes_missing"}``
    ``{"ev": "win", "winner"}``                    ``"mice"`` or ``"cat"``

The tile mix (options ``mix``, ``plates`` ... ``knives``)
    38 tiles, 10 of them cheese (rule text). How the other 28 split is not
    published: ``mix`` = ``default`` uses the project's guess
    (``dice.CHOP_TILES_DEFAULT``); ``mix`` = ``own`` uses the counts the owner
    set in the options (0-15 of each kind; cheese stays 10). The digital deck
    is built from the mix. In physical mode the mix only feeds the "left"
    counts (never below 0), which are estimates (``estimate``: true) with the
    default mix or once more tiles of a kind were turned than the mix holds.
"""


from pawtrack import dice, table_rolls
from pawtrack.bag import Bag
from pawtrack.game import Game

CHEESE_GOAL = 10
MICE = 4
HOLES = 4
COUNTER_MAX = {"cheese": CHEESE_GOAL, "caught": MICE, "holes": HOLES}
COUNTERS = ("cheese", "caught", "holes")
DIE = {"mouse": ("chop_mouse", dice.CHOP_MOUSE), "cat": ("chop_cat", dice.CHOP_CAT)}

# The kinds of floor tile, in the order of the default mix (cheese first).
KINDS = tuple(kind for kind, _count in dice.CHOP_TILES_DEFAULT)
GUESS = dict(dice.CHOP_TILES_DEFAULT)  # kind -> count in the project's guessed split
CHEESE_TILES = GUESS["cheese"]
TILE_ACTIONS = tuple("tile " + kind for kind in KINDS)
# The option that sets each non-cheese kind's count with mix "own".
COUNT_OPTIONS = ("plates", "plus1_tiles", "plus2_tiles", "arrows", "forks", "knives")
COUNT_VALUES = tuple(range(16))


def _count_options():
    options = []
    for index in range(len(COUNT_OPTIONS)):
        options.append((COUNT_OPTIONS[index], COUNT_VALUES, GUESS[KINDS[index + 1]]))
    return tuple(options)


def tile_mix(options):
    """The (kind, count) pairs of the tiles: the default guess, or the owner's counts."""
    if options["mix"] == "default":
        return dice.CHOP_TILES_DEFAULT
    mix = [(KINDS[0], CHEESE_TILES)]
    for index in range(len(COUNT_OPTIONS)):
        mix.append((KINDS[index + 1], options[COUNT_OPTIONS[index]]))
    return tuple(mix)


def other(side):
    return "cat" if side == "mouse" else "mouse"


def tile_effect(tile, side):
    """The effect name of ``tile`` turned by ``side`` (before the cheese cap)."""
    if tile == "cheese":
        return "cheese" if side == "mouse" else "cheese_face_up"
    if tile == "plus1":
        return "bonus_1"
    if tile == "plus2":
        return "bonus_2"
    if tile == "arrow":
        return "free_move"
    if tile == "fork":
        return "fork" if side == "mouse" else "nothing"
    if tile == "knife":
        return "knife"
    return "nothing"


class Chop(Game):
    OPTIONS = (
        ("players", (2, 3, 4, 5), 2),
        ("tiles", ("physical", "digital"), "physical"),
        ("mix", ("default", "own"), "default"),
    ) + _count_options() + (table_rolls.OPTION,)

    def __init__(self, options, rng):
        Game.__init__(self, options, rng)
        self.mouse_players = options["players"] - 1
        self.digital = options["tiles"] == "digital"
        self.table_rolls = options["rolls"] == table_rolls.TABLE
        self.mix = tile_mix(options)
        self.counts = [count for _kind, count in self.mix]  # per kind, in KINDS order
        self.total_tiles = 0
        for count in self.counts:
            self.total_tiles += count
        # Digital: the device's own shuffled deck. Physical: what was turned, per kind.
        self.deck = Bag(dice.expand_mix(self.mix), rng) if self.digital else None
        self.turned = [0] * len(KINDS)
        self.counters = {"cheese": 0, "caught": 0, "holes": 0}
        self.turn = 1
        self.side = "mouse"
        self.mouse_player = 0
        self.next_mouse = 1 % self.mouse_players
        self.again = False  # this turn is the second one in a row for this side
        self.plays_again = False  # this side plays once more after this turn
        self.knife = False  # a knife was turned this turn
        self.rolled = None
        self.last_tile = None
        self.result = None

    # -- queries (the screen reads these, never state()) ---------------------

    def is_over(self):
        return self.result is not None

    def die_id(self):
        """The die the side now playing rolls: "chop_mouse" or "chop_cat"."""
        die_id, _faces = DIE[self.side]
        return die_id

    def same_mouse(self):
        """True on the second mouse turn of a knife: same player, same mouse."""
        return self.again and self.side == "mouse"

    def next_side(self):
        """The side that plays after this turn."""
        if self.knife:
            return other(self.side)
        if self.plays_again:
            return self.side
        return other(self.side)

    def tiles_left(self):
        """Tiles not yet turned: the deck's (digital), else the mix less those turned."""
        if self.digital:
            return len(self.deck)
        turned = 0
        for count in self.turned:
            turned += count
        return max(0, self.total_tiles - turned)

    def kind_left(self, index):
        """Tiles of kind ``KINDS[index]`` not yet turned (never below 0)."""
        if self.digital:
            return self.deck.left.count(KINDS[index])
        return max(0, self.counts[index] - self.turned[index])

    def estimate(self):
        """True when the "left" counts are estimates, not a count of the box."""
        if self.digital:
            return False
        if self.options["mix"] == "default":
            return True
        for index in range(len(KINDS)):
            if self.turned[index] > self.counts[index]:
                return True
        return False

    def legal_actions(self):
        if self.result is not None:
            return []
        actions = []
        if self.rolled is None:
            actions.append(table_rolls.template("roll") if self.table_rolls else "roll")
        else:
            if self.digital:
                if len(self.deck):
                    actions.append("flip")
            else:
                actions.extend(TILE_ACTIONS)
            if self.side == "mouse":
                actions.append("home")
            actions.append("end")
        for name in COUNTERS:
            if self.counters[name] < COUNTER_MAX[name]:
                actions.append(name + " +1")
            if self.counters[name] > 0:
                actions.append(name + " -1")
        return actions

    # -- actions -------------------------------------------------------------

    def entry_for(self, action):
        """With rolls: table, the side's die (its values) for "roll", once a turn."""
        if not self.table_rolls or self.rolled is not None or self.result is not None:
            return None
        if table_rolls.without_mark(action) != "roll":
            return None
        return table_rolls.face_words(DIE[self.side][1]), 1

    def check_legal(self, action):
        self._entered(action)

    def _entered(self, action):
        """(the action, the value entered at the table or None); IllegalAction unless
        the action is one of legal_actions() or fills its "roll" template."""
        if self.table_rolls and action.startswith("roll") and self.entry_for("roll"):
            if action == "roll":
                raise table_rolls.faces_missing(action)
            if action.startswith("roll "):
                faces, count = self.entry_for("roll")
                return "roll", table_rolls.faces_entered(action[5:].split(" "), faces, count)
        Game.check_legal(self, action)
        return action, None

    def apply(self, action):
        action, entered = self._entered(action)
        words = action.split()
        verb = words[0]
        if verb == "roll":
            die_id, faces = DIE[self.side]
            self.rolled = dice.roll(self.rng, faces)
            if entered is not None:  # the table's value in place of the one drawn
                self.rolled = int(entered[0])
            return [{"ev": "roll", "side": self.side, "die": die_id, "value": self.rolled}]
        if verb == "flip":
            return self._tile(self.deck.draw())
        if verb == "tile":
            self.turned[KINDS.index(words[1])] += 1
            return self._tile(words[1])
        if verb == "home":
            return self._home()
        if verb == "end":
            return self._end_turn()
        return self._count(verb, 1 if words[1] == "+1" else -1)

    def _count(self, name, change):
        self.counters[name] += change
        events = [{"ev": "counter", "counter": name, "value": self.counters[name],
                   "change": change}]
        if name == "caught" and self.counters[name] == MICE:
            events.append(self._win("cat"))
        return events

    def _tile(self, tile):
        self.last_tile = tile
        effect = tile_effect(tile, self.side)
        if effect == "cheese":
            if self.counters["cheese"] < CHEESE_GOAL:
                self.counters["cheese"] += 1
            else:
                effect = "cheese_full"
        events = [{"ev": "tile", "tile": tile, "side": self.side, "effect": effect,
                   "left": self.tiles_left(), "estimate": self.estimate()}]
        if effect == "knife":
            self.knife = True
            events.append({"ev": "knife", "side": self.side, "plays_twice": other(self.side)})
        return events

    def _home(self):
        cheese_missing = CHEESE_GOAL - self.counters["cheese"]
        holes_missing = HOLES - self.counters["holes"]
        if cheese_missing or holes_missing:
            return [{"ev": "not_home", "cheese_missing": cheese_missing,
                     "holes_missing": holes_missing}]
        return [self._win("mice")]

    def _win(self, winner):
        self.result = {
            "winner": winner,
            "cheese": self.counters["cheese"],
            "caught": self.counters["caught"],
            "holes": self.counters["holes"],
            "turns": self.turn,
        }
        return {"ev": "win", "winner": winner}

    def _end_turn(self):
        side = self.side
        if self.knife:
            # The knifed side skips its next turn: the other side plays twice.
            self._start(other(side), again=False)
            self.plays_again = True
        elif self.plays_again:
            self._start(side, again=True)
            self.plays_again = False
        else:
            self._start(other(side), again=False)
        self.turn += 1
        return [{"ev": "turn", "turn": self.turn, "side": self.side,
                 "mouse_player": self._mouse_player(), "again": self.again,
                 "same_mouse": self.same_mouse()}]

    def _start(self, side, again):
        if side == "mouse" and not again:
            self.mouse_player = self.next_mouse
            self.next_mouse = (self.next_mouse + 1) % self.mouse_players
        self.side = side
        self.again = again
        self.plays_again = False
        self.knife = False
        self.rolled = None
        self.last_tile = None

    def _mouse_player(self):
        return self.mouse_player + 1 if self.side == "mouse" else None

    # -- state ---------------------------------------------------------------

    def state(self):
        return {
            "over": self.result is not None,
            "result": self.result,
            "players": self.options["players"],
            "turn": {
                "number": self.turn,
                "side": self.side,
                "mouse_player": self._mouse_player(),
                "again": self.again,
                "same_mouse": self.same_mouse(),
                "plays_again": self.plays_again,
                "knife": self.knife,
                "next": self.next_side(),
            },
            "phase": "roll" if self.rolled is None else "play",
            "rolled": self.rolled,
            "die": self.die_id(),
            "cheese": self.counters["cheese"],
            "caught": self.counters["caught"],
            "holes": self.counters["holes"],
            "tiles": {
                "mode": self.options["tiles"],
                "mix": self.options["mix"],
                "left": self.tiles_left(),
                "remaining": self._remaining(),
                "estimate": self.estimate(),
                "last": self.last_tile,  # this turn's last tile
            },
        }

    def _remaining(self):
        remaining = []
        for index in range(len(KINDS)):
            remaining.append([KINDS[index], self.kind_left(index)])
        return remaining

    def summary(self):
        if self.result is not None:
            return "%s won" % self.result["winner"]
        if self.side == "cat":
            return "turn %d cat" % self.turn
        return "turn %d mouse %d" % (self.turn, self.mouse_player + 1)

    # The checkpoint (pawtrack.game): what actions change. The mouse players, the tile mix
    # and its counts come from the options alone, so __init__ makes them again.
    CHECKPOINT_VERSION = 1
    CHECKPOINT_SPACING = 50  # about 3 ms of replay on the host's MicroPython
    CHECKPOINT_FIELDS = (
        "deck", "turned", "counters", "turn", "side", "mouse_player", "next_mouse", "again",
        "plays_again", "knife", "rolled", "last_tile", "result",
    )
