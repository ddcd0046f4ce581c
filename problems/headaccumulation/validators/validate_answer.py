"""Answer validator of Head Accumulation: each answer file is d lines of V finite values, as reference.py
prints them (Python's repr of a double: 1.0, -0.25, 3.5e-05, 1e+16), separated by single spaces.

    python3 validate_answer.py INPUT_FILE < ANSWER_FILE    # exits 42 if well formed, 43 if not

Standard library only, Python 3.7 syntax. A team's output is not checked here: the judges' default
output validators compare it value by value with the answer, within problem.yaml's tolerance.
"""

import math
import re
import sys

MAX_D, MAX_V = 100, 1000  # as in the input validator, validate.py: this file stands alone (a test checks)

VALUE = re.compile(rb"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:e[+-][0-9]+)?")


class Invalid(Exception):
    """The answer is not in the format reference.py prints."""


def validate(answer, problem):
    """Return (d, V) after checking that answer (bytes) is a well-formed answer for the input problem (bytes).

    Raise Invalid otherwise.
    """
    _, d, v = (int(token) for token in problem.split(b"\n")[0].split(b" ")[:3])
    if not answer.endswith(b"\n") or answer.count(b"\n") != d:
        raise Invalid("the answer must be d = %d lines, each ending with a newline" % d)
    for number, line in enumerate(answer[:-1].split(b"\n"), 1):
        values = line.split(b" ")
        for value in values:
            if not VALUE.fullmatch(value) or not math.isfinite(float(value)):
                raise Invalid("line %d: %r is not a finite decimal value" % (number, value[:40]))
        if len(values) != v:
            raise Invalid("line %d: expected V = %d values, a row of W', found %d" % (number, v, len(values)))
    return d, v


def main(argv):
    with open(argv[0], "rb") as problem:
        try:
            d, v = validate(sys.stdin.buffer.read(), problem.read())
        except Invalid as invalid:
            sys.stderr.write("invalid: %s\n" % invalid)
            sys.exit(43)
    if "--constraints_file" in argv:  # LOCATION NAME HAS_LOW HAS_HIGH MIN MAX LOW HIGH, as validate.py writes
        with open(argv[argv.index("--constraints_file") + 1], "w") as out:
            out.write("validate_answer.py:d d %d %d %d %d 1 %d\n" % (d == 1, d == MAX_D, d, d, MAX_D))
            out.write("validate_answer.py:V V %d %d %d %d 1 %d\n" % (v == 1, v == MAX_V, v, v, MAX_V))
    sys.exit(42)


if __name__ == "__main__":
    main(sys.argv[1:])
