"""The bench's figures as Markdown tables, the goals they are held to, and docs/performance.md.

``summarise(data)`` turns the raw results (host_tools.bench collects them)
into the numbers the tables show; ``markdown(data)`` writes the generated
section; ``write_section(path, text)`` replaces what is between the markers
``<!-- bench:start -->`` and ``<!-- bench:end -->`` in docs/performance.md (and
only that), so the figures there are always the last run's.

The goals are checked against the presses measured with flash operations
taking their modelled time ("flash" runs): that is the wait a player has;
the "noflash" runs, where flash takes no emulated time (as on the harness
the goals were first written for), are shown beside them.
"""

from host_tools.bench.stats import summary

START = "<!-- bench:start -->"
END = "<!-- bench:end -->"
BUILD_ORDER = ("mpy", "uf2")
KIB = 1024.0


# -- summaries ------------------------------------------------------------------------------


def presses_of(build, mode, script=None):
    """The press rows of a build's runs in ``mode`` (one script or all)."""
    rows = []
    for name, runs in build.get("scripts", {}).items():
        if script is not None and name != script:
            continue
        rows.extend(runs.get(mode, {}).get("presses", []))
    return rows


def latency(rows, long=False, switches=None):
    """Summaries of the presses (short ones, or long ones) the screen took and answered with
    something new on the panel (on the simulator; a press that changes nothing there has no
    answer to wait for on the device either, and its "first change" would be a later one).
    ``switches``: None for the presses within a boot; "open" for those that opened a match
    (Start, Resume), "leave" for those that went back to the menu (from a table or from a
    game's options page), each through a restart."""
    chosen = [
        r
        for r in rows
        if r["long"] == long
        and r.get("taken", True)
        and r.get("visible", True)
        and r.get("switch") == switches
    ]
    first = [r["first_change_ms"] for r in chosen if r["first_change_ms"] is not None]
    done = [r["complete_ms"] for r in chosen if r["complete_ms"] is not None]
    shown = [r.get("feedback_ms") for r in chosen if r.get("feedback_ms") is not None]
    leds = [r["led_ms"] for r in chosen if r["led_ms"] is not None]
    sent = [r["bytes"] for r in chosen]
    return {
        "presses": len(chosen),
        "unanswered": sum(1 for r in chosen if r["complete_ms"] is None),
        "first_change": summary(first),
        "complete": summary(done),
        "feedback": summary(shown),
        "acked": sum(1 for r in chosen if r.get("acked")),
        "led": summary(leds),
        "bytes": {
            "mean": sum(sent) / len(sent) if sent else None,
            "max": max(sent) if sent else None,
        },
    }


def heap_readings(build):
    """(script, reading) for every heap reading of a build, the probe's own bytes taken off."""
    found = []
    for name, runs in build.get("scripts", {}).items():
        for reading in runs.get("noflash", {}).get("heap", []):
            if "used" in reading:
                found.append((name, dict(reading, used=reading["used"] - reading["probe"])))
    return found


def heap_summary(build):
    readings = heap_readings(build)
    menu = [r["used"] for name, r in readings if r["word"] == -1]
    games = {}
    for _name, r in readings:
        if r["game"] and r["screen"] not in ("HomeScreen", "GameSetupScreen"):
            games.setdefault(r["game"], []).append(r)
    after_games = []
    for name, runs in build.get("scripts", {}).items():
        heap = [r for r in runs.get("noflash", {}).get("heap", []) if "used" in r]
        if heap and heap[-1]["screen"] == "HomeScreen" and name != "menus":
            after_games.append(heap[-1]["used"] - heap[-1]["probe"])
    return {
        "menu": max(menu) if menu else None,
        "games": {
            game: {
                "max": max(r["used"] for r in rows),
                "last": rows[-1]["used"],
                "min_free_block": min(r["max_free"] for r in rows),
            }
            for game, rows in games.items()
        },
        "menu_after_games": max(after_games) if after_games else None,
        "peak": max((r["used"] for _, r in readings), default=None),
        "min_free_block": min((r["max_free"] for _, r in readings), default=None),
        "stack_max": max((r["stack"] or 0 for _, r in readings), default=None),
        "readings": len(readings),
    }


def used_of(reading):
    if not reading or "used" not in reading:
        return None
    return reading["used"] - reading.get("probe", 0)


# -- formatting -----------------------------------------------------------------------------


def ms(value, digits=0):
    if value is None:
        return "-"
    return ("%." + str(digits) + "f") % value


def kib(value):
    return "-" if value is None else "%.1f KiB" % (value / KIB)


def triple(stats):
    return "%s / %s / %s" % (ms(stats["p50"], 1), ms(stats["p95"], 1), ms(stats["max"], 1))


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        lines.append("| " + " | ".join(str(cell) for cell in row) + " |")
    return "\n".join(lines)


# -- the goals --------------------------------------------------------------------------------


# Per build: boot to the menu, a Start or Resume press to the game's table, an undo, the
# resume of a 5,000-action match (ms, emulated), from issues 25 and 28.
LIMITS = {
    "mpy": {"boot": 300, "open": 400, "undo": 250, "resume_5000": 800},
    "uf2": {"boot": 250, "open": 250, "undo": 150, "resume_5000": 500},
}
OPEN_FEEDBACK_MS = 20
LARGEST_FREE_KIB = 48


def curve_of(build):
    """{match length: its undo and resume run} (the lengths are text once read from JSON)."""
    return {int(size): run for size, run in (build.get("curve") or {}).items()}


def smallest_free_block(build):
    """The smallest largest-free-block reading anywhere in a build's runs (bytes), or None."""
    found = [r["max_free"] for _, r in heap_readings(build) if "max_free" in r]
    found.extend((build.get("soak") or {}).get("largest_free", {}).values())
    for run in curve_of(build).values():
        for reading in list(run.get("heap_during") or []) + [run.get("heap_after")]:
            if reading and "max_free" in reading:
                found.append(reading["max_free"])
    return min(found) if found else None


def goal_rows(data):
    """[(goal, {build: (value text, met True/False/None)})] for every build measured."""
    builds = data["device"].get("builds", {})
    rows = []

    def each(check):
        return {key: check(key, build) for key, build in builds.items()}

    def irq(_key, build):
        errors = [p for p in build["problems"] if "IRQ" in p]
        edges = build.get("edges", 0)
        return (
            "%d button edges (hard IRQ handler runs), %d errors in an IRQ handler"
            % (edges, len(errors)),
            edges > 0 and not errors,
        )

    rows.append(("no allocation in any hard IRQ handler", each(irq)))

    def soaked(_key, build):
        soak = build.get("soak")
        if not soak:
            return ("not run", False)
        bad = len(soak["bad_answers"]) + len(soak["lost_actions"]) + len(soak["problems"])
        return (
            "%d MemoryError in %d matches, %d switches; %d other problems"
            % (soak["memory_errors"], soak["matches"], soak["switches"], bad),
            soak["memory_errors"] == 0 and soak["matches"] >= 50 and not bad,
        )

    rows.append(("the soak: 0 MemoryError in 50 matches or more", each(soaked)))

    def free_block(_key, build):
        value = smallest_free_block(build)
        return (kib(value), value is not None and value >= LARGEST_FREE_KIB * KIB)

    rows.append(("largest free block after a collection >= 48 KiB, everywhere",
                 each(free_block)))  # fmt: skip

    def boot(_key, build):
        value = build["boot"].get("empty", {}).get("menu_ms")
        limit = LIMITS[_key]["boot"]
        return ("%s ms (goal %d)" % (ms(value), limit), value is not None and value <= limit)

    rows.append(("boot to the menu, nothing saved", each(boot)))

    def opening(field, limit_of):
        def check(key, build):
            value = latency(presses_of(build, "flash"), switches="open")[field]["max"]
            limit = limit_of(key)
            return ("%s ms (goal %d)" % (ms(value, 1), limit), value is not None and value <= limit)

        return check

    rows.append(("a Start press: its feedback, max",
                 each(opening("feedback", lambda key: OPEN_FEEDBACK_MS))))  # fmt: skip
    rows.append(("a Start press: the game's table (the switch included), max",
                 each(opening("complete", lambda key: LIMITS[key]["open"]))))  # fmt: skip

    def press(field, which, limit):
        def check(_key, build):
            value = latency(presses_of(build, "flash"))[field][which]
            return ("%s ms" % ms(value, 1), value is not None and value <= limit)

        return check

    rows.append(("other presses: release to the first changed OLED byte, p95 <= 20 ms",
                 each(press("first_change", "p95", 20))))  # fmt: skip
    rows.append(("other presses: release to the update complete, p95 <= 50 ms",
                 each(press("complete", "p95", 50))))  # fmt: skip
    rows.append(("other presses: release to the update complete, max <= 150 ms",
                 each(press("complete", "max", 150))))  # fmt: skip

    def curve(size, field, limit_key):
        def check(key, build):
            run = curve_of(build).get(size) or {}
            value = run.get(field)
            limit = LIMITS[key][limit_key]
            return ("%s ms (goal %d)" % (ms(value), limit), value is not None and value <= limit)

        return check

    for size in (1000, 10000):
        rows.append(("an undo (long back) after a %s-action match" % format(size, ","),
                     each(curve(size, "undo_ms", "undo"))))  # fmt: skip
    rows.append(("Resume of a 5,000-action match to the game's table",
                 each(curve(5000, "resumed_ms", "resume_5000"))))  # fmt: skip
    rows.append(("boot to the menu with a 5,000-action match saved",
                 each(curve(5000, "boot_menu_ms", "boot"))))  # fmt: skip

    match = data["device"].get("match")
    if match:
        per_action = match["flash_ms"] / max(match["accepted"], 1)
        rows.append(
            (
                "modelled flash time per accepted action <= 10 ms (1,000-action match)",
                {match["build"]: ("%.1f ms" % per_action, per_action <= 10)},
            )
        )

    def no_memory_error(_key, build):
        bad = [p for p in build["problems"] if "MemoryError" in p]
        return ("%d MemoryError" % len(bad), not bad)

    rows.append(("no MemoryError anywhere in the bench", each(no_memory_error)))
    return rows


def curve_section(builds, keys, labels):
    """Undo and resume against the match's length: the cost must stay flat."""
    sizes = sorted({size for key in keys for size in curve_of(builds[key])})
    if not sizes:
        return ""
    rows = []
    for size in sizes:
        row = [format(size, ",")]
        for key in keys:
            run = curve_of(builds[key]).get(size) or {}
            row.append(
                "%s / %s / %s"
                % (ms(run.get("boot_menu_ms")), ms(run.get("resumed_ms")), ms(run.get("undo_ms")))
            )
        rows.append(row)
    return (
        "\n### Undo and resume against the match's length (emulated ms)\n\n"
        "A saved Cat & Mouse match of that many actions (made on the host by the firmware's"
        " own code): boot to the menu with it saved / OK on its Resume row to the game's"
        " table / then a long back (undo) to the undone table.\n\n"
        + table(["actions"] + ["%s: boot / resume / undo" % labels[k] for k in keys], rows)
    )


def switch_section(builds, keys, labels):
    """The presses that switch boots: into a match and back to the menu."""
    rows = []
    for kind, name in (
        ("open", "Start or Resume (into a match)"),
        ("leave", "back to the menu (from a table or a game's options)"),
    ):
        row = [name]
        for key in keys:
            stats = latency(presses_of(builds[key], "flash"), switches=kind)
            row.append(
                "%d: %s / %s"
                % (stats["presses"], triple(stats["feedback"]), triple(stats["complete"]))
            )
        rows.append(row)
    return (
        "\n### Switches between boots (emulated ms, p50 / p95 / max)\n\n"
        "Every match runs in a boot of its own (a restart, docs/design.md), and leaving a"
        " game's options page for the menu is a restart too: the presses of the scripts"
        " that opened a match or went back to the menu, their feedback and then the new"
        " boot's picture.\n\n"
        + table(["press"] + ["%s: presses: feedback / table" % labels[k] for k in keys], rows)
    )


def soak_section(builds, keys, labels):
    rows = []
    for key in keys:
        soak = builds[key].get("soak")
        if not soak:
            continue
        lowest = soak["largest_free"]
        rows.append(
            [
                labels[key],
                "%d (%d started, %d resumed)" % (soak["matches"], soak["starts"], soak["resumes"]),
                "%d / %d" % (soak["actions"], soak["undos"]),
                "%d / %d" % (soak["cuts_in_match"], soak["cuts_in_switch"]),
                soak["switches"],
                soak["memory_errors"],
                len(soak["bad_answers"]) + len(soak["lost_actions"]),
                ", ".join("%s %s" % (g, kib(v)) for g, v in sorted(lowest.items())),
            ]
        )
    if not rows:
        return ""
    return (
        "\n### The soak (host_tools/bench/soak.py)\n\n"
        + table(
            [
                "build",
                "matches",
                "actions / undos",
                "power cuts in a match / in a switch",
                "boots",
                "MemoryError",
                "other problems",
                "smallest largest free block (after a collection)",
            ],
            rows,
        )  # fmt: skip
    )


def feedback_note(builds, keys, labels):
    """The press goals read the other way: to the end of the first update that showed the
    press (the issue asks that "the first frame of feedback" not wait), beside the answer."""
    parts = []
    for key in keys:
        shown = latency(presses_of(builds[key], "flash"))["feedback"]
        parts.append("%s %s / %s ms" % (labels[key], ms(shown["p95"], 1), ms(shown["max"], 1)))
    return (
        '\nThe "update complete" above is the end of the update that shows the press\'s'
        " answer, the stricter reading. Read as the end of the first update that showed the"
        " press (for a control the press acts on, the control flipped at once: the first frame"
        " of feedback), p95 / max are: %s." % "; ".join(parts)
    )


def verdict(met):
    return "met" if met else "NOT met"


# -- the section ------------------------------------------------------------------------------


def markdown(data):
    out = []
    machine = data["machine"]
    out.append(
        "Measured by `make bench` on %s (%s, %d cores, %s), %s, in %.0f s. Firmware %s; "
        "MicroPython %s; rp2040js %s; Node %s; Python %s."
        % (
            machine["cpu"],
            machine["uname"],
            machine["cores"],
            machine["load"],
            data["date"],
            data["wall_s"],
            data["versions"]["firmware"],
            data["versions"]["micropython"],
            data["versions"]["rp2040js"],
            data["versions"]["node"],
            data["versions"]["python"],
        )
    )
    device = data["device"]
    builds = device.get("builds", {})
    labels = {key: builds[key]["label"] for key in BUILD_ORDER if key in builds}
    if device.get("skipped"):
        out.append("\n**No device figures**: %s" % device["skipped"])
    if data["uf2"].get("skipped"):
        out.append("\n**No UF2 column**: %s" % data["uf2"]["skipped"])

    if builds:
        out.append("\n### Goals\n")
        keys = [k for k in BUILD_ORDER if k in builds]
        header = ["goal"] + [labels[k] for k in keys]
        rows = []
        for goal, cells in goal_rows(data):
            row = [goal]
            for key in keys:
                if key in cells:
                    text, met = cells[key]
                    row.append("%s: **%s**" % (text, verdict(met)))
                else:
                    row.append("")
            rows.append(row)
        out.append(table(header, rows))
        out.append(
            "\nThe press goals are checked against the runs where flash operations take their"
            " modelled time (what a player waits for); the same presses with flash taking no"
            " time are in the tables below."
        )
        out.append(feedback_note(builds, keys, labels))
        out.append(boot_section(builds, keys, labels))
        out.append(switch_section(builds, keys, labels))
        out.append(curve_section(builds, keys, labels))
        out.append(soak_section(builds, keys, labels))
        out.append(press_section(builds, keys, labels))
        out.append(heap_section(builds, keys, labels, device))
        out.append(flash_section(device))
        out.append(idle_section(builds, keys, labels, device))
        out.append(slowest_section(builds, keys, labels))
        problems = [(k, p) for k in keys for p in builds[k]["problems"]]
        if problems:
            out.append("\n### Problems the board reported\n")
            out.extend("- %s: `%s`" % (labels[k], p) for k, p in problems[:20])
    out.append(uf2_section(data["uf2"]))
    out.append(host_section(data["host"]))
    return "\n".join(out) + "\n"


def boot_section(builds, keys, labels):
    cases = (
        ("first_power_on", "first power-on of the UF2 (formats the filesystem)"),
        ("empty", "nothing saved"),
        ("journal_1000", "a 1,000-action match saved"),
        ("journal_5000", "a 5,000-action match saved"),
    )
    rows = []
    for case, title in cases:
        for key in keys:
            figures = builds[key]["boot"].get(case)
            if figures:
                rows.append(
                    [
                        title,
                        labels[key],
                        ms(figures["first_picture_ms"]),
                        ms(figures["menu_ms"]),
                        ms(figures["quiet_ms"]),
                    ]
                )
    return (
        "\n### Boot (emulated ms from power-on)\n\n"
        + table(["flash holds", "build", "first picture", "main menu", "quiet"], rows)
        + "\n\n*Main menu*: the panel shows the menu the simulator draws for the same flash"
        " (with its Resume row when a match is saved). *Quiet*: nothing written to the"
        " panel, strip or flash for 300 ms."
    )


def press_section(builds, keys, labels):
    rows = []
    for key in keys:
        build = builds[key]
        for mode, title in (("flash", "flash timed"), ("noflash", "flash free")):
            names = list(build["scripts"])
            for name in names + [None]:
                stats = latency(presses_of(build, mode, name))
                if not stats["presses"]:
                    continue
                rows.append(
                    [
                        labels[key],
                        title,
                        name or "**all**",
                        stats["presses"],
                        triple(stats["first_change"]),
                        triple(stats["feedback"]),
                        triple(stats["complete"]),
                        "%s / %s" % (ms(stats["bytes"]["mean"]), ms(stats["bytes"]["max"])),
                        "%s / %s (%d)"
                        % (
                            ms(stats["led"]["p50"], 1),
                            ms(stats["led"]["max"], 1),
                            stats["led"]["n"],
                        ),  # fmt: skip
                    ]
                )
    long_rows = []
    for key in keys:
        stats = latency(presses_of(builds[key], "flash"), long=True)
        if stats["presses"]:
            long_rows.append(
                [
                    labels[key],
                    stats["presses"],
                    triple(stats["first_change"]),
                    triple(stats["complete"]),
                ]  # fmt: skip
            )
    text = (
        "\n### Presses (emulated ms, p50 / p95 / max)\n\n"
        + table(
            [
                "build",
                "flash",
                "script",
                "presses",
                "release to first changed byte",
                "release to the press shown",
                "release to the answer complete",
                "I2C bytes mean / max",
                "release to LEDs (n)",
            ],
            rows,
        )  # fmt: skip
        + "\n\nShort presses (held 80 ms) the screen acted on, from the release. *Flash timed*: "
        "erases and programs take their modelled time on the emulated clock (45 ms a 4 KiB "
        "sector, 0.6 ms a 256-byte page); *flash free*: they take none, and the same run "
        "reads the heap after every press (a `gc.collect()` each time), so it has no "
        "automatic collection in it either. Presses that show nothing new on the simulator "
        "either (a right on a row of one choice) are left out. *The press shown*: the end of "
        "the first panel update that changed a byte (for a control the press acts on, the "
        "control flipped at once, before the work). *The answer complete*: the end of the "
        "update that shows the press's result (the same update when nothing was flipped "
        'first); the goals\' "update complete" is this one. I2C bytes: everything sent to the '
        "panel between the release and the next press."
    )
    if long_rows:
        text += (
            "\n\nLong presses (undo, the tile list, leaving the button test), from the moment"
            " the press becomes long (500 ms held), flash timed:\n\n"
            + table(
                ["build", "presses", "to first changed byte", "to update complete"], long_rows
            )  # fmt: skip
        )
    return text


def heap_section(builds, keys, labels, device):
    rows = []
    games = []
    for key in keys:
        for game in heap_summary(builds[key])["games"]:
            if game not in games:
                games.append(game)
    for key in keys:
        heap = heap_summary(builds[key])
        resume = builds[key].get("resume") or {}
        during = [used_of(x) for x in resume.get("heap_during", [])]
        during = [u for u in during if u is not None]
        after = resume.get("heap_after") or {}
        row = [labels[key], kib(heap["menu"])]
        row += [kib(heap["games"][g]["max"]) if g in heap["games"] else "-" for g in games]
        row += [
            kib(heap["menu_after_games"]),
            kib(heap["peak"]),
            kib(heap["min_free_block"]),
            "%s / %s / %s"
            % (
                kib(max(during) if during else None),
                kib(used_of(after)),
                kib(after.get("max_free")),
            ),  # fmt: skip
        ]
        rows.append(row)
    header = (
        ["build", "menu after boot"]
        + ["in %s (max)" % g for g in games]
        + [
            "menu after a game",
            "peak",
            "smallest largest free block",
            "5,000-action resume: during (max) / after / largest free block",
        ]  # fmt: skip
    )
    total = None
    probe_bytes = set()
    for key in keys:
        for _name, r in heap_readings(builds[key]):
            total = r["total"]
            probe_bytes.add(r["probe"])
    return (
        "\n### Heap after `gc.collect()`\n\n"
        + table(header, rows)
        + "\n\nRead by the bench's probe while the firmware runs (a soft interrupt on a spare"
        " pin: `gc.collect()`, then `micropython.mem_info()`), after every press of every"
        " script; the probe's own %s bytes are taken off. The heap is %s. *In a game*: the"
        " readings while that game's table is on the screen."
        % (" or ".join(str(b) for b in sorted(probe_bytes)) or "-", kib(total))
    )


def flash_section(device):
    match = device.get("match")
    if not match:
        return ""
    actions = max(match["accepted"], 1)
    rows = [
        ["actions", "%d" % match["accepted"]],
        ["the match equals the host's", "yes" if match["same_match"] else "NO"],
        ["erases (4 KiB sectors)", "%d (%.2f per action)" % (match["erases"],
                                                               match["erases"] / actions)],
        ["programs (256-byte pages)", "%d, %d pages (%.2f pages per action)"
         % (match["programs"], match["program_pages"], match["program_pages"] / actions)],
        ["modelled flash time", "%.0f ms: **%.1f ms per action**"
         % (match["flash_ms"], match["flash_ms"] / actions)],
        ["emulated time per action (rules and journal, nothing drawn)",
         "%.1f ms" % (1000 * match["emulated_s"] / actions)],
        ["then one undo (the match replayed from its journal)",
         "%.0f ms, %d flash operations" % (match["undo_ms"], match["undo_flash_ops"])],
    ]  # fmt: skip
    return (
        "\n### Flash over a 1,000-action match (%s)\n\n" % match["label"]
        + table(["", ""], rows)
        + "\n\nA Cat & Mouse match the host played with the firmware's own code (random legal"
        " actions that do not end it), played again on the board by the firmware's `Session`"
        " (what the protocol's `act` and the game screens call) from the raw REPL, so the"
        " screen is not redrawn after each action; the flash operations of an action are the"
        " journal's and LittleFS's, the same whatever is on the screen and in both builds, so"
        " the match is played on one."
    )


def idle_section(builds, keys, labels, device):
    rows = []
    for key in keys:
        idle = builds[key].get("idle") or {}
        rows.append(
            [
                labels[key],
                "%.1f M" % (idle.get("instructions_per_s", 0) / 1e6),
                "%s us" % ms(idle.get("pass_us")),
                "%s bytes" % ms(idle.get("pass_bytes")),
            ]
        )
    emulator = device.get("emulator", {})
    speed = ""
    if emulator.get("wall_s"):
        speed = (
            "\n\nThe emulator ran %.0f M instructions (%.0f s of emulated time) in %.0f s of"
            " worker time: %.1f M instructions per second."
            % (
                emulator["instructions"] / 1e6,
                emulator["emulated_s"],
                emulator["wall_s"],
                emulator["instructions"] / emulator["wall_s"] / 1e6,
            )
        )
    return (
        "\n### The loop when nothing happens\n\n"
        + table(
            ["build", "instructions per emulated second", "one pass", "allocated per pass"], rows
        )  # fmt: skip
        + "\n\nOne pass is `app.step()` and the device's `loop()` (buttons, screen tick, serial,"
        " watchdog, board LED), timed over 200 passes with the garbage collector off; the"
        " loop then sleeps 5 ms. The emulator's wall time follows the instructions run,"
        " so this is also what an idle second costs a test." + speed
    )


def slowest_section(builds, keys, labels):
    rows = []
    for key in keys:
        presses = []
        for name, runs in builds[key]["scripts"].items():
            for i, p in enumerate(runs.get("flash", {}).get("presses", [])):
                if p["complete_ms"] is not None and not p["long"] and p.get("visible", True):
                    presses.append((p["complete_ms"], name, i + 1, p))
        presses.sort(key=lambda item: -item[0])
        for complete, name, index, p in presses[:5]:
            rows.append(
                [
                    labels[key],
                    "%s #%d %s" % (name, index, p["name"]),
                    p["screen"],
                    ms(p["first_change_ms"], 1),
                    ms(complete, 1),
                    "%d ops, %.1f ms" % (p["flash_ops"], p["flash_ms"]),
                ]
            )
    return "\n### The slowest presses (flash timed)\n\n" + table(
        ["build", "script, press", "screen after", "first byte", "complete", "flash"], rows
    )


def uf2_section(uf2):
    if uf2.get("skipped"):
        return ""
    return (
        "\n### The UF2 (`make uf2`)\n\n"
        + table(
            ["file", "size", "program", "flash left before the filesystem", "filesystem"],
            [
                [
                    uf2["name"],
                    "%d bytes" % uf2["bytes"],
                    uf2.get("program", "-"),
                    uf2.get("spare", "-"),
                    uf2.get("filesystem", "-"),
                ]
            ],
        )  # fmt: skip
    )


def host_section(host):
    mpy = host["mpy"]
    rows = [[path, "%d bytes" % size] for path, size in mpy["largest"]]
    games = [
        [g["name"], "%.0f" % g["games_per_s"], "%.0f" % g["actions_per_game"]]
        for g in host["games"]
    ]
    return (
        "\n### Host figures (not the Pico's)\n\n"
        "`make flash` copies %d files, %d bytes: %d `.mpy` files of %d bytes, the largest:\n\n"
        % (mpy["files"], mpy["total"], mpy["mpy_files"], mpy["mpy_total"])
        + table(["file", "size"], rows)
        + "\n\nEach game's rules on CPython %s, random legal actions, default options:\n\n"
        % host.get("python", "")
        + table(["game", "games per second", "actions per game"], games)
    )


def write_section(path, text):
    """Replace the generated section of ``path`` (between the markers) with ``text``;
    the markers are appended if the file has none."""
    with open(path, encoding="utf-8") as f:
        doc = f.read()
    block = START + "\n" + text.rstrip() + "\n" + END
    if START in doc and END in doc:
        head = doc[: doc.index(START)]
        tail = doc[doc.index(END) + len(END) :]
        doc = head + block + tail
    else:
        doc = doc.rstrip() + "\n\n" + block + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(doc)
