"""The classic mistakes, as whole judge programs for the package's submissions/wrong_answer/.

Each is the same small pure-Python reader (PROLOGUE) followed by the lines
that go wrong; `build_package.py` writes each out as NAME.py, so that it runs
wherever the judge runs Python. problemtools must judge every one of them
Wrong Answer on the secret data, which shows that the data catches each
mistake. LOOSE_SPACING is their right-answer twin for submissions/accepted/:
every judge must accept it, since all of them compare tokens.
"""

PROLOGUE = '''import sys

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta, grads = values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]


def show(results):
    """Print "%.4f" values, never -0.0000 (only the negative_zero mistake skips this)."""
    print(" ".join("0.0000" if text == "-0.0000" else text for text in ("%.4f" % v for v in results)))

'''

MISTAKES = {
    "sum_not_mean": (
        "adds the K gradients and never divides by K, so the step grows with K.",
        "show([theta[j] - lr * sum(g[j] for g in grads) for j in range(d)])",
    ),
    "divide_twice": (
        "divides each gradient by K, then the sum by K again, so the step is K times too small.",
        "show([theta[j] - lr * sum(g[j] / k for g in grads) / k for j in range(d)])",
    ),
    "wrong_axis": (
        "averages over every number at once (np.mean with no axis), not over the K micro-batches.",
        "mean = sum(sum(g) for g in grads) / (k * d)\n"
        "show([theta[j] - lr * mean for j in range(d)])",
    ),
    "numpy_style_rounding": (
        "rounds like np.round(v, 4): scale by 10^4, round half to even, scale back, print.\n\n"
        "0.82825 is stored as 0.82825000000000004..., just above the tie, so it must print\n"
        "0.8283; times 10^4 it becomes exactly 8282.5, which rounds to even: 8282.",
        "means = [sum(g[j] for g in grads) / k for j in range(d)]\n"
        "show([round((theta[j] - lr * means[j]) * 10**4) / 10**4 for j in range(d)])",
    ),
    "half_up_rounding": (
        "rounds the exact value correctly, but an exact tie half up, not to even.\n\n"
        "0.03125 is exactly halfway between 0.0312 and 0.0313; the statement, like \"%.4f\",\n"
        "rounds it to the even one, 0.0312. Right on every value that is not a tie.",
        "from decimal import Decimal\n"
        "means = [sum(g[j] for g in grads) / k for j in range(d)]\n"
        "texts = []\n"
        "for j in range(d):\n"
        "    v = theta[j] - lr * means[j]\n"
        "    five = '%.5f' % v\n"
        "    if five[-1] == '5' and Decimal(v) == Decimal(five):  # exactly halfway: away from zero\n"
        "        texts.append(str(Decimal(five[:-1]) + Decimal('-0.0001' if v < 0 else '0.0001')))\n"
        "    else:\n"
        "        texts.append('%.4f' % v)\n"
        'print(" ".join("0.0000" if text == "-0.0000" else text for text in texts))',
    ),
    "negative_zero": (
        'prints "%.4f" as it comes, so a tiny negative result reads -0.0000, not 0.0000.',
        "means = [sum(g[j] for g in grads) / k for j in range(d)]\n"
        'print(" ".join("%.4f" % (theta[j] - lr * means[j]) for j in range(d)))',
    ),
}


def program(name):
    """Return the source of the wrong-answer submission NAME."""
    why, body = MISTAKES[name]
    return '"""WRONG: %s"""\n%s%s\n' % (why, PROLOGUE, body)


# The right values printed loosely: a space after the last one and no final newline. Every judge's
# checker compares tokens, so each must accept it, as docs/problem.md tells contestants.
LOOSE_SPACING = ('"""RIGHT: the right values, with a trailing space and no final newline."""\n' + PROLOGUE
                 + "means = [sum(g[j] for g in grads) / k for j in range(d)]\n"
                 "texts = ['%.4f' % (theta[j] - lr * means[j]) for j in range(d)]\n"
                 "texts = ['0.0000' if text == '-0.0000' else text for text in texts]\n"
                 "sys.stdout.write(' '.join(texts) + ' ')\n")
