"""Mmm! screens: every level draws, buttons act, undo, odds page, LEDs.

The screens run in the real App on the recording HAL (tests/core/app_kit.py),
on both interpreters. Animations are switched off here unless a test is
about them (test_mmm_anim.py plays them).
"""

import unittest

from app_kit import RecordingApp, RecordingBeeper, game_app
from recording_hal import make_hal

from pawtrack import games
from pawtrack.buttons import LONG, REPEAT, SHORT
from pawtrack.games.mmm import chart, layouts
from pawtrack.games.mmm.anim import CAT, PANTRY
from pawtrack.games.mmm.board import Board
from pawtrack.games.mmm.screen import (
    END_CHOICES,
    MAP_SIZE,
    PENDING_INSET,
    Choice,
    MmmScreen,
    OddsScreen,
    place_choices,
    wall_lines,
)
from pawtrack.gfx.canvas import Canvas, text_width
from pawtrack.rng import Rng
from pawtrack.ui.lights import FOOD_COLORS


def mmm_app(options, seed=3, **kwargs):
    """An app with an Mmm! match and the three dice LEDs after the track (12-14)."""
    kwargs.setdefault("leds", 15)
    kwargs.setdefault("status", (12, 13, 14))
    return game_app("mmm", options, seed, **kwargs)

def play_through(test, options, seed):
    """Press through a whole game (a random number of rights, then ok), drawing every state."""
    app = mmm_app(options, seed)
    presses = Rng(seed)
    pictures = {}
    for _ in range(900):
        screen = app.table
        picture = app.render()
        test.assertTrue(any(picture))
        pictures[picture] = True
        if app.game.is_over():
            break
        for _ in range(presses.below(3)):
            screen.button("right", SHORT)
        screen.button("ok", SHORT)
    test.assertTrue(app.game.is_over(), "options %r seed %d" % (options, seed))
    app.render()
    test.assertEqual(app.messages, [])
    return app, len(pictures)


def choose(screen, action):
    """Show the choice that does ``action`` (as if the player had scrolled to it)."""
    for choice in screen.actions():
        if choice.action == action:
            screen.choice = choice
            return choice
    raise AssertionError("no choice does " + action)


def labels(screen):
    return [choice.label for choice in screen.actions()]


def shown(screen):
    return screen.current()[0].label


def texts_drawn(app):
    """Render once; [(text, x, scale)] of every text the screen drew."""
    calls = []
    canvas = app.canvas
    real = canvas.text

    def text(string, x, y, color=1, scale=1):
        calls.append((string, x, scale))
        return real(string, x, y, color, scale)

    canvas.text = text
    try:
        app.render()
    finally:
        canvas.text = real
    return calls


def lose_by_stopping(options, seed):
    """Play straight to the end: place the first listed die, stop at once."""
    app = mmm_app(options, seed)
    while not app.game.is_over():
        legal = app.game.legal_actions()
        if "stop" in legal:
            app.session.act("stop")
        elif legal[0].startswith("left "):
            app.session.act("left 7")
        elif "none" in legal:
            app.session.act("none")
        else:
            app.session.act(legal[0])
    return app


class MmmScreenTest(unittest.TestCase):
    def test_make_screen_gives_the_table(self):
        app = mmm_app({})
        self.assertTrue(isinstance(app.screen, MmmScreen))  # at the bottom: its own boot
        self.assertEqual(len(app.screens), 1)  # the game's own boot: no main menu under it
        table = app.render()
        # What the players see: player 1's first turn, no dice yet, the cat at the
        # start of an 11-space track, Roll offered.
        self.assertEqual(app.table.text_lines(), ["P1 T1 - - -", "cat 0/11", "> Roll"])
        app.press("ok")
        self.assertEqual(app.session.match.recent, ["roll"])
        faces = app.table.text_lines()[0].split()[2:]
        self.assertEqual(faces, list(app.game.faces))
        self.assertNotEqual(app.render(), table)

    def test_every_level_plays_to_the_end(self):
        for options in (
            {"level": "board"},
            {"level": "board", "side": 2, "variant": "line"},
            {"level": "items", "variant": "line"},
            {"level": "lite", "players": 3},
        ):
            app, pictures = play_through(self, options, 5)
            self.assertTrue(pictures > 10)
            result = app.game.result
            lines = app.table.text_lines()
            self.assertEqual(lines[0], "You won!" if result["won"] else "The cat got in!")
            self.assertEqual(lines[1], chart.RATING_TEXT[result["rating"]])
            if result["won"]:
                self.assertEqual(lines[2], "cat distance %d" % result["distance"])
            else:
                self.assertTrue(lines[2].startswith("%d piece" % result["pieces_left"]))
            self.assertEqual(lines[-1], "> Play again")
            screen = app.table
            screen.end_choice = END_CHOICES.index("See board")
            screen.button("ok", SHORT)  # the table as it ended
            lines = screen.text_lines()
            self.assertTrue(lines[1] in ("won!", "lost"))
            self.assertTrue(any(app.render()))
            screen.button("ok", SHORT)  # back to the result
            self.assertEqual(screen.text_lines()[-1], "> See board")

    # Seed 55 on the side 1 EXAMPLE board rolls cheese, fish, cheese; Ch1 is (1,5)+(1,6).

    def test_after_a_roll_the_row_offers_a_food_then_its_places(self):
        app = mmm_app({"level": "board"}, seed=55)
        screen = app.table
        screen.button("ok", SHORT)  # roll
        self.assertEqual(app.game.faces, ["cheese", "fish", "cheese"])
        # First the usual best move (ok places it at once), then each food's places.
        self.assertEqual(labels(screen), ["Cheese on Ch1", "Place cheese...", "Place fish..."])
        screen.button("right", SHORT)
        screen.button("ok", SHORT)  # the places of a cheese die: best first, each item once
        self.assertEqual(screen.picking, 0)
        self.assertEqual(labels(screen), ["Ch1: 1 more to go", "Ch2: 1 more to go",
                                          "Ch3: 2 more to go", "Ch4: 3 more to go",
                                          "Back to the dice"])
        screen.button("right", SHORT)
        screen.button("ok", SHORT)  # Ch2
        self.assertEqual(app.session.match.recent[-1], "place 0 2 6")
        self.assertEqual(screen.picking, None)

    def test_stop_and_reroll_are_one_press_from_the_first_choice(self):
        app = mmm_app({"level": "board"}, seed=55)
        screen = app.table
        for action in ("roll", "place 0 1 5"):
            app.session.act(action)
        self.assertEqual(labels(screen), ["Cheese on Ch1", "Stop", "Place cheese...",
                                          "Place fish...", "Take back cheese", "Re-roll 2 dice"])
        self.assertEqual(shown(screen), "Cheese on Ch1")
        screen.button("right", SHORT)
        self.assertEqual(shown(screen), "Stop")
        screen.button("left", SHORT)
        screen.button("left", SHORT)
        self.assertEqual(shown(screen), "Re-roll 2 dice")

    def test_the_best_move_is_one_press(self):
        app = mmm_app({"level": "board"}, seed=55)
        app.session.act("roll")
        app.table.button("ok", SHORT)
        self.assertEqual(app.session.match.recent[-1], "place 0 1 5")

    def test_a_food_with_one_place_is_placed_at_once(self):
        app = mmm_app({"level": "board"}, seed=55)
        board = app.game.board
        for square in range(len(board.item_of)):  # every cheese gathered but Ch1
            item = board.item_of[square]
            if board.foods[item] == "cheese" and board.names[item] != "Ch1":
                board.covered[square] = 1
                board.covered_count[item] += 1
        app.session.act("roll")
        screen = app.table
        self.assertEqual(shown(screen), "Cheese on Ch1")
        screen.button("ok", SHORT)
        self.assertEqual(app.session.match.recent[-1], "place 0 1 5")

    def test_take_back_names_the_die_in_plain_words(self):
        app = mmm_app({"level": "board"}, seed=55)
        for action in ("roll", "place 0 1 5", "place 2 1 6"):
            app.session.act(action)
        self.assertIn("Take back die 1", labels(app.table))
        self.assertIn("Take back die 3", labels(app.table))
        choose(app.table, "unplace 2")
        app.table.button("ok", SHORT)
        self.assertEqual(app.game.target[2], None)

    def test_back_leaves_the_places_not_the_game(self):
        app = mmm_app({"level": "board"}, seed=55)
        screen = app.table
        screen.button("ok", SHORT)  # roll
        screen.button("left", SHORT)
        self.assertEqual(shown(screen), "Place fish...")
        screen.button("ok", SHORT)  # the places of the fish
        self.assertEqual(screen.picking, 1)
        self.assertEqual(labels(screen)[0], "Fi3: 1 more to go")
        screen.button("back", SHORT)
        self.assertEqual((screen.picking, app.homes), (None, 0))
        self.assertEqual(shown(screen), "Place fish...")  # where it was
        screen.button("ok", SHORT)
        screen.button("left", SHORT)  # "Back to the dice", one press away
        self.assertEqual(shown(screen), "Back to the dice")
        screen.button("ok", SHORT)
        self.assertEqual((screen.picking, app.session.match.moves), (None, 1))
        screen.button("back", SHORT)  # now back is the main menu
        self.assertEqual(app.homes, 1)

    def test_line_variant_offers_squares_with_where_they_are(self):
        app = mmm_app({"level": "board", "variant": "line"}, seed=55)
        screen = app.table
        for action in ("roll", "place 0 1 5"):
            app.session.act(action)
        screen.choice = screen.actions()[labels(screen).index("Place fish...")]
        screen.button("ok", SHORT)
        places = labels(screen)[:-1]
        self.assertTrue(len(places) > 1)
        self.assertEqual(len(places), len(set(places)))  # no two say the same
        for label in places:
            self.assertTrue(label.startswith("Fi") and " r" in label, label)

    def test_choices_cycle_and_ok_acts(self):
        app = mmm_app({"level": "lite"}, seed=1)
        screen = app.table
        app.render()
        self.assertEqual(shown(screen), "Roll")
        screen.button("ok", SHORT)
        self.assertEqual(app.game.rolls, 1)
        app.render()
        row = labels(screen)
        self.assertEqual(row[-1], "None placed")
        self.assertEqual(shown(screen), row[0])
        screen.button("right", REPEAT)
        self.assertEqual(shown(screen), row[1])
        screen.button("left", SHORT)
        screen.button("left", SHORT)
        self.assertEqual(shown(screen), row[-1])

    def test_long_back_undoes_and_short_back_goes_home(self):
        app = mmm_app({}, seed=1)
        screen = app.table
        screen.button("ok", SHORT)
        self.assertEqual(app.session.match.moves, 1)
        screen.button("back", LONG)
        self.assertEqual(app.session.match.moves, 0)
        screen.button("back", LONG)  # nothing to undo: a message, no crash
        self.assertEqual(len(app.messages), 1)
        screen.button("back", SHORT)
        self.assertEqual(app.homes, 1)

    def test_odds_page(self):
        app = mmm_app({"level": "board"}, seed=55)
        screen = app.table
        screen.button("ok", LONG)
        self.assertTrue(isinstance(app.screens[-1], OddsScreen))
        self.assertIn("re-roll", " ".join(app.screens[-1].text_lines()))
        app.render()
        app.screens[-1].button("back", SHORT)
        self.assertEqual(len(app.screens), 1)
        for action in ("roll", "place 0 1 5"):
            app.session.act(action)
        screen.button("ok", LONG)
        lines = app.screens[-1].text_lines()
        self.assertEqual(lines, ["Re-roll 2 dice:",
                                 " bust chance     2.8%",
                                 "Finish an item:",
                                 " with this roll    0%",
                                 " by end of turn 47.7%"])
        for line in lines:
            self.assertTrue(len(line) <= 21, line)
        app.render()

    def test_lite_odds_page_says_why_not(self):
        app = mmm_app({"level": "lite"})
        app.table.button("ok", LONG)
        self.assertIn("lite", app.screens[-1].text_lines()[0])

    def test_place_choice_blinks_on_the_map(self):
        app = mmm_app({"level": "board"}, seed=55)
        screen = app.table
        self.assertFalse(screen.tick(0))  # "roll": nothing blinks
        screen.button("ok", SHORT)
        app.render()
        self.assertEqual(screen.choice.squares, (12,))  # "Cheese on Ch1": where it goes
        screen.button("right", SHORT)  # "Place cheese...": a free square of each cheese item
        self.assertEqual(screen.current()[0].squares, (12, 20, 31, 45))
        first = app.render()
        self.assertTrue(screen.tick(400))
        self.assertNotEqual(app.render(), first)
        self.assertFalse(screen.tick(500))

    def test_bust_beeps(self):
        app = mmm_app({"level": "lite"}, seed=2)
        app.table.button("ok", SHORT)  # roll
        self.assertEqual(app.game.phase, "report")
        choose(app.table, "none")
        app.table.button("ok", SHORT)
        self.assertEqual(app.beeps, [300])

    def test_a_bust_is_said_until_the_next_action(self):
        app = mmm_app({"level": "lite"}, seed=2)
        app.table.button("ok", SHORT)  # roll
        choose(app.table, "none")
        app.table.button("ok", SHORT)  # bust
        app.render()
        lines = app.table.text_lines()
        self.assertTrue([line for line in lines if line.startswith("BUST!")], lines)
        app.table.button("ok", SHORT)  # roll again: the bust is history
        self.assertFalse([line for line in app.table.text_lines() if line.startswith("BUST!")])

    def test_lights_show_cat_pantry_and_dice(self):
        app = mmm_app({"level": "lite"}, seed=2)
        screen = app.table
        app.render()
        self.assertEqual(app.lights.colors[0], CAT)
        self.assertEqual(app.lights.colors[11], PANTRY)
        screen.button("ok", SHORT)  # roll
        choose(screen, "none")
        screen.button("ok", SHORT)  # bust: the cat steps
        app.render()
        self.assertEqual(app.lights.colors[1], CAT)
        self.assertNotEqual(app.lights.colors[0], (0, 0, 0))  # walked
        screen.button("ok", SHORT)  # roll
        app.render()
        for die in range(3):
            self.assertEqual(app.lights.colors[12 + die], FOOD_COLORS[app.game.faces[die]])

    def test_items_level_line_variant_shows_no_bust_figure(self):
        app = mmm_app({"level": "items", "variant": "line"}, seed=2)
        app.session.act("roll")
        app.session.act("place 1 Fi3")
        app.render()
        self.assertFalse([line for line in app.table.text_lines() if "bust" in line])
        app.table.button("ok", LONG)
        odds_lines = " ".join(app.screens[-1].text_lines())
        self.assertIn("cannot see the line", odds_lines)
        self.assertNotIn("%", odds_lines)

    def test_end_screen_marks_a_longer_track(self):
        for track in (12, 13):
            app = lose_by_stopping({"level": "lite", "track": track}, 4)
            app.render()
            lines = app.table.text_lines()
            self.assertIn("easier: track %d" % track, lines)
            for text, x, scale in texts_drawn(app):
                self.assertTrue(x + text_width(text, scale) <= 128, text)
        app = lose_by_stopping({"level": "lite"}, 4)
        self.assertFalse([line for line in app.table.text_lines() if "track" in line])

    def test_see_board_after_the_end_fits_the_screen(self):
        # "lost, 7 left" lost its last column at board level.
        for options in ({"level": "board"}, {"level": "items"}, {"level": "lite"}):
            app = lose_by_stopping(options, 3)
            screen = app.table
            screen.end_choice = END_CHOICES.index("See board")
            screen.button("ok", SHORT)
            drawn = texts_drawn(app)
            self.assertTrue(drawn)
            for text, x, scale in drawn:
                self.assertTrue(x + text_width(text, scale) <= 128, (options, text, x))

    def test_drawing_never_builds_the_protocol_state(self):
        for options in ({"level": "board", "variant": "line"}, {"level": "items"},
                        {"level": "lite"}):
            app = mmm_app(options, seed=7)
            presses = Rng(7)

            def no_state():
                raise AssertionError("the screen called state()")

            for _ in range(150):
                app.session.match.game.state = no_state  # an undo would rebuild the game
                screen = app.table
                app.render()
                screen.text_lines()
                if app.game.is_over():
                    break
                for _ in range(presses.below(3)):
                    screen.button("right", SHORT)
                screen.button("ok", SHORT)
            app.table.button("ok", LONG)  # the odds page
            app.render()
            app.screens[-1].text_lines()
            self.assertEqual(app.messages, [])


class ThreeButtonTest(unittest.TestCase):
    """Left, ok, right only: holding left is back (out of a die's places), longer is undo."""

    def setUp(self):
        hal = make_hal(buttons=("left", "ok", "right"))
        hal.beeper = RecordingBeeper()
        self.hal = hal
        self.app = RecordingApp(hal, games.catalog())
        self.app.start_match(games.find("mmm"), {"level": "board"}, 55)
        self.app.table.animate = False
        self.app.homes = 0

    def hold(self, index, ms):
        clock = self.hal.clock
        self.hal.buttons.levels[index] = True
        for _ in range(ms // 5):
            clock.now += 5
            self.app.step(clock.now)
        self.hal.buttons.levels[index] = False
        for _ in range(20):
            clock.now += 5
            self.app.step(clock.now)

    def test_every_choice_by_three_buttons(self):
        left, ok, right = 0, 1, 2
        screen = self.app.table
        self.hold(ok, 60)  # roll
        self.hold(right, 60)
        self.hold(ok, 60)  # "Place cheese...": its places
        self.assertEqual(screen.picking, 0)
        self.hold(left, 800)  # held and let go: back to the dice, not the menu
        self.assertEqual((screen.picking, self.app.homes), (None, 0))
        self.assertEqual(shown(screen), "Place cheese...")
        self.hold(left, 60)  # a tap is still left
        self.assertEqual(shown(screen), "Cheese on Ch1")
        self.hold(ok, 60)
        self.assertEqual(self.app.session.match.moves, 2)
        self.hold(left, 60)  # Re-roll, one press left
        self.assertEqual(shown(screen), "Re-roll 2 dice")
        self.hold(left, 2000)  # held on: undo the placement
        self.assertEqual(self.app.session.match.moves, 1)
        self.hold(left, 800)  # at the table row, back is the main menu
        self.assertEqual(self.app.homes, 1)


# An own layout with squares of no item, items at the edges and a 9-column grid.
HOLEY_GRID = """
side 1
r0: Ca1 Ca1 .   Fi1 Fi1 Fi1 .   .   Ch2
r1: Ca1 .   .   .   Br1 Br1 .   .   Ch2
r2: Ch1 Ch1 Ch1 .   Br1 .   Cu1 .   .
r3: .   .   .   .   .   .   Cu1 Cu1 Cu1
"""


def walls_square_by_square(canvas, board, cell):
    """The map's walls as the screen first drew them: four checks a square."""
    cols = board.cols
    item_of = board.item_of
    for square in range(board.rows * cols):
        item = item_of[square]
        if item < 0:
            continue
        r, c = divmod(square, cols)
        x = c * cell
        y = r * cell
        if r == 0 or item_of[square - cols] != item:
            canvas.hline(x, y, cell + 1, 1)
        if c == 0 or item_of[square - 1] != item:
            canvas.vline(x, y, cell + 1, 1)
        if r == board.rows - 1 or item_of[square + cols] != item:
            canvas.hline(x, y + cell, cell + 1, 1)
        if c == cols - 1 or item_of[square + 1] != item:
            canvas.vline(x + cell, y, cell + 1, 1)


def map_square_by_square(canvas, game, choice, blink):
    """The whole map as the screen first drew it, walls and squares in one pass."""
    board = game.board
    cell = MAP_SIZE // max(board.rows, board.cols)
    walls_square_by_square(canvas, board, cell)
    pending = game.pending()
    blinking = choice.squares if choice is not None and blink == 0 else ()
    inset = cell // 4
    for square in range(board.rows * board.cols):
        if board.item_of[square] < 0:
            continue
        r, c = divmod(square, board.cols)
        x = c * cell
        y = r * cell
        if square in blinking:
            canvas.fill_rect(x + 1, y + 1, cell - 1, cell - 1, 1)
        elif board.covered[square]:
            canvas.fill_rect(x + inset, y + inset, cell - 2 * inset + 1, cell - 2 * inset + 1, 1)
        elif square in pending:
            box = cell - 2 * PENDING_INSET + 1
            canvas.rect(x + PENDING_INSET, y + PENDING_INSET, box, box, 1)
            canvas.pixel(x + cell // 2, y + cell // 2, 1)


class WallLinesTest(unittest.TestCase):
    def check(self, layout):
        board = Board(layout, True)
        cell = MAP_SIZE // max(board.rows, board.cols)
        lines = wall_lines(board, cell)
        joined = Canvas()
        for x, y, length, across in lines:
            if across:
                joined.hline(x, y, length, 1)
            else:
                joined.vline(x, y, length, 1)
        one_by_one = Canvas()
        walls_square_by_square(one_by_one, board, cell)
        self.assertEqual(bytes(joined.buffer), bytes(one_by_one.buffer))
        self.assertTrue(any(joined.buffer))
        return lines

    def test_the_example_boards_walls_are_the_squares_walls_in_fewer_lines(self):
        for side in (1, 2):
            lines = self.check(layouts.example_layout(side))
            self.assertLess(len(lines), 49)  # one line per square or more before

    def test_squares_of_no_item_and_a_wider_grid_have_the_same_walls(self):
        self.check(layouts.parse_grid(HOLEY_GRID))

    def test_the_map_with_chips_dice_and_blinking_places_is_the_same(self):
        app = mmm_app({"level": "board"}, seed=55)
        for action in ("roll", "place 0 1 5"):
            app.session.act(action)
        screen = app.table
        for square in (0, 1, 2, 3, 20, 48):  # chips gathered before
            app.game.board.covered[square] = 1
        choice = Choice("Place cheese", squares=(13, 27, 48))
        for blink in (0, 1):
            screen.blink = blink
            drawn = Canvas()
            screen.draw_map(drawn, choice)
            before = Canvas()
            map_square_by_square(before, app.game, choice, blink)
            self.assertEqual(bytes(drawn.buffer), bytes(before.buffer))


class PlaceChoicesTest(unittest.TestCase):
    # table_choices ranks a food by the squares left after its first place choice, so
    # that choice must be the rules' best target, whatever the level and variant.
    def test_a_dies_first_place_is_the_rules_best_target(self):
        checked = 0
        for options in ({"level": "board"}, {"level": "board", "variant": "line"},
                        {"level": "items"}):
            for seed in range(1, 7):
                app = mmm_app(options, seed)
                moves = Rng(seed)
                for _ in range(80):
                    game = app.game
                    if game.is_over():
                        break
                    for die in game.unplaced() if game.phase == "place" else ():
                        targets = game.place_targets(die)
                        if game.faces[die] != "x" and targets:
                            first = place_choices(game, die)[0]
                            self.assertEqual(first.left, game.free_after(die, targets[0]))
                            checked += 1
                    legal = game.legal_actions()
                    app.session.act(legal[moves.below(len(legal))])
        self.assertGreater(checked, 100)

