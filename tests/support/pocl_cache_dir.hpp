// A PoCL cache folder of this process's own, made when the process has none and removed
// at the end. With POCL_KERNEL_CACHE=0 (the tests' setting) PoCL builds each program in a
// folder "_UNCACHED_<six letters>" of its cache and removes it when the program is
// released, but the letters come out the same in every process (the n-th program of two
// processes gets the same folder): one process removed the folder from under the other's
// final link, which PoCL answers with an abort ("Final linking of kernel ... failed", seen
// once in CI). With its cache on, PoCL's rebuilds of one cache by several processes
// return binaries without their program. Test processes make one before main; the
// fuzzer, in each worker.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace support {

class PoclCacheFolder {
 public:
  PoclCacheFolder() {
    if (std::getenv("POCL_CACHE_DIR")) return;  // the caller chose one
    std::error_code error;
    std::string folder =
        (std::filesystem::temp_directory_path(error) / "ingot-test-pocl-XXXXXX").string();
    if (!error && ::mkdtemp(folder.data()) && ::setenv("POCL_CACHE_DIR", folder.c_str(), 1) == 0)
      folder_ = folder;
  }
  ~PoclCacheFolder() {
    std::error_code ignored;
    if (!folder_.empty()) std::filesystem::remove_all(folder_, ignored);
  }

 private:
  std::string folder_;
};

}  // namespace support
