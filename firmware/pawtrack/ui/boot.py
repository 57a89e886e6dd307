"""The app's boot: what this boot opens (the main menu or one game's match), its start-up
work, and the switch to another boot.

``Boot`` is one part of ``pawtrack.ui.app.App``. A device's boot holds the
main menu or one game, never both (pawtrack.hal.launcher): starting,
resuming or leaving a match is a switch (``App.switch``), which the Hal's
launcher carries out (a restart on a device, a rebuild in one process on the
host) with a launch record that says what the next boot opens. A match is
opened only in its game's boot, and only once: a second start or resume, of
any game, is a switch again, so every match begins in a boot of its own.

Starting takes two steps, so the device can show its first picture before it
loads everything else: the constructor (``App``) makes what that picture
needs, and ``finish_boot()`` does the rest: the games' optional
``on_boot(app)`` hooks (a package that does not import is dropped from the
menu), the notes for the screen, and in a game's boot the match itself,
unless a protocol line replays it (``pawtrack.protocol.Protocol.replay``).
"""

OLD_JOURNAL = "match.jnl"  # pawtrack.saves.OLD_JOURNAL: the first release's single save


class Boot:
    def start_boot(self, record):
        """This boot's screens, from the launch record (None: power-on, the main menu)."""
        self.record = record
        self.lasting = {}  # what lasts until power-off (a JSON object): see hal.launcher
        self.boot_game = None  # the id of the game this boot is for; None: the main menu
        self.unopened = False  # True until this game's boot has opened its match
        self.screens = []
        if record is not None:
            lasting = record.get("lasting")
            if isinstance(lasting, dict):
                self.lasting = lasting
            if record.get("open") in ("new", "resume") and self.find_game(record.get("game")):
                self.boot_game = record["game"]
                self.unopened = True
                return
        self.screens.append(self.make_home())

    def find_game(self, game_id):
        for entry in self.games:
            if entry.ID == game_id:
                return entry
        return None

    @property
    def session(self):
        """The match being played (made on first use: the first menu does not need it)."""
        if self._session is None:
            from pawtrack.session import Session

            self._session = Session(
                self.files, self.games, self.emit, self.mark_dirty, later=self.when_still
            )
        return self._session

    def make_lights(self):
        """The LED layer for the strip (not needed before the strip is set up)."""
        from pawtrack.ui.lights import Lights

        hal = self.hal
        board = hal.board
        self.lights = Lights(
            hal.leds.count if hal.leds is not None else board["led_count"],
            board.get("track", ()),
            board.get("status", ()),
            board.get("max_brightness", 255),
        )
        self.lights.level = self.settings.led_level()
        return self.lights

    def finish_boot(self):
        """What the first picture did not need: the games' start-up, notes, the match."""
        if self.booted:
            return
        self.booted = True
        if self.lights is None:
            self.make_lights()
        power_on = self.record is None
        notices = []
        # Problems go on the screen only if there is a screen to read them on;
        # without one, the first ok press must not be spent closing a note
        # nobody saw (the LEDs and the protocol report it instead). Once a boot.
        if power_on and getattr(self.hal.display, "working", True):
            notices.extend(self.hal.problems)
        notices.extend(self.boot_games())
        if self.boot_game is None:
            self.finish_menu(power_on, notices)
        elif not self.record.get("replay"):
            self.open_launch()
        if power_on and self.settings.notice:
            notices.append(self.settings.notice)
        self.dirty = True
        if notices:
            self.message("\n".join(notices), title="Note")

    def finish_menu(self, power_on, notices):
        if power_on and self.files.exists(OLD_JOURNAL):  # only then is the save code needed
            saves_notice = self.session.saves.prepare()
            if saves_notice:
                notices.append(saves_notice)
        home = self.screens[0]
        refresh = getattr(home, "refresh", None)
        if refresh is not None:
            notice = refresh(saves=False)  # the Resume rows were read for the first picture
            home.selected = 0  # at power-up: the most recent saved match, or the first game
            item = self.record.get("menu") if self.record is not None else None
            if isinstance(item, list) and len(item) == 2 and hasattr(home, "index_of"):
                entry = self.find_game(item[1])
                if entry is not None or item[1] is None:  # back where the player left it
                    home.selected = home.index_of((item[0], entry, None))
            if notice:
                notices.append(notice)

    def boot_games(self):
        """Run the ``on_boot(app)`` of each game this boot shows (all of them at the menu,
        the one in a game's boot); their notices.

        Looking the hook up imports the game's package: a game whose package
        does not import is dropped from the menu (and named on the console)."""
        notices = []
        kept = []
        for entry in self.games:
            if self.boot_game is not None and entry.ID != self.boot_game:
                kept.append(entry)
                continue
            try:
                hook = entry.hook("on_boot")
            except Exception as error:  # noqa: BLE001 - one broken game must not hide the rest
                print("pawtrack: game %s not loaded: %r" % (entry.ID, error))
                continue
            kept.append(entry)
            try:
                notice = hook(self) if hook is not None else None
            except Exception as error:  # noqa: BLE001 - one game must not stop the device
                notice = "%s: start-up failed: %s" % (entry.NAME, error)
            if notice:
                notices.append(notice)
        self.games = kept
        if self._session is not None:
            self._session.games = kept
        return notices

    # -- matches and switches --------------------------------------------------

    def opens_here(self, game_id):
        """True if a match of ``game_id`` opens in this boot (its game's, not yet opened)."""
        if self.unopened and self.boot_game == game_id:
            self.unopened = False
            return True
        return False

    def open_launch(self):
        """Open what the launch record asks for, in a game's boot (a refusal is shown,
        and leaving it goes to the main menu)."""
        record = self.record
        if record["open"] == "new":
            options = record.get("options")
            try:
                self.start_match(
                    self.find_game(self.boot_game),
                    options if isinstance(options, dict) else {},
                    record.get("seed"),
                    record.get("remember") is True,
                )
            except Exception as error:  # noqa: BLE001 - refused (bad options, flash), or a bug
                print("pawtrack: %s did not start: %r" % (self.boot_game, error))
                self.nothing_opened("Cannot start: %s" % error)
        else:
            self.resume_match(self.boot_game)

    def nothing_opened(self, problem):
        """A game's boot whose match did not open: the reason, alone on the screen."""
        if not self.screens:
            self.message(problem, title="Saved game")

    def start_match(self, package, options, seed=None, remember=False):
        """A new match of a game, shown on its table screen (ValueError: bad options).
        ``remember``: the options become the game's remembered ones (the options
        screen's Start), written once the table is on the screen.

        Outside that game's fresh boot the options are checked here, then the
        app switches to the game's boot, which starts the match."""
        if seed is None:
            seed = self.hal.new_seed()
        if not self.opens_here(package.ID):
            from pawtrack.game import resolve_options
            from pawtrack.rng import Rng

            rules = package.load_rules()
            rules(resolve_options(rules, options), Rng(seed))  # refused here, not after it
            record = {"open": "new", "game": package.ID, "options": options, "seed": seed}
            if remember:
                record["remember"] = True
            self.switch(record)
            return self.start_match(package, options, seed, remember)  # one process: here
        if remember:
            self.settings.remember_game_options(package.ID, options)
            self.when_still(self.save_remembered)
        try:
            match = self.session.start(package, options, seed, shown=self.show_at_once)
        except Exception as error:  # noqa: BLE001 - shown, then raised again for the caller
            self.screens[:] = []
            self.nothing_opened("Cannot start: %s" % error)
            raise
        return match

    def show_at_once(self):
        """The new match's table on the panel now, before its journal is written (the
        write takes tens of milliseconds on the Pico's flash)."""
        self.show_match()
        self.render()

    def resume_match(self, game_id):
        """(match or None, message or None): a saved match, replayed with a progress bar."""
        if not self.opens_here(game_id):
            if not self.session.saves.journal(game_id).exists():
                return None, None
            self.switch({"open": "resume", "game": game_id})
            return self.resume_match(game_id)  # in one process: now here
        bar = []

        def progress(done, total):
            # The bar's code loads only for a replay long enough to call it (not from a
            # checkpoint, mostly): a game's boot holds no more than it uses.
            if not bar:
                from pawtrack.ui.progress import Progress

                bar.append(Progress(self, "Loading"))
            bar[0].update(done, total)

        match, message = self.session.resume(game_id, progress)
        if match is not None:
            self.show_match()
            if message:  # resumed from what could be trusted of a damaged save
                self.message(message, title="Saved game")
        else:
            self.nothing_opened(message or "Nothing to resume.")
        return match, message

    def switch(self, record):
        """Leave this boot for the one ``record`` opens (pawtrack.hal.launcher). In one
        process it returns with the new boot in place; on a device it never returns."""
        record["lasting"] = self.lasting
        if self.boot_game is None:
            keep = getattr(self.screens[0], "before_switch", None)
            if keep is not None:
                keep(record)  # the menu's highlight; the Dice & bag tool's bags
        elif self.record is not None and "menu" in self.record:
            record["menu"] = self.record["menu"]
        self.hal.launcher.switch(self, record)

    def reboot(self, record):
        """In one process (the host): become the boot ``record`` opens, as a device's new
        boot would (the listeners, the protocol's, stay)."""
        from pawtrack.settings import Settings

        self._session = None
        self.games = list(self.all_games)
        self.settings = Settings.load(self.files)
        self.apply_settings()
        self.still_jobs = []
        self.idle_due = False
        self.moved_at = None
        self.booted = False
        self.start_boot(record)
        if record is not None and self.boot_game is not None:
            record["replay"] = True  # the caller goes on with the start or resume itself
        self.finish_boot()

    # -- output --------------------------------------------------------------

    def emit(self, event):
        for listener in self.listeners:
            listener(event)

    def apply_settings(self):
        if self.lights is not None:
            self.lights.level = self.settings.led_level()
        self.dirty = True

    def save_remembered(self):
        try:
            self.save_settings()
        except OSError:
            pass  # the options are a convenience; the game goes on anyway

    def save_settings(self):
        self.settings.save(self.files)
        self.apply_settings()
