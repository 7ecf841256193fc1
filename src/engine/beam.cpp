#include "engine/beam.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <exception>
#include <iostream>
#include <optional>

#include "core/progress.hpp"
#include "core/trace.hpp"
#include "ingot/context.hpp"
#include "ingot/error.hpp"
#include "runtime/disk_cache.hpp"

namespace ingot::engine {
namespace {

// Timed launches per candidate after its warm-up launch; the best counts.
constexpr int kTimedLaunches = 3;

// Names the search's entries in the disk cache: the device, its compiler, and the width
// (a wider beam may find another winner).
std::string search_identity(Device& device, int width) {
  const DeviceInfo& info = device.info();
  return fmt::format("BEAM {} on {} ({}) with {}", width, info.name, info.product,
                     device.compiler().identity());
}

// The winner a search stored as "<index> <opts>", when the candidates still hold it.
std::optional<size_t> stored_winner(const std::string& identity, const std::string& key,
                                    const std::vector<codegen::Lowered>& candidates) {
  auto payload = disk_cache_load(identity, key);
  if (!payload) return std::nullopt;
  std::string text(payload->begin(), payload->end());
  size_t index = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), index);
  if (error != std::errc() || end == text.data() + text.size() || *end != ' ' ||
      index >= candidates.size() || candidates[index].kernel.opts != std::string(end + 1))
    return std::nullopt;  // written by another version of the code generator
  return index;
}

// The best of kTimedLaunches launches after a warm-up one (first-launch costs, caches);
// only the warm-up's time when that is already twice `to_beat`.
double seconds_per_launch(const CompiledKernel& kernel, Buffer& output,
                          const std::vector<NodePtr>& leaves, double to_beat) {
  std::vector<Buffer*> buffers = {&output};
  for (int leaf : kernel.input_leaves) buffers.push_back(leaves[size_t(leaf)]->buffer.get());
  // Each timed launch is a kernel on the device's track too, marked as BEAM's candidate.
  auto timed = [&] {
    double seconds = kernel.program->launch(buffers, kernel.dims, {}, true);
    if (trace::enabled())
      trace::device_event(output.device().name(), kernel.name, "beam candidate", trace::now_us(),
                          seconds, trace::Args().text("opts", kernel.opts));
    return seconds;
  };
  double best = timed();
  if (best > 2 * to_beat) return best;
  for (int i = 0; i < kTimedLaunches; ++i) best = std::min(best, timed());
  return best;
}

}  // namespace

std::unique_ptr<CompiledKernel> beam_search(const KernelDescription& kernel, Device& device,
                                            const std::string& key,
                                            const std::vector<NodePtr>& leaves, int width) {
  std::vector<codegen::Lowered> candidates = codegen::lower_candidates(
      kernel.ast, device.info(), Context::global().noopt(), static_cast<size_t>(width));
  auto build = [&](const codegen::Lowered& candidate) {
    return build_kernel(candidate, device, kernel.inputs, leaves);
  };
  if (candidates.size() == 1) return build(candidates[0]);
  const std::string identity = search_identity(device, width);
  if (auto index = stored_winner(identity, key, candidates)) return build(candidates[*index]);

  // The candidates write a scratch output: the real one is the engine's to fill. Without
  // room for it, the heuristic's choice stands.
  std::shared_ptr<Buffer> scratch;
  try {
    const codegen::AstNode* out = kernel.ast.output();
    scratch = device.allocator().alloc(static_cast<size_t>(shape_numel(out->shape)) *
                                       dtype_size(out->dtype));
  } catch (const Error&) {
    return build(candidates[0]);
  }
  const int debug = Context::global().debug();
  std::unique_ptr<CompiledKernel> best;
  double best_seconds = INFINITY;
  size_t best_index = 0;
  std::exception_ptr first_error;
  Progress progress(fmt::format("BEAM {} on {}", candidates[0].kernel.name, device.name()),
                    candidates.size());
  for (size_t i = 0; i < candidates.size(); ++i) {
    // A candidate the device cannot compile or launch drops out; the search fails only
    // when every one does, with the heuristic's candidate's error.
    try {
      auto compiled = build(candidates[i]);
      double seconds = seconds_per_launch(*compiled, *scratch, leaves, best_seconds);
      progress.step(fmt::format("{:.3f} ms {}", seconds * 1e3, compiled->opts));
      if (debug >= 2)
        std::cerr << fmt::format("BEAM {:<28} {:9.3f} ms  {}\n", compiled->name, seconds * 1e3,
                                 compiled->opts);
      if (seconds < best_seconds) {
        best_seconds = seconds;
        best_index = i;
        best = std::move(compiled);
      }
    } catch (const Error&) {
      progress.step("failed");
      if (!first_error) first_error = std::current_exception();
    }
  }
  if (!best) std::rethrow_exception(first_error);
  if (debug >= 1)
    std::cerr << fmt::format("BEAM {}: kept {} of {} candidates ({:.3f} ms)\n", best->name,
                             best->opts.substr(0, best->opts.find_last_not_of(' ') + 1),
                             candidates.size(), best_seconds * 1e3);
  std::string winner = fmt::format("{} {}", best_index, best->opts);
  disk_cache_store(identity, key, std::vector<uint8_t>(winner.begin(), winner.end()));
  return best;
}

}  // namespace ingot::engine
