// Loads the OpenCL ICD loader at run time (runtime/library.hpp) and resolves the entry
// points of api.hpp.
#include "backends/opencl/api.hpp"

#include <fmt/format.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

#include "runtime/library.hpp"

namespace ingot::opencl {
namespace {

// PoCL (OpenCL on CPUs) keeps a kernel cache in ~/.cache/pocl that it rebuilds without
// locking: processes compiling at once get binaries without their program, and with its
// cache off the n-th program of every process builds in the same scratch folder, which
// one process removes from under another. ingot keeps compiled binaries in its own disk
// cache, so PoCL gets a folder of this process's own (unless the user's POCL_CACHE_DIR
// names one), set before the ICD loader can start PoCL and removed when the process
// exits. A child process inherits its parent's variable: INGOT_POCL_CACHE_OWNER tells
// that folder from one the user chose.
class PoclCacheFolder {
 public:
  PoclCacheFolder() {
    const std::string pid = std::to_string(::getpid());
    const char* chosen = std::getenv("POCL_CACHE_DIR");
    const char* owner = std::getenv("INGOT_POCL_CACHE_OWNER");
    if (chosen && (!owner || owner == pid)) return;  // the user's own folder
    std::error_code error;
    std::string folder =
        (std::filesystem::temp_directory_path(error) / "ingot-pocl-XXXXXX").string();
    if (!error && ::mkdtemp(folder.data()) && ::setenv("POCL_CACHE_DIR", folder.c_str(), 1) == 0 &&
        ::setenv("INGOT_POCL_CACHE_OWNER", pid.c_str(), 1) == 0)
      folder_ = folder;
  }
  ~PoclCacheFolder() {
    std::error_code ignored;
    if (!folder_.empty()) std::filesystem::remove_all(folder_, ignored);
  }
  PoclCacheFolder(const PoclCacheFolder&) = delete;
  PoclCacheFolder& operator=(const PoclCacheFolder&) = delete;

 private:
  std::string folder_;
};

// Fills `api`; throws Error saying what is missing.
void load_into(ClApi& api) {
  static const PoclCacheFolder pocl_cache;
  // The versioned name is what the loader package installs; the bare name only comes
  // with development packages, but some systems have nothing else.
  Library library = Library::open({"libOpenCL.so.1", "libOpenCL.so"}, "the OpenCL ICD loader");
  // The library stays loaded for the life of the process, as the devices do.
  library.keep();
// NOLINTBEGIN(bugprone-macro-parentheses): a type and a parameter list, not expressions
#define INGOT_CL_RESOLVE(name, result, params) \
  api.name = library.require<result(*) params>(#name, "OpenCL 1.2 or newer is needed");
  // NOLINTEND(bugprone-macro-parentheses)
  INGOT_CL_FUNCTIONS(INGOT_CL_RESOLVE)
#undef INGOT_CL_RESOLVE
}

const VendorApi<ClApi>& loaded() {
  static const VendorApi<ClApi> instance(load_into);
  return instance;
}

constexpr std::pair<cl_int, std::string_view> kErrorNames[] = {
    {0, "CL_SUCCESS"},
    {-1, "CL_DEVICE_NOT_FOUND"},
    {-2, "CL_DEVICE_NOT_AVAILABLE"},
    {-3, "CL_COMPILER_NOT_AVAILABLE"},
    {-4, "CL_MEM_OBJECT_ALLOCATION_FAILURE"},
    {-5, "CL_OUT_OF_RESOURCES"},
    {-6, "CL_OUT_OF_HOST_MEMORY"},
    {-7, "CL_PROFILING_INFO_NOT_AVAILABLE"},
    {-8, "CL_MEM_COPY_OVERLAP"},
    {-9, "CL_IMAGE_FORMAT_MISMATCH"},
    {-10, "CL_IMAGE_FORMAT_NOT_SUPPORTED"},
    {-11, "CL_BUILD_PROGRAM_FAILURE"},
    {-12, "CL_MAP_FAILURE"},
    {-13, "CL_MISALIGNED_SUB_BUFFER_OFFSET"},
    {-14, "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST"},
    {-15, "CL_COMPILE_PROGRAM_FAILURE"},
    {-16, "CL_LINKER_NOT_AVAILABLE"},
    {-17, "CL_LINK_PROGRAM_FAILURE"},
    {-18, "CL_DEVICE_PARTITION_FAILED"},
    {-19, "CL_KERNEL_ARG_INFO_NOT_AVAILABLE"},
    {-30, "CL_INVALID_VALUE"},
    {-31, "CL_INVALID_DEVICE_TYPE"},
    {-32, "CL_INVALID_PLATFORM"},
    {-33, "CL_INVALID_DEVICE"},
    {-34, "CL_INVALID_CONTEXT"},
    {-35, "CL_INVALID_QUEUE_PROPERTIES"},
    {-36, "CL_INVALID_COMMAND_QUEUE"},
    {-37, "CL_INVALID_HOST_PTR"},
    {-38, "CL_INVALID_MEM_OBJECT"},
    {-39, "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR"},
    {-40, "CL_INVALID_IMAGE_SIZE"},
    {-41, "CL_INVALID_SAMPLER"},
    {-42, "CL_INVALID_BINARY"},
    {-43, "CL_INVALID_BUILD_OPTIONS"},
    {-44, "CL_INVALID_PROGRAM"},
    {-45, "CL_INVALID_PROGRAM_EXECUTABLE"},
    {-46, "CL_INVALID_KERNEL_NAME"},
    {-47, "CL_INVALID_KERNEL_DEFINITION"},
    {-48, "CL_INVALID_KERNEL"},
    {-49, "CL_INVALID_ARG_INDEX"},
    {-50, "CL_INVALID_ARG_VALUE"},
    {-51, "CL_INVALID_ARG_SIZE"},
    {-52, "CL_INVALID_KERNEL_ARGS"},
    {-53, "CL_INVALID_WORK_DIMENSION"},
    {-54, "CL_INVALID_WORK_GROUP_SIZE"},
    {-55, "CL_INVALID_WORK_ITEM_SIZE"},
    {-56, "CL_INVALID_GLOBAL_OFFSET"},
    {-57, "CL_INVALID_EVENT_WAIT_LIST"},
    {-58, "CL_INVALID_EVENT"},
    {-59, "CL_INVALID_OPERATION"},
    {-60, "CL_INVALID_GL_OBJECT"},
    {-61, "CL_INVALID_BUFFER_SIZE"},
    {-62, "CL_INVALID_MIP_LEVEL"},
    {-63, "CL_INVALID_GLOBAL_WORK_SIZE"},
    {-64, "CL_INVALID_PROPERTY"},
    {-65, "CL_INVALID_IMAGE_DESCRIPTOR"},
    {-66, "CL_INVALID_COMPILER_OPTIONS"},
    {-67, "CL_INVALID_LINKER_OPTIONS"},
    {-68, "CL_INVALID_DEVICE_PARTITION_COUNT"},
    {-69, "CL_INVALID_PIPE_SIZE"},
    {-70, "CL_INVALID_DEVICE_QUEUE"},
    {-71, "CL_INVALID_SPEC_ID"},
    {-72, "CL_MAX_SIZE_RESTRICTION_EXCEEDED"},
    {-1001, "CL_PLATFORM_NOT_FOUND_KHR"},
};

}  // namespace

const ClApi* cl_api() { return loaded().table(); }

std::string cl_unavailable_reason() { return loaded().reason; }

std::string_view cl_error_name(cl_int code) {
  for (auto [value, name] : kErrorNames)
    if (value == code) return name;
  return "unknown OpenCL error";
}

Error cl_error(cl_int code, std::string_view call, std::string_view what) {
  return call_error(what, call, cl_error_name(code), code);
}

std::string cl_build_log(cl_program program, cl_device_id device) {
  size_t size = 0;
  cl_int status =
      cl().clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
  std::string log(size, '\0');
  if (status == CL_SUCCESS)
    status = cl().clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(),
                                        nullptr);
  if (status != CL_SUCCESS)
    return fmt::format("(no build log: clGetProgramBuildInfo returned {})", cl_error_name(status));
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

}  // namespace ingot::opencl
