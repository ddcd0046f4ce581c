"""Write a command's table into a docs page, between two markers, with the date and the commit measured.

`make bench` (docs/performance.md) and `make mutants ALL=1` (docs/testing.md)
each keep their figures in one such block, so that no figure is copied by hand.
"""

import datetime
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def record(page, begin, end, command, rows):
    """Replace what stands between the lines begin and end of page with a heading and the rows."""
    commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip() or "unknown"
    head = "`%s`, %s, commit %s, on a machine with %d cores:" % (
        command, datetime.date.today().isoformat(), commit, os.cpu_count())
    text = page.read_text()
    before, _, rest = text.partition(begin + "\n")
    _, _, after = rest.partition(end)
    assert before and after, "%s has no %r ... %r block" % (page, begin, end)
    page.write_text(before + begin + "\n" + head + "\n\n" + "\n".join(rows) + "\n" + end + after)
    print("(written to %s)" % page.relative_to(ROOT))
