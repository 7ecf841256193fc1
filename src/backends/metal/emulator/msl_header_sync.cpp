// The MSL header, part 4: what threads share. Atomics are the compiler's __atomic
// builtins (groups run on several host threads at once). Barriers and SIMD-group
// functions are calls to await (ingot_msl::co): a SIMD-group call writes the lane's value
// to its slot of the simdgroup's exchange bank and tells the dispatcher through the
// thread's record (msl_abi.hpp); once every active lane did, the lane reads the slots it
// needs. A lane run as a coroutine awaits them (the source rewritten by msl_lanes.cpp); a
// fiber calls metal::'s, which switch to the group's other fibers until the call
// completes. Last, the entry glue the generated per-kernel entries use, and the MSL
// keywords C++ lacks.
#include <fmt/format.h>

#include "backends/metal/emulator/msl_internal.hpp"

#define INGOT_STRINGIZE_(...) #__VA_ARGS__
#define INGOT_STRINGIZE(...) INGOT_STRINGIZE_(__VA_ARGS__)

namespace ingot::metal_emulator {
namespace {

const char* const kAtomics = R"MSL(
namespace metal {
enum memory_order {
  memory_order_relaxed,
  memory_order_acquire,
  memory_order_release,
  memory_order_acq_rel,
  memory_order_seq_cst
};
template <class T> struct atomic {
  typedef T value_type;
  T value;
};
typedef atomic<int> atomic_int;
typedef atomic<uint> atomic_uint;
typedef atomic<bool> atomic_bool;
typedef atomic<ulong> atomic_ulong;
typedef atomic<float> atomic_float;

template <class T> inline T* atomic_address(volatile atomic<T>* object) {
  return const_cast<T*>(&object->value);
}
template <class T>
inline void atomic_store_explicit(volatile atomic<T>* object,
                                  typename atomic<T>::value_type desired, memory_order) {
  __atomic_store(atomic_address(object), &desired, __ATOMIC_SEQ_CST);
}
template <class T> inline T atomic_load_explicit(volatile atomic<T>* object, memory_order) {
  T value;
  __atomic_load(atomic_address(object), &value, __ATOMIC_SEQ_CST);
  return value;
}
template <class T>
inline T atomic_exchange_explicit(volatile atomic<T>* object,
                                  typename atomic<T>::value_type desired, memory_order) {
  T old;
  __atomic_exchange(atomic_address(object), &desired, &old, __ATOMIC_SEQ_CST);
  return old;
}
template <class T>
inline bool atomic_compare_exchange_weak_explicit(volatile atomic<T>* object, T* expected,
                                                  typename atomic<T>::value_type desired,
                                                  memory_order, memory_order) {
  return __atomic_compare_exchange(atomic_address(object), expected, &desired, false,
                                   __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
template <class T>
inline bool atomic_compare_exchange_strong_explicit(volatile atomic<T>* object, T* expected,
                                                    typename atomic<T>::value_type desired,
                                                    memory_order success, memory_order failure) {
  return atomic_compare_exchange_weak_explicit(object, expected, desired, success, failure);
}
// Read-modify-write through compare-and-swap: works for float as for the integers.
template <class T, class F> inline T atomic_update(volatile atomic<T>* object, F f) {
  T old = atomic_load_explicit(object, memory_order_relaxed);
  while (!atomic_compare_exchange_weak_explicit(object, &old, f(old), memory_order_relaxed,
                                                memory_order_relaxed)) {
  }
  return old;
}
#define INGOT_ATOMIC_RMW(name, expr)                                                   \
  template <class T>                                                                 \
  inline T atomic_fetch_##name##_explicit(volatile atomic<T>* object,                \
                                          typename atomic<T>::value_type operand,    \
                                          memory_order) {                            \
    return atomic_update(object, [operand](T old) { return (T)(expr); });            \
  }
INGOT_ATOMIC_RMW(add, old + operand)
INGOT_ATOMIC_RMW(sub, old - operand)
INGOT_ATOMIC_RMW(and, old & operand)
INGOT_ATOMIC_RMW(or, old | operand)
INGOT_ATOMIC_RMW(xor, old ^ operand)
INGOT_ATOMIC_RMW(min, operand < old ? operand : old)
INGOT_ATOMIC_RMW(max, old < operand ? operand : old)
#undef INGOT_ATOMIC_RMW
inline void atomic_thread_fence(int, memory_order) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
}  // namespace metal
)MSL";

const char* const kSimd = R"MSL(
namespace ingot_msl {
inline thread_local IngotMslThread* current;

// Yields to the group's other fibers until the synchronization completes.
inline void sync(int kind) {
  IngotMslThread* self = current;
  self->sync(self, kind);
  current = self;  // the other fibers of this host thread set it meanwhile
}

// The values every active lane of the simdgroup passed.
template <class T> struct lanes {
  const unsigned char (*bank)[32];
  unsigned mask;
  unsigned lane;
  bool active(unsigned l) const { return l < 32 && (mask >> l & 1u); }
  T operator[](unsigned l) const {
    T v;
    __builtin_memcpy(&v, bank[l], sizeof(T));
    return v;
  }
  unsigned first() const { return __builtin_ctz(mask); }
};

// One synchronizing call of a lane, in either lane model: `now()` on a fiber (switches
// to the group's other fibers until the call completes), or `co_await` in a lane run as
// a coroutine (suspends; the dispatcher resumes the lane at `leaf` once the call
// completed, `current` set). A coroutine finds its record in its promise: no access to
// the thread-local `current` (a call into the dynamic loader from a library).
// `Kind` is ingot_sync_threadgroup or ingot_sync_simdgroup.
template <int Kind> struct barrier_call {
  bool await_ready() const noexcept { return false; }
  template <class P> void await_suspend(std::coroutine_handle<P> h) noexcept {
    IngotMslThread* self = h.promise().thread;
    self->leaf = h.address();
    self->sync(self, Kind);
  }
  void await_resume() noexcept {}
  void now() { sync(Kind); }
};
// A SIMD-group call: the lane's operand goes to its slot of the simdgroup's exchange bank;
// once every active lane of the simdgroup did, `finish` reads the slots the call needs.
// With `Shared` the width of its scope (32 or 4), the call gives every lane of the scope
// the same result: the scope's first lane to read it computes it, the others copy it.
template <class T, class F, unsigned Shared = 0> struct group_call {
  static_assert(sizeof(T) <= 32, "SIMD-group functions take values of at most 32 bytes");
  T value;
  F finish;
  IngotMslThread* self = nullptr;
  unsigned bank = 0;

  void deposit() {
    IngotMslSimd* simd = self->simd;
    bank = simd->round & 1u;
    __builtin_memcpy(simd->bank[bank][self->builtin[ingot_thread_index_in_simdgroup][0]], &value,
                     sizeof(T));
  }
  auto result() const {
    IngotMslSimd* simd = self->simd;
    unsigned lane = self->builtin[ingot_thread_index_in_simdgroup][0];
    lanes<T> l{simd->bank[bank], simd->mask[bank], lane};
    if constexpr (Shared == 0) {
      return finish(l);
    } else {
      typedef decltype(finish(l)) R;
      static_assert(sizeof(R) <= 32, "a shared result of at most 32 bytes");
      unsigned slot = lane & ~(Shared - 1);
      R r;
      if (simd->shared_round[slot] == simd->round) {
        __builtin_memcpy(&r, simd->shared[slot], sizeof(R));
      } else {
        r = finish(l);
        __builtin_memcpy(simd->shared[slot], &r, sizeof(R));
        simd->shared_round[slot] = simd->round;
      }
      return r;
    }
  }
  bool await_ready() const noexcept { return false; }
  template <class P> void await_suspend(std::coroutine_handle<P> h) {
    self = h.promise().thread;
    deposit();
    self->leaf = h.address();
    self->sync(self, ingot_sync_simdgroup);
  }
  auto await_resume() { return result(); }
  auto now() {
    self = current;
    deposit();
    sync(ingot_sync_simdgroup);
    return result();
  }
};
template <unsigned Shared = 0, class T, class F>
inline group_call<T, F, Shared> exchange(T value, F finish) {
  return {value, finish};
}
// The same call with `g` applied to its result: the same for all lanes of the scope where
// the call's is.
template <class T, class F, unsigned Shared, class G>
inline auto then(group_call<T, F, Shared> c, G g) {
  return exchange<Shared>(c.value, [f = c.finish, g](const lanes<T>& l) { return g(f(l)); });
}
inline unsigned simd_lane() { return current->builtin[ingot_thread_index_in_simdgroup][0]; }
// Combines the active lanes in [begin, end), in lane order; `init` when none.
template <class T, class F>
inline T fold(const lanes<T>& l, unsigned begin, unsigned end, T init, F f) {
  T acc = init;
  for (unsigned i = begin; i < end; ++i)
    if (l.active(i)) acc = f(acc, l[i]);
  return acc;
}
// The lanes a SIMD-group function combines: the whole simdgroup (32 lanes), or the
// caller's quad (4 lanes from a multiple of 4).
struct simd_scope {
  static constexpr unsigned width = 32;
  static unsigned base(unsigned) { return 0; }
};
struct quad_scope {
  static constexpr unsigned width = 4;
  static unsigned base(unsigned lane) { return lane & ~3u; }
};
}  // namespace ingot_msl

namespace metal {
enum class mem_flags {
  mem_none = 0,
  mem_device = 1,
  mem_threadgroup = 2,
  mem_texture = 4,
  mem_threadgroup_imageblock = 8,
  mem_object_data = 16
};
inline mem_flags operator|(mem_flags a, mem_flags b) { return mem_flags(int(a) | int(b)); }

// A ballot: bit i is set when lane i of the scope voted true; `active` holds the lanes
// that voted at all.
template <class V> struct basic_vote {
  typedef V vote_t;
  vote_t bits = 0, active = 0;
  constexpr basic_vote() = default;
  explicit constexpr basic_vote(vote_t v) : bits(v), active(vote_t(~vote_t(0))) {}
  constexpr basic_vote(vote_t v, vote_t a) : bits(v), active(a) {}
  explicit constexpr operator vote_t() const { return bits; }
  constexpr bool all() const { return (bits & active) == active; }
  constexpr bool any() const { return bits != 0; }
};
typedef basic_vote<ulong> simd_vote;
typedef basic_vote<ushort> quad_vote;
}  // namespace metal

// The synchronizing calls as calls to await (ingot_msl::co): a lane run as a coroutine
// awaits them, a fiber calls metal::'s, which complete them at once (below).
namespace ingot_msl::co {
using metal::mem_flags;
inline barrier_call<ingot_sync_threadgroup> threadgroup_barrier(mem_flags) { return {}; }
inline barrier_call<ingot_sync_simdgroup> simdgroup_barrier(mem_flags) { return {}; }

namespace detail {
// The SIMD-group functions of a scope (simd_ or quad_), each the exchange of one value
// with the scope's active lanes; a lane outside the scope or inactive reads its own value.
template <class S> struct group {
  template <class T, class F> static auto reduce(T x, T init, F f) {
    return exchange<S::width>(x, [init, f](const lanes<T>& l) {
      unsigned b = S::base(l.lane);
      return fold(l, b, b + S::width, init, f);
    });
  }
  template <class T, class F> static auto reduce_first(T x, F f) {
    return exchange<S::width>(x, [f](const lanes<T>& l) {
      unsigned b = S::base(l.lane), first = b;
      while (!l.active(first)) ++first;
      return fold(l, first, b + S::width, l[first], f);
    });
  }
  template <class T, class F> static auto prefix(T x, T init, bool inclusive, F f) {
    return exchange(x, [init, inclusive, f](const lanes<T>& l) {
      return fold(l, S::base(l.lane), l.lane + (inclusive ? 1 : 0), init, f);
    });
  }
  // `source(lane in scope)`: the lane within the scope to read, or width for none.
  template <class T, class F> static auto shuffle(T x, F source) {
    return exchange(x, [x, source](const lanes<T>& l) {
      unsigned b = S::base(l.lane), from = source(l.lane - b);
      return from < S::width && l.active(b + from) ? l[b + from] : x;
    });
  }
  // The value of the scope's first active lane.
  template <class T> static auto first(T x) {
    return exchange<S::width>(x, [](const lanes<T>& l) {
      unsigned f = S::base(l.lane);
      while (f < S::base(l.lane) + S::width && !l.active(f)) ++f;
      return l[f];
    });
  }
  template <class V> static auto ballot(bool x) {
    return exchange<S::width>(x, [](const lanes<bool>& l) {
      unsigned b = S::base(l.lane);
      typename V::vote_t bits = 0, active = 0;
      for (unsigned i = 0; i < S::width; ++i)
        if (l.active(b + i)) {
          active |= typename V::vote_t(1) << i;
          if (l[b + i]) bits |= typename V::vote_t(1) << i;
        }
      return V(bits, active);
    });
  }
};
}  // namespace detail

#define INGOT_GROUP_FUNCTIONS(p, S, V)                                                         \
  template <class T> inline auto p##_sum(T x) {                                                \
    return detail::group<S>::reduce(x, T(0), [](T a, T b) { return a + b; });                \
  }                                                                                            \
  template <class T> inline auto p##_product(T x) {                                            \
    return detail::group<S>::reduce(x, T(1), [](T a, T b) { return a * b; });                \
  }                                                                                            \
  template <class T> inline auto p##_and(T x) {                                                \
    return detail::group<S>::reduce(x, T(~T(0)), [](T a, T b) { return a & b; });           \
  }                                                                                            \
  template <class T> inline auto p##_or(T x) {                                                 \
    return detail::group<S>::reduce(x, T(0), [](T a, T b) { return a | b; });                \
  }                                                                                            \
  template <class T> inline auto p##_xor(T x) {                                                \
    return detail::group<S>::reduce(x, T(0), [](T a, T b) { return a ^ b; });                \
  }                                                                                            \
  template <class T> inline auto p##_max(T x) {                                                \
    return detail::group<S>::reduce_first(x, [](T a, T b) { return metal::max(a, b); });     \
  }                                                                                            \
  template <class T> inline auto p##_min(T x) {                                                \
    return detail::group<S>::reduce_first(x, [](T a, T b) { return metal::min(a, b); });     \
  }                                                                                            \
  template <class T> inline auto p##_prefix_exclusive_sum(T x) {                               \
    return detail::group<S>::prefix(x, T(0), false, [](T a, T b) { return a + b; });         \
  }                                                                                            \
  template <class T> inline auto p##_prefix_inclusive_sum(T x) {                               \
    return detail::group<S>::prefix(x, T(0), true, [](T a, T b) { return a + b; });          \
  }                                                                                            \
  template <class T> inline auto p##_prefix_exclusive_product(T x) {                           \
    return detail::group<S>::prefix(x, T(1), false, [](T a, T b) { return a * b; });         \
  }                                                                                            \
  template <class T> inline auto p##_prefix_inclusive_product(T x) {                           \
    return detail::group<S>::prefix(x, T(1), true, [](T a, T b) { return a * b; });          \
  }                                                                                            \
  inline auto p##_all(bool x) {                                                                \
    return then(p##_and(uint(x)), [](uint r) { return r != 0; });                             \
  }                                                                                            \
  inline auto p##_any(bool x) {                                                                \
    return then(p##_or(uint(x)), [](uint r) { return r != 0; });                              \
  }                                                                                            \
  template <class T> inline auto p##_shuffle(T x, ushort lane) {                               \
    return detail::group<S>::shuffle(x, [lane](unsigned) { return unsigned(lane); });         \
  }                                                                                            \
  template <class T> inline auto p##_broadcast(T x, ushort lane) {                             \
    return p##_shuffle(x, lane);                                                               \
  }                                                                                            \
  template <class T> inline auto p##_shuffle_xor(T x, ushort mask) {                           \
    return detail::group<S>::shuffle(x, [mask](unsigned l) { return l ^ mask; });             \
  }                                                                                            \
  template <class T> inline auto p##_shuffle_down(T x, ushort delta) {                         \
    return detail::group<S>::shuffle(x, [delta](unsigned l) { return l + delta; });           \
  }                                                                                            \
  template <class T> inline auto p##_shuffle_up(T x, ushort delta) {                           \
    return detail::group<S>::shuffle(                                                         \
        x, [delta](unsigned l) { return l >= delta ? l - delta : S::width; });                \
  }                                                                                            \
  template <class T> inline auto p##_shuffle_rotate_down(T x, ushort delta) {                  \
    return detail::group<S>::shuffle(x,                                                       \
                                     [delta](unsigned l) { return (l + delta) % S::width; });  \
  }                                                                                            \
  template <class T> inline auto p##_shuffle_rotate_up(T x, ushort delta) {                    \
    return detail::group<S>::shuffle(                                                         \
        x, [delta](unsigned l) { return (l + S::width - delta % S::width) % S::width; });     \
  }                                                                                            \
  template <class T> inline auto p##_broadcast_first(T x) { return detail::group<S>::first(x); } \
  inline auto p##_is_first() {                                                                 \
    return exchange(simd_lane(), [](const lanes<unsigned>& l) {                                \
      unsigned first = S::base(l.lane);                                                        \
      while (!l.active(first)) ++first;                                                        \
      return first == l.lane;                                                                  \
    });                                                                                        \
  }                                                                                            \
  inline auto p##_ballot(bool x) { return detail::group<S>::template ballot<V>(x); }           \
  inline auto p##_active_threads_mask() { return p##_ballot(true); }
INGOT_GROUP_FUNCTIONS(simd, simd_scope, metal::simd_vote)
INGOT_GROUP_FUNCTIONS(quad, quad_scope, metal::quad_vote)
#undef INGOT_GROUP_FUNCTIONS
}  // namespace ingot_msl::co
)MSL";

// The glue of the generated entries: each kernel parameter is fetched by a tag type
// naming its binding, converted to the parameter's declared type.
const char* const kEntries = R"MSL(
extern "C" unsigned long ingot_msl_tg_bytes[];
namespace ingot_msl {
template <int I> struct buffer_arg {};
template <int I> struct threadgroup_arg {};
template <int B> struct builtin_arg {};
template <class P> inline P bind(void* p) {
  if constexpr (metal::is_pointer_v<P>) {
    return (P)p;
  } else {
    return *(typename metal::remove_reference<P>::type*)p;
  }
}
template <class P, int I> inline P get(buffer_arg<I>, IngotMslThread* t) {
  return bind<P>(t->buffers[I]);
}
template <class P, int I> inline P get(threadgroup_arg<I>, IngotMslThread* t) {
  return bind<P>(t->threadgroup[I]);
}
template <class P, int B> inline P get(builtin_arg<B>, IngotMslThread* t) {
  typedef metal::remove_cv_t<typename metal::remove_reference<P>::type> V;
  const unsigned* v = t->builtin[B];
  if constexpr (metal::is_vec_v<V>) {
    V r;
    for (int i = 0; i < V::size; ++i) r[i] = (typename V::value_type)v[i];
    return r;
  } else {
    return (V)v[0];
  }
}
template <class F> struct function_arity;
template <class R, class... P> struct function_arity<R (*)(P...)> {
  static constexpr unsigned long value = sizeof...(P);
};
template <class... K, class R, class... P> inline void call(R (*f)(P...), IngotMslThread* t) {
  static_assert(sizeof...(K) == sizeof...(P), "a kernel parameter without binding");
  f(get<P>(K{}, t)...);
}
// The kernel's task for thread `t`, its lanes run as coroutines: its arguments (built-ins
// by value) live in this task's frame for as long as the kernel runs.
template <class... K, class... P>
inline lane<void> kernel_lane(lane<void> (*f)(P...), IngotMslThread* t) {
  co_await f(get<P>(K{}, t)...);
}
template <class... K, class F> inline void* start(F f, IngotMslThread* t) {
  static_assert(sizeof...(K) == function_arity<F>::value, "a kernel parameter without binding");
  lane<void> task = kernel_lane<K...>(f, t);
  task.frame.promise().thread = t;
  return task.release();
}
// Every thread of the group in turn (kernels that never synchronize).
template <class... K, class F> inline void run_group(F f, IngotMslThread* t) {
  const unsigned* n = t->builtin[ingot_threads_per_threadgroup];
  unsigned index = 0;
  for (unsigned z = 0; z < n[2]; ++z)
    for (unsigned y = 0; y < n[1]; ++y)
      for (unsigned x = 0; x < n[0]; ++x, ++index) {
        ingot_msl_place(t, x, y, z, index);
        call<K...>(f, t);
      }
}
// Adds a threadgroup array of a kernel to the kernel's static threadgroup bytes when the
// library is loaded.
template <int Kernel, int Index, unsigned long Bytes> struct threadgroup_array {
  static inline int counted = (ingot_msl_tg_bytes[Kernel] += (Bytes + 15) / 16 * 16, 0);
};
}  // namespace ingot_msl
#define INGOT_MSL_THREADGROUP(kernel, index, name) \
  (void)::ingot_msl::threadgroup_array<kernel, index, sizeof(name)>::counted;

// A function constant's value and whether the specialisation gives it one: macros the
// unit defines before the source (msl_library.cpp).
#define INGOT_MSL_FC_VALUE(name) ingot_msl_fc_value_##name
#define is_function_constant_defined(name) ingot_msl_fc_defined_##name

// MSL's address spaces and function qualifier: nothing in C++.
#define kernel
#define device
#define constant
#define threadgroup
#define threadgroup_imageblock
#define thread
)MSL";

// metal::'s synchronizing functions for fibers: each completes its call at once.
std::string completed_at_once() {
  std::string text = "namespace metal {\n";
  for (const std::string& name : msl_synchronizing_functions())
    text += fmt::format(
        "template <class... A> inline auto {0}(A... a) {{ return ingot_msl::co::{0}(a...).now(); "
        "}}\n",
        name);
  return text + "}  // namespace metal\n";
}

}  // namespace

const std::vector<std::string>& msl_synchronizing_functions() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all = {"threadgroup_barrier", "simdgroup_barrier"};
    for (const char* scope : {"simd_", "quad_"})
      for (const char* f : {"sum",
                            "product",
                            "and",
                            "or",
                            "xor",
                            "max",
                            "min",
                            "prefix_exclusive_sum",
                            "prefix_inclusive_sum",
                            "prefix_exclusive_product",
                            "prefix_inclusive_product",
                            "all",
                            "any",
                            "shuffle",
                            "broadcast",
                            "shuffle_xor",
                            "shuffle_down",
                            "shuffle_up",
                            "shuffle_rotate_down",
                            "shuffle_rotate_up",
                            "broadcast_first",
                            "is_first",
                            "ballot",
                            "active_threads_mask"})
        all.push_back(std::string(scope) + f);
    return all;
  }();
  return names;
}

std::string msl_header_sync() {
  return std::string(INGOT_STRINGIZE(INGOT_MSL_ABI)) + "\n" + kAtomics + msl_header_lanes() +
         kSimd + completed_at_once() + kEntries;
}

const std::string& msl_header() {
  static const std::string header = "#include <coroutine>\n#line 1 \"metal_stdlib\"\n" +
                                    msl_header_types() + msl_header_vectors() + msl_header_math() +
                                    msl_header_sync() + msl_header_matrix();
  return header;
}

}  // namespace ingot::metal_emulator
