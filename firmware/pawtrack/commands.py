"""The serial protocol's commands: each line from the host read, checked and answered.

``pawtrack.protocol.Protocol`` makes one ``Commands`` when the first line
arrives and hands it every line (as bytes or str); the answers and errors go
out through the protocol, like the game events. docs/protocol.md documents
every command.

Every command may carry an ``"id"``; the direct answer repeats it. Anything
wrong with a line (not JSON, not an object, unknown command, missing or bad
fields, an illegal action, a line over 1 KiB) gets exactly one ``error`` event
with a ``code`` and a ``reason``, and changes nothing.
"""

import json
from binascii import hexlify

from pawtrack import VERSION
from pawtrack.protocol import MAX_LINE

# The match code (pawtrack.game, pawtrack.session and what they import) is
# imported by the commands that play, not here: at the main menu with nothing
# saved the device has not loaded it (about 6 KiB of the Pico's heap).

PROTOCOL_VERSION = 1

BUTTON_NAMES = ("left", "ok", "right", "back")
PRESS_KINDS = ("short", "long", "repeat")


class CommandError(Exception):
    def __init__(self, code, reason):
        super().__init__(reason)
        self.code = code
        self.reason = reason


LOG_PAGE = 50  # actions per "log" answer, so a long match never needs one huge line


def hex_of(data):
    return hexlify(data).decode()


class Commands:
    def __init__(self, protocol):
        self.protocol = protocol
        self.app = protocol.app
        self.handlers = {
            "hello": self.cmd_hello,
            "press": self.cmd_press,
            "screen": self.cmd_screen,
            "state": self.cmd_state,
            "new": self.cmd_new,
            "act": self.cmd_act,
            "undo": self.cmd_undo,
            "resume": self.cmd_resume,
            "log": self.cmd_log,
        }
        if protocol.extra:
            self.handlers.update(protocol.extra)

    def handle_line(self, line, replayed=False):
        """``replayed``: the line's work was done by a switch to this boot
        (pawtrack.protocol.Protocol.answer_carried): only its answer goes out."""
        error = self.protocol.error
        if isinstance(line, str):
            line = line.encode()
        line = line.strip(b" \t")  # only blanks: what counts as space differs by interpreter
        if not line:
            return  # an empty line is a harmless keep-alive
        if len(line) > MAX_LINE:
            error("too_long", "line longer than %d bytes" % MAX_LINE)
            return
        try:
            line = line.decode()
        except UnicodeError:
            error("bad_json", "line is not UTF-8 text")
            return
        try:
            message = json.loads(line)
        except Exception:  # noqa: BLE001 - bad JSON, or nesting too deep for the stack
            error("bad_json", "line is not valid JSON")
            return
        if not isinstance(message, dict):
            error("not_object", "a command must be a JSON object")
            return
        command_id = message.get("id")
        if command_id is not None and (
            isinstance(command_id, bool) or not isinstance(command_id, (int, float, str))
        ):
            error("bad_field", "id must be a number or a string")
            return
        name = message.get("cmd")
        if not isinstance(name, str):
            error("missing_field", "missing cmd", command_id)
            return
        handler = self.handlers.get(name)
        if replayed and name == "press":
            handler = self.pressed
        if handler is None:
            error("unknown_cmd", "unknown command: " + name[:40], command_id)
            return
        try:
            reply = handler(message)
        except CommandError as problem:
            error(problem.code, problem.reason, command_id)
            return
        except Exception as problem:  # noqa: BLE001 - a bad line must never stop the device
            error("internal", "%s: %s" % (type(problem).__name__, problem), command_id)
            return
        if reply is not None:
            if command_id is not None:
                reply["id"] = command_id
            self.protocol.send_event(reply)

    # -- commands ----------------------------------------------------------------

    def cmd_hello(self, message):
        return {
            "ev": "hello",
            "protocol": PROTOCOL_VERSION,
            "firmware": VERSION,
            "board": self.protocol.board_name,
            "games": [package.ID for package in self.app.games],
        }

    def cmd_press(self, message):
        button = field(message, "button", str)
        kind = message.get("kind", "short")
        if button not in BUTTON_NAMES:
            raise CommandError("bad_field", "button must be one of " + ", ".join(BUTTON_NAMES))
        if kind not in PRESS_KINDS:
            raise CommandError("bad_field", "kind must be one of " + ", ".join(PRESS_KINDS))
        self.app.press(button, kind)
        self.app.step()
        return self.pressed(message)

    def pressed(self, message):
        """The answer to a press (after it, or in the boot a press switched to)."""
        if self.app.dirty:
            self.app.render()
        button = message["button"]
        kind = message.get("kind", "short")
        return {"ev": "pressed", "button": button, "kind": kind, "screen": self.screen_name()}

    def cmd_screen(self, message):
        canvas = self.app.canvas
        if self.app.dirty:
            self.app.render()
        return {
            "ev": "screen",
            "width": canvas.width,
            "height": canvas.height,
            "format": "ssd1306-pages",
            "hex": hex_of(canvas.buffer),
        }

    def cmd_state(self, message):
        if self.app.dirty:
            self.app.render()
        reply = {
            "ev": "state",
            "screen": self.screen_name(),
            "text": self.app.screen.text_lines(),
            "match": None,
            "legal": [],
        }
        match = self.app.session.match
        if match is not None:
            reply["match"] = match.snapshot()
            reply["legal"] = match.game.legal_actions()
        return reply

    def cmd_log(self, message):
        match = self.current_match()
        first = message.get("from", 0)
        if not isinstance(first, int) or isinstance(first, bool) or first < 0:
            raise CommandError("bad_field", "from must be a whole number >= 0")
        return {
            "ev": "log",
            "from": first,
            "moves": match.moves,
            "actions": match.actions(first, LOG_PAGE),
        }

    def cmd_new(self, message):
        game_id = field(message, "game", str)
        package = self.app.session.find(game_id)
        if package is None:
            raise CommandError("unknown_game", "no game called " + game_id[:40])
        seed = message.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise CommandError("bad_field", "seed must be a whole number >= 0")
        options = message.get("options", {})
        if not isinstance(options, dict):
            raise CommandError("bad_field", "options must be an object")
        from pawtrack.game import IllegalAction, resolve_table

        # The whole request is checked before the app is asked: starting leaves the
        # match in progress, so a refusal must come first (nothing changed).
        table = options_table(package)
        if table is not None:
            self.guarded(ValueError, "bad_option", resolve_table, table, options)
        refused = (ValueError, IllegalAction)
        match = self.guarded(refused, "bad_option", self.app.start_match, package, options, seed)
        self.app.step()
        return {
            "ev": "started",
            "game": match.game_id,
            "seed": match.seed,
            "options": match.options,
            "legal": match.game.legal_actions(),
        }

    def current_match(self):
        match = self.app.session.match
        if match is None:
            raise CommandError("no_match", "no game in progress; send new first")
        return match

    def cmd_act(self, message):
        action = field(message, "action", str)
        match = self.current_match()
        from pawtrack.game import IllegalAction

        self.guarded(IllegalAction, "illegal", self.app.session.act, action)
        self.app.step()
        return self.acted(match, action)

    def cmd_undo(self, message):
        match = self.current_match()
        from pawtrack.game import IllegalAction

        self.guarded(IllegalAction, "illegal", self.app.session.undo)
        self.app.step()
        return self.acted(match, None)

    def cmd_resume(self, message):
        game_id = message.get("game")
        if game_id is None:
            game_id = self.app.session.latest_saved()
            if game_id is None:
                raise CommandError("no_saved_game", "no saved game to resume")
        elif not isinstance(game_id, str):
            raise CommandError("bad_field", "game has the wrong type")
        elif self.app.session.find(game_id) is None:
            raise CommandError("unknown_game", "no game called " + game_id[:40])
        self.check_saved(game_id)
        match, problem = self.app.resume_match(game_id)
        if match is None:
            raise CommandError("no_saved_game", problem or "no saved game to resume")
        self.app.step()
        return self.acted(match, None)

    def check_saved(self, game_id):
        """Refuse a ``resume`` of a game with no saved match, or one whose head fails its
        checks (set aside), before the app leaves the match in progress."""
        from pawtrack.match import check_saved

        session = self.app.session
        journal = session.saves.journal(game_id)
        if not journal.exists():
            raise CommandError("no_saved_game", "no saved game to resume")
        rules, problem = check_saved(journal, session.rules_of, game_id)
        if rules is None:
            raise CommandError("no_saved_game", problem or "no saved game to resume")

    def guarded(self, expected, code, function, *args):
        """Call function; an expected refusal becomes a CommandError with code
        (``save_failed`` when the flash could not be written).

        (Written without ``raise ... from``, which MicroPython warns about on
        the console, where the protocol runs.)
        """
        from pawtrack.session import SaveFailed

        problem = None
        try:
            return function(*args)
        except expected as error:
            problem = str(error)
            if isinstance(error, SaveFailed):
                code = "save_failed"
        raise CommandError(code, problem)

    def acted(self, match, action):
        reply = {
            "ev": "done",
            "actions": match.moves,
            "over": match.is_over(),
            "legal": match.game.legal_actions(),
        }
        if action is not None:
            reply["action"] = action
        return reply

    def screen_name(self):
        return type(self.app.screen).__name__


def options_table(package):
    """A game's OPTIONS: its package's when it names them, else its rules' (loaded now,
    beside the code of the match in progress). None if the heap has no room for the
    rules then: the options are checked once the other game's code is gone, as the
    match starts."""
    table = package.hook("OPTIONS")
    if table is not None:
        return table
    try:
        return package.load_rules().OPTIONS
    except MemoryError:
        return None


def field(message, name, kind):
    """A required field of a command, of the given type."""
    if name not in message:
        raise CommandError("missing_field", "missing " + name)
    value = message[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise CommandError("bad_field", "%s has the wrong type" % name)
    return value
