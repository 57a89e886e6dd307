"""Mouse Chaos (fan rewrite, docs/rules/mouse_chaos.md): the referee's rules, pure.

The device never sees the board. It draws the cheese holders, deals colours
and corners, prompts the three turn steps, counts the mice in each nest and
guides the full-nest reveal, where the players say what each mouse shows.

Players and nests
    Nests are the board corners ``nw ne se sw`` in clockwise order. Players are
    numbered 1..P clockwise by their nest, so play goes 1, 2, ..., P, 1, ...
    Setup (RNG): the colours are shuffled; P1's nest is random and the others
    follow clockwise (two players: P2 sits diagonally opposite, and the two
    non-player nests are the other diagonal); nests without a player get the
    leftover colours; the start player is random. Every nest starts with 1
    mouse (the mother); 16 mice in all.

Actions (space-separated words)
    ``draw``            step 1 (compulsory): take a cheese holder. If only one
                        is left, all six are gathered and shuffled first, so a
                        shuffle always gives exactly five draws.
    ``enter <nest>``    step 2: a mouse entered that nest (its move ends). At 4
                        mice the nest is full and the reveal starts.
    ``catch``           step 2, option ``catches`` only: a cat caught a mouse
                        (statistics; the move ends).
    ``done``/``skip``   steps 2 and 3: the step is over after a move / the step
                        is skipped. Step 3 ends the turn.
    ``own``             reveal: the turned mouse has the nest's colour.
    ``colour <c>``      reveal: the turned mouse has colour ``c``; unless that
                        is the nest's colour it is handed to the nest of colour
                        ``c`` and this nest's reveal stops. A nest that reaches
                        4 this way is queued and revealed next (first in, first
                        out). 4 of the own colour: that nest's colour wins (its
                        player, or nobody when it is a non-player nest).
    The revealer is the nest's owner, or the active player for a non-player
    nest. When the chain ends without a winner the active player goes on with
    step 3.

Secret colours (option ``colours`` = ``secret``)
    A secrecy option, not the original game (it borrows only the original's
    hidden colour cards): which colour belongs to which player and nest is
    hidden. Until the game ends, ``state()`` and the events carry no colour at
    all (the ``win`` event and the result lift the secret): seats and nests have ``"colour": None``,
    reveal and hand-over events omit the colour, and ``legal_actions()`` offers
    all four ``colour <c>`` words during any reveal (the nest's own colour counts
    as ``own``), so not even the list of choices leaks a nest's colour. The
    revealer turns the mice privately and types the colour seen; the device only
    says where the mouse goes. ``own`` is offered for player nests (the owner
    knows their colour), not for non-player nests. A player learns their colour
    through ``peek(player)``: a query, not an action, so it changes nothing and
    is never journaled; the screen shows its answer only while a button is held,
    and the protocol may expose it as a ``peek <player>`` query. The game's end
    lifts the secret: the result lists every nest's colour.

Events (dicts, in order of occurrence)
    ``{"ev": "shuffle", "shuffle": k}``          holders gathered (k-th shuffle)
    ``{"ev": "draw", "player", "number", "left"}``
    ``{"ev": "step", "player", "step"}``          the active player's next step
    ``{"ev": "skip"|"done", "player", "step"}``
    ``{"ev": "enter", "nest", "mice"}``
    ``{"ev": "catch", "player", "catches"}``
    ``{"ev": "nest_full", "nest", "by"}``         ``by`` = the revealer
    ``{"ev": "reveal", "nest", "mouse", "own"[, "colour"]}``
    ``{"ev": "handover", "from", "to", "mice"[, "colour"]}``
    ``{"ev": "win", "nest", "player", "colour"}``   ``player`` None: non-player
                                                  colour won, every human lost
    ``{"ev": "turn", "player", "turn"}``
"""

from pawtrack import dice
from pawtrack.bag import Bag
from pawtrack.game import Game, IllegalAction

# Colour names: a project default (docs/rules/mouse_chaos.md, 2.1); change them here.
COLOURS = ("red", "yellow", "green", "blue")
# Board corners, clockwise.
NESTS = ("nw", "ne", "se", "sw")
NEST_SIZE = 4
MICE = 16


class MouseChaos(Game):
    OPTIONS = (
        ("players", (2, 3, 4), 2),
        ("colours", ("open", "secret"), "open"),
        ("show_holders", (False, True), False),
        ("catches", (False, True), False),
    )

    def __init__(self, options, rng):
        Game.__init__(self, options, rng)
        self.players = options["players"]
        self.secret = options["colours"] == "secret"
        self.holders = Bag(dice.MOUSE_CHAOS_HOLDERS, rng)
        self.shuffles = 1  # the holders were shuffled when they were laid out
        self._deal()
        self.mice = [1] * len(NESTS)
        self.current = rng.below(self.players)
        self.turn = 1
        self.step = 1
        self.number = None
        self.catches = [0] * self.players
        self.reveal_nest = None
        self.reveal_by = None
        self.revealed = 0
        self.queue = []
        self.result = None

    def _deal(self):
        colours = self.rng.shuffle(list(COLOURS))
        first = self.rng.below(len(NESTS))
        if self.players == 2:
            offsets = (0, 2, 1, 3)
        else:
            offsets = (0, 1, 2, 3)
        self.owner = [None] * len(NESTS)
        self.colour = [None] * len(NESTS)
        self.seat = []
        for k in range(len(NESTS)):
            nest = (first + offsets[k]) % len(NESTS)
            self.colour[nest] = colours[k]
            if k < self.players:
                # The offsets grow, so players are numbered clockwise.
                self.owner[nest] = k
                self.seat.append(nest)

    # -- queries -------------------------------------------------------------

    def on_board(self):
        total = 0
        for count in self.mice:
            total += count
        return MICE - total

    def revealer(self, nest):
        owner = self.owner[nest]
        return self.current if owner is None else owner

    def peek(self, player):
        """The colour of ``player`` (1-based): a private query, never an action."""
        if not 1 <= player <= self.players:
            raise IllegalAction("no player %d" % player)
        nest = self.seat[player - 1]
        return {"player": player, "nest": NESTS[nest], "colour": self.colour[nest]}

    def is_over(self):
        return self.result is not None

    def legal_actions(self):
        if self.result is not None:
            return []
        if self.reveal_nest is not None:
            return self._reveal_actions()
        if self.step == 1:
            return ["draw"]
        if self.step == 2:
            actions = []
            if self.on_board() > 0:
                for nest in range(len(NESTS)):
                    if self.mice[nest] < NEST_SIZE:
                        actions.append("enter " + NESTS[nest])
            if self.options["catches"]:
                actions.append("catch")
            return actions + ["done", "skip"]
        return ["done", "skip"]

    def _reveal_actions(self):
        nest = self.reveal_nest
        actions = []
        if not (self.secret and self.owner[nest] is None):
            actions.append("own")
        for colour in COLOURS:
            if self.secret or colour != self.colour[nest]:
                actions.append("colour " + colour)
        return actions

    # -- actions -------------------------------------------------------------

    def apply(self, action):
        self.check_legal(action)
        words = action.split()
        verb = words[0]
        if verb == "draw":
            return self._draw()
        if verb == "enter":
            return self._enter(NESTS.index(words[1]))
        if verb == "catch":
            self.catches[self.current] += 1
            events = [{"ev": "catch", "player": self.current + 1,
                       "catches": self.catches[self.current]}]
            return events + self._next_step()
        if verb == "done" or verb == "skip":
            events = [{"ev": verb, "player": self.current + 1, "step": self.step}]
            return events + self._next_step()
        if verb == "own":
            return self._reveal_own()
        colour = words[1]
        if colour == self.colour[self.reveal_nest]:
            return self._reveal_own()
        return self._handover(self.colour.index(colour), colour)

    def _draw(self):
        events = []
        number, refilled = self.holders.draw_cycled(dice.MOUSE_CHAOS_HOLDERS_KEEP)
        if refilled:
            self.shuffles += 1
            events.append({"ev": "shuffle", "shuffle": self.shuffles})
        self.number = number
        events.append({"ev": "draw", "player": self.current + 1, "number": number,
                       "left": len(self.holders)})
        return events + self._next_step()

    def _next_step(self):
        if self.step < 3:
            self.step += 1
            return [{"ev": "step", "player": self.current + 1, "step": self.step}]
        self.current = (self.current + 1) % self.players
        self.turn += 1
        self.step = 1
        self.number = None
        return [{"ev": "turn", "player": self.current + 1, "turn": self.turn},
                {"ev": "step", "player": self.current + 1, "step": 1}]

    def _enter(self, nest):
        self.mice[nest] += 1
        events = [{"ev": "enter", "nest": NESTS[nest], "mice": self.mice[nest]}]
        if self.mice[nest] < NEST_SIZE:
            return events + self._next_step()
        return events + self._start_reveal(nest)

    def _start_reveal(self, nest):
        self.reveal_nest = nest
        self.reveal_by = self.revealer(nest)
        self.revealed = 0
        return [{"ev": "nest_full", "nest": NESTS[nest], "by": self.reveal_by + 1}]

    def _reveal_own(self):
        nest = self.reveal_nest
        self.revealed += 1
        event = {"ev": "reveal", "nest": NESTS[nest], "mouse": self.revealed, "own": True}
        if not self.secret:
            event["colour"] = self.colour[nest]
        events = [event]
        if self.revealed < NEST_SIZE:
            return events
        owner = self.owner[nest]
        self.result = {
            "winner": None if owner is None else owner + 1,
            "nest": NESTS[nest],
            "colour": self.colour[nest],
            "everyone_loses": owner is None,
            "colours": self._all_colours(),
        }
        self.reveal_nest = None
        self.queue = []
        events.append({"ev": "win", "nest": NESTS[nest],
                       "player": self.result["winner"], "colour": self.colour[nest]})
        return events

    def _handover(self, target, colour):
        nest = self.reveal_nest
        reveal = {"ev": "reveal", "nest": NESTS[nest], "mouse": self.revealed + 1, "own": False}
        self.mice[nest] -= 1
        self.mice[target] += 1
        handover = {"ev": "handover", "from": NESTS[nest], "to": NESTS[target],
                    "mice": self.mice[target]}
        if not self.secret:
            reveal["colour"] = colour
            handover["colour"] = colour
        events = [reveal, handover]
        if self.mice[target] >= NEST_SIZE:
            self.queue.append(target)
        self.reveal_nest = None
        if self.queue:
            return events + self._start_reveal(self.queue.pop(0))
        return events + self._next_step()

    def _all_colours(self):
        colours = {}
        for nest in range(len(NESTS)):
            colours[NESTS[nest]] = self.colour[nest]
        return colours

    # -- state ---------------------------------------------------------------

    def visible_colour(self, nest):
        """The colour of ``nest`` as anyone may see it: None while it is a secret."""
        if self.secret and self.result is None:
            return None
        return self.colour[nest]

    def state(self):
        nests = []
        for nest in range(len(NESTS)):
            owner = self.owner[nest]
            nests.append({
                "nest": NESTS[nest],
                "owner": None if owner is None else owner + 1,
                "colour": self.visible_colour(nest),
                "mice": self.mice[nest],
            })
        seats = []
        for player in range(self.players):
            nest = self.seat[player]
            seats.append({"player": player + 1, "nest": NESTS[nest],
                          "colour": self.visible_colour(nest)})
        reveal = None
        if self.reveal_nest is not None:
            reveal = {
                "nest": NESTS[self.reveal_nest],
                "by": self.reveal_by + 1,
                "mouse": self.revealed + 1,
                "queue": [NESTS[nest] for nest in self.queue],
            }
        holders = {
            "left": len(self.holders),
            "drawn": list(self.holders.drawn),
            "shuffles": self.shuffles,
            "remaining": None,
        }
        if self.options["show_holders"]:
            holders["remaining"] = self.holders.counts()
        if self.result is not None:
            phase = "over"
        elif reveal is not None:
            phase = "reveal"
        else:
            phase = "turn"
        return {
            "over": self.result is not None,
            "result": self.result,
            "phase": phase,
            "secret": self.secret,
            "players": self.players,
            "turn": self.turn,
            "player": self.current + 1,
            "step": self.step,
            "number": self.number,
            "holders": holders,
            "nests": nests,
            "seats": seats,
            "on_board": self.on_board(),
            "reveal": reveal,
            "catches": list(self.catches) if self.options["catches"] else None,
        }

    def summary(self):
        if self.result is not None:
            if self.result["winner"] is None:
                return "%s nest won" % self.result["nest"]
            return "P%d won" % self.result["winner"]
        return "turn %d P%d step %d" % (self.turn, self.current + 1, self.step)

    # The checkpoint (pawtrack.game): what actions change. The players and whether colours
    # are secret come from the options alone, so __init__ makes them again.
    CHECKPOINT_VERSION = 1
    CHECKPOINT_SPACING = 50  # about 3 ms of replay on the host's MicroPython
    CHECKPOINT_FIELDS = (
        "holders", "shuffles", "owner", "colour", "seat", "mice", "current", "turn", "step",
        "number", "catches", "reveal_nest", "reveal_by", "revealed", "queue", "result",
    )
