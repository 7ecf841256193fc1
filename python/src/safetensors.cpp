// ingot.save_safetensors(tensors, path, metadata=None) and
// ingot.load_safetensors(path, device=None, metadata=False) over include/ingot/safetensors.hpp:
// a dict of names to tensors (or arrays) in, a dict of names to tensors out, in the file's
// order; with metadata=True also the "__metadata__" dict of strings.
#include <nanobind/stl/map.h>

#include "binding.hpp"

namespace ingot::python {

namespace {

// A str or an os.PathLike.
std::string path_arg(nb::handle path) {
  return nb::cast<std::string>(nb::module_::import_("os").attr("fspath")(path));
}

}  // namespace

void bind_safetensors(nb::module_& m) {
  m.def(
      "save_safetensors",
      [](nb::dict tensors, nb::handle path,
         std::optional<std::map<std::string, std::string>> meta) {
        NamedTensors named;
        for (auto [name, value] : tensors) {
          if (!nb::isinstance<nb::str>(name))
            throw nb::type_error(
                ("save_safetensors: names must be str, got " + python_type_name(name)).c_str());
          named.emplace_back(nb::cast<std::string>(name), as_tensor(value));
        }
        std::string where = path_arg(path);
        Evaluating evaluating;
        save_safetensors(where, named, meta.value_or(std::map<std::string, std::string>{}));
      },
      "tensors"_a, "path"_a, "metadata"_a = nb::none(),
      "Writes a dict of names to tensors to a safetensors file (replacing it).");
  m.def(
      "load_safetensors",
      [](nb::handle path, nb::handle device, bool metadata) -> nb::object {
        std::string where = path_arg(path), on = device_arg(device, "load_safetensors");
        SafetensorsFile file;
        {
          Evaluating evaluating;
          file = load_safetensors(where, on);
        }
        nb::dict out;
        for (auto& [name, t] : file.tensors) out[nb::str(name.c_str())] = nb::cast(t);
        if (!metadata) return out;
        return nb::make_tuple(out, nb::cast(file.metadata));
      },
      "path"_a, "device"_a = nb::none(), "metadata"_a = false,
      "Reads a safetensors file: a dict of names to tensors on `device`, and with "
      "metadata=True also its __metadata__ dict.");
}

}  // namespace ingot::python
