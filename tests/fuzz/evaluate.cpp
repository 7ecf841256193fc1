#include "fuzz/evaluate.hpp"

#include <algorithm>

namespace fuzz {
namespace {

bool one_of(const std::string& op, std::initializer_list<const char*> names) {
  return std::any_of(names.begin(), names.end(), [&](const char* n) { return op == n; });
}

}  // namespace

bool is_creation(const std::string& op) {
  return one_of(op, {"input", "full", "arange", "linspace", "eye"});
}
bool is_unary(const std::string& op) {
  return one_of(op,
                {"neg",        "abs",    "exp",         "exp2",       "log",     "log2",   "sqrt",
                 "rsqrt",      "sin",    "cos",         "tanh",       "sigmoid", "relu",   "gelu",
                 "reciprocal", "square", "logical_not", "contiguous", "T",       "realize"});
}
bool is_reduction(const std::string& op) {
  return one_of(
      op, {"sum", "prod", "max", "min", "mean", "any", "all", "var", "std", "argmax", "argmin"});
}

std::vector<int> int_list(const std::vector<int64_t>& v) { return {v.begin(), v.end()}; }

std::vector<std::pair<int64_t, int64_t>> pad_pairs(const Step& s) {
  std::vector<std::pair<int64_t, int64_t>> out;
  for (size_t i = 0; i + 1 < s.ints.size(); i += 2) out.emplace_back(s.ints[i], s.ints[i + 1]);
  return out;
}

std::vector<ingot::Slice> slices_of(const Step& s) {
  std::vector<ingot::Slice> out;
  for (size_t i = 0; i + 4 < s.ints.size(); i += 5) {
    ingot::Slice sl;
    if (s.ints[i]) sl.start = s.ints[i + 1];
    if (s.ints[i + 2]) sl.stop = s.ints[i + 3];
    sl.step = s.ints[i + 4];
    out.push_back(sl);
  }
  return out;
}

std::optional<int> optional_axis(const Step& s) {
  if (s.ints.empty()) return std::nullopt;
  return static_cast<int>(s.ints[0]);
}

IArray create_reference(const Step& s) {
  if (s.op == "input") return IArray::exact(s.ints, s.dtype, s.reals);
  if (s.op == "full") return IArray::full(s.ints, s.dtype, s.reals.at(0));
  if (s.op == "arange") return IArray::arange(s.reals.at(0), s.reals.at(1), s.reals.at(2), s.dtype);
  if (s.op == "linspace")
    return IArray::linspace(s.reals.at(0), s.reals.at(1), s.ints.at(0), s.dtype);
  if (s.op == "eye") return IArray::eye(s.ints.at(0), s.ints.at(1), s.dtype);
  throw std::invalid_argument("fuzz: not a creation op: " + s.op);
}

ingot::Tensor create_tensor(const Step& s, const std::string& device) {
  using ingot::Tensor;
  if (s.op == "input") {
    std::vector<uint8_t> bytes(s.reals.size() * ingot::dtype_size(s.dtype));
    for (size_t i = 0; i < s.reals.size(); ++i)
      ingot::store_from_double(bytes.data(), s.dtype, i, s.reals[i]);
    return Tensor::from_data(bytes.data(), s.dtype, s.ints, device);
  }
  if (s.op == "full") return Tensor::full(s.ints, s.reals.at(0), s.dtype, device);
  if (s.op == "arange")
    return Tensor::arange(s.reals.at(0), s.reals.at(1), s.reals.at(2), s.dtype, device);
  if (s.op == "linspace")
    return Tensor::linspace(s.reals.at(0), s.reals.at(1), s.ints.at(0), s.dtype, device);
  if (s.op == "eye") return Tensor::eye(s.ints.at(0), s.ints.at(1), s.dtype, device);
  throw std::invalid_argument("fuzz: not a creation op: " + s.op);
}

}  // namespace fuzz
