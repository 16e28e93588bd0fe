# `make run` serves the API on $PORT (default 8000); `make test` runs every test; `make soak` compares
# the engine with the brute force on 200,000 random positions.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000

.PHONY: install run test lint spec bench bench-http bench-selection soak fuzz clean

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
	$(BIN)/mypy --strict rules

spec: $(STAMP)
	$(BIN)/python -m app.spec > openapi.yaml.tmp && mv openapi.yaml.tmp openapi.yaml

# schemathesis with every check, FUZZ_EXAMPLES per operation, against a live gunicorn (minutes, not in `make test`).
FUZZ_EXAMPLES ?= 1000
fuzz: $(STAMP)
	$(BIN)/python -m tests.contract.fuzz $(FUZZ_EXAMPLES)

bench: $(STAMP)
	PYTHONPATH=. $(BIN)/python -m bench.run

# The engine against the brute force on SOAK_N (200,000) random positions; SOAK_SEED replays a run.
soak: $(STAMP)
	PYTHONPATH=. $(BIN)/python -m tests.soak

# The serving path under gunicorn and wrk (apt-get install -y wrk), against a bare endpoint.
bench-http: $(STAMP)
	PYTHONPATH=. $(BIN)/python -m bench.http

bench-selection: $(STAMP)
	PYTHONPATH=. $(BIN)/python -m bench.selection

clean:
	rm -rf $(VENV) *.egg-info
