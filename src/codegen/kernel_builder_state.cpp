#include "codegen/kernel_builder_state.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "ingot/error.hpp"

namespace ingot {
namespace {

// The operations every language table spells on vector operands; the others are applied
// lane by lane.
bool spelled_on_vectors(Op op) {
  return op == Op::Add || op == Op::Sub || op == Op::Mul || op == Op::Div || op == Op::Neg;
}

// Threadgroup arrays on a device without threadgroups are arrays of each run of the
// kernel (on its thread's stack), beside the values the host keeps per thread of a group
// (codegen/host_threads.hpp): a budget like a GPU's, which stacks hold easily.
constexpr int64_t kHostLocalBytes = 64 * 1024;

}  // namespace

KernelBuilderState::KernelBuilderState(const std::string& name, DeviceInfo info)
    : device(std::move(info)) {
  kernel.name = name;
  local_limit = device.threadgroups ? device.local_memory_bytes : kHostLocalBytes;
}

KernelBuilderState& state_of(const KernelValue& v) {
  if (!v.state_) throw Error("KernelBuilder: a KernelValue used before it was made by a builder");
  return *v.state_;
}

void KernelBuilderState::fail(const std::string& message) const {
  throw Error(fmt::format("KernelBuilder '{}': {}", kernel.name, message));
}

std::string KernelBuilderState::node(int id) const {
  const ir::Inst& in = kernel.insts[static_cast<size_t>(id)];
  std::string type =
      in.width > 1 ? fmt::format("{}x{}", dtype_name(in.dtype), in.width) : dtype_name(in.dtype);
  return fmt::format("%{} (a {} {})", id, type, what[static_cast<size_t>(id)]);
}

int KernelBuilderState::emit(ir::Inst inst, std::string description) {
  if (built) fail("the kernel was built already; start a new KernelBuilder for another");
  kernel.insts.push_back(std::move(inst));
  what.push_back(std::move(description));
  // Values made inside a loop or an if are C variables of its block; the thread indices
  // of global and local ranges open no block.
  int block = -1;
  for (auto b = open.rbegin(); b != open.rend() && block < 0; ++b)
    if (b->kind == BlockKind::Reduce || b->kind == BlockKind::If) block = b->inst;
  made_in.push_back(block);
  closed.push_back(false);
  return static_cast<int>(kernel.insts.size()) - 1;
}

bool KernelBuilderState::inside(BlockKind kind) const {
  return std::any_of(open.begin(), open.end(), [&](const Block& b) { return b.kind == kind; });
}

void KernelBuilderState::check_usable(const KernelValue& v, const std::string& use) const {
  if (&state_of(v) != this)
    fail(fmt::format("{} uses a value of another KernelBuilder (node %{})", use, v.id()));
  const size_t id = static_cast<size_t>(v.id());
  const ir::Inst& in = kernel.insts[id];
  if (closed[id] &&
      (in.op == ir::IOp::GroupIdx || in.op == ir::IOp::LocalIdx || in.op == ir::IOp::Range))
    fail(fmt::format("{} uses the index {} after its range ended", use, node(v.id())));
  for (int block = made_in[id]; block >= 0; block = made_in[static_cast<size_t>(block)])
    if (closed[static_cast<size_t>(block)])
      fail(fmt::format("{} uses {}, made inside {}, which has ended", use, node(v.id()),
                       node(block)));
}

KernelValue KernelBuilderState::value(int id) { return KernelValue(shared_from_this(), id); }

int KernelBuilderState::constant(DType dtype, double v) {
  return emit({.op = ir::IOp::Const, .dtype = dtype, .value = ConstValue::of(v, dtype)},
              fmt::format("constant {}", v));
}

int KernelBuilderState::broadcast(int id, int width) {
  const ir::Inst& in = kernel.insts[static_cast<size_t>(id)];
  if (in.width == width) return id;
  return emit({.op = ir::IOp::Broadcast, .dtype = in.dtype, .width = width, .src = {id}},
              "broadcast");
}

int KernelBuilderState::alu(Op op, DType result, std::vector<int> src,
                            const std::string& description) {
  int width = 1;
  for (int s : src) {
    const int w = kernel.insts[static_cast<size_t>(s)].width;
    if (w > 1 && width > 1 && w != width)
      fail(fmt::format("{} of {} and {}: vectors of different widths", description, node(src[0]),
                       node(s)));
    width = std::max(width, w);
  }
  if (width > 1 && !spelled_on_vectors(op)) {
    std::vector<int> lanes;
    for (int l = 0; l < width; ++l) {
      std::vector<int> args;
      for (int s : src) {
        const ir::Inst& in = kernel.insts[static_cast<size_t>(s)];
        args.push_back(in.width == 1
                           ? s
                           : emit({.op = ir::IOp::Lane, .dtype = in.dtype, .src = {s}, .hi = l},
                                  fmt::format("lane {}", l)));
      }
      lanes.push_back(
          emit({.op = ir::IOp::Alu, .dtype = result, .src = args, .alu = op}, description));
    }
    return emit({.op = ir::IOp::Gather, .dtype = result, .width = width, .src = lanes},
                description);
  }
  for (int& s : src) s = broadcast(s, width);
  return emit(
      {.op = ir::IOp::Alu, .dtype = result, .width = width, .src = std::move(src), .alu = op},
      description);
}

int KernelBuilderState::to_index(const KernelValue& v, const std::string& use) {
  check_usable(v, use);
  if (v.width() != 1) fail(fmt::format("{} at {}: an index is a scalar", use, node(v.id())));
  if (!is_int(v.dtype()))
    fail(fmt::format("{} at {}: an index is an integer (cast it)", use, node(v.id())));
  if (v.dtype() == DType::Int64) return v.id();
  return alu(Op::Cast, DType::Int64, {v.id()}, "index cast to int64");
}

bool KernelBuilderState::multiple_of(int id, int64_t k) const {
  if (k == 1) return true;
  const ir::Inst& in = kernel.insts[static_cast<size_t>(id)];
  if (in.op == ir::IOp::Const) return is_int(in.dtype) && in.value.i % k == 0;
  if (in.op != ir::IOp::Alu) return false;
  switch (in.alu) {
    case Op::Mul:
      return multiple_of(in.src[0], k) || multiple_of(in.src[1], k);
    case Op::Add:
    case Op::Sub:
      return multiple_of(in.src[0], k) && multiple_of(in.src[1], k);
    case Op::Cast:
      return is_int(kernel.insts[static_cast<size_t>(in.src[0])].dtype) &&
             multiple_of(in.src[0], k);
    default:
      return false;
  }
}

}  // namespace ingot
