// `ingot export`: writes one of the examples' functions (examples/transformer_block) as a
// C library (include/ingot/export.hpp), with an input and the JIT's result for it, for a
// program linking the library to check itself against (examples/aot).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <fstream>
#include <ingot/ingot.hpp>

#include "block.hpp"
#include "cli_commands.hpp"

namespace ingot::cli {
namespace {

void write_floats(const std::string& path, const std::vector<float>& values) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file.write(reinterpret_cast<const char*>(values.data()),
                  static_cast<std::streamsize>(values.size() * sizeof(float))))
    throw Error(fmt::format("ingot export: cannot write {}", path));
}

}  // namespace

int export_example(const ExportOptions& o) {
  const std::string device = o.device.empty() ? Device::default_name() : o.device;
  if (o.dim % o.heads != 0)
    throw ArgumentError(
        fmt::format("ingot export: --dim {} is not a multiple of --heads {}", o.dim, o.heads));
  Tensor::manual_seed(o.seed);
  transformer::Weights w = transformer::random_weights(o.dim, device);
  Jit::Function function;
  if (o.function == "mlp") {
    function = [w](const std::vector<Tensor>& in) {
      return std::vector<Tensor>{transformer::mlp(in[0], w.w1, w.w2)};
    };
  } else if (o.function == "transformer_block") {
    function = [w, heads = o.heads](const std::vector<Tensor>& in) {
      return std::vector<Tensor>{transformer::block(in[0], w, heads)};
    };
  } else {
    throw ArgumentError(fmt::format(
        "ingot export: no function '{}'; the functions are mlp and transformer_block", o.function));
  }
  Tensor x = Tensor::randn({o.seq, o.dim}, DType::Float32, device);
  const std::string name = o.name.empty() ? o.function : o.name;
  ExportedFunction exported =
      export_function(function, {x}, name, o.out_dir, device, {{"x"}, {"y"}});
  // The JIT's replay of the same function on the same input: what the library must give.
  Jit jitted = jit(function);
  jitted({x});
  Tensor y = jitted({x})[0];
  write_floats(o.out_dir + "/x.bin", x.to_vector<float>());
  write_floats(o.out_dir + "/y_expected.bin", y.to_vector<float>());
  fmt::print(
      "exported {} for {}: y = {}(x), x float32 [{}, {}]\n  {}\n  {}\n  x.bin and "
      "y_expected.bin: an input and the JIT's result for it\nlink with: {} {}\n",
      name, device, o.function, o.seq, o.dim, exported.header, exported.library, exported.library,
      fmt::join(exported.link_flags, " "));
  return 0;
}

}  // namespace ingot::cli
