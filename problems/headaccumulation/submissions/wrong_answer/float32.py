"""float32 arithmetic: the step was computed in float32 (as numpy does with float32 arrays, or torch by
default), whose 7 significant digits are not enough for logits of several hundred, where an error in
the seventh digit moves the softmax; the answer is the step in double precision (float64)

Wrong: Reads the numbers into float32 and computes every sum and product in float32.
"""
import sys
from array import array
from itertools import repeat
from math import exp
from operator import add, mul


def f32(values):
    """Return the values, each rounded to the nearest float32."""
    return array("f", values).tolist()


tokens = sys.stdin.buffer.read().split()
k, d, v = int(tokens[0]), int(tokens[1]), int(tokens[2])
lr = f32([float(tokens[3])])[0]
w = [f32(float(x) for x in tokens[4 + m * v:4 + (m + 1) * v]) for m in range(d)]
total = [[0.0] * v for _ in range(d)]
counted, at = 0, 4 + d * v
for _ in range(k):
    n = int(tokens[at])
    at += 1
    for _ in range(n):
        t, h = int(tokens[at]), f32(float(x) for x in tokens[at + 1:at + 1 + d])
        at += d + 1
        if t == -100:
            continue
        counted += 1
        z = [0.0] * v  # h W, added row by row in float32
        for m in range(d):
            z = f32(map(add, z, f32(map(mul, w[m], repeat(h[m])))))
        top = max(z)
        e = f32(exp(x) for x in f32(x - top for x in z))
        s = 0.0
        for x in e:
            s = f32([s + x])[0]
        q = f32(x / s for x in e)
        q[t] = f32([q[t] - 1.0])[0]
        for m in range(d):
            total[m] = f32(map(add, total[m], f32(map(mul, q, repeat(h[m])))))
scale = f32([lr / counted])[0]
w = [f32(map(float.__sub__, w[m], f32(scale * x for x in total[m]))) for m in range(d)]
print("\n".join(" ".join(map(repr, row)) for row in w))
