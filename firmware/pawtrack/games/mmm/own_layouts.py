"""The owner's own Mmm! layouts on flash, loaded once at start-up.

Option ``layout: own`` plays on ``layouts.OWN`` (in memory). This module keeps
those records on flash in one safe file, ``mmm_layouts.json``, written with
``pawtrack.files.safe_write`` (after a power cut it holds the old or the new
content, whole)::

    {"1": {layout record of side 1}, "2": {layout record of side 2}}

Each record is what ``host_tools/mmm_layout.py`` prints (see layouts.py),
stored under its side; either side may be missing.

``load(files)`` is what Mmm!'s ``on_boot`` runs before the main menu is built,
so a match with ``layout: own`` can be started or resumed (menu, Resume entry,
serial protocol) as soon as the device is up. It makes ``layouts.OWN`` mirror
the file: sides in the file installed, the others removed. A file that fails
any check (framing, JSON, JSON nested too deep to read, a record that does not
validate, a record stored under the other side) is set aside as
``mmm_layouts.json.bad``, nothing own is installed, and ``load`` returns the
one-sentence notice the app shows at boot.

``save_record(files, record)`` validates a record, keeps the other side's
record from the file, writes the file and installs the record in memory. The
install tool runs exactly this, on the device through ``mpremote exec`` and in
the simulator's flash folder directly, so the firmware that reads the file is
the one that wrote it.
"""

import json

from pawtrack import files as file_io
from pawtrack.games.mmm import layouts

PATH = "mmm_layouts.json"
WHAT = "Own Mmm! layouts"
DAMAGED = WHAT + " damaged; set aside."
SIDE_KEYS = {"1": 1, "2": 2}


def decode(data):
    """{side: record} from the file's bytes, or None if anything is wrong."""
    try:
        return _records_of(json.loads(data.decode()))
    except Exception:  # noqa: BLE001 - bad JSON or text; nesting too deep for the stack
        # (RecursionError on CPython, RuntimeError or MemoryError on the device)
        return None


def _records_of(raw):
    if not isinstance(raw, dict):
        return None
    records = {}
    for key in raw:
        side = SIDE_KEYS.get(key)
        record = raw[key]
        if side is None or layouts.validate(record) is not None or record["side"] != side:
            return None
        records[side] = record
    return records


def encode(records):
    """The file's bytes for {side: record}."""
    raw = {}
    for side in records:
        raw[str(side)] = records[side]
    return json.dumps(raw).encode()


def read(files):
    """({side: record}, notice or None); a bad file is set aside."""
    data, notice = file_io.safe_read(files, PATH, WHAT)
    if data is None:
        return {}, notice
    records = decode(data)
    if records is None:
        file_io.set_aside(files, PATH)
        return {}, DAMAGED
    return records, None


def load(files):
    """Make ``layouts.OWN`` what the file holds; returns a notice or None."""
    records, notice = read(files)
    for side in layouts.SIZE_LIMITS:
        if side in records:
            layouts.install(records[side])
        else:
            layouts.uninstall(side)
    return notice


def save_record(files, record):
    """Install ``record`` as its side's own layout, on flash and in memory.

    Raises ValueError (the reason) for a record that does not validate and
    OSError if the flash refuses; either way the layouts in use stay as they
    were. Returns the notice of a damaged old file (set aside, so the other
    side's record is lost with it) or None.
    """
    error = layouts.validate(record)
    if error is not None:
        raise ValueError(error)
    records, notice = read(files)
    records[record["side"]] = record
    file_io.safe_write(files, PATH, encode(records))
    layouts.install(record)
    return notice
