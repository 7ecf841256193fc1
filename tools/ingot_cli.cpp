// `ingot`: lists devices and runs a checked demo (tools/cli_commands.hpp).
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <exception>
#include <new>

#include "cli_commands.hpp"
#include "ingot/error.hpp"

int main(int argc, char** argv) {
  CLI::App app{"ingot: a lazy tensor compiler and runtime"};
  app.set_version_flag("--version", "ingot " INGOT_VERSION);
  app.require_subcommand(1);
  app.footer("Exit status: 0 success, 1 error or bad usage, 2 a demo check failed.");

  CLI::App* devices = app.add_subcommand("devices", "List the devices that open here");
  CLI::App* demo =
      app.add_subcommand("demo", "Time and check a 1 GiB sum and a 1024^3 matmul on a device");
  std::string device;
  demo->add_option("--device", device, "Device name, e.g. CPU (default: DEV, else the fastest)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end parsing with status 0; a usage error is a plain error.
    return app.exit(e) == 0 ? 0 : 1;
  }
  try {
    if (*devices) return ingot::cli::list_devices();
    return ingot::cli::run_demo(device);
  } catch (const ingot::Error& e) {
    fmt::print(stderr, "error: {}\n", e.what());
  } catch (const std::bad_alloc&) {
    fmt::print(stderr, "error: out of host memory\n");
  } catch (const std::exception& e) {
    // Not an ingot::Error: a bug in ingot rather than bad input, but still no crash.
    fmt::print(stderr, "internal error: {}\n", e.what());
  }
  return 1;
}
