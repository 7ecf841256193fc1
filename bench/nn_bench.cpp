// ingot::nn's convolutions and pools on one device: GFLOP/s of conv2d forward beside an
// ingot matmul of the same work (M = C_out, K = C_in / groups * kh * kw, N = batch *
// output pixels: what an im2col convolution would multiply), and the pools' GB/s. Each
// figure is the best of its rounds, inputs realized first, outputs realized in the round.
// --peers bench/nn_peers.py adds PyTorch's conv2d of every row (cuDNN on CUDA), measured
// in the same run: issue 14's comparison.
#include <fmt/format.h>

#include <functional>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "ingot/nn.hpp"
#include "ingot/runtime.hpp"
#include "peer_figures.hpp"
#include "timing.hpp"

namespace {

namespace nn = ingot::nn;
using ingot::Tensor;

struct ConvRow {
  std::string name;
  ingot::Shape x, w;
  int64_t stride, padding, groups;

  // The row as nn_peers.py reads it: "N,C,H,W:O,I,KH,KW:stride:pad:groups".
  std::string peer_key() const {
    return fmt::format("{}:{}:{}:{}:{}", fmt::join(x, ","), fmt::join(w, ","), stride, padding,
                       groups);
  }
};

struct ConvFigures {
  double seconds, flops, matmul_flops_per_second;
};

// A round ends when the device has finished: realize only queues the kernels on devices
// that run asynchronously (CUDA timed 0.08 ms for ResNet's 237 GFLOP convolution).
double seconds(int rounds, const std::string& device, const std::function<Tensor()>& make) {
  ingot::Device& dev = ingot::Device::get(device);
  auto round = [&] {
    make().realize();
    dev.synchronize();
  };
  round();  // compiled, and the allocator warm
  return ingot::timing::best_of(rounds, round);
}

}  // namespace

int main(int argc, char** argv) {
  ingot::tools::CommandLine app{"ingot::nn convolution and pooling throughput"};
  std::string device = "CPU";
  int rounds = 10;
  std::string dtype_name = "float32";
  bool large = false;
  std::string peers;
  app.option("--device", device, "device name");
  app.option("--dtype", dtype_name, "element type (float16 takes CUDA's matrix tiles)");
  app.flag("--large", large,
           "add issue 14's row: ResNet's 3x3, 256 channels, 56x56, batch 64 (for GPUs)");
  app.option("--rounds", rounds, "timed rounds per row (the best is kept)");
  app.option("--peers", peers, "nn_peers.py: PyTorch's conv2d of every row beside ingot's");
  if (std::optional<int> status = app.parse(argc, argv)) return *status;
  try {
    const ingot::DType dtype = ingot::dtype_from_name(dtype_name);
    std::vector<ConvRow> rows = {
        {"digits CNN conv1 3x3", {64, 1, 8, 8}, {16, 1, 3, 3}, 1, 1, 1},
        {"digits CNN conv2 3x3", {64, 16, 8, 8}, {32, 16, 3, 3}, 1, 1, 1},
        {"ResNet-like 3x3, 64 ch, 28x28", {8, 64, 28, 28}, {64, 64, 3, 3}, 1, 1, 1},
        {"3x3 stride 2, 64 -> 128 ch", {8, 64, 28, 28}, {128, 64, 3, 3}, 2, 1, 1},
        {"depthwise 3x3, 128 ch", {8, 128, 28, 28}, {128, 1, 3, 3}, 1, 1, 128},
        {"1x1, 256 -> 64 ch, 14x14 (matmul form)", {8, 256, 14, 14}, {64, 256, 1, 1}, 1, 0, 1},
    };
    if (large)
      rows.push_back(
          {"ResNet 3x3, 256 ch, 56x56, batch 64", {64, 256, 56, 56}, {256, 256, 3, 3}, 1, 1, 1});
    std::vector<ConvFigures> figures;
    for (const ConvRow& r : rows) {
      Tensor x = Tensor::rand(r.x, dtype, device).realize();
      Tensor w = Tensor::rand(r.w, dtype, device).realize();
      Tensor out = nn::conv2d(x, w, {}, r.stride, r.padding, 1, r.groups);
      const int64_t per_out = r.w[1] * r.w[2] * r.w[3];
      const int64_t pixels = out.numel() / r.w[0];  // batch * OH * OW
      const double t = seconds(
          rounds, device, [&] { return nn::conv2d(x, w, {}, r.stride, r.padding, 1, r.groups); });
      Tensor a = Tensor::rand({r.w[0], per_out}, dtype, device).realize();
      Tensor b = Tensor::rand({per_out, pixels}, dtype, device).realize();
      const double tm = seconds(rounds, device, [&] { return a.matmul(b); });
      // A grouped convolution's matmul does groups times the work of the convolution.
      figures.push_back({t, 2.0 * static_cast<double>(out.numel() * per_out),
                         2.0 * static_cast<double>(r.w[0] * per_out * pixels) / tm});
    }
    ingot::bench::PeerFigures torch;
    if (!peers.empty()) {
      std::vector<std::string> args = {dtype_name, std::to_string(rounds)};
      for (const ConvRow& r : rows) args.push_back(r.peer_key());
      torch = ingot::bench::run_peer_script(peers, args);
    }
    fmt::print("ingot::nn on {}, {} (best of {} rounds)\n\n", device, dtype_name, rounds);
    fmt::print(
        "| conv2d forward | ms | GFLOP/s | same-work matmul GFLOP/s | torch ms | torch/ingot "
        "|\n|---|---|---|---|---|---|\n");
    for (size_t i = 0; i < rows.size(); ++i) {
      const ConvFigures& f = figures[i];
      const auto peer = torch.find(rows[i].peer_key() + " ms");
      const std::string peer_columns =
          peer == torch.end()
              ? " | "
              : fmt::format("{:.3f} | {:.2f}", peer->second, peer->second / (f.seconds * 1e3));
      fmt::print("| {} | {:.3f} | {:.1f} | {:.1f} | {} |\n", rows[i].name, f.seconds * 1e3,
                 f.flops / f.seconds / 1e9, f.matmul_flops_per_second / 1e9, peer_columns);
    }
    fmt::print("\n| pool [8, 64, 56, 56] | ms | GB/s read |\n|---|---|---|\n");
    Tensor x = Tensor::rand({8, 64, 56, 56}, dtype, device).realize();
    const double bytes =
        static_cast<double>(x.numel() * static_cast<int64_t>(ingot::dtype_size(dtype)));
    const double tmax = seconds(rounds, device, [&] { return nn::max_pool2d(x, 3, 2, 1); });
    const double tavg = seconds(rounds, device, [&] { return nn::avg_pool2d(x, 2); });
    fmt::print("| max_pool2d 3x3 stride 2 pad 1 | {:.3f} | {:.1f} |\n", tmax * 1e3,
               bytes / tmax / 1e9);
    fmt::print("| avg_pool2d 2x2 | {:.3f} | {:.1f} |\n", tavg * 1e3, bytes / tavg / 1e9);
    return 0;
  } catch (const std::exception& e) {
    fmt::print(stderr, "ingot_nn_bench: {}\n", e.what());
    return 1;
  }
}
