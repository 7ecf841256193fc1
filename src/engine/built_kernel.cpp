// KernelBuilder's start and end: the builder for a device, and build(), which finishes the
// IR for the device and keeps it with the parameters for BuiltKernel.
#include "engine/built_kernel.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "codegen/ir_text.hpp"
#include "codegen/kernel_builder_state.hpp"
#include "core/identifier.hpp"
#include "engine/kernel_cache.hpp"
#include "ingot/error.hpp"
#include "render/language.hpp"

namespace ingot {
namespace {

std::vector<size_t> buffer_alignment(const ir::Kernel& k) {
  std::vector<size_t> alignment(k.buffers.size(), 1);
  for (const ir::Inst& in : k.insts)
    if (in.aligned && !in.local && (in.op == ir::IOp::Load || in.op == ir::IOp::Store)) {
      size_t& a = alignment[static_cast<size_t>(in.buffer)];
      a = std::max(a, size_t(in.width) * dtype_size(in.dtype));
    }
  return alignment;
}

}  // namespace

BuiltKernelState::BuiltKernelState(ir::Kernel k, Device& d, std::vector<Param> p)
    : kernel(std::move(k)), device(d), params(std::move(p)), alignment(buffer_alignment(kernel)) {}

KernelBuilder::KernelBuilder(const std::string& name, const std::string& device) {
  if (!is_identifier(name))
    throw ArgumentError(fmt::format(
        "KernelBuilder: kernel name '{}' is not an identifier (letters, digits and _)", name));
  state_ = std::make_shared<KernelBuilderState>(name, Device::get(device).info());
}

KernelBuilder::~KernelBuilder() = default;

BuiltKernel KernelBuilder::build() {
  KernelBuilderState& s = *state_;
  ir::Kernel kernel = s.finish();
  std::vector<BuiltKernelState::Param> params;
  for (const KernelBuilderState::Param& p : s.params) {
    const auto i = static_cast<size_t>(p.index);
    if (p.is_buffer)
      params.push_back({s.buffer_names[i], true, p.index, s.access[i], kernel.buffers[i].dtype});
    else
      params.push_back({s.scalar_names[i], false, p.index, Access::Read, s.scalar_dtypes[i]});
  }
  return BuiltKernel(std::make_shared<BuiltKernelState>(
      std::move(kernel), Device::get(s.device.name), std::move(params)));
}

Program& BuiltKernelState::program() const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!program_) program_ = engine::compile_kernel(kernel, device).program;
  return *program_;
}

const std::string& BuiltKernel::name() const { return state_->kernel.name; }
const std::string& BuiltKernel::device() const { return state_->device.name(); }
LaunchDims BuiltKernel::dims() const { return state_->kernel.dims; }
std::string BuiltKernel::ir() const { return ir::to_text(state_->kernel); }
std::string BuiltKernel::source() const {
  return render::render(state_->kernel, render::language(state_->device.info().language));
}

}  // namespace ingot
