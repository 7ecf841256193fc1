#include "engine/kernel_cache.hpp"

#include <fmt/format.h>

#include <iostream>
#include <mutex>
#include <unordered_map>

#include "codegen/lower.hpp"
#include "ingot/context.hpp"
#include "render/language.hpp"

namespace ingot::engine {
namespace {

struct KeyBuilder {
  std::string key;
  std::unordered_map<const LazyNode*, int> ids;
  std::vector<NodePtr>& leaves;

  void visit(const NodePtr& n, bool root) {
    auto it = ids.find(n.get());
    if (it != ids.end()) {
      key += fmt::format("@{};", it->second);
      return;
    }
    ids[n.get()] = static_cast<int>(ids.size());
    if (n->realized() && !root) {
      key += fmt::format("B{}[{}];", static_cast<int>(n->dtype), fmt::join(n->shape, ","));
      leaves.push_back(n);
      return;
    }
    key += fmt::format("{}:{}[{}]({})", static_cast<int>(n->op), static_cast<int>(n->dtype),
                       fmt::join(n->shape, ","), fmt::join(n->arg, ","));
    if (n->op == Op::Const || n->op == Op::Pad)
      key += fmt::format("={:a}/{}", n->value.f, n->value.i);
    key += '{';
    for (const auto& s : n->src) visit(s, false);
    key += '}';
  }
};

std::mutex g_mutex;
std::unordered_map<std::string, std::unique_ptr<CompiledKernel>> g_kernels;
uint64_t g_compiled = 0;

}  // namespace

uint64_t kernels_compiled() { return g_compiled; }

std::string structural_key(const NodePtr& out, std::vector<NodePtr>& leaves) {
  KeyBuilder b{{}, {}, leaves};
  b.visit(out, true);
  return b.key;
}

const CompiledKernel& kernel_for(const NodePtr& out, Device& device, const std::string& key,
                                 const std::vector<NodePtr>& leaves) {
  std::string full_key = device.name() + '\0' + key;
  std::lock_guard<std::mutex> lock(g_mutex);
  auto it = g_kernels.find(full_key);
  if (it != g_kernels.end()) return *it->second;

  codegen::Lowered lowered = codegen::lower(out, device.info());
  std::string source = render::render(lowered.kernel, render::language(device.info().language));
  int debug = Context::global().debug();
  if (debug >= 3)
    std::cerr << fmt::format("{} opts: {}\n", lowered.kernel.name, lowered.kernel.opts);
  if (debug >= 4) std::cerr << source << "\n";

  auto compiled = std::make_unique<CompiledKernel>();
  auto binary = device.compiler().compile_cached(source);
  compiled->program =
      device.load(binary, lowered.kernel.name, static_cast<int>(lowered.kernel.buffers.size()));
  ++g_compiled;
  compiled->name = lowered.kernel.name;
  compiled->dims = lowered.kernel.dims;
  compiled->flops = lowered.kernel.flops;
  compiled->bytes = lowered.kernel.bytes;
  compiled->opts = lowered.kernel.opts;
  for (const NodePtr& in : lowered.inputs) {
    auto pos = std::find_if(leaves.begin(), leaves.end(),
                            [&](const NodePtr& l) { return l.get() == in.get(); });
    compiled->input_leaves.push_back(static_cast<int>(pos - leaves.begin()));
  }
  return *(g_kernels[full_key] = std::move(compiled));
}

}  // namespace ingot::engine
