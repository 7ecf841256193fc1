// The range check of an index tensor, computed on the device in the realize of the op
// that reads it and verified by the engine before the op runs (graph/lazy.hpp NodeCheck).
// The flag is one small reduction: the greatest index and the least, so the Error can
// name an offending value (and the engine keeps them for the next check of the tensor).
#include <fmt/format.h>

#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "tensor/indexing.hpp"

namespace ingot::frontend {

void check_index_range(const Tensor& out, const Tensor& idx, const IndexRange& range) {
  if (idx.numel() == 0) return;
  const int64_t lo = range.negatives ? -range.size : 0, hi = range.size;
  auto flag = [idx] {
    Tensor i = idx.astype(DType::Int64).reshape({-1});
    // -1 - i: the negation without its overflow at the int64 minimum.
    return Tensor::stack({i, -1.0 - i}, 1).max({0}).node();
  };
  auto verify = [range, lo, hi](int64_t least, int64_t greatest) {
    int64_t bad;
    if (greatest > hi - 1)
      bad = greatest;
    else if (least < lo)
      bad = least;
    else
      return;
    std::string valid = hi > lo ? fmt::format("valid: {} to {}", lo, hi - 1) : "no index is valid";
    throw ArgumentError(fmt::format("{}: index {} is out of range for axis {} of size {} ({}{})",
                                    range.op, bad, range.axis, range.size, valid,
                                    range.negatives ? "" : "; negative indices are refused"));
  };
  out.node()->checks.push_back(
      std::make_shared<const NodeCheck>(NodeCheck{idx.node(), flag, verify}));
}

}  // namespace ingot::frontend
