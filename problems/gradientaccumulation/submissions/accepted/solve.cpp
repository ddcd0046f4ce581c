// Gradient Accumulation in C++17, standard library only: what solve.py prints, byte for byte, on the
// package's data (the canonical format of validators/validate.py).
//
// The gradients are added from g_1 to g_K in double precision, the sum divided by K, and
// theta - lr * mean computed in double precision, as the statement says; printf's "%.4f" rounds the
// exact value of that double correctly, a tie to the even digit, as Python's does; -0.0000 is printed
// 0.0000. strtod reads each decimal to the nearest double, as Python's float() does.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

int main() {
    std::string text;
    char chunk[1 << 16];
    size_t got;
    while ((got = std::fread(chunk, 1, sizeof chunk, stdin)) > 0) text.append(chunk, got);
    const char *at = text.c_str();
    char *end;
    long k = std::strtol(at, &end, 10);
    at = end;
    double lr = std::strtod(at, &end);
    at = end;
    // The parameters: the numbers of the second line.
    std::vector<double> theta;
    const char *line_end = std::strchr(at + 1, '\n');  // at is on the first line's '\n'
    if (line_end == nullptr) line_end = at + std::strlen(at);
    while (true) {
        while (*at == ' ' || *at == '\n') {
            if (*at == '\n' && at >= line_end) break;
            ++at;
        }
        if (at >= line_end) break;
        theta.push_back(std::strtod(at, &end));
        at = end;
    }
    const size_t d = theta.size();
    std::vector<double> sums(d, 0.0);
    for (long i = 0; i < k; ++i) {
        for (size_t j = 0; j < d; ++j) {
            double g = std::strtod(at, &end);
            at = end;
            sums[j] = i == 0 ? g : sums[j] + g;  // left to right, from g_1
        }
    }
    std::string out;
    out.reserve(d * 16);
    char value[64];
    for (size_t j = 0; j < d; ++j) {
        double result = theta[j] - lr * (sums[j] / static_cast<double>(k));
        int n = std::snprintf(value, sizeof value, "%.4f", result);
        if (std::strcmp(value, "-0.0000") == 0) n = std::snprintf(value, sizeof value, "0.0000");
        if (j) out.push_back(' ');
        out.append(value, static_cast<size_t>(n));
    }
    out.push_back('\n');
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
