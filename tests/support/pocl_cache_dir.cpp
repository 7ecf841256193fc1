// Gives each test process a PoCL cache folder of its own (pocl_cache_dir.hpp says why).
#include "support/pocl_cache_dir.hpp"

namespace {

// Before main, so before any test opens the OpenCL devices.
const support::PoclCacheFolder kPoclCacheFolder;

}  // namespace
