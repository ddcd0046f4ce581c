// one largest logit subtracted over the whole batch, not each token's own, in C++: where two tokens'
// largest logits lie more than about 745 apart, every exp() of the lower token is 0 in a double, its
// softmax is 0 over 0, and the output holds nan (as numpy prints where `Z - Z.max()` has no
// `axis=1`); subtract from each token's logits the largest of that token's alone.
//
// Wrong: Computes every counted token's logits, subtracts the largest logit of the whole batch, then
// takes each softmax.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <vector>

int main() {
    long long k, d, v;
    double lr;
    std::cin >> k >> d >> v >> lr;
    std::vector<double> w(d * v), total(d * v, 0.0);
    for (auto &x : w) std::cin >> x;
    std::vector<long long> targets;
    std::vector<std::vector<double>> hidden, logits;
    for (long long b = 0; b < k; ++b) {
        long long n;
        std::cin >> n;
        for (long long i = 0; i < n; ++i) {
            long long t;
            std::vector<double> h(d), z(v, 0.0);
            std::cin >> t;
            for (auto &x : h) std::cin >> x;
            if (t == -100) continue;
            for (long long m = 0; m < d; ++m)
                for (long long j = 0; j < v; ++j) z[j] += h[m] * w[m * v + j];
            targets.push_back(t);
            hidden.push_back(h);
            logits.push_back(z);
        }
    }
    double top = -INFINITY;  // the batch's largest logit, not the token's
    for (const auto &z : logits) top = std::max(top, *std::max_element(z.begin(), z.end()));
    for (size_t i = 0; i < logits.size(); ++i) {
        std::vector<double> q(v);
        double s = 0.0;
        for (long long j = 0; j < v; ++j) s += q[j] = std::exp(logits[i][j] - top);
        for (long long j = 0; j < v; ++j) q[j] /= s;
        q[targets[i]] -= 1.0;
        for (long long m = 0; m < d; ++m)
            for (long long j = 0; j < v; ++j) total[m * v + j] += hidden[i][m] * q[j];
    }
    const double scale = lr / static_cast<double>(logits.size());
    for (long long m = 0; m < d; ++m)
        for (long long j = 0; j < v; ++j)
            std::printf("%.17g%c", w[m * v + j] - scale * total[m * v + j], j + 1 < v ? ' ' : '\n');
    return 0;
}
