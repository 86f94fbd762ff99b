# Two commands do all set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

## Start the web app on http://127.0.0.1:8000 (SQLite in ./data, bots available).
run: $(STAMP)
	$(BIN)/brassboard serve --host 127.0.0.1 --port 8000

## A terminal game of Planet Steam: you against three bots.
play: $(STAMP)
	$(BIN)/brassboard play planet_steam --players 4 --seats human,greedy,greedy,random

## Run the whole test suite, with lint and type checks.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/python bench/bench_engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
