// Level 3 of writing a kernel: built from the compiler's own concepts instead of text.
// A KernelBuilder makes the instructions of ingot's kernel IR (src/codegen/ir.hpp) one
// call at a time: ranges over the threads and loops, typed buffer and scalar parameters,
// register accumulators, threadgroup arrays, loads and stores at index expressions, ALU
// ops and barriers. It checks each call as it goes and throws Error naming the node at
// fault. build() gives a BuiltKernel, which is rendered, compiled (through the disk
// cache), loaded and launched by the same path as ingot's own kernels, so one builder
// program runs on every device; DEBUG=4 prints its source.
//
//   KernelBuilder b("axpy", "CL:0");
//   auto x = b.buffer("x", DType::Float32), y = b.buffer("y", DType::Float32, Access::Write);
//   KernelValue a = b.scalar("a", DType::Float32);
//   KernelValue i = b.global_range(n / 64) * 64 + b.local_range(64);
//   b.store(y, i, a * b.load(x, i));
//   Tensor out = b.build().run({arg::input(xs), arg::output({n}), arg::f32(2)})[0];
//
// Threads and ranges. global_range(n) is the index of the threadgroup along the next grid
// dimension (n groups), local_range(n) the thread's index within its group (n threads a
// group); a kernel has up to three of each, and its launch is derived from them (n groups
// of the product of the local sizes). reduce_range(n) opens a loop 0 <= i < n run by each
// thread, closed by end(). Devices without threadgroups (the CPU) run the groups as their
// iterations and each group's threads one after another, split at the barriers, so the
// same kernel computes the same result there.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ingot/dtype.hpp"
#include "ingot/runtime.hpp"

namespace ingot {

// BuiltKernel::run binds tensors with the arguments of ingot/custom_kernel.hpp (which
// ingot/ingot.hpp includes); declared here only, so that the compiler's layers, which
// implement the builder, need not see the Tensor API.
class Tensor;
struct KernelArgument;

struct KernelBuilderState;

// A value of the kernel being built: the result of one instruction (node %id in messages
// and in the IR that DEBUG=3 prints), a scalar or a vector of width() lanes. Made by a
// KernelBuilder; combined with the operators and functions below, whose operands must have
// one type (cast() converts) and equal widths or a width of 1 (broadcast).
class KernelValue {
 public:
  DType dtype() const;
  int width() const;
  int id() const { return id_; }

 private:
  friend struct KernelBuilderState;
  friend KernelBuilderState& state_of(const KernelValue& v);
  KernelValue(std::shared_ptr<KernelBuilderState> state, int id)
      : state_(std::move(state)), id_(id) {}
  std::shared_ptr<KernelBuilderState> state_;
  int id_ = -1;
};

// Arithmetic: + - * / (integer division truncates) and % (integers), on two values or a
// value and a number (taken as a constant of the value's type).
KernelValue operator+(const KernelValue& a, const KernelValue& b);
KernelValue operator-(const KernelValue& a, const KernelValue& b);
KernelValue operator*(const KernelValue& a, const KernelValue& b);
KernelValue operator/(const KernelValue& a, const KernelValue& b);
KernelValue operator%(const KernelValue& a, const KernelValue& b);
KernelValue operator-(const KernelValue& a);
// Comparisons give bool values.
KernelValue operator<(const KernelValue& a, const KernelValue& b);
KernelValue operator<=(const KernelValue& a, const KernelValue& b);
KernelValue operator>(const KernelValue& a, const KernelValue& b);
KernelValue operator>=(const KernelValue& a, const KernelValue& b);
KernelValue operator==(const KernelValue& a, const KernelValue& b);
KernelValue operator!=(const KernelValue& a, const KernelValue& b);
// Logical and / or of bool values.
KernelValue operator&&(const KernelValue& a, const KernelValue& b);
KernelValue operator||(const KernelValue& a, const KernelValue& b);

// A number as a constant of `like`'s type, so that `i * 4` and `x + 1.5` read naturally.
KernelValue constant_like(const KernelValue& like, double value);
#define INGOT_KERNEL_VALUE_NUMBER_OPS(op)                          \
  inline KernelValue operator op(const KernelValue& a, double b) { \
    return a op constant_like(a, b);                               \
  }                                                                \
  inline KernelValue operator op(double a, const KernelValue& b) { \
    return constant_like(b, a) op b;                               \
  }
INGOT_KERNEL_VALUE_NUMBER_OPS(+)
INGOT_KERNEL_VALUE_NUMBER_OPS(-)
INGOT_KERNEL_VALUE_NUMBER_OPS(*)
INGOT_KERNEL_VALUE_NUMBER_OPS(/)
INGOT_KERNEL_VALUE_NUMBER_OPS(%)
INGOT_KERNEL_VALUE_NUMBER_OPS(<)
INGOT_KERNEL_VALUE_NUMBER_OPS(<=)
INGOT_KERNEL_VALUE_NUMBER_OPS(>)
INGOT_KERNEL_VALUE_NUMBER_OPS(>=)
INGOT_KERNEL_VALUE_NUMBER_OPS(==)
INGOT_KERNEL_VALUE_NUMBER_OPS(!=)
#undef INGOT_KERNEL_VALUE_NUMBER_OPS

// `then` where `cond` (bool) holds, else `otherwise`.
KernelValue where(const KernelValue& cond, const KernelValue& then, const KernelValue& otherwise);
// The larger and the smaller (a NaN wins, as in ingot's max and min).
KernelValue max(const KernelValue& a, const KernelValue& b);
KernelValue min(const KernelValue& a, const KernelValue& b);
// `v` converted to `dtype` (floats to integers saturate, NaN gives 0).
KernelValue cast(const KernelValue& v, DType dtype);
// Math functions of float values.
KernelValue exp(const KernelValue& v);
KernelValue exp2(const KernelValue& v);
KernelValue log(const KernelValue& v);
KernelValue log2(const KernelValue& v);
KernelValue sqrt(const KernelValue& v);
KernelValue sin(const KernelValue& v);
KernelValue cos(const KernelValue& v);
KernelValue tanh(const KernelValue& v);
KernelValue pow(const KernelValue& base, const KernelValue& exponent);
// Lane `i` of a vector, and the sum or the maximum of its lanes.
KernelValue lane(const KernelValue& v, int i);
KernelValue sum_lanes(const KernelValue& v);
KernelValue max_lanes(const KernelValue& v);

// A buffer parameter of the kernel; its tensor is given to BuiltKernel::run.
struct KernelBuffer {
  int index = -1;  // among the buffers, in declaration order
  DType dtype = DType::Float32;
  std::string name;
};

// An array in threadgroup memory, shared by the threads of a group.
struct KernelLocalArray {
  int index = -1;
  DType dtype = DType::Float32;
  int64_t count = 0;
  std::string name;
};

class BuiltKernel;

class KernelBuilder {
 public:
  // How the kernel uses a buffer: it reads an input, writes an output, or both.
  enum class Access { Read, Write, ReadWrite };

  // A kernel named `name` (an identifier) for `device` ("" for the default device), whose
  // limits the builder checks against.
  explicit KernelBuilder(const std::string& name, const std::string& device = "");
  ~KernelBuilder();
  KernelBuilder(const KernelBuilder&) = delete;
  KernelBuilder& operator=(const KernelBuilder&) = delete;

  // The device's properties, for choosing sizes (threads per group, vector width...).
  const DeviceInfo& device() const;

  // Parameters, in the order BuiltKernel::run takes their arguments. A scalar is an
  // integer type (passed as int64) or float32, float16 or bfloat16 (passed as float32).
  KernelBuffer buffer(const std::string& name, DType dtype, Access access = Access::Read);
  KernelValue scalar(const std::string& name, DType dtype);

  // The threadgroup's index along the next grid dimension, of `groups` threadgroups.
  KernelValue global_range(int64_t groups);
  // The thread's index within its group along the next dimension, of `threads` a group.
  KernelValue local_range(int64_t threads);
  // A loop each thread runs: an int64 index from 0 to size - 1, until end().
  KernelValue reduce_range(int64_t size);
  // Closes the innermost open range, which must be `range` (ranges nest). A range's
  // index and the values computed inside a reduce range are not used after its end.
  void end(const KernelValue& range);

  // A constant of `dtype` (an integer type takes `value` exactly).
  KernelValue constant(double value, DType dtype);
  // A register of `dtype` (`width` lanes) holding `init`, changed by assign().
  KernelValue accumulator(DType dtype, double init, int width = 1);
  void assign(const KernelValue& accumulator, const KernelValue& value);
  // `count` values of `dtype` in threadgroup memory, within the device's limit.
  KernelLocalArray local_array(const std::string& name, DType dtype, int64_t count);

  // The element at integer `index` of a buffer, or `width` consecutive elements from it
  // as a vector (index a multiple of width for the fastest access). With `mask` (bool),
  // the load happens only where it holds and gives 0 elsewhere.
  KernelValue load(const KernelBuffer& buffer, const KernelValue& index, int width = 1);
  KernelValue load(const KernelBuffer& buffer, const KernelValue& index, int width,
                   const KernelValue& mask);
  KernelValue load(const KernelLocalArray& array, const KernelValue& index, int width = 1);
  // Writes `value` (the buffer's type) at `index`; a buffer store must be inside a global
  // range, since every thread of the launch runs it.
  void store(const KernelBuffer& buffer, const KernelValue& index, const KernelValue& value);
  void store(const KernelLocalArray& array, const KernelValue& index, const KernelValue& value);

  // Waits until every thread of the group reaches it, its threadgroup-memory writes then
  // seen by all. Not inside an if (threads that skip it would hang the others).
  void barrier();
  // Code run only by the threads where `cond` (bool) holds, until end_if().
  void begin_if(const KernelValue& cond);
  void end_if();

  // The kernel: every range still open is closed; an if left open is an error.
  BuiltKernel build();

 private:
  // Both buffer loads: `mask` null for an unmasked one.
  KernelValue load_buffer(const KernelBuffer& buffer, const KernelValue& index, int width,
                          const KernelValue* mask);
  std::shared_ptr<KernelBuilderState> state_;
};

struct BuiltKernelState;

// A kernel made by KernelBuilder::build(), compiled for its device on first use.
class BuiltKernel {
 public:
  const std::string& name() const;
  const std::string& device() const;
  LaunchDims dims() const;     // as launched on the device
  std::string ir() const;      // the instructions, as DEBUG=3 prints them
  std::string source() const;  // in the device's language

  // Runs the kernel with one argument per parameter in declaration order: arg::input for a
  // Read buffer, arg::output / arg::zeros / arg::inout for a Write or ReadWrite one,
  // arg::scalar (any of its helpers) for a scalar. Returns the tensors of the outputs and
  // in-place arguments, as run_custom_kernel does. Throws Error naming the parameter when
  // an argument does not fit it. The launch is queued as the engine queues its own
  // kernels: run returns before the kernel ends, and a fault the device reports for it
  // surfaces when its results are read.
  std::vector<Tensor> run(const std::vector<KernelArgument>& args) const;

 private:
  friend class KernelBuilder;
  // The engine launches a built kernel on buffers of its own too (the plain collectives).
  friend const BuiltKernelState& built_state(const BuiltKernel& kernel);
  explicit BuiltKernel(std::shared_ptr<BuiltKernelState> state) : state_(std::move(state)) {}
  std::shared_ptr<BuiltKernelState> state_;
};

}  // namespace ingot
