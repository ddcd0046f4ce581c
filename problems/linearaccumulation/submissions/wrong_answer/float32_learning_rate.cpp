// the learning rate kept in a `float`, all else in double, in C++: its 7 significant digits move a
// step of about 100 in its sixth digit, which is beyond the tolerance where the step leaves a weight
// near 0; keep the learning rate in double precision.
//
// Wrong: Reads the learning rate into a `float`.
#include <cstdio>
#include <string>
#include <vector>

static const char *at;

static long long integer() {
    while (*at == ' ' || *at == '\n') ++at;
    long long n = 0;
    while (*at >= '0' && *at <= '9') n = n * 10 + (*at++ - '0');
    return n;
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
    const long long k = integer(), b = integer(), d = integer();
    const float lr = number();  // in float32
    std::vector<double> w(d), total(d, 0.0), gradient(d), x(d);
    for (long long j = 0; j < d; ++j) w[j] = number();
    for (long long i = 0; i < k; ++i) {  // micro-batch i, at the original weights w
        for (long long j = 0; j < d; ++j) gradient[j] = 0.0;
        for (long long e = 0; e < b; ++e) {
            double residual = 0.0;
            for (long long j = 0; j < d; ++j) {
                x[j] = number();
                residual += x[j] * w[j];
            }
            residual -= number();  // the target y
            for (long long j = 0; j < d; ++j) gradient[j] += x[j] * residual;
        }
        for (long long j = 0; j < d; ++j) total[j] += gradient[j] * (2.0 / static_cast<double>(b));
    }
    std::string out;
    char value[32];
    for (long long j = 0; j < d; ++j) {  // one update, with the mean of the K gradients
        int n = std::snprintf(value, sizeof value, "%.17g", w[j] - lr * (total[j] / static_cast<double>(k)));
        if (j) out.push_back(' ');
        out.append(value, static_cast<size_t>(n));
    }
    out.push_back('\n');
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
