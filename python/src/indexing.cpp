// t[key] with ints, slices (any step), None, ..., negative indices and one integer tensor
// (or list, or NumPy array) of indices, as NumPy reads them: one strided slice of the
// indexed axes, the int-indexed axes squeezed out, the tensor's axis taken (Tensor::take,
// so negative indices count from the end and one out of range is an ArgumentError when
// the result is realized), and the None axes inserted. Slices clamp to the extent as
// Python's do; an int outside the axis is an IndexError. A bool mask would give a shape
// that depends on its contents: refused, with where() named instead.
#include <fmt/format.h>

#include "binding.hpp"

namespace ingot::python {

namespace {

enum class Kind { Int, Slice, NewAxis, Ellipsis, Indices };

struct Entry {
  Kind kind;
  nb::handle value;
};

std::vector<Entry> parse_key(nb::handle key) {
  nb::tuple items =
      nb::isinstance<nb::tuple>(key) ? nb::borrow<nb::tuple>(key) : nb::make_tuple(key);
  std::vector<Entry> entries;
  for (nb::handle item : items) {
    if (item.is_none())
      entries.push_back({Kind::NewAxis, item});
    else if (item.ptr() == Py_Ellipsis)
      entries.push_back({Kind::Ellipsis, item});
    else if (PySlice_Check(item.ptr()))
      entries.push_back({Kind::Slice, item});
    else if (!PyBool_Check(item.ptr()) && PyIndex_Check(item.ptr()) &&
             !nb::isinstance<Tensor>(item))
      entries.push_back({Kind::Int, item});
    else if (nb::isinstance<Tensor>(item) || nb::isinstance<nb::list>(item) ||
             nb::hasattr(item, "__array__"))
      entries.push_back({Kind::Indices, item});
    else
      throw nb::type_error(
          fmt::format("getitem: indices must be ints, slices, None, ... or an integer tensor, "
                      "not {}",
                      python_type_name(item))
              .c_str());
  }
  return entries;
}

// The slice of one axis of `extent` that Python's slice object selects, clamped.
Slice python_slice(nb::handle item, int64_t extent) {
  Py_ssize_t start, stop, step;
  if (PySlice_Unpack(item.ptr(), &start, &stop, &step) < 0) throw nb::python_error();
  Py_ssize_t length = PySlice_AdjustIndices(extent, &start, &stop, step);
  if (length == 0) return {0, 0, 1};
  // The last element taken, so that a backward slice running to the front needs no stop
  // of -1 (which ingot, like Python, would read as the last element).
  int64_t last = start + (length - 1) * step;
  if (step > 0) return {start, last + 1, step};
  return {start, last == 0 ? std::nullopt : std::optional<int64_t>(last - 1), step};
}

// The index tensor of an Indices entry, on t's device.
Tensor index_tensor(nb::handle item, const Tensor& t) {
  Tensor idx = as_tensor(item);
  if (idx.dtype() == DType::Bool)
    throw nb::index_error(
        "getitem: indexing by a bool mask gives a shape that depends on the mask's contents, "
        "which ingot does not compute; use where(mask, x, other) to select elementwise");
  // [] is a float tensor to as_tensor; as an index it is an empty list of positions.
  if (idx.numel() == 0 && is_float(idx.dtype())) idx = idx.astype(DType::Int64);
  return idx.to(t.device());
}

// Whether the int and tensor entries form one run of the key, so that NumPy keeps the
// indexed axes in place rather than first (a slice, None or ... between them moves them).
bool advanced_run(const std::vector<Entry>& entries) {
  int first = -1, last = -1, count = 0;
  for (int i = 0; i < static_cast<int>(entries.size()); ++i)
    if (entries[i].kind == Kind::Int || entries[i].kind == Kind::Indices) {
      if (first < 0) first = i;
      last = i;
      ++count;
    }
  return count == 0 || last - first + 1 == count;
}

Tensor getitem(const Tensor& t, nb::handle key) {
  std::vector<Entry> entries = parse_key(key);
  int consumed = 0, ellipses = 0, tensors = 0;
  for (const Entry& e : entries) {
    consumed += e.kind == Kind::Int || e.kind == Kind::Slice || e.kind == Kind::Indices;
    ellipses += e.kind == Kind::Ellipsis;
    tensors += e.kind == Kind::Indices;
  }
  if (ellipses > 1) throw nb::index_error("getitem: an index can only have one ellipsis (...)");
  if (tensors > 1)
    throw nb::index_error(
        "getitem: one tensor of indices per key is supported; index the axes one at a time, "
        "or use gather / take_along_axis");
  if (consumed > t.ndim())
    throw nb::index_error(
        fmt::format("getitem: too many indices for a tensor of {} dimension(s): {}", t.ndim(),
                    consumed)
            .c_str());
  std::vector<Slice> slices;
  std::vector<int> squeezed, inserted;  // axes of the sliced tensor; axes of the result
  int axis = 0, out_axis = 0;
  Tensor idx;
  int idx_axis = -1, idx_out_axis = -1;  // the tensor's axis in the sliced tensor; in the result
  auto whole = [&] {
    slices.push_back({});
    ++axis;
    ++out_axis;
  };
  for (const Entry& e : entries) {
    switch (e.kind) {
      case Kind::Ellipsis:
        for (int i = 0; i < t.ndim() - consumed; ++i) whole();
        break;
      case Kind::NewAxis:
        inserted.push_back(out_axis++);
        break;
      case Kind::Slice:
        slices.push_back(python_slice(e.value, t.shape()[axis]));
        ++axis;
        ++out_axis;
        break;
      case Kind::Int: {
        int64_t extent = t.shape()[axis];
        int64_t i = int_arg(e.value, "getitem", "index");
        if (i < -extent || i >= extent)
          throw nb::index_error(fmt::format("getitem: index {} is out of bounds for axis {} with "
                                            "size {}",
                                            i, axis, extent)
                                    .c_str());
        if (i < 0) i += extent;
        slices.push_back({i, i + 1, 1});
        squeezed.push_back(axis++);
        break;
      }
      case Kind::Indices:
        idx = index_tensor(e.value, t);
        slices.push_back({});
        idx_axis = axis++;
        idx_out_axis = out_axis;
        out_axis += idx.ndim();
        break;
    }
  }
  Tensor out = slices.empty() ? t : t.slice(slices);
  for (auto it = squeezed.rbegin(); it != squeezed.rend(); ++it) {
    out = out.squeeze(*it);
    if (*it < idx_axis) --idx_axis;
  }
  if (idx.defined()) out = out.take(idx, idx_axis);
  for (int a : inserted) out = out.unsqueeze(a);
  if (idx.defined() && !squeezed.empty() && !advanced_run(entries)) {
    // NumPy puts the indexed axes first when ints and the tensor are apart in the key.
    std::vector<int> order;
    for (int i = 0; i < idx.ndim(); ++i) order.push_back(idx_out_axis + i);
    for (int i = 0; i < out.ndim(); ++i)
      if (i < idx_out_axis || i >= idx_out_axis + idx.ndim()) order.push_back(i);
    out = out.permute(order);
  }
  return out;
}

}  // namespace

void bind_indexing(nb::class_<Tensor>& tensor) {
  tensor.def("__getitem__", &getitem, BuildsGraph(), "key"_a);
}

}  // namespace ingot::python
