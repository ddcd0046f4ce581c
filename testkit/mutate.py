"""Mutants of valid inputs: a few byte- and line-level edits and junk tokens.

Shared by tests/test_fuzz.py and `make judge-check` (tools/judge_check.py),
which runs such mutants under every judge interpreter.
"""

from testkit.runs import SAMPLES

JUNK = [
    b"nan", b"-nan", b"inf", b"Infinity", b"1e999", b"-1e999", b"--", b"-", b"+", b".", b"1..2", b"1e",
    b"e5", b"0x10", b"1_0", b"1,5", b"\x00", b"\xff", b"\xef\xbb\xbf", b"\xc2\xa0", b"\x0c", b"\x0b",
    b"\r", b"\n", b"\r\n", b"\t", b" ", b"  ", b"0", b"-0", b"+.5", b"5.", b"1e308", b"-1e308", b"1.7e308",
    b"4.9e-324", b"1e-400", b"9" * 400, b"\xd9\xa1", b"1e+", b"0.00005", b"-0.00005",
    b"100000000000000000000",
]
SPACING = [b" ", b"\t", b" \t ", b"\x0b", b"\x0c", b"\n", b"\r\n", b"\r", b"\n\n", b"\r\n \r\n", b"\n\t\n"]
BASES = sorted(p.read_bytes() for p in SAMPLES.glob("*.in"))


def mutate(data, rng):
    """Return data with 1 to 3 random edits: byte and line edits, truncation, junk."""
    for _ in range(rng.randint(1, 3)):
        size = len(data)
        i, j = sorted(rng.randint(0, size) for _ in range(2))
        op = min(rng.randrange(12), 9)  # re-spacing 3 times as often as each other edit
        if op == 0:  # delete a range
            data = data[:i] + data[j:]
        elif op == 1:  # insert junk
            data = data[:i] + rng.choice(JUNK) + data[i:]
        elif op == 2:  # duplicate a range
            data = data[:j] + data[i:j] + data[j:]
        elif op == 3:  # truncate
            data = data[:i]
        elif op == 4:  # replace a range with junk
            data = data[:i] + rng.choice(JUNK) + data[j:]
        elif op == 5:  # flip one byte
            if size:
                data = data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
        elif op == 9:  # re-space: other whitespace, other line ends, blank lines (often still valid)
            spaces = [k for k, byte in enumerate(data) if byte in b" \t\n"]
            if spaces:
                k = rng.choice(spaces)
                data = data[:k] + rng.choice(SPACING) + data[k + 1:]
        else:  # line edits: delete, duplicate, swap
            lines = data.split(b"\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            if op == 6:
                del lines[a]
            elif op == 7:
                lines.insert(a, lines[b])
            else:
                lines[a], lines[b] = lines[b], lines[a]
            data = b"\n".join(lines)
    return data
