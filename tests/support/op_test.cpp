#include "support/op_test.hpp"

#include <cmath>
#include <cstring>

namespace support {
namespace {

template <class T>
void put(uint8_t* p, double v) {
  T x = static_cast<T>(v);
  std::memcpy(p, &x, sizeof(T));
}

// `v` must already be a float16 value (ref::cast_value).
uint16_t half_bits(double v) {
  uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  double a = std::fabs(v);
  if (std::isnan(v)) return 0x7e00;
  if (std::isinf(a)) return sign | 0x7c00;
  if (a == 0) return sign;
  int e = 0;
  std::frexp(a, &e);
  int exponent = e - 1;
  if (exponent < -14) return sign | static_cast<uint16_t>(std::ldexp(a, 24));
  uint16_t mant = static_cast<uint16_t>(std::ldexp(a, 10 - exponent) - 1024);
  return sign | static_cast<uint16_t>((exponent + 15) << 10) | mant;
}

// `v` must already be a bfloat16 value.
uint16_t bfloat_bits(double v) {
  float f = static_cast<float>(v);
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return static_cast<uint16_t>(u >> 16);
}

}  // namespace

std::vector<uint8_t> encode(const Array& a, DType dtype) {
  size_t size = ingot::dtype_size(dtype);
  std::vector<uint8_t> out(a.data.size() * size);
  for (size_t i = 0; i < a.data.size(); ++i) {
    uint8_t* p = out.data() + i * size;
    double v = a.data[i];
    switch (dtype) {
      case DType::Bool:
        put<uint8_t>(p, v != 0);
        break;
      case DType::Int8:
        put<int8_t>(p, v);
        break;
      case DType::Int16:
        put<int16_t>(p, v);
        break;
      case DType::Int32:
        put<int32_t>(p, v);
        break;
      case DType::Int64:
        put<int64_t>(p, v);
        break;
      case DType::UInt8:
        put<uint8_t>(p, v);
        break;
      case DType::UInt16:
        put<uint16_t>(p, v);
        break;
      case DType::UInt32:
        put<uint32_t>(p, v);
        break;
      case DType::UInt64:
        put<uint64_t>(p, v);
        break;
      case DType::Float16:
        put<uint16_t>(p, half_bits(ref::cast_value(v, dtype)));
        break;
      case DType::BFloat16:
        put<uint16_t>(p, bfloat_bits(ref::cast_value(v, dtype)));
        break;
      case DType::Float32:
        put<float>(p, v);
        break;
      case DType::Float64:
        put<double>(p, v);
        break;
    }
  }
  return out;
}

std::vector<Layout> unary_layouts(double pad_value) {
  using std::nullopt;
  return {
      contiguous("7x13", {7, 13}),
      contiguous("scalar", {}),
      contiguous("size1_dims", {1, 5, 1}),
      contiguous("zero_size", {0}),
      contiguous("zero_size_3x0", {3, 0}),
      contiguous("3x5x11", {3, 5, 11}),
      contiguous("large_1031", {1031}),
      layout("permute", {3, 5, 11},
             [](const auto& x) {
               return x.permute({2, 0, 1});
             }),
      layout("slice_step2", {9, 13},
             [](const auto& x) {
               return x.slice({{1, nullopt, 2}});
             }),
      layout("slice_negative_steps", {9, 13},
             [](const auto& x) {
               return x.slice({{nullopt, nullopt, -2}, {11, 1, -3}});
             }),
      layout("flip", {7, 13}, [](const auto& x) { return x.flip({0}); }),
      layout("flip_both", {7, 13},
             [](const auto& x) {
               return x.flip({0, 1});
             }),
      layout("pad", {7, 13},
             [=](const auto& x) {
               return x.pad({{1, 2}, {0, 3}}, pad_value);
             }),
      layout("expand", {7, 1},
             [](const auto& x) {
               return x.expand({7, 13});
             }),
      layout("expand_new_axes", {1, 13},
             [](const auto& x) {
               return x.expand({4, 5, 13});
             }),
      layout("transpose_slice", {8, 6},
             [](const auto& x) {
               return x.T().slice({{nullopt, nullopt, 2}, {1, nullopt}});
             }),
  };
}

std::vector<std::pair<Layout, Layout>> binary_layouts(double pad_value) {
  using std::nullopt;
  auto same = [](const auto& x) { return x; };
  return {
      {contiguous("7x13", {7, 13}), contiguous("7x13", {7, 13})},
      {contiguous("3x1", {3, 1}), contiguous("1x5", {1, 5})},
      {contiguous("5", {5}), contiguous("2x3x5", {2, 3, 5})},
      {contiguous("1x5x1", {1, 5, 1}), contiguous("3x1x4", {3, 1, 4})},
      {contiguous("scalar", {}), contiguous("4x3", {4, 3})},
      {contiguous("7x13", {7, 13}), contiguous("scalar", {})},
      {contiguous("0x3", {0, 3}), contiguous("1x3", {1, 3})},
      {contiguous("3x0", {3, 0}), contiguous("3x1", {3, 1})},
      {layout("T", {13, 7}, [](const auto& x) { return x.T(); }), layout("7x13", {7, 13}, same)},
      {layout("slice_step2", {9, 13},
              [](const auto& x) {
                return x.slice({{1, nullopt, 2}});
              }),
       layout("flip", {4, 13},
              [](const auto& x) {
                return x.flip({0, 1});
              })},
      {layout("pad", {7, 10},
              [=](const auto& x) {
                return x.pad({{0, 0}, {1, 2}}, pad_value);
              }),
       layout("expand", {7, 1},
              [](const auto& x) {
                return x.expand({7, 13});
              })},
      {layout("slice_neg", {9, 13},
              [](const auto& x) {
                return x.slice({{nullopt, nullopt, -2}});
              }),
       layout("permute", {13, 5},
              [](const auto& x) {
                return x.permute({1, 0});
              })},
      {layout("permute3", {5, 11, 3},
              [](const auto& x) {
                return x.permute({2, 0, 1});
              }),
       layout("expand3", {3, 1, 11},
              [](const auto& x) {
                return x.expand({3, 5, 11});
              })},
  };
}

}  // namespace support
