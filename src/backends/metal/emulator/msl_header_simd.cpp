// The MSL header, part 4b (inside part 4, msl_header_sync.cpp, after the atomics and the
// lane task): the barriers and the SIMD-group and quad-group functions, each a call a lane
// awaits (ingot_msl::co), and metal::'s forms of them for lanes run as fibers.
#include <fmt/format.h>

#include "backends/metal/emulator/msl_internal.hpp"

namespace ingot::metal_emulator {
namespace {

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

std::string msl_header_simd() { return kSimd + completed_at_once(); }

}  // namespace ingot::metal_emulator
