"""The naive solution a judge sees most: read everything, split, add, print. A baseline for memory and time.

`make dmoj-check` and `make bench` run it beside solve.py. It is right on the
package's data (no value of 1e50 or more, which PyPy's "%.4f" would print
with an exponent), checks nothing, and holds the whole input as text and
every number as a float object.
"""
import sys

tokens = sys.stdin.read().split()
k, lr, values = int(tokens[0]), float(tokens[1]), [float(token) for token in tokens[2:]]
d = len(values) // (k + 1)
sums = values[d:2 * d]
for i in range(2, k + 1):  # left to right, as the contract adds
    sums = [total + g for total, g in zip(sums, values[i * d:(i + 1) * d])]  # noqa: B905 (PyPy 3.9)
answer = [("%.4f" % (t - lr * (total / k))).replace("-0.0000", "0.0000") for t, total in zip(values, sums)]  # noqa: B905
print(" ".join(answer))
