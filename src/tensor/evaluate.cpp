// Properties, realization and reading results back to the host.
#include <cstring>
#include <sstream>

#include "engine/realize.hpp"
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"
#include "tensor/frontend.hpp"

namespace ingot {
using namespace frontend;

namespace {

const LazyNode& checked(const std::shared_ptr<LazyNode>& n) {
  if (!n) throw ArgumentError("tensor: use of an undefined (default-constructed) Tensor");
  return *n;
}

// `t`, realized and contiguous: its node holds its buffer.
Tensor realized_contiguous(const Tensor& t) {
  Tensor c = t.contiguous();
  c.realize();
  return c;
}

}  // namespace

const Shape& Tensor::shape() const { return checked(node_).shape; }
DType Tensor::dtype() const { return checked(node_).dtype; }
int64_t Tensor::numel() const { return shape_numel(shape()); }
const std::string& Tensor::device() const { return checked(node_).device; }
int64_t Tensor::size(int axis) const {
  int a = normalize_axis(axis, ndim(), "size");
  if (ndim() == 0)
    throw ArgumentError("size: a 0-d tensor has no axis " + std::to_string(axis) + " (shape ())");
  return shape()[a];
}

Tensor& Tensor::realize() {
  checked(node_);
  engine::realize({node_});
  return *this;
}

void Tensor::realize_all(const std::vector<Tensor>& tensors) {
  std::vector<NodePtr> nodes;
  for (const Tensor& t : tensors) nodes.push_back(t.node());
  for (const auto& n : nodes) checked(n);
  engine::realize(nodes);
}

Tensor Tensor::contiguous() const {
  if (checked(node_).op == Op::Buffer) return *this;
  return wrap(make_node(Op::Contiguous, dtype(), shape(), device(), {node_}));
}

Tensor Tensor::to(const std::string& target) const {
  std::string name = device_name(target);
  if (name == device()) return *this;
  return wrap(make_node(Op::Copy, dtype(), shape(), name, {contiguous().node()}));
}

std::shared_ptr<Buffer> Tensor::buffer() const {
  Tensor c = realized_contiguous(*this);
  // A buffer handed out may be written (a DLPack consumer, a collective): what the host
  // knew of its values no longer holds.
  c.node()->known_range.reset();
  return c.node()->buffer;
}

void Tensor::read_all(void* dst, DType want) const {
  auto buf = realized_contiguous(*this).node()->buffer;
  size_t n = static_cast<size_t>(numel());
  if (want == dtype()) {
    if (n) buf->copy_out(dst, n * dtype_size(want));
    return;
  }
  std::vector<uint8_t> raw(n * dtype_size(dtype()));
  if (n) buf->copy_out(raw.data(), raw.size());
  for (size_t i = 0; i < n; ++i)
    store_from_double(dst, want, i, load_as_double(raw.data(), dtype(), i));
}

void Tensor::read_item(void* dst, DType want) const {
  if (numel() != 1)
    throw ArgumentError("item: the tensor has " + std::to_string(numel()) + " elements (shape " +
                        shape_str(shape()) + "); item needs exactly one");
  read_all(dst, want);
}

std::ostream& operator<<(std::ostream& os, const Tensor& t) { return os << t.to_string(); }

EngineStats engine_stats() { return engine::stats(); }

}  // namespace ingot
