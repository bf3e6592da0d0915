# Two commands on a fresh machine: `make demo` and `make test`.
# Each creates or updates the local virtual environment in .venv, then runs.
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint format clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test,cluster]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/avarium cards validate
	$(BIN)/avarium cards show --kind idol
	$(BIN)/avarium play --idols touka,raj --seed 7 | tail -n 30
	$(BIN)/avarium bench --games 5000
	$(BIN)/avarium simulate --config experiments/demo.toml --out runs/demo
	$(BIN)/avarium report runs/demo

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The whole suite compiled, then the engine's unit tests, properties and transcripts again as
# plain Python (NUMBA_DISABLE_JIT=1), so both give the same games.
test: lint
	$(BIN)/python -m pytest
	NUMBA_DISABLE_JIT=1 $(BIN)/python -m pytest tests/rules tests/card_behaviour tests/properties tests/playthroughs tests/scenario

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
