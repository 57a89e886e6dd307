"""The match journal: an append-only file on flash that a match can be rebuilt from.

Byte layout (framing from ``pawtrack.records``; details in docs/journal.md)::

    "PAWJ" | version 1                      5-byte preamble
    record kind 0x48 "H"  header            JSON {"game": id, "seed": n, "options": {...}}
    record kind 0x41 "A"  action            the action string, UTF-8
    record kind 0x55 "U"  undo              empty: drops the last live action
    ...

    record = length u16 | kind u8 | head check u8 | payload | crc32 u32

Exactly one header, first. The *live actions* are the action records with
each undo record cancelling the live action before it.

Writing:

* ``start`` (a new game) writes preamble + header to ``<name>.tmp`` and renames
  it over ``<name>``: a power cut leaves either the old match or the new one.
* ``append_action`` / ``append_undo`` open the file in append mode, write one
  record, flush and close before returning, so the caller may show the result.
* Compaction: once the file is at least ``compact_at`` bytes *and* more than
  half of it is dead (undone actions and undo records), the header and the live
  actions are rewritten to the temp file, which is renamed over the journal.
  A journal without undos is never rewritten (it would come out the same).

Loading (``load``) never raises for a bad file:

* a torn last record (short, or a bad crc at the very end, or only erased
  bytes left) is what a power cut during an append leaves: it is dropped, and
  the next write rewrites the file so no garbage stays in the middle;
* damage before the end, a missing or broken header, a bad magic or an unknown
  version: the file is renamed to ``<name>.bad`` and ``load`` returns a short
  message for the screen.
"""

import json

from pawtrack import records
from pawtrack.files import read_all, replace_file, set_aside

MAGIC = b"PAWJ"
VERSION = 1

KIND_HEADER = 0x48
KIND_ACTION = 0x41
KIND_UNDO = 0x55

MAX_PAYLOAD = 1024
DEFAULT_NAME = "match.jnl"
DEFAULT_COMPACT_AT = 4096

DAMAGED = "Saved game damaged; set aside."
FOREIGN = "Saved game not recognised; set aside."
OTHER_VERSION = "Saved game from another version; set aside."

UNDO_RECORD = records.encode(KIND_UNDO, b"")


def action_record(action):
    payload = action.encode()
    if len(payload) > MAX_PAYLOAD:
        raise ValueError("action too long for the journal")
    return records.encode(KIND_ACTION, payload)


def header_record(game_id, options, seed):
    payload = json.dumps({"game": game_id, "seed": seed, "options": options}).encode()
    if len(payload) > MAX_PAYLOAD:
        raise ValueError("options too long for the journal")
    return records.encode(KIND_HEADER, payload)


def parse_header(payload):
    """(game_id, options, seed) from a header payload, or None if it is not one."""
    try:
        header = json.loads(payload.decode())
    except ValueError:
        return None
    if not isinstance(header, dict):
        return None
    game_id = header.get("game")
    seed = header.get("seed")
    options = header.get("options")
    if not isinstance(game_id, str) or not isinstance(seed, int):
        return None
    if not isinstance(options, dict):
        return None
    return game_id, options, seed


class Journal:
    """One match's journal file. See the module docstring for the format.

    After ``start`` or a successful ``load`` it knows the match it holds:
    ``game_id``, ``options``, ``seed`` and the live ``actions``.
    """

    def __init__(self, files, name=DEFAULT_NAME, compact_at=DEFAULT_COMPACT_AT):
        self.files = files
        self.name = name
        self.compact_at = compact_at
        self._forget()

    def _forget(self):
        self.game_id = None
        self.options = None
        self.seed = None
        self.actions = []
        self.size = 0  # bytes of good records in the file
        self.live_size = 0  # bytes the file would have if rewritten now
        self.rewrite_needed = False  # a torn or failed write left junk at the end
        self._header = b""

    def exists(self):
        return self.files.exists(self.name)

    def start(self, game_id, options, seed):
        """Replace whatever the journal held by a new match with no actions."""
        header = header_record(game_id, options, seed)
        data = records.preamble(MAGIC, VERSION) + header
        replace_file(self.files, self.name, data)
        self._forget()
        self.game_id = game_id
        self.options = options
        self.seed = seed
        self._header = header
        self.size = self.live_size = len(data)

    def append_action(self, action):
        """Journal one accepted action; returns once it is on flash."""
        record = action_record(action)
        self._commit(record, self.actions + [action], self.live_size + len(record))

    def append_undo(self):
        """Journal that the last live action was taken back."""
        if not self.actions:
            raise ValueError("nothing to undo in the journal")
        dropped = len(action_record(self.actions[-1]))
        self._commit(UNDO_RECORD, self.actions[:-1], self.live_size - dropped)

    def _commit(self, record, actions, live_size):
        if self.game_id is None:
            raise ValueError("the journal holds no match")
        size = self.size + len(record)
        dead = size - live_size
        if self.rewrite_needed or (size >= self.compact_at and dead > live_size):
            self._rewrite(actions)
            return
        self.rewrite_needed = True  # until the append is known to be complete
        f = self.files.open(self.name, "ab")
        try:
            f.write(record)
            f.flush()
        finally:
            f.close()
        self.rewrite_needed = False
        self.actions = actions
        self.size = size
        self.live_size = live_size

    def compact(self):
        """Rewrite the journal as header + live actions (done by itself when worth it)."""
        self._rewrite(self.actions)

    def _rewrite(self, actions):
        parts = [records.preamble(MAGIC, VERSION), self._header]
        for action in actions:
            parts.append(action_record(action))
        data = b"".join(parts)
        replace_file(self.files, self.name, data)
        self.actions = list(actions)
        self.size = self.live_size = len(data)
        self.rewrite_needed = False

    def load(self):
        """Read the journal: (saved, message); never raises for a bad file.

        saved is None (no usable match) or a dict {"game", "options", "seed",
        "actions"}; message is None or one short sentence for the screen.
        """
        self._forget()
        if not self.files.exists(self.name):
            return None, None
        try:
            raw = read_all(self.files, self.name)
        except OSError:
            return self.reject(DAMAGED)
        first = records.read_preamble(raw)
        if first is None:
            return self.reject(DAMAGED)
        if first[0] != MAGIC:
            return self.reject(FOREIGN)
        if first[1] != VERSION:
            return self.reject(OTHER_VERSION)
        found, end, how = records.scan(raw, records.PREAMBLE_SIZE, MAX_PAYLOAD)
        if how == records.END_DAMAGED or not found or found[0][0] != KIND_HEADER:
            return self.reject(DAMAGED)
        header = parse_header(found[0][1])
        if header is None:
            return self.reject(DAMAGED)
        actions = []
        live_size = records.PREAMBLE_SIZE + len(found[0][1]) + records.OVERHEAD
        for kind, payload, _ in found[1:]:
            if kind == KIND_ACTION:
                try:
                    actions.append(payload.decode())
                except ValueError:
                    return self.reject(DAMAGED)
                live_size += len(payload) + records.OVERHEAD
            elif kind == KIND_UNDO and not payload and actions:
                live_size -= len(actions.pop().encode()) + records.OVERHEAD
            else:
                return self.reject(DAMAGED)
        self.game_id, self.options, self.seed = header
        self._header = records.encode(KIND_HEADER, found[0][1])
        self.actions = actions
        self.size = end
        self.live_size = live_size
        self.rewrite_needed = how == records.END_TORN
        saved = {
            "game": self.game_id,
            "options": self.options,
            "seed": self.seed,
            "actions": list(actions),
        }
        return saved, None

    def reject(self, message):
        """Set the journal file aside; returns (None, message) for load's callers."""
        self.set_aside()
        return None, message

    def set_aside(self):
        """Rename the journal to ``<name>.bad`` (replacing an older one); never raises."""
        set_aside(self.files, self.name)
        self._forget()

    def discard(self):
        """Delete the journal (the player ended the match); never raises."""
        try:
            self.files.remove(self.name)
        except OSError:
            pass
        self._forget()
