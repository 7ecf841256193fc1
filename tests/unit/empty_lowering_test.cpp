// Non-empty kernels with empty parts (a cat of an empty computed tensor): the lowerer
// must not unravel an index over the empty part's zero extents, which divided by zero
// (SIGFPE in the lowerer on the CPU and CUDA; a process that loaded PoCL, whose handler
// skips integer divisions by zero, went on with a kernel dividing by 0). Lowered for
// described devices: every division and modulo of the kernel has a nonzero divisor.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "codegen/lower.hpp"
#include "ingot/ingot.hpp"
#include "support/lowering.hpp"

namespace ingot {
namespace {

std::vector<DeviceInfo> devices() {
  DeviceInfo gpu{.name = "GPU",
                 .language = "cuda",
                 .is_gpu = true,
                 .compute_units = 8,
                 .threadgroups = true,
                 .max_threads_per_group = 1024,
                 .local_memory_bytes = 48 << 10,
                 .simd_width = 4,
                 .shuffle_width = 32};
  return {{.name = "CPU", .language = "c", .simd_width = 8}, gpu};
}

using support::input;

// An empty tensor that is computed, not a buffer: its reshape is lowered, not read.
Tensor empty_part() {
  return (Tensor::full({5, 0}, 3.0, DType::Float32, "CPU") * 2.0).reshape({3, 0});
}

void expect_no_division_by_zero(const Tensor& t, const std::string& name) {
  for (const DeviceInfo& device : devices()) {
    SCOPED_TRACE(name + " on " + device.language);
    codegen::Lowered l = support::lower(t.node(), device);
    for (const ir::Inst& in : l.kernel.insts) {
      if (in.op != ir::IOp::Alu || (in.alu != Op::Div && in.alu != Op::Mod) || is_float(in.dtype))
        continue;
      const ir::Inst& divisor = l.kernel.insts[static_cast<size_t>(in.src[1])];
      EXPECT_FALSE(divisor.op == ir::IOp::Const && divisor.value.i == 0) << "a division by 0";
    }
  }
}

TEST(EmptyLowering, EmptyPartsAreNeverUnravelled) {
  Tensor x = input({3, 4});
  expect_no_division_by_zero(Tensor::cat({x, empty_part()}, 1), "cat");
  expect_no_division_by_zero(Tensor::cat({empty_part(), x, empty_part()}, 1) * 2.0, "cat twice");
  expect_no_division_by_zero(Tensor::cat({x, empty_part()}, 1).sum({1}), "row sums");
  expect_no_division_by_zero(Tensor::cat({empty_part(), x}, 1).max({0}), "column maxima");
  // ROW: the row's max and sum are hoisted before the loop over the row.
  expect_no_division_by_zero(Tensor::cat({x, empty_part()}, 1).softmax(-1), "softmax");
}

}  // namespace
}  // namespace ingot
