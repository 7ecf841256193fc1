// The recorded call as the exported library's tables (engine/aot_export.hpp).
#include <fmt/format.h>

#include <map>

#include "engine/aot_export.hpp"
#include "ingot/error.hpp"

namespace ingot::engine {
namespace {

class Planner {
 public:
  explicit Planner(AotPlan& plan) : plan_(plan) {}

  // The place of `buffer` (a slot per allocation: a view shares its base's), the slot made
  // or grown to hold it.
  AotPlan::Place place(const Buffer& buffer) {
    void* handle = buffer.handle();
    auto [it, inserted] = slot_of_.try_emplace(handle, static_cast<int>(plan_.slots.size()));
    if (inserted) plan_.slots.emplace_back();
    AotPlan::Slot& slot = plan_.slots[static_cast<size_t>(it->second)];
    slot.bytes = std::max<uint64_t>(slot.bytes, buffer.offset() + buffer.bytes());
    return {it->second, buffer.offset(), buffer.bytes()};
  }

  bool known(const Buffer& buffer) const { return slot_of_.count(buffer.handle()) != 0; }

 private:
  AotPlan& plan_;
  std::map<void*, int> slot_of_;
};

// Appends the contents of the weights, read from the device, to plan.weights: a slot's
// bytes where no view of it was read stay zero.
void read_weights(AotPlan& plan,
                  const std::vector<std::pair<AotPlan::Place, const Buffer*>>& uses) {
  for (const auto& [place, buffer] : uses) {
    AotPlan::Slot& slot = plan.slots[static_cast<size_t>(place.slot)];
    if (slot.weights_at < 0) {
      // 64-byte aligned starts, so that a CPU slot could point into the blob.
      plan.weights.resize((plan.weights.size() + 63) / 64 * 64);
      slot.weights_at = static_cast<int64_t>(plan.weights.size());
      plan.weights.resize(plan.weights.size() + slot.bytes);
    }
  }
  for (const auto& [place, buffer] : uses) {
    const AotPlan::Slot& slot = plan.slots[static_cast<size_t>(place.slot)];
    buffer->copy_out(plan.weights.data() + slot.weights_at + place.offset, place.bytes);
  }
}

}  // namespace

AotPlan plan_aot(const AotFunction& function) {
  AotPlan plan;
  Planner planner(plan);
  for (const AotTensor& input : function.inputs)
    plan.inputs.push_back(planner.place(*input.buffer));
  // A buffer read before any launch wrote it, and not an input, is a weight.
  std::vector<std::pair<AotPlan::Place, const Buffer*>> weights;
  std::map<const Program*, int> kernel_of;
  for (const RecordedLaunch& recorded : function.launches) {
    if (&recorded.program->device() != function.device)
      throw Error(fmt::format(
          "export_function '{}': the function launched a kernel on {}, not on {}; an exported "
          "function runs on one device",
          function.name, recorded.program->device().name(), function.device->name()));
    auto [it, inserted] =
        kernel_of.try_emplace(recorded.program, static_cast<int>(plan.kernels.size()));
    if (inserted) {
      std::string symbol = fmt::format("{}_k{}", function.name, plan.kernels.size());
      plan.kernels.push_back({recorded.program->function(), symbol,
                              recorded.program->buffer_count(),
                              function.device->compiler().export_kernel(
                                  *recorded.source, recorded.program->function(), symbol)});
    }
    AotPlan::Launch launch{it->second, {}, recorded.dims};
    for (size_t b = 0; b < recorded.buffers.size(); ++b) {
      const Buffer& buffer = *recorded.buffers[b];
      bool weight = b > 0 && !planner.known(buffer);
      launch.args.push_back(planner.place(buffer));
      if (weight) weights.push_back({launch.args.back(), &buffer});
    }
    plan.launches.push_back(std::move(launch));
  }
  for (const AotTensor& output : function.outputs) {
    // A result no launch wrote and no input holds (a weight returned as it is).
    bool weight = !planner.known(*output.buffer);
    plan.outputs.push_back(planner.place(*output.buffer));
    if (weight) weights.push_back({plan.outputs.back(), output.buffer.get()});
  }
  read_weights(plan, weights);
  return plan;
}

}  // namespace ingot::engine
