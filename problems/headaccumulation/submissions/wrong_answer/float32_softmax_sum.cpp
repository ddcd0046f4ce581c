// the softmax's denominator added up in a `float`, all else in double, in C++: the sum of the
// exponentials keeps 7 significant digits, and every probability with it; add it up in double precision.
//
// Wrong: Adds the exponentials into a `float`.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

static const char *at;

static long long integer() {
    while (*at == ' ' || *at == '\n') ++at;
    bool negative = *at == '-';
    if (negative) ++at;
    long long n = 0;
    while (*at >= '0' && *at <= '9') n = n * 10 + (*at++ - '0');
    return negative ? -n : n;
}

static double number() {
    static const double powers[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
                                    1e13, 1e14, 1e15, 1e16, 1e17, 1e18};
    while (*at == ' ' || *at == '\n') ++at;
    bool negative = *at == '-';
    if (negative) ++at;
    long long n = 0;
    int places = 0;
    while (*at >= '0' && *at <= '9') n = n * 10 + (*at++ - '0');
    if (*at == '.') {
        ++at;
        while (*at >= '0' && *at <= '9') {
            n = n * 10 + (*at++ - '0');
            ++places;
        }
    }
    double value = static_cast<double>(n) / powers[places];
    return negative ? -value : value;
}

int main() {
    std::string text;
    char chunk[1 << 16];
    size_t got;
    while ((got = std::fread(chunk, 1, sizeof chunk, stdin)) > 0) text.append(chunk, got);
    at = text.c_str();
    const long long k = integer(), d = integer(), v = integer();
    const double lr = number();
    std::vector<double> w(d * v), total(d * v, 0.0), h(d), z(v);
    for (long long i = 0; i < d * v; ++i) w[i] = number();  // W[m][j] is w[m * V + j]
    long long counted = 0;
    for (long long b = 0; b < k; ++b) {
        const long long n = integer();
        for (long long i = 0; i < n; ++i) {
            const long long t = integer();
            for (long long m = 0; m < d; ++m) h[m] = number();
            if (t == -100) continue;  // padding: adds nothing, and is not counted
            ++counted;
            std::fill(z.begin(), z.end(), 0.0);
            for (long long m = 0; m < d; ++m)
                for (long long j = 0; j < v; ++j) z[j] += h[m] * w[m * v + j];
            const double top = *std::max_element(z.begin(), z.end());
            float s = 0.0f;  // in float32
            for (long long j = 0; j < v; ++j) {
                z[j] = std::exp(z[j] - top);
                s += z[j];
            }
            for (long long j = 0; j < v; ++j) z[j] /= s;  // p, the softmax
            z[t] -= 1.0;                                  // p - e_t
            for (long long m = 0; m < d; ++m)
                for (long long j = 0; j < v; ++j) total[m * v + j] += h[m] * z[j];
        }
    }
    // One update, with the sum divided once by the number of counted tokens of the whole batch.
    const double scale = lr / static_cast<double>(counted);
    std::string out;
    char value[32];
    for (long long m = 0; m < d; ++m) {
        for (long long j = 0; j < v; ++j) {
            int length = std::snprintf(value, sizeof value, "%.17g", w[m * v + j] - scale * total[m * v + j]);
            if (j) out.push_back(' ');
            out.append(value, static_cast<size_t>(length));
        }
        out.push_back('\n');
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
