import sys

tokens = sys.stdin.read().split()
m, d, v, lr = int(tokens[0]), int(tokens[1]), int(tokens[2]), float(tokens[3])
w = [[float(t) for t in tokens[4 + i * v:4 + (i + 1) * v]] for i in range(d)]  # W: d rows of V
at, batches = 4 + d * v, []
for _ in range(m):  # the M micro-batches: n, then n tokens, each (t, h); t = -100 is padding
    n = int(tokens[at])
    rows = [tokens[at + 1 + i * (d + 1):at + 1 + (i + 1) * (d + 1)] for i in range(n)]
    batches.append([(int(row[0]), [float(t) for t in row[1:]]) for row in rows])
    at += 1 + n * (d + 1)

# Your step: print W - lr * G, where G is the sum of every counted token's gradient h (p - e_t)^T,
# divided by N, the number of counted tokens of the whole batch.
for row in w:
    print(" ".join(repr(x) for x in row))
