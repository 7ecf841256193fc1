#include "engine/realize.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <atomic>
#include <iostream>

#include "core/trace.hpp"
#include "engine/kernel_cache.hpp"
#include "engine/node_checks.hpp"
#include "engine/recording.hpp"
#include "ingot/context.hpp"
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "schedule/schedule.hpp"

namespace ingot::engine {

uint64_t kernels_compiled();

namespace {

std::atomic<uint64_t> g_launched{0};
std::atomic<uint64_t> g_schedules{0};
std::atomic<uint64_t> g_jit_inputs_copied{0};

// The node now stands for its buffer; its sources are released.
void settle(LazyNode& n, std::shared_ptr<Buffer> buffer) {
  n.buffer = std::move(buffer);
  n.op = Op::Buffer;
  n.src.clear();
  n.arg.clear();
}

void run_copy(const NodePtr& out) {
  const NodePtr& src = out->src[0];
  Recording::refuse(fmt::format("a copy from {} to {}", src->device, out->device));
  size_t bytes = static_cast<size_t>(shape_numel(out->shape)) * dtype_size(out->dtype);
  auto buffer = Device::get(out->device).allocator().alloc(bytes);
  if (bytes) {
    // A transfer returns when done; the host's clock times it.
    double start = trace::enabled() ? trace::now_us() : 0;
    Allocator::transfer(*buffer, *src->buffer, bytes);
    if (trace::enabled()) {
      double end = trace::now_us();
      trace::device_event(out->device, fmt::format("transfer from {}", src->device), "copy", end,
                          (end - start) * 1e-6,
                          trace::Args().number("bytes", double(bytes)).text("timer", "host"));
    }
  }
  settle(*out, std::move(buffer));
}

// The kernel's event on its device's track, with the figures DEBUG=2 prints.
void trace_launch(const Device& device, const CompiledKernel& k, double seconds, bool cached) {
  trace::Args args;
  args.number("GB/s", k.bytes / seconds / 1e9)
      .number("GFLOP/s", k.flops / seconds / 1e9)
      .number("bytes", k.bytes)
      .number("flops", k.flops)
      .text("global", fmt::format("{}", fmt::join(k.dims.global, " x ")))
      .text("local", fmt::format("{}", fmt::join(k.dims.local, " x ")))
      .text("opts", k.opts)
      .text("cache", cached ? "hit" : "miss");
  trace::device_event(device.name(), k.name, "kernel", trace::now_us(), seconds, std::move(args));
}

void run_kernel(const NodePtr& out) {
  Device& device = Device::get(out->device);
  size_t bytes = static_cast<size_t>(shape_numel(out->shape)) * dtype_size(out->dtype);
  auto buffer = device.allocator().alloc(bytes);
  if (bytes == 0) {
    settle(*out, std::move(buffer));
    return;
  }
  std::vector<NodePtr> leaves;
  std::string key = structural_key(out, leaves);
  bool cached = false;
  const CompiledKernel& k = kernel_for(out, device, key, leaves, &cached);
  std::vector<Buffer*> buffers = {buffer.get()};
  for (int leaf : k.input_leaves) buffers.push_back(leaves[leaf]->buffer.get());
  int debug = Context::global().debug();
  // Timing a kernel waits for it; only DEBUG=2 and PROFILE ask for that.
  const bool profiling = trace::enabled();
  double seconds = k.program->launch(buffers, k.dims, {}, debug >= 2 || profiling);
  ++g_launched;
  if (Recording* recording = Recording::current()) recording->add(k, buffer, leaves);
  if (profiling) trace_launch(device, k, seconds, cached);
  if (debug >= 2) {
    std::cerr << fmt::format("{:<28} {:>10} x{:<6} {:9.3f} ms {:8.1f} GB/s {:9.1f} GFLOP/s  {}\n",
                             k.name, k.dims.global[0], k.dims.local[0], seconds * 1e3,
                             k.bytes / seconds / 1e9, k.flops / seconds / 1e9, k.opts);
  }
  settle(*out, std::move(buffer));
}

}  // namespace

void realize(const std::vector<NodePtr>& targets) {
  verify_checks(targets);
  trace::Span span("realize", "engine");
  const int debug = Context::global().debug();
  const double start = debug >= 1 ? trace::now_us() : 0;
  std::vector<ScheduleItem> items;
  {
    trace::Span scheduling("schedule", "engine");
    items = schedule(targets,
                     [&]() -> const DeviceInfo& { return Device::get(targets[0]->device).info(); });
    scheduling.number("items", double(items.size()));
  }
  ++g_schedules;
  span.number("targets", double(targets.size()));
  span.number("items", double(items.size()));
  size_t copies = 0;
  for (const auto& item : items) {
    if (item.kind == ScheduleItem::Kind::Copy) {
      run_copy(item.out);
      ++copies;
    } else {
      run_kernel(item.out);
    }
  }
  if (debug >= 1 && !items.empty())
    std::cerr << fmt::format("realized {} target(s) with {} kernel(s) and {} copies in {:.3f} ms\n",
                             targets.size(), items.size() - copies, copies,
                             (trace::now_us() - start) * 1e-3);
}

void count_launches(uint64_t launches) { g_launched += launches; }

void count_jit_inputs_copied(uint64_t inputs) { g_jit_inputs_copied += inputs; }

EngineStats stats() {
  return {g_launched.load(), kernels_compiled(), g_schedules.load(), g_jit_inputs_copied.load()};
}

}  // namespace ingot::engine
