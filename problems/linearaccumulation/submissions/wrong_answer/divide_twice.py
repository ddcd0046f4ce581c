"""divided by K twice: each micro-batch gradient was divided by K and then their total by K
again, so the step is K times too small

Wrong: Divides each gradient by K, then the total by K again.
"""
import sys
from operator import mul

tokens = sys.stdin.buffer.read().split()
k, b, d, lr = int(tokens[0]), int(tokens[1]), int(tokens[2]), float(tokens[3])
w = [float(t) for t in tokens[4:4 + d]]
numbers = [float(t) for t in tokens[4 + d:]]
rows = [numbers[i:i + d + 1] for i in range(0, len(numbers), d + 1)]  # x_1 ... x_d y
batches = [rows[i * b:(i + 1) * b] for i in range(k)]


def gradient(weights, batch):
    """Return (2 / B) * the sum of x * (x . weights - y) over the micro-batch's examples."""
    g = [0.0] * d
    for row in batch:
        residual = sum(map(mul, row, weights)) - row[d]
        g = [gj + xj * residual for gj, xj in zip(g, row)]
    return [2.0 / b * gj for gj in g]


total = [0.0] * d
for batch in batches:
    total = [t + g / k for t, g in zip(total, gradient(w, batch))]
w = [wj - lr * (tj / k) for wj, tj in zip(w, total)]
print(" ".join(map(repr, w)))
