#include "support/compare.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <sstream>

#include "ingot/runtime.hpp"

namespace support {
namespace {

std::string index_str(const ref::Shape& shape, int64_t flat) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    idx[d] = shape[d] ? flat % shape[d] : 0;
    flat = shape[d] ? flat / shape[d] : 0;
  }
  std::string s = "[";
  for (size_t d = 0; d < idx.size(); ++d) s += (d ? "," : "") + std::to_string(idx[d]);
  return s + "]";
}

bool within(double got, double want, const Tol& tol) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  return std::fabs(got - want) <= tol.atol + tol.rtol * std::fabs(want);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

Tol Tol::of(DType dtype) {
  switch (dtype) {
    case DType::Float32:
      return {1e-5, 1e-6};
    case DType::Float64:
      return {1e-12, 1e-12};
    case DType::Float16:
      return {1e-2, 1e-3};
    case DType::BFloat16:
      return {2e-2, 1e-2};
    default:
      return {0, 0};
  }
}

Tol Tol::transcendental(DType dtype) {
  if (dtype == DType::Float32) return {5e-5, 5e-6};
  if (dtype == DType::Float16) return {1e-2, 2e-3};
  return of(dtype);
}

Tol Tol::reduction(DType dtype, int64_t n) {
  if (ingot::is_int(dtype) || dtype == DType::Bool) return {0, 0};
  return of(dtype).scaled(std::max(1.0, std::sqrt(static_cast<double>(n))));
}

::testing::AssertionResult close(const ingot::Tensor& got, const ref::Array& want, Tol tol) {
  if (got.shape() != want.shape)
    return ::testing::AssertionFailure() << "shape " << ref::shape_str(got.shape())
                                         << " != expected " << ref::shape_str(want.shape);
  poison_allocator_cache(got.device(),
                         static_cast<size_t>(got.numel()) * ingot::dtype_size(got.dtype()));
  std::vector<double> values = read_values(got);
  int64_t bad = 0, first = -1;
  for (size_t i = 0; i < values.size(); ++i) {
    if (!within(values[i], want.data[i], tol)) {
      if (first < 0) first = static_cast<int64_t>(i);
      ++bad;
    }
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  std::ostringstream os;
  os.precision(17);
  os << bad << " of " << values.size() << " elements differ (shape " << ref::shape_str(want.shape)
     << ", dtype " << ingot::dtype_name(got.dtype()) << ", rtol " << tol.rtol << ", atol "
     << tol.atol << "); first at " << index_str(want.shape, first) << ": got "
     << values[static_cast<size_t>(first)] << ", expected "
     << want.data[static_cast<size_t>(first)];
  return ::testing::AssertionFailure() << os.str();
}

::testing::AssertionResult close(const ingot::Tensor& got, const ref::Array& want) {
  return close(got, want, Tol::of(got.dtype()));
}

::testing::AssertionResult throws_error(const std::function<void()>& fn,
                                        const std::vector<std::string>& op_names,
                                        const std::vector<std::string>& mentions) {
  try {
    fn();
  } catch (const ingot::Error& e) {
    std::string msg = lower(e.what());
    bool named = op_names.empty();
    for (const std::string& n : op_names) named = named || msg.find(lower(n)) != std::string::npos;
    if (!named)
      return ::testing::AssertionFailure() << "Error message does not name the op: " << e.what();
    for (const std::string& m : mentions)
      if (msg.find(lower(m)) == std::string::npos)
        return ::testing::AssertionFailure()
               << "Error message does not mention '" << m << "': " << e.what();
    return ::testing::AssertionSuccess();
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure() << "threw a non-ingot exception: " << e.what();
  }
  return ::testing::AssertionFailure() << "did not throw ingot::Error";
}

std::string sanitize(const std::string& name) {
  std::string s;
  for (char c : name) s += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return s;
}

}  // namespace support
