import sys

tokens = sys.stdin.read().split()
k, b, d, lr = int(tokens[0]), int(tokens[1]), int(tokens[2]), float(tokens[3])
w = [float(t) for t in tokens[4:4 + d]]
values = [float(t) for t in tokens[4 + d:]]
examples = [values[i * (d + 1):(i + 1) * (d + 1)] for i in range(k * b)]  # x_1 ... x_d, then y
batches = [examples[m * b:(m + 1) * b] for m in range(k)]  # the K micro-batches of B examples

# Your step: print w - lr * (the mean of the K micro-batches' gradients, each at the original w).
print(" ".join(repr(x) for x in w))
