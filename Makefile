# gardenkit: the two commands (and the benchmark). Everything a fresh machine needs is set up here.
# Python writes each module's compiled bytecode beside it in every target: PYTHONDONTWRITEBYTECODE,
# set on some machines, is not passed on. A fresh clone's virtual environment holds none, and
# without it every Python process compiles the app and its libraries from source again: about
# 1 s of CPU each, nearly a third of the command-line tests' CPU (29 %), and `gardenkit serve`'s
# start in a warm `make run` (importing the app 2.3 s from source, 0.7 s from bytecode).
unexport PYTHONDONTWRITEBYTECODE
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000
# pytest-xdist workers for `make test`: one per core
TEST_WORKERS ?= auto
# Debian packages the tests use: headless Chromium for the browser tests, poppler's pdftoppm
# to look at rendered PDF pages, PostgreSQL for the storage tests against a real server.
SYSTEM_PACKAGES := chromium poppler-utils postgresql

.PHONY: run test test-tools test-game bench soak mutate install install-dev system-deps kits clean lint-js proxy

# uv makes the virtual environment and installs into it in seconds where pip takes over a
# minute (most of a fresh clone's set-up); it is fetched once, with pip, into .cache/uv. Where
# it cannot be had, pip does the same work.
UV := .cache/uv/bin/uv
PIP_INSTALL = if [ -x $(UV) ]; then $(UV) pip install -q --python $(BIN)/python $(1); \
	else $(BIN)/pip install -q $(1); fi

$(BIN)/python:
	@$(PYTHON) -m pip install -q --target .cache/uv uv >/dev/null 2>&1 || rm -rf .cache/uv
	@if [ -x $(UV) ]; then $(UV) venv -q --seed --python $(PYTHON) $(VENV); \
	else $(PYTHON) -m venv $(VENV) && $(BIN)/python -m pip install -q --upgrade pip; fi

$(VENV)/.installed: pyproject.toml pnp/version.py | $(BIN)/python
	@$(call PIP_INSTALL,-e .)
	@touch $@

$(VENV)/.installed-dev: pyproject.toml pnp/version.py | $(BIN)/python
	@$(call PIP_INSTALL,-e '.[dev]')
	@touch $@ $(VENV)/.installed

# the benchmark's extra: protograf, the library the kit benchmark compares a build with
$(VENV)/.installed-bench: pyproject.toml pnp/version.py | $(BIN)/python
	@$(call PIP_INSTALL,-e '.[dev,bench]')
	@touch $@ $(VENV)/.installed-dev $(VENV)/.installed

# `make mutate` only: cosmic-ray, the mutation tester
$(VENV)/.installed-mutate: pyproject.toml pnp/version.py | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev,mutate]'
	@touch $@ $(VENV)/.installed-dev $(VENV)/.installed

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

# Installs the Debian packages that are missing, when we are root (CI and the dev machines are).
system-deps:
	@missing=""; for p in $(SYSTEM_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = "0" ]; then \
	    echo "installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "note: not root, cannot install$$missing; tests that need them will skip with a reason"; \
	  fi; \
	fi

# The npm tools, from one `npm ci`: ESLint (eslint:recommended with no-undef) over every script
# in templates/, and axe-core, the accessibility checker the browser tests run on every page
# (tests/support/axe.py). package.json pins them, package-lock.json the exact versions,
# eslint.config.mjs the rules.
ESLINT := node_modules/.bin/eslint
$(ESLINT): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

lint-js: $(ESLINT)
	$(ESLINT) templates

# Only the kits whose inputs changed since the last `make kits` are built again (a stamp beside
# each kit's files says what it was made from), so a warm `make run` starts serving at once.
kits: install
	$(BIN)/gardenkit build --if-changed --paper letter --paper a4 --out output

run: kits
	$(BIN)/gardenkit serve --host $(HOST) --port $(PORT)

# The ready proxy for a club server (deploy/nginx.conf): port 8080 in front of `make run`'s
# 127.0.0.1:8000, in the foreground. Run gardenkit with GARDENKIT_PROXIES=1 behind it.
proxy:
	@command -v nginx >/dev/null || { [ "$$(id -u)" = "0" ] && apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null; } || \
	  { echo "install nginx (Debian: apt-get install nginx-light) and run make proxy again"; exit 1; }
	nginx -c $(CURDIR)/deploy/nginx.conf

# What `make test` needs, fetched side by side (a fresh clone waits on the network for each): the
# Python packages, the Debian ones and the npm tools.
test-tools:
	@$(MAKE) --no-print-directory -j3 install-dev system-deps $(ESLINT)

# Lint first, then the types (mypy) while the suite runs beside them, on the CPU the suite
# leaves idle (both configured in pyproject.toml); any failure fails the target. pytest exits 5
# when it collected no test: that is a failure too, said plainly.
# The suite runs on every core (pytest-xdist); `pytest -m "not slow and not browser"` is the
# quick loop while working, and `make test` still runs everything.
test: test-tools
	$(BIN)/ruff check .
	$(ESLINT) templates
	@mkdir -p .cache; $(BIN)/mypy >.cache/mypy.out 2>&1 & types=$$!; \
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal --durations=25; rc=$$?; \
	wait $$types; typed=$$?; echo "mypy:"; cat .cache/mypy.out; \
	if [ $$rc -eq 5 ]; then echo "no tests were collected"; exit 1; fi; \
	if [ $$typed -ne 0 ]; then echo "mypy found type errors (above)"; exit $$typed; fi; exit $$rc

# One game's tests, while adding it (docs/adding-a-game.md): lint and types, the game's own tests,
# the checks over the whole registry that cannot be narrowed to one game, then every test run
# over each registered game narrowed to this one (-k). `make test-game GAME=herb-spiral`
# The game's package is the one its registry line names (empty for an id the registry lacks).
GAME_PACKAGE = $(shell $(BIN)/python -c 'import sys; from scorer.games import CATALOGUE; \
	print(CATALOGUE.get(sys.argv[1], ("", ""))[1])' '$(GAME)')
WHOLE_REGISTRY_TESTS := tests/test_app_packaging.py tests/test_layers.py \
	tests/test_game_contract.py::test_every_registered_game_has_its_rules \
	tests/test_game_contract.py::test_an_unknown_game_is_404_on_every_operation \
	tests/test_game_contract.py::test_a_game_without_the_check_of_one_of_its_actions_is_refused_when_made \
	tests/web/test_check_words.py::test_every_action_type_has_a_worked_check \
	tests/web/test_app_api.py::test_openapi_has_every_live_game_schema \
	tests/web/test_app_smoke.py::test_every_live_game_has_working_generic_pages
PER_GAME_TESTS := tests/test_game_contract.py tests/games/test_game_messages.py tests/print/test_kit_checks.py \
	tests/web/test_check_words.py tests/web/test_app_pages.py tests/web/test_app_properties.py \
	tests/web/test_history_pages.py tests/web/test_hostile_input.py tests/web/test_hostile_names.py \
	tests/web/test_hostile_review.py tests/web/test_tie_break.py tests/engines/test_engines.py
test-game: install-dev
	@test -n "$(GAME)" || { echo "name the game: make test-game GAME=<game id>"; exit 2; }
	@test -n "$(GAME_PACKAGE)" || { echo "no game $(GAME) in CATALOGUE (scorer/games/__init__.py): \
	add its registry line first"; exit 2; }
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -q tests/games/$(GAME_PACKAGE) $(wildcard tests/print/test_$(GAME_PACKAGE)_kit.py) \
		$(WHOLE_REGISTRY_TESTS)
	$(BIN)/python -m pytest -q $(PER_GAME_TESTS) -k "$(GAME)"

bench: $(VENV)/.installed-bench system-deps
	$(BIN)/python -m bench.run

# The random simulation tests by the thousand: 10,000 judged games per game with an engine,
# with the time per game, then the share of games each action type, end trigger and game
# part occurred in (docs/engines.md). Long: minutes per game on a busy machine.
soak: install-dev
	$(BIN)/python -m bench.soak

# A sampled mutation test (not in CI): 40 mutants of each game's rules.py and engine.py, each
# run against a few judged random games and that game's unit tests; prints the kill rate per
# game (docs/engines.md).
# Long: 30 a game took 35 minutes on a busy machine. SAMPLE=n to change the sample.
SAMPLE ?= 40
mutate: $(VENV)/.installed-mutate
	$(BIN)/python -m tests.engines.mutation --sample $(SAMPLE)

clean:
	rm -rf output/letter output/a4 output/a3 output/tabloid build dist *.egg-info
