"""The proof that a game's checkpoint is as good as replay, shared by every game's test.

``CheckpointProof(rules, choose)`` plays seeded random matches (random options
from the rules' OPTIONS, actions picked by ``choose(chooser, game, actions)``)
and, at random points of each, takes ``game.checkpoint()``. For every
checkpoint it then checks, against the match played straight through from the
seed:

* the restored game is exactly the game at that point: every attribute, with
  its type (a tuple stays a tuple), nested objects (bags, the board) and the
  random generator's seed and state included;
* applying the rest of the actions to it gives exactly the events, the
  ``state()`` the protocol sends and the whole game that full replay gives,
  at every step;
* undo: stopping one action short (what an undo replays to) gives what
  replaying all but the last action from the seed gives;
* the random stream then goes on identically (the next draws are compared);
* a record with any one byte changed, cut short or lengthened is refused
  with ValueError, never turned into a game.

Every checkpoint taken is restored and compared; ``played_on`` of them per
match (chosen at random) are played on to the end and to the undo point.
"""

from pawtrack.game import resolve_options
from pawtrack.rng import Rng


def random_options(rules, chooser, leave_out=()):
    """Every option at random, but for the (name, value) pairs in ``leave_out``."""
    given = {}
    for name, allowed, _default in rules.OPTIONS:
        given[name] = chooser.choice([v for v in allowed if (name, v) not in leave_out])
    return resolve_options(rules, given)


def plain(value):
    """A comparable copy of ``value`` that keeps every type and looks into objects."""
    if isinstance(value, Rng):
        return ("Rng", value.seed, value.state)
    if isinstance(value, list):
        return ("list", [plain(item) for item in value])
    if isinstance(value, tuple):
        return ("tuple", [plain(item) for item in value])
    if isinstance(value, dict):
        return ("dict", sorted((repr(key), plain(item)) for key, item in value.items()))
    if isinstance(value, bytearray):
        return ("bytearray", bytes(value))
    if value is None or isinstance(value, (bool, int, str, bytes)):
        return (type(value).__name__, value)
    return (type(value).__name__, plain(value.__dict__))


def whole(game):
    """Every attribute of the game (options and generator included), comparable."""
    return plain(game.__dict__)


class CheckpointProof:
    def __init__(self, test, rules, choose, max_actions, leave_out=()):
        self.test = test
        self.leave_out = leave_out
        self.rules = rules
        self.choose = choose
        self.max_actions = max_actions
        self.checkpoints = 0
        self.actions = 0
        self.largest = 0
        self.played_on = 2  # checkpoints per match played on to the end

    def play(self, seed):
        """One random match: (options, actions, [(index, record, whole game)], lengths)."""
        chooser = Rng(seed * 7919 + 17)
        options = random_options(self.rules, chooser, self.leave_out)
        game = self.rules(options, Rng(seed))
        actions = []
        taken = []
        every = chooser.between(2, 16)  # how often this match is checkpointed
        for index in range(self.max_actions + 1):
            if index % every == 0 or game.is_over():
                record = game.checkpoint()
                self.test.assertIsInstance(record, bytes)
                self.largest = max(self.largest, len(record))
                taken.append((index, record, whole(game)))
            legal = game.legal_actions()
            if not legal or index == self.max_actions:
                break
            action = self.choose(chooser, game, legal)
            game.apply(action)
            actions.append(action)
        return options, actions, taken

    def replay(self, options, seed, actions):
        game = self.rules(options, Rng(seed))
        events = [game.apply(action) for action in actions]
        return game, events

    def check_match(self, seed):
        test = self.test
        options, actions, taken = self.play(seed)
        game = self.rules(options, Rng(seed))
        events = []
        states = []  # the protocol's state after each action, from the seed
        for action in actions:
            events.append(game.apply(action))
            states.append(game.state())
        self.actions += len(actions)
        for index, record, expected in taken:
            self.checkpoints += 1
            restored = self.rules.restore(options, record)
            test.assertEqual(whole(restored), expected, "seed %d at %d" % (seed, index))
            # Written again, it restores the same (on MicroPython the bytes may differ: a
            # restored dict holds the same items, but its hash table may list them in
            # another order, as a dict built in another order does).
            again = self.rules.restore(options, restored.checkpoint())
            test.assertEqual(whole(again), expected)
        chooser = Rng(seed + 7)
        for _ in range(self.played_on):
            index, record, _ = taken[chooser.below(len(taken))]
            self.play_on(options, seed, actions, record, index, events, states)
        self.check_damage(options, taken[-1][1], seed)

    def play_on(self, options, seed, actions, record, index, events, states):
        """The rest of the match from the checkpoint at ``index``, compared step by step."""
        test = self.test
        restored = self.rules.restore(options, record)
        for step in range(index, len(actions)):
            got = restored.apply(actions[step])
            test.assertEqual(got, events[step], "seed %d, action %d" % (seed, step))
            test.assertEqual(restored.state(), states[step])
        straight, _ = self.replay(options, seed, actions)
        test.assertEqual(whole(restored), whole(straight), "seed %d from %d" % (seed, index))
        test.assertEqual(
            [restored.rng.next32() for _ in range(3)], [straight.rng.next32() for _ in range(3)]
        )
        if index < len(actions):  # undo: one action short of the end
            short = self.rules.restore(options, record)
            for action in actions[index:-1]:
                short.apply(action)
            by_replay, _ = self.replay(options, seed, actions[:-1])
            test.assertEqual(whole(short), whole(by_replay))
            test.assertEqual(short.state(), by_replay.state())

    def check_damage(self, options, record, seed):
        chooser = Rng(seed + 99)
        spoilt = []
        for _ in range(6):
            at = chooser.below(len(record))
            changed = bytearray(record)
            changed[at] ^= 1 << chooser.below(8)
            spoilt.append(bytes(changed))
        spoilt.append(record[: chooser.below(len(record))])
        spoilt.append(record + b"\x00")
        for bad in spoilt:
            try:
                self.rules.restore(options, bad)
            except ValueError:
                continue
            self.test.fail("a damaged checkpoint was restored (seed %d)" % seed)

    def run(self, matches):
        for seed in range(matches):
            self.check_match(seed)
        return "%d matches, %d actions, %d checkpoints, largest %d bytes" % (
            matches, self.actions, self.checkpoints, self.largest)
