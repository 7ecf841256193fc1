// Running sums and products along an axis. A row of up to kDirect elements is one
// reduction over a triangular mask (out[i] = the reduction of x[j] for j <= i, n^2 work,
// one fused kernel); a longer row is cut into blocks of kBlock, each block scanned that
// way, and the running total of the blocks' totals (a shorter scan, recursively) added
// to every block: about kBlock work per element and a few kernels.
#include "ingot/error.hpp"
#include "tensor/indexing.hpp"

namespace ingot {
using namespace frontend;

namespace {

constexpr int64_t kDirect = 256;
constexpr int64_t kBlock = 16;

struct ScanOp {
  bool product;
  double identity() const { return product ? 1 : 0; }
  Tensor reduce_last(const Tensor& t) const { return product ? t.prod({-1}) : t.sum({-1}); }
  Tensor combine(const Tensor& a, const Tensor& b) const { return product ? a * b : a + b; }
};

// The inclusive scan along the last axis of x, accumulated in `dt`.
Tensor scan_last(const Tensor& x, const ScanOp& op, DType dt) {
  int64_t n = x.shape().back();
  if (n <= kDirect) {
    Tensor fill = constant({}, dt, x.device(), op.identity());
    Tensor position = iota({n}, DType::Int32, x.device());
    Tensor after = Tensor::arange(1, static_cast<double>(n) + 1, 1, DType::Int32, x.device());
    // mask[i, j] = j < i + 1 (one comparison, which vector plans take; j <= i is a negated
    // one); x[..., j] broadcast over i, then cast (see one_hot_mask).
    Tensor mask = position.reshape({1, n}).lt(after.reshape({n, 1}));
    Shape square = x.shape();
    square.insert(square.end() - 1, n);
    return op.reduce_last(Tensor::where(mask, cast(x.unsqueeze(-2).expand(square), dt), fill));
  }
  int64_t blocks = (n + kBlock - 1) / kBlock;
  int last = x.ndim() - 1;
  // Only the last axis is sliced or padded; the leading ones stay whole.
  auto along_last = [&](Slice s) {
    std::vector<Slice> slices(last + 1, Slice{});
    slices.back() = s;
    return slices;
  };
  std::vector<std::pair<int64_t, int64_t>> pads(last + 1, {0, 0});
  pads.back() = {0, blocks * kBlock - n};
  Shape split = x.shape(), padded = x.shape();
  split.back() = blocks;
  split.push_back(kBlock);
  padded.back() = blocks * kBlock;
  Tensor inner = scan_last(x.pad(pads, op.identity()).reshape(split), op, dt);
  std::vector<Slice> last_of_block(last + 2, Slice{});
  last_of_block.back() = Slice{kBlock - 1, kBlock, 1};
  Tensor block_totals = inner.slice(last_of_block).squeeze(-1);
  // The running total before each block: the scan of the totals, shifted by one.
  pads.back() = {1, 0};
  Tensor before =
      scan_last(block_totals, op, dt).pad(pads, op.identity()).slice(along_last({0, blocks, 1}));
  // Combined block by block into a buffer of whole blocks, so that each block's running
  // total is one value for its lanes; the result is a view of it (the row's end sliced
  // off), as read through a reshape of a row it would be a division a lane (4096x1000 on
  // the CPU: 9 -> 2 ms).
  Tensor out = op.combine(inner, before.unsqueeze(-1)).contiguous().reshape(padded);
  return out.slice(along_last({0, n, 1}));
}

Tensor scan(const Tensor& t, int axis, const ScanOp& op, const char* name) {
  if (!t.defined()) throw ArgumentError(std::string(name) + ": undefined tensor operand");
  int a = normalize_axis(axis, t.ndim(), name);
  // Integers and bool accumulate in 64 bits, as in PyTorch's cumsum and cumprod.
  DType dt = accumulate_type(t.dtype());
  if (t.ndim() == 0 || t.numel() == 0) return t.astype(dt);
  int last = t.ndim() - 1;
  return move_axis(scan_last(move_axis(t, a, last), op, dt), last, a);
}

}  // namespace

Tensor Tensor::cumsum(int axis) const { return scan(*this, axis, {false}, "cumsum"); }
Tensor Tensor::cumprod(int axis) const { return scan(*this, axis, {true}, "cumprod"); }

}  // namespace ingot
