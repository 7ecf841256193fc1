#include "support/device_values.hpp"

#include <cmath>
#include <cstring>

#include "ingot/runtime.hpp"

namespace support {

using ingot::DType;

namespace {

double half_to_double(uint16_t bits) {
  int sign = bits >> 15, exp = (bits >> 10) & 0x1f, mant = bits & 0x3ff;
  double v;
  if (exp == 0)
    v = std::ldexp(mant, -24);
  else if (exp == 31)
    v = mant ? NAN : INFINITY;
  else
    v = std::ldexp(mant + 1024, exp - 25);
  return sign ? -v : v;
}

double bfloat_to_double(uint16_t bits) {
  uint32_t u = static_cast<uint32_t>(bits) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

template <class T>
double load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return static_cast<double>(v);
}

double decode(const uint8_t* p, DType dtype) {
  switch (dtype) {
    case DType::Bool:
      return *p != 0 ? 1.0 : 0.0;
    case DType::Int8:
      return load<int8_t>(p);
    case DType::Int16:
      return load<int16_t>(p);
    case DType::Int32:
      return load<int32_t>(p);
    case DType::Int64:
      return load<int64_t>(p);
    case DType::UInt8:
      return load<uint8_t>(p);
    case DType::UInt16:
      return load<uint16_t>(p);
    case DType::UInt32:
      return load<uint32_t>(p);
    case DType::UInt64:
      return load<uint64_t>(p);
    case DType::Float16:
      return half_to_double(static_cast<uint16_t>(load<uint16_t>(p)));
    case DType::BFloat16:
      return bfloat_to_double(static_cast<uint16_t>(load<uint16_t>(p)));
    case DType::Float32:
      return load<float>(p);
    case DType::Float64:
      return load<double>(p);
  }
  return NAN;
}

}  // namespace

void poison_allocator_cache(const std::string& device, size_t bytes) {
  if (bytes == 0) return;
  ingot::Allocator& allocator = ingot::Device::get(device).allocator();
  std::vector<uint8_t> poison(bytes, 0xFF);
  std::shared_ptr<ingot::Buffer> a = allocator.alloc(bytes);
  std::shared_ptr<ingot::Buffer> b = allocator.alloc(bytes);
  a->copy_in(poison.data(), bytes);
  b->copy_in(poison.data(), bytes);
  // Both go back to the cache of freed buffers here.
}

std::vector<double> read_values(const ingot::Tensor& t) {
  size_t n = static_cast<size_t>(t.numel()), size = ingot::dtype_size(t.dtype());
  std::vector<uint8_t> bytes(n * size);
  t.read_all(bytes.data(), t.dtype());
  std::vector<double> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = decode(bytes.data() + i * size, t.dtype());
  return out;
}

}  // namespace support
