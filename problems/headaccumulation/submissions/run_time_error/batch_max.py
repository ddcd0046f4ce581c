"""one largest logit subtracted over the whole batch, not each token's own: where two tokens' largest
logits lie more than about 745 apart, every exp() of the lower token is 0 in a double, and its
softmax is 0 over 0 (Python raises ZeroDivisionError); subtract from each token's logits the largest
of that token's alone

Wrong: Computes every counted token's logits, subtracts the largest logit of the whole batch (as
numpy's `Z - Z.max()` without `axis=1`), then takes each softmax.
"""
import sys
from math import exp

tokens = sys.stdin.buffer.read().split()
k, d, v, lr = int(tokens[0]), int(tokens[1]), int(tokens[2]), float(tokens[3])
w = [[float(x) for x in tokens[4 + m * v:4 + (m + 1) * v]] for m in range(d)]
counted, at = [], 4 + d * v  # every counted token: (t, h), padding left out
for _ in range(k):
    n = int(tokens[at])
    for i in range(n):
        row = tokens[at + 1 + i * (d + 1):at + 1 + (i + 1) * (d + 1)]
        if int(row[0]) != -100:
            counted.append((int(row[0]), [float(x) for x in row[1:]]))
    at += 1 + n * (d + 1)

logits = [[sum(h[m] * w[m][j] for m in range(d)) for j in range(v)] for _, h in counted]
top = max(max(z) for z in logits)  # the batch's largest logit, not the token's
total = [[0.0] * v for _ in range(d)]
for (t, h), z in zip(counted, logits):
    e = [exp(x - top) for x in z]
    s = sum(e)
    q = [x / s for x in e]
    q[t] -= 1.0
    total = [[a + h[m] * b for a, b in zip(total[m], q)] for m in range(d)]
w = [[a - lr / len(counted) * b for a, b in zip(w[m], total[m])] for m in range(d)]
print("\n".join(" ".join(map(repr, row)) for row in w))
