"""Right, and too slow: each prediction x . w is computed again for every weight, K * B * d^2 steps.

The answer is the accepted one's, in double precision: for each weight w_j, every micro-batch's
gradient at the original weights, their mean, one step. But the prediction of each example, which
does not depend on j, is recomputed inside the loop over the weights: about 10^10 multiplications
on the largest input (d = 10^4, K * B = 99), where computing each prediction once takes 10^6.
"""
import sys

tokens = sys.stdin.buffer.read().split()
k, b, d, lr = int(tokens[0]), int(tokens[1]), int(tokens[2]), float(tokens[3])
w = [float(t) for t in tokens[4:4 + d]]
numbers = [float(t) for t in tokens[4 + d:]]
rows = [numbers[i:i + d + 1] for i in range(0, len(numbers), d + 1)]  # x_1 ... x_d y
batches = [rows[i * b:(i + 1) * b] for i in range(k)]

updated = []
for j in range(d):
    total = 0.0
    for batch in batches:
        g = 0.0
        for row in batch:
            prediction = 0.0
            for t in range(d):
                prediction += row[t] * w[t]
            g += row[j] * (prediction - row[d])
        total += 2.0 / b * g
    updated.append(w[j] - lr * (total / k))
print(" ".join(map(repr, updated)))
