// ingot::Tensor: a lazy, n-dimensional array. Operations build a graph; nothing runs
// until realize(), item(), to_vector() or printing. Every argument is validated here,
// once, and bad input throws ingot::Error naming the op, the shapes and what is valid.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "ingot/dtype.hpp"
#include "ingot/engine_stats.hpp"
#include "ingot/shape.hpp"

namespace ingot {

struct LazyNode;
class Buffer;
class ShardedTensor;  // include/ingot/sharded.hpp

// One axis of a slice: start, stop and step as in Python (negative counts from the end,
// nullopt means the whole extent in the step's direction). Unlike Python, a bound
// outside [-n, n] is an Error rather than clamped, so an off-by-one shows.
struct Slice {
  std::optional<int64_t> start;
  std::optional<int64_t> stop;
  int64_t step = 1;
};

class Tensor {
 public:
  Tensor() = default;
  explicit Tensor(std::shared_ptr<LazyNode> node) : node_(std::move(node)) {}

  // ---- creation ----
  // Copies `shape`'s element count of `dtype` elements from host memory.
  static Tensor from_data(const void* data, DType dtype, const Shape& shape,
                          const std::string& device = "");
  template <class T>
  static Tensor from_vector(const std::vector<T>& values, const Shape& shape,
                            const std::string& device = "") {
    check_count(values.size(), shape);
    if constexpr (std::is_same_v<T, bool>) {
      std::vector<uint8_t> bytes(values.begin(), values.end());
      return from_data(bytes.data(), DType::Bool, shape, device);
    } else {
      return from_data(values.data(), dtype_of<T>::value, shape, device);
    }
  }
  static Tensor scalar(double value, DType dtype = DType::Float32, const std::string& device = "");
  static Tensor zeros(const Shape& shape, DType dtype = DType::Float32,
                      const std::string& device = "");
  static Tensor ones(const Shape& shape, DType dtype = DType::Float32,
                     const std::string& device = "");
  static Tensor full(const Shape& shape, double value, DType dtype = DType::Float32,
                     const std::string& device = "");
  // Uninitialised memory of that shape (realized at once, contents undefined).
  static Tensor empty(const Shape& shape, DType dtype = DType::Float32,
                      const std::string& device = "");
  // [start, stop) in steps of `step`; the dtype defaults to int32 when all three are
  // integral, float32 otherwise.
  static Tensor arange(double start, double stop, double step = 1,
                       std::optional<DType> dtype = std::nullopt, const std::string& device = "");
  static Tensor arange(double stop) { return arange(0, stop); }
  static Tensor linspace(double start, double stop, int64_t steps, DType dtype = DType::Float32,
                         const std::string& device = "");
  static Tensor eye(int64_t n, std::optional<int64_t> m = std::nullopt,
                    DType dtype = DType::Float32, const std::string& device = "");
  Tensor zeros_like() const;
  Tensor ones_like() const;
  Tensor full_like(double value) const;
  Tensor empty_like() const;
  Tensor rand_like() const;
  Tensor randn_like() const;

  // Random numbers from a counter-based generator evaluated by kernels: the same seed
  // gives the same numbers on every device. Each call advances the global counter.
  static void manual_seed(uint64_t seed);
  static Tensor rand(const Shape& shape, DType dtype = DType::Float32,
                     const std::string& device = "");
  static Tensor randn(const Shape& shape, DType dtype = DType::Float32,
                      const std::string& device = "");
  // Integers uniform in [low, high).
  static Tensor randint(int64_t low, int64_t high, const Shape& shape, DType dtype = DType::Int32,
                        const std::string& device = "");

  // ---- properties ----
  const Shape& shape() const;
  DType dtype() const;
  int ndim() const { return static_cast<int>(shape().size()); }
  int64_t numel() const;
  int64_t size(int axis) const;
  const std::string& device() const;
  bool defined() const { return node_ != nullptr; }
  const std::shared_ptr<LazyNode>& node() const { return node_; }

  // ---- elementwise (broadcasting, dtype promotion) ----
  Tensor operator-() const { return neg(); }
  Tensor neg() const;
  Tensor abs() const;
  Tensor exp() const;
  Tensor exp2() const;
  Tensor log() const;
  Tensor log2() const;
  Tensor sqrt() const;
  Tensor rsqrt() const;
  Tensor sin() const;
  Tensor cos() const;
  Tensor tanh() const;
  Tensor sigmoid() const;
  Tensor relu() const;
  // The tanh approximation 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
  Tensor gelu() const;
  Tensor reciprocal() const;
  Tensor square() const;
  Tensor pow(const Tensor& exponent) const;
  Tensor pow(double exponent) const;
  Tensor maximum(const Tensor& other) const;
  Tensor minimum(const Tensor& other) const;
  Tensor clamp(std::optional<double> lo, std::optional<double> hi) const;
  static Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b);
  Tensor eq(const Tensor& o) const;
  Tensor ne(const Tensor& o) const;
  Tensor lt(const Tensor& o) const;
  Tensor le(const Tensor& o) const;
  Tensor gt(const Tensor& o) const;
  Tensor ge(const Tensor& o) const;
  Tensor logical_and(const Tensor& o) const;
  Tensor logical_or(const Tensor& o) const;
  Tensor logical_xor(const Tensor& o) const;
  Tensor logical_not() const;
  Tensor astype(DType dtype) const;
  // Reinterprets the bytes: the last axis scales by size(old)/size(new).
  Tensor bitcast(DType dtype) const;

  // ---- reductions; empty `axes` means all axes; negative axes count from the end ----
  Tensor sum(const std::vector<int>& axes = {}, bool keepdim = false) const;
  Tensor prod(const std::vector<int>& axes = {}, bool keepdim = false) const;
  Tensor max(const std::vector<int>& axes = {}, bool keepdim = false) const;
  Tensor min(const std::vector<int>& axes = {}, bool keepdim = false) const;
  Tensor mean(const std::vector<int>& axes = {}, bool keepdim = false) const;
  // correction = 1 gives the unbiased (Bessel) estimate, as PyTorch's default.
  Tensor var(const std::vector<int>& axes = {}, bool keepdim = false, int correction = 1) const;
  Tensor std(const std::vector<int>& axes = {}, bool keepdim = false, int correction = 1) const;
  // Index of the first maximum (minimum); over the flattened tensor when axis is nullopt.
  Tensor argmax(std::optional<int> axis = std::nullopt, bool keepdim = false) const;
  Tensor argmin(std::optional<int> axis = std::nullopt, bool keepdim = false) const;
  Tensor any(const std::vector<int>& axes = {}, bool keepdim = false) const;
  Tensor all(const std::vector<int>& axes = {}, bool keepdim = false) const;

  // ---- movement: views, no copies ----
  Tensor reshape(const Shape& shape) const;  // one entry may be -1
  Tensor permute(const std::vector<int>& order) const;
  Tensor transpose(int a = -2, int b = -1) const;
  Tensor T() const;                         // reverses all axes
  Tensor expand(const Shape& shape) const;  // -1 keeps an axis
  Tensor broadcast_to(const Shape& shape) const;
  // (before, after) per leading axis, in order; axes not listed are not padded.
  Tensor pad(const std::vector<std::pair<int64_t, int64_t>>& pads, double value = 0) const;
  Tensor slice(const std::vector<Slice>& slices) const;  // leading axes; others whole
  Tensor flip(const std::vector<int>& axes) const;
  Tensor squeeze(std::optional<int> axis = std::nullopt) const;
  Tensor unsqueeze(int axis) const;
  Tensor flatten(int start = 0, int end = -1) const;
  static Tensor cat(const std::vector<Tensor>& tensors, int axis = 0);
  static Tensor stack(const std::vector<Tensor>& tensors, int axis = 0);
  Tensor repeat(const std::vector<int64_t>& repeats) const;

  // ---- composite ----
  Tensor matmul(const Tensor& other) const;
  Tensor softmax(int axis = -1) const;
  Tensor log_softmax(int axis = -1) const;

  // ---- indexing ----
  // Lowered to comparisons against an index ramp and reductions (docs/indexing.md): no
  // host round trip, one fused kernel each, differentiable like any composite op. The
  // work is (result size) x (size of the indexed axis). Index tensors have an integer
  // dtype; an index out of range is an ArgumentError when the result is realized, naming
  // the op, the index, the axis and its valid range (nothing is computed from it).
  //
  // The elements along `axis` at the integer tensor `idx` of any shape (NumPy's take,
  // Python's x[idx]): the result has shape shape[:axis] + idx.shape + shape[axis+1:].
  // Negative indices count from the end.
  Tensor take(const Tensor& idx, int axis = 0) const;
  // PyTorch's gather: out[i][j][k] = x[i][idx[i][j][k]][k] for axis 1. idx has as many
  // axes as x and no larger sizes on the other axes; the result has idx's shape.
  // Negative indices are refused.
  Tensor gather(int axis, const Tensor& idx) const;
  // NumPy's take_along_axis: gather where idx and x broadcast on the other axes.
  Tensor take_along_axis(const Tensor& idx, int axis) const;
  // A copy of x with src[i][j][k] added at [i][idx[i][j][k]][k] (axis 1); repeated indices
  // accumulate. idx as for gather (no larger than src and x on the other axes).
  Tensor scatter_add(int axis, const Tensor& idx, const Tensor& src) const;
  // A copy of x with alpha * src's slice j along `axis` added at idx[j] (idx 1-d; src is
  // x's shape with idx's length on `axis`).
  Tensor index_add(int axis, const Tensor& idx, const Tensor& src, double alpha = 1) const;
  // For integer class labels: int64 of shape shape + [num_classes], 1 at each label.
  Tensor one_hot(int64_t num_classes) const;
  // Running sums and products along `axis` (integers and bool accumulate in 64 bits).
  Tensor cumsum(int axis) const;
  Tensor cumprod(int axis) const;
  // Sorted along `axis`: the values and their int64 positions in x. Stable (equal values
  // keep their order); NaN sorts above every number, so first when descending.
  std::pair<Tensor, Tensor> sort(int axis = -1, bool descending = false) const;
  Tensor argsort(int axis = -1, bool descending = false) const;
  // The k largest (smallest) along `axis`, sorted, with their int64 positions.
  std::pair<Tensor, Tensor> topk(int64_t k, int axis = -1, bool largest = true) const;

  // ---- evaluation ----
  Tensor& realize();
  static void realize_all(const std::vector<Tensor>& tensors);
  Tensor contiguous() const;
  Tensor to(const std::string& device) const;
  // Split along `axis` over `devices`, or a copy on each (include/ingot/sharded.hpp,
  // docs/multi-gpu.md).
  ShardedTensor shard(const std::vector<std::string>& devices, int axis) const;
  ShardedTensor replicate(const std::vector<std::string>& devices) const;
  template <class T>
  T item() const {
    T out{};
    read_item(&out, dtype_of<T>::value);
    return out;
  }
  template <class T>
  std::vector<T> to_vector() const {
    std::vector<T> out(static_cast<size_t>(numel()));
    if constexpr (std::is_same_v<T, bool>) {
      std::vector<uint8_t> bytes(out.size());
      read_all(bytes.data(), DType::Bool);
      for (size_t i = 0; i < out.size(); ++i) out[i] = bytes[i] != 0;
    } else {
      read_all(out.data(), dtype_of<T>::value);
    }
    return out;
  }
  // Copies the elements, converted to `dtype`, into `dst` (numel() elements).
  void read_all(void* dst, DType dtype) const;
  // NumPy-style text, truncated with "..." beyond 1000 elements.
  std::string to_string() const;

  // The realized buffer (realizing first); contiguous.
  std::shared_ptr<Buffer> buffer() const;

  // ---- autograd (docs/autograd.md) ----
  // Marks a leaf (a tensor not computed from tensors that require grad) so that
  // backward() accumulates its gradient. Only floating-point tensors can require grad.
  Tensor& requires_grad_(bool on = true);
  bool requires_grad() const;
  // The gradient backward() accumulated into this leaf; undefined when there is none.
  Tensor grad() const;
  // Replaces a leaf's accumulated gradient (an undefined tensor clears it).
  void set_grad(const Tensor& grad);
  // Reverse mode: adds d(this)/d(leaf), weighted by `grad` (ones when omitted, which only
  // a one-element tensor may do), to every leaf's grad(). The backward graph is lazy
  // tensors too; the leaves' gradients are realized together at the end. It releases the
  // records of the graph it went through, so a second backward through them is an Error,
  // unless the first was given retain_graph = true.
  void backward(const Tensor& grad = Tensor(), bool retain_graph = false) const;
  // The same values, cut off from the graph: no gradient flows through the result.
  Tensor detach() const;
  // Overwrites this tensor's values with `value` (same shape, dtype and device), realized
  // now: every copy of this Tensor sees them, its requires_grad and grad stay (the way an
  // optimizer updates a parameter). Lazy tensors built from it and not yet realized read
  // the new values. A tensor computed from tensors that require grad cannot be assigned.
  Tensor& assign(const Tensor& value);

 private:
  static void check_count(size_t count, const Shape& shape);
  void read_item(void* dst, DType dtype) const;
  std::shared_ptr<LazyNode> node_;
};

// While one lives, tensors built on this thread record no gradients (as PyTorch's
// torch.no_grad()): for evaluation and for updating parameters.
class NoGrad {
 public:
  NoGrad();
  ~NoGrad();
  NoGrad(const NoGrad&) = delete;
  NoGrad& operator=(const NoGrad&) = delete;

 private:
  bool previous_;
};
// Whether tensors built on this thread now record gradients, and switching that for good
// (NoGrad switches it for a scope).
bool is_grad_enabled();
void set_grad_enabled(bool on);

// A composite op's own gradient, as torch.autograd.Function's backward: a tensor of
// `value`'s values whose gradient flows to `inputs` through `backward` (given the output's
// gradient, one gradient per input, of its shape and dtype, or undefined for none) instead
// of through the ops that computed `value`, which should be built under NoGrad. Where
// gradients are off or no input requires one, `value` itself.
using GradientFunction = std::function<std::vector<Tensor>(const Tensor& grad)>;
Tensor with_gradient(const Tensor& value, const std::vector<Tensor>& inputs,
                     GradientFunction backward);

Tensor operator+(const Tensor& a, const Tensor& b);
Tensor operator-(const Tensor& a, const Tensor& b);
Tensor operator*(const Tensor& a, const Tensor& b);
Tensor operator/(const Tensor& a, const Tensor& b);
Tensor operator+(const Tensor& a, double b);
Tensor operator-(const Tensor& a, double b);
Tensor operator*(const Tensor& a, double b);
Tensor operator/(const Tensor& a, double b);
Tensor operator+(double a, const Tensor& b);
Tensor operator-(double a, const Tensor& b);
Tensor operator*(double a, const Tensor& b);
Tensor operator/(double a, const Tensor& b);
std::ostream& operator<<(std::ostream& os, const Tensor& t);

// Rows of `weight` [num, dim] at the integer tensor `idx`: shape idx.shape + [dim].
// Negative indices are refused (as PyTorch's embedding).
Tensor embedding(const Tensor& weight, const Tensor& idx);

}  // namespace ingot
