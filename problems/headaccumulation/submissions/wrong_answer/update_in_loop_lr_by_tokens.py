"""updated inside the loop, lr weighted by tokens: W took a step of lr times n_k / N after micro-batch
k; the steps would add up to the right one if every gradient were taken at the original W, but later
micro-batches saw weights that earlier ones had already changed

Wrong: Takes one step at lr * n_k / N with each micro-batch's mean gradient, inside the loop.
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


def mean_gradient(weights, batch):
    """Return the mean of h (p - e_t) over the micro-batch's counted tokens, at weights, and their count."""
    g = [[0.0] * v for _ in range(d)]
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
        g = [[a + h[m] * b for a, b in zip(g[m], q)] for m in range(d)]
    return [[a / count for a in row] for row in g], count


def step(weights, g, rate):
    """Return weights - rate * g."""
    return [[a - rate * b for a, b in zip(weights[m], g[m])] for m in range(d)]


total = sum(1 for batch in batches for t, _ in batch if t != -100)  # N, the counted tokens
for batch in batches:
    g, n = mean_gradient(w, batch)  # at the weights as they are now
    w = step(w, g, lr * n / total)
print("\n".join(" ".join(map(repr, row)) for row in w))
