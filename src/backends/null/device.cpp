// The NULL device: what it tells the rest of ingot about itself, and the backend's
// registration.
#include <fmt/format.h>

#include "backends/null/null.hpp"

namespace ingot {
namespace null {
namespace {

// A real backend reads these from its driver; the comments in include/ingot/runtime.hpp
// say what each field decides (whether the device runs threadgroups and within which
// limits, the dtypes it computes in, its memory, `emulated` for a device that should run
// only when named). NULL keeps the defaults: no threadgroups, no memory.
DeviceInfo describe() {
  return DeviceInfo{
      .name = "NULL",
      .product = "the template backend, which runs nothing",
      // The renderer's language table (src/render/lang_<language>.cpp), and the column of
      // tests/cts/kernels.cpp the conformance suite launches: NULL has neither, so nothing
      // is rendered for it and its kernel tests skip.
      .language = "null",
      // A backend whose driver loads an assembly lists it in .assembly (the CPU's "asm",
      // CUDA's "ptx") and assembles it in its Compiler::assemble; one without says why.
      .no_assembly = "NULL runs nothing",
  };
}

}  // namespace

Error not_implemented(std::string_view call) {
  return Error(fmt::format(
      "NULL: {} is not implemented (src/backends/null/ is the template backend, which runs "
      "nothing; docs/adding-a-backend.md says how to fill it in)",
      call));
}

NullDevice::NullDevice() : info_(describe()), allocator_(*this) {}

std::unique_ptr<Program> NullDevice::load(const std::vector<uint8_t>& binary,
                                          const std::string& function, int buffer_count) {
  // A real backend loads `function` of a binary its compiler made (cuModuleLoadData,
  // clCreateProgramWithBinary, dlopen) in its Program's constructor.
  return std::make_unique<NullProgram>(*this, binary, function, buffer_count);
}

}  // namespace null

void register_backend_null() {
  // A real backend's enumerate() lists the devices its driver finds ("CUDA:0", "CUDA:1"),
  // none when the driver is missing, and its rank orders it for the default device (lower
  // first). NULL's one device is listed by neither Device::available() nor the default:
  // it opens only when named.
  register_backend({.kind = "NULL",
                    .rank = 1000,
                    .enumerate = [] { return std::vector<std::string>{"NULL"}; },
                    .open = [](const std::string&) { return std::make_unique<null::NullDevice>(); },
                    .only_when_named = true});
}

}  // namespace ingot
