# Every target builds its own .venv from locks/project.txt first; nothing needs `activate`.
PYTHON ?= python3
VENV ?= .venv
SAMPLE ?= samples/seed-example-lines.in
PYTEST_ARGS ?=
PYTEST_WORKERS ?= 2

BIN := $(VENV)/bin
STAMP := $(VENV)/.stamp
# Each venv installs from its lock in locks/ (`make lock` writes them from pyproject.toml), every
# file's hash required. `make mutants`, `make figures`, `make tutorial` and `make oldest` have venvs
# of their own, under build/.
INSTALL = -m pip install --quiet --disable-pip-version-check --require-hashes -r
MUTANTS_VENV := build/mutants-venv
FIGURES_VENV := build/figures-venv
TUTORIAL_VENV := build/tutorial-venv
BROWSER_VENV := build/browser-venv
OLDEST_VENV := build/oldest-venv
# The library's oldest Python (pyproject.toml's requires-python), as pyenv or Debian name it.
OLDEST_PYTHON ?= $(firstword $(wildcard $(HOME)/.pyenv/versions/3.8.*/bin/python3.8) python3.8)
MUTANTS_ARGS ?=
INTERPRETER ?= python3
PORT ?= 8000

.DEFAULT_GOAL := help
.PHONY: help run test check practice practice-check bench stress lint docs golden judge-check dmoj-check package package-check mutants figures tutorial oldest lock clean

help: ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-15s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

$(STAMP): locks/project.txt
	$(PYTHON) -m venv --clear $(VENV)
	$(BIN)/python $(INSTALL) locks/project.txt
	touch $@

run: $(STAMP) ## solve the seed example: prints 0.9000 1.8000
	@$(BIN)/python solve.py < $(SAMPLE)

test: $(STAMP) ## run the tests, doctests and the docs' examples included (on 2 workers)
	@$(PYTHON) -m tools.installs bubblewrap
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

# FILE, INTERPRETER and SEED reach the checker as data: through the environment, unexpanded by make
# ($(value ...)) and never spliced into the shell's command line, so no name runs a command.
# The checker starts isolated (-I: no current folder, no PYTHON* variable, no user site on sys.path) and
# puts the project last, after the standard library: a learner's random.py or json.py, here or beside the
# learner's file, is never imported by the checker.
export CHECKER := import sys; sys.path.append(sys.argv.pop(1)); from practice.check import main; sys.exit(main())
check: export CHECK_FILE = $(value FILE)
check: export CHECK_INTERPRETER = $(value INTERPRETER)
check: export CHECK_SEED = $(value SEED)
check: export CHECK_PROBLEM = $(value PROBLEM)
check: $(STAMP) ## judge your solution on the package's data: make check FILE=my_solution.py [INTERPRETER=pypy3] [FIND=1] [PROBLEM=...]
	@test -n "$$CHECK_FILE" || { echo "usage: make check FILE=my_solution.py [INTERPRETER='python3 -S' or pypy3]"; exit 2; }
	@$(PYTHON) -m tools.installs bubblewrap
	@$(BIN)/python -I -c "$$CHECKER" "$(CURDIR)" --interpreter "$$CHECK_INTERPRETER" $(if $(value FIND),--find --seed "$${CHECK_SEED:-1}") $(if $(value PROBLEM),--problem "$$CHECK_PROBLEM") -- "$$CHECK_FILE"

practice: $(STAMP) ## serve the offline practice page on 127.0.0.1, port 8000 or PORT=... (Pyodide from npm, offline)
	$(BIN)/python -m tools.installs page
	$(BIN)/python -m practice.page --port $(PORT)

$(BROWSER_VENV)/.stamp: locks/browser.txt
	$(PYTHON) -m venv --clear $(BROWSER_VENV)
	$(BROWSER_VENV)/bin/python $(INSTALL) locks/browser.txt
	touch $@

practice-check: $(BROWSER_VENV)/.stamp ## the practice page in headless Chromium (installs Debian's chromium); screenshots in build/
	$(PYTHON) -m tools.installs chromium
	$(BROWSER_VENV)/bin/python -m tools.installs page
	$(BROWSER_VENV)/bin/python -m pytest -o addopts="-ra" -p no:cacheprovider --confcutdir=tests/browser tests/browser/practice_page.py

bench: $(STAMP) ## measure speed and memory against the reference and numpy's parse floor
	$(BIN)/python -m tools.bench

# PROBLEM and SECONDS reach the search through the environment, as for check.
stress: export STRESS_PROBLEM = $(value PROBLEM)
stress: export STRESS_SECONDS = $(value SECONDS)
stress: $(STAMP) ## try to break the data: which case catches which mistake, and a shrinking search for what it lets through [PROBLEM=...] [SECONDS=60]
	$(BIN)/python -m tools.stress $(if $(value PROBLEM),--problem "$$STRESS_PROBLEM") $(if $(value SECONDS),--seconds "$$STRESS_SECONDS")

judge-check: $(STAMP) ## samples and a corpus under PyPy, CPython 3.7 to 3.13, Pyodide, numpy 1.x and 2.x
	$(BIN)/python -m tools.judge_check

# PROBLEM=NAME limits these three to one problem of problems/ (default: every one); as for check, it
# reaches the command through the environment, never spliced into the shell's command line.
dmoj-check package package-check: export PACKAGE_PROBLEM = $(value PROBLEM)
dmoj-check: $(STAMP) ## DMOJ's own judge judges every problem's submissions under PY3, PYPY3 and CPP17, as an unprivileged user [PROBLEM=...]
	$(BIN)/python -m tools.dmoj_check $(if $(value PROBLEM),--problem "$$PACKAGE_PROBLEM")

package: $(STAMP) ## write every problem's packages and zips (Kattis, ICPC 2025-09, DOMjudge, DMOJ) under build/, and list them [PROBLEM=...]
	$(BIN)/python -m packages.build_package build $(if $(value PROBLEM),--problem "$$PACKAGE_PROBLEM")

package-check: $(STAMP) ## check the packages with problemtools, BAPCtools and DOMjudge's rules; render the statements (installs them, and TeX) [PROBLEM=...]
	$(BIN)/python -m tools.package_check build $(if $(value PROBLEM),--problem "$$PACKAGE_PROBLEM")

$(MUTANTS_VENV)/.stamp: locks/mutants.txt
	$(PYTHON) -m venv --clear $(MUTANTS_VENV)
	$(MUTANTS_VENV)/bin/python $(INSTALL) locks/mutants.txt
	touch $@

mutants: $(MUTANTS_VENV)/.stamp ## mutation testing: 500 mutants drawn with seed 1; ALL=1 runs every one (and records it in docs/testing.md)
	$(MUTANTS_VENV)/bin/python -m tools.mutants $(if $(ALL),--all) $(MUTANTS_ARGS)

$(FIGURES_VENV)/.stamp: locks/figures.txt
	$(PYTHON) -m venv --clear $(FIGURES_VENV)
	$(FIGURES_VENV)/bin/python $(INSTALL) locks/figures.txt
	touch $@

figures: $(FIGURES_VENV)/.stamp ## docs/figures/*.png, computed by accumulation.py; prints their captions
	$(FIGURES_VENV)/bin/python -m tools.figures

$(TUTORIAL_VENV)/.stamp: locks/tutorial.txt
	$(PYTHON) -m venv --clear $(TUTORIAL_VENV)
	$(TUTORIAL_VENV)/bin/python $(INSTALL) locks/tutorial.txt
	touch $@

tutorial: $(TUTORIAL_VENV)/.stamp ## run docs/tutorial.ipynb and its solutions top to bottom with nbclient, as Jupyter would
	$(TUTORIAL_VENV)/bin/python -m tools.tutorial

$(OLDEST_VENV)/.stamp: locks/oldest.txt
	$(OLDEST_PYTHON) -m venv --clear $(OLDEST_VENV)
	$(OLDEST_VENV)/bin/python $(INSTALL) locks/oldest.txt
	touch $@

oldest: $(OLDEST_VENV)/.stamp ## the library's tests on its oldest Python and numpy (3.8, numpy 1.21.0)
	$(OLDEST_VENV)/bin/python -c 'import sys, numpy; print("make oldest: Python %s, numpy %s" % (sys.version.split()[0], numpy.__version__))'
	$(OLDEST_VENV)/bin/python -m pytest -p no:cacheprovider accumulation.py tests/test_library.py tests/test_diagnose.py

lock: ## rewrite locks/*.txt from pyproject.toml's dependencies (needs PyPI); UPGRADE=1 takes the newest
	$(PYTHON) -m tools.lock $(if $(UPGRADE),--upgrade)

lint: $(STAMP) ## static checks: ruff, import-linter (who imports whom: the layers), and vermin (solve.py, the problems' programs run on Python 3.7; the library on 3.8)
	$(BIN)/python -m ruff check solve.py accumulation.py problems tests tools packages testkit practice
	$(BIN)/lint-imports --no-logo --no-cache
	$(BIN)/vermin -q -t=3.7- --violations --no-tips solve.py problems tools/judge_worker.py
	$(BIN)/vermin -q -t=3.8- --violations --no-tips accumulation.py tests/test_library.py tests/test_diagnose.py tests/learners.py tests/conftest.py testkit/runs.py

docs: $(STAMP) ## write docs/problems/NAME.md, a page for each problem, from its folder under problems/
	$(BIN)/python -m tools.problem_pages

golden: $(STAMP) ## rewrite samples/*.out from the independent reference; review the diff
	@for f in samples/*.in; do $(BIN)/python -m problems.gradientaccumulation.reference < $$f > $${f%.in}.out || exit 1; done
	@git status --short samples

clean: ## remove the venv and caches
	rm -rf $(VENV) build .pytest_cache .hypothesis .ruff_cache $(wildcard */__pycache__) __pycache__ *.egg-info
