# pawtrack: the two commands are `make sim` and `make test`; the rest is below.
# Every target sets up what it needs: a virtualenv from the pinned
# requirements.txt and the npm packages from package-lock.json; the targets that
# draw charts (plots, and test, which checks them) add requirements-plots.txt.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
BOARD ?= pico
PORT ?= auto
RUNTIME ?= micropython
# DRIVE: a drive's folder, or auto to find it (CIRCUITPY for flash, RPI-RP2 for install-uf2)
DRIVE ?= auto

.PHONY: help sim emu test setup bench compile screenshots plots golden art flash repl wiring \
	clean uf2 install-uf2 quick release web

help:
	@echo "make sim          the device in your terminal (keys shown on screen)"
	@echo "make emu          the real firmware on an emulated Pico in your terminal"
	@echo "make web          build/web/: the referee as a static web page (docs/web.md)"
	@echo "make test         every check: CPython, MicroPython, mpy-cross, ruff"
	@echo "make quick        the rules, journal and screen tests on CPython (small seeded counts) and ruff: under a minute"
	@echo "make bench        the firmware measured on the emulated Pico, into docs/performance.md"
	@echo "make screenshots  regenerate the README pictures from the real firmware"
	@echo "make plots        redraw the README charts (Mmm! strategies, dice fairness)"
	@echo "make golden       regenerate the golden images the tests compare against"
	@echo "make uf2 [BOARD=pico|pico2]           build/pawtrack-BOARD-VERSION.uf2: MicroPython"
	@echo "                                      with pawtrack frozen in [MICROPYTHON_SRC=...]"
	@echo "make install-uf2 [BOARD=pico] [UF2=file] [DRIVE=folder] [PORT=auto]"
	@echo "                                      copy it onto a Pico in BOOTSEL mode"
	@echo "make flash [BOARD=pico] [PORT=auto]   put the firmware on a Pico running MicroPython"
	@echo "make flash RUNTIME=circuitpython [BOARD=pico] [DRIVE=auto]   ... on CircuitPython's CIRCUITPY"
	@echo "make repl [PORT=auto]                 a MicroPython prompt on the device"
	@echo "make wiring       regenerate hardware/ wiring tables and diagrams from board_defs/"
	@echo "make release [TAG=vX.Y.Z]             dist/: the UF2s (Pico, Pico 2), the CIRCUITPY zip,"
	@echo "                                      SHA256SUMS and the notes from CHANGELOG.md"

setup: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: requirements.txt
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

# The charts' packages (matplotlib, numpy): not needed by make sim.
PLOTS_SETUP := $(VENV)/.plots-installed
$(PLOTS_SETUP): $(VENV)/.installed requirements-plots.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-plots.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

sim: setup
	$(PY) -m host_tools.sim

emu: setup
	$(PY) -m host_tools.emu --board $(BOARD)

web: setup
	$(PY) -m host_tools.web.build

test: setup $(PLOTS_SETUP)
	$(PY) -m host_tools.check

# A first answer for a rules change: the core tests with small seeded counts and ruff.
# make test stays the full gate.
quick: setup
	PAWTRACK_QUICK=1 $(PY) -m pytest tests/core -q -p no:cacheprovider --ignore=tests/core/test_still_jobs.py
	$(PY) -m ruff check .

bench: setup
	$(PY) -m host_tools.bench

compile: setup
	$(PY) -m host_tools.compile

screenshots: setup
	$(PY) -m host_tools.screenshots

plots: setup $(PLOTS_SETUP)
	$(PY) -m host_tools.odds mmm --games 300 --seed 1 --png docs/img/odds_mmm.png
	$(PY) -m host_tools.fairness --seed 1 --png docs/img/fairness.png

golden: setup
	$(PY) -m host_tools.screenshots --golden

art: setup
	$(PY) -m host_tools.art

flash: setup
ifeq ($(RUNTIME),circuitpython)
	$(PY) -m host_tools.circuitpython.flash --board $(BOARD) --drive $(DRIVE)
else ifeq ($(RUNTIME),micropython)
	$(PY) -m host_tools.flash --board $(BOARD) --port $(PORT)
else
	@echo "flash: RUNTIME=$(RUNTIME) is not micropython or circuitpython" >&2; exit 1
endif

uf2: setup
	$(PY) -m host_tools.uf2_build --board $(BOARD)

install-uf2: setup
	$(PY) -m host_tools.uf2_install --board $(BOARD) $(if $(UF2),--uf2 "$(UF2)") \
		$(if $(filter-out auto,$(DRIVE)),--drive "$(DRIVE)") \
		$(if $(filter-out auto,$(PORT)),--port "$(PORT)")

# TAG: the git tag being released; the release stops unless it is v + the firmware's version.
release: setup
	$(PY) -m host_tools.release $(if $(TAG),--tag "$(TAG)")

repl: setup
	$(PY) -m host_tools.repl --port $(PORT)

wiring: setup
	$(PY) -m host_tools.wiring
	$(PY) -m host_tools.power_budget

clean:
	rm -rf build
