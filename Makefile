# Two commands do all the set-up on a machine with only Python 3.11, pip and make:
#   make reproduce   -- creates .venv from the lock file and runs `parlour reproduce`
#   make test        -- the same set-up, then ruff, mypy and the test suite (slow tests excluded)
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup reproduce test test-slow lint bench peers lock clean fuzz

setup: $(STAMP)

$(STAMP): requirements.lock pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

# Optional peers used as independent cross-checks (pygambit, stormpy, playwright, treys).
peers: $(STAMP)
	$(BIN)/python -m pip install --quiet -r requirements-peers.lock

reproduce: $(STAMP)
	$(BIN)/parlour reproduce $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy

# The tests run on up to 4 workers (pytest-xdist), then those that assert a wall-clock bound (Ctrl-C, Cancel,
# a refusal within seconds) alone, on a machine no other test is loading. Exit 5 is "none of these selected".
WORKERS ?= $(shell $(PYTHON) -c "import os; print(min(4, len(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else os.cpu_count() or 1))")
test: lint
	$(BIN)/pytest -q -m "not slow and not timing" -n $(WORKERS) $(ARGS) || [ $$? -eq 5 ]
	$(BIN)/pytest -q -m "timing and not slow" $(ARGS) || [ $$? -eq 5 ]

test-slow: $(STAMP)
	$(BIN)/pytest -q -m slow $(ARGS)

# The CLI and API fuzzers for a time budget: make fuzz [FUZZ_SECONDS=60]
FUZZ_SECONDS ?= 60
fuzz: $(STAMP)
	$(BIN)/python tests/fuzz/run.py --seconds $(FUZZ_SECONDS)

bench: $(STAMP)
	$(BIN)/python -m bench $(ARGS)

# Re-pin the lock file from a fresh environment with the declared dependencies (needs the network).
lock:
	rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	.lock-venv/bin/python -m pip install --quiet --upgrade pip
	.lock-venv/bin/python -m pip install --quiet "setuptools>=75" wheel -e ".[dev]"
	(echo "# Pinned runtime + development dependencies of parlour (Python 3.11). Regenerate with: make lock"; \
	 .lock-venv/bin/python -m pip freeze --all --exclude-editable | grep -v "^pip==") > requirements.lock
	rm -rf .lock-venv

clean:
	rm -rf $(VENV) report .pytest_cache .mypy_cache .ruff_cache
