"""Run the simulator: interactive terminal (default), --headless, or --serial.

    python -m host_tools.sim                         # the device in your terminal
    python -m host_tools.sim --headless --press "ok right ok:long" --png out.png --text
    python -m host_tools.sim --headless --press "ok ok ok wait" --png rolled.png
    python -m host_tools.sim --headless --press "open:settings right right ok ok:2000" --text
    python -m host_tools.sim --serial                # JSON lines on stdin/stdout

Press words (--press, separated by spaces): left, ok, right, back (a short
press), BUTTON:long (held 700 ms), BUTTON:MS (held MS milliseconds, e.g.
ok:2000), wait (until the animations are over: nothing redrawn for 1 s, at
most 10 s), wait:MS (let MS milliseconds pass) and open:ROW (on the main menu,
move to a row by its name and pick it: a game's id such as mmm or chop, dice
for Dice & bag, settings). Time is virtual, so the same words give the same
pictures every time.

In the terminal the keys are shown under the screen: a short press is the
key, a long press Shift+key or Tab then the key, and a digit 1-9 before a key
holds it that many seconds and 200 ms more (2 then s: hold OK for 2 s).
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="python -m host_tools.sim",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,  # keep the examples' lines
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--headless", action="store_true", help="run presses, print/save, exit")
    mode.add_argument("--serial", action="store_true", help="speak the JSON-lines protocol")
    parser.add_argument(
        "--press",
        default="",
        help='with --headless: press words, e.g. "open:chop ok ok:long ok:2000 wait" (see above)',
    )
    parser.add_argument("--png", help="write the final OLED picture here (512x256)")
    parser.add_argument("--text", action="store_true", help="print the OLED as 64 lines of #/.")
    parser.add_argument(
        "--state",
        help="folder that plays the device's flash (default: a fresh temporary one for"
        " --headless/--serial, build/sim-state for the terminal)",
    )
    return parser.parse_args(argv)


def run_headless(args):
    from host_tools.sim import render
    from host_tools.sim.simulator import PressError, Simulator

    sim = Simulator(state_dir=args.state)
    try:
        sim.run(args.press)
    except PressError as problem:
        print("sim: %s" % problem, file=sys.stderr)
        return 2
    if args.png:
        sim.save_png(args.png)
    if args.text:
        print("\n".join(sim.text()))
    print("leds: " + render.led_text(sim.leds()))
    print("screen: " + sim.screen_name())
    return 0


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.headless:
        return run_headless(args)
    if args.serial:
        from host_tools.sim.serial_mode import run_serial

        return run_serial(args.state)
    from host_tools.sim.terminal import run_terminal

    return run_terminal(args.state or os.path.join(ROOT, "build", "sim-state"))


if __name__ == "__main__":
    sys.exit(main())
