"""the predictions computed in float32, all else in double: a float32 prediction x . w (a `float`
in C++, or a float32 array) keeps 7 significant digits, so where a prediction of about 90 is nearly
its target the residual keeps only a digit or two; compute the predictions in double precision
(float64)

Wrong: Computes each prediction x . w in float32, then its residual and the rest in double.
"""
import sys
from array import array
from itertools import chain, repeat
from operator import add, mul, sub


def main():
    tokens = sys.stdin.buffer.read().split()
    k, b, d = int(tokens[0]), int(tokens[1]), int(tokens[2])
    lr = float(tokens[3])
    w = [float(t) for t in tokens[4:4 + d]]
    flat = list(map(float, tokens[4 + d:]))  # K * B lines of x_1 ... x_d y, one after the other
    stride, n = d + 1, k * b
    # Each example's residual x . w - y, at the original weights: the products of each line with
    # (w_1, ..., w_d, -1), added up line by line.
    predictions = [0.0] * n  # x . w, each product and each partial sum rounded to float32
    for j in range(d):
        products = array("f", map(mul, flat[j::stride], repeat(w[j])))
        predictions = array("f", map(add, predictions, products))
    residuals = list(map(sub, predictions, flat[d::stride]))  # in double from here on
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
