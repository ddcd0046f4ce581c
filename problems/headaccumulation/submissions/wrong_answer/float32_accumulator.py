"""the gradient accumulated in float32, all else in double: a float32 total (as a `float` sum in C++,
or a float32 buffer) keeps 7 significant digits, and over many tokens its rounding errors add up
beyond the tolerance; keep the total in double precision (float64)

Wrong: Computes each token's gradient in double precision and adds it to a float32 total.
"""
import sys
from array import array
from itertools import repeat
from math import exp
from operator import add, mul


def main():
    tokens = sys.stdin.buffer.read().split()
    k, d, v = int(tokens[0]), int(tokens[1]), int(tokens[2])
    lr = float(tokens[3])
    w = [list(map(float, tokens[4 + m * v:4 + (m + 1) * v])) for m in range(d)]
    columns = [list(column) for column in zip(*w)]
    by_rows = d <= v  # the logits as d row operations of length V, or as V sums of length d
    total = [array("f", [0.0] * v) for _ in range(d)]  # in float32: each sum rounded to 7 digits
    counted = 0
    at = 4 + d * v
    for _ in range(k):
        n = int(tokens[at])
        at += 1
        for _ in range(n):
            t = int(tokens[at])
            if t == -100:  # padding: adds nothing, and is not counted
                at += d + 1
                continue
            h = list(map(float, tokens[at + 1:at + 1 + d]))
            at += d + 1
            counted += 1
            if by_rows:
                z = [0.0] * v
                for m in range(d):
                    z = list(map(add, z, map(mul, w[m], repeat(h[m]))))
            else:
                z = [sum(map(mul, h, column)) for column in columns]
            top = max(z)
            e = [exp(x - top) for x in z]
            s = sum(e)
            q = [x / s for x in e]  # p, the softmax of z
            q[t] -= 1.0  # p - e_t
            for m in range(d):
                total[m] = array("f", map(add, total[m], map(mul, q, repeat(h[m]))))
    # One update, with the sum divided once by N, the number of counted tokens of the whole batch.
    scale = lr / counted
    rows = [" ".join([repr(a - scale * b) for a, b in zip(w[m], total[m])]) for m in range(d)]
    sys.stdout.write("\n".join(rows) + "\n")


main()
