#include "codegen/opts.hpp"

#include <fmt/format.h>

#include <functional>
#include <unordered_set>

namespace ingot::codegen {
namespace {

constexpr int64_t kStreamingBytes = int64_t(64) << 20;

// Vector code is emitted for the element types and operations every C compiler's
// vector extension handles; anything else is left to the compiler's own vectorizer.
bool vector_friendly_dtype(DType dt) {
  return dt == DType::Float32 || dt == DType::Float64 || dt == DType::Int32 || dt == DType::Int64;
}

bool vector_friendly_op(Op op, DType dt) {
  switch (op) {
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Neg:
    case Op::Const:
    case Op::Contiguous:
    case Op::ReduceSum:
      return true;
    case Op::Div:
      return is_float(dt);
    default:
      return is_movement(op);
  }
}

struct Region {
  bool friendly = true;
  std::vector<const LazyNode*> reduces;  // reduces reached from the output without crossing another
};

void scan(const LazyNode* n, bool under_reduce, Region& r,
          std::unordered_set<const LazyNode*>& seen) {
  if (!seen.insert(n).second) return;
  r.friendly &= vector_friendly_dtype(n->dtype);
  if (n->realized()) return;
  r.friendly &= vector_friendly_op(n->op, n->dtype);
  bool reduce = is_reduce(n->op);
  if (reduce && !under_reduce) r.reduces.push_back(n);
  for (const auto& s : n->src) scan(s.get(), under_reduce || reduce, r, seen);
}

}  // namespace

std::string Plan::describe() const {
  std::string s;
  if (vector_reduce) s += fmt::format("UNROLL(reduce,{}) ", width);
  if (vector_output) s += fmt::format("UPCAST(out,{}) ", width);
  if (unroll > 1) s += fmt::format("UPCAST(axis{},{}) ", unroll_axis, unroll);
  if (streaming_store) s += "STREAM ";
  return s.empty() ? "none" : s;
}

std::vector<Plan> candidate_plans(const NodePtr& out, const DeviceInfo& device, bool noopt) {
  std::vector<Plan> plans;
  Region region;
  std::unordered_set<const LazyNode*> seen;
  scan(out.get(), false, region, seen);
  const Shape& shape = out->shape;
  int width = std::max(1, device.simd_width * 4 / static_cast<int>(dtype_size(out->dtype)));
  if (!noopt && region.friendly && region.reduces.size() == 1 && width > 1) {
    const LazyNode* r = region.reduces[0];
    int64_t inner = r->src[0]->shape[r->arg.back()];
    if (inner % width == 0 && inner >= 2 * width) {
      Plan p;
      p.width = width;
      p.vector_reduce = r;
      p.strict = true;
      plans.push_back(p);
    }
    if (!shape.empty() && shape.back() % width == 0) {
      Plan p;
      p.width = width;
      p.vector_output = true;
      p.strict = true;
      for (int axis = static_cast<int>(shape.size()) - 2; axis >= 0 && p.unroll == 1; --axis) {
        for (int u : {8, 4})
          if (shape[axis] % u == 0 && p.unroll == 1) {
            p.unroll = u;
            p.unroll_axis = axis;
          }
      }
      plans.push_back(p);
    }
  }
  // A large elementwise kernel: vector lanes over the last axis, stored streaming.
  bool large = shape_numel(shape) * static_cast<int64_t>(dtype_size(out->dtype)) >= kStreamingBytes;
  if (!noopt && region.friendly && region.reduces.empty() && width > 1 && large &&
      shape.back() % width == 0) {
    Plan p;
    p.width = width;
    p.vector_output = true;
    p.strict = true;
    p.streaming_store = true;
    plans.push_back(p);
  }
  plans.push_back(Plan{});
  return plans;
}

}  // namespace ingot::codegen
