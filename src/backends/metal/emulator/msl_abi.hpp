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
    ingot_dispatch_threads_per_threadgroup, ingot_threadgroups_per_grid,                     \
    ingot_threads_per_grid, ingot_grid_origin, ingot_thread_index_in_threadgroup,            \
    ingot_thread_index_in_simdgroup, ingot_simdgroup_index_in_threadgroup,                   \
    ingot_threads_per_simdgroup, ingot_simdgroups_per_threadgroup,                           \
    ingot_dispatch_simdgroups_per_threadgroup, ingot_thread_index_in_quadgroup,              \
    ingot_quadgroup_index_in_threadgroup, ingot_quadgroups_per_threadgroup,                  \
    ingot_dispatch_quadgroups_per_threadgroup, ingot_builtin_count                           \
  };                                                                                         \
  enum IngotMslSync { ingot_sync_threadgroup, ingot_sync_simdgroup };                        \
  /* A simdgroup's exchange: each lane's value in its slot of the bank of the round, the */ \
  /* lanes that took part, and the results a call shares among the lanes of its scope   */ \
  /* (at the scope's first lane), valid in the round `shared_round` names. Rounds count  */ \
  /* on over all the groups a host thread runs, so a result is never taken for a later  */ \
  /* round's. */                                                                             \
  struct IngotMslSimd {                                                                      \
    unsigned char bank[2][32][32];                                                           \
    unsigned mask[2];                                                                        \
    unsigned long round;                                                                     \
    unsigned char shared[32][32];                                                            \
    unsigned long shared_round[32];                                                          \
  };                                                                                         \
  /* Free coroutine frames by size class (msl_header_lanes.cpp): the host thread's, which */ \
  /* libingot owns, so that a frame outlives the library that made it. */                   \
  struct IngotMslFrames {                                                                    \
    void* head[256];                                                                         \
  };                                                                                         \
  struct IngotMslThread {                                                                    \
    unsigned builtin[ingot_builtin_count][3];                                                \
    void* const* buffers;                                                                    \
    void* const* threadgroup;                                                                \
    /* The group's memory for the threadgroup arrays the kernel declares (msl_header_sync). */ \
    unsigned char* declared;                                                                 \
    IngotMslSimd* simd;                                                                      \
    void (*sync)(IngotMslThread*, int);                                                      \
    void* runner;                                                                            \
    void* leaf; /* a coroutine lane's innermost frame waiting in a synchronizing call */     \
  };                                                                                         \
  /* The built-ins of the thread at (x, y, z) of its group, `index` in it; the group's */    \
  /* own are set. Threads are numbered x first, over the group's actual size (smaller */     \
  /* than dispatch_threads_per_threadgroup at a dispatchThreads grid's far edges). */       \
  static inline void ingot_msl_place(IngotMslThread* t, unsigned x, unsigned y, unsigned z,  \
                                     unsigned index) {                                       \
    const unsigned* group = t->builtin[ingot_threadgroup_position_in_grid];                  \
    const unsigned* size = t->builtin[ingot_dispatch_threads_per_threadgroup];               \
    unsigned* local = t->builtin[ingot_thread_position_in_threadgroup];                      \
    unsigned* global = t->builtin[ingot_thread_position_in_grid];                            \
    local[0] = x, local[1] = y, local[2] = z;                                                \
    global[0] = group[0] * size[0] + x;                                                      \
    global[1] = group[1] * size[1] + y;                                                      \
    global[2] = group[2] * size[2] + z;                                                      \
    t->builtin[ingot_thread_index_in_threadgroup][0] = index;                                \
    t->builtin[ingot_thread_index_in_simdgroup][0] = index % 32u;                            \
    t->builtin[ingot_simdgroup_index_in_threadgroup][0] = index / 32u;                       \
    t->builtin[ingot_thread_index_in_quadgroup][0] = index % 4u;                             \
    t->builtin[ingot_quadgroup_index_in_threadgroup][0] = index / 4u;                        \
  }
// clang-format on

// A kernel's entries: one thread (run as a fiber when the kernel synchronizes) and every
// thread of the group in turn (a plain loop, when it does not); or, for a kernel whose
// lanes run as coroutines, the one entry making a thread's task (its frame's address).
#define INGOT_MSL_ENTRY_THREAD "ingot_msl_thread_"
#define INGOT_MSL_ENTRY_GROUP "ingot_msl_group_"
#define INGOT_MSL_ENTRY_LANE "ingot_msl_lane_"
// IngotMslThread** (IngotMslFrames*): gives the library the calling host thread's free
// frames and returns its ingot_msl::current there, which the dispatcher of coroutine lanes
// sets before it resumes a lane.
#define INGOT_MSL_BIND_HOST_THREAD "ingot_msl_bind_host_thread"
// unsigned long[kernel count]: each kernel's threadgroup arrays in bytes, filled when the
// library is loaded.
#define INGOT_MSL_TG_BYTES "ingot_msl_tg_bytes"

// At global scope, as in the MSL header: a library's entries then take the very type
// that the dispatcher calls them with, where one in a namespace of libingot's own would
// be another type, and the call through the pointer undefined behaviour
// (-fsanitize=function reports it).
INGOT_MSL_ABI
