# `make run` serves the API on $PORT (default 8000); `make test` runs every test but those that start a
# whole topology, which `make test-scale` runs; `make soak` compares the engine with the brute force on
# 200,000 random positions.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SERVE_STAMP := $(VENV)/.installed-serve
STAMP := $(VENV)/.installed
PORT ?= 8000
PURE_SOAK ?= 4000
PURE_SOAK_SEED ?= 20261201

.PHONY: install compiled engine run test lint spec bench bench-http bench-selection soak fuzz clean haproxy cluster cluster-restart cluster-down test-scale

install: $(STAMP) engine

# What serving needs (the service's packages and mypyc to compile the engine), then the test tools.
$(SERVE_STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	TRACTOR_PURE=1 $(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[build]'
	touch $(SERVE_STAMP)

$(STAMP): $(SERVE_STAMP)
	TRACTOR_PURE=1 $(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

# The compiled engine and bots (mypyc, about two minutes), rebuilt in place unless the one built is of the
# sources of rules/ and bots/ as they are; without a C compiler, or with TRACTOR_PURE=1, the pure-Python engine runs
# (`rules.BUILD` says which).
compiled: $(SERVE_STAMP)
	@$(BIN)/python -c 'import rules, sys; print("engine:", rules.BUILD, rules._build.PURE_REASON or ""); sys.exit(not rules.COMPILED)' \
	  || $(BIN)/python setup.py --quiet build_ext --inplace

engine: $(STAMP) compiled

run: compiled
	PORT=$(PORT) $(BIN)/gunicorn wsgi:app -c gunicorn.conf.py

# Everything but the tests that start a whole topology (marked `topology`, about 70 s: `make test-scale`).
# Every test against the compiled engine, then the rule tests and a sample of the soak against the pure one.
test: engine lint
	$(BIN)/python -m pytest -q -m "not topology"
	TRACTOR_PURE=1 $(BIN)/python -m pytest -q tests/rules
	TRACTOR_PURE=1 SOAK_N=$(PURE_SOAK) SOAK_SEED=$(PURE_SOAK_SEED) PYTHONPATH=. $(BIN)/python -m tests.soak

lint: $(STAMP)
	$(BIN)/ruff check -q rules bots app schemas bench tests deploy wsgi.py gunicorn.conf.py
	$(BIN)/mypy --strict rules bots

# openapi.yaml and the parameter table of docs/rules.md, both generated from the code (tests hold them equal).
spec: $(STAMP)
	$(BIN)/python -m app.spec > openapi.yaml.tmp && mv openapi.yaml.tmp openapi.yaml
	$(BIN)/python -m schemas.parameters

# schemathesis with every check, FUZZ_EXAMPLES per operation, against a live gunicorn (minutes, not in `make test`).
FUZZ_EXAMPLES ?= 1000
fuzz: engine
	$(BIN)/python -m tests.contract.fuzz $(FUZZ_EXAMPLES)

bench: engine
	PYTHONPATH=. $(BIN)/python -m bench.run
	PYTHONPATH=. $(BIN)/python -m bench.builds

# The engine against the brute force on SOAK_N (200,000) random positions; SOAK_SEED replays a run.
soak: engine
	PYTHONPATH=. $(BIN)/python -m tests.soak

# The serving path under gunicorn and wrk (apt-get install -y wrk), against a bare endpoint.
bench-http: engine
	PYTHONPATH=. $(BIN)/python -m bench.http

# haproxy from Debian's package: installed when run as root and missing, else how to install it is printed.
haproxy:
	@command -v haproxy >/dev/null || test -x /usr/sbin/haproxy || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q haproxy >/dev/null || \
	    { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q haproxy >/dev/null; }; \
	  else echo "haproxy is missing: install it with 'sudo apt-get install -y haproxy' (Debian, Ubuntu)"; exit 1; fi; }

# The production topology on this machine: a Redis Cluster (3 masters, 3 replicas), INSTANCES
# (3) gunicorn instances and haproxy in front (RATE_LIMIT requests/s per client, default 100);
# returns once all of it answers /readyz, with .cluster/state.json written.  Stop it with cluster-down.
cluster: engine haproxy
	$(BIN)/python -m deploy.cluster up

# A rolling restart of the instances (each drained, stopped and started again in turn).
cluster-restart: engine
	$(BIN)/python -m deploy.cluster restart

cluster-down: $(STAMP)
	$(BIN)/python -m deploy.cluster down

# Faults under steady load through haproxy (tests/scale, about 70 s); the figures go to bench/RESULTS.md.
test-scale: engine haproxy
	rm -f build/scale-results.json
	$(BIN)/python -m pytest -q tests/scale
	PYTHONPATH=. $(BIN)/python -m tests.scale.report

bench-selection: engine
	PYTHONPATH=. $(BIN)/python -m bench.selection

clean:
	rm -rf $(VENV) *.egg-info build rules/*.so rules/COMPILED_FROM
