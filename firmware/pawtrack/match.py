"""A match: one game's rules, options and seed, plus the actions accepted so far.

A match is exactly ``(game class, options, seed, actions)``: the game gets all
its randomness from ``pawtrack.rng.Rng(seed)``, so replaying the actions from
scratch gives the same state on every interpreter. Undo is such a replay
without the last action, so undoing a roll and rolling again gives the same
dice.

API::

    Match.new(game_cls, options, seed, journal=None) -> Match
        options are checked and completed by resolve_options (ValueError if
        bad); with a journal, the journal is replaced by this new match.
    match.act(action) -> events
        the game's apply decides (IllegalAction changes nothing); the action
        is in the journal before the events are returned. If the journal
        cannot be written the OSError propagates and the match is as before.
    match.undo() -> events          [{"ev": "undo", "action": the undone action}]
        IllegalAction("nothing to undo") when there is no action.
    match.game       the live Game instance (state(), legal_actions(), ...)
    match.game_cls, match.game_id, match.options, match.seed, match.actions
    match.is_over()
    match.snapshot() -> {"game", "seed", "options", "actions", "state"} (JSON-able)
    Match.resume(journal, find_game) -> (match or None, message or None)
        rebuilds the journalled match; find_game(id) returns the game package
        (with .GAME) or class, or None. A file that is damaged, foreign, for an
        unknown game or that the rules no longer accept is set aside and the
        message says so in one short sentence.
    resume_info(journal, find_game) -> ((game_id, summary) or None, message or None)
        what the main menu's Resume entry needs: None once the match is over
        (its journal is kept so the result can still be shown).
"""

from pawtrack.games import IllegalAction, resolve_options
from pawtrack.rng import MASK32, Rng

MAX_ACTION_LENGTH = 200

UNKNOWN_GAME = "Saved game is for an unknown game; set aside."
RULES_CHANGED = "Saved game no longer fits the rules; set aside."


def build_game(game_cls, options, seed, actions):
    """A fresh game with ``actions`` applied in order (IllegalAction if one is refused)."""
    game = game_cls(options, Rng(seed))
    for action in actions:
        game.apply(action)
    return game


class Match:
    """See the module docstring."""

    def __init__(self, game_cls, options, seed, actions, journal=None):
        self.game_cls = game_cls
        self.game_id = game_cls.ID
        self.options = options
        self.seed = seed
        self.actions = list(actions)
        self.journal = journal
        self.game = build_game(game_cls, options, seed, self.actions)

    @classmethod
    def new(cls, game_cls, options, seed, journal=None):
        options = resolve_options(game_cls, options)
        seed = seed & MASK32
        match = cls(game_cls, options, seed, (), journal)
        if journal is not None:
            journal.start(match.game_id, options, seed)
        return match

    @classmethod
    def resume(cls, journal, find_game):
        saved, message = journal.load()
        if saved is None:
            return None, message
        found = find_game(saved["game"])
        if found is None:
            journal.set_aside()
            return None, UNKNOWN_GAME
        game_cls = getattr(found, "GAME", found)
        try:
            options = resolve_options(game_cls, saved["options"])
            match = cls(game_cls, options, saved["seed"], saved["actions"], journal)
        except Exception:  # bad options, a refused action, or a rules bug on replay
            journal.set_aside()
            return None, RULES_CHANGED
        return match, None

    def act(self, action):
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION_LENGTH:
            raise IllegalAction("not an action: %r" % (action,))
        try:
            events = self.game.apply(action)
        except IllegalAction:
            raise  # the game promises it changed nothing
        except Exception:
            self._rebuild()  # a rules bug must not leave a half-done state behind
            raise
        if self.journal is not None:
            try:
                self.journal.append_action(action)
            except Exception:
                self._rebuild()
                raise
        self.actions.append(action)
        return events

    def undo(self):
        if not self.actions:
            raise IllegalAction("nothing to undo")
        kept = self.actions[:-1]
        game = build_game(self.game_cls, self.options, self.seed, kept)
        if self.journal is not None:
            self.journal.append_undo()
        undone = self.actions[-1]
        self.actions = kept
        self.game = game
        return [{"ev": "undo", "action": undone}]

    def _rebuild(self):
        self.game = build_game(self.game_cls, self.options, self.seed, self.actions)

    def is_over(self):
        return self.game.is_over()

    def snapshot(self):
        return {
            "game": self.game_id,
            "seed": self.seed,
            "options": self.options,
            "actions": list(self.actions),
            "state": self.game.state(),
        }


def resume_info(journal, find_game):
    """((game_id, summary) or None, message or None) for the menu's Resume entry."""
    match, message = Match.resume(journal, find_game)
    if match is None or match.is_over():
        return None, message
    return (match.game_id, match.game.summary()), None
