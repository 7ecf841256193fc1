// The arguments of a custom kernel checked one by one, and bound to their positions: each
// position of the kernel bound once, in the spaces of its language (Metal numbers buffers
// and threadgroup memory apart, CUDA's dynamic shared memory is no parameter).
#include "tensor/custom_kernel_bind.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "core/op.hpp"
#include "ingot/error.hpp"
#include "tensor/frontend.hpp"

namespace ingot::custom_kernel {
namespace {

using Arg = KernelArgument;

bool is_threadgroup(const Arg& arg) { return std::holds_alternative<Arg::Threadgroup>(arg.value); }

// Whether threadgroup memory has positions of its own, apart from the parameters.
bool separate_threadgroups(const std::string& language) {
  return language == "metal" || language == "cuda";
}

std::string position_name(const std::string& language, bool threadgroup, size_t position) {
  if (language == "metal")
    return fmt::format("[[{}({})]]", threadgroup ? "threadgroup" : "buffer", position);
  if (threadgroup && language == "cuda")
    return fmt::format("dynamic shared memory {} (a CUDA kernel has one, at 0)", position);
  return fmt::format("parameter {}", position);
}

std::string dtypes_of(const DeviceInfo& device) {
  std::vector<std::string> names;
  for (DType dtype : device.dtypes) names.emplace_back(dtype_name(dtype));
  return fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace

std::string source_language(const CustomKernel& k, const DeviceInfo& device) {
  if (k.language.empty() || k.language == device.language) return device.language;
  const std::vector<std::string>& assembly = device.assembly;
  if (std::find(assembly.begin(), assembly.end(), k.language) != assembly.end()) return k.language;
  std::vector<std::string> takes = {device.language};
  takes.insert(takes.end(), assembly.begin(), assembly.end());
  throw ArgumentError(
      fmt::format("{}: {} takes kernels in {}, not in '{}'{}", kernel_name(k), device.name,
                  fmt::join(takes, " or "), k.language,
                  device.no_assembly.empty() ? "" : fmt::format(" ({})", device.no_assembly)));
}

void check_function(const CustomKernel& k, const std::string& language) {
  if (is_identifier(k.function)) return;
  const bool expression = k.function.find('<') != std::string::npos &&
                          k.function.find_first_of("\n\r;{}") == std::string::npos;
  if (language == "cuda" && expression) return;
  throw ArgumentError(fmt::format(
      "run_custom_kernel: function name '{}' is not an identifier; name the kernel's entry "
      "point in the source{}",
      k.function,
      expression ? fmt::format(" (template instantiations by name are CUDA's; {} is not)", language)
                 : ""));
}

std::string kernel_name(const CustomKernel& k) {
  return fmt::format("run_custom_kernel '{}'", k.function);
}

std::string argument_name(const CustomKernel& k, size_t i) {
  const std::string& name = k.args[i].name;
  return name.empty() ? fmt::format("argument {}", i) : fmt::format("argument {} ('{}')", i, name);
}

std::vector<size_t> launch_order(const CustomKernel& k, const std::string& language) {
  const bool separate = separate_threadgroups(language);
  // Per space (parameters, then threadgroup memory where it has its own), position -> arg.
  std::map<size_t, size_t> spaces[2];
  int64_t last[2] = {-1, -1};
  for (size_t i = 0; i < k.args.size(); ++i) {
    const Arg& arg = k.args[i];
    const int space = separate && is_threadgroup(arg) ? 1 : 0;
    if (arg.index < -1)
      throw ArgumentError(fmt::format("{}: {} has index {}; valid: 0 or more, or -1 for the next",
                                      kernel_name(k), argument_name(k, i), arg.index));
    const size_t position = size_t(arg.index >= 0 ? arg.index : last[space] + 1);
    last[space] = int64_t(position);
    auto [it, fresh] = spaces[space].emplace(position, i);
    if (!fresh)
      throw ArgumentError(
          fmt::format("{}: {} is bound twice, by {} and {}; bind each position once",
                      kernel_name(k), position_name(language, space == 1, position),
                      argument_name(k, it->second), argument_name(k, i)));
  }
  std::vector<size_t> order;
  for (int space = 0; space < 2; ++space) {
    size_t expected = 0;
    for (auto [position, i] : spaces[space]) {
      if (position != expected)
        throw ArgumentError(fmt::format(
            "{}: {} is not bound, but {} is (by {}); bind every position from 0 up to the last",
            kernel_name(k), position_name(language, space == 1, expected),
            position_name(language, space == 1, position), argument_name(k, i)));
      order.push_back(i);
      ++expected;
    }
  }
  return order;
}

void check_arguments(const CustomKernel& k, const DeviceInfo& device) {
  for (size_t i = 0; i < k.args.size(); ++i) {
    auto fail = [&](const std::string& why) {
      return ArgumentError(fmt::format("{}: {} {}", kernel_name(k), argument_name(k, i), why));
    };
    auto check_tensor = [&](const Tensor& t, const char* what) {
      if (!t.defined()) throw fail(fmt::format("is an undefined Tensor ({})", what));
      if (t.device() != device.name)
        throw fail(fmt::format("({}) is on {}, the kernel runs on {}; move it with .to(\"{}\")",
                               what, t.device(), device.name, device.name));
    };
    auto check_dtype = [&](DType dtype, const char* what) {
      if (!device.supports(dtype))
        throw fail(fmt::format("is {} {}, which {} does not have (it has {})", what,
                               dtype_name(dtype), device.name, dtypes_of(device)));
    };
    const Arg& arg = k.args[i];
    if (auto* input = std::get_if<Arg::Input>(&arg.value)) {
      check_tensor(input->tensor, "an input");
    } else if (auto* output = std::get_if<Arg::Output>(&arg.value)) {
      for (int64_t d : output->shape)
        if (d < 0)
          throw fail(fmt::format("(an output) has a negative dimension in shape {}",
                                 shape_str(output->shape)));
      check_dtype(output->dtype, "an output of");
    } else if (auto* inout = std::get_if<Arg::InOut>(&arg.value)) {
      if (!inout->tensor) throw fail("(in place) points at no Tensor");
      const Tensor& t = *inout->tensor;
      check_tensor(t, "in place");
      if (is_movement(t.node()->op))
        throw fail(fmt::format(
            "(in place) is a view of another tensor (a {} of shape {}), which the kernel "
            "cannot write without writing that tensor too; in-place tensors are refused as "
            "views, not copied: pass a tensor of its own, e.g. t = t.contiguous().realize()",
            op_name(t.node()->op), shape_str(t.shape())));
    } else if (auto* scalar = std::get_if<Arg::Scalar>(&arg.value)) {
      check_dtype(scalar->dtype, "a scalar of");
    } else if (auto* bytes = std::get_if<Arg::Bytes>(&arg.value)) {
      if (bytes->data.empty()) throw fail("has no bytes; a struct has at least one");
    } else if (std::get<Arg::Threadgroup>(arg.value).bytes == 0) {
      throw fail("is threadgroup memory of 0 bytes; give it its length");
    }
  }
}

}  // namespace ingot::custom_kernel
