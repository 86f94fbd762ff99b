# Two commands do all set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# apt needs root: sudo when we are not (CI runs as root)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run play test browser services lint bench clean

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

## Run the whole test suite, with lint and type checks (browser tests included: see `browser`; PostgreSQL and
## Redis tests included: see `services`).
test: $(STAMP) browser services
	$(BIN)/ruff check .
	$(BIN)/mypy
	BRASSBOARD_REQUIRE_SERVICES=$${BRASSBOARD_REQUIRE_SERVICES:-1} $(BIN)/pytest -n 2 --dist worksteal --durations=20

## Debian's PostgreSQL and Redis servers for the server tests that start throwaway ones (tests/server/services.py),
## installed with apt when missing; no service is left running. BRASSBOARD_REQUIRE_SERVICES=0 lets those tests
## skip instead of fail where the programs are missing (developers only).
services:
	@if [ "$${BRASSBOARD_REQUIRE_SERVICES:-1}" = 0 ] || { command -v redis-server >/dev/null 2>&1 && \
	    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; }; then :; else \
	  echo "Installing Debian's postgresql and redis-server for the server tests"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    postgresql redis-server; \
	  for unit in postgresql redis-server; do $(SUDO) service $$unit stop >/dev/null 2>&1 || true; done; \
	fi

## Debian's Chromium for the browser tests (tests/e2e), installed with apt when missing; Playwright drives it and
## never downloads a browser. BRASSBOARD_SKIP_E2E=1 skips both this step and the browser tests (developers only).
browser:
	@if [ "$${BRASSBOARD_SKIP_E2E:-0}" != 0 ] || command -v chromium >/dev/null 2>&1; then :; else \
	  echo "Installing Debian's chromium for the browser tests"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    chromium fonts-liberation fonts-dejavu-core; \
	fi

bench: $(STAMP)
	$(BIN)/python bench/bench_engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
