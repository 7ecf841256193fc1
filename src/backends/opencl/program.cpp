// An OpenCL kernel: built from a program binary, launched as an NDRange on the device's
// queue, timed by the profiling info of its event.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <atomic>

#include "backends/opencl/opencl.hpp"

namespace ingot::opencl {

ClProgram::ClProgram(ClDevice& device, const std::vector<uint8_t>& binary,
                     const std::string& function, int buffer_count)
    : Program(device, function, buffer_count), cl_(device.cl()) {
  const ClContext& context = cl_;
  std::string what = fmt::format("{} load of '{}'", context.name, function);
  if (binary.empty()) throw Error(what + ": the binary is empty");
  program_ = device.cl_compiler().program_of(binary, what);
  cl_int status = CL_SUCCESS;
  kernel_.reset(cl().clCreateKernel(program_.get(), function.c_str(), &status));
  if (status == CL_INVALID_KERNEL_NAME)
    throw Error(fmt::format(
        "{} load: the binary has no kernel '{}' (is the name spelled as in the source, and the "
        "function declared __kernel?)",
        context.name, function));
  if (status != CL_SUCCESS) throw cl_error(status, "clCreateKernel", what);
  size_t group_limit = 0;
  status = cl().clGetKernelWorkGroupInfo(kernel_.get(), context.device, CL_KERNEL_WORK_GROUP_SIZE,
                                         sizeof group_limit, &group_limit, nullptr);
  if (status != CL_SUCCESS)
    throw cl_error(status, "clGetKernelWorkGroupInfo", what + ": reading its work-group limit");
  cl_uint arguments = 0;
  status = cl().clGetKernelInfo(kernel_.get(), CL_KERNEL_NUM_ARGS, sizeof arguments, &arguments,
                                nullptr);
  if (status != CL_SUCCESS)
    throw cl_error(status, "clGetKernelInfo", what + ": reading its argument count");
  if (arguments < cl_uint(buffer_count))
    throw Error(fmt::format("{}: the kernel has {} arguments, fewer than its {} buffers", what,
                            arguments, buffer_count));
  // Arguments stay set between launches, so a missing scalar would silently reuse the
  // previous launch's value: launches are checked against the count.
  // Non-uniform work-groups are OpenCL 2.0's; kernels are built as OpenCL C 1.2.
  set_limits({.max_threads = int64_t(group_limit),
              .max_threads_name = "CL_KERNEL_WORK_GROUP_SIZE",
              .parameters = arguments,
              .no_partial_groups =
                  fmt::format("its kernels are built with {}, whose work-groups are uniform",
                              ClCompiler::build_options())});
}

cl_mem ClProgram::argument(size_t index, Buffer* buffer,
                           std::vector<ClOwned<cl_mem>>& views) const {
  cl_mem base = static_cast<cl_mem>(buffer->handle());
  // A view of no bytes has nothing to read or write; a sub-buffer of zero size is invalid.
  // check() made sure that a view starts at CL_DEVICE_MEM_BASE_ADDR_ALIGN.
  if (buffer->offset() == 0 || buffer->bytes() == 0) return base;
  cl_buffer_region region{buffer->offset(), buffer->bytes()};
  cl_int status = CL_SUCCESS;
  cl_mem view = cl().clCreateSubBuffer(base, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                                       &region, &status);
  if (status != CL_SUCCESS)
    throw cl_error(status, "clCreateSubBuffer",
                   fmt::format("{}: buffer {} (a view of {} bytes at offset {})", launch_name(),
                               index, buffer->bytes(), buffer->offset()));
  views.emplace_back(view);
  return view;
}

template <class SetArgs>
double ClProgram::enqueue(const LaunchDims& dims, bool wait, const std::string& abi,
                          SetArgs set_args) {
  std::string what = launch_name();
  auto set_arg = [&](size_t index, size_t size, const void* value) {
    cl_int status = cl().clSetKernelArg(kernel_.get(), cl_uint(index), size, value);
    if (status == CL_INVALID_ARG_SIZE)
      throw Error(fmt::format(
          "{}: argument {} is {} bytes, which the kernel's parameter {} does not have (the "
          "driver reports CL_INVALID_ARG_SIZE; {})",
          what, index, size, index, abi));
    if (status != CL_SUCCESS)
      throw cl_error(status, "clSetKernelArg",
                     fmt::format("{}: argument {} ({} bytes; {})", what, index, size, abi));
  };
  // The process's first launch waits, so that the exit drain can be registered after it
  // (drain_queues_at_exit says why).
  static std::atomic<bool> drain_registered = false;
  const bool first = !drain_registered.load(), timed = wait;
  wait = wait || first;
  ClOwned<cl_event> event;
  {
    std::lock_guard lock(launch_mutex_);
    // Sub-buffers are released when this scope ends; the driver keeps them alive until
    // the kernel has run.
    std::vector<ClOwned<cl_mem>> views;
    set_args(set_arg, views);
    size_t global[3], local[3];
    for (int d = 0; d < 3; ++d)
      global[d] = size_t(dims.global[d]), local[d] = size_t(dims.local[d]);
    cl_event raw = nullptr;
    cl_int status = cl().clEnqueueNDRangeKernel(cl_.queue, kernel_.get(), 3, nullptr, global, local,
                                                0, nullptr, wait ? &raw : nullptr);
    event.reset(raw);
    if (status != CL_SUCCESS)
      throw cl_error(status, "clEnqueueNDRangeKernel",
                     fmt::format("{} with global {} and local {}", what, dims.global, dims.local));
  }
  if (!wait) return 0;
  cl_event raw = event.get();
  if (cl_int status = cl().clWaitForEvents(1, &raw); status != CL_SUCCESS)
    throw cl_error(status, "clWaitForEvents", what + ": the kernel did not complete");
  if (first && !drain_registered.exchange(true)) drain_queues_at_exit();
  if (!timed) return 0;  // the caller asked for an ordered launch, not a timed one
  cl_ulong start = 0, end = 0;
  cl_int status =
      cl().clGetEventProfilingInfo(raw, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr);
  if (status == CL_SUCCESS)
    status = cl().clGetEventProfilingInfo(raw, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr);
  if (status != CL_SUCCESS)
    throw cl_error(status, "clGetEventProfilingInfo", what + ": reading the kernel's time");
  return double(end - start) * 1e-9;
}

double ClProgram::run(std::span<Buffer* const> buffers, const LaunchDims& dims,
                      std::span<const ScalarArg> scalars, bool wait) {
  std::string abi = fmt::format(
      "the ABI is {} buffers, then each Int scalar as cl_long and each Float as cl_float",
      buffer_count());
  return enqueue(dims, wait, abi, [&](auto& set_arg, std::vector<ClOwned<cl_mem>>& views) {
    for (size_t i = 0; i < buffers.size(); ++i) {
      cl_mem mem = argument(i, buffers[i], views);
      set_arg(i, sizeof mem, &mem);  // NOLINT(bugprone-sizeof-expression): the handle's size
    }
    for (size_t i = 0; i < scalars.size(); ++i) {
      cl_long integer = scalars[i].i;
      cl_float real = cl_float(scalars[i].f);
      if (scalars[i].kind == ScalarArg::Kind::Int)
        set_arg(buffers.size() + i, sizeof integer, &integer);
      else
        set_arg(buffers.size() + i, sizeof real, &real);
    }
  });
}

double ClProgram::run(std::span<const KernelArg> args, const LaunchDims& dims, bool wait) {
  return enqueue(dims, wait, "each argument is a parameter in order",
                 [&](auto& set_arg, std::vector<ClOwned<cl_mem>>& views) {
                   for (size_t i = 0; i < args.size(); ++i) {
                     const KernelArg& arg = args[i];
                     if (arg.kind == KernelArg::Kind::Buffer) {
                       cl_mem mem = argument(i, arg.buffer, views);
                       set_arg(i, sizeof mem, &mem);  // NOLINT(bugprone-sizeof-expression)
                     } else if (arg.kind == KernelArg::Kind::Bytes) {
                       set_arg(i, arg.bytes.size(), arg.bytes.data());
                     } else {
                       // A __local parameter: its length, and no value.
                       set_arg(i, arg.threadgroup_bytes, nullptr);
                     }
                   }
                 });
}

}  // namespace ingot::opencl
