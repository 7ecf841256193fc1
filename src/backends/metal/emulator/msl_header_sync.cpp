// The MSL header, part 4: what threads share. Atomics are the compiler's __atomic
// builtins (groups run on several host threads at once). Barriers and SIMD-group
// functions are calls to await (ingot_msl::co): a SIMD-group call writes the lane's value
// to its slot of the simdgroup's exchange bank and tells the dispatcher through the
// thread's record (msl_abi.hpp); once every active lane did, the lane reads the slots it
// needs. A lane run as a coroutine awaits them (the source rewritten by msl_lanes.cpp); a
// fiber calls metal::'s, which switch to the group's other fibers until the call
// completes (those calls: msl_header_simd.cpp). Last, the entry glue the generated
// per-kernel entries use, and the MSL keywords C++ lacks.
#include <string>

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
// A threadgroup array a kernel declares: its place in the group's memory for declared
// arrays (IngotMslThread::declared), given when the library is loaded (the kernel's
// static threadgroup bytes grow by it), and the array there. Declared as a reference to
// it, in place of `static thread_local` storage: a dlopened library's thread-local block
// was seen to lose what a group wrote there (docs/testing.md).
template <int Kernel, int Index, unsigned long Bytes> struct threadgroup_array {
  static constexpr unsigned long size = (Bytes + 15) / 16 * 16;
  static inline unsigned long offset = (ingot_msl_tg_bytes[Kernel] += size) - size;
};
template <int Kernel, int Index, class T> inline T& declared_array(T&) {
  return *reinterpret_cast<T*>(current->declared +
                               threadgroup_array<Kernel, Index, sizeof(T)>::offset);
}
}  // namespace ingot_msl
#define INGOT_MSL_THREADGROUP(kernel, index, decl, name) \
  auto& name = ::ingot_msl::declared_array<kernel, index>(decl);

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

}  // namespace

std::string msl_header_sync() {
  return std::string(INGOT_STRINGIZE(INGOT_MSL_ABI)) + "\n" + kAtomics + msl_header_lanes() +
         msl_header_simd() + kEntries;
}

const std::string& msl_header() {
  static const std::string header = "#include <coroutine>\n#line 1 \"metal_stdlib\"\n" +
                                    msl_header_types() + msl_header_vectors() + msl_header_math() +
                                    msl_header_sync() + msl_header_matrix();
  return header;
}

}  // namespace ingot::metal_emulator
