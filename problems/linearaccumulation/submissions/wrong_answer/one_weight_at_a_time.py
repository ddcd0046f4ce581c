"""one weight at a time: each weight was updated before the next weight's gradient was
computed, so later weights' gradients saw weights already changed; every gradient must be taken at
the same, original weights, and all the weights updated together

Wrong: Updates w_1, then computes w_2's gradient with the new w_1, and so on.
"""
import sys
from operator import mul

tokens = sys.stdin.buffer.read().split()
k, b, d, lr = int(tokens[0]), int(tokens[1]), int(tokens[2]), float(tokens[3])
w = [float(t) for t in tokens[4:4 + d]]
numbers = [float(t) for t in tokens[4 + d:]]
rows = [numbers[i:i + d + 1] for i in range(0, len(numbers), d + 1)]  # x_1 ... x_d y
residuals = [sum(map(mul, row, w)) - row[d] for row in rows]  # x . w - y, kept up to date

for j in range(d):
    column = numbers[j::d + 1]  # x_j of every example
    total = 0.0
    for i in range(k):  # micro-batch i's gradient for w_j, at the weights as they are now
        total += 2.0 / b * sum(map(mul, column[i * b:(i + 1) * b], residuals[i * b:(i + 1) * b]))
    change = lr * (total / k)
    w[j] -= change
    residuals = [r - change * x for r, x in zip(residuals, column)]
print(" ".join(map(repr, w)))
