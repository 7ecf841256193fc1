// run_dispatch: checks a dispatch against Metal's limits, then runs its threadgroups on
// the host's cores. A group of a kernel that never synchronizes is a plain loop over its
// threads inside the compiled library; one that does runs its threads as coroutines
// (lanes.cpp), or as fibers (fibers.cpp) where the source is out of the coroutine
// rewrite's reach (msl_lanes.cpp).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <thread>

#include "backends/metal/emulator/msl_internal.hpp"
#include "ingot/error.hpp"
#include "runtime/thread_pool.hpp"

namespace ingot::metal_emulator {
namespace {

ThreadPool& pool() {
  static ThreadPool workers(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  return workers;
}

struct Grid {
  const KernelEntries* entries;
  std::array<unsigned, 3> groups, threads, grid_threads;
  std::array<void*, kMaxBufferBindings> buffers;
  // The group's memory (threadgroup_bytes): the arrays the kernel declares from its start,
  // then its [[threadgroup(i)]] arguments at their offsets.
  std::array<size_t, kMaxBufferBindings> threadgroup_offsets;
  size_t threadgroup_bytes;
};

size_t round16(size_t n) { return (n + 15) / 16 * 16; }

unsigned groups_of(unsigned threads, unsigned width) { return (threads + width - 1) / width; }

// The built-ins every thread of group `index` shares. A group at a dispatchThreads grid's
// far edge holds only the threads within the grid: its threads_per_threadgroup (and the
// simdgroups and quadgroups they make) are smaller than the dispatch's.
void set_group(IngotMslThread& t, const Grid& grid, int64_t index) {
  unsigned group[3] = {static_cast<unsigned>(index % grid.groups[0]),
                       static_cast<unsigned>(index / grid.groups[0] % grid.groups[1]),
                       static_cast<unsigned>(index / grid.groups[0] / grid.groups[1])};
  unsigned threads = 1, dispatched = 1;
  for (int d = 0; d < 3; ++d) {
    unsigned size = std::min(grid.threads[d], grid.grid_threads[d] - group[d] * grid.threads[d]);
    t.builtin[ingot_threadgroup_position_in_grid][d] = group[d];
    t.builtin[ingot_threads_per_threadgroup][d] = size;
    t.builtin[ingot_dispatch_threads_per_threadgroup][d] = grid.threads[d];
    t.builtin[ingot_threadgroups_per_grid][d] = grid.groups[d];
    t.builtin[ingot_threads_per_grid][d] = grid.grid_threads[d];
    t.builtin[ingot_grid_origin][d] = 0;
    threads *= size;
    dispatched *= grid.threads[d];
  }
  t.builtin[ingot_threads_per_simdgroup][0] = kSimdWidth;
  t.builtin[ingot_simdgroups_per_threadgroup][0] = groups_of(threads, kSimdWidth);
  t.builtin[ingot_dispatch_simdgroups_per_threadgroup][0] = groups_of(dispatched, kSimdWidth);
  t.builtin[ingot_quadgroups_per_threadgroup][0] = groups_of(threads, 4);
  t.builtin[ingot_dispatch_quadgroups_per_threadgroup][0] = groups_of(dispatched, 4);
}

void run_groups(void* context, int64_t begin, int64_t end) {
  const Grid& grid = *static_cast<const Grid*>(context);
  // Threadgroup memory of the group this host thread runs; Metal does not clear it.
  thread_local std::vector<unsigned char> memory;
  memory.resize(grid.threadgroup_bytes + 16);
  std::array<void*, kMaxBufferBindings> threadgroup{};
  for (int i = 0; i < kMaxBufferBindings; ++i)
    threadgroup[i] = memory.data() + grid.threadgroup_offsets[i];
  IngotMslThread base{};
  base.buffers = grid.buffers.data();
  base.threadgroup = threadgroup.data();
  base.declared = memory.data();
  if (!grid.entries->synchronizes) {
    for (int64_t g = begin; g < end; ++g) {
      set_group(base, grid, g);
      grid.entries->group(&base);
    }
    return;
  }
  thread_local std::vector<IngotMslThread> threads;
  for (int64_t g = begin; g < end; ++g) {
    set_group(base, grid, g);
    const unsigned* n = base.builtin[ingot_threads_per_threadgroup];
    threads.resize(static_cast<size_t>(n[0]) * n[1] * n[2]);
    unsigned index = 0;
    for (unsigned z = 0; z < n[2]; ++z)
      for (unsigned y = 0; y < n[1]; ++y)
        for (unsigned x = 0; x < n[0]; ++x, ++index) {
          threads[index] = base;
          ingot_msl_place(&threads[index], x, y, z, index);
        }
    if (grid.entries->lane)
      run_group_as_coroutines(*grid.entries, threads.data(), static_cast<int>(index));
    else
      run_group_as_fibers(grid.entries->thread, threads.data(), static_cast<int>(index));
  }
}

std::string dims(const std::array<uint64_t, 3>& d) {
  return fmt::format("({}, {}, {})", d[0], d[1], d[2]);
}

}  // namespace

LaneModel lane_model(const MslLibrary& library, const std::string& function) {
  const KernelEntries* entries = static_cast<const LoadedLibrary&>(library).entries(function);
  if (!entries)
    throw Error(fmt::format("emulated Metal: the library has no kernel '{}'", function));
  if (entries->lane) return LaneModel::Coroutines;
  return entries->synchronizes ? LaneModel::Fibers : LaneModel::Loop;
}

void run_dispatch(const MslDispatch& dispatch) {
  if (!dispatch.library) throw Error("emulated Metal dispatch: no library (pipeline state)");
  const auto& library = static_cast<const LoadedLibrary&>(*dispatch.library);
  const MslFunctionInfo* info = library.function(dispatch.function);
  if (!info)
    throw Error(fmt::format("emulated Metal dispatch: the library has no kernel '{}' (it has: {})",
                            dispatch.function, fmt::join(library.function_names(), ", ")));
  const std::string& name = dispatch.function;
  Grid grid{};
  grid.entries = library.entries(name);
  uint64_t threads = 1;
  for (int d = 0; d < 3; ++d) {
    uint64_t n = dispatch.threads_per_threadgroup[d], g = dispatch.threadgroups[d];
    if (n == 0 || g == 0)
      throw Error(
          fmt::format("dispatch of '{}': threadgroups {} and threads per threadgroup {} "
                      "must each be at least 1 in every dimension",
                      name, dims(dispatch.threadgroups), dims(dispatch.threads_per_threadgroup)));
    uint64_t positions;
    if (__builtin_mul_overflow(g, n, &positions) || positions > 0xffffffffu)
      throw Error(
          fmt::format("dispatch of '{}': the grid of {} threadgroups of {} threads does "
                      "not fit 32-bit thread positions",
                      name, dims(dispatch.threadgroups), dims(dispatch.threads_per_threadgroup)));
    if (__builtin_mul_overflow(threads, n, &threads)) threads = UINT64_MAX;
    grid.groups[d] = static_cast<unsigned>(g);
    grid.threads[d] = static_cast<unsigned>(n);
    uint64_t in_grid = dispatch.grid_threads[d] ? dispatch.grid_threads[d] : positions;
    if (in_grid > positions || in_grid <= positions - n)
      throw Error(
          fmt::format("dispatch of '{}': a grid of {} threads is not covered by {} "
                      "threadgroups of {} threads",
                      name, dims(dispatch.grid_threads), dims(dispatch.threadgroups),
                      dims(dispatch.threads_per_threadgroup)));
    grid.grid_threads[d] = static_cast<unsigned>(in_grid);
  }
  int64_t limit = std::min(info->max_total_threads, kMaxThreadsPerThreadgroup);
  if (threads > uint64_t(limit))
    throw Error(fmt::format(
        "dispatch of '{}': {} threads per threadgroup {} exceed the pipeline's "
        "maxTotalThreadsPerThreadgroup of {} (Metal allows at most {})",
        name, threads, dims(dispatch.threads_per_threadgroup), limit, kMaxThreadsPerThreadgroup));
  for (int index : info->buffer_indices) {
    if (!dispatch.buffers[index].data)
      throw Error(
          fmt::format("dispatch of '{}': the kernel reads [[buffer({})]] but nothing is "
                      "bound at index {} (setBuffer or setBytes)",
                      name, index, index));
    grid.buffers[index] = dispatch.buffers[index].data;
  }
  size_t memory = round16(info->static_threadgroup_bytes);
  for (int index : info->threadgroup_indices) {
    size_t length = dispatch.threadgroup_lengths[index];
    if (length == 0)
      throw Error(
          fmt::format("dispatch of '{}': the kernel takes threadgroup memory "
                      "[[threadgroup({})]] but its length was never set "
                      "(setThreadgroupMemoryLength:atIndex:)",
                      name, index));
    grid.threadgroup_offsets[index] = memory;
    memory += round16(length);
  }
  if (memory > kMaxThreadgroupMemory)
    throw Error(fmt::format(
        "dispatch of '{}': threadgroup memory of {} bytes ({} declared in the kernel, the rest "
        "set with setThreadgroupMemoryLength) exceeds Metal's {} bytes",
        name, memory, info->static_threadgroup_bytes, kMaxThreadgroupMemory));
  grid.threadgroup_bytes = memory;
  int64_t groups = int64_t(grid.groups[0]) * grid.groups[1] * grid.groups[2];
  pool().parallel_for(groups, 1, run_groups, &grid);
}

}  // namespace ingot::metal_emulator
