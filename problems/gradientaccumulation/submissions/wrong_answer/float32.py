"""float32 arithmetic: the answer is computed in double precision (float64), and float32's 7 digits
change the fourth decimal

Wrong: Computes in float32, as numpy does with float32 arrays.
"""
import sys
from array import array

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta, grads = values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]



def f32(numbers):
    return array("f", numbers).tolist()  # each rounded to the nearest float32


total = f32(grads[0])
for g in grads[1:]:
    total = f32([t + x for t, x in zip(total, f32(g))])
step = f32([x * f32([lr])[0] for x in f32([t / k for t in total])])
out = ["%.4f" % v for v in f32([t - s for t, s in zip(f32(theta), step)])]
print(" ".join("0.0000" if text == "-0.0000" else text for text in out))
