"""ties rounded half up: an exact tie at the fifth decimal goes to the even digit, as "%.4f" does
(0.03125 is 0.0312)

Wrong: Rounds an exact tie half up, not to even; right on every value that is not a tie.

0.03125 is exactly halfway between 0.0312 and 0.0313; the statement, like "%.4f",
rounds it to the even one, 0.0312.
"""
import sys
from decimal import Decimal

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta, grads = values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]

sums = list(grads[0])
for g in grads[1:]:  # left to right, as the statement adds (no sum(): Python 3.12's is compensated)
    sums = [s + x for s, x in zip(sums, g)]
right = [theta[j] - lr * (sums[j] / k) for j in range(d)]


def half_up(v):
    five = "%.5f" % v
    if five[-1] == "5" and Decimal(v) == Decimal(five):  # exactly halfway: away from zero
        return float(Decimal(five[:-1]) + Decimal("-0.0001" if v < 0 else "0.0001"))
    return v


out = ["%.4f" % v for v in [half_up(v) for v in right]]
print(" ".join("0.0000" if text == "-0.0000" else text for text in out))
