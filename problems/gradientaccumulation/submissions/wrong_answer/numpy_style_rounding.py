"""np.round's rounding: scaling by 10^4 before rounding to even moves values just above a tie onto it
(0.82825 printed 0.8282, not 0.8283)

Wrong: Rounds like np.round(v, 4): scale by 10^4, round half to even, scale back, print.

0.82825 is stored as 0.82825000000000004..., just above the tie, so it must print
0.8283; times 10^4 it becomes exactly 8282.5, which rounds to even: 8282.
"""
import sys

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta, grads = values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]

sums = list(grads[0])
for g in grads[1:]:  # left to right, as the statement adds (no sum(): Python 3.12's is compensated)
    sums = [s + x for s, x in zip(sums, g)]
right = [theta[j] - lr * (sums[j] / k) for j in range(d)]
out = ["%.4f" % v for v in [round(v * 10**4) / 10**4 for v in right]]
print(" ".join("0.0000" if text == "-0.0000" else text for text in out))
