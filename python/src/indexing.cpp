// t[key] with ints, slices (any step), None, ... and negative indices, as NumPy reads them:
// one strided slice of the indexed axes, then the int-indexed axes squeezed out and the
// None axes inserted. Slices clamp to the extent as Python's do; an int outside the axis
// is an IndexError. Indexing by tensors (gathers) is not supported yet.
#include <fmt/format.h>

#include "binding.hpp"

namespace ingot::python {

namespace {

enum class Kind { Int, Slice, NewAxis, Ellipsis };

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
    else
      throw nb::type_error(
          fmt::format("getitem: indices must be ints, slices, None or ..., not {}; indexing by "
                      "tensors and masks is not supported yet (use where())",
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

Tensor getitem(const Tensor& t, nb::handle key) {
  std::vector<Entry> entries = parse_key(key);
  int consumed = 0, ellipses = 0;
  for (const Entry& e : entries) {
    consumed += e.kind == Kind::Int || e.kind == Kind::Slice;
    ellipses += e.kind == Kind::Ellipsis;
  }
  if (ellipses > 1) throw nb::index_error("getitem: an index can only have one ellipsis (...)");
  if (consumed > t.ndim())
    throw nb::index_error(
        fmt::format("getitem: too many indices for a tensor of {} dimension(s): {}", t.ndim(),
                    consumed)
            .c_str());
  std::vector<Slice> slices;
  std::vector<int> squeezed, inserted;  // axes of the sliced tensor; axes of the result
  int axis = 0, out_axis = 0;
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
    }
  }
  Tensor out = slices.empty() ? t : t.slice(slices);
  for (auto it = squeezed.rbegin(); it != squeezed.rend(); ++it) out = out.squeeze(*it);
  for (int a : inserted) out = out.unsqueeze(a);
  return out;
}

}  // namespace

void bind_indexing(nb::class_<Tensor>& tensor) {
  tensor.def("__getitem__", &getitem, BuildsGraph(), "key"_a);
}

}  // namespace ingot::python
