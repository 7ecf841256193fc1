// The device registry: backends register themselves (through the CMake-generated
// register_all_backends), devices are found by name and opened once.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>

#include "ingot/context.hpp"
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"

namespace ingot {

void register_all_backends();  // generated from src/backends/*/ (backend_list.cpp.in)

namespace {

struct Kind {
  BackendEntry entry;
  std::optional<std::vector<std::string>> names;  // enumerate() is asked once
};

struct Registry {
  std::recursive_mutex mutex;  // a backend's open() may itself look devices up
  std::vector<Kind> kinds;     // sorted by rank
  // Devices are opened once and live until the process exits.
  std::map<std::string, Device*> opened;
};

// Deliberately leaked, with every device it opens: kernels, buffers and queues held in
// other static objects may be destroyed after us at exit, and a driver torn down before
// them would crash; the OS reclaims everything anyway.
Registry& registry() {
  static Registry* instance = new Registry;
  return *instance;
}

// Registers the built-in backends on first use, from whichever thread comes first.
Registry& loaded_registry() {
  static std::once_flag once;
  std::call_once(once, register_all_backends);
  return registry();
}

const std::vector<std::string>& names_of(Kind& kind) {
  if (!kind.names) {
    try {
      kind.names = kind.entry.enumerate();
    } catch (const std::exception& e) {
      // A broken driver makes its kind unavailable; it must not take the others down.
      if (Context::global().debug() >= 1)
        std::fprintf(stderr, "ingot: %s devices unavailable: %s\n", kind.entry.kind.c_str(),
                     e.what());
      kind.names.emplace();
    }
  }
  return *kind.names;
}

// The devices that are listed: those of every kind but the ones opened only when named.
std::vector<std::string> all_names(Registry& reg) {
  std::vector<std::string> names;
  for (auto& kind : reg.kinds)
    if (!kind.entry.only_when_named)
      for (auto& name : names_of(kind)) names.push_back(name);
  return names;
}

std::string upper(std::string text) {
  for (char& c : text) c = char(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

// Maps a requested name to a backend's name for it: "CPU" and "cpu" mean the first device
// of that kind, and "CL:0" names the first OpenCL device whether the backend calls it
// "CL" or "CL:0".
std::optional<std::pair<Kind*, std::string>> resolve(Registry& reg, const std::string& name) {
  std::string wanted = upper(name);
  std::string kind_name = wanted.substr(0, wanted.find(':'));
  for (auto& kind : reg.kinds) {
    if (upper(kind.entry.kind) != kind_name) continue;
    const auto& names = names_of(kind);
    if (names.empty()) return std::nullopt;
    bool first = wanted == kind_name || wanted == kind_name + ":0";
    for (size_t i = 0; i < names.size(); ++i) {
      if (upper(names[i]) == wanted || (first && i == 0)) return std::pair{&kind, names[i]};
    }
  }
  return std::nullopt;
}

Device& open_device(Registry& reg, Kind& kind, const std::string& name) {
  if (auto it = reg.opened.find(name); it != reg.opened.end()) {
    // A fault lost its state: the work asking for it now runs on a fresh one.
    if (it->second->lost()) it->second->recover();
    return *it->second;
  }
  std::unique_ptr<Device> device = kind.entry.open(name);
  if (!device)
    throw Error(
        fmt::format("Device::get: the {} backend could not open {}", kind.entry.kind, name));
  Device* leaked = device.release();  // see registry()
  reg.opened.emplace(name, leaked);
  if (Context::global().debug() >= 1) {
    const DeviceInfo& info = leaked->info();
    std::fprintf(stderr, "ingot: opened %s (%s), %d compute units, %llu MiB\n", info.name.c_str(),
                 info.product.c_str(), info.compute_units,
                 static_cast<unsigned long long>(info.memory_bytes >> 20));
  }
  return *leaked;
}

Device& get_locked(Registry& reg, const std::string& name) {
  auto found = resolve(reg, name);
  if (!found) {
    throw Error(fmt::format("unknown or unavailable device '{}'; available: {}", name,
                            fmt::join(all_names(reg), ", ")));
  }
  return open_device(reg, *found->first, found->second);
}

}  // namespace

void register_backend(BackendEntry entry) {
  Registry& reg = registry();
  std::lock_guard lock(reg.mutex);
  auto after = std::upper_bound(reg.kinds.begin(), reg.kinds.end(), entry.rank,
                                [](int rank, const Kind& kind) { return rank < kind.entry.rank; });
  reg.kinds.insert(after, Kind{std::move(entry), std::nullopt});
}

Device& Device::get(const std::string& name) {
  // The device this thread last asked for by this exact name: the front end and the engine
  // ask for the same one several times an op, and resolving a name upper-cases it under
  // the registry's lock (a tenth of a tiny op's host time on the CPU). Devices are never
  // destroyed; a lost one goes the long way, which recovers it. The default device (an
  // empty name) may change, so it is not remembered.
  thread_local std::string last_name;
  thread_local Device* last = nullptr;
  if (last && !name.empty() && name == last_name && !last->lost()) return *last;
  Registry& reg = loaded_registry();
  std::lock_guard lock(reg.mutex);
  Device& device = get_locked(reg, name.empty() ? default_name() : name);
  if (!name.empty()) {
    last_name = name;
    last = &device;
  }
  return device;
}

std::vector<std::string> Device::available() {
  Registry& reg = loaded_registry();
  std::lock_guard lock(reg.mutex);
  return all_names(reg);
}

std::string Device::default_name() {
  Registry& reg = loaded_registry();
  std::lock_guard lock(reg.mutex);
  if (const std::string& named = Context::global().default_device(); !named.empty()) {
    try {
      return get_locked(reg, named).name();
    } catch (const Error& e) {
      throw Error(fmt::format("DEV={}: {}", named, e.what()));
    }
  }
  // The fastest kind first; an emulated device (or an OpenCL device that is really a
  // CPU, which its backend marks emulated) is only used when named.
  for (auto& kind : reg.kinds) {
    if (kind.entry.only_when_named) continue;
    for (const auto& name : names_of(kind)) {
      try {
        if (!open_device(reg, kind, name).info().emulated) return name;
      } catch (const std::exception& e) {
        if (Context::global().debug() >= 1)
          std::fprintf(stderr, "ingot: skipping %s: %s\n", name.c_str(), e.what());
      }
    }
  }
  throw Error(fmt::format("no default device: none of [{}] is a real device; name one with DEV",
                          fmt::join(all_names(reg), ", ")));
}

}  // namespace ingot
