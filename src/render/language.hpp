// A language table: everything a C-style target spells its own way. The renderer
// (c_style.cpp) is shared; a new target is a table (shared/DESIGN.md "render").
#pragma once

#include <string>
#include <vector>

#include "codegen/ir.hpp"

namespace ingot::render {

struct LanguageTable {
  std::string name;
  std::string prelude;  // helpers every kernel may call (half conversions, NaN-aware max)
  // The kernel's opening: signature, buffer pointers p0, p1..., and the start of the
  // loop (or thread index) that binds `gidx`, the global iteration.
  std::string (*open_kernel)(const ir::Kernel& kernel, const LanguageTable& lang);
  std::string close_loop;      // ends the global iteration
  std::string close_function;  // ends the kernel
  // Streaming (non-temporal) stores: the statement storing vector `{0}` of type `{1}`
  // at `{2}`, and what must follow the last one so other threads see the data.
  std::string stream_store;
  std::string stream_fence;
  // Element storage type and the type values are computed in (half and bfloat16 are
  // computed in float).
  std::string (*storage_type)(DType dt);
  std::string (*value_type)(DType dt);
  // A vector type of `width` values, and its unaligned variant for loads and stores;
  // vector_typedef declares both.
  std::string (*vector_type)(DType dt, int width, bool unaligned);
  std::string (*vector_typedef)(DType dt, int width);
  // The name of a math function (exp, log, ...) for values of `dt`.
  std::string (*math)(const std::string& fn, DType dt);
};

const LanguageTable& language(const std::string& name);
std::string render(const ir::Kernel& kernel, const LanguageTable& lang);

}  // namespace ingot::render
