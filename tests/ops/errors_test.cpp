// Bad input throws ingot::Error whose message names the op and the offending shapes or
// values, and the process keeps working afterwards: every case runs a correct op after
// the failure and checks its result.
#include <optional>

#include "support/op_test.hpp"

namespace {

using namespace support;
using std::nullopt;

struct ErrorCase {
  std::string name;
  // Builds (and realizes) something invalid on `device`.
  std::function<void(const std::string& device)> run;
  std::vector<std::string> op_names;  // the message names one of these
  std::vector<std::string> mentions;  // ...and all of these
};
void PrintTo(const ErrorCase& c, std::ostream* os) { *os << c.name; }

Tensor filled(const Shape& shape, const std::string& device) {
  return Tensor::arange(0, static_cast<double>(ref::numel_of(shape)), 1, F32, device)
             .reshape(shape) *
         0.5;
}

template <class F>
ErrorCase error_case(std::string name, std::vector<std::string> op_names,
                     std::vector<std::string> mentions, F build) {
  return {std::move(name),
          [build](const std::string& d) {
            Tensor t = build(d);
            t.realize();
          },
          std::move(op_names), std::move(mentions)};
}

std::vector<ErrorCase> error_cases() {
  auto f = filled;
  return {
      error_case("broadcast_mismatch", {"add", "+", "broadcast"}, {"3", "4"},
                 [=](const std::string& d) { return f({3}, d) + f({4}, d); }),
      error_case("broadcast_mismatch_2d", {"mul", "*", "broadcast"}, {"7", "5"},
                 [=](const std::string& d) {
                   return f({2, 7}, d) * f({5}, d);
                 }),
      error_case("matmul_mismatch", {"matmul"}, {"3", "4"},
                 [=](const std::string& d) {
                   return f({2, 3}, d).matmul(f({4, 5}, d));
                 }),
      error_case("matmul_batch_mismatch", {"matmul"}, {"2", "3"},
                 [=](const std::string& d) {
                   return f({2, 4, 5}, d).matmul(f({3, 5, 6}, d));
                 }),
      error_case("matmul_scalar", {"matmul"}, {},
                 [=](const std::string& d) { return f({}, d).matmul(f({3}, d)); }),
      error_case("sum_axis_out_of_range", {"sum"}, {"5"},
                 [=](const std::string& d) {
                   return f({3, 4}, d).sum({5});
                 }),
      error_case("sum_negative_axis_out_of_range", {"sum"}, {"-3"},
                 [=](const std::string& d) {
                   return f({3, 4}, d).sum({-3});
                 }),
      error_case("max_repeated_axis", {"max"}, {},
                 [=](const std::string& d) {
                   return f({3, 4}, d).max({1, -1});
                 }),
      error_case("softmax_axis", {"softmax"}, {"2"},
                 [=](const std::string& d) {
                   return f({3, 4}, d).softmax(2);
                 }),
      error_case("argmax_axis", {"argmax"}, {"2"},
                 [=](const std::string& d) {
                   return f({3, 4}, d).argmax(2);
                 }),
      error_case("reshape_other_size", {"reshape"}, {"5"},
                 [=](const std::string& d) {
                   return f({3, 4}, d).reshape({5, 3});
                 }),
      error_case("reshape_two_minus1", {"reshape"}, {"-1"},
                 [=](const std::string& d) {
                   return f({3, 4}, d).reshape({-1, -1});
                 }),
      error_case("reshape_minus1_indivisible", {"reshape"}, {"5"},
                 [=](const std::string& d) {
                   return f({3, 4}, d).reshape({5, -1});
                 }),
      error_case("slice_step_0", {"slice"}, {"step"},
                 [=](const std::string& d) {
                   return f({3, 4}, d).slice({{0, 2, 0}});
                 }),
      // ingot rejects out-of-range bounds instead of clamping them as Python does.
      error_case("slice_start_out_of_range", {"slice"}, {"-100"},
                 [=](const std::string& d) {
                   return f({9, 13}, d).slice({{-100, 5}});
                 }),
      error_case("slice_stop_out_of_range", {"slice"}, {"50"},
                 [=](const std::string& d) {
                   return f({9, 13}, d).slice({{}, {11, 50}});
                 }),
      error_case("slice_too_many_axes", {"slice"}, {},
                 [=](const std::string& d) {
                   return f({3, 4}, d).slice({{0, 1}, {0, 1}, {0, 1}});
                 }),
      error_case("bitcast_indivisible", {"bitcast"}, {"3"},
                 [=](const std::string& d) { return f({3}, d).bitcast(F64); }),
      error_case("permute_not_a_permutation", {"permute"}, {},
                 [=](const std::string& d) {
                   return f({3, 4}, d).permute({0, 0});
                 }),
      error_case("permute_wrong_length", {"permute"}, {},
                 [=](const std::string& d) {
                   return f({3, 4}, d).permute({1, 0, 2});
                 }),
      error_case("transpose_axis", {"transpose"}, {"2"},
                 [=](const std::string& d) {
                   return f({3, 4}, d).transpose(0, 2);
                 }),
      error_case("expand_non_1_dim", {"expand"}, {"2", "4"},
                 [=](const std::string& d) {
                   return f({3, 2}, d).expand({3, 4});
                 }),
      error_case("expand_fewer_dims", {"expand"}, {},
                 [=](const std::string& d) {
                   return f({3, 2}, d).expand({6});
                 }),
      error_case("flip_axis", {"flip"}, {"5"},
                 [=](const std::string& d) {
                   return f({3, 4}, d).flip({5});
                 }),
      error_case("unsqueeze_axis", {"unsqueeze"}, {"4"},
                 [=](const std::string& d) {
                   return f({3, 4}, d).unsqueeze(4);
                 }),
      error_case("pad_too_many_axes", {"pad"}, {},
                 [=](const std::string& d) {
                   return f({3}, d).pad({{1, 1}, {1, 1}});
                 }),
      error_case("cat_mismatched_shapes", {"cat"}, {"3", "4"},
                 [=](const std::string& d) {
                   return Tensor::cat({f({2, 3}, d), f({2, 4}, d)}, 0);
                 }),
      error_case("cat_mismatched_ndim", {"cat"}, {},
                 [=](const std::string& d) {
                   return Tensor::cat({f({2, 3}, d), f({3}, d)}, 0);
                 }),
      error_case("cat_empty_list", {"cat"}, {},
                 [=](const std::string&) { return Tensor::cat({}, 0); }),
      error_case("stack_mismatched_shapes", {"stack"}, {"3", "4"},
                 [=](const std::string& d) {
                   return Tensor::stack({f({2, 3}, d), f({2, 4}, d)});
                 }),
      error_case("where_mismatch", {"where", "broadcast"}, {"3", "4"},
                 [=](const std::string& d) {
                   return Tensor::where(f({3}, d).gt(f({3}, d)), f({4}, d), f({3}, d));
                 }),
      error_case("repeat_too_few_counts", {"repeat"}, {},
                 [=](const std::string& d) {
                   return f({3, 4}, d).repeat({2});
                 }),
      error_case("from_vector_wrong_count", {"from_vector", "from_data", "count", "element"}, {"5"},
                 [=](const std::string& d) {
                   return Tensor::from_vector<float>({1, 2, 3, 4, 5}, {2, 3}, d);
                 }),
      error_case("negative_dimension", {"zeros", "full"}, {"-1"},
                 [=](const std::string& d) {
                   return Tensor::zeros({3, -1}, F32, d);
                 }),
      error_case("arange_step_0", {"arange"}, {},
                 [=](const std::string& d) { return Tensor::arange(0, 5, 0, nullopt, d); }),
      error_case("randint_empty_range", {"randint"}, {},
                 [=](const std::string& d) { return Tensor::randint(5, 5, {3}, I32, d); }),
      error_case("unknown_device", {}, {"NOPE"},
                 [=](const std::string&) { return Tensor::zeros({3}, F32, "NOPE:7"); }),
      error_case("empty_16_TiB", {}, {},
                 [=](const std::string& d) { return Tensor::empty({int64_t(1) << 42}, F32, d); }),
      error_case(
          "zeros_16_TiB_realized", {}, {},
          [=](const std::string& d) { return Tensor::zeros({int64_t(1) << 42}, F32, d) + 1.0; }),
      error_case("item_of_many", {"item"}, {},
                 [=](const std::string& d) {
                   f({3}, d).item<float>();
                   return f({1}, d);
                 }),
      error_case("max_of_zero_size", {"max"}, {},
                 [=](const std::string& d) { return Tensor::zeros({0}, F32, d).max(); }),
  };
}

class ErrorTest : public OpTestT<std::tuple<std::string, ErrorCase>> {};

TEST_P(ErrorTest, ThrowsAndKeepsWorking) {
  const ErrorCase& c = std::get<1>(GetParam());
  EXPECT_TRUE(throws_error([&] { c.run(dev()); }, c.op_names, c.mentions));
  // A correct op afterwards, with data that is not all zeros.
  Array x = random({7, 13}), y = random({13, 5});
  EXPECT_TRUE(close(tensor(x).matmul(tensor(y)) + 1.0, x.matmul(y) + 1.0, Tol::reduction(F32, 13)));
  EXPECT_TRUE(close(tensor(x).sum({1}), x.sum({1}), Tol::reduction(F32, 13)));
}
INGOT_CASES_ON_ALL_DEVICES(ErrorTest, error_cases());

class ErrorMiscTest : public OpTest {};

TEST_P(ErrorMiscTest, OperandsOnDifferentDevices) {
  std::vector<std::string> devices = ingot::Device::available();
  if (devices.size() < 2) GTEST_SKIP() << "needs two devices";
  std::string other = devices[0] == dev() ? devices[1] : devices[0];
  Tensor a = filled({3}, dev()), b = filled({3}, other);
  EXPECT_TRUE(throws_error([&] { (a + b).realize(); }, {"add", "+"}, {dev(), other}));
  EXPECT_TRUE(close(a + b.to(dev()), Array({3}, {0, 1, 2})));
}

TEST_P(ErrorMiscTest, ManyErrorsInARowThenWork) {
  for (int i = 0; i < 20; ++i) {
    EXPECT_THROW(filled({3}, dev()) + filled({4}, dev()), ingot::Error);
    EXPECT_THROW(Tensor::empty({int64_t(1) << 42}, F32, dev()), ingot::Error);
  }
  Array x = random({31, 17});
  EXPECT_TRUE(close(tensor(x).softmax(-1), x.softmax(-1), Tol::transcendental(F32)));
}

INGOT_ON_ALL_DEVICES(ErrorMiscTest);

}  // namespace
