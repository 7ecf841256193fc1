// The front of ahead-of-time export (include/ingot/export.hpp): checks the names, records
// one call and hands it to the engine's writer (engine/aot_export.hpp).
#include "ingot/export.hpp"

#include <fmt/format.h>

#include <cctype>
#include <set>

#include "engine/aot_export.hpp"
#include "ingot/error.hpp"
#include "tensor/capture.hpp"

namespace ingot {
namespace {

bool is_c_identifier(const std::string& name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

// `given` or input0, input1...; each checked.
std::vector<std::string> names_of(const std::vector<std::string>& given, size_t count,
                                  const char* what, const std::string& function) {
  if (given.empty()) {
    std::vector<std::string> names;
    for (size_t i = 0; i < count; ++i) names.push_back(fmt::format("{}{}", what, i));
    return names;
  }
  if (given.size() != count)
    throw ArgumentError(fmt::format("export_function '{}': {} {} names given for {} {}s", function,
                                    given.size(), what, count, what));
  std::set<std::string> seen;
  for (const std::string& name : given) {
    if (!is_c_identifier(name))
      throw ArgumentError(fmt::format(
          "export_function '{}': the {} name '{}' is not a C identifier (letters, digits and _, "
          "not starting with a digit)",
          function, what, name));
    if (!seen.insert(name).second)
      throw ArgumentError(fmt::format("export_function '{}': the {} name '{}' is given twice",
                                      function, what, name));
  }
  return given;
}

constexpr size_t kMaxDims = 8;  // INGOT_AOT_MAX_DIMS of ingot_aot.h

std::vector<engine::AotTensor> tensors_of(const std::vector<std::string>& names,
                                          const std::vector<std::shared_ptr<Buffer>>& buffers,
                                          const std::vector<frontend::ResultType>& types,
                                          const std::string& function) {
  std::vector<engine::AotTensor> tensors;
  for (size_t i = 0; i < names.size(); ++i) {
    if (types[i].shape.size() > kMaxDims)
      throw Error(fmt::format("export_function '{}': '{}' has {} dimensions; at most {} export",
                              function, names[i], types[i].shape.size(), kMaxDims));
    tensors.push_back({names[i], types[i].dtype, types[i].shape, buffers[i]});
  }
  return tensors;
}

}  // namespace

ExportedFunction export_function(const Jit::Function& function,
                                 const std::vector<Tensor>& example_inputs, const std::string& name,
                                 const std::string& out_dir, const std::string& device,
                                 const ExportNames& names) {
  if (!function)
    throw ArgumentError("export_function: the function is empty (a default-constructed one)");
  if (!is_c_identifier(name))
    throw ArgumentError(fmt::format(
        "export_function: the name '{}' is not a C identifier (letters, digits and _, not "
        "starting with a digit); it names the C function and its files",
        name));
  if (out_dir.empty())
    throw ArgumentError(fmt::format("export_function '{}': out_dir is empty", name));
  std::vector<std::string> input_names =
      names_of(names.inputs, example_inputs.size(), "input", name);
  std::vector<Tensor> inputs = example_inputs;
  for (size_t i = 0; i < inputs.size(); ++i)
    if (inputs[i].defined() && !device.empty()) inputs[i] = inputs[i].to(device);
  inputs = frontend::realized_inputs(inputs, "export_function");
  std::string device_name = device.empty() && !inputs.empty() ? inputs[0].device() : device;
  Device& target = Device::get(device_name);

  frontend::CapturedCall call = frontend::capture_call(function, inputs, "export_function");
  if (!call.refills.empty())
    throw Error(fmt::format(
        "export_function '{}': the function draws random numbers; an exported function would "
        "repeat the same ones at every call. Pass the random tensors as inputs",
        name));
  if (!call.checks.empty())
    throw Error(fmt::format(
        "export_function '{}': the function looks up elements by tensors of indices (take, "
        "gather, embedding...), whose range checks an exported library does not run yet",
        name));
  std::vector<std::string> output_names =
      names_of(names.outputs, call.results.size(), "output", name);
  std::vector<frontend::ResultType> input_types;
  for (const Tensor& t : inputs) input_types.push_back({t.dtype(), t.shape(), t.device()});

  engine::AotFunction aot{name, &target, std::move(call.launches),
                          tensors_of(input_names, call.inputs, input_types, name),
                          tensors_of(output_names, call.results, call.result_types, name)};
  engine::AotFiles files = engine::write_aot_library(aot, out_dir);
  return {files.header.string(), files.library.string(), files.link_flags};
}

}  // namespace ingot
