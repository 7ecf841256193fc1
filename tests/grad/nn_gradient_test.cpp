// ingot::nn's layers, checked against central finite differences in float64 on the CPU:
// convolutions of one group by their own rule (convolutions again: conv.cpp's
// convolution_gradients), with stride, padding and dilation; grouped ones and the pools
// through the windows' own rule (windows.cpp) and the ops they are made of;
// conv_transpose2d, attention, normalization and losses.
#include "gradient_check.hpp"
#include "ingot/nn.hpp"

namespace grad_test {
namespace {

namespace nn = ingot::nn;
using ingot::DType;

std::vector<GradCase> nn_cases() {
  const Tensor classes = Tensor::from_vector(std::vector<int32_t>{2, 0, 3}, {3}, "CPU");
  return {
      {"conv2d_stride_pad_dilation",
       {{1, 2, 6, 5}, {3, 2, 3, 2}, {3}},
       [](const Inputs& x) {
         return nn::conv2d(x[0], x[1], x[2], {2, 1}, 1, {1, 2});
       }},
      // Stride 2 leaving a row or column of the input unread (the transposed convolution
      // of the input's gradient then needs output_padding), a strided 1x1 shortcut, and an
      // unbatched image: convolutions of one group, differentiated by their own rule.
      {"conv2d_stride2_rest",
       {{2, 3, 7, 6}, {4, 3, 3, 3}, {4}},
       [](const Inputs& x) { return nn::conv2d(x[0], x[1], x[2], 2, 1); }},
      {"conv2d_1x1_stride2",
       {{2, 3, 6, 5}, {2, 3, 1, 1}},
       [](const Inputs& x) { return nn::conv2d(x[0], x[1], {}, 2); }},
      {"conv2d_unbatched",
       {{2, 5, 4}, {3, 2, 3, 3}},
       [](const Inputs& x) { return nn::conv2d(x[0], x[1], {}, 1, 1); }},
      // 16 channels in and out: on the CPU a sum over taps of matmuls forward and for the
      // input's gradient (conv.cpp's tap_matmul_rows), the weight's by window sums.
      {"conv2d_taps_16_channels",
       {{1, 16, 4, 3}, {16, 16, 3, 3}, {16}},
       [](const Inputs& x) { return nn::conv2d(x[0], x[1], x[2], 1, 1); }},
      {"conv2d_groups_1x1",
       {{2, 4, 3, 3}, {2, 2, 1, 1}},
       [](const Inputs& x) { return nn::conv2d(x[0], x[1], {}, 1, 0, 1, 2); }},
      // Through the windows' own gradient (one spread view of a tap each), with stride,
      // dilation and a padded edge.
      {"conv2d_groups_strided_dilated",
       {{1, 4, 7, 6}, {4, 2, 2, 3}},
       [](const Inputs& x) {
         return nn::conv2d(x[0], x[1], {}, {2, 1}, 1, {2, 1}, 2);
       }},
      {"conv2d_depthwise",
       {{1, 2, 4, 4}, {2, 1, 3, 3}},
       [](const Inputs& x) { return nn::conv2d(x[0], x[1], {}, 1, 1, 1, 2); }},
      {"conv_transpose2d",
       {{1, 2, 3, 3}, {2, 2, 2, 3}},
       [](const Inputs& x) { return nn::conv_transpose2d(x[0], x[1], {}, 2, 1, 1); }},
      {"max_pool2d", {{1, 2, 5, 5}}, [](const Inputs& x) { return nn::max_pool2d(x[0], 3, 2, 1); }},
      {"avg_pool2d", {{1, 2, 5, 4}}, [](const Inputs& x) { return nn::avg_pool2d(x[0], 2, 1, 1); }},
      {"attention_causal",
       {{2, 3, 4}, {2, 4, 4}, {2, 4, 2}},
       [](const Inputs& x) {
         return nn::scaled_dot_product_attention(x[0], x[1], x[2], {}, true);
       }},
      {"layer_norm",
       {{3, 5}, {5}, {5}},
       [](const Inputs& x) { return nn::layer_norm(x[0], {5}, x[1], x[2]); }},
      {"batch_norm_training",
       {{3, 2, 2, 2}},
       [](const Inputs& x) { return nn::batch_norm(x[0], {}, {}, {}, {}, true); }},
      {"cross_entropy",
       {{3, 4}},
       [classes](const Inputs& x) { return nn::cross_entropy(x[0], classes); }},
      {"bce_with_logits",
       {{3, 4}, {3, 4}},
       [](const Inputs& x) {
         return nn::binary_cross_entropy_with_logits(x[0], x[1] * 0.2 + 0.5);
       }},
  };
}

class NnGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(NnGradient, MatchesFiniteDifferences) { check_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Layers, NnGradient, ::testing::ValuesIn(nn_cases()), case_name);

}  // namespace
}  // namespace grad_test
