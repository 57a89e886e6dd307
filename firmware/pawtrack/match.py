"""A match: one game's rules, options and seed, plus the actions accepted so far, on flash.

A match is exactly ``(game, options, seed, actions)``: the rules get all
their randomness from ``pawtrack.rng.Rng(seed)``, so replaying the actions
from scratch gives the same state on every interpreter. The actions live in
the game's journal (``pawtrack.journal``), not in RAM: a match of thousands of
actions resumes in the same memory as a short one. Undo is a replay without
the last action, so undoing a roll and rolling again gives the same dice.
Every so often the match also journals a checkpoint of the rules' whole state
(``pawtrack.checkpoints``), and a replay starts from the latest good one, so
undo and resume cost the same at any match length; replay from the seed is
what is left when there is none.

An undo does not read the journal when it can help it: the match keeps a base
in RAM (a checkpoint record of the rules, or "the seed") and the live actions
since, and the base before with its actions, so an undo restores that record
and applies all but the last of them, without a check (they were checked when
they came), the same rules' code as a replay from flash. The base moves on
with every checkpoint and, while the screen is still, every RAM_SPACING
actions; a resume leaves it one action before the end. Only an undo that goes
back past both reads the journal, which then gives the next bases.

API::

    Match.new(game_id, rules, options, seed, journal) -> Match
        options are checked and completed by resolve_options (ValueError if
        bad); the journal is replaced by this new match.
    Match.resume(journal, find_rules, progress=None) -> (match or None, message or None)
        rebuilds the journalled match; find_rules(game_id) returns the rules
        class or None. A save that is damaged, for an unknown game or that the
        rules no longer accept is set aside and the message says so in one
        short sentence. A save damaged beyond what a power cut leaves (journal
        ``broken``: see pawtrack.journal) resumes with the actions before the
        damage, saved again, and the message (LOST) says how many were kept; an
        action the rules do not list as legal at its place ends them too.
        progress(done, total) is called during a long replay.
    check_saved(journal, find_rules, game_id=None) -> (rules or None, message or None)
        the head's checks (game, options) and the first log's magic and version,
        before anything else changes.
    match.act(action) -> events
        the action must be one of ``game.legal_actions()`` exactly (``check_legal``),
        then the rules decide (IllegalAction changes nothing); the action is in the
        journal before the events are returned. If the journal cannot be
        written the OSError propagates and the match is as before.
    match.tidy()        while the screen is still: a checkpoint if one is due, the
                        journal's flash work; match.needs_tidy() says if there is any
    match.undo(progress=None) -> events      [{"ev": "undo", "action": the undone action}]
        IllegalAction("nothing to undo") when there is no action, and
        IllegalAction(reason) when the rules' ``undo_refusal()`` gives one.
    match.game       the live rules object (state(), legal_actions(), ...)
    match.game_id, match.rules, match.options, match.seed, match.moves
    match.changes    acts and undos so far (a screen can tell the match moved on)
    match.recent     the last few actions (at most RECENT), oldest first
    match.is_over(), match.status() -> (over, summary)
    match.snapshot() -> {"game", "seed", "options", "moves", "recent", "state"} (JSON-able)
"""

from pawtrack import checkpoints
from pawtrack.game import IllegalAction, resolve_options
from pawtrack.journal import WRONG_PLACE, Journal, SaveDamaged, Untrusted
from pawtrack.rng import MASK32, Rng

MAX_ACTION_LENGTH = 200
RECENT = 8
SEED = checkpoints.SEED  # an undo base: the match's start, rebuilt from its seed
RAM_SPACING = 8  # live actions between undo's bases in RAM (taken while the screen is still)

UNKNOWN_GAME = "Saved game is for an unknown game; set aside."
LOST = "Saved game damaged: kept its first %d actions, the rest is lost."
FLASH_REFUSED = "Saved game could not be read or saved again; it stays."
RULES_CHANGED = "Saved game no longer fits the rules; set aside."


class Match:
    """See the module docstring."""

    def __init__(self, game_id, rules, options, seed, journal):
        self.game_id = game_id
        self.rules = rules
        self.options = options
        self.seed = seed
        self.journal = journal
        self.recent = []
        self.changes = 0  # acts and undos so far: a screen can tell the match moved on
        self.game = rules(options, Rng(seed))
        self.since = checkpoints.Tracker()  # done since the latest checkpoint
        # What an undo rebuilds from without the journal: a base (SEED, or a
        # checkpoint's (moves, recent, record)) and the live actions since, and
        # the pair before the latest checkpoint (None: none kept).
        self.base = SEED
        self.after = []
        self.older = None

    @classmethod
    def new(cls, game_id, rules, options, seed, journal, made=None):
        """A new match, written to its journal; ``made(match)`` is called before the write
        (a screen can show the match meanwhile: no action can be taken before it is saved)."""
        options = resolve_options(rules, options)
        match = cls(game_id, rules, options, seed & MASK32, journal)
        if made is not None:
            made(match)
        journal.start(game_id, options, match.seed, match.status())
        return match

    @classmethod
    def resume(cls, journal, find_rules, progress=None):
        rules, message = check_saved(journal, find_rules)
        if rules is None:
            return None, message
        try:
            match = cls(journal.game_id, rules, journal.options, journal.seed, journal)
            match.replay(progress=progress)
            if journal.broken:
                journal.salvage(match.status(), progress)
                return match, LOST % match.moves
        except SaveDamaged as damage:
            journal.set_aside()
            return None, str(damage)
        except MemoryError:
            raise  # not the save's fault: it stays for a device with more memory
        except OSError:
            return None, FLASH_REFUSED  # the save stays, for a flash that works again
        except Exception:  # noqa: BLE001 - bad options, a refused action, a rules bug on replay
            journal.set_aside()
            return None, RULES_CHANGED
        return match, None

    @property
    def moves(self):
        return self.journal.moves

    def status(self):
        """(over, summary): what the main menu shows for this match."""
        return self.game.is_over(), self.game.summary()

    def replay(self, drop_last=False, progress=None):
        """Rebuild the rules object from the journal (from its latest good checkpoint,
        or from the seed); returns the last live action."""
        found = checkpoints.rebuild(self.journal, self.rules, self.options, drop_last, progress)
        if found is not None:
            self.game, self.recent, last, self.since, (base, after, older) = found
            self.keep_base(base, after)
            self.older = older
            return last
        game = self.rules(self.options, Rng(self.seed))
        recent = []
        after = []

        def apply(action):
            try:
                game.check_legal(action)
            except IllegalAction:
                raise Untrusted()  # noqa: B904 - MicroPython warns about "from"
            game.apply(action)
            after.append(action)
            recent.append(action)
            if len(recent) > RECENT:
                recent.pop(0)

        last = self.journal.replay(apply, drop_last, progress)
        self.game = game
        self.recent = recent
        self.since = checkpoints.Tracker(len_live(self.moves, drop_last), self.moves)
        self.keep_base(SEED, after)
        return last

    def keep_base(self, base, after):
        """Undo's base from now on: ``base`` and the live actions ``after`` it."""
        self.base = base
        self.after = after
        self.older = None
        self._bound_after()

    def _bound_after(self):
        """Actions in RAM are bounded: past twice the checkpoint spacing (rules without
        checkpoints, or none written for long), undo reads the journal instead."""
        if len(self.after) > 2 * self.rules.CHECKPOINT_SPACING:
            self.base = None
            self.after = []

    def needs_tidy(self):
        """Is there work (a checkpoint, the journal's flash work, undo's base to move
        on) for ``tidy``?"""
        return (
            self._checkpoint_due()
            or self.journal.needs_tidy()
            or (self.base is not None and len(self.after) >= RAM_SPACING)
            or self._far_base() is not None
        )

    def _checkpoint_due(self, late=False):
        rules = self.rules
        return rules.CHECKPOINT_VERSION and self.since.due(rules.CHECKPOINT_SPACING, late)

    def tidy(self):
        """While the screen is still: the checkpoint if one is due, then the journal's
        flash work (``Journal.tidy``; its OSError goes through), and undo's base in RAM
        moved on every RAM_SPACING actions (a checkpoint kept in RAM only). A base
        further behind than that (a resume that ended on a checkpoint, or many presses
        without a still screen) is rebuilt one action behind the live state, so that
        the next undo applies nothing while the player waits."""
        self._checkpoint_if_due()
        self.journal.tidy()
        far = self._far_base()
        if far is not None and self._base_before_last(far[0], far[1]):
            return
        if self.base is not None and len(self.after) >= RAM_SPACING:
            record = self.game.checkpoint()
            if record is not None:
                self._new_base(record)

    def _far_base(self):
        """(base, the live actions after it) that the next undo would start from, when
        that is more than RAM_SPACING actions behind; else None."""
        base, after = self.base, self.after
        if not after and self.older is not None:
            base, after = self.older
        if base is None or len(after) <= RAM_SPACING:
            return None
        return base, after

    def _base_before_last(self, base, after):
        """Undo's base rebuilt from ``base`` and all but the last of the live actions
        ``after`` it; that base stays for the undo after. False when it cannot be."""
        kept = after[:-1]
        rebuilt = self._rebuilt(base, kept)
        if rebuilt is None:
            return False
        game, recent = rebuilt
        record = game.checkpoint()
        if record is None:
            return False
        self.older = (base, kept)
        self.base = (self.moves - 1, recent, record)
        self.after = after[-1:]
        return True

    def _rebuilt(self, base, actions):
        """(rules object, recent actions) of the state ``actions`` after ``base``,
        or None when the base cannot be restored or an action no longer applies."""
        if base is SEED:
            game = self.rules(self.options, Rng(self.seed))
            recent = []
        else:
            _, base_recent, record = base
            try:
                game = checkpoints.restored(self.rules, self.options, record)
            except ValueError:
                return None
            recent = list(base_recent)
        try:
            for action in actions:
                game.apply(action)
                recent.append(action)
        except Exception:  # noqa: BLE001 - not as journalled: the journal's path decides
            return None
        return game, recent[-RECENT:]

    def _new_base(self, record):
        """The state now (its ``record``) becomes undo's base; the base before stays
        for an undo right after this one."""
        self.older = (self.base, self.after) if self.base is not None else None
        self.base = (self.moves, list(self.recent), record)
        self.after = []

    def _checkpoint_if_due(self, late=False):
        """Journal a checkpoint when enough was done since the latest one (``late``:
        when nobody tidied for twice that). It only makes later rebuilds quicker, so a
        full flash does not refuse the action."""
        if self._checkpoint_due(late):
            try:
                record = checkpoints.write(self)
            except (OSError, ValueError):
                self.since = checkpoints.Tracker()  # not again at every action
                return
            if record is not None:
                self._new_base(record)

    def act(self, action):
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION_LENGTH:
            raise IllegalAction("not an action: %s" % (str(action)[:40],))
        self.game.check_legal(action)  # exactly one of legal_actions(): see pawtrack.game
        try:
            events = self.game.apply(action)
        except IllegalAction:
            raise  # the rules promise they changed nothing
        except Exception:
            self.replay()  # a rules bug must not leave a half-done state behind
            raise
        try:
            self.journal.append_action(action, self.status())
        except Exception:
            self.replay()
            raise
        self.recent.append(action)
        if len(self.recent) > RECENT:
            self.recent.pop(0)
        if self.base is not None:
            self.after.append(action)
            self._bound_after()
        self.changes += 1
        self.since.actions += 1
        self.since.records += 1
        self._checkpoint_if_due(late=True)  # normally written by tidy, after the answer
        return events

    def undo(self, progress=None):
        if not self.moves:
            raise IllegalAction("nothing to undo")
        refusal = self.game.undo_refusal()
        if refusal:
            raise IllegalAction(refusal)
        before = (self.game, self.recent, self.since, self.base, self.after, self.older)
        undone = self._undo_in_memory()
        if undone is None:
            undone = self.replay(drop_last=True, progress=progress)
        try:
            self.journal.append_undo(self.status())
        except Exception:
            # the journal still counts the action as live
            self.game, self.recent, self.since, self.base, self.after, self.older = before
            raise
        self.since.records += 1
        self.changes += 1
        return [{"ev": "undo", "action": undone}]

    def _undo_in_memory(self):
        """The state before the last live action, rebuilt from the base kept in RAM:
        the undone action, or None when the base does not reach back that far."""
        if not self.after and self.older is not None:
            self.base, self.after = self.older
            self.older = None
        if self.base is None or not self.after:
            return None
        kept = self.after[:-1]
        rebuilt = self._rebuilt(self.base, kept)
        if rebuilt is None:
            return None  # the journal's own path decides
        undone = self.after[-1]
        self.game, self.recent = rebuilt
        self.after = kept
        actions = self.since.actions - 1
        if actions < 0:  # back past the latest checkpoint: a new one is due, even late
            actions = 2 * self.rules.CHECKPOINT_SPACING
        self.since = checkpoints.Tracker(actions, self.since.records)
        return undone

    def is_over(self):
        return self.game.is_over()

    def snapshot(self):
        return {
            "game": self.game_id,
            "seed": self.seed,
            "options": self.options,
            "moves": self.moves,
            "recent": list(self.recent),
            "state": self.game.state(),
        }

    def actions(self, first, count):
        """The live actions ``first`` .. ``first + count - 1`` read back from the journal
        (by a reader of its own: damage found on flash since the resume leaves the
        journal that takes the next actions as it was)."""
        window = []
        seen = [0]

        def collect(action):
            if first <= seen[0] < first + count:
                window.append(action)
            seen[0] += 1

        reader = Journal(self.journal.files, self.journal.folder)
        reader.gen = self.journal.gen
        reader.replay(collect)
        return window


def check_saved(journal, find_rules, game_id=None):
    """(rules, None) if the journal's head names a match that can be resumed: a game
    find_rules knows (and ``game_id``, when given), options that game allows (the
    journal's options become the complete, checked ones), a first log of this
    version (its first bytes alone). Otherwise (None, message):
    no save (message None), or a head that fails a check, set aside (message says so).

    The protocol checks a ``resume`` with it before anything changes; the logs
    are read only by the replay."""
    found, message = journal.load_head()
    if not found:
        return None, message
    if game_id is not None and journal.game_id != game_id:
        journal.set_aside()
        return None, WRONG_PLACE
    rules = find_rules(journal.game_id)
    if rules is None:
        journal.set_aside()
        return None, UNKNOWN_GAME
    try:
        journal.options = resolve_options(rules, journal.options)
    except ValueError:
        journal.set_aside()
        return None, RULES_CHANGED
    problem = journal.first_log_problem()
    if problem is not None:
        journal.set_aside()
        return None, problem
    return rules, None


def len_live(moves, drop_last):
    """The live actions a replay applied: all but the last one when it dropped it."""
    return moves - 1 if drop_last and moves else moves
