// Shared by the files of the kernel engine; nothing outside the engine includes it.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "backends/metal/emulator/msl_abi.hpp"
#include "backends/metal/emulator/msl_engine.hpp"

namespace ingot::metal_emulator {

// The Metal standard library subset as C++ (msl_header*.cpp): every library is compiled
// with it in front of its source.
const std::string& msl_header();
// Its parts, in order.
std::string msl_header_types();
std::string msl_header_vectors();
std::string msl_header_math();
std::string msl_header_sync();
std::string msl_header_lanes();  // inside msl_header_sync's, after the ABI
std::string msl_header_simd();   // inside msl_header_sync's, after the lanes
// The MSL functions a lane waits in for other lanes: the barriers and the SIMD-group and
// quad-group functions.
const std::vector<std::string>& msl_synchronizing_functions();
std::string msl_header_matrix();
// The path of msl_header() precompiled by `compiler` with `options` (msl_precompiled.cpp),
// made on first use in the cache folder; "" when that folder cannot be written. `identity`
// names the compiler and options. Throws Error with clang's log when the header does not
// compile.
std::string precompiled_header(const std::string& compiler, const std::string& identity,
                               const std::vector<std::string>& options);

// One `kernel` function as the source declares it.
struct ParsedKernel {
  MslFunctionInfo info;
  std::string qualified_name;          // with its namespaces, for the entry to call
  std::string function;                // its name in the source (a template's for instances)
  std::vector<std::string> arguments;  // per parameter: the tag type its entry passes
  bool synchronizes = false;           // calls barriers or SIMD-group functions
  bool coroutine = false;              // its lanes run as coroutines (msl_lanes.cpp)
  // Where its threadgroup arrays' bytes add up (a template's instantiations share their
  // template's).
  int threadgroup_slot = 0;
  // "buffer3" -> c for a [[buffer(3), function_constant(c)]] parameter (and threadgroup
  // ones alike): bound only in a specialisation where c is true.
  std::map<std::string, std::string> conditions;
};

// The MSL source made ready to compile as C++ (msl_source.cpp): its kernels, its
// function constants, and the source with the few MSL spellings C++ lacks rewritten, line
// for line. A function constant `name` reads the macros INGOT_MSL_FC_VALUE(name) and
// INGOT_MSL_FC_DEFINED(name), which the unit defines before the source for each
// specialisation.
struct ParsedSource {
  std::vector<ParsedKernel> kernels;
  std::vector<MslFunctionConstant> constants;
  std::string text;
  // The source calls thread_elements(): simdgroup matrices live in lanes, and every
  // kernel runs in lock-step (msl_header_matrix.cpp).
  bool matrix_lanes = false;
  int threadgroup_slots = 0;
};
// Throws Error naming the line of a kernel declaration the engine cannot run.
ParsedSource parse_msl(const std::string& source);

// The C++ expression of a function constant's value: exact bits, in its MSL type
// (msl_constants.cpp). Throws Error when the bytes do not fit the type.
std::string constant_literal(const MslConstantValue& value);

// A loaded kernel's entries.
struct KernelEntries {
  void (*thread)(IngotMslThread*) = nullptr;
  void (*group)(IngotMslThread*) = nullptr;
  void* (*lane)(IngotMslThread*) = nullptr;             // for lanes run as coroutines
  IngotMslThread** (*bind)(IngotMslFrames*) = nullptr;  // with `lane`: INGOT_MSL_BIND_HOST_THREAD
  bool synchronizes = false;
};

// The library compile() returns.
class LoadedLibrary : public MslLibrary {
 public:
  virtual const KernelEntries* entries(const std::string& name) const = 0;
};

// Runs one threadgroup's threads as fibers in lock-step (fibers.cpp): `threads[i]` is
// thread i's record, filled but for `sync`, `runner` and `simd`.
void run_group_as_fibers(void (*entry)(IngotMslThread*), IngotMslThread* threads, int count);
// The same with each thread a coroutine (lanes.cpp), made by the kernel's lane entry.
void run_group_as_coroutines(const KernelEntries& entries, IngotMslThread* threads, int count);

}  // namespace ingot::metal_emulator
