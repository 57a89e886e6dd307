"""What each setup installs: `make sim` gets the simulator's packages, not the charts' (matplotlib,
numpy), which come from requirements-plots.txt with the targets that draw charts and make test."""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHARTS = {"matplotlib", "numpy"}


def pins(name):
    with open(os.path.join(ROOT, name), encoding="utf-8") as f:
        lines = [line.split("#", 1)[0].strip() for line in f]
    pinned = {}
    for line in filter(None, lines):
        package, equals, version = line.partition("==")
        assert equals and version, "%s: %r is not pinned" % (name, line)
        pinned[package.lower()] = version
    return pinned


def target_prerequisites(target):
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        found = re.search(r"^%s:(.*)$" % re.escape(target), f.read(), re.MULTILINE)
    assert found, target
    return found.group(1).split()


def test_the_charts_packages_are_pinned_apart():
    base = pins("requirements.txt")
    plots = pins("requirements-plots.txt")
    assert not CHARTS & set(base)
    assert CHARTS <= set(plots)
    assert not set(base) & set(plots)


def test_only_the_targets_that_draw_charts_and_test_install_them():
    assert "$(PLOTS_SETUP)" not in target_prerequisites("sim")
    assert "$(PLOTS_SETUP)" not in target_prerequisites("setup")
    assert "$(PLOTS_SETUP)" in target_prerequisites("plots")
    assert "$(PLOTS_SETUP)" in target_prerequisites("test")


def test_the_simulator_runs_without_the_charts_packages():
    code = (
        "import sys\n"
        "from host_tools.sim.__main__ import main\n"
        "import host_tools.sim.terminal\n"
        "assert main(['--headless', '--press', 'right ok', '--text']) == 0\n"
        "loaded = sorted(m for m in ('matplotlib', 'numpy') if m in sys.modules)\n"
        "assert not loaded, loaded\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.path.join(ROOT, "firmware")]))
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
