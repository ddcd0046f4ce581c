# Every target builds its own .venv from requirements.txt first; nothing needs `activate`.
PYTHON ?= python3
VENV ?= .venv
SAMPLE ?= samples/seed-example-lines.in
PYTEST_ARGS ?=
PYTEST_WORKERS ?= 2

BIN := $(VENV)/bin
STAMP := $(VENV)/.stamp
# `make mutants`, `make figures` and `make tutorial` have venvs of their own (requirements-mutants.txt,
# -figures.txt, -tutorial.txt).
MUTANTS_VENV := build/mutants-venv
FIGURES_VENV := build/figures-venv
TUTORIAL_VENV := build/tutorial-venv
MUTANTS_ARGS ?=

.DEFAULT_GOAL := help
.PHONY: help run test bench lint golden judge-check dmoj-check package mutants figures tutorial clean

help: ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-12s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

run: $(STAMP) ## solve the seed example: prints 0.9000 1.8000
	@$(BIN)/python solve.py < $(SAMPLE)

test: $(STAMP) ## run the tests, doctests and the docs' examples included (under a minute, on 2 workers)
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS)

bench: $(STAMP) ## measure speed and memory against the reference and numpy's parse floor
	$(BIN)/python tools/bench.py

judge-check: $(STAMP) ## samples and a corpus under PyPy, CPython 3.7 to 3.13, numpy 1.x and 2.x; PyPy under memory caps
	$(BIN)/python tools/judge_check.py
	$(BIN)/python tools/memory_caps.py

dmoj-check: $(STAMP) ## DMOJ's own judge judges solve.py under PY3 and PYPY3, as an unprivileged user
	$(BIN)/python tools/dmoj_check.py

package: $(STAMP) ## the problem packages (Kattis legacy, ICPC 2025-09, DMOJ), checked by problemtools and BAPCtools
	$(BIN)/python kattis/build_package.py build --verify

$(MUTANTS_VENV)/.stamp: requirements.txt requirements-mutants.txt
	$(PYTHON) -m venv $(MUTANTS_VENV)
	$(MUTANTS_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-mutants.txt
	touch $@

mutants: $(MUTANTS_VENV)/.stamp ## mutation testing: 500 random mutants (about 15 min); ALL=1 runs all (over an hour)
	$(MUTANTS_VENV)/bin/python tools/mutants.py $(if $(ALL),--all) $(MUTANTS_ARGS)

$(FIGURES_VENV)/.stamp: requirements-figures.txt
	$(PYTHON) -m venv $(FIGURES_VENV)
	$(FIGURES_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-figures.txt
	touch $@

figures: $(FIGURES_VENV)/.stamp ## docs/figures/*.png, computed by accumulation.py; prints their captions
	$(FIGURES_VENV)/bin/python tools/figures.py

$(TUTORIAL_VENV)/.stamp: requirements-tutorial.txt
	$(PYTHON) -m venv $(TUTORIAL_VENV)
	$(TUTORIAL_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-tutorial.txt
	touch $@

tutorial: $(TUTORIAL_VENV)/.stamp ## run docs/tutorial.ipynb top to bottom with nbclient, as Jupyter would
	$(TUTORIAL_VENV)/bin/python tools/tutorial.py

lint: $(STAMP) ## static checks: ruff, and vermin (solve.py and the validators run on Python 3.7)
	$(BIN)/python -m ruff check solve.py accumulation.py tests tools kattis
	$(BIN)/vermin -q -t=3.7- --violations --no-tips solve.py kattis/validate.py kattis/validate_answer.py tools/judge_worker.py

golden: $(STAMP) ## rewrite samples/*.out from the independent reference; review the diff
	@for f in samples/*.in; do $(BIN)/python tests/reference.py < $$f > $${f%.in}.out || exit 1; done
	@git status --short samples

clean: ## remove the venv and caches
	rm -rf $(VENV) build .pytest_cache .hypothesis .ruff_cache __pycache__ tests/__pycache__ tools/__pycache__ *.egg-info
