"""the softmax without the largest logit subtracted: exp() of a logit above about 709.78 overflows a
double (Python raises OverflowError), and of logits all below about -745 gives 0 over 0; subtract
each token's largest logit first, which leaves the softmax as it is

Wrong: Takes the softmax as exp(z_j) / sum of exp(z_i).
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
    """Return the sum of h (p - e_t) over the micro-batch's counted tokens, at weights, and their count."""
    g = [[0.0] * v for _ in range(d)]
    count = 0
    for t, h in batch:
        if t == -100:
            continue
        count += 1
        z = [sum(h[m] * weights[m][j] for m in range(d)) for j in range(v)]
        e = [exp(x) for x in z]
        s = sum(e)
        q = [x / s for x in e]
        q[t] -= 1.0
        g = [[a + h[m] * b for a, b in zip(g[m], q)] for m in range(d)]
    return g, count


total = [[0.0] * v for _ in range(d)]
counted = 0
for batch in batches:
    g, n = gradient(w, batch)
    total = [[a + b for a, b in zip(total[m], g[m])] for m in range(d)]
    counted += n
w = [[a - lr / counted * b for a, b in zip(w[m], total[m])] for m in range(d)]
print("\n".join(" ".join(map(repr, row)) for row in w))
