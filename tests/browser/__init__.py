"""The practice page in headless Chromium (`make practice-check`), a package so that import-linter sees it."""
