"""WRONG: divides each gradient by K, then the sum by K again, so the step is K times too small."""
import sys

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta, grads = values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]


def show(results):
    """Print "%.4f" values, never -0.0000 (only the negative_zero mistake skips this)."""
    print(" ".join("0.0000" if text == "-0.0000" else text for text in ("%.4f" % v for v in results)))

show([theta[j] - lr * sum(g[j] / k for g in grads) / k for j in range(d)])
