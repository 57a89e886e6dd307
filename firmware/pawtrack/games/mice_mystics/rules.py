"""Mice and Mystics (docs/rules/mice_mystics.md): the chapter companion's rules, pure.

The players keep the map, line of sight, targeting, wounds and the card decks;
the device keeps what is counted, rolled or ordered: the action dice, the
initiative track and whose turn it is, the cheese of every mouse, the minion
cheese wheel and its surges, the hourglass and the chapter end marker, the
captures and the achievements. The rolls themselves, the wheel, surges and
the deal are small pure functions in ``battle.py``, ``trackers.py`` and
``initiative.py``; this class is the chapter's state machine around them.

Phases (``self.phase``)
    ``setup``      chapter start: end page, hourglass page, heroes, first minions
    ``turn``       the card under the cursor acts
    ``defence``    an attack hit: the defender must roll before anything else
    ``route``      a free roll showed cheese: whose is it?
    ``encounter``  a new encounter's minion types are being entered
    ``round_end``  the last card has acted: are minions on the board?
    ``over``       the chapter is won or lost

Actions (space-separated words; n is a number of dice 1-8, or 0-8 for defence)
    setup      ``endpage <p>`` (hourglass+1 .. pages), ``hourglass <p>`` (1 .. end-1),
               ``hero <h>`` / ``minion <t>`` (toggle one in or out),
               ``deal`` / ``deal ambush`` (needs the end page and a hero)
    encounter  ``minion <t>`` (toggle), ``deal`` / ``deal ambush`` (a type chosen),
               ``cancel``
    turn       ``move <n>``         n movement numbers 1-3 (a mouse: 1; minions: one each)
               ``attack melee|ranged <n>``  the card under the cursor attacks
               ``defend <n>``       a mouse's attack hit: the minion rolls n defence dice
               ``defend <h> <n>``   a minion's attack hit: mouse h rolls n defence dice
                                    (after the first defence the same attack stays open
                                    for more defenders until another action)
               ``check search|webbed|water|trap <n>``  a mouse's check, any star passes
               ``roll melee|ranged|defence|check|move <n>``  the free dice roller
               ``route <h>`` / ``route wheel``  cheese of a free attack/defence roll
               ``end``              the card's turn is over
               ``rescue``           a captured mouse's turn, no minions on the board
               ``encounter``        enter a new encounter's minions
               ``captured <h>``, ``achieve roachmaster <h>``, ``defeated <card>``
               ``cheese <h> +1|-1``, ``give <a> <b>``, ``steal <h>``, ``levelup <h>``
               ``wheel +1|-1``, ``hourglass +1|-1``, ``endpage +1|-1`` (chapter rules,
               corrections), ``won`` (the chapter's goal is reached)
    round_end  ``board yes`` / ``board no`` (no minions: the wheel gets one cheese), ``won``

Randomness (so a chapter is seed + actions): each action die is
``dice.roll(rng, dice.MICE_MYSTICS_ACTION)``; a movement number is
``rng.between(1, 3)`` (option ``movement`` = ``face``: a face is rolled and its
number read from ``dice.MICE_MYSTICS_NUMBERS``); a deal is
``initiative.deal``; an ambush rolls one movement number per card of
``initiative.ambush_cards`` in that order.

Events: see docs/protocol.md (``chapter``, ``hero``, ``minion``, ``deal``,
``ambush``, ``turn``, ``round``, ``round_end``, ``move``, ``attack``,
``defence``, ``battle``, ``check``, ``roll``, ``cheese``, ``cheesemaster_bonus``,
``wheel``, ``surge``, ``hourglass``, ``end_marker``, ``achievement``,
``captured``, ``rescued``, ``removed``, ``levelup``, ``encounter``,
``defeat``, ``won``).
"""

from pawtrack import dice, table_rolls
from pawtrack.game import Game, IllegalAction
from pawtrack.games.mice_mystics import battle, cards, initiative, trackers

SETUP = "setup"
TURN = "turn"
DEFENCE = "defence"
ROUTE = "route"
ENCOUNTER = "encounter"
ROUND_END = "round_end"
OVER = "over"

MAX_DICE = 8
COUNTS = tuple(str(n) for n in range(1, MAX_DICE + 1))
DEFENCE_COUNTS = ("0",) + COUNTS
CHECKS = ("search", "webbed", "water", "trap")
STANDARD_CHECKS = ("search", "webbed")  # a search, or recovering from webs
PAGE_CHOICES = tuple(range(6, 21))
# The movement die entered at the table (option movement: separate).
MOVEMENT_WORDS = ("1", "2", "3")
PLUS = ("+1",)
PLUS_MINUS = ("+1", "-1")
LEVEL_UP_CHEESE = 6
# Achievements that move the chapter end marker one page further.
CHEESEMASTER = "cheesemaster"
ROACHMASTER = "roachmaster"
SCAPER = "scaper"


class MiceMystics(Game):
    OPTIONS = (
        ("pages", PAGE_CHOICES, 10),
        ("overflow", (trackers.RESET, trackers.KEEP), trackers.RESET),
        ("movement", ("separate", "face"), "separate"),
        table_rolls.OPTION,
    )

    def __init__(self, options, rng):
        Game.__init__(self, options, rng)
        self.pages = options["pages"]
        self.overflow = options["overflow"]
        self.face_numbers = options["movement"] == "face"
        self.table_rolls = options["rolls"] == table_rolls.TABLE
        self.entered = None  # faces rolled at the table, used up by the action being applied
        self.phase = SETUP
        self.end = None  # the chapter end marker's page, typed in at setup
        self.hourglass = 1
        self.wheel = 0
        self.surges = 0  # surges so far (a screen can tell a new one happened)
        self.round = 0
        self.heroes = []  # heroes in play, in cards.HEROES order
        self.cheese = {}
        self.captured = []  # heroes captured now
        self.captures = {}  # times each hero was captured this chapter
        self.achievements = {}  # achievement -> hero
        self.track = []
        self.current = None  # the card whose turn it is
        self.restart = False  # the track was dealt afresh: after this turn, a new round
        self.chosen = []  # minion types of the encounter being entered
        self.attack = None  # an attack that hit: [attacker, mode, hits, defences so far, faces]
        self.route = None  # a free roll's cheese waiting for its owner: (mode, cheese)
        self.last = None  # the last roll for the screen: (kind, mode, faces, numbers, who)
        self.last_battle = None  # (attacker, defender, mode, hits, blocks, wounds, attack faces)
        self.moved = 0  # movement rolls this turn (a mouse's second one is a scurry)
        self.acted = 0  # attacks, searches and webbed checks this turn
        self.surged = 0  # surges caused by the last action (the screen's banner)
        # How many dice each card last rolled for each purpose ("collin melee",
        # "nez defend", "rats move", "roller check"): a picker starts there, and
        # it survives a power cut with the rest of the chapter.
        self.dice_used = {}
        self.achieved = None  # an achievement earned by the last action
        self.result = None

    # -- queries ---------------------------------------------------------------

    def is_over(self):
        return self.result is not None

    def active_heroes(self):
        """The heroes in play and not captured, in cards.HEROES order."""
        return [hero for hero in self.heroes if hero not in self.captured]

    def current_is_hero(self):
        return self.current is not None and cards.is_hero(self.current)

    def current_active(self):
        """Is the card under the cursor a mouse that is not captured?"""
        return self.current_is_hero() and self.current not in self.captured

    def minion_cards(self):
        return [card for card in self.track if not cards.is_hero(card)]

    def cheesemaster(self):
        return self.achievements.get(CHEESEMASTER)

    # -- what is allowed: families of actions ------------------------------------
    #
    # Each family is a tuple of word choices; the actions it allows are every
    # combination of one word from each. legal_actions() lists them all and
    # apply() accepts exactly these, so the two can never disagree.

    def families(self):
        phase = self.phase
        if phase == OVER:
            return []
        if phase == SETUP:
            return self._setup_families()
        if phase == ENCOUNTER:
            families = [(("minion",), cards.MINION_IDS), (("cancel",),)]
            if self.chosen:
                families += [(("deal",),), self._ambush_family()]
            return families
        if phase == ROUND_END:
            minions = tuple(self.minion_cards())
            if minions:
                # A minion card on the track means minions of its type on the
                # board: "no minions" needs the card taken off first.
                return [(("board",), ("yes",)), (("defeated",), minions), (("won",),)]
            return [(("board",), ("yes", "no")), (("won",),)]
        if phase == DEFENCE:
            return self._defend_families()
        if phase == ROUTE:
            return [(("route",), tuple(self.active_heroes()) + ("wheel",))]
        return self._turn_families()

    def _setup_families(self):
        end_top = self.end - 1 if self.end is not None else self.pages - 1
        families = [
            (("endpage",), tuple(str(p) for p in range(self.hourglass + 1, self.pages + 1))),
            (("hourglass",), tuple(str(p) for p in range(1, end_top + 1))),
            (("hero",), cards.HERO_IDS),
            (("minion",), cards.MINION_IDS),
        ]
        if self.end is not None and self.heroes:
            families.append((("deal",),))
            if self.chosen:
                families.append(self._ambush_family())
        return families

    def _rolled(self, family):
        """A family of actions that roll dice: with table rolls, each is a template."""
        if self.table_rolls:
            return family + ((table_rolls.MARK,),)
        return family

    def _ambush_family(self):
        if self.ambush_count():
            return self._rolled((("deal",), ("ambush",)))
        return (("deal",), ("ambush",))

    def ambush_count(self):
        """How many movement numbers an ambush of the chosen types rolls (one per new type)."""
        return len(initiative.new_types(self.track, self.chosen)[0])

    def _defend_families(self):
        if cards.is_hero(self.attack[0]):
            who = (("defend",),)
        else:
            who = (("defend",), tuple(self.active_heroes()))
        if self.table_rolls:  # no dice, nothing to enter
            return [who + (("0",),), self._rolled(who + (COUNTS,))]
        return [who + (DEFENCE_COUNTS,)]

    def _turn_families(self):
        families = []
        if self.current_active() or not self.current_is_hero():
            families.append(self._rolled((("move",), COUNTS)))
            families.append(self._rolled((("attack",), battle.ATTACK_MODES, COUNTS)))
        if self.current_active():
            families.append(self._rolled((("check",), CHECKS, COUNTS)))
        elif self.current_is_hero() and not self.minion_cards():
            families.append((("rescue",),))
        if self.attack is not None and self.active_heroes():
            families.extend(self._defend_families())
        families.append(self._rolled((("roll",), battle.ROLL_MODES, COUNTS)))
        families.append((("end",),))
        families.append((("encounter",),))
        active = tuple(self.active_heroes())
        with_cheese = tuple(hero for hero in active if self.cheese[hero] > 0)
        if active:
            families.append((("captured",), active))
            for hero in active:
                families.append((("cheese",), (hero,), PLUS_MINUS if self.cheese[hero] else PLUS))
            # Sharing and levelling up are the acting mouse's free actions.
            acting = self.current if self.current_active() else None
            for giver in with_cheese:
                others = tuple(hero for hero in active
                               if hero != giver and acting in (giver, hero))
                if others:
                    families.append((("give",), (giver,), others))
            if with_cheese:
                families.append((("steal",), with_cheese))
            if acting is not None and self.cheese[acting] >= LEVEL_UP_CHEESE:
                families.append((("levelup",), (acting,)))
            if ROACHMASTER not in self.achievements:
                families.append((("achieve",), (ROACHMASTER,), active))
        minions = tuple(self.minion_cards())
        if minions:
            families.append((("defeated",), minions))
        families.append((("wheel",), PLUS_MINUS if self.wheel else PLUS))
        families.append((("hourglass",), PLUS_MINUS if self.hourglass > 1 else PLUS))
        end_moves = ()
        if self.end < self.pages:
            end_moves += PLUS
        if self.end - 1 > self.hourglass:
            end_moves += ("-1",)
        if end_moves:
            families.append((("endpage",), end_moves))
        families.append((("won",),))
        return families

    def legal_actions(self):
        actions = []
        for family in self.families():
            combos = [""]
            for choices in family:
                combos = [(c + " " + w) if c else w for c in combos for w in choices]
            actions.extend(combos)
        return actions

    def check_legal(self, action):
        return self._parse(action)[0]

    def _parse(self, action):
        """(the action's words, faces entered at the table or None); IllegalAction
        unless the action is one of legal_actions() or fills one of its templates."""
        words = action.split(" ")
        for family in self.families():
            size = len(family)
            if family[-1] == (table_rolls.MARK,):
                size -= 1  # a template: the words after the family's are the faces
                if len(words) < size:
                    continue
            elif len(family) != len(words):
                continue
            for index in range(size):
                if words[index] not in family[index]:
                    break
            else:
                if size == len(words):
                    if family[-1] == (table_rolls.MARK,):
                        raise table_rolls.faces_missing(action)
                    return words, None
                faces, count = self._entry(words[:size])
                return words[:size], table_rolls.faces_entered(words[size:], faces, count)
        raise IllegalAction(self._refusal(words))

    def entry_for(self, action):
        """(the die's face words, how many dice) that ``action`` (a template, with or
        without its mark) asks the table for; None if it rolls nothing or the device rolls."""
        if not self.table_rolls:
            return None
        words = table_rolls.without_mark(action).split(" ")
        for family in self.families():
            if family[-1] == (table_rolls.MARK,) and len(family) == len(words) + 1:
                for index in range(len(words)):
                    if words[index] not in family[index]:
                        break
                else:
                    return self._entry(words)
        return None

    def _entry(self, words):
        """(face words, count) of the roll the action ``words`` (checked) makes."""
        verb = words[0]
        if verb == "deal":
            return self._movement_faces(), self.ambush_count()
        count = int(words[-1])
        if verb == "move" or (verb == "roll" and words[1] == battle.MOVE):
            return self._movement_faces(), count
        return dice.MICE_MYSTICS_ACTION, count

    def _movement_faces(self):
        if self.face_numbers:
            return dice.MICE_MYSTICS_ACTION
        return MOVEMENT_WORDS

    def _refusal(self, words):
        verb = words[0]
        if self.phase == OVER:
            return "the chapter is over"
        if self.phase == DEFENCE and verb != "defend":
            return "roll the defence first"
        if self.phase == ROUTE and verb != "route":
            return "say whose cheese it is first"
        minions = self.minion_cards()
        if self.phase == ROUND_END and words == ["board", "no"] and minions:
            return "%s still on the track: its minions are on the board" % (
                cards.card_name(minions[0]))
        if self.phase == ROUND_END and verb not in ("board", "defeated"):
            return "say first: minions on the board?"
        if verb == "rescue" and self.current in self.captured and minions:
            return "no rescue: %s still on the track" % cards.card_name(minions[0])
        if verb in ("give", "levelup") and self.phase == TURN and self.current not in words[1:]:
            return "share and level up only on that mouse's own turn"
        return "not allowed now: " + verb[:20]

    # -- actions -----------------------------------------------------------------

    def apply(self, action):
        if not isinstance(action, str):
            raise IllegalAction("not an action")
        words, entered = self._parse(action)
        verb = words[0]
        if verb != "defend":
            self.attack = None  # any other action closes the attack to more defenders
        self.surged = 0
        self.achieved = None
        handler = getattr(self, "_do_" + verb)
        self.entered = None if entered is None else list(entered)
        try:
            return handler(words)
        finally:
            self.entered = None

    def _table_face(self, drawn):
        """The face the table rolled in place of ``drawn`` (the generator's), if any."""
        if self.entered is None:
            return drawn
        return self.entered.pop(0)

    # setup and encounters

    def _do_endpage(self, words):
        if self.phase == SETUP:
            self.end = int(words[1])
            return [self._chapter_event()]
        step = 1 if words[1] == "+1" else -1
        self.end += step
        return [{"ev": "end_marker", "page": self.end, "why": "correction"}]

    def _chapter_event(self):
        return {"ev": "chapter", "end": self.end, "hourglass": self.hourglass,
                "pages": self.pages}

    def _do_hourglass(self, words):
        if self.phase == SETUP:
            self.hourglass = int(words[1])
            return [self._chapter_event()]
        if words[1] == "-1":
            self.hourglass -= 1
            return [{"ev": "hourglass", "page": self.hourglass, "why": "correction"}]
        return self._move_hourglass("correction")

    def _do_hero(self, words):
        hero = words[1]
        if hero in self.heroes:
            self.heroes.remove(hero)
        else:
            self.heroes = [h for h in cards.HERO_IDS if h in self.heroes or h == hero]
        return [{"ev": "hero", "hero": hero, "in": hero in self.heroes}]

    def _do_minion(self, words):
        type_id = words[1]
        if type_id in self.chosen:
            self.chosen.remove(type_id)
        else:
            self.chosen = [t for t in cards.MINION_IDS if t in self.chosen or t == type_id]
        return [{"ev": "minion", "type": type_id, "chosen": type_id in self.chosen}]

    def _do_encounter(self, words):
        self.phase = ENCOUNTER
        self.chosen = []
        self.attack = None
        return [{"ev": "encounter"}]

    def _do_cancel(self, words):
        self.phase = TURN
        self.chosen = []
        return []

    def _do_deal(self, words):
        starting = self.phase == SETUP
        track, added, skipped, fresh = initiative.deal(self.track, self.heroes, self.chosen,
                                                       self.rng)
        self.track = track
        self.chosen = []
        events = [{"ev": "deal", "track": list(track), "added": added, "skipped": skipped,
                   "fresh": fresh}]
        if len(words) == 2:
            for card in initiative.ambush_cards(track, added):
                steps = self._movement_number()[0]
                before = self.track.index(card)
                self.track = initiative.ambush(self.track, card, steps)
                events.append({"ev": "ambush", "card": card, "roll": steps, "from": before + 1,
                               "to": self.track.index(card) + 1})
        self.phase = TURN
        if starting:
            for hero in self.heroes:
                self.cheese[hero] = 0
                self.captures[hero] = 0
            return events + self._new_round()
        if fresh:
            self.restart = True
        return events

    # turns and rounds

    def _new_round(self):
        self.round += 1
        self.restart = False
        self.phase = TURN
        return [{"ev": "round", "round": self.round}] + self._start_turn(self.track[0])

    def _start_turn(self, card):
        self.current = card
        self.attack = None
        self.last = None
        self.last_battle = None
        self.moved = 0
        self.acted = 0
        return [{"ev": "turn", "round": self.round, "card": card,
                 "position": self.track.index(card) + 1, "hero": cards.is_hero(card),
                 "captured": card in self.captured}]

    def _do_end(self, words):
        return self._pass_turn(self.track.index(self.current) + 1)

    def _pass_turn(self, next_index):
        """The turn goes to the card at ``next_index`` (the round ends past the bottom)."""
        if self.restart:
            return self._new_round()
        if next_index < len(self.track):
            return self._start_turn(self.track[next_index])
        self.phase = ROUND_END
        self.current = None
        self.attack = None
        return [{"ev": "round_end", "round": self.round,
                 "minion_cards": len(self.minion_cards())}]

    def _do_board(self, words):
        if words[1] == "yes":
            return self._new_round()
        events = self._to_wheel(1, "no minions")
        if self.result is not None:
            return events
        return events + self._new_round()

    def _do_rescue(self, words):
        hero = self.current
        self.captured.remove(hero)
        events = [{"ev": "rescued", "hero": hero}]
        return events + self._pass_turn(self.track.index(hero) + 1)

    def _do_defeated(self, words):
        card = words[1]
        index = self.track.index(card)
        self.track.pop(index)
        events = [{"ev": "removed", "card": card, "track": list(self.track)}]
        if card == self.current:
            events += self._pass_turn(index)
        return events

    # dice

    def _roll(self, count):
        faces = []
        for _ in range(count):
            faces.append(self._table_face(dice.roll(self.rng, dice.MICE_MYSTICS_ACTION)))
        return tuple(faces)

    def _movement_number(self):
        """(number, face or None): one movement number 1-3."""
        if self.face_numbers:
            face = dice.MICE_MYSTICS_ACTION[self.rng.below(len(dice.MICE_MYSTICS_ACTION))]
            face = self._table_face(face)
            return dice.MICE_MYSTICS_NUMBERS[dice.MICE_MYSTICS_ACTION.index(face)], face
        return int(self._table_face(str(self.rng.between(1, 3)))), None

    def _numbers(self, count):
        numbers = []
        faces = []
        for _ in range(count):
            number, face = self._movement_number()
            numbers.append(number)
            if face is not None:
                faces.append(face)
        return tuple(numbers), tuple(faces)

    def _remember(self, who, what, count):
        self.dice_used[who + " " + what] = count

    def dice_count(self, who, what, default):
        """The number of dice ``who`` last rolled for ``what`` (else ``default``)."""
        return self.dice_used.get(who + " " + what, default)

    def _do_move(self, words):
        self._remember(self.current, "move", int(words[1]))
        numbers, faces = self._numbers(int(words[1]))
        self.moved += 1
        self.last = ("move", battle.MOVE, faces, numbers, self.current)
        event = {"ev": "move", "card": self.current, "numbers": list(numbers)}
        if faces:
            event["faces"] = list(faces)
        return [event]

    def _do_roll(self, words):
        mode = words[1]
        count = int(words[2])
        self._remember("roller", mode, count)
        if mode == battle.MOVE:
            numbers, faces = self._numbers(count)
            self.last = ("roll", mode, faces, numbers, None)
            event = {"ev": "roll", "mode": mode, "numbers": list(numbers)}
            if faces:
                event["faces"] = list(faces)
            return [event]
        faces = self._roll(count)
        self.last = ("roll", mode, faces, (), None)
        cheese = battle.cheese(faces)
        event = {"ev": "roll", "mode": mode, "faces": list(faces),
                 "count": battle.tally(faces, mode), "cheese": cheese}
        if mode == battle.CHECK:
            event["success"] = battle.check_passed(faces)
        elif cheese:
            self.phase = ROUTE
            self.route = (mode, cheese)
        return [event]

    def _do_route(self, words):
        mode, count = self.route
        self.route = None
        self.phase = TURN
        if words[1] == "wheel":
            return self._to_wheel(count, "minion roll")
        return self._mouse_cheese(words[1], count, mode == battle.DEFENCE)

    def _do_check(self, words):
        kind = words[1]
        self._remember(self.current, kind, int(words[2]))
        faces = self._roll(int(words[2]))
        if kind in STANDARD_CHECKS:
            self.acted += 1  # water and mousetraps are part of moving, not an action
        self.last = ("check", kind, faces, (), self.current)
        passed = battle.check_passed(faces)
        event = {"ev": "check", "kind": kind, "hero": self.current, "faces": list(faces),
                 "stars": battle.stars(faces), "success": passed}
        events = [event]
        if kind == "trap" and not passed:
            # The mouse takes the bait and a wound (the wound is a marker the
            # players place), is knocked down and its turn ends.
            event["wound"] = 1
            event["turn_ends"] = True
            events += self._mouse_cheese(self.current, 1, False, from_roll=False)
        return events

    def _do_attack(self, words):
        mode = words[1]
        self._remember(self.current, mode, int(words[2]))
        faces = self._roll(int(words[2]))
        attacker = self.current
        self.acted += 1
        self.last = ("attack", mode, faces, (), attacker)
        hits = battle.hits(faces, mode)
        cheese = battle.cheese(faces)
        events = [{"ev": "attack", "attacker": attacker, "mode": mode, "faces": list(faces),
                   "hits": hits, "cheese": cheese}]
        events += self._roll_cheese(attacker, cheese, False)
        if self.result is not None:
            return events
        if hits == 0:
            self.attack = None
            self.last_battle = (attacker, None, mode, 0, 0, 0, faces)
            events.append({"ev": "battle", "attacker": attacker, "defender": None, "mode": mode,
                           "hits": 0, "blocks": 0, "wounds": 0, "defence_rolled": False})
            return events
        self.attack = [attacker, mode, hits, 0, faces]
        self.phase = DEFENCE
        return events

    def _do_defend(self, words):
        attacker, mode, hits, _defences, attack_faces = self.attack
        if cards.is_hero(attacker):
            defender = "minion"
            count = int(words[1])
        else:
            defender = words[1]
            count = int(words[2])
        self._remember(defender, "defend", count)
        faces = self._roll(count)
        blocks = battle.blocks(faces)
        wounds = battle.wounds(hits, blocks)
        cheese = battle.cheese(faces)
        self.attack[3] += 1
        self.phase = TURN
        self.last = ("defence", battle.DEFENCE, faces, (), defender)
        self.last_battle = (attacker, defender, mode, hits, blocks, wounds, attack_faces)
        events = [
            {"ev": "defence", "defender": defender, "faces": list(faces), "blocks": blocks,
             "cheese": cheese},
            {"ev": "battle", "attacker": attacker, "defender": defender, "mode": mode,
             "hits": hits, "blocks": blocks, "wounds": wounds, "defence_rolled": True},
        ]
        roller = defender if defender != "minion" else None
        return events + self._roll_cheese(roller, cheese, True)

    # cheese, the wheel, the story track

    def _roll_cheese(self, roller, count, defence):
        """Cheese rolled in an attack or defence: to the mouse that rolled it, or the wheel."""
        if not count:
            return []
        if roller is not None and cards.is_hero(roller):
            return self._mouse_cheese(roller, count, defence)
        return self._to_wheel(count, "minion roll")

    def _mouse_cheese(self, hero, count, defence, from_roll=True):
        was_cheesemaster = self.cheesemaster()
        self.cheese[hero] += count
        events = [{"ev": "cheese", "hero": hero, "count": count, "total": self.cheese[hero]}]
        if not from_roll:
            return events
        if was_cheesemaster is None and count >= 3:
            events += self._achieve(CHEESEMASTER, hero)
        elif defence and was_cheesemaster == hero:
            active = self.active_heroes()
            for other in active:
                self.cheese[other] += 1
            events.append({"ev": "cheesemaster_bonus", "hero": hero, "heroes": active})
        return events

    def _to_wheel(self, count, why):
        self.wheel, surges = trackers.add_cheese(self.wheel, count, self.overflow)
        events = [{"ev": "wheel", "wheel": self.wheel, "added": count, "why": why}]
        for _ in range(surges):
            self.surges += 1
            self.surged += 1
            events.append({"ev": "surge", "surge": self.surges, "wheel": self.wheel})
            events += self._move_hourglass("surge")
            if self.result is not None:
                break
        return events

    def _move_hourglass(self, why):
        self.hourglass = min(self.pages, self.hourglass + 1)
        events = [{"ev": "hourglass", "page": self.hourglass, "why": why}]
        if trackers.hourglass_lost(self.hourglass, self.end):
            events += self._defeat("hourglass")
        return events

    def _achieve(self, name, hero):
        self.achievements[name] = hero
        self.achieved = name
        before = self.end
        self.end = trackers.end_marker_after(self.end, self.pages)
        events = [{"ev": "achievement", "name": name, "hero": hero}]
        events.append({"ev": "end_marker", "page": self.end, "why": name,
                       "moved": self.end != before})
        return events

    def _do_achieve(self, words):
        return self._achieve(words[1], words[2])

    def _do_captured(self, words):
        hero = words[1]
        self.captures[hero] += 1
        times = self.captures[hero]
        lost = self.cheese[hero]
        self.cheese[hero] = 0
        rescued = self.achievements.get(SCAPER) == hero and times >= 3
        if not rescued:
            self.captured.append(hero)
        if self.attack is not None and self.attack[0] == hero:
            self.attack = None
        events = [{"ev": "captured", "hero": hero, "times": times, "cheese_lost": lost,
                   "rescued": rescued}]
        if times == 2 and SCAPER not in self.achievements:
            events += self._achieve(SCAPER, hero)
        events += self._move_hourglass("capture")
        if self.result is None and not self.active_heroes():
            events += self._defeat("captured")
        return events

    def _do_cheese(self, words):
        hero = words[1]
        self.cheese[hero] += 1 if words[2] == "+1" else -1
        return [{"ev": "cheese", "hero": hero, "count": int(words[2]),
                 "total": self.cheese[hero]}]

    def _do_give(self, words):
        giver, taker = words[1], words[2]
        self.cheese[giver] -= 1
        self.cheese[taker] += 1
        return [{"ev": "cheese", "hero": giver, "count": -1, "total": self.cheese[giver]},
                {"ev": "cheese", "hero": taker, "count": 1, "total": self.cheese[taker]}]

    def _do_steal(self, words):
        hero = words[1]
        self.cheese[hero] -= 1
        events = [{"ev": "cheese", "hero": hero, "count": -1, "total": self.cheese[hero]}]
        return events + self._to_wheel(1, "stolen")

    def _do_levelup(self, words):
        hero = words[1]
        self.cheese[hero] -= LEVEL_UP_CHEESE
        return [{"ev": "levelup", "hero": hero, "cheese": self.cheese[hero]}]

    def _do_wheel(self, words):
        if words[1] == "+1":
            return self._to_wheel(1, "correction")
        self.wheel -= 1
        return [{"ev": "wheel", "wheel": self.wheel, "added": -1, "why": "correction"}]

    # the end

    def _defeat(self, reason):
        return self._finish(False, reason)

    def _do_won(self, words):
        return self._finish(True, "chapter")

    def _finish(self, won, reason):
        self.result = {"won": won, "reason": reason, "round": self.round,
                       "hourglass": self.hourglass, "end": self.end}
        self.phase = OVER
        self.attack = None
        self.route = None
        return [{"ev": "won" if won else "defeat", "reason": reason}]

    # -- the protocol's view -------------------------------------------------------

    def state(self):
        heroes = []
        for hero in self.heroes:
            heroes.append({"hero": hero, "cheese": self.cheese.get(hero, 0),
                           "captured": hero in self.captured,
                           "captures": self.captures.get(hero, 0)})
        attack = None
        if self.attack is not None:
            attack = {"attacker": self.attack[0], "mode": self.attack[1],
                      "hits": self.attack[2], "defences": self.attack[3]}
        last = None
        if self.last is not None:
            kind, mode, faces, numbers, who = self.last
            last = {"kind": kind, "mode": mode, "faces": list(faces), "numbers": list(numbers),
                    "who": who}
        battle_result = None
        if self.last_battle is not None:
            attacker, defender, mode, hits, blocks, wounds, _faces = self.last_battle
            battle_result = {"attacker": attacker, "defender": defender, "mode": mode,
                             "hits": hits, "blocks": blocks, "wounds": wounds}
        return {
            "over": self.result is not None,
            "result": self.result,
            "phase": self.phase,
            "round": self.round,
            "pages": self.pages,
            "hourglass": self.hourglass,
            "end": self.end,
            "wheel": self.wheel,
            "surges": self.surges,
            "overflow": self.overflow,
            "heroes": heroes,
            "track": list(self.track),
            "current": self.current,
            "restart": self.restart,
            "chosen": list(self.chosen),
            "attack": attack,
            "route": None if self.route is None else {"mode": self.route[0],
                                                      "cheese": self.route[1]},
            "last": last,
            "battle": battle_result,
            "achievements": {CHEESEMASTER: self.achievements.get(CHEESEMASTER),
                             ROACHMASTER: self.achievements.get(ROACHMASTER),
                             SCAPER: self.achievements.get(SCAPER)},
        }

    def summary(self):
        if self.result is not None:
            return ("won R%d" if self.result["won"] else "lost R%d") % self.round
        if self.phase == SETUP:
            return "setup"
        return "R%d p%d/%d" % (self.round, self.hourglass, self.end)

    # The checkpoint (pawtrack.game): what actions change. The pages, the overflow rule
    # and the movement dice come from the options alone, so __init__ makes them again.
    CHECKPOINT_VERSION = 1
    CHECKPOINT_SPACING = 16  # about 3 ms of replay on the host's MicroPython
    CHECKPOINT_FIELDS = (
        "phase", "end", "hourglass", "wheel", "surges", "round", "heroes", "cheese",
        "captured", "captures", "achievements", "track", "current", "restart", "chosen",
        "attack", "route", "last", "last_battle", "moved", "acted", "surged", "dice_used",
        "achieved", "result",
    )
