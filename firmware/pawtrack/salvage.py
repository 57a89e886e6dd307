"""Saving what can be trusted of a damaged save: a new generation of the journal's logs.

``Journal.salvage`` imports this module only after a replay found damage
(``Journal.broken``), so a boot whose save is whole never loads it. The live
actions among the trusted records are copied into the next generation's
logs, then the head is replaced by one naming it: a power cut in the middle
leaves the damaged save, which the next resume salvages again. The damaged
generation's files go at the journal's next tidy.
"""

import json

from pawtrack.files import safe_write
from pawtrack.journal import HEAD, HEADER_BYTES, Journal, action_record, status_record

CHUNK = 256  # bytes of records copied per write


def copy_trusted(journal, status, progress=None):
    """Copy ``journal``'s trusted live actions into a new generation that opens with
    ``status``; the journal then writes there. OSError if the flash refuses."""
    copy = Journal(journal.files, journal.folder)
    copy.gen = journal.gen
    gen, ready = copy._next_gen()
    copy.gen, copy.seed, copy.status, copy.moves = gen, journal.seed, status, 0
    if not ready:
        copy._make_log(0)
    opening = status_record(status)
    journal.files.write_at(copy._log_name(0), HEADER_BYTES, opening)
    copy.log_end = HEADER_BYTES + len(opening)
    copy.log_ready = True
    pending = bytearray()

    def keep(action):
        pending.extend(action_record(action))
        if len(pending) >= CHUNK:
            copy._append(bytes(pending), None)
            pending[:] = b""

    journal.replay(keep, progress=progress, limit=journal.trusted_records)
    if pending:
        copy._append(bytes(pending), None)
    moves = journal.moves
    head = {"game": journal.game_id, "seed": journal.seed, "options": journal.options, "gen": gen}
    safe_write(journal.files, journal.path(HEAD), json.dumps(head).encode())
    journal.gen, journal.status, journal.moves = gen, status, moves
    journal.log, journal.log_end, journal.log_ready = copy.log, copy.log_end, copy.log_ready
    journal.spare_ready = journal.after_cut = journal.broken = False
    journal.sweep_due = True
    journal._find_log()
