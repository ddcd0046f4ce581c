"""WRONG: rounds the exact value correctly, but an exact tie half up, not to even.

0.03125 is exactly halfway between 0.0312 and 0.0313; the statement, like "%.4f",
rounds it to the even one, 0.0312. Right on every value that is not a tie."""
import sys
from decimal import Decimal

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta, grads = values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]


def show(results):
    """Print "%.4f" values, never -0.0000 (only the negative_zero mistake skips this)."""
    print(" ".join("0.0000" if text == "-0.0000" else text for text in ("%.4f" % v for v in results)))


means = [sum(g[j] for g in grads) / k for j in range(d)]
texts = []
for j in range(d):
    v = theta[j] - lr * means[j]
    five = '%.5f' % v
    if five[-1] == '5' and Decimal(v) == Decimal(five):  # exactly halfway: away from zero
        texts.append(str(Decimal(five[:-1]) + Decimal('-0.0001' if v < 0 else '0.0001')))
    else:
        texts.append('%.4f' % v)
print(" ".join("0.0000" if text == "-0.0000" else text for text in texts))
