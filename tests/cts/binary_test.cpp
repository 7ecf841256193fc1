// Many programs loaded from one binary.
#include <map>

#include "cts/device_io.hpp"
#include "cts/kernels.hpp"
#include "cts/references.hpp"

namespace ingot::test {
namespace {

class CtsBinary : public CtsKernelTest {};

TEST_P(CtsBinary, ManyProgramsFromOneBinary) {
  Device& dev = device();
  const std::vector<uint8_t>& binary = kernel_binary(dev);
  std::map<std::string_view, std::unique_ptr<Program>> programs;
  for (const Kernel& k : kernel_table()) {
    auto& program = programs[k.name] = dev.load(binary, std::string(k.name), k.buffers);
    EXPECT_EQ(program->buffer_count(), k.buffers) << k.name;
  }
  Program &axpb = *programs.at("axpb"), &sqrt2 = *programs.at("sqrt2");

  // Two functions of one binary run as themselves: mid = a * 0.5 + b + 1, out = sqrt(mid) * 2.
  const size_t n = 64 * 65;
  auto a = random_values<float>(n, 5, 0, 10), b = random_values<float>(n, 6, 0, 10);
  auto a_buf = upload(dev, a), b_buf = upload(dev, b);
  auto mid = poisoned(dev, n * sizeof(float)), out = poisoned(dev, n * sizeof(float));
  Buffer* first[] = {mid.get(), a_buf.get(), b_buf.get()};
  Buffer* second[] = {out.get(), mid.get()};
  ScalarArg scalars[] = {ScalarArg::of_int(1), ScalarArg::of_float(0.5)};
  axpb.launch(first, linear_dims(n, 64), scalars, true);
  sqrt2.launch(second, linear_dims(n, 64), {}, true);
  Reference expected_mid = axpb_reference(a, b, 1, 0.5);
  expect_near(download<float>(*mid), expected_mid);
  expect_near(download<float>(*out), sqrt2_reference(expected_mid.values));

  // Two programs of one function are independent: unloading one leaves the other working.
  auto again = dev.load(binary, "sqrt2", 2);
  programs.clear();
  poison(*out);
  again->launch(second, linear_dims(n, 64), {}, true);
  expect_near(download<float>(*out), sqrt2_reference(expected_mid.values));
}

INGOT_INSTANTIATE_CTS_SUITE(CtsBinary);

}  // namespace
}  // namespace ingot::test
