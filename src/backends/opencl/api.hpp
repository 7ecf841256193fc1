// The OpenCL API as ingot uses it, declared here rather than taken from <CL/cl.h> so that
// ingot builds without OpenCL headers, and loaded from the ICD loader (libOpenCL.so.1) at
// run time so that it runs without OpenCL installed. Only what the backend calls is
// declared; types, values and prototypes are those of the OpenCL 1.2 specification.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>

#include "ingot/error.hpp"

namespace ingot::opencl {

using cl_int = int32_t;
using cl_uint = uint32_t;
using cl_long = int64_t;
using cl_ulong = uint64_t;
using cl_float = float;
using cl_bool = cl_uint;
using cl_bitfield = cl_ulong;
using cl_device_type = cl_bitfield;
using cl_mem_flags = cl_bitfield;
using cl_command_queue_properties = cl_bitfield;
using cl_context_properties = intptr_t;
using cl_buffer_create_type = cl_uint;
using cl_info = cl_uint;  // the spec has one such alias per object kind; all are cl_uint

using cl_platform_id = struct _cl_platform_id*;
using cl_device_id = struct _cl_device_id*;
using cl_context = struct _cl_context*;
using cl_command_queue = struct _cl_command_queue*;
using cl_mem = struct _cl_mem*;
using cl_program = struct _cl_program*;
using cl_kernel = struct _cl_kernel*;
using cl_event = struct _cl_event*;

struct cl_buffer_region {
  size_t origin;
  size_t size;
};

constexpr cl_int CL_SUCCESS = 0;
constexpr cl_int CL_DEVICE_NOT_FOUND = -1;
constexpr cl_int CL_INVALID_KERNEL_NAME = -46;
constexpr cl_int CL_INVALID_ARG_SIZE = -51;
constexpr cl_int CL_PLATFORM_NOT_FOUND_KHR = -1001;
constexpr cl_int CL_COMPLETE = 0;
constexpr cl_bool CL_TRUE = 1;

constexpr cl_info CL_PLATFORM_VERSION = 0x0901;
constexpr cl_info CL_PLATFORM_NAME = 0x0902;

constexpr cl_device_type CL_DEVICE_TYPE_GPU = 1 << 2;
constexpr cl_device_type CL_DEVICE_TYPE_ALL = 0xFFFFFFFF;

constexpr cl_info CL_DEVICE_TYPE = 0x1000;
constexpr cl_info CL_DEVICE_MAX_COMPUTE_UNITS = 0x1002;
constexpr cl_info CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS = 0x1003;
constexpr cl_info CL_DEVICE_MAX_WORK_GROUP_SIZE = 0x1004;
constexpr cl_info CL_DEVICE_MAX_WORK_ITEM_SIZES = 0x1005;
constexpr cl_info CL_DEVICE_MAX_MEM_ALLOC_SIZE = 0x1010;
constexpr cl_info CL_DEVICE_MEM_BASE_ADDR_ALIGN = 0x1019;  // in bits
constexpr cl_info CL_DEVICE_GLOBAL_MEM_SIZE = 0x101F;
constexpr cl_info CL_DEVICE_LOCAL_MEM_SIZE = 0x1023;
constexpr cl_info CL_DEVICE_NAME = 0x102B;
constexpr cl_info CL_DRIVER_VERSION = 0x102D;
constexpr cl_info CL_DEVICE_VERSION = 0x102F;
constexpr cl_info CL_DEVICE_DOUBLE_FP_CONFIG = 0x1032;
constexpr cl_info CL_DEVICE_OPENCL_C_VERSION = 0x103D;

constexpr cl_context_properties CL_CONTEXT_PLATFORM = 0x1084;
constexpr cl_command_queue_properties CL_QUEUE_PROFILING_ENABLE = 1 << 1;
constexpr cl_mem_flags CL_MEM_READ_WRITE = 1 << 0;
constexpr cl_buffer_create_type CL_BUFFER_CREATE_TYPE_REGION = 0x1220;

constexpr cl_info CL_PROGRAM_BINARY_SIZES = 0x1165;
constexpr cl_info CL_PROGRAM_BINARIES = 0x1166;
constexpr cl_info CL_PROGRAM_BUILD_LOG = 0x1183;
constexpr cl_info CL_KERNEL_NUM_ARGS = 0x1191;
constexpr cl_info CL_KERNEL_WORK_GROUP_SIZE = 0x11B0;
constexpr cl_info CL_EVENT_COMMAND_EXECUTION_STATUS = 0x11D3;
constexpr cl_info CL_PROFILING_COMMAND_START = 0x1282;
constexpr cl_info CL_PROFILING_COMMAND_END = 0x1283;

using cl_notify = void (*)(const char*, const void*, size_t, void*);
using cl_build_notify = void (*)(cl_program, void*);

// name, return type, parameters: one list declares the table and resolves it.
#define INGOT_CL_FUNCTIONS(X)                                                                     \
  X(clGetPlatformIDs, cl_int, (cl_uint, cl_platform_id*, cl_uint*))                               \
  X(clGetPlatformInfo, cl_int, (cl_platform_id, cl_info, size_t, void*, size_t*))                 \
  X(clGetDeviceIDs, cl_int, (cl_platform_id, cl_device_type, cl_uint, cl_device_id*, cl_uint*))   \
  X(clGetDeviceInfo, cl_int, (cl_device_id, cl_info, size_t, void*, size_t*))                     \
  X(clCreateContext, cl_context,                                                                  \
    (const cl_context_properties*, cl_uint, const cl_device_id*, cl_notify, void*, cl_int*))      \
  X(clReleaseContext, cl_int, (cl_context))                                                       \
  X(clCreateCommandQueue, cl_command_queue,                                                       \
    (cl_context, cl_device_id, cl_command_queue_properties, cl_int*))                             \
  X(clReleaseCommandQueue, cl_int, (cl_command_queue))                                            \
  X(clFlush, cl_int, (cl_command_queue))                                                          \
  X(clFinish, cl_int, (cl_command_queue))                                                         \
  X(clCreateBuffer, cl_mem, (cl_context, cl_mem_flags, size_t, void*, cl_int*))                   \
  X(clCreateSubBuffer, cl_mem,                                                                    \
    (cl_mem, cl_mem_flags, cl_buffer_create_type, const void*, cl_int*))                          \
  X(clReleaseMemObject, cl_int, (cl_mem))                                                         \
  X(clEnqueueReadBuffer, cl_int,                                                                  \
    (cl_command_queue, cl_mem, cl_bool, size_t, size_t, void*, cl_uint, const cl_event*,          \
     cl_event*))                                                                                  \
  X(clEnqueueWriteBuffer, cl_int,                                                                 \
    (cl_command_queue, cl_mem, cl_bool, size_t, size_t, const void*, cl_uint, const cl_event*,    \
     cl_event*))                                                                                  \
  X(clEnqueueCopyBuffer, cl_int,                                                                  \
    (cl_command_queue, cl_mem, cl_mem, size_t, size_t, size_t, cl_uint, const cl_event*,          \
     cl_event*))                                                                                  \
  X(clCreateProgramWithSource, cl_program,                                                        \
    (cl_context, cl_uint, const char**, const size_t*, cl_int*))                                  \
  X(clCreateProgramWithBinary, cl_program,                                                        \
    (cl_context, cl_uint, const cl_device_id*, const size_t*, const unsigned char**, cl_int*,     \
     cl_int*))                                                                                    \
  X(clBuildProgram, cl_int,                                                                       \
    (cl_program, cl_uint, const cl_device_id*, const char*, cl_build_notify, void*))              \
  X(clGetProgramInfo, cl_int, (cl_program, cl_info, size_t, void*, size_t*))                      \
  X(clGetProgramBuildInfo, cl_int, (cl_program, cl_device_id, cl_info, size_t, void*, size_t*))   \
  X(clReleaseProgram, cl_int, (cl_program))                                                       \
  X(clCreateKernel, cl_kernel, (cl_program, const char*, cl_int*))                                \
  X(clReleaseKernel, cl_int, (cl_kernel))                                                         \
  X(clGetKernelInfo, cl_int, (cl_kernel, cl_info, size_t, void*, size_t*))                        \
  X(clSetKernelArg, cl_int, (cl_kernel, cl_uint, size_t, const void*))                            \
  X(clGetKernelWorkGroupInfo, cl_int, (cl_kernel, cl_device_id, cl_info, size_t, void*, size_t*)) \
  X(clEnqueueNDRangeKernel, cl_int,                                                               \
    (cl_command_queue, cl_kernel, cl_uint, const size_t*, const size_t*, const size_t*, cl_uint,  \
     const cl_event*, cl_event*))                                                                 \
  X(clEnqueueMarkerWithWaitList, cl_int, (cl_command_queue, cl_uint, const cl_event*, cl_event*)) \
  X(clWaitForEvents, cl_int, (cl_uint, const cl_event*))                                          \
  X(clGetEventInfo, cl_int, (cl_event, cl_info, size_t, void*, size_t*))                          \
  X(clGetEventProfilingInfo, cl_int, (cl_event, cl_info, size_t, void*, size_t*))                 \
  X(clRetainEvent, cl_int, (cl_event))                                                            \
  X(clReleaseEvent, cl_int, (cl_event))

// The resolved entry points, spelled as in the API: cl().clFinish(queue).
struct ClApi {
// NOLINTNEXTLINE(bugprone-macro-parentheses): a type and a parameter list, not expressions
#define INGOT_CL_FIELD(name, result, params) result(*name) params = nullptr;
  INGOT_CL_FUNCTIONS(INGOT_CL_FIELD)
#undef INGOT_CL_FIELD
};

// The table, loaded on first use; nullptr when the ICD loader is missing or lacks an
// entry point, and then cl_unavailable_reason() says why.
const ClApi* cl_api();
std::string cl_unavailable_reason();

// The table for code that only runs once a device has opened (so the table loaded).
inline const ClApi& cl() { return *cl_api(); }

// Ownership of one OpenCL object, released through the table: ClOwned<cl_mem> etc.
template <class Handle>
struct ClReleaser;
template <>
struct ClReleaser<cl_mem> {
  void operator()(cl_mem object) const { cl().clReleaseMemObject(object); }
};
template <>
struct ClReleaser<cl_program> {
  void operator()(cl_program object) const { cl().clReleaseProgram(object); }
};
template <>
struct ClReleaser<cl_kernel> {
  void operator()(cl_kernel object) const { cl().clReleaseKernel(object); }
};
template <>
struct ClReleaser<cl_event> {
  void operator()(cl_event object) const { cl().clReleaseEvent(object); }
};
template <class Handle>
using ClOwned = std::unique_ptr<std::remove_pointer_t<Handle>, ClReleaser<Handle>>;

// "CL_INVALID_WORK_GROUP_SIZE" for -54; "unknown OpenCL error" for what the spec lacks.
std::string_view cl_error_name(cl_int code);

// The error for a failed call: "<what>: <call> returned <NAME> (<code>)".
Error cl_error(cl_int code, std::string_view call, std::string_view what);

// The build log of `program` for `device`, or why it cannot be read.
std::string cl_build_log(cl_program program, cl_device_id device);

}  // namespace ingot::opencl
