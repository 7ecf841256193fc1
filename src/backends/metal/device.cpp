// The Metal devices: MTLCreateSystemDefaultDevice as METAL:0 and the others of
// MTLCopyAllDevices after it, each with its command queue and the shared event that is the
// queue's timeline, the command buffers in flight, and the backend's registration.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "backends/metal/metal.hpp"
#include "ingot/context.hpp"
#include "ingot/error.hpp"

namespace ingot::metal {
namespace {

using objc::id;
using objc::NSUInteger;
using objc::send;

constexpr NSUInteger kStatusCompleted = 4, kStatusError = 5;  // MTLCommandBufferStatus
constexpr long kFamilyApple7 = 1007, kFamilyMetal3 = 5001;    // MTLGPUFamily

// The devices in ingot's order, owned: the system's default first (METAL:0, the GPU Apple
// picks for a display), then the others in MTLCopyAllDevices' order. Empty when no default
// device opens. The default device is found in the list by its registryID: Metal does not
// promise that both calls answer the same object for one GPU.
std::vector<objc::Owned> system_devices() {
  objc::AutoreleasePool pool;
  std::vector<objc::Owned> devices;
  objc::Owned first(objc::runtime().create_system_default_device());
  if (!first) return devices;
  uint64_t default_id = send<uint64_t>(first.get(), "registryID");
  objc::Owned all(objc::runtime().copy_all_devices());
  NSUInteger count = all ? send<NSUInteger>(all.get(), "count") : 0;
  devices.push_back(std::move(first));
  for (NSUInteger i = 0; i < count; ++i) {
    id device = send<id>(all.get(), "objectAtIndex:", i);  // owned by the array
    if (send<uint64_t>(device, "registryID") != default_id)
      devices.emplace_back(objc::retain(device));
  }
  return devices;
}

// Whether the device answers `supportsFamily:` (macOS 10.15 and later): asked first, since
// a message the object does not implement raises an exception that would end the process.
bool supports_family(id device, long family) {
  static const objc::SEL selector = objc::selector("supportsFamily:");
  return send<bool>(device, "respondsToSelector:", selector) &&
         send<bool>(device, selector, family);
}

std::vector<std::string> enumerate_devices() {
  size_t count = system_devices().size();
  if (count == 0 && Context::global().debug() >= 1)
    std::fprintf(stderr,
                 "ingot: no Metal device: MTLCreateSystemDefaultDevice returned nil (the "
                 "emulated Metal needs clang++ to run kernels)\n");
  std::vector<std::string> names;
  for (size_t i = 0; i < count; ++i) names.push_back(fmt::format("METAL:{}", i));
  return names;
}

std::unique_ptr<Device> open_device(const std::string& name) {
  std::vector<std::string> names = enumerate_devices();
  if (std::find(names.begin(), names.end(), name) == names.end())
    throw Error(fmt::format(
        "Metal: no device {}; the Metal devices here are {}", name,
        names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, ", "))));
  return std::make_unique<MetalDevice>(name);
}

// The device a name such as "METAL:1" stands for, owned; throws naming it when it is gone.
objc::Owned system_device(const std::string& name) {
  size_t colon = name.find(':');
  size_t index = colon == std::string::npos ? 0 : std::stoul(name.substr(colon + 1));
  std::vector<objc::Owned> devices = system_devices();
  if (index >= devices.size())
    throw Error(
        fmt::format("opening {}: Metal has {} device(s) (MTLCreateSystemDefaultDevice, "
                    "then MTLCopyAllDevices)",
                    name, devices.size()));
  return std::move(devices[index]);
}

DeviceInfo describe(const std::string& name, const MetalContext& metal, bool fast_math) {
  objc::AutoreleasePool pool;
  id device = metal.device.get();
  const objc::Runtime& rt = objc::runtime();
  auto families = [&] {
    std::string list;
    for (auto [family, label] : {std::pair(kFamilyApple7, "Apple7"), {kFamilyMetal3, "Metal3"}})
      if (supports_family(device, family)) list += (list.empty() ? "" : ", ") + std::string(label);
    return list.empty() ? std::string("older than Apple7 and Metal3") : list;
  };
  const objc::MTLSize group = send<objc::MTLSize>(device, "maxThreadsPerThreadgroup");
  return DeviceInfo{
      .name = name,
      .product = objc::to_string(send<id>(device, "name")),
      .language = "metal",
      .no_assembly =
          "Metal has no public assembly: Apple documents no instruction set for its GPUs, and "
          "a Metal library is compiled from MSL (or AIR, an undocumented IR)",
      // The emulator is never the default device; Apple's Metal is.
      .emulated = rt.emulated,
      .is_gpu = true,
      // Metal does not report its GPU cores. The emulator runs threadgroups on the host's
      // cores; on Apple silicon 8 is the smallest GPU's count.
      .compute_units = rt.emulated ? int(std::max(1u, std::thread::hardware_concurrency())) : 8,
      .threadgroups = true,
      // Apple gives each dimension's limit; a pipeline allows at most the width in all.
      .max_threads_per_group = int64_t(group.width),
      .max_group_size = {int64_t(group.width), int64_t(group.height), int64_t(group.depth)},
      .max_kernel_arguments = kMetalBufferBindings,
      .local_memory_bytes = int64_t(send<NSUInteger>(device, "maxThreadgroupMemoryLength")),
      // The MSL table loads float4 vectors.
      .simd_width = 4,
      // SIMD groups of 32 on every Apple GPU (and in the emulator): GROUP reductions end
      // with simd_shuffle_down.
      .shuffle_width = 32,
      // simdgroup_float8x8 and simdgroup_half8x8: Apple GPU family 7 (M1) and later.
      .matrix_tile = supports_family(device, kFamilyApple7) ? 8 : 0,
      .matrix_dtypes = {DType::Float32, DType::Float16},
      // Metal has no 64-bit floating point.
      .dtypes = dtypes_except({DType::Float64}),
      .memory_bytes = send<NSUInteger>(device, "recommendedMaxWorkingSetSize"),
      .max_buffer_bytes = send<NSUInteger>(device, "maxBufferLength"),
      .extra = {
          {"runtime", rt.description},
          {"unified memory",
           metal.unified_memory ? "yes (shared buffers)" : "no (private buffers)"},
          {"GPU families", families()},
          {"MSL", fmt::format("3.1, fast math {}", fast_math ? "on (METAL_FAST_MATH=1)" : "off")}}};
}

}  // namespace

MetalContext::MetalContext(const std::string& name) : name(name) {
  objc::AutoreleasePool pool;
  device = system_device(name);
  queue = objc::Owned(send<id>(device.get(), "newCommandQueue"));
  timeline = objc::Owned(send<id>(device.get(), "newSharedEvent"));
  if (!queue || !timeline)
    throw Error("opening " + name + ": newCommandQueue or newSharedEvent returned nil");
  unified_memory = send<bool>(device.get(), "hasUnifiedMemory");
}

id MetalContext::new_command_buffer() const {
  id buffer = send<id>(queue.get(), "commandBuffer");
  if (!buffer) throw Error(name + ": the command queue returned no command buffer");
  return buffer;
}

void MetalContext::commit(id command_buffer, bool caller_waits) {
  std::lock_guard lock(mutex_);
  send<void>(command_buffer, "commit");
  if (caller_waits) return;
  in_flight_.emplace_back(signaled_ + 1, objc::Owned(objc::retain(command_buffer)));
  // Completed ones are dropped here, so that launches without waits do not pile up; one
  // that failed stays for the next wait to report.
  while (!in_flight_.empty() &&
         send<NSUInteger>(in_flight_.front().second.get(), "status") == kStatusCompleted)
    in_flight_.pop_front();
}

uint64_t MetalContext::signal() {
  objc::AutoreleasePool pool;
  std::lock_guard lock(mutex_);
  id buffer = new_command_buffer();
  send<void>(buffer, "encodeSignalEvent:value:", timeline.get(), uint64_t(signaled_ + 1));
  send<void>(buffer, "commit");
  in_flight_.emplace_back(++signaled_, objc::Owned(objc::retain(buffer)));
  return signaled_;
}

uint64_t MetalContext::signaled() const {
  std::lock_guard lock(mutex_);
  return signaled_;
}

uint64_t MetalContext::completed() const { return send<uint64_t>(timeline.get(), "signaledValue"); }

void MetalContext::check(id command_buffer, const std::string& what) {
  if (send<NSUInteger>(command_buffer, "status") != kStatusError) return;
  throw Error(fmt::format("{}: the command buffer failed: {}", what,
                          objc::error_text(send<id>(command_buffer, "error"))));
}

void MetalContext::wait(uint64_t value, const std::string& what) {
  std::vector<objc::Owned> waited;
  {
    std::lock_guard lock(mutex_);
    if (value > signaled_)
      throw Error(fmt::format("{}: wait({}) for a value never signaled (last signaled: {})", what,
                              value, signaled_));
    while (!in_flight_.empty() && in_flight_.front().first <= value) {
      waited.push_back(std::move(in_flight_.front().second));
      in_flight_.pop_front();
    }
  }
  // Another thread may have taken some of them to wait for; the timeline still says when
  // they are done, since its signal follows them on the queue.
  for (const objc::Owned& buffer : waited) send<void>(buffer.get(), "waitUntilCompleted");
  while (completed() < value) std::this_thread::sleep_for(std::chrono::microseconds(50));
  for (const objc::Owned& buffer : waited) check(buffer.get(), what);
}

void MetalDevice::TimelineQueue::wait(uint64_t value) {
  metal_.wait(value, fmt::format("{} queue wait({})", metal_.name, value));
}

MetalDevice::MetalDevice(const std::string& name)
    : metal_(name),
      compiler_(metal_),
      info_(describe(name, metal_, compiler_.fast_math())),
      allocator_(*this, metal_),
      queue_(metal_) {}

std::unique_ptr<Program> MetalDevice::load(const std::vector<uint8_t>& binary,
                                           const std::string& function, int buffer_count) {
  return std::make_unique<MetalProgram>(*this, std::string(binary.begin(), binary.end()), function,
                                        buffer_count);
}

}  // namespace ingot::metal

namespace ingot {

void register_backend_metal() {
  // Rank 0: Apple's Metal is the preferred device where it opens; the emulated one is
  // marked emulated and used only when named.
  register_backend({"METAL", 0, metal::enumerate_devices, metal::open_device});
}

}  // namespace ingot
