// The emulated MTLDevice and MTLBuffer: devices with an Apple GPU's limits and unified
// memory (unless INGOT_METAL_EMULATOR_UNIFIED=0), one unless INGOT_METAL_EMULATOR_DEVICES asks
// for more, and buffers in host memory whose storage mode decides what the host may see.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "backends/metal/emulator/msl_engine.hpp"
#include "backends/metal/emulator/objects.hpp"
#include "ingot/error.hpp"

namespace ingot::metal_emulator {
namespace {

constexpr size_t kPageBytes = 16384;  // Apple silicon's page, the alignment of contents

size_t physical_memory() {
  return size_t(::sysconf(_SC_PHYS_PAGES)) * size_t(::sysconf(_SC_PAGESIZE));
}

// INGOT_METAL_EMULATOR_DEVICES: how many devices MTLCopyAllDevices answers (default 1).
size_t device_count() {
  const char* text = std::getenv("INGOT_METAL_EMULATOR_DEVICES");
  if (!text || !*text) return 1;
  char* end = nullptr;
  long count = std::strtol(text, &end, 10);
  if (*end != '\0' || count < 1 || count > 16)
    throw Error(fmt::format(
        "emulated Metal: INGOT_METAL_EMULATOR_DEVICES={}: the number of devices must be 1 to 16",
        text));
  return size_t(count);
}

// The devices, made on first use and held by the system for the life of the process, as
// Metal's are; the first is the system's default device.
const std::vector<MTLDevice*>& system_devices() {
  static const std::vector<MTLDevice*> devices = [] {
    std::vector<MTLDevice*> made;
    for (size_t i = 0, n = device_count(); i < n; ++i) made.push_back(new MTLDevice(i));
    return made;
  }();
  return devices;
}

size_t host_page_bytes() { return size_t(::sysconf(_SC_PAGESIZE)); }

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
  // The device's memory is taken first, so that buffers made at once cannot pass it together.
  size_t before = self.allocated.fetch_add(rounded);
  size_t memory_bytes = self.memory();
  auto* memory = rounded > memory_bytes || before > memory_bytes - rounded
                     ? nullptr
                     : static_cast<uint8_t*>(std::aligned_alloc(kPageBytes, rounded));
  if (!memory) {
    self.allocated -= rounded;
    return nullptr;
  }
  auto* made = new MTLBuffer(self, memory, length, mode, true);
  made->charged = rounded;
  return made->as_id();
}

// A buffer over the caller's memory, as Metal requires it: page-aligned, a whole number of
// pages, shared storage. The deallocator would be a block the emulator cannot call, so
// only nil (the caller frees the memory after the buffer is gone) is taken.
id new_buffer_no_copy(MTLDevice& self, void* pointer, NSUInteger length, NSUInteger options,
                      id deallocator) {
  const char* selector = "newBufferWithBytesNoCopy:length:options:deallocator:";
  size_t page = host_page_bytes();
  if (!pointer || reinterpret_cast<uintptr_t>(pointer) % page != 0 || length == 0 ||
      length % page != 0)
    throw Error(fmt::format(
        "emulated Metal: {} with pointer {} and length {}: the memory must start on a page and "
        "be whole pages of {} bytes",
        selector, pointer, length, page));
  if (StorageMode((options >> 4) & 0xf) != StorageMode::Shared)
    throw Error(
        fmt::format("emulated Metal: {} with options 0x{:x}: the host's memory can only "
                    "back a shared buffer",
                    selector, options));
  if (deallocator)
    throw Error(fmt::format("emulated Metal: {} with a deallocator block: the emulator takes nil",
                            selector));
  // INGOT_METAL_EMULATOR_NO_COPY=0: Metal refuses to wrap the memory (nil), as it may for
  // memory it cannot map; read at each call, so a test may set it.
  const char* no_copy = std::getenv("INGOT_METAL_EMULATOR_NO_COPY");
  if (no_copy && std::string_view(no_copy) == "0") return nullptr;
  return (new MTLBuffer(self, static_cast<uint8_t*>(pointer), length, StorageMode::Shared, false))
      ->as_id();
}

}  // namespace

MTLDevice::MTLDevice(size_t index)
    : Object(class_named("MTLDevice")), index(index), max_buffer_length(physical_memory() / 2) {
  retain();  // the system's own reference: a caller's release never deallocates it
}

size_t MTLDevice::memory() const {
  const char* text = std::getenv("INGOT_METAL_EMULATOR_MEMORY");
  if (!text || !*text) return physical_memory() / 4 * 3;
  char* end = nullptr;
  unsigned long long bytes = std::strtoull(text, &end, 10);
  if (*end != '\0' || bytes == 0)
    throw Error(fmt::format(
        "emulated Metal: INGOT_METAL_EMULATOR_MEMORY={}: give the device's memory in bytes", text));
  return size_t(bytes);
}

void MTLBuffer::dealloc() {
  memory.reset();
  device.allocated -= charged;
}

MTLBuffer::MTLBuffer(MTLDevice& device, uint8_t* memory, size_t length, StorageMode mode,
                     bool owned)
    : Object(class_named("MTLBuffer")),
      device(device),
      memory(memory, Free{owned}),
      length(length),
      mode(mode) {}

id create_system_default_device() {
  if (!can_run_kernels()) return nullptr;
  MTLDevice& device = *system_devices().front();
  device.retain();  // "Create": the caller owns a reference
  return device.as_id();
}

id copy_all_devices() {
  std::vector<Ref<Object>> devices;
  // Without kernels there is no device, as on a Mac without a Metal GPU: an empty array.
  if (can_run_kernels())
    for (MTLDevice* device : system_devices()) devices.emplace_back(device);
  return (new NSArray(std::move(devices)))->as_id();  // "Copy": owned by the caller
}

void define_device_classes() {
  const ClassInfo* base = &define_class("NSObject", nullptr);
  ClassInfo& device = define_class("MTLDevice", base);
  def(
      device, "name", +[](MTLDevice& self) -> id {
        std::string name = "Emulated Apple GPU (ingot)";
        if (self.index > 0) name += fmt::format(" #{}", self.index);
        return (new NSString(name))->autorelease()->as_id();
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
      +[](MTLDevice& self) -> NSUInteger { return self.memory(); });
  // INGOT_METAL_EMULATOR_FAMILIES=0 makes a device of macOS before 10.15, which has no
  // supportsFamily: (read at each call, as hasUnifiedMemory's setting).
  def(
      device,
      "supportsFamily:", +[](MTLDevice&, long family) -> bool { return supports_family(family); });
  def(
      device, "respondsToSelector:", +[](MTLDevice& self, SEL selector) -> bool {
        std::string_view name = metal_emulator::selector_name(selector);
        const char* families = std::getenv("INGOT_METAL_EMULATOR_FAMILIES");
        if (name == "supportsFamily:" && families && std::string_view(families) == "0")
          return false;
        return self.cls().find(name, false) != nullptr;
      });
  // A GPU's identity across calls (IORegistry entry ID); the emulator's are distinct per
  // device and never 0.
  def(
      device, "registryID",
      +[](MTLDevice& self) -> uint64_t { return 0x100000400ull + self.index; });
  def(device, "newBufferWithLength:options:", new_buffer);
  def(device, "newBufferWithBytesNoCopy:length:options:deallocator:", new_buffer_no_copy);

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
