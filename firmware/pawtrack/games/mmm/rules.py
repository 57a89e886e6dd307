"""Mmm! rules (docs/rules/mmm.md): the referee's state machine, pure and seeded.

Options: ``level`` "board" | "items" | "lite" (what the device knows about the
board; "lite" by default, as it fits any box: the other two need a layout
that matches the owner's board), ``side`` 1 | 2, ``variant`` "normal" | "line" (row-or-column),
``players`` 1-6, ``track`` 11 | 12 | 13 (cat moves into the pantry), ``layout``
"example" | "own" (see layouts.py; "own" needs ``layouts.install`` first).

Dice are numbered 0, 1, 2. A turn: roll all three, place at least one die,
re-roll the unplaced ones or stop, gather, then the cat check. Placing the
third die gathers at once. A roll that cannot place any die busts.

Actions by phase (``state()["phase"]``):

* ``roll``: "roll".
* ``place`` (board/items): "place <die> <r> <c>" (board) or "place <die>
  <item>" (items, e.g. "place 0 Ca1"); "unplace <die>" takes back a die placed
  from this roll; once a die of this roll is placed: "reroll" (roll the
  unplaced dice) and "stop" (gather now). Items level, line variant: "bust"
  when the players see that no rolled die fits the line (only when dice from
  an earlier roll of this turn are on the board and none of this roll yet).
  legal_actions() lists places first, the one leaving the fewest free squares
  in its item first, then "reroll", "stop", "bust", "unplace <die>".
* ``confirm`` (items level, line variant, a die placed while others are
  pending): "line yes" (it is in one line with them) or "line no" (take it
  back).
* ``report`` (lite, after a roll): "placed <n>" (n of the dice just rolled,
  not counting X faces) or "none" (bust).
* ``decide`` (lite): "reroll" or "stop".
* ``item`` (lite, after gathering): "item yes" / "item no" (completed an item
  this turn?).
* ``food`` (lite, after "item yes"): "food yes" (all food gone: won) /
  "food no" (not offered once 24 turns completed items: with items of at least
  2 squares and at most 49 squares, the food must be gone by then).
* ``left`` (lite, the cat reached the pantry): "left <n>" food pieces left, 1-49.
* ``over``: nothing.

Events (dicts; ``apply`` returns them in order):

* {"ev": "roll", "roll": 1-3, "dice": [die, ...], "faces": [face, ...]}
* {"ev": "place", "die": d, "face": f, "item": name|None, "square": [r, c]|None}
* {"ev": "unplace", "die": d}
* {"ev": "line", "die": d, "ok": bool} (the answer to a line question)
* {"ev": "bust", "returned": n} (n pending dice came off the board)
* {"ev": "gather", "count": n, "items": [name, ...], "squares": [[r, c], ...]}
  (items/squares empty when unknown)
* {"ev": "item_done", "item": name|None} (None in lite mode)
* {"ev": "cat_stays", "pos": p} (an item was completed this turn)
* {"ev": "cat", "pos": p, "distance": track - p}
* {"ev": "end", "won": bool, "distance": d, "pieces_left": n, "rating": id}
* {"ev": "turn", "turn": t, "player": p} (the dice pass on)

State (``state()``): ``game``, ``level``, ``side``, ``variant``, ``layout``,
``players``, ``player`` (1-based, whose turn), ``turn``, ``phase``, ``rolls``
(this turn, 0-3), ``cat`` (0 = start), ``track``, ``distance`` (track - cat),
``dice`` (three of {"face": name|None, "placed": {"item", "square"}|None,
"this_roll": bool}), ``completed`` (items completed this turn), ``items``
(None in lite; else each {"name", "food", "size", "covered", "pending"} plus
"squares" and "chips" as [r, c] lists at board level), ``rows``/``cols``
(board level), ``pieces_left`` (None in lite), ``bust_risk`` ([num, den] for
re-rolling now, when that is possible at board/items level; None at items
level with the line variant, where the device cannot see the line), ``over``
and ``result``.

Queries for the screen (it never calls ``state()``): ``unplaced()``,
``placed_this_roll()``, ``pending()``, ``can_reroll()``, ``can_stop()``,
``may_declare_bust()``, ``bust_risk()``, ``place_targets(die)`` (best first),
``ranked_places(die)`` (the same with each place's ``free_after``),
``target_item(target)``, ``free_after(die, target)`` and
``place_action(die, target)`` (the action string, so no screen builds or
parses one), plus the attributes ``phase``, ``faces``, ``target``, ``cat``,
``track``, ``player``, ``turn``, ``board``, ``line`` and ``result``.

The result (``state()["result"]`` once over) has ``won``, ``distance`` (0 on a
loss), ``pieces_left`` (0 on a win), ``rating`` (``win_rating`` or
``loss_rating``; chart.py has its text), ``side``, ``variant``, ``level``,
``track`` and ``turns``.
"""

from pawtrack import table_rolls
from pawtrack.dice import MMM_FOOD, roll
from pawtrack.game import Game, IllegalAction, resolve_options
from pawtrack.games.mmm import MAX_SQUARES
from pawtrack.games.mmm.odds import bust_chance

DICE = 3
DIE_NAMES = ("0", "1", "2")  # a die's number in an action
MAX_ROLLS = 3
MAX_ITEMS = MAX_SQUARES // 2  # every item has at least 2 squares


class MmmGame(Game):
    OPTIONS = (
        ("level", ("board", "items", "lite"), "lite"),
        ("side", (1, 2), 1),
        ("variant", ("normal", "line"), "normal"),
        ("players", (1, 2, 3, 4, 5, 6), 2),
        ("track", (11, 12, 13), 11),
        ("layout", ("example", "own"), "example"),
        table_rolls.OPTION,
    )

    def __init__(self, options, rng):
        options = resolve_options(MmmGame, options)
        Game.__init__(self, options, rng)
        self.level = options["level"]
        self.side = options["side"]
        self.variant = options["variant"]
        self.line = self.variant == "line"
        self.players = options["players"]
        self.track = options["track"]
        self.table_rolls = options["rolls"] == table_rolls.TABLE
        self.entered = None  # faces rolled at the table, used up by the roll being applied
        self.board = None
        if self.level != "lite":
            # The lite level has no board: its layouts are read only by the other two.
            from pawtrack.games.mmm.board import Board
            from pawtrack.games.mmm.layouts import get_layout

            layout = get_layout(self.side, options["layout"])
            self.board = Board(layout, self.level == "board")
        self.cat = 0
        self.player = 1
        self.turn = 1
        self.phase = "roll"
        self.result = None
        self.item_turns = 0  # lite: turns that completed an item
        self._start_turn()

    # ----- turn bookkeeping -------------------------------------------------

    def _start_turn(self):
        self.rolls = 0
        self.faces = [None] * DICE
        self.target = [None] * DICE  # square (board), item (items), -1 (lite)
        self.placed_in = [0] * DICE  # the roll a placed die came from
        self.asking = None  # the die whose line is being confirmed
        self.completed = []  # names of the items completed this turn

    def pending(self):
        """Targets of the dice placed this turn."""
        found = []
        for target in self.target:
            if target is not None:
                found.append(target)
        return found

    def unplaced(self):
        found = []
        for die in range(DICE):
            if self.target[die] is None:
                found.append(die)
        return found

    def placed_this_roll(self):
        found = []
        for die in range(DICE):
            if self.target[die] is not None and self.placed_in[die] == self.rolls:
                found.append(die)
        return found

    def can_reroll(self):
        """True when "reroll" is allowed now."""
        if self.phase == "decide":
            return True
        return self.phase == "place" and bool(self.placed_this_roll()) and bool(self.unplaced())

    def can_stop(self):
        """True when "stop" is allowed now."""
        if self.phase == "decide":
            return True
        return self.phase == "place" and bool(self.placed_this_roll())

    def bust_risk(self):
        """(num, den): the chance that re-rolling now busts, or None.

        None when no re-roll is possible, in lite mode, and at items level with
        the line variant: without squares the device cannot tell which foods
        fit the line, and a figure that ignored it would be wrong.
        """
        if self.board is None or not self.can_reroll():
            return None
        if self.line and not self.board.with_squares:
            return None
        return bust_chance(self)

    def target_item(self, target):
        """The item number of a place target (a square at board level, else an item)."""
        return self.board.item_of[target] if self.board.with_squares else target

    def place_targets(self, die):
        """Where die ``die`` may go now, the one leaving its item fewest free squares first."""
        return [target for _left, target in self.ranked_places(die)]

    def ranked_places(self, die):
        """[(free squares its item has left once die ``die`` is there, target)] for every
        place the die may go now, best first (the order of ``place_targets``)."""
        board = self.board
        face = self.faces[die]
        if board is None or face is None or face == "x" or self.target[die] is not None:
            return []
        pending = self.pending()
        ranked = []
        for target in board.targets(face, pending, self.line and board.with_squares):
            ranked.append((board.free_left(self.target_item(target), pending) - 1, target))
        ranked.sort()
        return ranked

    def free_after(self, die, target):
        """Free squares left in the target's item once die ``die`` is placed there."""
        item = self.target_item(target)
        return self.board.free_left(item, self._pending_except(die)) - 1

    def place_action(self, die, target):
        """The action that places die ``die`` on ``target``."""
        return self._place_text(die, target)

    def _pending_except(self, die):
        found = []
        for other in range(DICE):
            if other != die and self.target[other] is not None:
                found.append(self.target[other])
        return found

    # ----- the interface ----------------------------------------------------

    def is_over(self):
        return self.phase == "over"

    def summary(self):
        if self.result is not None:
            return "won" if self.result["won"] else "lost"
        return "turn %d, cat %d/%d" % (self.turn, self.cat, self.track)

    def legal_actions(self):
        actions = self._legal_actions()
        if self.table_rolls:
            for index in range(len(actions)):
                if actions[index] in ("roll", "reroll"):
                    actions[index] = table_rolls.template(actions[index])
        return actions

    def entry_for(self, action):
        """With rolls: table, the food die and how many dice "roll" or "reroll" throws."""
        if not self.table_rolls or table_rolls.template(
            table_rolls.without_mark(action)
        ) not in self.legal_actions():
            return None
        return MMM_FOOD, len(self.unplaced())

    def check_legal(self, action):
        if self.phase == "place" and action[:6] == "place ":
            if not self._is_place_action(action):
                raise IllegalAction("not allowed now: " + action[:40])
            return
        self._entered(action)

    def _is_place_action(self, action):
        """Whether ``action`` is one of the place phase's "place ..." actions: only the
        named die's places are spelt out and compared, not every die's ranked list."""
        die_name = action[6:7]
        if die_name not in DIE_NAMES or action[7:8] != " ":
            return False
        die = DIE_NAMES.index(die_name)
        if self.target[die] is not None:
            return False
        board = self.board
        line = self.line and board.with_squares
        for target in board.targets(self.faces[die], self.pending(), line):
            if self._place_text(die, target) == action:
                return True
        return False

    def _entered(self, action):
        """(the action, the faces entered at the table or None); IllegalAction unless
        the action is one of legal_actions() or fills one of its templates."""
        if self.table_rolls:
            legal = self.legal_actions()
            entry = table_rolls.split(legal, action)
            if entry is not None:
                faces, count = self.entry_for(entry[0])
                return entry[0], table_rolls.faces_entered(entry[1], faces, count)
            if table_rolls.template(action) in legal:
                raise table_rolls.faces_missing(action)
        Game.check_legal(self, action)
        return action, None

    def _legal_actions(self):
        phase = self.phase
        if phase == "roll":
            return ["roll"]
        if phase == "place":
            return self._place_phase_actions()
        if phase == "confirm":
            return ["line yes", "line no"]
        if phase == "report":
            actions = []
            for n in range(1, self._placeable_count() + 1):
                actions.append("placed %d" % n)
            actions.append("none")
            return actions
        if phase == "decide":
            return ["reroll", "stop"]
        if phase == "item":
            return ["item yes", "item no"]
        if phase == "food":
            return ["food yes"] if self.item_turns >= MAX_ITEMS else ["food yes", "food no"]
        if phase == "left":
            actions = []
            for n in range(1, MAX_SQUARES + 1):
                actions.append("left %d" % n)
            return actions
        return []

    def _place_phase_actions(self):
        board = self.board
        pending = self.pending()
        candidates = []
        for die in self.unplaced():
            face = self.faces[die]
            for target in board.targets(face, pending, self.line and board.with_squares):
                item = board.item_of[target] if board.with_squares else target
                candidates.append((board.free_left(item, pending), die, target))
        candidates.sort()
        actions = []
        for _, die, target in candidates:
            actions.append(self._place_text(die, target))
        placed_now = self.placed_this_roll()
        if placed_now:
            if self.unplaced():
                actions.append("reroll")
            actions.append("stop")
        elif self.may_declare_bust():
            actions.append("bust")
        for die in placed_now:
            actions.append("unplace %d" % die)
        return actions

    def may_declare_bust(self):
        """Items level, line variant: may the players call a bust on this roll?"""
        return (
            self.line
            and not self.board.with_squares
            and not self.placed_this_roll()
            and len(self.pending()) > 0
        )

    def _place_text(self, die, target):
        if self.board.with_squares:
            r, c = divmod(target, self.board.cols)
            return "place %d %d %d" % (die, r, c)
        return "place %d %s" % (die, self.board.names[target])

    def _placeable_count(self):
        """Lite: how many of the dice just rolled show food (not X)."""
        count = 0
        for die in self.unplaced():
            if self.faces[die] != "x":
                count += 1
        return count

    def apply(self, action):
        if not isinstance(action, str):
            raise IllegalAction("an action is a string")
        if self.table_rolls:
            action, entered = self._entered(action)
            self.entered = None if entered is None else list(entered)
        words = action.split()
        if not words:
            raise IllegalAction("empty action")
        verb = words[0]
        handler = _HANDLERS.get((self.phase, verb))
        if handler is None:
            raise IllegalAction("not allowed now: " + action)
        try:
            return handler(self, words)
        finally:
            self.entered = None

    # ----- action handlers (each checks everything before changing state) --

    def _do_roll(self, words):
        if len(words) != 1:
            raise IllegalAction("roll takes no arguments")
        return self._roll()

    def _do_reroll(self, words):
        if len(words) != 1:
            raise IllegalAction("reroll takes no arguments")
        if self.phase == "place" and not self.placed_this_roll():
            raise IllegalAction("place at least one die from this roll first")
        if not self.unplaced():
            raise IllegalAction("no dice left to re-roll")
        return self._roll()

    def _do_stop(self, words):
        if len(words) != 1:
            raise IllegalAction("stop takes no arguments")
        if self.phase == "place" and not self.placed_this_roll():
            raise IllegalAction("place at least one die from this roll first")
        events = []
        self._gather(events)
        return events

    def _do_place(self, words):
        board = self.board
        die = _die_number(words)
        if board.with_squares:
            if len(words) != 4:
                raise IllegalAction("use: place <die> <row> <col>")
            r = _number(words[2])
            c = _number(words[3])
            if r is None or c is None or not (0 <= r < board.rows and 0 <= c < board.cols):
                raise IllegalAction("no such square")
            target = r * board.cols + c
        else:
            if len(words) != 3:
                raise IllegalAction("use: place <die> <item>")
            target = board.item_index(words[2])
            if target < 0:
                raise IllegalAction("no item called " + words[2])
        if self.target[die] is not None:
            raise IllegalAction("die %d is already placed" % die)
        face = self.faces[die]
        if face == "x":
            raise IllegalAction("an X is never placed")
        pending = self.pending()
        if board.with_squares:
            if not board.square_ok(target, face, pending, self.line):
                raise IllegalAction("die %d (%s) cannot go there" % (die, face))
        elif not board.item_ok(target, face, pending):
            raise IllegalAction("die %d (%s) cannot go on %s" % (die, face, words[2]))
        self.target[die] = target
        self.placed_in[die] = self.rolls
        events = [self._place_event(die)]
        if self.line and not board.with_squares and pending:
            self.asking = die
            self.phase = "confirm"
        elif not self.unplaced():
            self._gather(events)
        return events

    def _place_event(self, die):
        board = self.board
        target = self.target[die]
        event = {"ev": "place", "die": die, "face": self.faces[die], "item": None, "square": None}
        if board is None:
            return event
        if board.with_squares:
            event["item"] = board.names[board.item_of[target]]
            event["square"] = [target // board.cols, target % board.cols]
        else:
            event["item"] = board.names[target]
        return event

    def _do_unplace(self, words):
        if len(words) != 2:
            raise IllegalAction("use: unplace <die>")
        die = _die_number(words)
        if die not in self.placed_this_roll():
            raise IllegalAction("only a die placed from this roll can be taken back")
        self.target[die] = None
        self.placed_in[die] = 0
        return [{"ev": "unplace", "die": die}]

    def _do_line(self, words):
        if len(words) != 2 or words[1] not in ("yes", "no"):
            raise IllegalAction("answer: line yes / line no")
        die = self.asking
        self.asking = None
        self.phase = "place"
        events = [{"ev": "line", "die": die, "ok": words[1] == "yes"}]
        if words[1] == "no":
            self.target[die] = None
            self.placed_in[die] = 0
            events.append({"ev": "unplace", "die": die})
        elif not self.unplaced():
            self._gather(events)
        return events

    def _do_bust(self, words):
        if len(words) != 1:
            raise IllegalAction("bust takes no arguments")
        if not self.may_declare_bust():
            raise IllegalAction("a bust is found by the referee here")
        events = []
        self._bust(events)
        return events

    def _do_placed(self, words):
        n = _number(words[1]) if len(words) == 2 else None
        if n is None or n < 1 or n > self._placeable_count():
            raise IllegalAction("placed 1 to %d" % self._placeable_count())
        events = []
        for die in self.unplaced():
            if n and self.faces[die] != "x":
                self.target[die] = -1
                self.placed_in[die] = self.rolls
                events.append(self._place_event(die))
                n -= 1
        if self.unplaced():
            self.phase = "decide"
        else:
            self._gather(events)
        return events

    def _do_none(self, words):
        if len(words) != 1:
            raise IllegalAction("none takes no arguments")
        events = []
        self._bust(events)
        return events

    def _do_item(self, words):
        if len(words) != 2 or words[1] not in ("yes", "no"):
            raise IllegalAction("answer: item yes / item no")
        events = []
        if words[1] == "yes":
            self.item_turns += 1
            self.completed.append(None)
            events.append({"ev": "item_done", "item": None})
            self.phase = "food"
        else:
            self._cat_step(events)
            if not self.is_over() and self.phase != "left":
                self._next_turn(events)
        return events

    def _do_food(self, words):
        if len(words) != 2 or words[1] not in ("yes", "no"):
            raise IllegalAction("answer: food yes / food no")
        events = []
        if words[1] == "yes":
            self._end(True, 0, events)
        elif self.item_turns >= MAX_ITEMS:
            raise IllegalAction("%d items completed: all food must be gone" % MAX_ITEMS)
        else:
            events.append({"ev": "cat_stays", "pos": self.cat})
            self._next_turn(events)
        return events

    def _do_left(self, words):
        n = _number(words[1]) if len(words) == 2 else None
        if n is None or n < 1 or n > MAX_SQUARES:
            raise IllegalAction("left 1 to %d" % MAX_SQUARES)
        events = []
        self._end(False, n, events)
        return events

    # ----- the turn flow ----------------------------------------------------

    def _roll(self):
        self.rolls += 1
        dice = self.unplaced()
        faces = []
        for die in dice:
            self.faces[die] = roll(self.rng, MMM_FOOD)
            if self.entered:  # the table's face in place of the one drawn
                self.faces[die] = self.entered.pop(0)
            faces.append(self.faces[die])
        events = [{"ev": "roll", "roll": self.rolls, "dice": dice, "faces": faces}]
        if self._roll_busts(dice):
            self._bust(events)
        else:
            self.phase = "report" if self.board is None else "place"
        return events

    def _roll_busts(self, dice):
        board = self.board
        pending = self.pending()
        for die in dice:
            face = self.faces[die]
            if face == "x":
                continue
            if board is None or board.can_place(face, pending, self.line and board.with_squares):
                return False
        return True

    def _bust(self, events):
        returned = len(self.pending())
        for die in range(DICE):
            self.target[die] = None
        events.append({"ev": "bust", "returned": returned})
        self._cat_step(events)
        if not self.is_over() and self.phase != "left":
            self._next_turn(events)

    def _gather(self, events):
        board = self.board
        pending = self.pending()
        if board is None:
            events.append({"ev": "gather", "count": len(pending), "items": [], "squares": []})
            self.phase = "item"
            return
        items = []
        squares = []
        for target in pending:
            if board.with_squares:
                items.append(board.names[board.item_of[target]])
                squares.append([target // board.cols, target % board.cols])
            else:
                items.append(board.names[target])
        done = board.gather(pending)
        for die in range(DICE):
            self.target[die] = None
        events.append({"ev": "gather", "count": len(pending), "items": items, "squares": squares})
        for item in done:
            self.completed.append(board.names[item])
            events.append({"ev": "item_done", "item": board.names[item]})
        if board.all_covered():
            self._end(True, 0, events)
        elif done:
            events.append({"ev": "cat_stays", "pos": self.cat})
            self._next_turn(events)
        else:
            self._cat_step(events)
            if not self.is_over():
                self._next_turn(events)

    def _cat_step(self, events):
        self.cat += 1
        events.append({"ev": "cat", "pos": self.cat, "distance": self.track - self.cat})
        if self.cat >= self.track:
            if self.board is None:
                self.phase = "left"
            else:
                self._end(False, self.board.pieces_left(), events)

    def _end(self, won, pieces_left, events):
        distance = self.track - self.cat if won else 0
        rating = win_rating(distance) if won else loss_rating(pieces_left)
        self.result = {
            "won": won,
            "distance": distance,
            "pieces_left": pieces_left,
            "rating": rating,
            "side": self.side,
            "variant": self.variant,
            "level": self.level,
            "track": self.track,
            "turns": self.turn,
        }
        self.phase = "over"
        events.append(
            {
                "ev": "end",
                "won": won,
                "distance": distance,
                "pieces_left": pieces_left,
                "rating": rating,
            }
        )

    def _next_turn(self, events):
        self.player = self.player % self.players + 1
        self.turn += 1
        self._start_turn()
        self.phase = "roll"
        events.append({"ev": "turn", "turn": self.turn, "player": self.player})

    # ----- state --------------------------------------------------------------

    def state(self):
        board = self.board
        dice = []
        for die in range(DICE):
            target = self.target[die]
            where = None
            if target is not None:
                event = self._place_event(die)
                where = {"item": event["item"], "square": event["square"]}
            dice.append(
                {
                    "face": self.faces[die],
                    "placed": where,
                    "this_roll": target is not None and self.placed_in[die] == self.rolls,
                }
            )
        state = {
            "level": self.level,
            "side": self.side,
            "variant": self.variant,
            "layout": self.options["layout"],
            "players": self.players,
            "player": self.player,
            "turn": self.turn,
            "phase": self.phase,
            "rolls": self.rolls,
            "cat": self.cat,
            "track": self.track,
            "distance": self.track - self.cat,
            "dice": dice,
            "completed": list(self.completed),
            "items": None,
            "rows": None,
            "cols": None,
            "pieces_left": None,
            "bust_risk": None,
            "over": self.is_over(),
            "result": self.result,
        }
        if board is not None:
            pending = self.pending()
            items = []
            for item in range(len(board.names)):
                items.append(board.item_state(item, pending))
            state["items"] = items
            state["pieces_left"] = board.pieces_left()
            if board.with_squares:
                state["rows"] = board.rows
                state["cols"] = board.cols
            risk = self.bust_risk()
            if risk is not None:
                state["bust_risk"] = list(risk)
        return state

    # The checkpoint (pawtrack.game): what actions change. The level, side, variant,
    # players and track come from the options alone, so __init__ makes them again.
    CHECKPOINT_VERSION = 1
    CHECKPOINT_SPACING = 40  # about 3 ms of replay on the host's MicroPython
    CHECKPOINT_FIELDS = (
        "board", "cat", "player", "turn", "phase", "result", "item_turns", "rolls", "faces",
        "target", "placed_in", "asking", "completed",
    )


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


def _number(word):
    """The non-negative integer a word spells, or None."""
    if not word or not word.isdigit() or len(word) > 3:
        return None
    return int(word)


def _die_number(words):
    die = _number(words[1]) if len(words) > 1 else None
    if die is None or die >= DICE:
        raise IllegalAction("dice are numbered 0 to %d" % (DICE - 1))
    return die


_HANDLERS = {
    ("roll", "roll"): MmmGame._do_roll,
    ("place", "place"): MmmGame._do_place,
    ("place", "unplace"): MmmGame._do_unplace,
    ("place", "reroll"): MmmGame._do_reroll,
    ("place", "stop"): MmmGame._do_stop,
    ("place", "bust"): MmmGame._do_bust,
    ("confirm", "line"): MmmGame._do_line,
    ("report", "placed"): MmmGame._do_placed,
    ("report", "none"): MmmGame._do_none,
    ("decide", "reroll"): MmmGame._do_reroll,
    ("decide", "stop"): MmmGame._do_stop,
    ("item", "item"): MmmGame._do_item,
    ("food", "food"): MmmGame._do_food,
    ("left", "left"): MmmGame._do_left,
}
