# Two commands on a fresh machine: `make demo` and `make test`.
# Each creates or updates the local virtual environment in .venv, then runs.
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: demo test lint format clean browser

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The toolkit alone for the demo; the test tools and the cluster extra for lint and test (the
# demo's install took 4 min 6 s instead of 6 min 35 s; docs/performance.md, session 8).
$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,cluster]'
	touch $(TEST_STAMP)

demo: $(STAMP)
	$(BIN)/avarium cards validate
	$(BIN)/avarium cards show --kind idol
	$(BIN)/avarium play --idols touka,raj --seed 7 | tail -n 30
	$(BIN)/avarium bench --games 5000
	$(BIN)/avarium simulate --config experiments/demo.toml --out runs/demo
	$(BIN)/avarium report runs/demo

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The report's browser test (tests/analysis/test_page_in_a_browser.py) opens pages in Debian's
# headless Chromium: installed here when missing, with apt-get as root or through sudo. Where it
# cannot be (no apt-get, no root), the test is skipped and says why; an install that was
# possible but failed stops the build.
browser:
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then \
	  exit 0; \
	elif ! command -v apt-get >/dev/null; then \
	  echo "browser: no apt-get here; the browser test will be skipped"; \
	elif [ "$$(id -u)" = 0 ]; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    chromium chromium-driver >/dev/null; \
	elif sudo -n true 2>/dev/null; then \
	  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    chromium chromium-driver >/dev/null; \
	else \
	  echo "browser: not root and no sudo; the browser test will be skipped"; \
	fi

# The whole suite compiled, then the engine's unit tests, properties and transcripts again as
# plain Python (NUMBA_DISABLE_JIT=1), so both give the same games.
test: lint browser
	$(BIN)/python -m pytest
	NUMBA_DISABLE_JIT=1 $(BIN)/python -m pytest tests/rules tests/card_behaviour tests/properties tests/playthroughs tests/scenario

format: $(TEST_STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
