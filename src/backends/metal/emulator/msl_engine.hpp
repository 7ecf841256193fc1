// The emulated Metal's kernel engine: Metal Shading Language compiled as C++ on the host
// and dispatched over a grid of threadgroups. The emulated MTLLibrary and
// MTLComputeCommandEncoder (emulator/objects) are its only users; nothing here knows the
// Objective-C side.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ingot::metal_emulator {

// Metal's limits, enforced as a real device enforces them.
inline constexpr int kMaxBufferBindings = 31;
inline constexpr size_t kMaxSetBytesLength = 4096;  // setBytes takes less than this
inline constexpr size_t kMaxThreadgroupMemory = size_t{32} * 1024;
inline constexpr int64_t kMaxThreadsPerThreadgroup = 1024;
inline constexpr int kSimdWidth = 32;

// A program-scope `constant T name [[function_constant(index)]];` a kernel reaches.
struct MslFunctionConstant {
  std::string name;
  int index = 0;
  std::string type;  // its MSL scalar or vector type: "bool", "int", "float4"...
  // The kernel reads it and nothing asks is_function_constant_defined(name): without a
  // value the function cannot be made, as Metal refuses it.
  bool required = false;
};

// A value a specialisation gives a function constant: its MSL type and its bytes.
struct MslConstantValue {
  std::string type;
  std::vector<unsigned char> bytes;
};
using MslConstantValues = std::map<std::string, MslConstantValue>;  // by constant name
// The bytes of a function constant of MSL type `type` ("float2": 8); 0 for a type the
// engine does not take (scalars and vectors of 2 to 4 lanes of bool, char, uchar, short,
// ushort, int, uint, long, ulong, half, bfloat and float).
size_t constant_type_bytes(const std::string& type);

// What one `kernel` function of a library binds and allows.
struct MslFunctionInfo {
  std::string name;
  std::vector<int> buffer_indices;                        // the [[buffer(i)]] the function reads
  std::vector<int> threadgroup_indices;                   // the [[threadgroup(i)]] memory it takes
  int64_t max_total_threads = kMaxThreadsPerThreadgroup;  // the pipeline's maximum
  size_t static_threadgroup_bytes = 0;                    // threadgroup arrays declared in its body
  std::vector<MslFunctionConstant> constants;             // the function constants it reaches
};

// A compiled MSL library: every kernel function of one source.
class MslLibrary {
 public:
  virtual ~MslLibrary() = default;
  // Compiles the source with the function constants in `values` defined (the others are
  // not: is_function_constant_defined is false for them); throws Error holding the
  // compiler's messages, with line numbers of the MSL source, when it does not compile.
  // Each set of values is a library of its own, as a specialised MTLFunction is.
  static std::shared_ptr<MslLibrary> compile(const std::string& source, bool fast_math,
                                             const MslConstantValues& values = {});
  // The kernel named `name`, or nullptr when the library has none.
  virtual const MslFunctionInfo* function(const std::string& name) const = 0;
  virtual std::vector<std::string> function_names() const = 0;
};

// One dispatchThreadgroups: what the encoder bound, and the grid.
struct MslDispatch {
  struct Binding {
    void* data = nullptr;  // buffer contents + offset, or the bytes of setBytes
    size_t length = 0;     // bytes from `data` to the end of the binding
  };
  std::shared_ptr<const MslLibrary> library;
  std::string function;
  std::array<Binding, kMaxBufferBindings> buffers{};
  std::array<size_t, kMaxBufferBindings> threadgroup_lengths{};
  std::array<uint64_t, 3> threadgroups{1, 1, 1};
  std::array<uint64_t, 3> threads_per_threadgroup{1, 1, 1};
  // dispatchThreads: the grid in threads, `threadgroups` covering it and the groups at its
  // far edges holding only the threads within it; zero for whole threadgroups.
  std::array<uint64_t, 3> grid_threads{0, 0, 0};
};

// Whether kernels can run: the host has a compiler for MSL as C++ (clang++). Without
// one the emulated Metal has no device, as a machine without a Metal GPU.
bool can_run_kernels();

// How the threads of a threadgroup of the kernel `function` run (docs/metal-emulator.md,
// "Running"): a plain loop (it never synchronizes), coroutines, or fibers (where its
// synchronizing calls are out of the coroutine rewrite's reach). Throws Error for a
// function the library lacks.
enum class LaneModel { Loop, Coroutines, Fibers };
LaneModel lane_model(const MslLibrary& library, const std::string& function);

// Runs the dispatch to completion on the host's cores. Throws Error naming the limit or
// the missing binding when the dispatch is not one Metal would run.
void run_dispatch(const MslDispatch& dispatch);

}  // namespace ingot::metal_emulator
