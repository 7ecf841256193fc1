// NumPy and DLPack. numpy() / __array__ copy the elements once, straight into the new
// array's memory. __dlpack__ exports the realized buffer itself (no copy) for CPU and CUDA
// tensors, kept alive by the capsule. from_dlpack copies CPU memory of any strides into a
// new tensor. docs/python.md states these rules.
#include <fmt/format.h>
#include <nanobind/ndarray.h>

#include <cstring>

#include "binding.hpp"

namespace ingot::python {

namespace {

namespace dl = nb::dlpack;

constexpr int kDLCPU = 1;
constexpr int kDLCUDA = 2;

dl::dtype dlpack_dtype(DType dtype) {
  auto bits = static_cast<uint8_t>(dtype_size(dtype) * 8);
  dl::dtype_code code = dtype == DType::Bool       ? dl::dtype_code::Bool
                        : dtype == DType::BFloat16 ? dl::dtype_code::Bfloat
                        : is_float(dtype)          ? dl::dtype_code::Float
                        : is_unsigned_int(dtype)   ? dl::dtype_code::UInt
                                                   : dl::dtype_code::Int;
  return {static_cast<uint8_t>(code), bits, 1};
}

std::optional<DType> dtype_of_dlpack(dl::dtype d) {
  for (DType dtype : kAllDTypes) {
    dl::dtype ours = dlpack_dtype(dtype);
    if (ours.code == d.code && ours.bits == d.bits && d.lanes == 1) return dtype;
  }
  return std::nullopt;
}

// Where a device's buffers can be handed out through DLPack: (device type, device id).
std::pair<int, int> dlpack_device_of(const Device& device) {
  const DeviceInfo& info = device.info();
  if (info.language == "c") return {kDLCPU, 0};
  if (info.language == "cuda") {
    size_t colon = info.name.find(':');
    return {kDLCUDA, colon == std::string::npos ? 0 : std::stoi(info.name.substr(colon + 1))};
  }
  throw ArgumentError(fmt::format(
      "__dlpack__: tensors on {} cannot be exported through DLPack (only CPU and CUDA memory "
      "can); use .numpy() or .to('CPU') first",
      info.name));
}

nb::object to_numpy(const Tensor& t) {
  nb::object array = nb::module_::import_("numpy").attr("empty")(nb::cast(t).attr("shape"),
                                                                 numpy_dtype(t.dtype()));
  auto address = nb::cast<uintptr_t>(array.attr("__array_interface__")["data"][0]);
  {
    Evaluating evaluating;
    t.read_all(reinterpret_cast<void*>(address), t.dtype());
  }
  return array;
}

// A DLPack capsule of a tensor's realized, contiguous buffer, owning a reference to it.
nb::object export_dlpack(const Tensor& t) {
  std::shared_ptr<Buffer> buffer;
  {
    Evaluating evaluating;
    buffer = t.buffer();
    // The consumer reads without ingot's queue: everything before must have finished.
    buffer->device().synchronize();
  }
  auto [type, id] = dlpack_device_of(buffer->device());
  void* data = static_cast<char*>(buffer->handle()) + buffer->offset();
  std::vector<size_t> shape(t.shape().begin(), t.shape().end());
  nb::capsule owner(new std::shared_ptr<Buffer>(buffer),
                    [](void* p) noexcept { delete static_cast<std::shared_ptr<Buffer>*>(p); });
  nb::ndarray<> view(data, shape.size(), shape.data(), owner, nullptr, dlpack_dtype(t.dtype()),
                     type, id);
  return nb::cast(view);
}

// Copies `ndim`-dimensional elements at `strides` (in elements, any sign) into `dst`, in
// C order.
void gather(const uint8_t* src, const size_t* shape, const int64_t* strides, size_t ndim,
            size_t item, uint8_t*& dst) {
  if (ndim == 0) {
    std::memcpy(dst, src, item);
    dst += item;
    return;
  }
  for (size_t i = 0; i < shape[0]; ++i)
    gather(src + static_cast<int64_t>(i) * strides[0] * static_cast<int64_t>(item), shape + 1,
           strides + 1, ndim - 1, item, dst);
}

Tensor from_dlpack(nb::handle x, const std::string& device) {
  if (nb::isinstance<Tensor>(x)) return tensor_from_python(x, std::nullopt, device);
  nb::ndarray<nb::ro> array;
  if (!nb::try_cast(x, array))
    throw nb::type_error("from_dlpack: the object has no usable __dlpack__ or buffer protocol");
  if (array.device_type() != kDLCPU)
    throw ArgumentError(fmt::format(
        "from_dlpack: only CPU memory (DLPack device type 1) is taken, this array is on device "
        "type {} (id {}); copy it to the host first",
        array.device_type(), array.device_id()));
  std::optional<DType> dtype = dtype_of_dlpack(array.dtype());
  if (!dtype)
    throw ArgumentError(fmt::format(
        "from_dlpack: DLPack dtype (code {}, {} bits, {} lanes) has no ingot equivalent",
        array.dtype().code, array.dtype().bits, array.dtype().lanes));
  Shape shape;
  std::vector<size_t> extents;
  std::vector<int64_t> strides;
  for (size_t i = 0; i < array.ndim(); ++i) {
    shape.push_back(static_cast<int64_t>(array.shape(i)));
    extents.push_back(array.shape(i));
    strides.push_back(array.stride(i));
  }
  size_t item = dtype_size(*dtype);
  std::vector<uint8_t> packed(static_cast<size_t>(array.size()) * item);
  if (!packed.empty()) {
    uint8_t* dst = packed.data();
    gather(static_cast<const uint8_t*>(array.data()), extents.data(), strides.data(),
           extents.size(), item, dst);
  }
  return tensor_from_host(packed.data(), *dtype, shape, device);
}

}  // namespace

void bind_interop(nb::module_& m, nb::class_<Tensor>& tensor) {
  tensor.def("numpy", &to_numpy, "A new NumPy array holding a copy of the elements.");
  tensor.def(
      "__array__",
      [](const Tensor& t, nb::handle dtype, nb::handle copy) {
        if (!copy.is_none() && !nb::cast<bool>(copy))
          throw ArgumentError(
              "__array__: an ingot tensor cannot be seen by NumPy without a copy (copy=False); "
              "leave copy as None");
        nb::object array = to_numpy(t);
        return dtype.is_none() ? array : array.attr("astype")(dtype);
      },
      "dtype"_a = nb::none(), "copy"_a = nb::none());
  // Consumers pass stream, max_version, dl_device and copy; the buffer is synchronized
  // before it is handed out, so no stream needs to wait, and the export is always the
  // unversioned DLPack capsule, which every consumer reads.
  tensor.def(
      "__dlpack__", [](const Tensor& t, const nb::kwargs&) { return export_dlpack(t); },
      "kwargs"_a);
  tensor.def("__dlpack_device__", [](const Tensor& t) {
    std::pair<int, int> where;
    {
      GraphLock lock;
      where = dlpack_device_of(Device::get(t.device()));
    }
    return nb::make_tuple(where.first, where.second);
  });
  m.def(
      "from_dlpack",
      [](nb::handle x, nb::handle device) {
        return from_dlpack(x, device_arg(device, "from_dlpack"));
      },
      "x"_a, "device"_a = nb::none(),
      "A tensor holding a copy of the elements of any object with __dlpack__ (CPU memory, any "
      "strides) or the buffer protocol.");
}

}  // namespace ingot::python
