// The emulated MTLDevice and MTLBuffer: one device with an Apple GPU's limits and unified
// memory (unless INGOT_METAL_EMULATOR_UNIFIED=0), and buffers in host memory whose storage mode
// decides what the host may see.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <string_view>

#include "backends/metal/emulator/msl_engine.hpp"
#include "backends/metal/emulator/objects.hpp"
#include "ingot/error.hpp"

namespace ingot::metal_emulator {
namespace {

constexpr size_t kPageBytes = 16384;  // Apple silicon's page, the alignment of contents

size_t physical_memory() {
  return size_t(::sysconf(_SC_PHYS_PAGES)) * size_t(::sysconf(_SC_PAGESIZE));
}

// The one device, held by the system for the life of the process as Metal's are.
MTLDevice& system_device() {
  static MTLDevice* device = new MTLDevice;
  return *device;
}

// MTLGPUFamily values the device supports: Apple1-7, Common1-3, Mac2 and Metal3.
bool supports_family(long family) {
  return (family >= 1001 && family <= 1007) || (family >= 3001 && family <= 3003) ||
         family == 2002 || family == 5001;
}

id new_buffer(MTLDevice& self, NSUInteger length, NSUInteger options) {
  auto mode = StorageMode((options >> 4) & 0xf);  // MTLResourceStorageModeShift
  if (mode != StorageMode::Shared && mode != StorageMode::Private)
    throw Error(fmt::format(
        "emulated Metal: newBufferWithLength:options: with storage mode {} (options 0x{:x}); an "
        "Apple GPU's buffers are shared (0) or private (2): managed storage is for GPUs "
        "without unified memory and memoryless storage for render targets",
        NSUInteger(mode), options));
  if (length == 0)
    throw Error("emulated Metal: newBufferWithLength:0: a buffer's length must be at least 1");
  if (length > self.max_buffer_length) return nullptr;  // as Metal answers: nil
  size_t rounded = (length + kPageBytes - 1) / kPageBytes * kPageBytes;
  auto* memory = static_cast<uint8_t*>(std::aligned_alloc(kPageBytes, rounded));
  if (!memory) return nullptr;
  return (new MTLBuffer(memory, length, mode))->as_id();
}

}  // namespace

MTLDevice::MTLDevice()
    : Object(class_named("MTLDevice")), max_buffer_length(physical_memory() / 2) {
  retain();  // the system's own reference: a caller's release never deallocates it
}

MTLBuffer::MTLBuffer(uint8_t* memory, size_t length, StorageMode mode)
    : Object(class_named("MTLBuffer")), memory(memory), length(length), mode(mode) {}

id create_system_default_device() {
  if (!can_run_kernels()) return nullptr;
  MTLDevice& device = system_device();
  device.retain();  // "Create": the caller owns a reference
  return device.as_id();
}

void define_device_classes() {
  const ClassInfo* base = &define_class("NSObject", nullptr);
  ClassInfo& device = define_class("MTLDevice", base);
  def(
      device, "name", +[](MTLDevice&) -> id {
        return (new NSString("Emulated Apple GPU (ingot)"))->autorelease()->as_id();
      });
  def(
      device, "maxThreadsPerThreadgroup", +[](MTLDevice&) -> MTLSize {
        return {NSUInteger(kMaxThreadsPerThreadgroup), NSUInteger(kMaxThreadsPerThreadgroup),
                NSUInteger(kMaxThreadsPerThreadgroup)};
      });
  def(
      device, "maxThreadgroupMemoryLength",
      +[](MTLDevice&) -> NSUInteger { return kMaxThreadgroupMemory; });
  // INGOT_METAL_EMULATOR_UNIFIED=0 makes it a GPU with memory of its own, as an AMD one in
  // an Intel Mac, so that the backend's private buffers and blits run too; read at each
  // call, so a test may open a second MetalDevice with it set.
  def(
      device, "hasUnifiedMemory", +[](MTLDevice&) -> bool {
        const char* unified = std::getenv("INGOT_METAL_EMULATOR_UNIFIED");
        return !unified || std::string_view(unified) != "0";
      });
  def(
      device, "maxBufferLength",
      +[](MTLDevice& self) -> NSUInteger { return self.max_buffer_length; });
  def(
      device, "recommendedMaxWorkingSetSize",
      +[](MTLDevice&) -> NSUInteger { return physical_memory() / 4 * 3; });
  def(
      device,
      "supportsFamily:", +[](MTLDevice&, long family) -> bool { return supports_family(family); });
  def(device, "newBufferWithLength:options:", new_buffer);

  ClassInfo& buffer = define_class("MTLBuffer", base);
  // Private storage is the GPU's alone: Metal gives the host no pointer to it.
  def(
      buffer, "contents", +[](MTLBuffer& self) -> void* {
        return self.mode == StorageMode::Private ? nullptr : self.memory.get();
      });
  def(
      buffer, "length", +[](MTLBuffer& self) -> NSUInteger { return self.length; });
}

}  // namespace ingot::metal_emulator
