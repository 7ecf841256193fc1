// An OpenCL kernel: built from a program binary, launched as an NDRange on the device's
// queue, timed by the profiling info of its event.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <atomic>

#include "backends/opencl/opencl.hpp"

namespace ingot {

ClProgram::ClProgram(ClDevice& device, const std::vector<uint8_t>& binary,
                     const std::string& function, int buffer_count)
    : device_(device), function_(function), buffer_count_(buffer_count) {
  const ClContext& context = device.cl();
  std::string what = fmt::format("{} load of '{}'", context.name, function);
  if (buffer_count < 0)
    throw Error(fmt::format("{}: buffer_count {} is negative", what, buffer_count));
  if (binary.empty()) throw Error(what + ": the binary is empty");
  const unsigned char* data = binary.data();
  size_t size = binary.size();
  cl_int binary_status = CL_SUCCESS, status = CL_SUCCESS;
  program_.reset(cl().clCreateProgramWithBinary(context.context, 1, &context.device, &size, &data,
                                                &binary_status, &status));
  if (status != CL_SUCCESS)
    throw cl_error(status, "clCreateProgramWithBinary",
                   fmt::format("{}: the {}-byte binary is not a program for this device (binary "
                               "status {})",
                               what, size, cl_error_name(binary_status)));
  status = cl().clBuildProgram(program_.get(), 1, &context.device, ClCompiler::build_options(),
                               nullptr, nullptr);
  if (status != CL_SUCCESS)
    throw cl_error(status, "clBuildProgram",
                   fmt::format("{}: the binary does not build\n{}", what,
                               cl_build_log(program_.get(), context.device)));
  kernel_.reset(cl().clCreateKernel(program_.get(), function.c_str(), &status));
  if (status == CL_INVALID_KERNEL_NAME)
    throw Error(fmt::format(
        "{} load: the binary has no kernel '{}' (is the name spelled as in the source, and the "
        "function declared __kernel?)",
        context.name, function));
  if (status != CL_SUCCESS) throw cl_error(status, "clCreateKernel", what);
  status = cl().clGetKernelWorkGroupInfo(kernel_.get(), context.device, CL_KERNEL_WORK_GROUP_SIZE,
                                         sizeof kernel_group_limit_, &kernel_group_limit_, nullptr);
  if (status != CL_SUCCESS)
    throw cl_error(status, "clGetKernelWorkGroupInfo", what + ": reading its work-group limit");
  status = cl().clGetKernelInfo(kernel_.get(), CL_KERNEL_NUM_ARGS, sizeof arg_count_, &arg_count_,
                                nullptr);
  if (status != CL_SUCCESS)
    throw cl_error(status, "clGetKernelInfo", what + ": reading its argument count");
  if (arg_count_ < cl_uint(buffer_count))
    throw Error(fmt::format("{}: the kernel has {} arguments, fewer than its {} buffers", what,
                            arg_count_, buffer_count));
}

bool ClProgram::check_dims(const LaunchDims& dims) const {
  const auto& [global, local] = dims;
  auto fail = [&](const std::string& why) {
    return Error(fmt::format("{} launch of '{}' with global {} and local {}: {}", device_.name(),
                             function_, global, local, why));
  };
  int64_t group = 1, items = 1;
  bool empty = false;
  for (int d = 0; d < 3; ++d) {
    if (global[d] < 0 || local[d] < 1)
      throw fail(fmt::format("dimension {} is invalid (global must be >= 0, local >= 1)", d));
    if (uint64_t(local[d]) > device_.max_item_sizes()[d])
      throw fail(
          fmt::format("local size {} in dimension {} exceeds the device's {} "
                      "(CL_DEVICE_MAX_WORK_ITEM_SIZES {})",
                      local[d], d, device_.max_item_sizes()[d], device_.max_item_sizes()));
    if (global[d] % local[d] != 0)
      throw fail(
          fmt::format("global size {} in dimension {} is not a multiple of the local size {}",
                      global[d], d, local[d]));
    group *= local[d];  // each factor is at most a device limit: no overflow
    empty = empty || global[d] == 0;
    // Work-item ids are size_t: a grid beyond 64 bits of them cannot be numbered.
    if (__builtin_mul_overflow(items, global[d], &items))
      throw fail("the grid has more work-items than fit in 64 bits");
  }
  uint64_t device_limit = uint64_t(device_.info().max_threads_per_group);
  if (uint64_t(group) > std::min<uint64_t>(device_limit, kernel_group_limit_))
    throw fail(
        fmt::format("a work-group of {} work-items is too large: at most {} "
                    "(CL_DEVICE_MAX_WORK_GROUP_SIZE) and {} for this kernel "
                    "(CL_KERNEL_WORK_GROUP_SIZE)",
                    group, device_limit, kernel_group_limit_));
  return !empty;
}

cl_mem ClProgram::argument(size_t index, Buffer* buffer,
                           std::vector<ClOwned<cl_mem>>& views) const {
  if (!buffer || &buffer->device() != &device_) {
    throw Error(fmt::format(
        "{} launch of '{}': buffer {} is {}; it must be a {} buffer", device_.name(), function_,
        index, buffer ? "on " + buffer->device().name() : std::string("null"), device_.name()));
  }
  cl_mem base = static_cast<cl_mem>(buffer->handle());
  // A view of no bytes has nothing to read or write; a sub-buffer of zero size is invalid.
  if (buffer->offset() == 0 || buffer->bytes() == 0) return base;
  size_t align = device_.base_align_bytes();
  if (buffer->offset() % align != 0) {
    throw Error(fmt::format(
        "{} launch of '{}': buffer {} is a view at byte offset {}, which OpenCL cannot pass: a "
        "sub-buffer must start at a multiple of {} bytes (CL_DEVICE_MEM_BASE_ADDR_ALIGN)",
        device_.name(), function_, index, buffer->offset(), align));
  }
  cl_buffer_region region{buffer->offset(), buffer->bytes()};
  cl_int status = CL_SUCCESS;
  cl_mem view = cl().clCreateSubBuffer(base, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                                       &region, &status);
  if (status != CL_SUCCESS)
    throw cl_error(
        status, "clCreateSubBuffer",
        fmt::format("{} launch of '{}': buffer {} (a view of {} bytes at offset {})",
                    device_.name(), function_, index, buffer->bytes(), buffer->offset()));
  views.emplace_back(view);
  return view;
}

double ClProgram::launch(std::span<Buffer* const> buffers, const LaunchDims& dims,
                         std::span<const ScalarArg> scalars, bool wait) {
  if (buffers.size() != size_t(buffer_count_)) {
    throw Error(fmt::format("{} launch of '{}': {} buffers given; the kernel takes {}",
                            device_.name(), function_, buffers.size(), buffer_count_));
  }
  // Arguments stay set between launches, so a missing scalar would silently reuse the
  // previous launch's value; the driver cannot catch it.
  if (buffers.size() + scalars.size() != arg_count_) {
    throw Error(fmt::format(
        "{} launch of '{}': {} scalars given; the kernel takes {} after its "
        "{} buffers",
        device_.name(), function_, scalars.size(), arg_count_ - buffer_count_, buffer_count_));
  }
  bool runs = check_dims(dims);
  std::string what = fmt::format("{} launch of '{}'", device_.name(), function_);
  auto set_arg = [&](size_t index, size_t size, const void* value) {
    if (cl_int status = cl().clSetKernelArg(kernel_.get(), cl_uint(index), size, value);
        status != CL_SUCCESS)
      throw cl_error(status, "clSetKernelArg",
                     fmt::format("{}: argument {} ({} bytes; the ABI is {} buffers, then each "
                                 "Int scalar as cl_long and each Float as cl_float)",
                                 what, index, size, buffer_count_));
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
    for (size_t i = 0; i < buffers.size(); ++i) {
      cl_mem mem = argument(i, buffers[i], views);
      set_arg(i, sizeof mem, &mem);
    }
    for (size_t i = 0; i < scalars.size(); ++i) {
      cl_long integer = scalars[i].i;
      cl_float real = cl_float(scalars[i].f);
      if (scalars[i].kind == ScalarArg::Kind::Int)
        set_arg(buffers.size() + i, sizeof integer, &integer);
      else
        set_arg(buffers.size() + i, sizeof real, &real);
    }
    if (!runs) return 0;  // OpenCL 1.2 refuses an empty NDRange; there is nothing to run
    size_t global[3], local[3];
    for (int d = 0; d < 3; ++d)
      global[d] = size_t(dims.global[d]), local[d] = size_t(dims.local[d]);
    cl_event raw = nullptr;
    cl_int status = cl().clEnqueueNDRangeKernel(device_.cl().queue, kernel_.get(), 3, nullptr,
                                                global, local, 0, nullptr, wait ? &raw : nullptr);
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

}  // namespace ingot
