// Renders a fixed set of kernels in every language ingot speaks, for a fixed device
// description per language, so that a change in codegen or a renderer shows up as a
// reviewable diff of tests/snapshots/. `--check DIR` compares with the files there (a
// CTest test runs it); `--update DIR` rewrites them; `--prelude LANGUAGE` prints what every
// kernel of that language is rendered after.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "backends/metal/emulator/msl_engine.hpp"
#include "codegen/lower.hpp"
#include "engine/realize.hpp"
#include "ingot/error.hpp"
#include "ingot/tensor.hpp"
#include "render/language.hpp"
#include "schedule/kernel_description.hpp"
#include "schedule/schedule.hpp"

namespace {

using ingot::DType;
using ingot::Tensor;

struct Target {
  std::string extension;
  ingot::DeviceInfo device;             // what the optimizer sees: fixed, not this machine's
  std::vector<std::string> cases = {};  // the cases rendered for it; every one where empty
};

std::vector<Target> targets() {
  ingot::DeviceInfo cpu{.name = "CPU", .language = "c", .compute_units = 2, .simd_width = 16};
  ingot::DeviceInfo gpu{.name = "GPU",
                        .language = "opencl",
                        .is_gpu = true,
                        .compute_units = 16,
                        .threadgroups = true,
                        .max_threads_per_group = 256,
                        .local_memory_bytes = 32 << 10,
                        .simd_width = 4,
                        .staged_matmul = true};
  ingot::DeviceInfo cuda{.name = "CUDA",
                         .language = "cuda",
                         .is_gpu = true,
                         .compute_units = 132,
                         .threadgroups = true,
                         .max_threads_per_group = 1024,
                         .local_memory_bytes = 48 << 10,
                         .simd_width = 4,
                         .vector_halves = true,
                         .shuffle_width = 32,
                         .matrix_tile = 16,
                         .matrix_dtypes = {DType::Float16, DType::BFloat16},
                         .staged_matmul = true};
  // An Apple GPU (M-series): 1024 threads and 32 KiB of threadgroup memory per group,
  // float4 vectors.
  ingot::DeviceInfo metal{.name = "METAL",
                          .language = "metal",
                          .is_gpu = true,
                          .compute_units = 10,
                          .threadgroups = true,
                          .max_threads_per_group = 1024,
                          .local_memory_bytes = 32 << 10,
                          .simd_width = 4,
                          .shuffle_width = 32,
                          .matrix_tile = 8,
                          .matrix_dtypes = {DType::Float32, DType::Float16}};
  // An H100 (compute capability 9.0): warpgroup products, 227 KiB of dynamic shared memory.
  ingot::DeviceInfo hopper = cuda;
  hopper.warpgroup_matmul = true;
  hopper.dynamic_local_memory_bytes = 227 << 10;
  return {{"c", cpu},
          {"cl", gpu},
          {"cu", cuda},
          {"metal", metal},
          {"hopper.cu", hopper, {"matmul_hopper"}}};
}

// Inputs live on the CPU, realized, so each case's kernels read buffers.
Tensor input(const ingot::Shape& shape, DType dtype = DType::Float32) {
  return Tensor::empty(shape, dtype, "CPU");
}

// Indices made on the host, whose range the host knows: the cases show the read alone.
Tensor indices(const ingot::Shape& shape) {
  return Tensor::from_vector(std::vector<int32_t>(static_cast<size_t>(ingot::shape_numel(shape))),
                             shape, "CPU");
}

struct Case {
  std::string name;
  std::function<Tensor()> build;
};

const std::vector<Case> kCases = {
    {"elementwise",
     [] {
       return (input({256, 1024}) + input({256, 1024})) * input({1024});
     }},
    // 16-bit floats in vectors where the language loads and stores them (C, CUDA): swiglu's
    // gate in float16.
    {"elementwise_f16",
     [] {
       Tensor a = input({256, 1024}, DType::Float16);
       return a * a.sigmoid() * input({256, 1024}, DType::Float16);
     }},
    {"row_sum",
     [] {
       return input({64, 4000}).sum({1});
     }},
    {"full_sum", [] { return input({1 << 20}).sum(); }},
    // Few outputs: float32 blocks of 64 x 64 (STAGE(64,8x4)) where the language stages them.
    {"matmul",
     [] {
       return input({64, 128}).matmul(input({128, 96}));
     }},
    // Many blocks, staged through threadgroup memory where the language renders it: float32
    // register tiles keep blocks of 64 x 64 (STAGE(64,8x4)) however many there are.
    {"matmul_staged",
     [] {
       return input({2304, 64}).matmul(input({64, 2048}));
     }},
    // Output rows that are not whole vectors (131 columns): a block's sums go through
    // threadgroup memory, then consecutive threads store consecutive elements.
    {"matmul_staged_odd",
     [] {
       return input({130, 37}).matmul(input({37, 131}));
     }},
    {"matmul_f16_staged",
     [] {
       return input({128, 64}, DType::Float16).matmul(input({128, 64}, DType::Float16).T());
     }},
    {"softmax",
     [] {
       return input({32, 1000}).softmax(1);
     }},
    // Reads at indices (Take): a row of a table per token (vectors along the row), and
    // elements along the rows (one element a lane).
    {"embedding",
     [] {
       return ingot::embedding(input({1000, 512}), indices({8, 64}));
     }},
    {"take_along_axis",
     [] {
       return input({256, 1000}).take_along_axis(indices({256, 64}), 1);
     }},
    // A scan in blocks: on GPUs each thread sums 8 outputs of a block's triangle, which
    // share their loads (rows enough for four waves of threads on the H100).
    {"cumsum",
     [] {
       return input({4096, 1000}).cumsum(1);
     }},
    // A convolution's input padded and read channels last: on GPUs through threadgroup
    // tiles of 32 x 32 (TRANSPOSE), the last tile along the padded rows overlapping the one
    // before.
    {"channels_last_pad",
     [] {
       return input({8, 64, 56, 56}, DType::Float16)
           .pad({{0, 0}, {0, 0}, {1, 1}, {1, 1}})
           .permute({0, 2, 3, 1})
           .contiguous();
     }},
    // WGMMA on Hopper: a bias and gelu riding in the stores, rows past a block's edge.
    {"matmul_hopper",
     [] {
       Tensor x = input({200, 128}, DType::Float16), w = input({128, 256}, DType::Float16);
       return (x.matmul(w) + input({256}, DType::Float16)).gelu();
     }},
};

// MSL has no compiler here but the emulated Metal's: every Metal kernel is compiled with
// it, so a snapshot is known to be MSL the engine accepts.
void check_compiles(const Target& target, const std::string& source, const std::string& name) {
  if (target.device.language != "metal") return;
  if (!ingot::metal_emulator::MslLibrary::compile(source, false)->function(name))
    throw ingot::Error("the emulated Metal compiled the snapshot's kernel '" + name +
                       "' but does not find it as a kernel function");
}

// The case's kernels in the target's language, without the prelude. Each kernel is run
// on the CPU after it is rendered, so that the next one reads its output as a buffer.
std::string render_case(const Case& c, const Target& target) {
  const auto& lang = ingot::render::language(target.device.language);
  Tensor out = c.build();
  std::string text;
  for (const auto& item : ingot::engine::schedule({out.node()})) {
    auto lowered =
        ingot::codegen::lower(ingot::engine::describe_kernel(item.out).ast, target.device,
                              /*noopt=*/false);
    std::string source = ingot::render::render(lowered.kernel, lang);
    check_compiles(target, source, lowered.kernel.name);
    text += "// " + lowered.kernel.name + ": " + lowered.kernel.opts + "\n" +
            source.substr(lang.prelude.size()) + "\n";
    ingot::engine::realize({item.out});
  }
  return text;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

int check_or_update(const std::filesystem::path& dir, bool update) {
  int differing = 0;
  for (const Target& target : targets()) {
    for (const Case& c : kCases) {
      if (!target.cases.empty() &&
          std::find(target.cases.begin(), target.cases.end(), c.name) == target.cases.end())
        continue;
      std::filesystem::path path = dir / (c.name + "." + target.extension);
      std::string text = render_case(c, target);
      if (update) {
        std::filesystem::create_directories(dir);
        std::ofstream(path) << text;
      } else if (read_file(path) != text) {
        std::cerr << path.string() << ": differs from the generated source\n";
        ++differing;
      }
    }
  }
  if (differing)
    std::cerr << "review the change, then run: ingot_snapshots --update " << dir.string() << "\n";
  return differing ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc == 3 ? argv[1] : "";
  if (mode != "--check" && mode != "--update" && mode != "--prelude") {
    std::cerr << "usage: ingot_snapshots --check | --update DIR, or --prelude LANGUAGE\n";
    return 1;
  }
  try {
    // The snapshots hold kernels without their prelude; a compiler wants both
    // (scripts/check_cuda_snapshots.sh).
    if (mode == "--prelude") {
      std::cout << ingot::render::language(argv[2]).prelude;
      return 0;
    }
    return check_or_update(argv[2], mode == "--update");
  } catch (const ingot::Error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
