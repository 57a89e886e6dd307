"""The player's settings, kept on flash across restarts.

Stored as one small JSON object through ``pawtrack.files.safe_write`` (the same
checked, atomic write the journal uses), with a version number so a future
firmware can tell an old file from a foreign one. Unknown keys are ignored and
out-of-range values fall back to the default, so a damaged or hand-edited file
never stops the device.
"""

import json

from pawtrack import files as file_io

PATH = "settings.json"
VERSION = 1

BRIGHTNESS_LEVELS = 5

DEFAULTS = {"brightness": 3, "sound": True}
MAX_REMEMBERED_GAMES = 8


class Settings:
    def __init__(self, values=None):
        self.values = dict(DEFAULTS)
        self.values["games"] = {}
        if values:
            self.merge(values)
        self.notice = None  # a one-line message for the screen after a bad file

    def merge(self, values):
        brightness = values.get("brightness")
        if isinstance(brightness, int) and 1 <= brightness <= BRIGHTNESS_LEVELS:
            self.values["brightness"] = brightness
        sound = values.get("sound")
        if sound is True or sound is False:
            self.values["sound"] = sound
        remembered = values.get("games")
        if isinstance(remembered, dict):
            for game_id in remembered:
                options = remembered[game_id]
                if isinstance(game_id, str) and isinstance(options, dict):
                    if len(self.values["games"]) < MAX_REMEMBERED_GAMES:
                        self.values["games"][game_id] = dict(options)

    def game_options(self, game_id):
        """The options last chosen for a game (unchecked: resolve_options checks)."""
        return dict(self.values["games"].get(game_id, {}))

    def remember_game_options(self, game_id, options):
        self.values["games"][game_id] = dict(options)

    @property
    def brightness(self):
        return self.values["brightness"]

    @property
    def sound(self):
        return self.values["sound"]

    def led_level(self):
        """The brightness as a 0-255 share of the board's power cap."""
        return (255 * self.brightness) // BRIGHTNESS_LEVELS

    def set(self, key, value):
        self.merge({key: value})

    def to_json(self):
        record = {"version": VERSION}
        record.update(self.values)
        return json.dumps(record)

    @classmethod
    def load(cls, files):
        settings = cls()
        data, message = file_io.safe_read(files, PATH)
        if message:
            settings.notice = message
        if data is None:
            return settings
        try:
            record = json.loads(data)
        except Exception:  # noqa: BLE001 - bad JSON, or nesting too deep for the stack
            record = None
        if not isinstance(record, dict):
            file_io.set_aside(files, PATH)
            settings.notice = "Settings were unreadable; defaults used."
            return settings
        if record.get("version") != VERSION:
            settings.notice = "Settings from another version; defaults used."
            return settings
        settings.merge(record)
        return settings

    def save(self, files):
        file_io.safe_write(files, PATH, self.to_json().encode())
