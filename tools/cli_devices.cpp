// `ingot devices`: every device that opens, with the properties the optimizer reads.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <string>

#include "cli_commands.hpp"
#include "ingot/error.hpp"
#include "ingot/runtime.hpp"

namespace ingot::cli {
namespace {

std::string format_bytes(uint64_t bytes) {
  if (bytes == 0) return "-";
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  int unit = 0;
  while (value >= 1024 && unit < 4) {
    value /= 1024;
    ++unit;
  }
  return unit == 0 ? fmt::format("{} B", bytes) : fmt::format("{:.1f} {}", value, units[unit]);
}

std::string limits(const std::array<int64_t, 3>& values) {
  auto one = [](int64_t n) {
    return n == DeviceInfo::kUnlimited ? std::string("-") : std::to_string(n);
  };
  return fmt::format("{} x {} x {}", one(values[0]), one(values[1]), one(values[2]));
}

void print_row(const std::string& key, const std::string& value) {
  fmt::print("  {:<22} {}\n", key, value);
}

void print_device(const DeviceInfo& info, bool is_default) {
  fmt::print("{}{}\n", info.name, is_default ? "  (default)" : "");
  print_row("product", info.product);
  print_row("language", info.language);
  print_row("assembly",
            info.assembly.empty() ? "none" : fmt::format("{}", fmt::join(info.assembly, ", ")));
  print_row("kind", std::string(info.is_gpu ? "GPU" : "CPU") + (info.emulated ? ", emulated" : ""));
  print_row("compute units", std::to_string(info.compute_units));
  print_row("SIMD width", fmt::format("{} float32 lanes", info.simd_width));
  print_row("memory", format_bytes(info.memory_bytes));
  print_row("max buffer", format_bytes(info.max_buffer_bytes));
  if (info.threadgroups) {
    print_row("max threads per group", std::to_string(info.max_threads_per_group));
    print_row("max group size", limits(info.max_group_size));
    print_row("max groups", limits(info.max_groups));
  } else {
    print_row("threadgroups", "none (local is a grain of iterations)");
  }
  if (info.max_kernel_arguments != DeviceInfo::kUnlimited)
    print_row("max kernel arguments", std::to_string(info.max_kernel_arguments));
  print_row("local memory", format_bytes(static_cast<uint64_t>(info.local_memory_bytes)));
  for (const auto& [key, value] : info.extra) print_row(key, value);
}

}  // namespace

int list_devices() {
  std::vector<std::string> names = Device::available();
  if (names.empty()) throw Error("no device opens on this machine");
  std::string default_name = Device::default_name();
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) fmt::print("\n");
    print_device(Device::get(names[i]).info(), names[i] == default_name);
  }
  return 0;
}

}  // namespace ingot::cli
