#include "engine/recording.hpp"

#include <fmt/format.h>

#include "ingot/error.hpp"

namespace ingot::engine {
namespace {

thread_local Recording* t_current = nullptr;

}  // namespace

Recording::Recording() {
  if (t_current)
    throw Error("jit: a capture began while this thread was capturing another function");
  t_current = this;
}

Recording::~Recording() { t_current = nullptr; }

Recording* Recording::current() { return t_current; }

void Recording::add(const CompiledKernel& kernel, const std::shared_ptr<Buffer>& output,
                    const std::vector<NodePtr>& leaves) {
  RecordedLaunch launch{kernel.program.get(), kernel.source, {output}, kernel.dims};
  for (int leaf : kernel.input_leaves)
    launch.buffers.push_back(leaves[static_cast<size_t>(leaf)]->buffer);
  launches_.push_back(std::move(launch));
}

void Recording::refuse(std::string_view what) {
  if (t_current)
    throw Error(fmt::format(
        "jit: the function makes {} while it is captured; a replay repeats kernel launches "
        "of one device only: move it out of the jitted function",
        what));
}

void Recording::refill(std::shared_ptr<Buffer> buffer, std::function<void(Buffer&)> fill) {
  if (t_current) t_current->refills_.push_back({std::move(buffer), std::move(fill)});
}

void Recording::check(std::shared_ptr<Buffer> flag, std::function<void(const Buffer&)> verify) {
  if (t_current) t_current->checks_.push_back({std::move(flag), std::move(verify)});
}

}  // namespace ingot::engine
