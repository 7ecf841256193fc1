// Writing a recorded function out as a C library that runs without ingot's compilers
// (include/ingot/export.hpp, docs/jit-and-export.md). The front end records the call
// (tensor/capture.hpp); this plans the device's memory, writes the C sources and builds
// the library.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/recording.hpp"
#include "ingot/runtime.hpp"

namespace ingot::engine {

// An input or output of the exported function: its C name, type, and the buffer that held
// it in the recorded call.
struct AotTensor {
  std::string name;
  DType dtype;
  std::vector<int64_t> shape;
  std::shared_ptr<Buffer> buffer;
};

struct AotFunction {
  std::string name;  // a C identifier
  Device* device = nullptr;
  std::vector<RecordedLaunch> launches;
  std::vector<AotTensor> inputs, outputs;
};

// The recorded call as tables: every allocation a slot, the weights' contents in one blob.
struct AotPlan {
  struct Slot {
    uint64_t bytes = 0;
    int64_t weights_at = -1;  // where its contents start in `weights`, or -1
  };
  struct Place {
    int slot = 0;
    uint64_t offset = 0, bytes = 0;
  };
  struct Kernel {
    std::string function;  // as the source names it
    std::string symbol;    // <name>_k<i>: its symbol or file name in the export
    int buffers = 0;
    ExportedKernel code;
  };
  struct Launch {
    int kernel = 0;
    std::vector<Place> args;  // the output first, then the inputs
    LaunchDims dims;
  };
  std::vector<Slot> slots;
  std::vector<Place> inputs, outputs;
  std::vector<Kernel> kernels;
  std::vector<Launch> launches;
  std::vector<uint8_t> weights;
};

// Plans `function`: reads the weights (buffers a launch read that no launch wrote and no
// input holds) from the device and compiles each kernel for the export
// (Compiler::export_kernel). Throws Error where the device cannot be exported to.
AotPlan plan_aot(const AotFunction& function);

// What write_aot_library wrote.
struct AotFiles {
  std::filesystem::path header, library;
  // The libraries a program linking `library` needs besides it, as linker flags.
  std::vector<std::string> link_flags;
};

// Writes <name>.h, ingot_aot.h and lib<name>.a into `out_dir` (created if missing), with
// the sources they were built from under `out_dir`/src. Throws Error naming the step that
// failed (a missing C compiler or archiver, a folder that cannot be written).
AotFiles write_aot_library(const AotFunction& function, const std::filesystem::path& out_dir);

// The sources of the exported runtime (src/engine/aot_runtime/), built into the library:
// a file name and its text.
struct AotRuntimeFile {
  const char* name;
  const char* text;
};
extern const AotRuntimeFile kAotRuntimeFiles[];
extern const size_t kAotRuntimeFileCount;

}  // namespace ingot::engine
