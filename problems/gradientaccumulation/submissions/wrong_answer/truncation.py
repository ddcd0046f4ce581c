"""truncated, not rounded: int(x * 10^4) / 10^4 drops the fifth decimal (0.00019 must print 0.0002)

Wrong: Truncates to 4 decimals, int(v * 10^4) / 10^4, where the statement rounds.
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
out = ["%.4f" % v for v in [int(v * 10**4) / 10**4 for v in right]]
print(" ".join("0.0000" if text == "-0.0000" else text for text in out))
