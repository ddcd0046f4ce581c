"""only the last gradient: the total was overwritten (total = g) where it should grow (total += g)

Wrong: Overwrites the total with each gradient (total = g), so the last one alone counts.
"""
import sys

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta, grads = values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]

out = ["%.4f" % v for v in [theta[j] - lr * grads[-1][j] for j in range(d)]]
print(" ".join("0.0000" if text == "-0.0000" else text for text in out))
