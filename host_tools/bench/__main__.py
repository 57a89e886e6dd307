"""make bench: the device on the emulated Pico and a few host figures, into docs/performance.md.

    python -m host_tools.bench [--no-write] [--jobs 2] [--only KIND]

``--only curve`` (or soak, match, script, boot, idle, circuitpython) makes only that kind of
emulator run again and takes everything else from the last whole run
(build/bench/results.json), then writes the tables as usual.

1. Host figures (labelled as such): the size of the files ``make flash``
   copies, games per second of each game's rules on CPython.
2. The pawtrack UF2 (``make uf2``, seconds with a warm cache); without the ARM
   toolchain or the MicroPython source its column is skipped with the reason.
3. Saved matches of 1,000 and 5,000 actions made on the host by the
   firmware's own code (kept in build/bench/ until the firmware changes).
4. The device figures (host_tools/bench/device.py) for both builds, one
   emulator run per measurement, two at a time; each prints a line when done.
   Then the stock CircuitPython 10.2.1 on the emulated Pico with what
   ``make flash RUNTIME=circuitpython`` copies (host_tools/circuitpython/
   emu_bench.py), or the reason it was skipped.
5. The tables, printed and written between the markers of
   docs/performance.md (``--no-write`` leaves the file alone), with the
   machine, the date and the versions.

Every device figure is emulated time (cycle-counted, so the same on a busy
host); the wall time only decides how long the bench takes (under ten
minutes on a 2-core machine).
"""

import argparse
import concurrent.futures
import datetime
import hashlib
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORK = os.path.join(ROOT, "build", "bench")
DOC = os.path.join(ROOT, "docs", "performance.md")
MATCH_GAME = "chop"
MATCH_SEED = 3


def say(text):
    print(text, flush=True)


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    uname = platform.uname()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    return {
        "cpu": cpu,
        "uname": "%s %s %s" % (uname.system, uname.release, uname.machine),
        "cores": os.cpu_count() or 0,
        "load": "load average %.1f at the start" % load,
    }


def versions():
    from host_tools.emu.firmware import FIRMWARE_VERSION, RP2040JS
    from pawtrack import VERSION

    try:
        with open(RP2040JS, encoding="utf-8") as f:
            rp2040js = json.load(f)["version"]
    except OSError:
        rp2040js = "-"
    try:
        node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        node = "-"
    return {
        "firmware": VERSION,
        "micropython": FIRMWARE_VERSION.replace("MicroPython ", ""),
        "rp2040js": rp2040js,
        "node": node or "-",
        "python": platform.python_version(),
    }


def host_figures():
    from host_tools.bench import host

    say("\n## Host figures (CPython on this machine, not the Pico)")
    sizes = host.mpy_sizes()
    say(
        "make flash copies %d files, %d bytes (%d .mpy files, %d bytes); largest: %s"
        % (sizes["files"], sizes["total"], sizes["mpy_files"], sizes["mpy_total"],
           ", ".join("%s %d" % (os.path.basename(p), n) for p, n in sizes["largest"][:3]))
    )  # fmt: skip
    rows = host.games_per_second()
    for row in rows:
        say(
            "%-12s %6.0f games/s on CPython, %.0f actions a game (random legal play)"
            % (row["name"], row["games_per_s"], row["actions_per_game"])
        )
    return {"mpy": sizes, "games": rows, "python": platform.python_version()}


def prepare_uf2():
    """{"path", ...} of the pawtrack UF2, built like `make uf2`, or {"skipped": reason}."""
    from host_tools import mp_source, uf2_build
    from host_tools.boards import BoardError

    say("\n## The pawtrack UF2 (make uf2)")
    try:
        built = uf2_build.build(["pico"], allow_clone=False, say=lambda t: say("  " + t))[0]
    except (BoardError, uf2_build.BuildError, mp_source.SourceError) as error:
        reason = "the UF2 could not be built here (%s)" % error
        say("  skipped: " + reason)
        return {"skipped": reason}
    info = {"path": built.path, "name": os.path.basename(built.path), "bytes": built.image.size}
    layout = uf2_build.flash_layout(built)
    if layout:
        # "uf2: N pawtrack modules frozen; program P KiB, S KiB to spare before the F KiB ..."
        words = layout.split()
        try:
            info["program"] = "%s KiB" % words[words.index("program") + 1]
            info["spare"] = "%s KiB" % words[words.index("spare") - 3]
            info["filesystem"] = "%s KiB" % words[words.index("filesystem") - 2]
        except (ValueError, IndexError):
            pass
    return info


def firmware_digest():
    """A hash of the firmware sources and of the match maker: the saved matches are
    made again when either changes."""
    digest = hashlib.sha256()
    folders = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tools", "emu")]
    for folder in folders:
        for top, dirs, names in sorted(os.walk(folder)):
            dirs.sort()
            for name in sorted(names):
                if name.endswith(".py"):
                    path = os.path.join(top, name)
                    digest.update(os.path.relpath(path, ROOT).encode())
                    with open(path, "rb") as f:
                        digest.update(f.read())
    return digest.hexdigest()[:16]


def make_matches(work):
    """The saved 1,000- and 5,000-action matches (files, snapshot, commands) in work/."""
    from host_tools.emu.matches import play_long_match, saved_files

    os.makedirs(work, exist_ok=True)
    stamp = os.path.join(work, "matches.stamp")
    digest = firmware_digest()
    try:
        with open(stamp, encoding="utf-8") as f:
            if f.read() == digest:
                say("saved matches: as made before (the firmware has not changed)")
                return
    except OSError:
        pass
    from host_tools.bench.device import CURVE_SIZES

    for count in CURVE_SIZES:
        started = time.monotonic()
        with tempfile.TemporaryDirectory() as folder:
            commands = []
            snapshot = play_long_match(
                folder, MATCH_GAME, count, MATCH_SEED, commands=commands, undo=False
            )
            files = saved_files(folder)
        made = {
            "files": [(path, data.hex()) for path, data in files],
            "snapshot": snapshot,
            "commands": commands,
        }
        with open(os.path.join(work, "match-%d.json" % count), "w", encoding="utf-8") as f:
            json.dump(made, f)
        say(
            "saved match of %d actions (%d commands, %d bytes of journal) made in %.0f s"
            % (count, len(commands), sum(len(d) for _, d in files), time.monotonic() - started)
        )
    with open(stamp, "w", encoding="utf-8") as f:
        f.write(digest)


def device_figures(uf2, jobs, only=None, previous=None):
    """The device figures: every emulator run, or with ``only`` (a kind of run) just
    those, put in place of theirs in ``previous`` (the last run's device figures)."""
    from host_tools.bench import device
    from host_tools.emu import missing

    say("\n## The device on the emulated Pico (emulated time)")
    reason = missing()
    if reason:
        say("  skipped: " + reason)
        return {"skipped": reason}
    make_matches(WORK)
    builds = ["mpy"] + (["uf2"] if uf2.get("path") else [])
    todo = device.jobs(builds, match_build="mpy", previous=previous_walls())
    if only is not None:
        todo = [job for job in todo if job[1] == only]
    say("%d emulator runs, %d at a time" % (len(todo), jobs))
    outcomes = []
    started = time.monotonic()
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(device.run_job, job, uf2.get("path"), WORK) for job in todo]
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            outcome = future.result()
            outcomes.append(outcome)
            say("  (%d/%d done, %.0f s)" % (done, len(todo), time.monotonic() - started))
    walls = {device.job_key(o["job"]): o["wall_s"] for o in outcomes}
    if only is not None:
        return replace_kind(previous, assemble(outcomes, builds, device), only, walls)
    result = assemble(outcomes, builds, device)
    result["walls"] = walls
    return result


def replace_kind(previous, fresh, kind, walls):
    """The last run's device figures with the figures of one kind of run made anew."""
    fields = {"curve": ("curve", "resume"), "soak": ("soak",), "boot": ("boot",),
              "idle": ("idle",), "script": ("scripts",)}.get(kind, ())  # fmt: skip
    for key, build in fresh["builds"].items():
        old = previous["builds"].setdefault(key, build)
        kept = [p for p in old["problems"] if kind not in p]
        for field in fields:
            for problem in problems_in_result(old.get(field)):  # the old runs' own
                if problem in kept:
                    kept.remove(problem)
            if field in build:
                old[field] = build[field]
        old["problems"] = kept + build["problems"]
    if kind == "match" and "match" in fresh:
        previous["match"] = fresh["match"]
    previous.setdefault("walls", {}).update(walls)
    return previous


def problems_in_result(result):
    """The problems one kind of run reported: a result's own, or its parts' (the curve's
    match lengths, the scripts)."""
    if isinstance(result, list):
        return [p for part in result for p in problems_in_result(part)]
    if not isinstance(result, dict):
        return []
    if "problems" in result:
        return list(result["problems"])
    return [p for part in result.values() for p in problems_in_result(part)]


def last_results():
    """The last whole run's results (build/bench/results.json), or None."""
    try:
        with open(os.path.join(WORK, "results.json"), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def previous_walls():
    """{job: wall seconds} of the last bench run, to start the longest runs first."""
    try:
        with open(os.path.join(WORK, "results.json"), encoding="utf-8") as f:
            return json.load(f)["device"].get("walls", {})
    except (OSError, ValueError, KeyError, AttributeError):
        return {}


def assemble(outcomes, builds, device):
    result = {"builds": {}, "emulator": {"instructions": 0, "emulated_s": 0.0, "wall_s": 0.0}}
    for key in builds:
        label = device.Build(key, "x" if key == "uf2" else None).label
        result["builds"][key] = {"label": label, "scripts": {}, "problems": [], "edges": 0}
    for outcome in outcomes:
        key, kind, argument = outcome["job"]
        build = result["builds"][key]
        build["problems"].extend(outcome["problems"])
        build["edges"] += (outcome["result"] or {}).get("edges", 0) if kind == "script" else 0
        for field in ("instructions", "emulated_s", "wall_s"):
            result["emulator"][field] += outcome[field]
        if outcome["result"] is None:
            continue
        if kind == "script":
            name, mode = argument
            build["scripts"].setdefault(name, {})[mode] = outcome["result"]
        elif kind == "curve":
            size = int(argument[0])
            build.setdefault("curve", {})[size] = outcome["result"]
            if size == 5000:
                build["resume"] = outcome["result"]
        elif kind == "match":
            result["match"] = dict(outcome["result"], build=key, label=build["label"])
        else:
            build[kind] = outcome["result"]
    for build in result["builds"].values():
        ordered = {}
        for name in [s.name for s in device.load_all()]:
            if name in build["scripts"]:
                ordered[name] = build["scripts"][name]
        build["scripts"] = ordered
    return result


def circuitpython_figures():
    """host_tools/circuitpython/emu_bench.py's figures, or {"skipped": reason}."""
    from host_tools.circuitpython import emu_bench

    reason = emu_bench.unavailable()
    if reason:
        say("circuitpython: skipped: " + reason)
        return {"skipped": reason}
    return emu_bench.figures()


def circuitpython_section(figures):
    from host_tools.circuitpython import emu_bench

    title = "### CircuitPython on the emulated Pico\n\n"
    if "skipped" in figures:
        return title + "Skipped: %s." % figures["skipped"]
    return title + emu_bench.table(figures)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.bench", description=__doc__)
    parser.add_argument("--no-write", action="store_true", help="leave docs/performance.md")
    parser.add_argument("--jobs", type=int, default=2, help="emulator runs at a time")
    parser.add_argument(
        "--only",
        choices=("soak", "curve", "match", "script", "boot", "idle", "circuitpython"),
        help="make only this kind of emulator run again; the rest comes from the last run",
    )
    args = parser.parse_args(argv)
    from host_tools.bench import report

    started = time.monotonic()
    data = {
        "machine": machine(),
        "date": datetime.date.today().isoformat(),
        "versions": versions(),
    }
    say("# pawtrack bench")
    say(
        "%s; %s, %d cores, %s; %s"
        % (data["date"], data["machine"]["cpu"], data["machine"]["cores"],
           data["machine"]["uname"], data["machine"]["load"])
    )  # fmt: skip
    data["uf2"] = prepare_uf2()
    if args.only is not None:
        last = last_results()
        if last is None:
            parser.error("--only needs a whole bench run before it (build/bench/results.json)")
        data["host"] = last["host"]
        if args.only == "circuitpython":
            data["device"] = last["device"]
            data["circuitpython"] = circuitpython_figures()
        else:
            data["device"] = device_figures(data["uf2"], args.jobs, args.only, last["device"])
            data["circuitpython"] = last["circuitpython"]
    else:
        data["host"] = host_figures()
        data["device"] = device_figures(data["uf2"], args.jobs)
        data["circuitpython"] = circuitpython_figures()
    data["wall_s"] = time.monotonic() - started
    text = report.markdown(data) + "\n\n" + circuitpython_section(data["circuitpython"])
    say("\n## Results\n")
    say(text)
    os.makedirs(WORK, exist_ok=True)
    with open(os.path.join(WORK, "results.json"), "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, default=str)
    if not args.no_write:
        report.write_section(DOC, text)
        say("written to %s" % os.path.relpath(DOC, ROOT))
    say("bench: %.0f s" % data["wall_s"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
