"""Reading a save of the journal's version 2, whose match goes on in logs (pawtrack.journal).

Version 2 kept a match in a base file ``<gen>.b`` (records, no preamble) and
two small tails ``<gen>.t0`` and ``<gen>.t1``, each a preamble ("PAWJ", 2), a
begin record naming the base's size when the tail was started, and records.
Nothing writes them any more: a match saved that way resumes with their
records first, and its next records go into logs. The journal imports this
module only when such files are there, so a boot that never meets one does
not load it.
"""

from pawtrack import records
from pawtrack.files import read_all
from pawtrack.journal import DAMAGED, FOREIGN, MAX_PAYLOAD, OTHER_VERSION, SaveDamaged

MAGIC = b"PAWJ"
VERSION = 2
KIND_BEGIN = 0x42  # a tail's first record: the base's size (u32, little-endian)
TAILS = 2
PREAMBLE = records.preamble(MAGIC, VERSION)


def read_records(journal, visit, tails_only=False):
    """Feed the records of the version-2 save in ``journal``'s generation to
    visit(kind, payload): the base's (unless ``tails_only``), then those of the
    tails that follow it. SaveDamaged if a file is not what it should be."""
    base_size = base_file_size(journal) if tails_only else read_base(journal, visit)
    for index in range(TAILS):
        found = read_tail(journal, index, base_size)
        if found is None:
            break
        for kind, payload, _ in found[1:]:
            visit(kind, payload)


def base_file_size(journal):
    base = journal._name("b")
    return journal.files.size(base) if journal.files.exists(base) else 0


def read_tail(journal, index, base_size):
    """The records of tail ``index`` if it belongs after ``base_size`` bytes of base,
    else None."""
    files = journal.files
    name = journal._name("t%d" % index)
    if not files.exists(name):
        return None
    raw = read_all(files, name)
    if records.read_preamble(raw) != (MAGIC, VERSION):
        if len(raw) < records.PREAMBLE_SIZE and raw == PREAMBLE[: len(raw)]:
            return None  # emptied after a merge, or its very first write was cut short
        raise SaveDamaged(FOREIGN if raw[:4] != MAGIC else OTHER_VERSION)
    found, _, how = records.scan(raw, records.PREAMBLE_SIZE, MAX_PAYLOAD)
    if how == records.END_DAMAGED:
        raise SaveDamaged(DAMAGED)
    if not found:
        return None  # cut inside its first record: nothing was in it yet
    kind, payload, _ = found[0]
    if kind != KIND_BEGIN or len(payload) != 4:
        raise SaveDamaged(DAMAGED)
    if int.from_bytes(payload, "little") != base_size:
        return None  # merged into the base already (or left over from before)
    return found


def read_base(journal, visit):
    """Feed every good record of the base to visit(kind, payload); returns its good size."""
    name = journal._name("b")
    if not journal.files.exists(name):
        return 0
    f = journal.files.open(name, "rb")
    try:
        reader = records.Reader(f, MAX_PAYLOAD)
        while True:
            item = reader.next()
            if item is None:
                break
            visit(item[0], item[1])
    finally:
        f.close()
    if reader.how == records.END_DAMAGED:
        raise SaveDamaged(DAMAGED)
    return reader.end
