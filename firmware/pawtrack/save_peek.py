"""What the main menu reads of the saved matches: each one's last status, never a replay.

The Resume rows need, for every game with a save, whether its match is over
and the summary its last status gave. That is read from the last log alone
(or a version-2 save's tails). A save that cannot be read is set aside with a
sentence for the screen. Only the main menu (and the options screen's "a new
match replaces the saved one") asks, so a game's boot does not load this
module: ``Saves.peek``, ``Saves.resume_entries`` and ``Journal.peek_status``
import it when called.
"""

from pawtrack.files import clear_folder_name
from pawtrack.journal import KIND_STATUS, WINDOW, WRONG_PLACE, SaveDamaged, parse_status
from pawtrack.saves import FOLDER, IN_THE_WAY, UNREADABLE


class ResumeEntry:
    """What the main menu's Resume row shows for one saved match."""

    def __init__(self, game_id, summary):
        self.game_id = game_id
        self.summary = summary


def last_status(journal):
    """The last status ``journal`` wrote, (over, summary) or None (also kept as
    ``journal.status``). SaveDamaged if its first log is no log of this version."""
    status = None
    buf = bytearray(WINDOW)
    found = [None]

    def note(kind, payload):
        if kind == KIND_STATUS:
            found[0] = parse_status(payload) or found[0]

    for index in reversed(journal._log_numbers()):
        try:
            journal._scan_log(index, note, buf)
        except SaveDamaged:
            if index == 0:
                raise
            continue  # a later log that is no log: the resume says what it keeps
        if found[0] is not None:
            status = found[0]
            break
    if status is None:
        journal._old_records(note, tails_only=True)
        status = found[0]
    journal.status = status
    return status


def resume_entries(saves, game_ids):
    """([ResumeEntry] most recent first, [notices]) for unfinished saved matches.

    ``game_ids`` are the games this firmware has; a save of any other game
    is left alone. A save that cannot be read is set aside with a notice, and so
    is a file where ``saves/`` or a game's folder should be (a new match would
    set it aside too, ``make_folders``, but without a word).
    """
    entries = []
    notices = []
    if clear_folder_name(saves.files, FOLDER):
        notices.append(IN_THE_WAY)
    ordered = saves.order()
    for game_id in game_ids:
        if game_id not in ordered:
            ordered.append(game_id)
    for game_id in ordered:
        if game_id not in game_ids:
            continue
        entry, notice = peek(saves, game_id)
        if notice:
            notices.append(notice)
        if entry is not None:
            entries.append(entry)
    return entries, notices


def peek(saves, game_id):
    """(ResumeEntry or None, notice or None) for one game's save, without replaying it."""
    journal = saves.journal(game_id)
    if not journal.exists():
        if clear_folder_name(saves.files, journal.folder):
            return None, IN_THE_WAY
        return None, None
    found, message = journal.load_head()
    if not found:
        return None, message
    if journal.game_id != game_id:
        journal.set_aside()
        return None, WRONG_PLACE
    try:
        status = last_status(journal)
    except SaveDamaged as damage:
        journal.set_aside()
        return None, str(damage)
    except OSError:
        journal.set_aside()
        return None, UNREADABLE
    if status is not None and status[0]:
        return None, None  # over: kept so the result can be shown, but not offered
    return ResumeEntry(game_id, status[1] if status else ""), None
