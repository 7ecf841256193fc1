// One transformer block's forward pass, written with ingot's lazy tensors: multi-head
// self-attention and a GELU MLP, each with a residual connection. Shared by the example
// (main.cpp) and the JIT benchmark (bench/jit_bench.cpp).
#pragma once

#include <cmath>
#include <ingot/ingot.hpp>
#include <string>

namespace transformer {

using ingot::Tensor;

struct Weights {
  Tensor wq, wk, wv, wo, w1, w2;
};

// Random weights for a block of model dimension `dim` (the MLP's hidden one 4 * dim) on
// `device`, realized, scaled like a trained model's (about 1 / sqrt(fan in)) so that
// activations stay of order one.
inline Weights random_weights(int64_t dim, const std::string& device) {
  auto weight = [&](int64_t in, int64_t out) {
    return (Tensor::randn({in, out}, ingot::DType::Float32, device) * (1.0 / std::sqrt(double(in))))
        .contiguous();
  };
  Weights w{weight(dim, dim), weight(dim, dim),     weight(dim, dim),
            weight(dim, dim), weight(dim, 4 * dim), weight(4 * dim, dim)};
  Tensor::realize_all({w.wq, w.wk, w.wv, w.wo, w.w1, w.w2});
  return w;
}

// The block's MLP: x [seq, dim] -> [seq, hidden] -> GELU -> [seq, dim]. Exported by
// examples/aot.
inline Tensor mlp(const Tensor& x, const Tensor& w1, const Tensor& w2) {
  return x.matmul(w1).gelu().matmul(w2);
}

// x: [seq, dim]. Heads split the model dimension: [seq, dim] -> [heads, seq, dim / heads].
inline Tensor block(const Tensor& x, const Weights& w, int64_t heads) {
  const int64_t seq = x.shape()[0], dim = x.shape()[1], head_dim = dim / heads;
  auto split = [&](const Tensor& t) {
    return t.reshape({seq, heads, head_dim}).permute({1, 0, 2});
  };
  Tensor q = split(x.matmul(w.wq)), k = split(x.matmul(w.wk)), v = split(x.matmul(w.wv));
  Tensor scores = q.matmul(k.transpose()) * (1.0 / std::sqrt(double(head_dim)));
  Tensor attended = scores.softmax(-1).matmul(v).permute({1, 0, 2}).reshape({seq, dim});
  Tensor h = x + attended.matmul(w.wo);
  return h + mlp(h, w.w1, w.w2);
}

}  // namespace transformer
