"""the small probabilities cut to 0: a word whose logit lies more than 20 below the largest was given
probability 0 (e^-20 is about 2e-9), but a thousand such words add up, and their gradient times h
moves W beyond the tolerance; compute every exponential, however small

Wrong: Takes exp(z_j - max) as 0 where z_j - max is below -20.
"""
import sys
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
    total = [[0.0] * v for _ in range(d)]  # the sum of h (p - e_t) over the counted tokens
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
            e = [exp(x - top) if x - top > -20 else 0.0 for x in z]  # e^-20 taken for 0
            s = sum(e)
            q = [x / s for x in e]  # p, the softmax of z
            q[t] -= 1.0  # p - e_t
            for m in range(d):
                total[m] = list(map(add, total[m], map(mul, q, repeat(h[m]))))
    # One update, with the sum divided once by N, the number of counted tokens of the whole batch.
    scale = lr / counted
    rows = [" ".join([repr(a - scale * b) for a, b in zip(w[m], total[m])]) for m in range(d)]
    sys.stdout.write("\n".join(rows) + "\n")


main()
