import sys

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta = values[:d]
gradients = [values[d * (i + 1):d * (i + 2)] for i in range(k)]

# Your step: print theta - lr * (the mean of the K gradients), each value to 4 decimals.
print(" ".join("%.4f" % t for t in theta))
