// Devices (ingot.devices(), ingot.Device) and the configuration variables of ingot::Context,
// read and set by name as their environment variables are called (DEBUG, DEV, BEAM...).
#include <fmt/format.h>

#include "binding.hpp"

namespace ingot::python {

namespace {

const DeviceInfo& info_of(const DeviceHandle& d) { return Device::get(d.name).info(); }

// Opening a device may compile or probe for a long time: without the GIL.
Device& open_device(const std::string& name) {
  nb::gil_scoped_release release;
  return Device::get(name);
}

struct Setting {
  const char* name;
  nb::object (*get)(const Context&);
  void (*set)(Context&, nb::handle);
};

const Setting kSettings[] = {
    {"DEBUG", [](const Context& c) -> nb::object { return nb::int_(c.debug()); },
     [](Context& c, nb::handle v) { c.set_debug(nb::cast<int>(v)); }},
    {"DEV", [](const Context& c) -> nb::object { return nb::str(c.default_device().c_str()); },
     [](Context& c, nb::handle v) { c.set_default_device(device_arg(v, "DEV")); }},
    {"BEAM", [](const Context& c) -> nb::object { return nb::int_(c.beam()); },
     [](Context& c, nb::handle v) { c.set_beam(nb::cast<int>(v)); }},
    {"NOOPT", [](const Context& c) -> nb::object { return nb::bool_(c.noopt()); },
     [](Context& c, nb::handle v) { c.set_noopt(nb::cast<bool>(v)); }},
    {"INGOT_CACHE", [](const Context& c) -> nb::object { return nb::str(c.cache_dir().c_str()); },
     [](Context& c, nb::handle v) { c.set_cache_dir(nb::cast<std::string>(v)); }},
    {"INGOT_CC", [](const Context& c) -> nb::object { return nb::str(c.cpu_compiler().c_str()); },
     [](Context& c, nb::handle v) { c.set_cpu_compiler(nb::cast<std::string>(v)); }},
    {"PROFILE", [](const Context& c) -> nb::object { return nb::bool_(c.profile()); },
     [](Context& c, nb::handle v) { c.set_profile(nb::cast<bool>(v)); }},
    {"METAL_FAST_MATH",
     [](const Context& c) -> nb::object { return nb::bool_(c.metal_fast_math()); },
     [](Context& c, nb::handle v) { c.set_metal_fast_math(nb::cast<bool>(v)); }},
};

const Setting& setting(const std::string& name) {
  std::string valid;
  for (const Setting& s : kSettings) {
    if (name == s.name) return s;
    valid += valid.empty() ? s.name : std::string(", ") + s.name;
  }
  throw ArgumentError(fmt::format("Context: unknown setting '{}'; valid: {}", name, valid));
}

}  // namespace

void bind_devices(nb::module_& m) {
  m.def(
      "profile_flush", [](const std::string& path) { profile::flush(path); }, "path"_a,
      "Writes the Perfetto trace recorded so far (Context(PROFILE=True)) to path.");
  m.def(
      "devices", [] { return Device::available(); }, nb::call_guard<nb::gil_scoped_release>(),
      "The names of the devices that open on this machine.");
  m.def(
      "default_device", [] { return Device::default_name(); },
      nb::call_guard<nb::gil_scoped_release>(), "The device used where none is named (DEV).");

  nb::class_<DeviceHandle>(m, "Device")
      .def(
          "__init__",
          [](DeviceHandle* self, nb::handle name) {
            new (self) DeviceHandle{open_device(device_arg(name, "Device")).name()};
          },
          "name"_a = nb::none(),
          "A device by name ('CPU', 'CL', 'CUDA:0', 'METAL'); None is the "
          "default device.")
      .def_ro("name", &DeviceHandle::name)
      .def_prop_ro("product", [](const DeviceHandle& d) { return info_of(d).product; })
      .def_prop_ro("language", [](const DeviceHandle& d) { return info_of(d).language; })
      .def_prop_ro("assembly", [](const DeviceHandle& d) { return info_of(d).assembly; })
      .def_prop_ro("is_gpu", [](const DeviceHandle& d) { return info_of(d).is_gpu; })
      .def_prop_ro("emulated", [](const DeviceHandle& d) { return info_of(d).emulated; })
      .def_prop_ro("compute_units", [](const DeviceHandle& d) { return info_of(d).compute_units; })
      .def_prop_ro("memory_bytes", [](const DeviceHandle& d) { return info_of(d).memory_bytes; })
      .def_prop_ro("max_threads_per_group",
                   [](const DeviceHandle& d) { return info_of(d).max_threads_per_group; })
      .def_prop_ro("local_memory_bytes",
                   [](const DeviceHandle& d) { return info_of(d).local_memory_bytes; })
      .def_prop_ro("dtypes", [](const DeviceHandle& d) { return info_of(d).dtypes; })
      .def(
          "synchronize", [](const DeviceHandle& d) { Device::get(d.name).synchronize(); },
          nb::call_guard<nb::gil_scoped_release>())
      .def("__repr__", [](const DeviceHandle& d) { return fmt::format("Device('{}')", d.name); })
      .def("__str__", [](const DeviceHandle& d) { return d.name; })
      .def("__hash__", [](const DeviceHandle& d) { return std::hash<std::string>()(d.name); })
      .def("__eq__", [](const DeviceHandle& d, nb::handle other) {
        if (nb::isinstance<DeviceHandle>(other))
          return d.name == nb::cast<const DeviceHandle&>(other).name;
        return nb::isinstance<nb::str>(other) &&
               open_device(nb::cast<std::string>(other)).name() == d.name;
      });

  m.def(
      "_get_setting", [](const std::string& name) { return setting(name).get(Context::global()); },
      "name"_a);
  m.def(
      "_set_setting",
      [](const std::string& name, nb::handle value) {
        GraphLock lock;
        setting(name).set(Context::global(), value);
      },
      "name"_a, "value"_a);
  m.def("_setting_names", [] {
    nb::list names;
    for (const Setting& s : kSettings) names.append(s.name);
    return names;
  });
}

}  // namespace ingot::python
