"""Mice and Mystics on the 128x64 screen: whose turn, the dice, the trackers, the track.

The title names the card whose turn it is (or the chapter setup, the new
encounter, the end of the round), the acting mouse's cheese and the round.
The left part shows the last roll as die faces (a 13-pixel symbol per face,
drawn inverted where the face has a star; a battle with 7 or 8 dice in a roll
uses 9-pixel symbols, eight to a row) or movement numbers, then what it came
to (hits, wounds, a check's success); after a capture, a rescue or an ambush
it says what happened until the next action; then the cheese wheel (six
boxes), the hourglass page and the chapter end page. The right column is the
initiative track around the cursor (the card acting is inverted; a captured
mouse is struck through). The row of choices at the bottom says what the
device expects next: left/right cycle, ok does it; choices that need a
number or a name open a small picker. A mouse's second standard action is
asked about first. Back goes to the main menu, long back undoes, long ok
shows the whole chapter.

LEDs (12 on the reference build): LEDs 1-6 are the cheese wheel (yellow, one
per cheese; they flash orange at a surge). The rest are the story track seen
from the hourglass (``trackers.page_leds``): white is the hourglass, red the
chapter end marker, and the dark LEDs between them are the pages the
hourglass can still move; orange on the last LED means the end marker is
further than the strip shows. With room for every page, each LED is a page
(passed pages dim). A lost chapter blinks every LED red; a won one is green.
"""

from pawtrack.games.mice_mystics import battle, cards, icons, trackers
from pawtrack.games.mice_mystics.pickers import ChapterPage, Picker, ToggleList, number_options
from pawtrack.games.mice_mystics.rules import MAX_DICE, STANDARD_CHECKS
from pawtrack.ui import lights, widgets
from pawtrack.ui.choices import ChoiceScreen, choice_row

FACE_ICONS = {
    "sword*": icons.MM_SWORD_STAR,
    "swordshield": icons.MM_SWORDSHIELD,
    "swordshield*": icons.MM_SWORDSHIELD_STAR,
    "bow": icons.MM_BOW,
    "bow*": icons.MM_BOW_STAR,
    "cheese": icons.MM_CHEESE,
}
# For a battle with a roll of 7 or 8 dice: each roll in one row of smaller dice.
SMALL_FACE_ICONS = {
    "sword*": icons.MM_SWORD_STAR_SMALL,
    "swordshield": icons.MM_SWORDSHIELD_SMALL,
    "swordshield*": icons.MM_SWORDSHIELD_STAR_SMALL,
    "bow": icons.MM_BOW_SMALL,
    "bow*": icons.MM_BOW_STAR_SMALL,
    "cheese": icons.MM_CHEESE_SMALL,
}
DIE_PITCH = 14
SMALL_DIE_PITCH = 10
DICE_PER_ROW = 6
PANEL_W = 84
TRACK_X = 86
TRACK_ROWS = 4
TRACKERS_Y = 46
RESULT_Y = 39
SURGE_MS = 1500
ALARM_MS = 5000
BLINK_MS = 250
DIM = (40, 40, 40)
CHECK_NAMES = {"search": "Search", "webbed": "Webbed", "water": "Water", "trap": "Mousetrap"}
MODE_NAMES = {"melee": "Melee", "ranged": "Ranged", "defence": "Defence", "check": "Check",
              "move": "Move"}
LABELS = {
    "move 1": "Move roll",
    "check search 1": "Search",
    "end": "End turn",
    "rescue": "Rescue",
    "encounter": "New encounter",
    "won": "Chapter won",
    "deal": "Deal track",
    "deal ambush": "Deal + ambush",
    "cancel": "Cancel",
    "board yes": "Minions on board",
    "board no": "No minions",
    "route wheel": "Chs: minions",
    "?endpage": "End page",
    "?hourglass": "Hourglass page",
    "?heroes": "Heroes",
    "?minions": "Minion types",
    "?attack": "Battle",
    "?defend": "Defend",
    "?check": "Other check",
    "?move": "Move rolls",
    "?roll": "Dice roller",
    "?captured": "Captured",
    "?cheese": "Cheese",
    "?defeated": "Minions gone",
    "?roachmaster": "Roachmaster",
    "?trackers": "Trackers",
}


def plural(count, word):
    return "%d %s%s" % (count, word, "" if count == 1 else "s")


def draw_faces(canvas, faces, top):
    """Die faces as their symbols, six to a row (a star face is drawn inverted)."""
    for index in range(len(faces)):
        x = (index % DICE_PER_ROW) * DIE_PITCH
        y = top + (index // DICE_PER_ROW) * DIE_PITCH
        canvas.icon(FACE_ICONS[faces[index]], x, y)


def draw_small_faces(canvas, faces, top):
    """Up to eight die faces in one row of small symbols."""
    for index in range(len(faces)):
        canvas.icon(SMALL_FACE_ICONS[faces[index]], index * SMALL_DIE_PITCH, top)


def title_case(word):
    """The word with a capital first letter (MicroPython strings have no capitalize())."""
    return word[:1].upper() + word[1:]


def standard_actions(game):
    """The standard actions the acting mouse took: attacks, searches, webbed
    checks, and a second movement roll (a scurry)."""
    return game.acted + max(0, game.moved - 1)


def trap_sprung(game):
    """Did the last roll spring a mousetrap (the mouse's turn ends)?"""
    last = game.last
    return (last is not None and last[0] == "check" and last[1] == "trap"
            and not battle.check_passed(last[2]))


def is_standard_action(game, action):
    """Would ``action`` be a standard action of the acting mouse?"""
    if action.startswith("attack "):
        return True
    for kind in STANDARD_CHECKS:
        if action.startswith("check " + kind + " "):
            return True
    return action.startswith("move ") and game.moved > 0


def initials(heroes):
    return "".join(cards.hero_name(hero)[0] for hero in heroes)

ROUTE = "route "  # the action that gives cheese to a hero: route <hero>


class MysticsScreen(ChoiceScreen):
    def __init__(self, app, match):
        ChoiceScreen.__init__(self, app, match)
        game = self.game
        self.seen_surges = game.surges
        self.seen_over = game.result is not None
        self.flash_until = None  # surge flash of the wheel LEDs, until this time
        self.alarm_until = None  # end-of-chapter blinking, until this time
        self.blink = False
        self.seen_changes = match.changes
        self.news = []  # what the last action did that the dice do not show
        self.news_changes = None  # ... shown while the match is at this change

    # -- the choices ---------------------------------------------------------------

    def actions(self):
        game = self.game
        phase = game.phase
        if phase == "over":
            return []
        if phase == "setup":
            entries = ["?endpage", "?hourglass", "?heroes", "?minions"]
            if game.end is None:
                return entries
            if not game.heroes:
                return ["?heroes", "?minions", "?endpage", "?hourglass"]
            deal = ["deal ambush", "deal"] if game.chosen else ["deal"]
            return deal + entries
        if phase == "encounter":
            if game.chosen:
                return ["deal ambush", "deal", "?minions", "cancel"]
            return ["?minions", "cancel"]
        if phase == "round_end":
            if game.minion_cards():
                # "No minions" needs the cards off the track first (the rules refuse it).
                return ["board yes", "?defeated", "won"]
            return ["board no", "board yes", "won"]
        if phase == "defence":
            return ["?defend"]
        if phase == "route":
            heroes = game.active_heroes()
            if game.current in heroes:
                heroes = [game.current] + [h for h in heroes if h != game.current]
            return ["route " + hero for hero in heroes] + ["route wheel"]
        return self.turn_actions(game)

    def turn_actions(self, game):
        if game.current_active():
            main = ["move 1", "?attack", "check search 1", "end"]
            if standard_actions(game) or trap_sprung(game):
                main = ["end", "move 1", "?attack", "check search 1"]
            elif game.moved:
                main = ["?attack", "check search 1", "end", "move 1"]
            main.append("?check")
        elif game.current_is_hero():
            # No minion card on the track: the rescue is automatic, so it comes first.
            main = ["end"] if game.minion_cards() else ["rescue", "end"]
        else:
            main = ["?move", "?attack", "end"]
            if game.acted:
                main = ["end", "?attack", "?move"]
            elif game.moved:
                main = ["?attack", "end", "?move"]
        if game.attack is not None:
            main.insert(1, "?defend")
        main += ["?roll", "encounter", "?captured", "?cheese"]
        if game.minion_cards():
            main.append("?defeated")
        if "roachmaster" not in game.achievements:
            main.append("?roachmaster")
        return main + ["?trackers", "won"]

    def current(self):
        changes = self.app.session.match.changes
        if changes != self.seen_changes:
            # The match moved on (buttons, protocol or undo): show what usually comes next.
            self.seen_changes = changes
            self.choice = None
        return ChoiceScreen.current(self)

    def label(self, key):
        if key in LABELS:
            if key == "?defend" and self.game.phase != "defence":
                return "Next defender"
            return LABELS[key]
        if key.startswith(ROUTE):
            return "Chs: " + cards.hero_name(key[len(ROUTE) :])
        return key

    def act(self, action):
        if action is not None and action[0] == "?":
            self.ask(action[1:])
            return True
        if action is not None and self.second_action(action):
            return True
        if action == "won":
            from pawtrack.ui.confirm import ConfirmScreen  # a question now and then

            self.app.push(ConfirmScreen(self.app, "Chapter won?",
                                        "Did the mice reach the chapter's goal?", "Won!",
                                        "Not yet", lambda: ChoiceScreen.act(self, "won")))
            return True
        return ChoiceScreen.act(self, action)

    def more(self):
        return ChapterPage(self.app, "Chapter", self.chapter_lines)

    def face_icon(self, face):
        return FACE_ICONS.get(face)  # None for a movement number: it is written

    # -- pickers -------------------------------------------------------------------

    def pick(self, title, options, then, start=0):
        self.app.push(Picker(self.app, title, options, then, start))

    def pick_dice(self, title, key, default, then, low=1):
        """A picker for a number of dice, starting at what ``key`` (who, what) last rolled."""
        start = self.game.dice_count(key[0], key[1], default) - low
        self.pick(title, number_options(low, MAX_DICE, True), then, start)

    def hero_options(self):
        return [(cards.hero_name(hero), hero) for hero in self.game.active_heroes()]

    def ask(self, what):
        game = self.game
        act = self.act_now
        if what == "endpage":
            low = game.hourglass + 1
            start = (game.end if game.end is not None else 6) - low
            self.pick("Chapter end page", number_options(low, game.pages),
                      lambda p: act("endpage %d" % p), start)
        elif what == "hourglass":
            top = game.end - 1 if game.end is not None else game.pages - 1
            self.pick("Hourglass starts", number_options(1, top),
                      lambda p: act("hourglass %d" % p), game.hourglass - 1)
        elif what == "heroes":
            rows = [(name, "hero " + hero) for hero, name in cards.HEROES]
            self.app.push(ToggleList(self.app, "Heroes in play", rows, act,
                                     lambda i: cards.HEROES[i][0] in self.game.heroes))
        elif what == "minions":
            rows = [(row[1], "minion " + row[0]) for row in cards.MINIONS]
            self.app.push(ToggleList(self.app, "Minion types", rows, act,
                                     lambda i: cards.MINIONS[i][0] in self.game.chosen))
        elif what == "attack":
            card = game.current
            modes = [("Melee", "melee"), ("Ranged", "ranged")]

            def mode_chosen(mode):
                self.pick_dice("%s dice" % MODE_NAMES[mode], (card, mode), 2,
                               lambda n: act("attack %s %d" % (mode, n)))

            self.pick(cards.card_name(card) + " attacks", modes, mode_chosen)
        elif what == "defend":
            self.ask_defence()
        elif what == "check":
            kinds = [("Webbed", "webbed"), ("Water", "water"), ("Mousetrap", "trap"),
                     ("Search", "search")]

            def kind_chosen(kind):
                self.pick_dice(CHECK_NAMES[kind] + " dice", (game.current, kind), 1,
                               lambda n: act("check %s %d" % (kind, n)))

            self.pick("Check", kinds, kind_chosen)
        elif what == "move":
            self.pick_dice("One per minion", (game.current, "move"), 1,
                           lambda n: act("move %d" % n))
        elif what == "roll":
            modes = [(MODE_NAMES[mode], mode) for mode in battle.ROLL_MODES]

            def mode_chosen(mode):
                self.pick_dice(MODE_NAMES[mode] + " roll", ("roller", mode), 1,
                               lambda n: act("roll %s %d" % (mode, n)))

            self.pick("Dice roller", modes, mode_chosen)
        elif what == "captured":
            self.pick("Who is captured?", self.hero_options(),
                      lambda hero: act("captured " + hero))
        elif what == "cheese":
            self.pick("Whose cheese?", self.hero_options(), self.ask_cheese)
        elif what == "defeated":
            options = [(cards.card_name(card), card) for card in game.minion_cards()]
            self.pick("Card off the track", options, lambda card: act("defeated " + card))
        elif what == "roachmaster":
            self.pick("Roachmaster", self.hero_options(),
                      lambda hero: act("achieve roachmaster " + hero))
        elif what == "trackers":
            legal = game.legal_actions()
            options = []
            for label, action in (("Wheel +1", "wheel +1"), ("Wheel -1", "wheel -1"),
                                  ("Hourglass +1", "hourglass +1"),
                                  ("Hourglass -1", "hourglass -1"),
                                  ("End page +1", "endpage +1"), ("End page -1", "endpage -1")):
                if action in legal:
                    options.append((label, action))
            self.pick("Chapter rule / fix", options, act)

    def ask_defence(self):
        game = self.game
        act = self.act_now
        attacker = game.attack[0]
        hits = game.attack[2]
        if cards.is_hero(attacker):
            self.pick_dice("Defence, %s" % plural(hits, "hit"), ("minion", "defend"), 1,
                           lambda n: act("defend %d" % n), low=0)
            return

        def hero_chosen(hero):
            self.pick_dice(cards.hero_name(hero) + " defends", (hero, "defend"), 2,
                           lambda n: act("defend %s %d" % (hero, n)), low=0)

        self.pick("Defender, %s" % plural(hits, "hit"), self.hero_options(), hero_chosen)

    def ask_cheese(self, hero):
        game = self.game
        act = self.act_now
        have = game.cheese[hero]
        legal = game.legal_actions()  # sharing and levelling up: on the acting mouse's turn
        takers = [h for h in game.active_heroes() if "give %s %s" % (hero, h) in legal]
        options = [("+1 cheese", "cheese %s +1" % hero)]
        if have:
            options.append(("-1 cheese", "cheese %s -1" % hero))
            if takers:
                options.append(("Give one", "give"))
            options.append(("Roach stole 1", "steal " + hero))
        if "levelup " + hero in legal:
            options.insert(0, ("Level up (-6)", "levelup " + hero))

        def chosen(action):
            if action != "give":
                act(action)
                return
            others = [(cards.hero_name(h), h) for h in takers]
            self.pick("Give to", others, lambda taker: act("give %s %s" % (hero, taker)))

        self.pick("%s: %d cheese" % (cards.hero_name(hero), have), options, chosen)

    def acted(self, events):
        """Captures, rescues and ambushes are said in the left part until the next action."""
        news = []
        for event in events:
            kind = event["ev"]
            if kind == "captured":
                news += ["Captured:", cards.hero_name(event["hero"])]
                if event["rescued"]:
                    news += ["Scaper: free", "at once."]
                else:
                    news += ["cheese lost,", "hourglass +1"]
            elif kind == "rescued":
                news += ["Rescued:", cards.hero_name(event["hero"]) + ", place",
                         "by a mouse.", "Turn is over."]
            elif kind == "ambush":
                if not news:
                    news.append("Ambush! rolled")
                news.append("%s %d > #%d" % (cards.card_name(event["card"]), event["roll"],
                                             event["to"]))
        self.news = news
        self.news_changes = self.app.session.match.changes

    def showing_news(self):
        return bool(self.news) and self.news_changes == self.app.session.match.changes

    def act_now(self, action):
        """Do an action from a picker (a refusal becomes a message)."""
        if not self.second_action(action):
            ChoiceScreen.act(self, action)

    def second_action(self, action):
        """A mouse's second standard action is asked about first (an ability card
        may allow it): True when the question is shown."""
        game = self.game
        if not (game.current_active() and standard_actions(game)
                and is_standard_action(game, action)):
            return False
        name = cards.hero_name(game.current)
        from pawtrack.ui.confirm import ConfirmScreen

        self.app.push(ConfirmScreen(
            self.app, "Second action?",
            "%s took an action this turn: one per turn, unless a card allows more." % name,
            "Do it", "Cancel", lambda: ChoiceScreen.act(self, action)))
        return True

    # -- alarms ----------------------------------------------------------------------

    def tick(self, now_ms):
        game = self.game
        changed = False
        if game.surges != self.seen_surges:
            if game.surges > self.seen_surges:
                self.flash_until = now_ms + SURGE_MS
                self.app.beep(880, 250)
            self.seen_surges = game.surges
            changed = True
        over = game.result is not None
        if over != self.seen_over:
            self.seen_over = over
            if over:
                self.alarm_until = now_ms + ALARM_MS
                self.app.beep(330 if not game.result["won"] else 1320, 400)
            changed = True
        busy = False
        if self.flash_until is not None:
            if now_ms - self.flash_until >= 0:
                self.flash_until = None
                changed = True
            else:
                busy = True
        if self.alarm_until is not None:
            if now_ms - self.alarm_until >= 0:
                self.alarm_until = None
                changed = True
            else:
                busy = True
        blink = busy and (now_ms // BLINK_MS) % 2 == 0
        if blink != self.blink:
            self.blink = blink
            changed = True
        return changed

    def button(self, name, kind):
        if self.flash_until is not None or self.alarm_until is not None:
            self.flash_until = None  # a press ends the flashing; it still acts
            self.alarm_until = None
            self.blink = False
        return ChoiceScreen.button(self, name, kind)

    # -- drawing ---------------------------------------------------------------------

    def title_text(self):
        game = self.game
        phase = game.phase
        if phase == "setup":
            return "Chapter setup"
        if phase == "encounter":
            return "New encounter"
        if phase == "round_end":
            return "End of round"
        if phase == "over":
            return "Chapter won!" if game.result["won"] else "Chapter lost"
        name = cards.card_name(game.current)
        if game.current in game.captured:
            return name + " (captured)"
        return name

    def title_right(self):
        """The round, and the acting mouse's cheese."""
        game = self.game
        if not game.round:
            return ""
        if game.phase != "over" and game.current_active():
            return "%d cheese R%d" % (game.cheese[game.current], game.round)
        return "R%d" % game.round

    def draw(self, canvas):
        game = self.game
        widgets.title(canvas, self.title_text(), self.title_right())
        canvas.vline(TRACK_X - 2, 12, 40, 1)
        lines = self.panel_lines()
        if self.shows_roll():
            self.draw_roll(canvas, game.last)
            if lines:
                canvas.text(lines[0][:14], 0, RESULT_Y)
        else:
            y = 12
            for line in lines[:4]:
                canvas.text(line[:14], 0, y)
                y += 8
        self.draw_trackers(canvas)
        self.draw_track(canvas)
        choice, actions = self.current()
        if choice is not None:
            choice_row(canvas, self.label(choice), len(actions))
        else:
            widgets.hint(canvas, "BACK: menu")

    def shows_roll(self):
        """Is the left part the last roll (not a banner or a prompt)?"""
        game = self.game
        return (game.last is not None and game.phase in ("turn", "defence", "route")
                and not game.surged and not self.showing_news())

    def draw_roll(self, canvas, last):
        kind, mode, faces, numbers, _who = last
        if numbers:
            if len(numbers) == 1:
                canvas.text("Move +", 0, 20)
                canvas.text(str(numbers[0]), 40, 13, 1, 3)
            else:
                text = " ".join(str(n) for n in numbers)
                scale = 2 if len(numbers) <= 4 else 1
                canvas.text(text, 0, 16, 1, scale)
            return
        if kind == "defence":
            # The battle: the attack's dice above, the defence's below.
            attack = self.game.last_battle[6]
            if len(attack) <= DICE_PER_ROW and len(faces) <= DICE_PER_ROW:
                draw_faces(canvas, attack, 12)
                draw_faces(canvas, faces, 12 + DIE_PITCH)
                below = 16 + DIE_PITCH
            else:
                draw_small_faces(canvas, attack, 13)
                draw_small_faces(canvas, faces, 25)
                below = 26
            if not faces:
                canvas.text("no defence", 0, below)
            return
        draw_faces(canvas, faces, 12)
        if not faces:
            canvas.text("no dice", 0, 16)

    def panel_lines(self):
        """What the left part says: the result of the last roll, or what to do."""
        game = self.game
        phase = game.phase
        if phase == "setup":
            end = "?" if game.end is None else str(game.end)
            return ["End page " + end, "Hourglass %d" % game.hourglass,
                    "Heroes " + (initials(game.heroes) or "-")]
        if phase == "encounter":
            names = [cards.minion(t)[2] for t in game.chosen]
            return ["Minion types:", " ".join(names)[:14] or "none yet", "then deal"]
        if phase == "round_end":
            return ["Minions on the", "board? None:", "wheel +1"]
        if phase == "over":
            reason = game.result["reason"]
            if reason == "hourglass":
                return ["The hourglass", "reached the", "end page."]
            if reason == "captured":
                return ["Every mouse", "is captured."]
            return ["Well done,", "mice!"]
        if self.showing_news():
            return self.news[:4]
        if game.surged:
            first = "SURGE! Do the" if game.surged == 1 else "%d SURGES! Do" % game.surged
            return [first, "chapter's or", "card's surge;", "discard card."]
        if game.achieved is not None:
            return [title_case(game.achieved) + "!"]
        if game.last is None:
            if game.current_active():
                return ["Roll to move,", "then one", "action."]
            if game.current_is_hero():
                if game.minion_cards():
                    return ["Captured, and", "minions about:", "turn skipped."]
                return ["No minions:", "the rescue is", "automatic."]
            return ["One move roll", "per minion,", "then attack."]
        return [self.result_line(game)]

    def result_line(self, game):
        kind, mode, faces, _numbers, _who = game.last
        if kind == "attack":
            hits = battle.hits(faces, mode)
            if hits == 0:
                return "No hit"
            return plural(hits, "hit") + (": defend" if game.phase == "defence" else "")
        if kind == "defence":
            hits, wounds = game.last_battle[3], game.last_battle[5]
            return "All blocked" if not wounds else "Wounds: %d of %d" % (wounds, hits)
        if kind == "check":
            if battle.check_passed(faces):
                return "Success!"
            return "Trap! 1 wound" if mode == "trap" else "Failed"
        if kind == "roll" and mode != battle.MOVE:
            cheese = battle.cheese(faces)
            if mode == battle.CHECK:
                text = "Star!" if battle.check_passed(faces) else "No star"
            elif mode == battle.DEFENCE:
                text = plural(battle.blocks(faces), "block")
            else:
                text = plural(battle.hits(faces, mode), "hit")
            return text + (" ch%d" % cheese if cheese else "")
        return ""

    def draw_trackers(self, canvas):
        game = self.game
        for index in range(trackers.WHEEL_SIZE):
            x = index * 6
            if index < game.wheel:
                canvas.fill_rect(x, TRACKERS_Y + 1, 5, 5, 1)
            else:
                canvas.rect(x, TRACKERS_Y + 1, 5, 5, 1)
        canvas.icon(icons.MM_HOURGLASS, 40, TRACKERS_Y)
        canvas.text(str(game.hourglass), 47, TRACKERS_Y)
        canvas.icon(icons.MM_FLAG, 62, TRACKERS_Y)
        canvas.text("?" if game.end is None else str(game.end), 69, TRACKERS_Y)

    def track_names(self):
        game = self.game
        if game.phase == "setup":
            return [cards.hero_name(hero) for hero in game.heroes], -1
        names = [cards.card_name(card) for card in game.track]
        current = game.track.index(game.current) if game.current in game.track else -1
        return names, current

    def draw_track(self, canvas):
        game = self.game
        names, current = self.track_names()
        top = max(0, min(current - 1, len(names) - TRACK_ROWS))
        for row in range(TRACK_ROWS):
            index = top + row
            if index >= len(names):
                break
            y = 12 + row * 9
            if index == current:
                canvas.fill_rect(TRACK_X - 1, y - 1, widgets.SCREEN_W - TRACK_X + 1, 9, 1)
            color = 0 if index == current else 1
            canvas.text(names[index], TRACK_X, y, color)
            if game.phase != "setup" and game.track[index] in game.captured:
                canvas.hline(TRACK_X, y + 3, len(names[index]) * 6 - 1, color)
        if top + TRACK_ROWS < len(names):
            widgets.arrow(canvas, widgets.SCREEN_W - 7, 44)

    # -- LEDs --------------------------------------------------------------------------

    def lights(self, layer):
        game = self.game
        if game.result is not None:
            if game.result["won"]:
                for index in range(layer.count):
                    layer.set(index, lights.GREEN)
            elif self.alarm_until is None or self.blink:
                for index in range(layer.count):
                    layer.set(index, lights.RED)
            return
        flashing = self.flash_until is not None
        for index in range(min(trackers.WHEEL_SIZE, layer.count)):
            if flashing:
                if self.blink:
                    layer.set(index, lights.ORANGE)
            elif index < game.wheel:
                layer.set(index, lights.YELLOW)
        window = layer.count - trackers.WHEEL_SIZE
        end = game.end if game.end is not None else game.pages + 1
        colors = {"hourglass": lights.WHITE, "end": lights.RED, "further": lights.ORANGE,
                  "past": DIM}
        marks = trackers.page_leds(window, game.hourglass, end, game.pages)
        for index in range(len(marks)):
            if marks[index] is not None:
                layer.set(trackers.WHEEL_SIZE + index, colors[marks[index]])

    # -- text for the protocol -------------------------------------------------------

    def text_lines(self):
        game = self.game
        right = self.title_right()
        lines = [self.title_text() + (" " + right if right else "")]
        if self.shows_roll():
            kind, mode, faces, numbers, _who = game.last
            if numbers:
                lines.append("move " + " ".join(str(n) for n in numbers))
            elif kind == "defence":
                lines.append("attack " + " ".join(game.last_battle[6]))
                lines.append("defence " + " ".join(faces))
            else:
                lines.append("dice " + " ".join(faces))
        lines.extend(self.panel_lines())
        lines.append("wheel %d hourglass %d end %s" % (
            game.wheel, game.hourglass, "?" if game.end is None else game.end))
        names, current = self.track_names()
        track = []
        for index in range(len(names)):
            track.append(("[%s]" if index == current else "%s") % names[index])
        lines.append("track " + " ".join(track))
        choice, _actions = self.current()
        if choice is not None:
            lines.append("> " + self.label(choice))
        return lines

    def chapter_lines(self):
        game = self.game
        lines = ["Round %d  wheel %d/6" % (game.round, game.wheel),
                 "Hourglass %d  end %s" % (game.hourglass, "?" if game.end is None else game.end),
                 "Pages %d  surges %d" % (game.pages, game.surges)]
        for hero in game.heroes:
            lines.append("%s: %d cheese" % (cards.hero_name(hero), game.cheese.get(hero, 0)))
            captures = game.captures.get(hero, 0)
            if captures:
                now = ", now" if hero in game.captured else ""
                lines.append("  captured %dx%s" % (captures, now))
        for name in ("cheesemaster", "roachmaster", "scaper"):
            hero = game.achievements.get(name)
            lines.append("%s: %s" % (title_case(name), cards.hero_name(hero) if hero else "-"))
        for index in range(len(game.track)):
            card = game.track[index]
            mark = "<" if card == game.current else ""
            lines.append("%d %s %s" % (index + 1, cards.card_name(card), mark))
        return lines

