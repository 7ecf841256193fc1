// What a compiled MSL library and the dispatcher in libingot share: the per-thread
// record a kernel's entry reads its built-in positions, buffers and threadgroup memory
// from, and the callback through which barriers and SIMD-group functions yield. The one
// definition is a macro so that libingot compiles it and the MSL header (a string
// compiled into every library) carries the very same text.
#pragma once

// clang-format off
#define INGOT_MSL_ABI                                                                        \
  enum IngotMslBuiltin {                                                                     \
    ingot_thread_position_in_grid, ingot_thread_position_in_threadgroup,                     \
    ingot_threadgroup_position_in_grid, ingot_threads_per_threadgroup,                       \
    ingot_threadgroups_per_grid, ingot_threads_per_grid, ingot_thread_index_in_threadgroup,  \
    ingot_thread_index_in_simdgroup, ingot_simdgroup_index_in_threadgroup,                   \
    ingot_threads_per_simdgroup, ingot_simdgroups_per_threadgroup, ingot_builtin_count       \
  };                                                                                         \
  enum IngotMslSync { ingot_sync_threadgroup, ingot_sync_simdgroup };                        \
  struct IngotMslSimd {                                                                      \
    unsigned char bank[2][32][32];                                                           \
    unsigned mask[2];                                                                        \
    unsigned round;                                                                          \
  };                                                                                         \
  struct IngotMslThread {                                                                    \
    unsigned builtin[ingot_builtin_count][3];                                                \
    void* const* buffers;                                                                    \
    void* const* threadgroup;                                                                \
    IngotMslSimd* simd;                                                                      \
    void (*sync)(IngotMslThread*, int);                                                      \
    void* runner;                                                                            \
  };
// clang-format on

// A kernel's two entries: one thread (run as a fiber when the kernel synchronizes), or
// every thread of the group in turn (a plain loop, when it does not).
#define INGOT_MSL_ENTRY_THREAD "ingot_msl_thread_"
#define INGOT_MSL_ENTRY_GROUP "ingot_msl_group_"
// unsigned long[kernel count]: each kernel's threadgroup arrays in bytes, filled when the
// library is loaded.
#define INGOT_MSL_TG_BYTES "ingot_msl_tg_bytes"

namespace ingot::metal_emulator {
INGOT_MSL_ABI
}  // namespace ingot::metal_emulator
