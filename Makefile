# Two commands on a fresh machine: `make demo` and `make test`.
# Each creates or updates the local virtual environment in .venv, then runs.
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
LOG := $(VENV)/install.log
# The test suite's processes (pytest-xdist): one per core (`make test JOBS=1` for one).
JOBS ?= auto

# What an install puts in, by name, read from pyproject.toml (`make` says it before it waits):
# the toolkit's dependencies (`-`) or an extra's.
NEEDS = $(shell $(PYTHON) -c 'import re, sys, tomllib; \
  p = tomllib.load(open("pyproject.toml", "rb"))["project"]; \
  d = p["dependencies"] if sys.argv[1] == "-" else p["optional-dependencies"][sys.argv[1]]; \
  print(", ".join(re.split(r"[<>=!~ ;]", x)[0] for x in d))' $(1))
EXTRAS := test cluster
# The extras' requirements as pyproject.toml writes them, with the toolkit's own (one resolution
# keeps both), each quoted for the shell: installed beside the toolkit without installing the
# toolkit again, as `-e '.[test,cluster]'` did (uv builds a local package anew each time), which
# took it away for a moment from the compile cache filled beside this install (warm-start).
EXTRA_REQUIREMENTS = $(shell $(PYTHON) -c 'import shlex, sys, tomllib; \
  p = tomllib.load(open("pyproject.toml", "rb"))["project"]; \
  e = [r for x in sys.argv[1:] for r in p["optional-dependencies"][x]]; \
  print(" ".join(shlex.quote(r) for r in p["dependencies"] + e))' $(EXTRAS))

.PHONY: demo test lint format clean browser browser-start browser-wait warm warm-start warm-wait \
  plain-start plain-wait

# The installer is uv, put into the venv by pip: it installs the toolkit and the test tools in
# about 5 s where pip took 45 s to a minute and a half, and it prints no build warnings
# (docs/results.md, "CI time, phase by phase"). Where uv cannot be installed, pip installs
# instead. Either installer's output goes to .venv/install.log, shown only if the install fails.
$(BIN)/python:
	@echo "make: creating the virtual environment $(VENV) ($$($(PYTHON) --version)) with the installer uv"
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet 'uv>=0.4' > $(LOG) 2>&1 \
	  || echo "make: uv could not be installed ($(LOG)); pip will install instead"

define install
if [ -x $(BIN)/uv ]; then \
  $(BIN)/uv pip install --python $(BIN)/python $(1) >> $(LOG) 2>&1; \
else \
  $(BIN)/python -m pip install $(1) >> $(LOG) 2>&1; \
fi || { cat $(LOG); echo "make: the install failed (above, and in $(LOG))"; exit 1; }
endef

# The toolkit alone for the demo; the test tools and the cluster extra for lint and test.
$(STAMP): $(BIN)/python pyproject.toml
	@echo "make: installing the toolkit (avarium-balance-lab, no extras) and what it needs: $(call NEEDS,-)"
	@$(call install,-e .)
	@touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	@echo "make: installing the extras test ($(call NEEDS,test)) and cluster ($(call NEEDS,cluster))"
	@$(call install,$(EXTRA_REQUIREMENTS))
	@touch $(TEST_STAMP)

# The demo compiles only the random and heuristic bots' game loop (the search bots' is a second
# compile of the engine, and their games cost hundreds of heuristic games each): `simulate`
# compiles it (on both cores, saying so) and plays the two heuristic tiers; `bench` then times
# those bots from the cache, and the report ends it (docs/performance.md, "make demo").
demo: $(STAMP)
	$(BIN)/avarium cards validate
	$(BIN)/avarium cards show --kind idol
	$(BIN)/avarium play --idols touka,raj --seed 7 | tail -n 30
	$(BIN)/avarium simulate --config experiments/demo.toml --out runs/demo --set-aside
	$(BIN)/avarium bench --games 5000 --lookahead-games 0 --mcts-games 0
	$(BIN)/avarium report runs/demo
	@echo "make: the demo played the balanced and the tuned heuristic; the search bot as a third tier: avarium simulate --config experiments/versions-2-players.toml"

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# $(call background,LOG,COMMAND): COMMAND in the background, its output in LOG and, once it
# has ended, its exit status in LOG.status; $(call waited,LOG) waits for that, shows LOG and
# exits as COMMAND did. The browser's install, the plain-Python pass and the compile cache run so.
# The status is written by `if`: the shell runs with -e, so `COMMAND; echo $$?` would end the
# job at a failing COMMAND with no status written, and the wait would never end.
define background
rm -f $(1).status; \
( if $(2) > $(1) 2>&1; then echo 0; else echo $$?; fi > $(1).part; \
  mv $(1).part $(1).status ) > /dev/null 2>&1 &
endef

define waited
while [ ! -f $(1).status ]; do sleep 1; done; \
cat $(1); \
exit "$$(cat $(1).status)"
endef

# The report's browser tests (in tests/analysis/test_report.py and test_populations.py) open
# pages in Debian's headless Chromium: installed here when missing, with apt-get as root or
# through sudo. Where it cannot be (no apt-get, no root), those tests are skipped and say why; an
# install that was possible but failed stops the build.
browser:
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then \
	  exit 0; \
	elif ! command -v apt-get >/dev/null; then \
	  echo "browser: no apt-get here; the browser test will be skipped"; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "browser: installing Debian's chromium and chromium-driver with apt-get"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    chromium chromium-driver >/dev/null; \
	elif sudo -n true 2>/dev/null; then \
	  echo "browser: installing Debian's chromium and chromium-driver with apt-get (sudo)"; \
	  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    chromium chromium-driver >/dev/null; \
	else \
	  echo "browser: not root and no sudo; the browser test will be skipped"; \
	fi

# `make test` installs the browser in the background (about a minute of apt-get, mostly waiting
# on downloads and dpkg) while the venv is installed and the engine compiled, and waits for it
# before pytest collects the browser test.
BROWSER_LOG := $(VENV)/browser.log
browser-start:
	@mkdir -p $(VENV)
	@$(call background,$(BROWSER_LOG),$(MAKE) --no-print-directory browser)

browser-wait:
	@$(call waited,$(BROWSER_LOG))

# Numba's cache filled once, in one process on both cores, before pytest's workers start: with
# it cold, each worker would compile the same kernels side by side (tests/warm_cache.py).
warm: $(TEST_STAMP)
	$(BIN)/python -m tests.warm_cache

# `make test` fills it in the background as soon as the toolkit is installed (it needs nothing
# else), while the extras are installed and the code linted, and waits for it before pytest.
WARM_LOG := $(VENV)/warm.log
warm-start: $(STAMP)
	@echo "make: $(BIN)/python -m tests.warm_cache in the background (output in $(WARM_LOG))"
	@$(call background,$(WARM_LOG),$(BIN)/python -m tests.warm_cache)

warm-wait:
	@$(call waited,$(WARM_LOG))

# The build starts many Python processes that import the same libraries: the compile cache's
# three, pytest's, and the commands, loky and Dask workers the tests start. Where
# PYTHONDONTWRITEBYTECODE is set (the shells on the project's machine set it), each compiled
# numba's, pandas' and matplotlib's sources to bytecode again: importing the report's libraries
# took 10.4 s of CPU, 3.7 s from bytecode, and collecting the suite 16.8 s, 4.7 s. So the build
# writes bytecode, under .venv/pycache rather than beside the sources (docs/results.md, "CI
# time, phase by phase").
test warm warm-start plain-start: export PYTHONDONTWRITEBYTECODE :=
test warm warm-start plain-start: export PYTHONPYCACHEPREFIX := $(abspath $(VENV))/pycache

# The engine's unit tests, properties and transcripts again as plain Python (NUMBA_DISABLE_JIT=1),
# so that both give the same games. They need no compiled kernels, so they run in one process
# beside the compile cache's, which leaves about 26 s of a core idle (102 s of CPU in 64 s on two
# cores), enough for most of their 21 s of CPU; their output is shown after the compiled pass's,
# so that their count is still the last line.
PLAIN_TESTS := tests/rules tests/card_behaviour tests/properties tests/playthroughs tests/scenario
PLAIN_LOG := $(VENV)/plain-python.log
plain-start: $(TEST_STAMP)
	@echo "make: the engine's tests as plain Python, in the background (output in $(PLAIN_LOG))"
	@$(call background,$(PLAIN_LOG),NUMBA_DISABLE_JIT=1 $(BIN)/python -m pytest \
	  -p no:cacheprovider $(PLAIN_TESTS))

plain-wait:
	@echo "NUMBA_DISABLE_JIT=1 $(BIN)/python -m pytest $(PLAIN_TESTS)"
	@$(call waited,$(PLAIN_LOG))

# The whole suite compiled, on both cores. Whole files go to a worker (--dist loadfile: a file's
# fixtures are built once) in the order tests/conftest.py collects them, the longest first
# (--no-loadscope-reorder keeps that order), so that no worker is left alone with a long file
# at the end. Then the plain-Python pass's output.
test: browser-start warm-start lint plain-start warm-wait browser-wait
	$(BIN)/python -m pytest -n $(JOBS) --dist loadfile --no-loadscope-reorder
	@$(MAKE) --no-print-directory plain-wait

format: $(TEST_STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
