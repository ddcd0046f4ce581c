"""WRONG: rounds like np.round(v, 4): scale by 10^4, round half to even, scale back, print.

0.82825 is stored as 0.82825000000000004..., just above the tie, so it must print
0.8283; times 10^4 it becomes exactly 8282.5, which rounds to even: 8282."""
import sys

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta, grads = values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]


def show(results):
    """Print "%.4f" values, never -0.0000 (only the negative_zero mistake skips this)."""
    print(" ".join("0.0000" if text == "-0.0000" else text for text in ("%.4f" % v for v in results)))

means = [sum(g[j] for g in grads) / k for j in range(d)]
show([round((theta[j] - lr * means[j]) * 10**4) / 10**4 for j in range(d)])
