// Ahead-of-time export: a function of tensors written out as a C library that runs
// without ingot's compilers (docs/jit-and-export.md).
//
//   ingot::export_function([&](const std::vector<Tensor>& in) -> std::vector<Tensor> {
//     return {(in[0].matmul(w) + b).relu()};
//   }, {Tensor::rand({4, 8})}, "mlp", "out/mlp", "CPU");
//
// writes out/mlp/mlp.h (int mlp(const mlp_inputs*, mlp_outputs*) and its structs),
// out/mlp/libmlp.a (the recorded kernels for the device, the weights the function read,
// and a small C runtime) and out/mlp/src (what the library was built from).
#pragma once

#include <string>
#include <vector>

#include "ingot/jit.hpp"
#include "ingot/tensor.hpp"

namespace ingot {

// The C names of the exported function's inputs and outputs: fields of <name>_inputs and
// <name>_outputs. Empty: input0, input1... and output0...
struct ExportNames {
  std::vector<std::string> inputs, outputs;
};

// What export_function wrote.
struct ExportedFunction {
  std::string header;   // <out_dir>/<name>.h
  std::string library;  // <out_dir>/lib<name>.a
  // What a program linking the library needs besides it ("-lm", "-lpthread", "-ldl"). A
  // METAL library calls Metal through ingot's backend and also links ingot's library.
  std::vector<std::string> link_flags;
};

// Runs `function` once on `example_inputs` (moved to `device`, "" for the inputs' own)
// recording its kernels, then writes the library for those inputs' dtypes and shapes:
// the C API checks every call's against them. Tensors the function reads besides its
// inputs (weights in a closure) are saved into the library with their current contents.
// Throws ArgumentError for a `name` that is not a C identifier, names of the wrong count
// or not C identifiers, and undefined inputs; Error when the function draws random
// numbers (a replay would repeat the same ones), uses another device, launches custom
// kernels, or when the device has no exported runtime or the C compiler fails.
ExportedFunction export_function(const Jit::Function& function,
                                 const std::vector<Tensor>& example_inputs, const std::string& name,
                                 const std::string& out_dir, const std::string& device = "",
                                 const ExportNames& names = {});

}  // namespace ingot
