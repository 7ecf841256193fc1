#include "engine/kernel_cache.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <iostream>
#include <mutex>
#include <unordered_map>

#include "codegen/lower.hpp"
#include "core/progress.hpp"
#include "core/trace.hpp"
#include "engine/beam.hpp"
#include "engine/debug_print.hpp"
#include "engine/kernel_records.hpp"
#include "graph/key_text.hpp"
#include "ingot/context.hpp"
#include "render/language.hpp"

namespace ingot::engine {
namespace {

// Kept allocation-light: it runs on every launch, cached or not.
struct KeyBuilder {
  KeyText key;
  SeenNodes seen;  // position = the node's id in the key
  std::vector<NodePtr>& leaves;

  void visit(const NodePtr& n, bool root) {
    if (int64_t id = seen.find_or_add(n.get()); id >= 0) {
      key.mark('@');
      key.number(id, ';');
      return;
    }
    bool leaf = n->realized() && !root;
    key.mark(leaf ? 'B' : 'N');
    key.number(leaf ? 0 : static_cast<int>(n->op), ':');
    key.number(static_cast<int>(n->dtype), '[');
    key.numbers(n->shape, ']');
    if (leaf) {
      leaves.push_back(n);
      return;
    }
    key.numbers(n->arg, ')');
    if (n->op == Op::Const || n->op == Op::Pad) {
      key.number(std::bit_cast<int64_t>(n->value.f), '/');
      key.number(n->value.i, '=');
    }
    key.mark('{');
    for (const auto& s : n->src) visit(s, false);
    key.mark('}');
  }
};

std::mutex g_mutex;
using KernelsByKey = std::unordered_map<std::string, std::unique_ptr<CompiledKernel>>;
// The settings that choose the opts pick a table of their own: a kernel found under BEAM,
// or lowered without opts, is another kernel than the heuristic's for the same graph.
struct KernelTable {
  const Device* device;
  int beam;
  bool noopt;
  bool operator==(const KernelTable&) const = default;
};
struct KernelTableHash {
  size_t operator()(const KernelTable& t) const {
    return std::hash<const Device*>{}(t.device) ^ (size_t(t.beam) << 1) ^ size_t(t.noopt);
  }
};
// Per device and settings, by structural key. Deliberately leaked, like the devices
// (registry.cpp): at exit a driver's own globals (PoCL's LLVM) may be torn down before
// ours, and releasing a kernel into it then crashes.
std::unordered_map<KernelTable, KernelsByKey, KernelTableHash>& all_kernels() {
  static auto* kernels = new std::unordered_map<KernelTable, KernelsByKey, KernelTableHash>;
  return *kernels;
}
uint64_t g_compiled = 0;

}  // namespace

uint64_t kernels_compiled() { return g_compiled; }

std::string structural_key(const NodePtr& out, std::vector<NodePtr>& leaves) {
  KeyBuilder b{{}, {}, leaves};
  b.key.reserve(256);  // a small kernel's key, grown once at most
  b.visit(out, true);
  return std::move(b.key).take();
}

LoadedKernel compile_kernel(const ir::Kernel& kernel, Device& device) {
  std::string source;
  {
    trace::Span span("render", "engine");
    source = render::render(kernel, render::language(device.info().language));
    span.text("kernel", kernel.name);
  }
  const int debug = Context::global().debug();
  if (debug >= 3) print_kernel(kernel, debug);
  if (debug >= 4) std::cerr << source << "\n";

  std::vector<uint8_t> binary;
  {
    // A vendor compiler can take seconds on a large kernel: say so rather than hang silently.
    SlowNotice notice(fmt::format("compiling {} for {}", kernel.name, device.name()),
                      std::chrono::seconds(1));
    try {
      binary = device.compiler().compile_cached(source);
    } catch (const Error& e) {
      // The compiler knows the source, not which kernel it is.
      throw Error(
          fmt::format("compiling kernel '{}' for {}: {}", kernel.name, device.name(), e.what()));
    }
  }
  if (debug >= 6) std::cerr << disassemble(device, binary, kernel.name);
  record_kernel(device, kernel, source, binary.size());
  trace::Span span("load", "engine");
  std::unique_ptr<Program> program =
      device.load(binary, kernel.name, static_cast<int>(kernel.buffers.size()));
  span.text("kernel", kernel.name);
  ++g_compiled;
  return {std::move(program), std::make_shared<const std::string>(std::move(source))};
}

std::unique_ptr<CompiledKernel> build_kernel(const codegen::Lowered& lowered, Device& device,
                                             const std::vector<NodePtr>& inputs,
                                             const std::vector<NodePtr>& leaves) {
  auto compiled = std::make_unique<CompiledKernel>();
  LoadedKernel loaded = compile_kernel(lowered.kernel, device);
  compiled->program = std::move(loaded.program);
  compiled->source = std::move(loaded.source);
  compiled->name = lowered.kernel.name;
  compiled->dims = lowered.kernel.dims;
  compiled->flops = lowered.kernel.flops;
  compiled->bytes = lowered.kernel.bytes;
  compiled->opts = lowered.kernel.opts;
  for (int input : lowered.inputs) {
    const NodePtr& in = inputs[static_cast<size_t>(input)];
    auto pos = std::find_if(leaves.begin(), leaves.end(),
                            [&](const NodePtr& l) { return l.get() == in.get(); });
    compiled->input_leaves.push_back(static_cast<int>(pos - leaves.begin()));
  }
  return compiled;
}

const CompiledKernel& kernel_for(const NodePtr& out, Device& device, const std::string& key,
                                 const std::vector<NodePtr>& leaves, bool* cached) {
  std::lock_guard<std::mutex> lock(g_mutex);
  const Context& context = Context::global();
  const int beam = context.beam();
  auto& kernels = all_kernels()[{&device, beam, context.noopt()}];
  auto it = kernels.find(key);
  if (it != kernels.end() && it->second->program->lost()) {
    // Loaded before the device was started afresh after a fault: built again (the disk
    // cache still holds the binary).
    kernels.erase(it);
    it = kernels.end();
  }
  if (cached) *cached = it != kernels.end();
  if (it != kernels.end()) return *it->second;
  if (context.debug() >= 3) print_shapes(out, leaves);
  std::unique_ptr<CompiledKernel> compiled;
  if (beam > 0) {
    trace::Span span("beam search", "engine");
    compiled = beam_search(describe_kernel(out), device, key, leaves, beam);
  } else {
    const KernelDescription kernel = describe_kernel(out);
    const codegen::Lowered lowered = [&] {
      trace::Span span("codegen", "engine");
      codegen::Lowered result = codegen::lower(kernel.ast, device.info(), context.noopt());
      span.text("kernel", result.kernel.name);
      return result;
    }();
    compiled = build_kernel(lowered, device, kernel.inputs, leaves);
  }
  return *(kernels[key] = std::move(compiled));
}

}  // namespace ingot::engine
