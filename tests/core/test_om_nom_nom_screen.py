"""Om Nom Nom screens in the real App: pages, choices, number entry, undo, LEDs (both interpreters).

The screens run in the real App on the recording HAL (tests/core/app_kit.py);
presses go through ``App.press`` as the button input would send them. The
simulator and the serial protocol are tested in tests/host/test_om_nom_nom_sim.py.
"""

import unittest

from app_kit import game_app

from pawtrack.buttons import LONG, REPEAT, SHORT
from pawtrack.games.om_nom_nom.chains import CARDS
from pawtrack.games.om_nom_nom.pages import CELL_CHARS, ScoresScreen, outcome_lines
from pawtrack.games.om_nom_nom.rules import NO_UNDO
from pawtrack.games.om_nom_nom.screen import (
    BOARDS_PAGE,
    END_PAGE,
    REVEAL_PAGE,
    SCORES_PAGE,
    OmNomScreen,
)
from pawtrack.ui.lights import OFF, PURPLE, RED, WHITE


def press(app, *names, kind=SHORT):
    for name in names:
        app.press(name, kind)
        app.step()


def set_dice(app, counts):
    app.game.rolled = list(counts)
    app.game.dice = list(counts)


def scaled(app, colour):
    factor = (app.lights.max_brightness * app.lights.level) // 255
    return tuple((value * factor) // 255 for value in colour)


class TablePages(unittest.TestCase):
    def test_make_screen_gives_the_table(self):
        app = game_app("om_nom_nom", {"mode": "solo"})
        self.assertTrue(isinstance(app.table, OmNomScreen))
        self.assertEqual(app.table.page, BOARDS_PAGE)
        self.assertEqual(app.table.text_lines()[-1], "> Roll the dice")

    def test_a_whole_solo_game_by_buttons_visits_every_page(self):
        app = game_app("om_nom_nom", {"mode": "solo", "solo_rivals": 3}, seed=4)
        screen = app.table
        pages = []
        pictures = {}
        for _ in range(3):
            press(app, "ok")  # roll
            for _turn in range(6):
                pictures[app.render()] = True
                press(app, "ok")  # play the first card in hand
                pages.append(screen.page)
                pictures[app.render()] = True
                press(app, "ok")  # leave the reveal page
            pages.append(screen.page)
            pictures[app.render()] = True
            press(app, "ok")  # leave the score table
        self.assertTrue(app.game.is_over())
        self.assertEqual(screen.page, END_PAGE)
        self.assertEqual(pages.count(REVEAL_PAGE), 18)
        self.assertEqual(pages.count(SCORES_PAGE), 3)
        self.assertEqual(app.messages, [])
        self.assertTrue(len(pictures) > 30)
        lines = screen.text_lines()
        self.assertTrue(lines[0].startswith(("You win!", "You lose", "Shared win")))
        self.assertEqual(len(lines), 6)  # the title, the heading and the four colours
        self.assertEqual(lines[1], "# Who Tot  R1 R2 R3")

    def test_the_boards_page_shows_the_dice_on_each_board(self):
        app = game_app("om_nom_nom", {"mode": "solo"})
        press(app, "ok")
        set_dice(app, [3, 2, 0, 4, 1, 5])
        lines = app.table.text_lines()
        self.assertEqual(lines[1:4], ["wolf rab 3 car 2", "cat mou 0 che 4",
                                      "hedgehog frg 1 fly 5"])
        self.assertEqual(lines[-1], "> Play Wolf")
        press(app, "right")
        self.assertEqual(app.table.text_lines()[-1], "> Play Rabbit")

    def test_the_reveal_page_says_who_ate_what(self):
        app = game_app("om_nom_nom", {"mode": "table", "players": 3}, seed=5)
        press(app, "ok")
        set_dice(app, [1, 0, 0, 0, 0, 0])
        press(app, "ok")  # p1: wolf
        press(app, "right", "ok")  # p2: rabbit
        press(app, "right", "right", "ok")  # p3: cat
        self.assertEqual(app.table.page, REVEAL_PAGE)
        self.assertEqual(app.table.text_lines(), [
            "R1 T1 cards",
            "wolf P1 +3, ate P2",
            "rabbit P2 eaten, by P1",
            "cat P3 +1, no prey",
        ])
        press(app, "ok")
        self.assertEqual(app.table.page, BOARDS_PAGE)
        self.assertEqual(app.table.text_lines()[0], "R1 T2 P1 card")

    def test_too_few_prey_and_a_long_name_eaten_fit_their_cells(self):
        app = game_app("om_nom_nom", {"mode": "table", "players": 3}, seed=5)
        press(app, "ok")
        set_dice(app, [0, 0, 0, 0, 0, 0])
        press(app, "ok")  # p1: wolf
        press(app, "ok")  # p2: wolf
        press(app, "right", "ok")  # p3: rabbit: one prey for two wolves, discarded
        self.assertEqual(app.table.text_lines()[1:], [
            "wolf P1 +1, too few",
            "wolf P2 +1, too few",
            "rabbit P3 lost, discard",
        ])

        class Solo:  # a solo turn: the player's rabbit eaten by V1's wolf
            seats = ("you", "v1", "v2")
            count = 3
            last_cards = (1, 0, 4)
            outcomes = (("eaten", 0, (), 0, 1), ("ate", 2, (0,), 0, None),
                        ("too_few", 1, (), 0, None))

        self.assertEqual(outcome_lines(Solo, 0), ("You", "eaten:V1"))  # "You eaten" is too wide
        self.assertEqual(outcome_lines(Solo, 2), ("V2 +1", "too few"))
        self.assertEqual(outcome_lines(Solo, 1), ("V1 +2", "ate You"))  # not a gain of You's
        for seat in range(3):
            for line in outcome_lines(Solo, seat):
                self.assertTrue(len(line) <= CELL_CHARS, line)

    def test_pages_follow_actions_that_arrive_over_the_protocol(self):
        app = game_app("om_nom_nom", {"mode": "solo"})
        app.session.act("roll")
        app.session.act("play cat")
        app.step()
        self.assertEqual(app.table.page, REVEAL_PAGE)
        for action in ("play wolf", "play rabbit", "play mouse", "play frog", "play hedgehog"):
            app.session.act(action)
        app.step()
        self.assertEqual(app.table.page, REVEAL_PAGE)
        press(app, "ok")
        self.assertEqual(app.table.page, SCORES_PAGE)
        press(app, "ok")
        self.assertEqual(app.table.text_lines()[0], "Round 2 roll")

    def test_a_page_left_up_gives_way_when_the_match_moves_on(self):
        app = game_app("om_nom_nom", {"mode": "solo"})
        app.session.act("roll")
        for action in ("play cat", "play wolf", "play rabbit", "play mouse", "play frog",
                       "play hedgehog"):
            app.session.act(action)
        app.step()
        self.assertEqual(app.table.page, REVEAL_PAGE)
        app.session.act("roll")  # nobody pressed ok: round 2 started over the protocol
        app.step()
        self.assertEqual(app.table.page, BOARDS_PAGE)
        self.assertEqual(app.table.text_lines()[0], "R2 T1 You %d" % app.game.total(0))
        app.render()
        self.assertEqual(app.messages, [])

    def test_long_ok_shows_the_score_table_any_press_returns(self):
        app = game_app("om_nom_nom", {"mode": "table", "players": 2})
        press(app, "ok", "ok", "ok")
        press(app, "ok", kind=LONG)
        self.assertTrue(isinstance(app.screen, ScoresScreen))
        app.render()
        self.assertEqual(app.screen.text_lines()[0], "Score R1 R2 R3 Tot")
        self.assertEqual(len(app.screen.text_lines()), 3)
        press(app, "left")
        self.assertTrue(isinstance(app.screen, OmNomScreen))


class Undo(unittest.TestCase):
    def test_solo_long_back_after_a_reveal_is_refused_with_a_reason(self):
        app = game_app("om_nom_nom", {"mode": "solo"}, seed=6)
        press(app, "ok", "ok")  # roll, play
        before = app.session.match.snapshot()
        press(app, "back", kind=LONG)
        self.assertEqual(app.messages, [NO_UNDO])
        self.assertEqual(app.session.match.snapshot(), before)
        press(app, "ok")  # close the note
        press(app, "ok")  # leave the reveal page
        press(app, "back", kind=LONG)
        self.assertEqual(app.messages, [NO_UNDO, NO_UNDO])
        self.assertEqual(app.session.match.moves, 2)

    def test_solo_a_roll_may_be_undone_and_gives_the_same_dice(self):
        app = game_app("om_nom_nom", {"mode": "solo"}, seed=7)
        press(app, "ok")
        rolled = list(app.game.rolled)
        press(app, "back", kind=LONG)
        self.assertEqual(app.messages, [])
        self.assertEqual(app.game.phase, "roll")
        press(app, "ok")
        self.assertEqual(app.game.rolled, rolled)

    def test_table_long_back_takes_back_the_last_entry_or_turn(self):
        app = game_app("om_nom_nom", {"mode": "table", "players": 2}, seed=8)
        press(app, "ok", "ok")  # roll, p1 wolf
        self.assertEqual(app.table.text_lines()[0], "R1 T1 P2 card")
        press(app, "back", kind=LONG)
        self.assertEqual(app.table.text_lines()[0], "R1 T1 P1 card")
        press(app, "ok", "ok")  # p1 wolf, p2 wolf: the turn is revealed
        self.assertEqual(app.table.page, REVEAL_PAGE)
        press(app, "back", kind=LONG)
        self.assertEqual((app.table.page, app.game.turns_resolved), (BOARDS_PAGE, 0))
        self.assertEqual(app.messages, [])

    def test_undo_of_a_round_end_leaves_the_score_page(self):
        app = game_app("om_nom_nom", {"mode": "sheet", "players": 2}, seed=9)
        press(app, "ok", "ok", "ok")  # roll, two totals: the round is scored
        self.assertEqual(app.table.page, SCORES_PAGE)
        press(app, "back", kind=LONG)
        self.assertEqual(app.table.page, BOARDS_PAGE)
        self.assertEqual(app.table.text_lines()[-1], "> P2: 0 pts")


class SheetEntry(unittest.TestCase):
    def test_left_and_right_count_the_total_and_ok_enters_it(self):
        app = game_app("om_nom_nom", {"mode": "sheet", "players": 3}, seed=10)
        press(app, "ok")
        self.assertEqual(app.table.text_lines()[-1], "> P1: 0 pts")
        press(app, "left")
        self.assertEqual(app.table.text_lines()[-1], "> P1: %d pts" % app.game.max_total())
        press(app, "right", "right", "right")
        app.press("right", LONG)
        for _ in range(4):
            app.press("right", REPEAT)
        self.assertEqual(app.table.text_lines()[-1], "> P1: 6 pts")
        press(app, "ok")
        self.assertEqual(app.game.entered, [6])
        self.assertEqual(app.table.text_lines()[-1], "> P2: 0 pts")
        press(app, "right", "ok", "ok")
        self.assertEqual(app.game.scores, [[6], [1], [0]])
        self.assertEqual(app.table.page, SCORES_PAGE)
        self.assertEqual(app.table.text_lines()[1], "P1 6 - - = 6")


class Lights(unittest.TestCase):
    def test_each_board_lights_its_dice_red_first_then_white(self):
        app = game_app("om_nom_nom", {"mode": "solo"}, leds=12)
        press(app, "ok")
        set_dice(app, [1, 2, 0, 0, 3, 3])
        app.render()
        red, white, purple = scaled(app, RED), scaled(app, WHITE), scaled(app, PURPLE)
        self.assertEqual(app.hal.leds.writes[-1], [
            red, red, white, OFF,  # wolf: 2 carrots, 1 rabbit
            OFF, OFF, OFF, OFF,  # cat: nothing left
            red, red, red, purple,  # hedgehog: 3 flies, 3 frogs: more than 4 LEDs
        ])

    def test_a_longer_strip_gives_five_leds_a_board(self):
        app = game_app("om_nom_nom", {"mode": "solo"}, leds=16)
        press(app, "ok")
        set_dice(app, [5, 0, 0, 0, 0, 0])
        app.render()
        colours = app.hal.leds.writes[-1]
        self.assertEqual(colours[:6], [scaled(app, WHITE)] * 5 + [OFF])
        self.assertEqual(colours[15], OFF)



class Issue27Pages(unittest.TestCase):
    def test_six_colours_fit_above_the_screens_edge(self):
        app = game_app("om_nom_nom", {"mode": "sheet", "players": 6}, seed=3)
        for _round in range(3):
            app.session.act("roll")
            for seat in range(6):
                app.session.act("total %d" % (10 + seat))
        app.step()
        press(app, "ok")  # the last round's score table, then the ranking
        self.assertEqual(app.table.page, END_PAGE)
        lines = app.table.text_lines()
        self.assertEqual(lines[1], "# Who Tot  R1 R2 R3")
        self.assertEqual(lines[2].split()[:3], ["1", "P6", "45"])
        for page in ("end", "scores"):
            if page == "scores":
                app.push(ScoresScreen(app))
                app.step()
            bottom = [app.canvas.pixel(x, y) for x in range(128) for y in (61, 62, 63)]
            self.assertFalse(any(bottom), page)  # a blank margin under the last row

    def test_solo_shows_the_cards_the_virtual_colours_played_this_round(self):
        app = game_app("om_nom_nom", {"mode": "solo", "solo_rivals": 2}, seed=4)
        app.session.act("roll")
        app.session.act("play cat")
        app.session.act("play wolf")
        press(app, "ok", kind=LONG)
        self.assertTrue(isinstance(app.screen, ScoresScreen))
        press(app, "right")
        lines = app.screen.text_lines()
        self.assertEqual(lines[0], "Played R1")
        self.assertEqual(lines[1], "You cat wolf")
        game = app.game
        for seat in (1, 2):
            names = " ".join(CARDS[card] for card in game.played[seat])
            self.assertEqual(lines[1 + seat], "V%d %s" % (seat, names))
            self.assertEqual(len(game.played[seat]), 2)
        press(app, "left")
        self.assertEqual(app.screen.text_lines()[0], "Score R1 R2 R3 Tot")
        press(app, "ok")
        self.assertTrue(app.screen is app.table)


if __name__ == "__main__":
    unittest.main()


class SetupNote(unittest.TestCase):
    def test_solo_says_who_the_virtual_rivals_are(self):
        from pawtrack.games import om_nom_nom

        options = {"mode": "solo", "players": 3, "solo_rivals": 2}
        self.assertEqual(om_nom_nom.setup_note(options), "V1,V2: virtual rivals")
        options["solo_rivals"] = 3
        self.assertEqual(om_nom_nom.setup_note(options), "V1-V3: virtual rivals")
        options["mode"] = "table"  # real players are P1, P2...: nothing to explain
        self.assertIsNone(om_nom_nom.setup_note(options))
