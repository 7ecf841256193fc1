// The collectives suite's groups, buffers and host references.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>

#include "collective/collective_test.hpp"
#include "support/rounding_step.hpp"

namespace ingot::test {
namespace {

// Before main, and so before the first use of Metal and OpenCL: two emulated Metal devices
// (the other suites keep one) and PoCL's CPU twice, unless the environment names its own.
const bool kTwoOfEach = [] {
  ::setenv("INGOT_METAL_EMULATOR_DEVICES", "2", /*overwrite=*/1);
  ::setenv("POCL_DEVICES", "pthread pthread", /*overwrite=*/0);
  return true;
}();

constexpr uint8_t kPoison = 0xA5;
// Where the first device's buffer starts in its allocation: a view, as a tensor's may be.
constexpr size_t kViewOffsetElements = 3;

double combine(ReduceOp op, double a, double b) {
  switch (op) {
    case ReduceOp::Sum:
      return a + b;
    case ReduceOp::Prod:
      return a * b;
    case ReduceOp::Max:
      return std::max(a, b);
    case ReduceOp::Min:
      return std::min(a, b);
  }
  return a;
}

}  // namespace

std::vector<Group> groups() {
  std::vector<std::vector<std::string>> lists = {
      {"CPU"}, {"METAL:0", "METAL:1"}, {"CL:0", "CL:1"}, {"CUDA:0", "CUDA:1"}, {"CPU", "METAL:0"}};
  // Every CUDA device, where there are more than two (the lent machines have 4 or 8).
  std::vector<std::string> cuda;
  for (const std::string& name : Device::available())
    if (name.rfind("CUDA", 0) == 0) cuda.push_back(name);
  if (cuda.size() > 2) lists.push_back(cuda);
  // "CL:0", "CL:1" -> "CL_0_CL_1": the sanitizer stages leave PoCL's tests out by the
  // CL_0 in their names (tests/CMakeLists.txt).
  std::vector<Group> all;
  for (auto& devices : lists) {
    std::string label = fmt::format("{}", fmt::join(devices, "_"));
    std::replace(label.begin(), label.end(), ':', '_');
    all.push_back({label, std::move(devices)});
  }
  return all;
}

std::string group_name(const ::testing::TestParamInfo<Group>& info) { return info.param.label; }

void Collective::SetUp() {
  ASSERT_TRUE(kTwoOfEach);
  std::vector<std::string> available = Device::available();
  for (const std::string& name : GetParam().devices)
    if (std::find(available.begin(), available.end(), name) == available.end())
      GTEST_SKIP() << name << " does not open here";
  comm_ = &Communicator::get(GetParam().devices);
}

bool Collective::supported(DType dtype) const {
  return std::all_of(comm_->devices().begin(), comm_->devices().end(),
                     [&](const Device* device) { return device->info().supports(dtype); });
}

std::vector<std::shared_ptr<Buffer>> Collective::make_buffers(size_t elements, DType dtype,
                                                              const HostValues& values) {
  const size_t element = dtype_size(dtype), bytes = elements * element;
  std::vector<std::shared_ptr<Buffer>> buffers;
  for (size_t d = 0; d < size(); ++d) {
    Allocator& allocator = comm_->devices()[d]->allocator();
    std::shared_ptr<Buffer> buffer;
    if (d == 0) {
      const size_t at = kViewOffsetElements * element;
      buffer = std::make_shared<Buffer>(allocator.alloc(at + bytes + element), at, bytes);
    } else {
      buffer = allocator.alloc(bytes);
    }
    std::vector<uint8_t> host(bytes, kPoison);
    if (!values.empty())
      for (size_t i = 0; i < elements; ++i) store_from_double(host.data(), dtype, i, values[d][i]);
    buffer->copy_in(host.data(), bytes);
    buffers.push_back(std::move(buffer));
  }
  return buffers;
}

HostValues Collective::random_inputs(size_t elements, DType dtype, uint32_t seed) const {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> real(-2.0, 2.0);
  std::uniform_int_distribution<int> integer(is_unsigned_int(dtype) ? 0 : -9, 9);
  HostValues values(size(), std::vector<double>(elements));
  for (auto& device : values)
    for (double& v : device)
      v = is_float(dtype) ? round_to_float(real(rng), dtype) : double(integer(rng));
  return values;
}

HostValues Collective::read(const std::vector<std::shared_ptr<Buffer>>& buffers, size_t elements,
                            DType dtype) const {
  HostValues values;
  for (const auto& buffer : buffers) {
    std::vector<uint8_t> host(elements * dtype_size(dtype));
    buffer->copy_out(host.data(), host.size());
    std::vector<double> device(elements);
    for (size_t i = 0; i < elements; ++i) device[i] = load_as_double(host.data(), dtype, i);
    values.push_back(std::move(device));
  }
  return values;
}

std::vector<Buffer*> pointers(const std::vector<std::shared_ptr<Buffer>>& buffers) {
  std::vector<Buffer*> raw;
  for (const auto& buffer : buffers) raw.push_back(buffer.get());
  return raw;
}

Reference reduce_reference(const HostValues& inputs, size_t begin, size_t count, DType dtype,
                           ReduceOp op) {
  Reference ref{std::vector<double>(count), std::vector<double>(count)};
  // Each step of the carrier rounds to the dtype: an error of an epsilon of the partial
  // result's scale a step (NCCL may add in another order, within the same bound).
  const double steps = double(inputs.size());
  for (size_t i = 0; i < count; ++i) {
    double value = inputs[0][begin + i], scale = std::fabs(value);
    for (size_t d = 1; d < inputs.size(); ++d) {
      const double x = inputs[d][begin + i];
      value = combine(op, value, x);
      scale = op == ReduceOp::Sum ? scale + std::fabs(x) : std::fabs(value);
    }
    ref.value[i] = value;
    const bool exact = op == ReduceOp::Max || op == ReduceOp::Min;
    ref.tolerance[i] = exact ? 0 : 2 * steps * rounding_step(dtype) * std::max(scale, 1e-30);
  }
  return ref;
}

void expect_near(const std::vector<double>& got, const Reference& want, const std::string& what) {
  ASSERT_EQ(got.size(), want.value.size()) << what;
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_LE(std::fabs(got[i] - want.value[i]), want.tolerance[i])
        << what << ": element " << i << " is " << got[i] << ", want " << want.value[i];
}

}  // namespace ingot::test
