# `make run` serves the API on $PORT (default 8000); `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000

.PHONY: install run test lint spec bench fuzz clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	PORT=$(PORT) $(BIN)/gunicorn wsgi:app -c gunicorn.conf.py

test: $(STAMP) lint
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check -q rules app schemas bench tests wsgi.py gunicorn.conf.py

spec: $(STAMP)
	$(BIN)/python -m app.spec > openapi.yaml.tmp && mv openapi.yaml.tmp openapi.yaml

# schemathesis with every check, FUZZ_EXAMPLES per operation, against a live gunicorn (minutes, not in `make test`).
FUZZ_EXAMPLES ?= 1000
fuzz: $(STAMP)
	$(BIN)/python -m tests.contract.fuzz $(FUZZ_EXAMPLES)

bench: $(STAMP)
	PYTHONPATH=. $(BIN)/python -m bench.run

clean:
	rm -rf $(VENV) *.egg-info
