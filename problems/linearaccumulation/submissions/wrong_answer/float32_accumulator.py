"""the gradient accumulated in float32, all else in double: each micro-batch's gradient is computed
in double precision and added to a float32 total (a `float` in C++, or a float32 buffer), whose 7
significant digits lose what many micro-batches add up to; keep the total in double precision
(float64)

Wrong: Computes each micro-batch's gradient in double precision and adds it to a float32 total.
"""
import sys
from array import array
from itertools import chain, repeat
from operator import mul


def main():
    tokens = sys.stdin.buffer.read().split()
    k, b, d = int(tokens[0]), int(tokens[1]), int(tokens[2])
    lr = float(tokens[3])
    w = [float(t) for t in tokens[4:4 + d]]
    flat = list(map(float, tokens[4 + d:]))  # K * B lines of x_1 ... x_d y, one after the other
    stride, n = d + 1, k * b
    # Each example's residual x . w - y, at the original weights: the products of each line with
    # (w_1, ..., w_d, -1), added up line by line.
    products = list(map(mul, flat, chain.from_iterable(repeat(w + [-1.0], n))))
    residuals = [sum(products[i:i + stride]) for i in range(0, n * stride, stride)]
    # Micro-batch k's gradient is (2 / B) * sum of x * residual over its B lines; the accumulated
    # total g_1 + ... + g_K is then (2 / B) * the sum over all K * B lines (each line's terms scaled by
    # 2 / B, every line of a column added in order).
    scaled = [r * (2.0 / b) for r in residuals]
    terms = list(map(mul, flat, chain.from_iterable(map(repeat, scaled, repeat(stride)))))
    total = array("f", [0.0] * d)  # the accumulated gradient, in float32
    size = b * stride
    for i in range(0, n * stride, size):  # micro-batch by micro-batch, each gradient in double
        total = array("f", [a + sum(terms[i + j:i + size:stride]) for j, a in enumerate(total)])
    # One update, with the mean of the K gradients: divided by K once.
    updated = [w[j] - lr * (total[j] / k) for j in range(d)]
    sys.stdout.write(" ".join(map(repr, updated)) + "\n")


main()
