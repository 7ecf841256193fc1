// Tensor creation: host data, constants, ranges and identity matrices.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "tensor/frontend.hpp"

namespace ingot {
using namespace frontend;

namespace {

void check_shape(const Shape& shape, const char* op) {
  for (int64_t d : shape)
    if (d < 0)
      throw ArgumentError(std::string(op) + ": negative dimension in shape " + shape_str(shape));
}

Tensor allocate(const Shape& shape, DType dtype, const std::string& device, const char* op) {
  check_shape(shape, op);
  std::string name = device_name(device);
  int64_t n = shape_numel(shape);
  auto buffer = Device::get(name).allocator().alloc(static_cast<size_t>(n) * dtype_size(dtype));
  return wrap(make_buffer_node(std::move(buffer), dtype, shape, name));
}

bool integral(double v) { return std::floor(v) == v; }

// The least and greatest of `count` integers of `dtype` at `data`, which need not be
// aligned (unsigned 64-bit ones above the int64 range count as its largest value: out of
// any axis's range either way).
std::array<int64_t, 2> value_range(const void* data, DType dtype, size_t count) {
  auto range = [&]<class T>(T) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    auto at = [&](size_t i) {
      T v;
      std::memcpy(&v, bytes + i * sizeof(T), sizeof(T));
      if constexpr (std::is_signed_v<T>) return static_cast<int64_t>(v);
      return static_cast<int64_t>(std::min<uint64_t>(v, std::numeric_limits<int64_t>::max()));
    };
    std::array<int64_t, 2> r = {at(0), at(0)};
    for (size_t i = 1; i < count; ++i) {
      const int64_t v = at(i);
      r = {std::min(r[0], v), std::max(r[1], v)};
    }
    return r;
  };
  switch (dtype) {
    case DType::Int8:
      return range(int8_t{});
    case DType::Int16:
      return range(int16_t{});
    case DType::Int32:
      return range(int32_t{});
    case DType::UInt8:
      return range(uint8_t{});
    case DType::UInt16:
      return range(uint16_t{});
    case DType::UInt32:
      return range(uint32_t{});
    case DType::UInt64:
      return range(uint64_t{});
    default:
      return range(int64_t{});
  }
}

}  // namespace

void Tensor::check_count(size_t count, const Shape& shape) {
  check_shape(shape, "from_vector");
  if (static_cast<int64_t>(count) != shape_numel(shape))
    throw ArgumentError("from_vector: " + std::to_string(count) + " values do not fill shape " +
                        shape_str(shape) + " (" + std::to_string(shape_numel(shape)) +
                        " elements)");
}

Tensor Tensor::from_data(const void* data, DType dtype, const Shape& shape,
                         const std::string& device) {
  Tensor t = allocate(shape, dtype, device, "from_data");
  size_t bytes = static_cast<size_t>(t.numel()) * dtype_size(dtype);
  if (bytes) t.node()->buffer->copy_in(data, bytes);
  if (is_int(dtype) && dtype != DType::Bool && t.numel() > 0)
    t.node()->known_range = value_range(data, dtype, static_cast<size_t>(t.numel()));
  return t;
}

Tensor Tensor::scalar(double value, DType dtype, const std::string& device) {
  return full({}, value, dtype, device);
}
Tensor Tensor::zeros(const Shape& shape, DType dtype, const std::string& device) {
  return full(shape, 0, dtype, device);
}
Tensor Tensor::ones(const Shape& shape, DType dtype, const std::string& device) {
  return full(shape, 1, dtype, device);
}
Tensor Tensor::full(const Shape& shape, double value, DType dtype, const std::string& device) {
  return constant(shape, dtype, device, value);
}
Tensor Tensor::empty(const Shape& shape, DType dtype, const std::string& device) {
  return allocate(shape, dtype, device, "empty");
}

DType frontend::widest_float(const std::string& device) {
  return Device::get(device).info().supports(DType::Float64) ? DType::Float64 : DType::Float32;
}

Tensor Tensor::arange(double start, double stop, double step, std::optional<DType> dtype,
                      const std::string& device) {
  if (step == 0 || !std::isfinite(step) || !std::isfinite(start) || !std::isfinite(stop))
    throw ArgumentError("arange: step must be nonzero and all bounds finite (start " +
                        std::to_string(start) + ", stop " + std::to_string(stop) + ", step " +
                        std::to_string(step) + ")");
  DType dt = dtype.value_or(integral(start) && integral(stop) && integral(step) ? DType::Int32
                                                                                : DType::Float32);
  int64_t n = std::max<int64_t>(0, static_cast<int64_t>(std::ceil((stop - start) / step)));
  DType index_type = n > (int64_t(1) << 31) ? DType::Int64 : DType::Int32;
  // Integers count in their own type (wrapping as a cast would); bool counts in int64
  // and is cast at the end, since bool arithmetic saturates at true.
  DType count_type = dt == DType::Bool ? DType::Int64 : dt;
  Tensor i = iota({n}, is_float(dt) ? index_type : count_type, device);
  Tensor values = cast(i, is_float(dt) ? widest_float(device) : count_type);
  if (step != 1) values = values * step;
  if (start != 0) values = values + start;
  return cast(values, dt);
}

Tensor Tensor::linspace(double start, double stop, int64_t steps, DType dtype,
                        const std::string& device) {
  if (steps < 0) throw ArgumentError("linspace: steps must be >= 0, got " + std::to_string(steps));
  double delta = steps > 1 ? (stop - start) / static_cast<double>(steps - 1) : 0;
  Tensor i = cast(iota({steps}, DType::Int64, device), widest_float(device));
  return cast(i * delta + start, dtype);
}

Tensor Tensor::eye(int64_t n, std::optional<int64_t> m_opt, DType dtype,
                   const std::string& device) {
  int64_t m = m_opt.value_or(n);
  if (n < 0 || m < 0)
    throw ArgumentError("eye: sizes must be >= 0, got " + std::to_string(n) + " x " +
                        std::to_string(m));
  Tensor rows = iota({n}, DType::Int64, device).reshape({n, 1});
  Tensor cols = iota({m}, DType::Int64, device).reshape({1, m});
  return cast(rows.eq(cols), dtype);
}

Tensor Tensor::zeros_like() const { return zeros(shape(), dtype(), device()); }
Tensor Tensor::ones_like() const { return ones(shape(), dtype(), device()); }
Tensor Tensor::full_like(double value) const { return full(shape(), value, dtype(), device()); }
Tensor Tensor::empty_like() const { return empty(shape(), dtype(), device()); }
Tensor Tensor::rand_like() const { return rand(shape(), float_result(dtype()), device()); }
Tensor Tensor::randn_like() const { return randn(shape(), float_result(dtype()), device()); }

}  // namespace ingot
