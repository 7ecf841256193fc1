// Every differentiable op of tensor.hpp, primitive and composite, checked against central
// finite differences in float64 on the CPU: random inputs, odd and broadcast shapes,
// non-contiguous views. The function checked is sum(f(inputs) * w) with random weights w,
// so every output element's gradient counts with its own weight.
#include "gradient_check.hpp"

#include <cmath>

namespace grad_test {
namespace {

using ingot::DType;
using ingot::Slice;

// An int32 index tensor on the CPU.
Tensor indices(std::vector<int32_t> values, Shape shape) {
  return Tensor::from_vector(values, shape, "CPU");
}

std::vector<GradCase> primitive_cases() {
  auto unary = [](const char* name, std::function<Tensor(const Tensor&)> f, double lo = -2,
                  double hi = 2) {
    return GradCase{name, {{3, 5}}, [f](const Inputs& x) { return f(x[0]); }, lo, hi};
  };
  auto binary = [](const char* name, std::function<Tensor(const Tensor&, const Tensor&)> f, Shape a,
                   Shape b, double lo = -2, double hi = 2) {
    return GradCase{name, {a, b}, [f](const Inputs& x) { return f(x[0], x[1]); }, lo, hi};
  };
  return {
      unary("neg", [](const Tensor& x) { return -x; }),
      unary("exp", [](const Tensor& x) { return x.exp(); }),
      unary("exp2", [](const Tensor& x) { return x.exp2(); }),
      unary(
          "log", [](const Tensor& x) { return x.log(); }, 0.2, 3),
      unary(
          "log2", [](const Tensor& x) { return x.log2(); }, 0.2, 3),
      unary("sin", [](const Tensor& x) { return x.sin(); }),
      unary("cos", [](const Tensor& x) { return x.cos(); }),
      unary("tanh", [](const Tensor& x) { return x.tanh(); }),
      unary(
          "sqrt", [](const Tensor& x) { return x.sqrt(); }, 0.2, 3),
      unary(
          "reciprocal", [](const Tensor& x) { return x.reciprocal(); }, 0.3, 3),
      // Cast: through float32 and back is linear, so a large step loses nothing.
      GradCase{"cast_f32",
               {{4, 3}},
               [](const Inputs& x) { return x[0].astype(DType::Float32) * 3.0; },
               -2,
               2,
               1e-2,
               1e-4},
      binary("add_broadcast", [](const Tensor& a, const Tensor& b) { return a + b; }, {3, 1, 4},
             {5, 1}),
      binary("sub_broadcast", [](const Tensor& a, const Tensor& b) { return a - b; }, {4}, {3, 4}),
      binary("mul_broadcast", [](const Tensor& a, const Tensor& b) { return a * b; }, {2, 3, 1},
             {3, 5}),
      binary(
          "div_broadcast", [](const Tensor& a, const Tensor& b) { return a / b; }, {3, 4}, {4}, 0.5,
          2),
      binary("maximum", [](const Tensor& a, const Tensor& b) { return a.maximum(b); }, {3, 4},
             {3, 4}),
      binary("minimum_broadcast", [](const Tensor& a, const Tensor& b) { return a.minimum(b); },
             {3, 4}, {1, 4}),
      binary(
          "pow", [](const Tensor& a, const Tensor& b) { return a.pow(b); }, {3, 4}, {3, 4}, 0.3, 2),
      GradCase{"where",
               {{3, 4}, {4}, {3, 1}},
               [](const Inputs& x) { return Tensor::where(x[0].gt(x[1]), x[1] * x[0], x[2]); }},
      GradCase{"sum_axes",
               {{3, 4, 5}},
               [](const Inputs& x) {
                 return x[0].sum({0, 2});
               }},
      GradCase{"sum_all_keepdim", {{3, 4}}, [](const Inputs& x) { return x[0].sum({}, true); }},
      GradCase{"prod", {{3, 4}}, [](const Inputs& x) { return x[0].prod({1}); }, 0.5, 1.5},
      // Rows with no zero, one zero and two zeros: prod / x would divide by zero.
      GradCase{"prod_with_zeros",
               {{3, 3}},
               [](const Inputs& x) { return x[0].prod({1}); },
               0,
               0,
               1e-6,
               1e-6,
               {{1.5, -2, 0.5, 0, 3, -1.25, 0, 2, 0}}},
      GradCase{"max_axis", {{4, 5}}, [](const Inputs& x) { return x[0].max({1}); }},
      GradCase{"min_all", {{4, 5}}, [](const Inputs& x) { return x[0].min(); }},
      GradCase{"reshape",
               {{3, 4}},
               [](const Inputs& x) {
                 return x[0].reshape({2, 6}) * 2.0;
               }},
      GradCase{"permute",
               {{2, 3, 4}},
               [](const Inputs& x) {
                 return x[0].permute({2, 0, 1}).exp();
               }},
      GradCase{"expand",
               {{3, 1}},
               [](const Inputs& x) {
                 return x[0].expand({2, 3, 4}).sin();
               }},
      GradCase{"pad",
               {{2, 3}},
               [](const Inputs& x) {
                 return x[0].pad({{1, 2}, {0, 1}}, 0.5).exp();
               }},
      GradCase{"shrink",
               {{5, 4}},
               [](const Inputs& x) {
                 return x[0].slice({{1, 4}, {2, std::nullopt}}).exp();
               }},
      GradCase{"stride_positive",
               {{7, 5}},
               [](const Inputs& x) {
                 return x[0].slice({{std::nullopt, std::nullopt, 3}, {1, 5, 2}}).exp();
               }},
      GradCase{"stride_negative",
               {{7, 5}},
               [](const Inputs& x) {
                 return x[0].slice({{6, 0, -2}, {std::nullopt, std::nullopt, -1}}).exp();
               }},
      GradCase{"flip",
               {{3, 4}},
               [](const Inputs& x) {
                 return x[0].flip({0, 1}) * x[0];
               }},
      GradCase{"contiguous", {{3, 4}}, [](const Inputs& x) { return x[0].T().contiguous().exp(); }},
      // Reads at indices (a Take): repeated and negative indices, a transposed source.
      GradCase{"take_repeated_negative",
               {{4, 5}},
               [](const Inputs& x) {
                 return x[0].T().take(indices({2, -1, 2, 0, 3}, {5}), 1);
               }},
      GradCase{"gather",
               {{3, 4}},
               [](const Inputs& x) {
                 return x[0].gather(1, indices({3, 3, 0, 1, 2, 1}, {3, 2})) * x[0].sum({1}, true);
               }},
      GradCase{"take_along_axis_broadcast",
               {{1, 4, 3}},
               [](const Inputs& x) {
                 return x[0].exp().take_along_axis(indices({0, -1, 2, 2, 1, 0}, {2, 1, 3}), 1);
               }},
      GradCase{"embedding",
               {{6, 4}},
               [](const Inputs& x) {
                 return ingot::embedding(x[0], indices({5, 0, 5, 2}, {2, 2}));
               }},
      // Writes at indices: the gradient reaches both the target and the source.
      GradCase{"scatter_add",
               {{3, 4}, {3, 2}},
               [](const Inputs& x) {
                 return x[0].scatter_add(1, indices({1, 1, 0, 3, 2, 0}, {3, 2}), x[1].sin());
               }},
  };
}

std::vector<GradCase> composite_cases() {
  auto one = [](const char* name, Shape shape, std::function<Tensor(const Tensor&)> f,
                double lo = -2, double hi = 2) {
    return GradCase{name, {shape}, [f](const Inputs& x) { return f(x[0]); }, lo, hi};
  };
  return {
      one("abs", {3, 5}, [](const Tensor& x) { return x.abs(); }),
      one(
          "rsqrt", {3, 5}, [](const Tensor& x) { return x.rsqrt(); }, 0.3, 3),
      one("sigmoid", {3, 5}, [](const Tensor& x) { return x.sigmoid(); }),
      one("relu", {3, 5}, [](const Tensor& x) { return x.relu(); }),
      one("gelu", {3, 5}, [](const Tensor& x) { return x.gelu(); }),
      one("square", {3, 5}, [](const Tensor& x) { return x.square(); }),
      one(
          "pow_scalar", {3, 5}, [](const Tensor& x) { return x.pow(2.5); }, 0.2, 2),
      one("clamp", {3, 5}, [](const Tensor& x) { return x.clamp(-1.0, 0.7); }),
      one("scalar_ops", {3, 5},
          [](const Tensor& x) { return (2.0 - x) / 3.0 + 1.0 / (x * x + 1.0); }),
      one("mean", {3, 5}, [](const Tensor& x) { return x.mean({0}); }),
      one("var", {4, 5}, [](const Tensor& x) { return x.var({1}); }),
      one("std_keepdim", {4, 5}, [](const Tensor& x) { return x.std({0}, true, 0); }),
      one("transpose_view", {5, 3},
          [](const Tensor& x) { return x.transpose(0, 1).exp() * x.T(); }),
      one("squeeze_unsqueeze", {3, 1, 4},
          [](const Tensor& x) { return x.squeeze(1).unsqueeze(0).sin(); }),
      one("flatten", {2, 3, 4}, [](const Tensor& x) { return x.flatten(1).cos(); }),
      one("broadcast_to", {4},
          [](const Tensor& x) {
            return x.broadcast_to({3, 4}).exp();
          }),
      one("repeat", {2, 3},
          [](const Tensor& x) {
            return x.repeat({2, 1, 3}).sin();
          }),
      one("softmax", {3, 7}, [](const Tensor& x) { return x.softmax(-1); }),
      one("softmax_axis0_of_view", {7, 3}, [](const Tensor& x) { return x.T().softmax(0); }),
      one("log_softmax", {3, 7}, [](const Tensor& x) { return x.log_softmax(1); }),
      one("matmul_of_itself", {4, 4}, [](const Tensor& x) { return x.matmul(x.T()); }),
      GradCase{"matmul", {{3, 5}, {5, 4}}, [](const Inputs& x) { return x[0].matmul(x[1]); }},
      GradCase{"matmul_batched_broadcast",
               {{2, 1, 3, 4}, {3, 4, 2}},
               [](const Inputs& x) { return x[0].matmul(x[1]); }},
      GradCase{"matmul_vector", {{5}, {5, 3}}, [](const Inputs& x) { return x[0].matmul(x[1]); }},
      GradCase{"matmul_transposed_views",
               {{5, 3}, {4, 5}},
               [](const Inputs& x) { return x[0].T().matmul(x[1].T()); }},
      GradCase{"cat",
               {{2, 3}, {4, 3}},
               [](const Inputs& x) {
                 return Tensor::cat({x[0], x[1].exp(), x[0]}, 0);
               }},
      GradCase{"stack",
               {{2, 3}, {2, 3}},
               [](const Inputs& x) {
                 return Tensor::stack({x[0], x[1] * x[0]}, 1);
               }},
      GradCase{"layer_norm_like",
               {{3, 6}, {6}},
               [](const Inputs& x) {
                 Tensor c = x[0] - x[0].mean({-1}, true);
                 return c * (c.square().mean({-1}, true) + 1e-5).rsqrt() * x[1];
               }},
      GradCase{"cross_entropy_like",
               {{4, 5}},
               [](const Inputs& x) {
                 Tensor target = Tensor::eye(4, 5, DType::Float64, "CPU");
                 return -(x[0].log_softmax(-1) * target).sum({1}).mean();
               }},
  };
}

class PrimitiveGradient : public ::testing::TestWithParam<GradCase> {};
class CompositeGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(PrimitiveGradient, MatchesFiniteDifferences) { check_case(GetParam()); }
TEST_P(CompositeGradient, MatchesFiniteDifferences) { check_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Ops, PrimitiveGradient, ::testing::ValuesIn(primitive_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(Ops, CompositeGradient, ::testing::ValuesIn(composite_cases()), case_name);

}  // namespace
}  // namespace grad_test
