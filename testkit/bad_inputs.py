"""Bad inputs, one of each kind, with the line the one-line message must name.

Shared by tests/test_errors.py and `make dmoj-check` (tools/dmoj_check.py),
which gives them to DMOJ's own judge.
"""

from testkit.runs import SAMPLES

SEED = (SAMPLES / "seed-example-lines.in").read_bytes()

# (id, input, the line the message must name, or None for a message with no line)
BAD_INPUTS = [
    ("empty", b"", None),
    ("only-whitespace", b" \n\t\r\n\x0b\x0c\n", None),
    ("nan-token", b"1 0.1\n1 2\nnan 1\n", 3),
    ("inf-token", b"1 0.1\n1 2\n1 inf\n", 3),
    ("infinity-token", b"1 0.1\n1 Infinity\n1 2\n", 2),
    ("overflowing-literal", b"1 0.1\n1 2\n1 1e999\n", 3),
    ("hex", b"1 0.1\n0x10 2\n1 2\n", 2),
    ("underscore", b"1 0.1\n1_000 2\n1 2\n", 2),
    ("comma-decimal", b"1 0.1\n1,5 2\n1 2\n", 2),
    ("arabic-indic-digit", "1 0.1\n1 2\n\u0661 2\n".encode(), 3),
    ("double-sign", b"1 0.1\n1 2\n--1 2\n", 3),
    ("double-point", b"1 0.1\n1 2\n1..2 2\n", 3),
    ("bare-exponent", b"1 0.1\n1 2\n1e 2\n", 3),
    ("lone-point", b"1 0.1\n1 2\n. 2\n", 3),
    ("nul-byte", b"1 0.1\n1 2\n1\x00 2\n", 3),
    ("bom-mid-input", b"1 0.1\n1 2\n\xef\xbb\xbf1 2\n", 3),
    ("non-breaking-space", b"1 0.1\n1 2\n1\xc2\xa02\n", 3),
    ("bad-lr", b"1 fast\n1 2\n1 2\n", 1),
    ("ragged-short", b"2 0.1\n1 2\n1 2\n1\n", 4),
    ("ragged-long", b"2 0.1\n1 2\n1 2 3\n1 2\n", 3),
    ("extra-line", b"1 0.1\n1 2\n1 2\n3 4\n", 4),
    ("header-three-values", b"2 0.1 5\n1\n1\n1\n", 1),
    ("header-only-k", b"2\n1\n1\n1\n", 1),
    ("k-not-a-number", b"x 0.1\n1\n1\n", 1),
    ("k-zero", b"0 0.1\n1\n1\n", 1),
    ("k-decimal", b"2.0 0.1\n1\n1\n1\n", 1),
    ("k-signed", b"+2 0.1\n1\n1\n1\n", 1),
    ("k-negative", b"-1 0.1 1 2\n", 1),
    ("k-5000-digits", b"1" * 5000 + b" 0.1\n1\n1\n", 1),
    ("too-few-lines", b"3 0.1\n1\n1\n1\n", None),
    ("k-larger-than-lines", b"100000000000000000 0.1\n1 2\n1 2\n", None),
    ("k-19-digits", b"1000000000000000000 0.1\n1 2\n1 2\n", 1),
    ("token-of-1001-bytes", b"1 0.1\n1 2\n1 " + b"2" * 1001 + b"\n", 3),
    ("token-past-one-read", b"1 0.1\n1 2\n" + b"7" * 6000, 3),  # longer than the first reads
    ("token-count-not-multiple", b"2 0.1 1 2 3 4 5\n", None),
    ("token-only-k", b"2\n", None),
    ("token-no-numbers", b"2 0.1\n", None),
    ("token-bad-on-line-2", b"2 0.1\n1 2 nan 4 5 6\n", 2),
    ("token-k-zero", b"0 0.1 1 2\n", 1),
    ("gradient-sum-overflows", b"2 1\n0\n1e308\n1e308\n", None),
    ("overflow-with-lr-zero", b"2 0\n0\n1.7e308\n1.7e308\n", None),
    ("result-overflows", b"1 -1\n1e308\n1e308\n", None),
    ("blank-lines-still-count", b"\n\n2 0.1\n\n1 2\n1 2\nnan 1\n", 7),
    ("crlf-line-numbers", b"1 0.1\r\n1 2\r\n1 x\r\n", 3),
    ("lone-cr-line-numbers", b"1 0.1\r1 2\r1 x\r", 3),
]
