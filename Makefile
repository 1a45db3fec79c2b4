# `make play` and `make test` bootstrap their own virtual environment on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
TEST_STAMP := $(VENV)/.installed-test-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: play test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TEST_STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m pip install --quiet --no-deps mjai==0.2.1 || echo "mjai 0.2.1 not installable here: tests/mjai/test_referee.py skips"
	touch $@

play: $(STAMP)
	$(BIN)/riichi

test: $(TEST_STAMP)
	$(BIN)/python -m pytest -n auto

bench: $(TEST_STAMP)
	for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info
