"""Om Nom Nom (docs/rules/om_nom_nom.md): the referee's rules, pure.

Three rounds. Each round the device rolls the 15 prey dice onto the three
boards (``chains``), then six turns are played: every colour plays one of its
six cards, the cards are revealed together and each board is resolved by
``chains.resolve_board``. Captured dice leave the board for the rest of the
round. After the sixth turn the round is scored (own surviving cards and
captured cards 1, black dice 1, red dice 2) and everything is cleaned up.
After round 3 the highest total wins; a tie goes to the best single round,
then it is a shared win.

Options
    ``mode``         ``solo``: you against 2 or 3 virtual colours whose cards
                     come from hidden shuffled decks; ``table``: 2-6 players
                     with real cards, entered in seat order; ``sheet``: the
                     device rolls and keeps the score sheet, players type
                     each colour's round total.
    ``players``      colours at the table in ``table`` and ``sheet`` mode (2-6).
    ``solo_rivals``  virtual colours in ``solo`` mode (2 or 3).

Seats are named ``you``, ``v1``, ``v2``, ``v3`` in solo mode and ``p1`` ..
``p6`` otherwise.

Actions (space-separated words)
    ``roll``          roll the 15 dice for the round (solo and table: the
                      virtual decks are shuffled too).
    ``play <card>``   solo: your card (wolf, rabbit, cat, mouse, hedgehog,
                      frog), one still in your hand; the virtual cards are
                      revealed and the boards resolved in the same action.
                      table: the card of the next seat in seat order; the
                      last seat's card reveals and resolves the turn.
    ``total <n>``     sheet: the next seat's round total (0 .. max_total()).

Undo: in solo mode an action that revealed the virtual cards cannot be taken
back (``undo_refusal``), so undo never shows what your card would have met.

Events
    ``{"ev": "roll", "round", "dice": {symbol: count}}``
    ``{"ev": "card", "seat", "card", "next"}``          table: one card entered
    ``{"ev": "reveal", "round", "turn", "cards": {seat: card}}``
    ``{"ev": "board", "board", "top": [seats], "middle": [seats],
       "eats": [{"seat", "cards": [seats], "dice", "points"}],
       "discarded": [seats], "dice_left": {symbol: count}}``   one per board played on
    ``{"ev": "total", "seat", "points"}``               sheet: one total entered
    ``{"ev": "round", "round", "points": {seat: n}, "totals": {seat: n}}``
    ``{"ev": "over", "winners": [seats], "tie_break"}``
"""

from pawtrack import dice, table_rolls
from pawtrack.game import Game, IllegalAction
from pawtrack.games.om_nom_nom.chains import (
    BLACK_POINTS,
    BOARDS,
    CARD_POINTS,
    CARDS,
    RED_POINTS,
    SYMBOLS,
    eat_points,
    resolve_board,
)

DICE = 15
ROUNDS = 3
TURNS = 6
MODES = ("solo", "table", "sheet")

ROLL = "roll"
PLAY = "play"
TOTAL = "total"
OVER = "over"

# Outcome kinds of one seat's card in the last turn.
ATE = "ate"  # survived and captured something
KEPT = "kept"  # survived, no prey on the level below
TOO_FEW = "too_few"  # survived, but more predators than prey: nothing captured
EATEN = "eaten"  # captured by a top animal
LOST = "lost"  # discarded: more top animals than prey, or left over after even shares

NO_UNDO = "No undo once the cards are revealed."


def seat_names(mode, count):
    if mode == "solo":
        return ("you", "v1", "v2", "v3")[:count]
    return ("p1", "p2", "p3", "p4", "p5", "p6")[:count]


def symbol_of(face):
    """The SYMBOLS index of a face of ``dice.OM_NOM_NOM_PREY``."""
    return SYMBOLS.index(face)


def rank(totals, bests):
    """[(seat, rank)] best first: by total, then best single round; equal pairs share a rank."""
    order = sorted(range(len(totals)), key=lambda seat: (-totals[seat], -bests[seat], seat))
    ranked = []
    for position in range(len(order)):
        seat = order[position]
        place = position + 1
        if position:
            before = order[position - 1]
            if (totals[before], bests[before]) == (totals[seat], bests[seat]):
                place = ranked[-1][1]
        ranked.append((seat, place))
    return ranked


def winners_of(totals, bests):
    """(winning seats, tie_break): ``none``, ``best_round`` or ``shared``."""
    top = max(totals)
    tied = [seat for seat in range(len(totals)) if totals[seat] == top]
    if len(tied) == 1:
        return tied, "none"
    best = max(bests[seat] for seat in tied)
    winners = [seat for seat in tied if bests[seat] == best]
    return winners, "best_round" if len(winners) == 1 else "shared"


class OmNomNom(Game):
    OPTIONS = (
        ("mode", MODES, "solo"),
        ("players", (2, 3, 4, 5, 6), 3),
        ("solo_rivals", (2, 3), 2),
        table_rolls.OPTION,
    )

    @classmethod
    def option_shown(cls, name, options):
        """The player count belongs to table and sheet play, the rivals to solo play."""
        if name == "players":
            return options["mode"] != "solo"
        if name == "solo_rivals":
            return options["mode"] == "solo"
        return True

    def __init__(self, options, rng):
        Game.__init__(self, options, rng)
        self.mode = options["mode"]
        self.solo = self.mode == "solo"
        self.table_rolls = options["rolls"] == table_rolls.TABLE
        self.count = options["solo_rivals"] + 1 if self.solo else options["players"]
        self.seats = seat_names(self.mode, self.count)
        count = self.count
        self.round = 1
        self.turn = 0  # the turn being played, 1-6; 0 before the round's roll
        self.phase = ROLL
        self.pool = DICE
        self.dice = [0] * len(SYMBOLS)  # on the boards now
        self.rolled = [0] * len(SYMBOLS)  # as rolled this round
        self.captured = [0] * len(SYMBOLS)  # taken off the boards this round
        self.played = [[] for _ in range(count)]  # cards played this round, in order
        self.decks = [None] * count  # solo: each virtual seat's hidden shuffled deck
        self.entered = []  # table: this turn's cards so far; sheet: this round's totals
        self.tally = [[0, 0, 0, 0] for _ in range(count)]  # kept, cards, black, red
        self.discarded = 0  # cards discarded this round
        self.scores = [[] for _ in range(count)]  # points of every finished round
        self.turns_resolved = 0
        self.last_cards = None  # the cards of the last resolved turn, by seat
        self.outcomes = None  # per seat: (kind, points, cards eaten, dice eaten, eaten by)
        self.revealed = False  # the last action revealed hidden cards (solo)
        self.result = None

    # -- queries -------------------------------------------------------------

    def is_over(self):
        return self.phase == OVER

    def current_seat(self):
        """The seat whose card or total the device waits for, or None."""
        if self.phase == PLAY:
            return 0 if self.solo else len(self.entered)
        if self.phase == TOTAL:
            return len(self.entered)
        return None

    def hand(self, seat):
        """The card indices still in ``seat``'s hand this round, in card order."""
        played = self.played[seat]
        return [card for card in range(len(CARDS)) if card not in played]

    def round_points(self, seat):
        kept, cards, black, red = self.tally[seat]
        return CARD_POINTS * (kept + cards) + BLACK_POINTS * black + RED_POINTS * red

    def total(self, seat):
        return sum(self.scores[seat])

    def best_round(self, seat):
        return max(self.scores[seat]) if self.scores[seat] else 0

    def rounds_done(self):
        return len(self.scores[0])

    def max_total(self):
        """The most one colour can score in a round: its own six cards, a middle
        animal of every other colour eaten by each of its three top animals, and
        every die red: 3 x colours + 33."""
        tops = len(CARDS) // 2
        cards = len(CARDS) + tops * (self.count - 1)
        return CARD_POINTS * cards + RED_POINTS * DICE

    def legal_actions(self):
        if self.phase == ROLL:
            return [table_rolls.template(ROLL) if self.table_rolls else ROLL]
        if self.phase == PLAY:
            return ["play " + CARDS[card] for card in self.hand(self.current_seat())]
        if self.phase == TOTAL:
            return ["total %d" % points for points in range(self.max_total() + 1)]
        return []

    def entry_for(self, action):
        """With rolls: table, the prey die and the 15 dice of the round's roll."""
        if self.table_rolls and self.phase == ROLL and table_rolls.without_mark(action) == ROLL:
            return dice.OM_NOM_NOM_PREY, DICE
        return None

    def check_legal(self, action):
        self._entered(action)

    def _entered(self, action):
        """(the action, the faces entered at the table or None); IllegalAction unless
        the action is one of legal_actions() or fills its "roll" template."""
        if action == ROLL and self.entry_for(ROLL) is not None:
            raise table_rolls.faces_missing(action)
        if action.startswith(ROLL + " ") and self.entry_for(ROLL) is not None:
            words = action[len(ROLL) + 1:].split(" ")
            return ROLL, table_rolls.faces_entered(words, dice.OM_NOM_NOM_PREY, DICE)
        Game.check_legal(self, action)
        return action, None

    def undo_refusal(self):
        return NO_UNDO if self.revealed else None

    # -- actions -------------------------------------------------------------

    def apply(self, action):
        faces = None
        if self.table_rolls:
            action, faces = self._entered(action)
        words = action.split()
        if len(words) != 2 or words[0] not in (PLAY, TOTAL):
            if action != "roll" or self.phase != ROLL:
                raise IllegalAction("not allowed now: " + action[:40])
            self.revealed = False
            return self._roll(faces)
        if words[0] == PLAY:
            if self.phase != PLAY:
                raise IllegalAction("not allowed now: " + action[:40])
            if words[1] not in CARDS:
                raise IllegalAction("no such card: " + words[1][:20])
            card = CARDS.index(words[1])
            seat = self.current_seat()
            if card in self.played[seat]:
                raise IllegalAction("%s already played %s this round" % (
                    self.seats[seat], words[1]))
            self.revealed = False
            return self._play(seat, card)
        if self.phase != TOTAL:
            raise IllegalAction("not allowed now: " + action[:40])
        points = words[1]
        if not points.isdigit() or int(points) > self.max_total() or str(int(points)) != points:
            raise IllegalAction("a round total is a number from 0 to %d" % self.max_total())
        self.revealed = False
        return self._total(int(points))

    def _roll(self, entered=None):
        """The round's roll; ``entered``: the faces rolled at the table. The dice are
        drawn either way, so the virtual decks shuffled after them are the same."""
        rolled = [0] * len(SYMBOLS)
        for index in range(DICE):
            face = dice.roll(self.rng, dice.OM_NOM_NOM_PREY)
            if entered is not None:
                face = entered[index]
            rolled[symbol_of(face)] += 1
        self.rolled = rolled
        self.dice = list(rolled)
        self.pool = 0
        if self.solo:
            for seat in range(1, self.count):
                self.decks[seat] = self.rng.shuffle(list(range(len(CARDS))))
        self.last_cards = None
        self.outcomes = None
        if self.mode == "sheet":
            self.phase = TOTAL
        else:
            self.phase = PLAY
            self.turn = 1
        return [{"ev": "roll", "round": self.round, "dice": self._by_symbol(rolled)}]

    def _play(self, seat, card):
        if self.solo:
            cards = [card]
            for virtual in range(1, self.count):
                cards.append(self.decks[virtual][self.turn - 1])
            self.revealed = True
            return self._resolve(cards)
        self.entered.append(card)
        if len(self.entered) < self.count:
            return [{"ev": "card", "seat": self.seats[seat], "card": CARDS[card],
                     "next": self.seats[len(self.entered)]}]
        cards = self.entered
        self.entered = []
        return self._resolve(cards)

    def _resolve(self, cards):
        """Reveal ``cards`` (one per seat) and resolve the three boards."""
        names = self.seats
        shown = {}
        for seat in range(self.count):
            self.played[seat].append(cards[seat])
            shown[names[seat]] = CARDS[cards[seat]]
        events = [{"ev": "reveal", "round": self.round, "turn": self.turn, "cards": shown}]
        outcomes = [None] * self.count
        for board in range(len(BOARDS)):
            tops = [seat for seat in range(self.count) if cards[seat] == 2 * board]
            middles = [seat for seat in range(self.count) if cards[seat] == 2 * board + 1]
            if not tops and not middles:
                continue
            middle_symbol = 2 * board
            eats, discarded, middle_left, bottom_left = resolve_board(
                tops, middles, self.dice[middle_symbol], self.dice[middle_symbol + 1])
            self.captured[middle_symbol] += self.dice[middle_symbol] - middle_left
            self.captured[middle_symbol + 1] += self.dice[middle_symbol + 1] - bottom_left
            self.dice[middle_symbol] = middle_left
            self.dice[middle_symbol + 1] = bottom_left
            eaten = []
            for eat in eats:
                seat, prey, middle_taken, bottom_taken = eat
                tally = self.tally[seat]
                tally[0] += 1
                tally[1] += len(prey)
                tally[2] += middle_taken
                tally[3] += bottom_taken
                points = eat_points(eat)
                taken = middle_taken + bottom_taken
                kind = ATE if prey or taken else KEPT
                if kind == KEPT and ((middles or middle_left) if seat in tops else bottom_left):
                    kind = TOO_FEW  # prey was there (cards or dice), too little to share
                outcomes[seat] = (kind, points, prey, taken, None)
                for victim in prey:
                    outcomes[victim] = (EATEN, 0, (), 0, seat)
                eaten.append({"seat": names[seat], "cards": [names[v] for v in prey],
                              "dice": taken, "points": points})
            for seat in discarded:
                outcomes[seat] = (LOST, 0, (), 0, None)
            self.discarded += len(discarded)
            events.append({
                "ev": "board",
                "board": BOARDS[board],
                "top": [names[seat] for seat in tops],
                "middle": [names[seat] for seat in middles],
                "eats": eaten,
                "discarded": [names[seat] for seat in discarded],
                "dice_left": {SYMBOLS[middle_symbol]: middle_left,
                              SYMBOLS[middle_symbol + 1]: bottom_left},
            })
        self.last_cards = tuple(cards)
        self.outcomes = outcomes
        self.turns_resolved += 1
        if self.turn < TURNS:
            self.turn += 1
            return events
        points = [self.round_points(seat) for seat in range(self.count)]
        return events + self._end_round(points)

    def _total(self, points):
        seat = len(self.entered)
        self.entered.append(points)
        events = [{"ev": "total", "seat": self.seats[seat], "points": points}]
        if len(self.entered) < self.count:
            return events
        totals = self.entered
        self.entered = []
        return events + self._end_round(totals)

    def _end_round(self, points):
        """Score the round, clean up, and go on to the next round or the end."""
        for seat in range(self.count):
            self.scores[seat].append(points[seat])
        events = [{
            "ev": "round",
            "round": self.round,
            "points": self._by_seat(points),
            "totals": self._by_seat([self.total(seat) for seat in range(self.count)]),
        }]
        # Clean-up: every card back to its colour, every die back to the pool.
        self.pool = DICE
        self.dice = [0] * len(SYMBOLS)
        self.captured = [0] * len(SYMBOLS)
        self.tally = [[0, 0, 0, 0] for _ in range(self.count)]
        self.played = [[] for _ in range(self.count)]
        self.decks = [None] * self.count
        self.discarded = 0
        self.turn = 0
        if self.round < ROUNDS:
            self.round += 1
            self.phase = ROLL
            return events
        self.phase = OVER
        events.append(self._finish())
        return events

    def _finish(self):
        totals = [self.total(seat) for seat in range(self.count)]
        bests = [self.best_round(seat) for seat in range(self.count)]
        winners, tie_break = winners_of(totals, bests)
        names = self.seats
        ranking = []
        for seat, place in rank(totals, bests):
            ranking.append({"seat": names[seat], "rank": place, "total": totals[seat],
                            "best": bests[seat], "rounds": list(self.scores[seat])})
        self.result = {
            "winners": [names[seat] for seat in winners],
            "tie_break": tie_break,
            "ranking": ranking,
        }
        if self.solo:
            if winners == [0]:
                self.result["you"] = "win"
            else:
                self.result["you"] = "shared" if 0 in winners else "loss"
        return {"ev": "over", "winners": self.result["winners"], "tie_break": tie_break}

    # -- state ---------------------------------------------------------------

    def _by_symbol(self, counts):
        return {SYMBOLS[index]: counts[index] for index in range(len(SYMBOLS))}

    def _by_seat(self, values):
        return {self.seats[seat]: values[seat] for seat in range(self.count)}

    def state(self):
        names = self.seats
        seat = self.current_seat()
        entered = {}
        for index in range(len(self.entered)):
            value = self.entered[index]
            entered[names[index]] = value if self.phase == TOTAL else CARDS[value]
        last = None
        if self.outcomes is not None:
            outcomes = {}
            for index in range(self.count):
                kind, points, prey, taken, by = self.outcomes[index]
                outcomes[names[index]] = {
                    "card": CARDS[self.last_cards[index]],
                    "outcome": kind,
                    "points": points,
                    "cards": [names[victim] for victim in prey],
                    "dice": taken,
                    "by": None if by is None else names[by],
                }
            done = self.turns_resolved - 1
            last = {"round": done // TURNS + 1, "turn": done % TURNS + 1, "outcomes": outcomes}
        tallies = {}
        for index in range(self.count):
            kept, cards, black, red = self.tally[index]
            tallies[names[index]] = {"kept": kept, "cards": cards, "black": black, "red": red,
                                     "points": self.round_points(index)}
        return {
            "over": self.phase == OVER,
            "result": self.result,
            "mode": self.mode,
            "seats": list(names),
            "round": self.round,
            "turn": self.turn,
            "phase": self.phase,
            "next": None if seat is None else names[seat],
            "dice": self._by_symbol(self.dice),
            "rolled": self._by_symbol(self.rolled),
            "captured": self._by_symbol(self.captured),
            "pool": self.pool,
            "hands": {names[i]: [CARDS[c] for c in self.hand(i)] for i in range(self.count)},
            "played": {names[i]: [CARDS[c] for c in self.played[i]] for i in range(self.count)},
            "entered": entered,
            "tally": tallies,
            "discarded": self.discarded,
            "scores": {names[i]: list(self.scores[i]) for i in range(self.count)},
            "totals": self._by_seat([self.total(i) for i in range(self.count)]),
            "last_turn": last,
        }

    def summary(self):
        if self.phase == OVER:
            result = self.result
            if len(result["winners"]) > 1:
                return "shared win"
            if self.solo:
                return "you won" if result["you"] == "win" else "you lost"
            return "%s won" % result["winners"][0].upper()
        if self.phase == ROLL:
            return "round %d" % self.round
        if self.phase == TOTAL:
            return "R%d totals" % self.round
        return "R%d T%d" % (self.round, self.turn)

    # The checkpoint (pawtrack.game): what actions change. The mode, the seats and their
    # count come from the options alone, so __init__ makes them again.
    CHECKPOINT_VERSION = 1
    CHECKPOINT_SPACING = 30  # about 3 ms of replay on the host's MicroPython
    CHECKPOINT_FIELDS = (
        "round", "turn", "phase", "pool", "dice", "rolled", "captured", "played", "decks",
        "entered", "tally", "discarded", "scores", "turns_resolved", "last_cards",
        "outcomes", "revealed", "result",
    )
