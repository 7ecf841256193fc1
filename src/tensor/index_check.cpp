// The range check of an index tensor, computed on the device in the realize of the op
// that reads it and verified by the engine before the op runs (graph/lazy.hpp NodeCheck).
// The flag is one small reduction: the largest index above the range and the most
// negative below it, so the Error can name an offending value.
#include <fmt/format.h>

#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "tensor/indexing.hpp"

namespace ingot::frontend {

void check_index_range(const Tensor& out, const Tensor& idx, const IndexRange& range) {
  if (idx.numel() == 0) return;
  const int64_t lo = range.negatives ? -range.size : 0, hi = range.size;
  auto k = [&](int64_t v) {
    return constant({}, DType::Int64, idx.device(), static_cast<double>(v));
  };
  Tensor i = idx.astype(DType::Int64).reshape({-1, 1});
  // Column 0: max(i) where i >= hi, else hi - 1. Column 1: max(-1 - i) where i < lo, else
  // -1 - lo (the negation without its overflow at the int64 minimum).
  Tensor above = Tensor::where(i.ge(k(hi)), i, k(hi - 1));
  Tensor below = Tensor::where(i.lt(k(lo)), -1.0 - i, k(-1 - lo));
  Tensor flag = Tensor::cat({above, below}, 1).max({0});
  auto verify = [range, lo, hi](const Buffer& buffer) {
    int64_t v[2];
    buffer.copy_out(v, sizeof v);
    int64_t bad;
    if (v[0] > hi - 1)
      bad = v[0];
    else if (v[1] > -1 - lo)
      bad = -1 - v[1];
    else
      return;
    std::string valid = hi > lo ? fmt::format("valid: {} to {}", lo, hi - 1) : "no index is valid";
    throw ArgumentError(fmt::format("{}: index {} is out of range for axis {} of size {} ({}{})",
                                    range.op, bad, range.axis, range.size, valid,
                                    range.negatives ? "" : "; negative indices are refused"));
  };
  out.node()->checks.push_back(
      std::make_shared<const NodeCheck>(NodeCheck{idx.node(), flag.node(), verify}));
}

}  // namespace ingot::frontend
