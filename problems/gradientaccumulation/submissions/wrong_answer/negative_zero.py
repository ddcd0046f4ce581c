"""-0.0000: a tiny negative result rounds to zero and must print 0.0000

Wrong: Prints "%.4f" as it comes, so a tiny negative result reads -0.0000.
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
print(" ".join("%.4f" % v for v in right))
