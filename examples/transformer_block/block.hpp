// One transformer block's forward pass, written with ingot's lazy tensors: multi-head
// self-attention and a GELU MLP, each with a residual connection. Shared by the example
// (main.cpp) and the JIT benchmark (bench/jit_bench.cpp).
#pragma once

#include <cmath>
#include <ingot/ingot.hpp>

namespace transformer {

using ingot::Tensor;

struct Weights {
  Tensor wq, wk, wv, wo, w1, w2;
};

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
  return h + h.matmul(w.w1).gelu().matmul(w.w2);
}

}  // namespace transformer
