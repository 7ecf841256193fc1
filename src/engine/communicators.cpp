// Communicator::get: one communicator per ordered list of devices, made on first use and
// kept for the process. A group of one backend's devices asks that backend first
// (Device::make_communicator: NCCL on CUDA), and every communicator gets the plain one of
// the same devices for what its carrier does not reduce.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <mutex>

#include "engine/plain_communicator.hpp"
#include "ingot/error.hpp"

namespace ingot {
namespace {

// Devices and communicators live until the process exits (the registry leaks its devices
// for the same reason: work queued on them may still be torn down late).
struct Communicators {
  std::mutex mutex;
  std::map<std::vector<Device*>, std::unique_ptr<Communicator>> made;
};

Communicators& communicators() {
  static auto* instance = new Communicators;
  return *instance;
}

// The group's devices, opened, in order; throws naming a device that does not open or
// comes twice.
std::vector<Device*> open_group(const std::vector<std::string>& names) {
  if (names.empty())
    throw ArgumentError("Communicator::get: no devices (valid: a list of at least one device)");
  std::vector<Device*> devices;
  for (const std::string& name : names) {
    Device* device = nullptr;
    try {
      device = &Device::get(name);
    } catch (const Error& e) {
      throw Error(fmt::format("Communicator::get([{}]): {}", fmt::join(names, ", "), e.what()));
    }
    for (size_t i = 0; i < devices.size(); ++i)
      if (devices[i] == device)
        throw ArgumentError(fmt::format(
            "Communicator::get([{}]): '{}' is {}, which position {} already names (valid: "
            "each device once)",
            fmt::join(names, ", "), name, device->name(), i));
    devices.push_back(device);
  }
  return devices;
}

// Whether every device of `group` is of the first one's backend (the registry's kind, the
// name's prefix).
bool one_backend(const std::vector<Device*>& group) {
  auto kind = [](const Device* device) {
    const std::string& name = device->name();
    return name.substr(0, name.find(':'));
  };
  for (const Device* device : group)
    if (kind(device) != kind(group.front())) return false;
  return true;
}

}  // namespace

Communicator& Communicator::get(const std::vector<std::string>& names) {
  std::vector<Device*> devices = open_group(names);
  Communicators& all = communicators();
  std::lock_guard lock(all.mutex);
  auto found = all.made.find(devices);
  if (found != all.made.end()) return *found->second;
  auto plain = std::make_unique<engine::PlainCommunicator>(devices);
  std::unique_ptr<Communicator> made;
  if (one_backend(devices)) made = devices.front()->make_communicator(devices);
  if (made)
    made->fallback_ = std::move(plain);
  else
    made = std::move(plain);
  return *all.made.emplace(std::move(devices), std::move(made)).first->second;
}

}  // namespace ingot
