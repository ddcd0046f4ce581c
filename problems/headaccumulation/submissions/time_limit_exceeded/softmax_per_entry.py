"""Right, and too slow: each token's softmax is computed again for every entry of the gradient,
T * (d * V)^2 steps.

The answer is the accepted one's, in double precision: every counted token's gradient h (p - e_t) at
the original weights, the largest logit subtracted, the sum divided once by N, one step. But the
softmax of each token, which does not depend on the entry (m, j), is recomputed inside the loop over
the d * V entries: about 10^11 multiplications on the largest input (d = 100, V = 1000, T = 10), where
computing it once per token takes 10^6.
"""
import sys
from math import exp

tokens = sys.stdin.buffer.read().split()
k, d, v, lr = int(tokens[0]), int(tokens[1]), int(tokens[2]), float(tokens[3])
w = [[float(x) for x in tokens[4 + m * v:4 + (m + 1) * v]] for m in range(d)]
batches, at = [], 4 + d * v  # each micro-batch: its tokens (t, h), padding included
for _ in range(k):
    n = int(tokens[at])
    rows = [tokens[at + 1 + i * (d + 1):at + 1 + (i + 1) * (d + 1)] for i in range(n)]
    batches.append([(int(row[0]), [float(x) for x in row[1:]]) for row in rows])
    at += 1 + n * (d + 1)


def softmax(h):
    """Return the softmax of the logits h W, the largest logit subtracted first."""
    z = [sum(h[m] * w[m][j] for m in range(d)) for j in range(v)]
    top = max(z)
    e = [exp(x - top) for x in z]
    s = sum(e)
    return [x / s for x in e]


counted = [(t, h) for batch in batches for t, h in batch if t != -100]
updated = []
for m in range(d):
    row = []
    for j in range(v):
        total = 0.0
        for t, h in counted:
            total += h[m] * (softmax(h)[j] - (1.0 if j == t else 0.0))
        row.append(w[m][j] - lr * total / len(counted))
    updated.append(row)
print("\n".join(" ".join(map(repr, row)) for row in updated))
