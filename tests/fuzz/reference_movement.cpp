// The reference's movement operations: each moves elements without changing them, so it
// is the op suite's float64 index map (tests/support/reference.cpp) applied to an array
// of flat indices, which then picks the elements.
#include <numeric>

#include "fuzz/reference.hpp"
#include "fuzz/reference_support.hpp"

namespace fuzz {

using Map = std::function<ref::Array(const ref::Array&)>;

IArray IArray::moved(const Map& index_map, Bound fill) const {
  std::vector<double> index(e.size());
  std::iota(index.begin(), index.end(), 0.0);
  ref::Array out = index_map(ref::Array(shape, std::move(index)));
  std::vector<Bound> picked;
  picked.reserve(out.data.size());
  for (double i : out.data) picked.push_back(i >= 0 ? e[static_cast<size_t>(i)] : fill);
  return IArray(out.shape, dtype, std::move(picked));
}

IArray IArray::reshape(const Shape& s) const {
  return moved([&](const ref::Array& a) { return a.reshape(s); });
}
IArray IArray::permute(const std::vector<int>& order) const {
  return moved([&](const ref::Array& a) { return a.permute(order); });
}
IArray IArray::transpose(int a, int b) const {
  if (ndim() < 2) return *this;
  return moved([&](const ref::Array& x) { return x.transpose(a, b); });
}
IArray IArray::T() const {
  return moved([&](const ref::Array& a) { return a.T(); });
}
IArray IArray::expand(const Shape& s) const {
  return moved([&](const ref::Array& a) { return a.expand(s); });
}
IArray IArray::pad(const std::vector<std::pair<int64_t, int64_t>>& pads, double value) const {
  return moved([&](const ref::Array& a) { return a.pad(pads, -1); },
               Bound::exact(ref::cast_value(value, dtype)));
}
IArray IArray::slice(const std::vector<ingot::Slice>& slices) const {
  return moved([&](const ref::Array& a) { return a.slice(slices); });
}
IArray IArray::flip(const std::vector<int>& axes) const {
  if (ndim() == 0 || axes.empty()) return *this;
  std::vector<int> flipped;
  for (int a : axes) flipped.push_back(a < 0 ? a + ndim() : a);
  return moved([&](const ref::Array& a) {
    ref::Array out = a.flip(flipped);
    if (!planted_flip() || out.shape[flipped[0]] < 2) return out;
    // The planted bug: the first flipped axis comes out rotated by one.
    std::vector<ingot::Slice> head(flipped[0] + 1), tail(flipped[0] + 1);
    head.back() = {1, std::nullopt, 1};
    tail.back() = {0, 1, 1};
    return ref::Array::cat({out.slice(head), out.slice(tail)}, flipped[0]);
  });
}
IArray IArray::squeeze(std::optional<int> axis) const {
  return moved([&](const ref::Array& a) { return a.squeeze(axis); });
}
IArray IArray::unsqueeze(int axis) const {
  return moved([&](const ref::Array& a) { return a.unsqueeze(axis); });
}
IArray IArray::flatten(int start, int end) const {
  return moved([&](const ref::Array& a) { return a.flatten(start, end); });
}
IArray IArray::repeat(const std::vector<int64_t>& repeats) const {
  return moved([&](const ref::Array& a) { return a.repeat(repeats); });
}

namespace {

// The position that the element of `idx` (exact integers) at index `i` names along an
// axis of n, counted from the end when negative.
int64_t position(const IArray& idx, const ref::Index& i, int64_t n) {
  auto k = static_cast<int64_t>(idx.e[static_cast<size_t>(ref::Array(idx.shape, {}).flat(i))].v);
  return k < 0 ? k + n : k;
}

}  // namespace

IArray IArray::take(const IArray& idx, int axis) const {
  const int a = axis < 0 ? axis + ndim() : axis;
  Shape out(shape.begin(), shape.begin() + a);
  out.insert(out.end(), idx.shape.begin(), idx.shape.end());
  out.insert(out.end(), shape.begin() + a + 1, shape.end());
  const int k = idx.ndim();
  return moved([&](const ref::Array& x) {
    return ref::Array::generate(out, [&](const ref::Index& o) {
      ref::Index at(o.begin(), o.begin() + a);
      const ref::Index i(o.begin() + a, o.begin() + a + k);
      at.push_back(position(idx, i, shape[static_cast<size_t>(a)]));
      at.insert(at.end(), o.begin() + a + k, o.end());
      return x.at(at);
    });
  });
}

IArray IArray::take_along_axis(const IArray& idx, int axis) const {
  const int a = axis < 0 ? axis + ndim() : axis;
  Shape out = idx.shape;  // the larger size on every other axis (the other one is 1)
  for (int d = 0; d < ndim(); ++d)
    if (d != a && idx.shape[static_cast<size_t>(d)] == 1)
      out[static_cast<size_t>(d)] = shape[static_cast<size_t>(d)];
  return moved([&](const ref::Array& x) {
    return ref::Array::generate(out, [&](const ref::Index& o) {
      ref::Index at = o, i = o;
      for (int d = 0; d < ndim(); ++d) {
        if (shape[static_cast<size_t>(d)] == 1) at[static_cast<size_t>(d)] = 0;
        if (idx.shape[static_cast<size_t>(d)] == 1) i[static_cast<size_t>(d)] = 0;
      }
      at[static_cast<size_t>(a)] = position(idx, i, shape[static_cast<size_t>(a)]);
      return x.at(at);
    });
  });
}

IArray IArray::cat(const std::vector<IArray>& arrays, int axis) {
  DType dt = arrays.at(0).dtype;
  for (const IArray& a : arrays) dt = ingot::promote_types(dt, a.dtype);
  // Every part's flat indices, numbered after the parts before it.
  std::vector<ref::Array> indices;
  std::vector<Bound> all;
  for (const IArray& a : arrays) {
    std::vector<double> index(a.e.size());
    std::iota(index.begin(), index.end(), static_cast<double>(all.size()));
    indices.emplace_back(a.shape, std::move(index));
    IArray converted = a.astype(dt);
    all.insert(all.end(), converted.e.begin(), converted.e.end());
  }
  ref::Array out = ref::Array::cat(indices, axis);
  std::vector<Bound> picked;
  for (double i : out.data) picked.push_back(all[static_cast<size_t>(i)]);
  return IArray(out.shape, dt, std::move(picked));
}

IArray IArray::stack(const std::vector<IArray>& arrays, int axis) {
  int a = axis < 0 ? axis + arrays.at(0).ndim() + 1 : axis;
  std::vector<IArray> parts;
  for (const IArray& x : arrays) parts.push_back(x.unsqueeze(a));
  return cat(parts, a);
}

}  // namespace fuzz
