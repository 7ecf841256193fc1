// What a KernelBuilder (include/ingot/kernel_builder.hpp) holds while a kernel is built:
// the ir::Kernel so far, the device's limits, the blocks still open and the names of the
// parameters, so that each call is checked as it is made and a message names the node.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "codegen/ir.hpp"
#include "ingot/kernel_builder.hpp"

namespace ingot {

struct KernelBuilderState : std::enable_shared_from_this<KernelBuilderState> {
  // A block opened by a range or an if, closed in the reverse order.
  enum class BlockKind { Global, Local, Reduce, If };
  struct Block {
    BlockKind kind;
    int inst;  // the instruction that opened it
  };
  // A parameter in declaration order: a buffer or a scalar, by index among its kind.
  struct Param {
    bool is_buffer;
    int index;
  };

  KernelBuilderState(const std::string& name, DeviceInfo device);

  ir::Kernel kernel;
  DeviceInfo device;
  std::vector<Param> params;
  std::vector<std::string> buffer_names, scalar_names;
  std::vector<DType> scalar_dtypes;  // as declared (the IR passes Int64 or Float32)
  std::vector<KernelBuilder::Access> access;
  std::vector<Block> open;
  std::array<int64_t, 3> groups{1, 1, 1}, threads{1, 1, 1};
  int global_ranges = 0, local_ranges = 0;
  int64_t local_bytes = 0, local_limit = 0;
  int next_local = 0;
  bool built = false;

  // Per instruction: what it is, for messages ("load of 'x'"), and the block (index of
  // its opening instruction, -1 at the top) it was made in, whose end makes it unusable.
  std::vector<std::string> what;
  std::vector<int> made_in;
  std::vector<bool> closed;  // per instruction: a block it opened has ended

  // "KernelBuilder 'name': " followed by `message`, as an Error.
  [[noreturn]] void fail(const std::string& message) const;
  // "%12 (a float32x4 load of 'x')".
  std::string node(int id) const;

  // Appends `inst`, described as `description`; returns its id.
  int emit(ir::Inst inst, std::string description);
  // Throws unless `v` is a value of this kernel usable here (its block still open).
  void check_usable(const KernelValue& v, const std::string& use) const;
  bool inside(BlockKind kind) const;

  // Values and the ops between them, checked (types, widths) and spelled as the renderers
  // can: ops with no vector spelling are applied lane by lane.
  KernelValue value(int id);
  int constant(DType dtype, double v);
  int alu(Op op, DType result, std::vector<int> src, const std::string& description);
  int broadcast(int id, int width);
  int to_index(const KernelValue& v, const std::string& use);
  // Whether index `id` is provably a multiple of `k` (constants, and sums, differences,
  // products and integer casts of them): a vector access there is aligned to the vector.
  bool multiple_of(int id, int64_t k) const;

  // The kernel as the device runs it: blocks still open closed (an open if is an error),
  // the launch derived from the ranges, and on a device without threadgroups the groups'
  // threads run one after another (codegen/host_threads.hpp). No call may follow.
  ir::Kernel finish();
};

KernelBuilderState& state_of(const KernelValue& v);

}  // namespace ingot
