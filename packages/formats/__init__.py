"""The judge formats, one module each: a writer that takes a Problem (packages/problem.py) and a folder.

    kattis     the legacy Kattis format, and that folder zipped: Kattis, problemtools
    icpc       the current ICPC format, 2025-09: BAPCtools
    domjudge   DOMjudge's zip: what DOMjudge reads of the legacy format, the statement as problem.html
    dmoj       a DMOJ problem folder, its data zipped, its statement in DMOJ's Markdown, the admin's steps

files.py holds what they share: write() a file, archive() a folder as a reproducible zip, and dump()
YAML from data. packages/build_package.py runs them all (`make package`).
"""
