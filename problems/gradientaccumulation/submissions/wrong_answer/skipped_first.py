"""the first gradient skipped: the loop started at the second (range(1, K)) and averaged the K - 1
others, so g_1 never counts

Wrong: Loops from the second gradient (range(1, K)) and averages the K - 1 others.
"""
import sys

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta, grads = values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]

totals = [0.0] * d
for g in grads[1:]:
    totals = [t + x for t, x in zip(totals, g)]
out = ["%.4f" % v for v in [theta[j] - lr * (totals[j] / max(k - 1, 1)) for j in range(d)]]
print(" ".join("0.0000" if text == "-0.0000" else text for text in out))
