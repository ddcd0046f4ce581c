"""divided by K twice: each gradient by K, then their total by K again, so the step is K times too
small

Wrong: Divides each gradient by K, then their total by K again.
"""
import sys

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta, grads = values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]

totals = [0.0] * d
for g in grads:
    totals = [t + x / k for t, x in zip(totals, g)]
out = ["%.4f" % v for v in [theta[j] - lr * totals[j] / k for j in range(d)]]
print(" ".join("0.0000" if text == "-0.0000" else text for text in out))
