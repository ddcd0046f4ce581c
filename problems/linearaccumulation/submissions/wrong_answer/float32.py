"""float32 arithmetic: the step was computed in float32 (as numpy does with float32 arrays, or torch by
default), whose 7 significant digits are not enough where the products of a prediction cancel; the
answer is the step in double precision (float64)

Wrong: Reads the numbers into float32 and computes every sum and product in float32.
"""
import sys
from array import array
from itertools import chain, repeat
from operator import add, mul


def f32(values):
    """Return the values, each rounded to the nearest float32."""
    return array("f", values).tolist()


tokens = sys.stdin.buffer.read().split()
k, b, d = int(tokens[0]), int(tokens[1]), int(tokens[2])
lr = f32([float(tokens[3])])[0]
w = f32(float(t) for t in tokens[4:4 + d])
numbers = f32(float(t) for t in tokens[4 + d:])  # K * B lines of x_1 ... x_d y, one after the other
stride, n = d + 1, k * b

predictions = [0.0] * n  # x . w of every example, added feature by feature in float32
for j in range(d):
    predictions = f32(map(add, predictions, f32([x * w[j] for x in numbers[j::stride]])))
residuals = f32(map(float.__sub__, predictions, numbers[d::stride]))
terms = f32(map(mul, numbers, chain.from_iterable(map(repeat, residuals, repeat(stride)))))
sums = [0.0] * (k * stride)  # each micro-batch's sums of x * residual, example by example in float32
for e in range(b):
    at = [(i * b + e) * stride for i in range(k)]
    sums = f32(map(add, sums, chain.from_iterable(terms[a:a + stride] for a in at)))
scale = f32([2.0 / b])[0]
total = [0.0] * d
for i in range(k):
    total = f32(map(add, total, f32(s * scale for s in sums[i * stride:i * stride + d])))
w = f32(map(float.__sub__, w, f32(lr * t for t in f32(t / k for t in total))))
print(" ".join(map(repr, w)))
