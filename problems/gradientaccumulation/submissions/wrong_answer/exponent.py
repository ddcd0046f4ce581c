"""exponent notation: every value prints in plain decimals with exactly 4 digits after the point, as
"%.4f" gives (0.9000, not 9.0000e-01)

Wrong: Prints in exponent notation.
"""
import sys

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta, grads = values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]

sums = list(grads[0])
for g in grads[1:]:  # left to right, as the statement adds (no sum(): Python 3.12's is compensated)
    sums = [s + x for s, x in zip(sums, g)]
right = [theta[j] - lr * (sums[j] / k) for j in range(d)]
print(" ".join("%.4e" % v for v in right))
