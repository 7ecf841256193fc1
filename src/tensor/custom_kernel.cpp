// run_custom_kernel: the tensors checked here and the launch by Program::launch, as every
// launch is, so that a backend only compiles, loads and launches; then the inputs realized,
// the outputs allocated, the kernel launched.
#include "ingot/custom_kernel.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cctype>
#include <map>
#include <mutex>
#include <tuple>

#include "ingot/error.hpp"
#include "tensor/frontend.hpp"

namespace ingot {
namespace {

constexpr const char* kOp = "run_custom_kernel";

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

std::string resolve_device(const CustomKernel& k) {
  std::string name = frontend::device_name(
      k.device.empty() && !k.inputs.empty() ? k.inputs[0].device() : k.device);
  for (size_t i = 0; i < k.inputs.size(); ++i)
    if (k.inputs[i].device() != name)
      throw Error(
          fmt::format("{} '{}': input {} is on {}, the kernel runs on {}; move it with "
                      ".to(\"{}\")",
                      kOp, k.function, i, k.inputs[i].device(), name, name));
  return name;
}

void check_outputs(const CustomKernel& k, const DeviceInfo& device) {
  if (k.outputs.empty())
    throw Error(fmt::format("{} '{}': no outputs; a kernel writes at least one", kOp, k.function));
  for (size_t i = 0; i < k.outputs.size(); ++i) {
    const CustomKernel::Output& out = k.outputs[i];
    for (int64_t d : out.shape)
      if (d < 0)
        throw Error(fmt::format("{} '{}': output {} has a negative dimension in shape {}", kOp,
                                k.function, i, shape_str(out.shape)));
    if (!device.supports(out.dtype)) {
      std::vector<std::string> names;
      for (DType dtype : device.dtypes) names.emplace_back(dtype_name(dtype));
      throw Error(fmt::format("{} '{}': output {} is {}, which {} does not have (it has {})", kOp,
                              k.function, i, dtype_name(out.dtype), device.name,
                              fmt::join(names, ", ")));
    }
  }
}

// Loaded programs live for the process: a launch that has not finished must not outlive
// its program, and the next call with the same kernel skips the load.
Program& program_for(Device& device, const CustomKernel& k, int buffers) {
  using Key = std::tuple<std::string, std::string, int, std::string>;
  static std::mutex mutex;
  static std::map<Key, std::unique_ptr<Program>> programs;
  Key key{device.name(), k.function, buffers, k.source};
  std::lock_guard lock(mutex);
  auto it = programs.find(key);
  if (it == programs.end()) {
    std::vector<uint8_t> binary = device.compiler().compile_cached(k.source);
    it = programs.emplace(key, device.load(binary, k.function, buffers)).first;
  }
  return *it->second;
}

}  // namespace

std::vector<Tensor> run_custom_kernel(const CustomKernel& k) {
  if (!is_identifier(k.function))
    throw Error(
        fmt::format("{}: function name '{}' is not an identifier; name the kernel's "
                    "entry point in the source",
                    kOp, k.function));
  if (k.source.empty()) throw Error(fmt::format("{} '{}': the source is empty", kOp, k.function));
  for (size_t i = 0; i < k.inputs.size(); ++i)
    if (!k.inputs[i].defined())
      throw Error(fmt::format("{} '{}': input {} is an undefined Tensor", kOp, k.function, i));
  std::string name = resolve_device(k);
  Device& device = Device::get(name);
  check_outputs(k, device.info());

  std::vector<Tensor> inputs;
  for (const Tensor& t : k.inputs) inputs.push_back(t.contiguous());
  Tensor::realize_all(inputs);
  const int count = int(k.outputs.size() + inputs.size());
  Program& program = program_for(device, k, count);

  std::vector<Tensor> outputs;
  std::vector<Buffer*> buffers;
  for (const CustomKernel::Output& out : k.outputs) {
    size_t bytes = size_t(shape_numel(out.shape)) * dtype_size(out.dtype);
    NodePtr node = make_buffer_node(device.allocator().alloc(bytes), out.dtype, out.shape, name);
    buffers.push_back(node->buffer.get());
    outputs.push_back(frontend::wrap(std::move(node)));
  }
  for (const Tensor& t : inputs) buffers.push_back(t.node()->buffer.get());
  program.launch(buffers, k.dims, k.scalars, /*wait=*/true);
  return outputs;
}

}  // namespace ingot
