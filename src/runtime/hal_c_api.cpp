// C entry points into the HAL for the exported libraries whose device is reached through
// ingot's own backend (src/engine/aot_runtime/ingot_aot_hal.c): Metal, whose API is
// Objective-C on a Mac and the emulated Metal, part of this library, elsewhere. Only what
// a loaded function needs: open a device, allocate, copy, load a binary, launch, wait.
// Each returns 0, or -1 with the message in ingot_hal_error(); none throws.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ingot/runtime.hpp"

namespace {

thread_local std::string t_error;

// Runs `work`, turning an exception into -1 and its message.
template <class F>
int guarded(F work) {
  try {
    work();
    return 0;
  } catch (const std::exception& e) {
    t_error = e.what();
    return -1;
  }
}

using BufferHandle = std::shared_ptr<ingot::Buffer>;

}  // namespace

extern "C" {

const char* ingot_hal_error(void) { return t_error.c_str(); }

int ingot_hal_open(const char* name, void** device) {
  return guarded([&] { *device = &ingot::Device::get(name); });
}

int ingot_hal_alloc(void* device, uint64_t bytes, void** buffer) {
  return guarded([&] {
    auto& d = *static_cast<ingot::Device*>(device);
    *buffer = new BufferHandle(d.allocator().alloc(bytes ? bytes : 1));
  });
}

void ingot_hal_free(void* buffer) { delete static_cast<BufferHandle*>(buffer); }

int ingot_hal_copy_in(void* buffer, uint64_t offset, const void* src, uint64_t bytes) {
  return guarded([&] { (*static_cast<BufferHandle*>(buffer))->copy_in(src, bytes, offset); });
}

int ingot_hal_copy_out(void* dst, void* buffer, uint64_t offset, uint64_t bytes) {
  return guarded([&] { (*static_cast<BufferHandle*>(buffer))->copy_out(dst, bytes, offset); });
}

int ingot_hal_load(void* device, const unsigned char* code, uint64_t bytes, const char* function,
                   int buffers, void** program) {
  return guarded([&] {
    auto& d = *static_cast<ingot::Device*>(device);
    *program = d.load(std::vector<uint8_t>(code, code + bytes), function, buffers).release();
  });
}

void ingot_hal_unload(void* program) { delete static_cast<ingot::Program*>(program); }

// `buffers[i]` at byte `offsets[i]`, `sizes[i]` bytes of it (a view where the offset is
// not 0).
int ingot_hal_launch(void* program, void* const* buffers, const uint64_t* offsets,
                     const uint64_t* sizes, int count, const int64_t* global, const int64_t* local,
                     int partial_groups) {
  return guarded([&] {
    std::vector<BufferHandle> views;
    std::vector<ingot::Buffer*> pointers;
    for (int i = 0; i < count; ++i) {
      const BufferHandle& base = *static_cast<BufferHandle*>(buffers[i]);
      if (offsets[i] == 0) {
        pointers.push_back(base.get());
      } else {
        views.push_back(std::make_shared<ingot::Buffer>(base, offsets[i], sizes[i]));
        pointers.push_back(views.back().get());
      }
    }
    ingot::LaunchDims dims;
    for (int d = 0; d < 3; ++d) {
      dims.global[d] = global[d];
      dims.local[d] = local[d];
    }
    dims.partial_groups = partial_groups != 0;
    static_cast<ingot::Program*>(program)->launch(pointers, dims, {}, false);
  });
}

int ingot_hal_finish(void* device) {
  return guarded([&] { static_cast<ingot::Device*>(device)->synchronize(); });
}

}  // extern "C"
