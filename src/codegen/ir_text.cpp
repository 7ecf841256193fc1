#include "codegen/ir_text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>

namespace ingot::ir {
namespace {

constexpr std::array kNames = {"Const",       "GlobalIdx",   "GroupIdx",
                               "LocalIdx",    "Range",       "EndRange",
                               "Load",        "Store",       "Alu",
                               "DefineAcc",   "Assign",      "Broadcast",
                               "Gather",      "Lane",        "HReduce",
                               "DefineLocal", "Barrier",     "If",
                               "EndIf",       "ShuffleDown", "MatZero",
                               "MatLoad",     "MatMulAcc",   "MatStore",
                               "AsyncCopy",   "AsyncCommit", "AsyncWait",
                               "Param",       "Wgmma",       "WgmmaFence",
                               "WgmmaCommit", "WgmmaWait",   "AsyncProxyFence"};
static_assert(kNames.size() == size_t(IOp::AsyncProxyFence) + 1, "a name for every IOp");

// What besides the sources tells this instruction apart.
std::string detail(const Inst& inst) {
  switch (inst.op) {
    case IOp::Const:
    case IOp::DefineAcc:
      return is_float(inst.dtype) ? fmt::format(" {}", inst.value.f)
                                  : fmt::format(" {}", inst.value.i);
    case IOp::Range:
      return fmt::format(" [{}, {}){}", inst.lo, inst.hi, inst.rolled ? " rolled" : "");
    case IOp::Load:
    case IOp::Store:
    case IOp::MatLoad:
    case IOp::MatStore:
    case IOp::AsyncCopy:
      return fmt::format(" {}{}{}", inst.local ? "local" : "buf", inst.buffer,
                         inst.aligned ? " aligned" : "");
    case IOp::Alu:
    case IOp::HReduce:
      return fmt::format(" {}", op_name(inst.alu));
    case IOp::GlobalIdx:
    case IOp::GroupIdx:
    case IOp::LocalIdx:
      return fmt::format(" dim {}", inst.dim);
    case IOp::Lane:
    case IOp::ShuffleDown:
    case IOp::AsyncWait:
    case IOp::WgmmaWait:
      return fmt::format(" {}", inst.hi);
    case IOp::DefineLocal:
      return fmt::format(" {}{}", inst.hi, inst.dynamic ? " dynamic" : "");
    case IOp::Wgmma:
      return fmt::format(" local{} n{} layout {}", inst.buffer, inst.hi, inst.dim);
    case IOp::Param:
      return fmt::format(" s{}", inst.buffer);
    default:
      return "";
  }
}

}  // namespace

std::string to_text(const Kernel& kernel) {
  std::string out = fmt::format("IR of {} ({} instructions)\n", kernel.name, kernel.insts.size());
  int depth = 1;
  for (size_t i = 0; i < kernel.insts.size(); ++i) {
    const Inst& inst = kernel.insts[i];
    if (inst.op == IOp::EndRange || inst.op == IOp::EndIf) --depth;
    std::vector<std::string> sources;
    for (int s : inst.src) sources.push_back(fmt::format("%{}", s));
    std::string type = inst.width > 1 ? fmt::format("{}x{}", dtype_name(inst.dtype), inst.width)
                                      : dtype_name(inst.dtype);
    out += fmt::format("{:>5} {:{}}{} {}{}{}\n", fmt::format("%{}", i), "", 2 * depth,
                       kNames[size_t(inst.op)], type, detail(inst),
                       sources.empty() ? "" : fmt::format(" ({})", fmt::join(sources, ", ")));
    if (inst.op == IOp::Range || inst.op == IOp::If) ++depth;
  }
  return out;
}

}  // namespace ingot::ir
