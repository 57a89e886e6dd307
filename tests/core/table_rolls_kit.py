"""The proof that a roll entered at the table is the roll the device would have made.

``play_both(test, rules, options, seed, choose, faces_of, steps)`` plays one
seeded match twice, side by side: once with the device rolling (option
``rolls``: ``device``) and once with the table rolling (``table``), where every
template the table game offers is filled with the faces the device game just
rolled (``faces_of(events, faces, count)`` reads them from the device game's
events). After every action both give the same events, the same ``state()``
and the same whole game (the random generator included), the option itself
and its flag aside.
"""

from checkpoint_kit import whole

from pawtrack import table_rolls
from pawtrack.game import resolve_options
from pawtrack.rng import Rng


def without_option(game, flag):
    parts = whole(game)[1]
    return [part for part in parts if part[0] not in ("'options'", repr(flag))]


def play_both(test, rules, options, seed, choose, faces_of, steps, flag="table_rolls"):
    given = dict(options)
    given["rolls"] = table_rolls.DEVICE
    device = rules(resolve_options(rules, given), Rng(seed))
    given["rolls"] = table_rolls.TABLE
    table = rules(resolve_options(rules, given), Rng(seed))
    chooser = Rng(seed * 31 + 7)
    entered = 0
    for _ in range(steps):
        actions = device.legal_actions()
        if not actions:
            break
        action = choose(chooser, device, actions)
        events = device.apply(action)
        spec = table.entry_for(action)
        if spec is None:
            test.assertIn(action, table.legal_actions())
            typed = action
        else:
            test.assertIn(table_rolls.template(action), table.legal_actions())
            faces = faces_of(events, spec[0], spec[1])
            test.assertEqual(len(faces), spec[1], action)
            typed = action + " " + " ".join(faces)
            entered += 1
        test.assertEqual(table.apply(typed), events, typed)
        test.assertEqual(table.state(), device.state(), typed)
        test.assertEqual(without_option(table, flag), without_option(device, flag), typed)
    return entered


def filled(chooser, game, action):
    """``action`` with a template's mark replaced by random faces of its die (for random play)."""
    if not action.endswith(" " + table_rolls.MARK):
        return action
    faces, count = game.entry_for(action)
    words = [chooser.choice(faces) for _ in range(count)]
    return table_rolls.without_mark(action) + " " + " ".join(words)
