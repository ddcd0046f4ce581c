"""the learning rate read to 4 decimals: a learning rate of up to 6 decimals (as 0.000123 or
0.123456) was rounded to 4, as "%.4f" or round(lr, 4) makes it, and the step is off by that much;
read every decimal of it

Wrong: Reads the learning rate, then rounds it to 4 decimals.
"""
import sys
from itertools import chain, repeat
from operator import mul


def main():
    tokens = sys.stdin.buffer.read().split()
    k, b, d = int(tokens[0]), int(tokens[1]), int(tokens[2])
    lr = float("%.4f" % float(tokens[3]))  # 4 decimals, as a format string keeps them
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
    total = [sum(terms[j::stride]) for j in range(d)]
    # One update, with the mean of the K gradients: divided by K once.
    updated = [w[j] - lr * (total[j] / k) for j in range(d)]
    sys.stdout.write(" ".join(map(repr, updated)) + "\n")


main()
