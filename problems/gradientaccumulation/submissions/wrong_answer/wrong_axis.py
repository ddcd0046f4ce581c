"""the wrong axis: one mean over every number (np.mean with no axis), not a mean over the K
micro-batches for each parameter

Wrong: One mean over every number, as np.mean(grads) with no axis.
"""
import sys

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta, grads = values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]

overall = 0.0
for g in grads:
    row = 0.0
    for x in g:
        row += x
    overall += row
overall /= k * d
out = ["%.4f" % v for v in [theta[j] - lr * overall for j in range(d)]]
print(" ".join("0.0000" if text == "-0.0000" else text for text in out))
