"""Answer validator for the 2025-09 package: the .ans files are what solve.py prints.

    validate_answer.py INPUT [FEEDBACK_DIR] [--constraints_file PATH] < ANSWER   exits 42 if valid, 43 if not

One line, ending with "\\n": d values, d as many as the input's theta has,
single spaces between them, each an optional "-", digits without a leading
zero, "." and exactly 4 digits; never "-0.0000". Standard library only,
Python 3.7 syntax (`make lint`). With --constraints_file (BAPCtools) it records whether
d reaches its bounds, 1 and 100000, in the format of the input validator, validate.py.
"""

import re
import sys

MAX_D = 100000  # as in the input validator, validate.py: this file stands alone (a test checks both)

VALUE = re.compile(rb"-?(?:0|[1-9][0-9]*)\.[0-9]{4}")


class Invalid(Exception):
    """The answer is not in the format solve.py prints."""


def validate(answer, problem):
    """Return d after checking that answer (bytes) is a well-formed answer line for the input problem (bytes).

    Raise Invalid otherwise.
    """
    d = len(problem.split(b"\n")[1].split(b" "))
    if not answer.endswith(b"\n") or answer.count(b"\n") != 1:
        raise Invalid("the answer must be one line ending with a newline")
    values = answer[:-1].split(b" ")
    for value in values:
        if not VALUE.fullmatch(value):
            raise Invalid("%r is not a value with 4 decimals" % value[:40])
        if value == b"-0.0000":
            raise Invalid("-0.0000 must be written 0.0000")
    if len(values) != d:
        raise Invalid("expected d = %d values, as theta has, found %d" % (d, len(values)))
    return d


def main(argv):
    with open(argv[0], "rb") as problem:
        try:
            d = validate(sys.stdin.buffer.read(), problem.read())
        except Invalid as invalid:
            sys.stderr.write("invalid: %s\n" % invalid)
            sys.exit(43)
    if "--constraints_file" in argv:  # LOCATION NAME HAS_LOW HAS_HIGH MIN MAX LOW HIGH, as validate.py writes
        with open(argv[argv.index("--constraints_file") + 1], "w") as out:
            out.write("validate_answer.py:d d %d %d %d %d 1 %d\n" % (d == 1, d == MAX_D, d, d, MAX_D))
    sys.exit(42)


if __name__ == "__main__":
    main(sys.argv[1:])
