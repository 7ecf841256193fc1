// KernelBuilder's calls (include/ingot/kernel_builder.hpp) as IR instructions, each checked
// against what the kernel so far and the device allow.
#include <fmt/format.h>

#include "codegen/emitter.hpp"
#include "codegen/host_threads.hpp"
#include "codegen/kernel_builder_state.hpp"

namespace ingot {
namespace {

using Block = KernelBuilderState::BlockKind;

const char* access_name(KernelBuilder::Access access) {
  switch (access) {
    case KernelBuilder::Access::Read:
      return "Access::Read";
    case KernelBuilder::Access::Write:
      return "Access::Write";
    case KernelBuilder::Access::ReadWrite:
      return "Access::ReadWrite";
  }
  return "";
}

void check_buffer(const KernelBuilderState& s, const KernelBuffer& b, const char* use) {
  if (b.index < 0 || b.index >= static_cast<int>(s.buffer_names.size()) ||
      s.buffer_names[static_cast<size_t>(b.index)] != b.name)
    s.fail(fmt::format("{}: buffer '{}' is not a parameter of this kernel", use, b.name));
}

void check_array(const KernelBuilderState& s, const KernelLocalArray& a, const char* use) {
  if (a.index < 0 || a.index >= s.next_local)
    s.fail(fmt::format("{}: local array '{}' is not one of this kernel", use, a.name));
}

void check_width(const KernelBuilderState& s, int width, const std::string& use) {
  if (width != 1 && width != 2 && width != 4 && width != 8 && width != 16)
    s.fail(fmt::format("{}: width {}; vectors have 2, 4, 8 or 16 lanes", use, width));
}

}  // namespace

const DeviceInfo& KernelBuilder::device() const { return state_->device; }

KernelBuffer KernelBuilder::buffer(const std::string& name, DType dtype, Access access) {
  KernelBuilderState& s = *state_;
  if (!s.device.supports(dtype))
    s.fail(fmt::format("buffer '{}': {} has no {} values", name, s.device.name, dtype_name(dtype)));
  const int index = static_cast<int>(s.kernel.buffers.size());
  s.kernel.buffers.push_back({dtype, access != Access::Read});
  s.buffer_names.push_back(name);
  s.access.push_back(access);
  s.params.push_back({true, index});
  return {index, dtype, name};
}

KernelValue KernelBuilder::scalar(const std::string& name, DType dtype) {
  KernelBuilderState& s = *state_;
  const bool narrow_float =
      dtype == DType::Float32 || dtype == DType::Float16 || dtype == DType::BFloat16;
  if (!is_int(dtype) && !narrow_float)
    s.fail(fmt::format("scalar '{}' of {}: scalars are integers or float32, float16, bfloat16",
                       name, dtype_name(dtype)));
  const int index = static_cast<int>(s.kernel.scalars.size());
  const DType passed = is_int(dtype) ? DType::Int64 : DType::Float32;
  s.kernel.scalars.push_back({passed});
  s.scalar_names.push_back(name);
  s.scalar_dtypes.push_back(dtype);
  s.params.push_back({false, index});
  const int param = s.emit({.op = ir::IOp::Param, .dtype = passed, .buffer = index},
                           fmt::format("scalar '{}'", name));
  return cast(s.value(param), dtype);
}

KernelValue KernelBuilder::global_range(int64_t groups) {
  KernelBuilderState& s = *state_;
  const std::string what = fmt::format("global_range({})", groups);
  if (s.inside(Block::Reduce) || s.inside(Block::If))
    s.fail(what + ": thread ranges open outside every loop and if");
  if (s.global_ranges == 3) s.fail(what + ": a kernel has at most 3 global ranges");
  if (groups < 1) s.fail(what + ": a range has at least 1 group");
  const int dim = s.global_ranges++;
  if (s.device.threadgroups && groups > s.device.max_groups[static_cast<size_t>(dim)])
    s.fail(fmt::format("{}: {} allows at most {} groups along dimension {}", what, s.device.name,
                       s.device.max_groups[static_cast<size_t>(dim)], dim));
  s.groups[static_cast<size_t>(dim)] = groups;
  const int id = s.emit({.op = ir::IOp::GroupIdx, .dim = dim}, fmt::format("global range {}", dim));
  s.open.push_back({Block::Global, id});
  return s.value(id);
}

KernelValue KernelBuilder::local_range(int64_t threads) {
  KernelBuilderState& s = *state_;
  const std::string what = fmt::format("local_range({})", threads);
  if (s.inside(Block::Reduce) || s.inside(Block::If))
    s.fail(what + ": thread ranges open outside every loop and if");
  if (s.local_ranges == 3) s.fail(what + ": a kernel has at most 3 local ranges");
  if (threads < 1) s.fail(what + ": a range has at least 1 thread");
  const int dim = s.local_ranges++;
  s.threads[static_cast<size_t>(dim)] = threads;
  const int64_t all = s.threads[0] * s.threads[1] * s.threads[2];
  if (s.device.threadgroups && (threads > s.device.max_group_size[static_cast<size_t>(dim)] ||
                                all > s.device.max_threads_per_group))
    s.fail(fmt::format("{}: {} threads a group; {} allows {} along dimension {} and {} in all",
                       what, all, s.device.name, s.device.max_group_size[static_cast<size_t>(dim)],
                       dim, s.device.max_threads_per_group));
  const int id = s.emit({.op = ir::IOp::LocalIdx, .dim = dim}, fmt::format("local range {}", dim));
  s.open.push_back({Block::Local, id});
  return s.value(id);
}

KernelValue KernelBuilder::reduce_range(int64_t size) {
  KernelBuilderState& s = *state_;
  if (size < 0) s.fail(fmt::format("reduce_range({}): a size is at least 0", size));
  const int id =
      s.emit({.op = ir::IOp::Range, .lo = 0, .hi = size}, fmt::format("reduce range of {}", size));
  s.open.push_back({Block::Reduce, id});
  return s.value(id);
}

void KernelBuilder::end(const KernelValue& range) {
  KernelBuilderState& s = *state_;
  s.check_usable(range, "end");
  if (s.open.empty() || s.open.back().inst != range.id()) {
    const std::string innermost = s.open.empty() ? "none is open" : s.node(s.open.back().inst);
    s.fail(fmt::format("end({}): not the innermost open range or if ({})", s.node(range.id()),
                       innermost));
  }
  if (s.open.back().kind == Block::If)
    s.fail(fmt::format("end({}): an if ends with end_if()", s.node(range.id())));
  if (s.open.back().kind == Block::Reduce) s.emit({.op = ir::IOp::EndRange}, "end of range");
  s.closed[static_cast<size_t>(range.id())] = true;
  s.open.pop_back();
}

KernelValue KernelBuilder::constant(double value, DType dtype) {
  return state_->value(state_->constant(dtype, value));
}

KernelValue KernelBuilder::accumulator(DType dtype, double init, int width) {
  KernelBuilderState& s = *state_;
  check_width(s, width, "accumulator");
  return s.value(s.emit({.op = ir::IOp::DefineAcc,
                         .dtype = dtype,
                         .width = width,
                         .value = ConstValue::of(init, dtype)},
                        "accumulator"));
}

void KernelBuilder::assign(const KernelValue& accumulator, const KernelValue& value) {
  KernelBuilderState& s = *state_;
  s.check_usable(accumulator, "assign");
  s.check_usable(value, "assign");
  const std::string what =
      fmt::format("assign({}, {})", s.node(accumulator.id()), s.node(value.id()));
  if (s.kernel.insts[static_cast<size_t>(accumulator.id())].op != ir::IOp::DefineAcc)
    s.fail(what + ": the first is not an accumulator");
  if (accumulator.dtype() != value.dtype()) s.fail(what + ": the types differ; cast the value");
  if (value.width() != 1 && value.width() != accumulator.width())
    s.fail(what + ": the widths differ");
  s.emit({.op = ir::IOp::Assign,
          .dtype = accumulator.dtype(),
          .src = {accumulator.id(), s.broadcast(value.id(), accumulator.width())}},
         "assignment");
}

KernelLocalArray KernelBuilder::local_array(const std::string& name, DType dtype, int64_t count) {
  KernelBuilderState& s = *state_;
  if (count < 1) s.fail(fmt::format("local array '{}' of {} values: at least 1", name, count));
  const int64_t bytes = count * static_cast<int64_t>(codegen::held_bytes(dtype));
  if (s.local_bytes + bytes > s.local_limit)
    s.fail(fmt::format(
        "local array '{}' of {} {} values ({} bytes): the kernel's local arrays would take {} "
        "bytes, over {}'s limit of {}",
        name, count, dtype_name(dtype), bytes, s.local_bytes + bytes, s.device.name,
        s.local_limit));
  s.local_bytes += bytes;
  const int index = s.next_local++;
  s.emit({.op = ir::IOp::DefineLocal, .dtype = dtype, .hi = count, .buffer = index},
         fmt::format("local array '{}'", name));
  return {index, dtype, count, name};
}

KernelValue KernelBuilder::load(const KernelBuffer& buffer, const KernelValue& index, int width) {
  return load_buffer(buffer, index, width, nullptr);
}

KernelValue KernelBuilder::load(const KernelBuffer& buffer, const KernelValue& index, int width,
                                const KernelValue& mask) {
  return load_buffer(buffer, index, width, &mask);
}

KernelValue KernelBuilder::load_buffer(const KernelBuffer& buffer, const KernelValue& index,
                                       int width, const KernelValue* mask) {
  KernelBuilderState& s = *state_;
  check_buffer(s, buffer, "load");
  const std::string what = fmt::format("{}load of '{}'", mask ? "masked " : "", buffer.name);
  check_width(s, width, what);
  const int at = s.to_index(index, what);
  std::vector<int> src = {at};
  if (mask) {
    s.check_usable(*mask, what);
    if (mask->dtype() != DType::Bool || mask->width() != 1)
      s.fail(fmt::format("{}: the mask {} is one bool value", what, s.node(mask->id())));
    src.push_back(mask->id());
  }
  return s.value(s.emit({.op = ir::IOp::Load,
                         .dtype = buffer.dtype,
                         .width = width,
                         .src = std::move(src),
                         .buffer = buffer.index,
                         .aligned = width > 1 && s.multiple_of(at, width)},
                        what));
}

KernelValue KernelBuilder::load(const KernelLocalArray& array, const KernelValue& index,
                                int width) {
  KernelBuilderState& s = *state_;
  check_array(s, array, "load");
  const std::string what = fmt::format("load of local '{}'", array.name);
  check_width(s, width, what);
  const int i = s.to_index(index, what);
  return s.value(s.emit({.op = ir::IOp::Load,
                         .dtype = array.dtype,
                         .width = width,
                         .src = {i},
                         .buffer = array.index,
                         .local = true},
                        what));
}

void KernelBuilder::store(const KernelBuffer& buffer, const KernelValue& index,
                          const KernelValue& value) {
  KernelBuilderState& s = *state_;
  check_buffer(s, buffer, "store");
  const std::string what = fmt::format("store to '{}'", buffer.name);
  s.check_usable(value, what);
  if (s.access[static_cast<size_t>(buffer.index)] == Access::Read)
    s.fail(fmt::format("{} of {}: the buffer was declared {}", what, s.node(value.id()),
                       access_name(Access::Read)));
  if (!s.inside(Block::Global))
    s.fail(
        fmt::format("{} of {}: outside any global range, every thread of the launch would "
                    "store it; open a global_range first",
                    what, s.node(value.id())));
  if (value.dtype() != buffer.dtype)
    s.fail(fmt::format("{} of {}: the buffer holds {}; cast the value", what, s.node(value.id()),
                       dtype_name(buffer.dtype)));
  const int i = s.to_index(index, what);
  s.emit({.op = ir::IOp::Store,
          .dtype = buffer.dtype,
          .width = value.width(),
          .src = {i, value.id()},
          .buffer = buffer.index,
          .aligned = value.width() > 1 && s.multiple_of(i, value.width())},
         what);
}

void KernelBuilder::store(const KernelLocalArray& array, const KernelValue& index,
                          const KernelValue& value) {
  KernelBuilderState& s = *state_;
  check_array(s, array, "store");
  const std::string what = fmt::format("store to local '{}'", array.name);
  s.check_usable(value, what);
  if (value.dtype() != array.dtype)
    s.fail(fmt::format("{} of {}: the array holds {}; cast the value", what, s.node(value.id()),
                       dtype_name(array.dtype)));
  const int i = s.to_index(index, what);
  s.emit({.op = ir::IOp::Store,
          .dtype = array.dtype,
          .width = value.width(),
          .src = {i, value.id()},
          .buffer = array.index,
          .local = true},
         what);
}

void KernelBuilder::barrier() {
  KernelBuilderState& s = *state_;
  for (const auto& block : s.open)
    if (block.kind == Block::If)
      s.fail(
          fmt::format("barrier (node %{}) inside the if {}: threads that skip it would "
                      "never let the others past; end the if first",
                      s.kernel.insts.size(), s.node(block.inst)));
  s.emit({.op = ir::IOp::Barrier}, "barrier");
}

void KernelBuilder::begin_if(const KernelValue& cond) {
  KernelBuilderState& s = *state_;
  s.check_usable(cond, "begin_if");
  if (cond.dtype() != DType::Bool || cond.width() != 1)
    s.fail(fmt::format("begin_if({}): the condition is one bool value", s.node(cond.id())));
  const int id = s.emit({.op = ir::IOp::If, .src = {cond.id()}}, "if");
  s.open.push_back({Block::If, id});
}

void KernelBuilder::end_if() {
  KernelBuilderState& s = *state_;
  if (s.open.empty() || s.open.back().kind != Block::If)
    s.fail(fmt::format("end_if(): the innermost open block is {}",
                       s.open.empty() ? "none" : s.node(s.open.back().inst)));
  s.closed[static_cast<size_t>(s.open.back().inst)] = true;
  s.open.pop_back();
  s.emit({.op = ir::IOp::EndIf}, "end of if");
}

ir::Kernel KernelBuilderState::finish() {
  for (auto b = open.rbegin(); b != open.rend(); ++b)
    if (b->kind == BlockKind::If)
      fail(fmt::format("build(): the if {} has no end_if()", node(b->inst)));
  while (!open.empty()) {
    if (open.back().kind == BlockKind::Reduce) emit({.op = ir::IOp::EndRange}, "end of range");
    open.pop_back();
  }
  built = true;
  ir::Kernel k = kernel;
  if (!device.threadgroups) return codegen::run_groups_on_host(std::move(k), groups, threads);
  for (size_t d = 0; d < 3; ++d) {
    k.dims.global[d] = groups[d] * threads[d];
    k.dims.local[d] = threads[d];
  }
  return k;
}

}  // namespace ingot
