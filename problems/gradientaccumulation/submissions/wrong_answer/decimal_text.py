"""decimal arithmetic on the input's text: the statement computes with the doubles nearest the input's
numbers (0.82825 is stored just above it, so it rounds up)

Wrong: Computes in decimal arithmetic on the input's text, not with the doubles nearest its numbers.
"""
import sys
from decimal import ROUND_HALF_EVEN, Context, Decimal

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta, grads = values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]

context = Context(prec=28, rounding=ROUND_HALF_EVEN)  # Decimal's default context
numbers = [context.create_decimal(t) for t in tokens[2:]]
rate, texts = context.create_decimal(tokens[1]), []
for j in range(d):
    total = numbers[d + j]
    for i in range(2, k + 1):
        total = context.add(total, numbers[d * i + j])
    value = context.subtract(numbers[j], context.multiply(rate, context.divide(total, k)))
    text = format(context.quantize(value, Decimal("0.0001")), "f")
    texts.append("0.0000" if text == "-0.0000" else text)
print(" ".join(texts))
