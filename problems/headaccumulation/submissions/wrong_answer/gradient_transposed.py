"""the gradient transposed: it was laid out as (p - e_t) h^T, V rows of d, and subtracted from W's
numbers in their order, so each weight moved by another weight's gradient; the gradient in W is h (p
- e_t)^T, d rows of V, as W is

Wrong: Subtracts the V x d gradient from the d x V weights, number by number.
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


def gradient(weights, batch):
    """Return the sum of (p - e_t) h^T over the micro-batch's counted tokens, V rows of d, and their count."""
    g = [[0.0] * d for _ in range(v)]
    count = 0
    for t, h in batch:
        if t == -100:
            continue
        count += 1
        z = [sum(h[m] * weights[m][j] for m in range(d)) for j in range(v)]
        top = max(z)
        e = [exp(x - top) for x in z]
        s = sum(e)
        q = [x / s for x in e]
        q[t] -= 1.0
        g = [[a + q[j] * b for a, b in zip(g[j], h)] for j in range(v)]
    return g, count


total = [0.0] * (v * d)  # the V x d gradient, row by row
counted = 0
for batch in batches:
    g, n = gradient(w, batch)
    total = [a + b for a, b in zip(total, [x for row in g for x in row])]
    counted += n
flat = [x for row in w for x in row]  # W's numbers, row by row
flat = [a - lr / counted * b for a, b in zip(flat, total)]
w = [flat[m * v:(m + 1) * v] for m in range(d)]
print("\n".join(" ".join(map(repr, row)) for row in w))
