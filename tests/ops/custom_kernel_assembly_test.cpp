// Kernels in assembly (CustomKernel::language): the level-5 sum of examples/kernel_levels
// (x86-64 on the CPU, PTX on CUDA) against float64 host sums; an assembler's error as an
// ingot::Error with its message; the argument checks every custom kernel gets; and the
// devices that take no assembly refusing it by name.
#include <cmath>

#include "level5_sum_ptx.hpp"
#include "levels.hpp"
#include "ops/custom_kernel_support.hpp"

namespace support {
namespace {

namespace arg = ingot::arg;
using ingot::CustomKernel;

// fill_value(out): out[i] = VALUE (an int32 the caller defines) for i in [start, end). The
// CPU's assembly runs the C preprocessor first.
const char* const kFillX86_64 = R"(
    .text
    .globl fill_value
    .type fill_value, @function
fill_value:
    movq    (%rdi), %rax
1:  cmpq    %rdx, %rsi
    jge     2f
    movl    $VALUE, (%rax,%rsi,4)
    incq    %rsi
    jmp     1b
2:  ret
    .size fill_value, .-fill_value
)";

class CustomKernelAssembly : public CustomKernelTest {
 protected:
  // The assembly language of this device, or "" where it takes none.
  std::string assembly() const { return info().assembly.empty() ? "" : info().assembly[0]; }

  // The level-5 sum of `x` against the float64 sum of `values`: the kernel's result, or
  // false where the example has no assembly for this device.
  bool expect_sum(const Array& values, const Tensor& x) {
    poison_next_output(4);
    std::optional<Tensor> sum = kernel_levels::sum_with_assembly(x);
    if (!sum) return false;
    double want = 0, magnitude = 0;
    for (double v : values.data) {
      want += double(float(v));
      magnitude += std::abs(double(float(v)));
    }
    EXPECT_EQ(sum->numel(), 1);
    // float32 sums in some order: a few units of rounding of the magnitudes' sum.
    EXPECT_NEAR(sum->item<float>(), want, 1e-5 * magnitude + 1e-6) << values.data.size();
    return true;
  }

  // A kernel in this device's assembly whose source has a syntax error naming `word`.
  CustomKernel broken(const std::string& word) {
    if (assembly() == "ptx") {
      std::string source = kernel_levels::kSumPtx;
      const std::string line = "    mov.u32             %r7, warp_sums;";
      source.replace(source.find(line), line.size(), "    mov.u32 %r7, " + word + ";");
      return {.source = source,
              .function = "sum_f32",
              .args = {arg::input(tensor(random({64}))), arg::output({1}), arg::i64(64)},
              .dims = threads(64, 64),
              .device = dev(),
              .language = "ptx"};
    }
    return {.source = std::string(kFillX86_64) + "    " + word + " %rax, %rbx\n",
            .function = "fill_value",
            .args = {arg::output({8}, ingot::DType::Int32)},
            .dims = threads(8),
            .defines = {{"VALUE", "1"}},
            .device = dev(),
            .language = "asm"};
  }
};

TEST_P(CustomKernelAssembly, SumMatchesFloat64Reference) {
  bool ran = false;
  for (int64_t n : {1, 3, 1000, 100003, 1 << 20}) {
    Array x = random({n}, range(-1, 1));
    ran = expect_sum(x, tensor(x));
  }
  if (!ran) {
#if defined(__x86_64__)
    EXPECT_TRUE(assembly().empty()) << dev() << " has assembly, but the example none for it";
#endif
    GTEST_SKIP() << "the level-5 example has no assembly for " << dev() << " on this host";
  }
  EXPECT_TRUE(output_was_poisoned());
}

TEST_P(CustomKernelAssembly, SumOfAViewOffItsAlignment) {
  // x[1:], which may reach the kernel as a view 4 bytes past a 16-byte boundary (where a
  // GPU refuses float4 loads); and a 2-D tensor, whose elements are summed as one row.
  Array x = random({4099}, range(-1, 1));
  Tensor shifted = tensor(x).slice({{1, std::nullopt}});
  Array rest({4098}, std::vector<double>(x.data.begin() + 1, x.data.end()));
  if (!expect_sum(rest, shifted)) GTEST_SKIP() << "no level-5 assembly for " << dev();
  Array square = random({37, 41}, range(-1, 1));
  expect_sum(square, tensor(square));
}

TEST_P(CustomKernelAssembly, SyntaxErrorHoldsTheAssemblersMessage) {
  if (assembly().empty()) GTEST_SKIP() << dev() << " takes no assembly";
#if !defined(__x86_64__)
  if (assembly() == "asm") GTEST_SKIP() << "the test's CPU assembly is x86-64's";
#endif
  expect_error(broken("ingot_undeclared_4711"), {"ingot_undeclared_4711", "assembl"});
  expect_device_works();
}

TEST_P(CustomKernelAssembly, DefinesReachTheCpuAssemblerAndArePtxErrors) {
  if (assembly() == "ptx") {
    CustomKernel k = broken("warp_sums");  // the source as it was
    k.defines = {{"VALUE", "1"}};
    expect_error(k, {"sum_f32", "PTX has no preprocessor"});
    return;
  }
  if (assembly() != "asm") GTEST_SKIP() << dev() << " takes no assembly";
#if !defined(__x86_64__)
  GTEST_SKIP() << "the test's CPU assembly is x86-64's";
#endif
  const int value = int(random({1}, range(1000, 100000)).data[0]);
  poison_next_output(37 * 4);
  Tensor out = ingot::run_custom_kernel({.source = kFillX86_64,
                                         .function = "fill_value",
                                         .args = {arg::output({37}, ingot::DType::Int32)},
                                         .dims = threads(37),
                                         .defines = {{"VALUE", std::to_string(value)}},
                                         .device = dev(),
                                         .language = "asm"})
                   .at(0);
  EXPECT_TRUE(output_was_poisoned());
  for (int32_t got : out.to_vector<int32_t>()) ASSERT_EQ(got, value);
}

TEST_P(CustomKernelAssembly, ArgumentsAreCheckedAsForEveryKernel) {
  if (assembly().empty()) GTEST_SKIP() << dev() << " takes no assembly";
  CustomKernel k = broken("warp_sums");
  k.defines.clear();
  k.args.insert(k.args.begin(), arg::output({-1}));
  expect_error(k, {"argument 0", "negative"});
  k = broken("warp_sums");
  k.defines.clear();
  k.args.push_back(arg::input(Tensor()).named("ghost"));
  expect_error(k, {"('ghost')", "undefined"});
  k = broken("warp_sums");
  k.defines.clear();
  k.args.push_back(arg::i32(int64_t(1) << 40));
  expect_error(k, {"does not fit a int32"});
  k = broken("warp_sums");
  k.function = "scale<float, 4>";
  expect_error(k, {"scale<float, 4>", "not an identifier", assembly() + " is not"});
  k = broken("warp_sums");
  k.source.clear();
  expect_error(k, {"the source is empty"});
  expect_device_works();
}

TEST_P(CustomKernelAssembly, LanguageTheDeviceDoesNotTakeIsAnErrorNamingThoseItDoes) {
  CustomKernel k{
      .source = source_of(kAddArrays),
      .function = "add_arrays",
      .args = {arg::input(tensor(random({4}))), arg::input(tensor(random({4}))), arg::output({4})},
      .dims = threads(4, 4),
      .language = "ingot-vm"};
  expect_error(k, {dev(), "'ingot-vm'", "takes kernels in " + language()});
  for (const char* asked : {"asm", "ptx"}) {
    k.language = asked;
    if (assembly() == asked) continue;
    expect_error(k, {dev(), std::string("'") + asked + "'"});
  }
  if (language() == "metal") expect_error(k, {"Metal has no public assembly"});
  if (language() == "opencl") expect_error(k, {"OpenCL has no portable assembly"});
  k.language = language();  // the device's own, named
  EXPECT_NO_THROW(ingot::run_custom_kernel(k));
  expect_device_works();
}

INGOT_ON_ALL_DEVICES(CustomKernelAssembly);

}  // namespace
}  // namespace support
