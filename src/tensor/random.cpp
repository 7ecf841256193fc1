// Random numbers from a counter-based generator: each element's bits are a hash of its
// flat index and a per-call key, computed by kernels, so a seed gives the same numbers
// on every device and no generator state lives on the device. The key is a kernel input,
// not a constant of its source: one compiled kernel serves every call, and a replayed JIT
// capture draws a new key per call (engine::Recording::refill).
#include <atomic>
#include <cmath>

#include "engine/recording.hpp"
#include "ingot/error.hpp"
#include "tensor/frontend.hpp"

namespace ingot {
using namespace frontend;

namespace {

std::atomic<uint64_t> g_seed{0x5eed};
std::atomic<uint64_t> g_calls{0};

// The murmur3 finalizer, a bijective mix of 32-bit words.
Tensor mix32(const Tensor& x) {
  auto shr = [](const Tensor& t, int s) {
    return wrap(make_node(Op::Shr, DType::UInt32, t.shape(), t.device(),
                          {t.node(), constant(t.shape(), DType::UInt32, t.device(), s).node()}));
  };
  auto xor_ = [](const Tensor& a, const Tensor& b) {
    return wrap(make_node(Op::Xor, DType::UInt32, a.shape(), a.device(), {a.node(), b.node()}));
  };
  Tensor h = xor_(x, shr(x, 16));
  h = h * static_cast<double>(0x85ebca6bu);
  h = xor_(h, shr(h, 13));
  h = h * static_cast<double>(0xc2b2ae35u);
  return xor_(h, shr(h, 16));
}

uint64_t splitmix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// Writes the next call's key, drawn from the seed and the count of calls, as two words.
void write_key(Buffer& buffer) {
  uint64_t key = splitmix(g_seed.load() ^ splitmix(g_calls.fetch_add(1)));
  const uint32_t words[2] = {static_cast<uint32_t>(key), static_cast<uint32_t>(key >> 32)};
  buffer.copy_in(words, sizeof words);
}

// Uniform float32 in [0, 1) with 24 random bits per element.
Tensor uniform(const Shape& shape, const std::string& device) {
  for (int64_t d : shape)
    if (d < 0) throw ArgumentError("rand: negative dimension in shape " + shape_str(shape));
  Tensor key = Tensor::empty({2}, DType::UInt32, device);
  write_key(*key.node()->buffer);
  engine::Recording::refill(key.node()->buffer, write_key);
  Tensor counter = iota(shape, DType::UInt32, device);
  Tensor k1 = key.slice({Slice{0, 1}}).reshape({});
  Tensor k2 = key.slice({Slice{1, 2}}).reshape({});
  Tensor bits = mix32(mix32(counter + k1) + k2);
  Tensor top =
      wrap(make_node(Op::Shr, DType::UInt32, shape, bits.device(),
                     {bits.node(), constant(shape, DType::UInt32, bits.device(), 8).node()}));
  return cast(top, DType::Float32) * (1.0 / 16777216.0);
}

void check_float(DType dtype, const char* op) {
  if (!is_float(dtype))
    throw ArgumentError(std::string(op) + ": dtype must be a floating-point type, got " +
                        dtype_name(dtype));
}

}  // namespace

void Tensor::manual_seed(uint64_t seed) {
  g_seed = seed;
  g_calls = 0;
}

Tensor Tensor::rand(const Shape& shape, DType dtype, const std::string& device) {
  check_float(dtype, "rand");
  return cast(uniform(shape, device), dtype);
}

Tensor Tensor::randn(const Shape& shape, DType dtype, const std::string& device) {
  check_float(dtype, "randn");
  // Box-Muller; 1 - u lies in (0, 1], so the logarithm is finite.
  Tensor u1 = uniform(shape, device), u2 = uniform(shape, device);
  Tensor radius = ((1.0 - u1).log() * -2.0).sqrt();
  return cast(radius * (u2 * (2.0 * M_PI)).cos(), dtype);
}

Tensor Tensor::randint(int64_t low, int64_t high, const Shape& shape, DType dtype,
                       const std::string& device) {
  if (high <= low)
    throw ArgumentError("randint: high (" + std::to_string(high) + ") must be greater than low (" +
                        std::to_string(low) + ")");
  if (!is_int(dtype))
    throw ArgumentError(std::string("randint: dtype must be an integer type, got ") +
                        dtype_name(dtype));
  Tensor scaled =
      cast(uniform(shape, device), widest_float(device)) * static_cast<double>(high - low);
  Tensor offset =
      cast(scaled, DType::Int64)
          .minimum(constant({}, DType::Int64, device, static_cast<double>(high - low - 1)));
  return cast(offset + static_cast<double>(low), dtype);
}

}  // namespace ingot
