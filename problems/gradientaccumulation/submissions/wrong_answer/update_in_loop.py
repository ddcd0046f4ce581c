"""theta updated inside the loop at lr / K: one step in exact arithmetic, but it rounds K times; the
statement adds the gradients first, then takes one step

Wrong: Takes K steps at lr / K, one per gradient, inside the loop.
"""
import sys

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta, grads = values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]

for g in grads:
    theta = [t - lr / k * x for t, x in zip(theta, g)]
out = ["%.4f" % v for v in theta]
print(" ".join("0.0000" if text == "-0.0000" else text for text in out))
