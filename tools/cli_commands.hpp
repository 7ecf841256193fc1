// The subcommands of the `ingot` CLI. Each returns the process exit status; ingot::Error
// propagates to main, which prints it.
#pragma once

#include <string>

namespace ingot::cli {

// Exit status of a subcommand whose result check failed (errors exit with 1).
inline constexpr int kCheckFailed = 2;

// Lists every device that opens, with its properties, marking the default.
int list_devices();

// Times a 1 GiB float32 sum and a float32 matmul on `device` ("" is the default device)
// and checks both against exact or float64 host results.
int run_demo(const std::string& device);

}  // namespace ingot::cli
